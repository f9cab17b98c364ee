"""What a hand's money is, as the database stores and shows it.

PokerStars writes one currency several ways: "($0.04/$0.08 USD)", "($0.04/$0.08)"
and "(Razz Limit, $0.10/$0.20)" are all US dollars.  The parser keeps what the
header says ("USD", "$"); the database folds each spelling into the currency's
code, so a player's net is one figure per kind of money.  Money that is not a
currency stays apart: tournament chips (every hand of a tournament) and play
money (a cash table with no currency).
"""

from __future__ import annotations

TOURNAMENT_CHIPS = "tournament chips"
PLAY_MONEY = "play money"

# the currency symbols PokerStars writes before an amount, by the code it writes after one
SYMBOLS = {"USD": "$", "EUR": "€", "GBP": "£"}
_CODES = {symbol: code for code, symbol in SYMBOLS.items()}


def unit_order(unit: str) -> tuple[int, str]:
    """A sort key putting money first, then tournament chips, then play money."""
    return ({TOURNAMENT_CHIPS: 1, PLAY_MONEY: 2}.get(unit, 0), unit)


def currency_code(unit: str) -> str:
    """A currency as its code: ``$`` is ``USD`` (``€`` EUR, ``£`` GBP); any other unit as
    it is."""
    return _CODES.get(unit, unit)


def stored_unit(unit: str, tournament: str | None) -> str:
    """The unit a hand is stored in: a currency's code ("USD" for "$" and "USD"),
    ``tournament chips`` or ``play money``."""
    if tournament:
        return TOURNAMENT_CHIPS
    if unit == "chips":
        return PLAY_MONEY
    return currency_code(unit)


def money_text(value: float, unit: str, signed: bool = True, named: bool = True) -> str:
    """An amount as a player reads it: ``+$22.50``, ``-€1.05``, ``+28 play money``,
    ``-405 tournament chips`` (hundredths shown only where there are some; ``named``
    False: chips without their unit's name, where a label says it)."""
    sign = ("+" if value >= 0 else "-") if signed else ("-" if value < 0 else "")
    size = abs(value)
    if unit in SYMBOLS:
        return f"{sign}{SYMBOLS[unit]}{size:,.2f}"
    number = f"{size:,.0f}" if size == int(size) else f"{size:,.2f}"
    if not named and unit in (TOURNAMENT_CHIPS, PLAY_MONEY):
        return f"{sign}{number}"
    return f"{sign}{number} {unit}"  # chips, or a currency with no symbol here: its code


# version 3 of the schema: the units of a file written before, folded as stored_unit folds
# them (player_days is summed again from the hands: its rows are keyed by unit)
FOLD_UNITS = (
    f"UPDATE hands SET unit = '{TOURNAMENT_CHIPS}' WHERE tournament IS NOT NULL "
    f"AND tournament != '';\n"
    f"UPDATE hands SET unit = '{PLAY_MONEY}' WHERE unit = 'chips';\n"
    + "".join(f"UPDATE hands SET unit = '{code}' WHERE unit = '{symbol}';\n"
              for code, symbol in SYMBOLS.items()))

__all__ = ["FOLD_UNITS", "PLAY_MONEY", "SYMBOLS", "TOURNAMENT_CHIPS", "currency_code",
           "money_text", "stored_unit", "unit_order"]
