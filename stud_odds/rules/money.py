"""Amounts of money (docs/rules.md): parsed exactly as :class:`~decimal.Decimal`, and shown.

Shared by bet limits (:mod:`stud_odds.rules.limits`) and pot splits
(:mod:`stud_odds.rules.split`); chips are counted as ints.
"""

from __future__ import annotations

import re
from decimal import Decimal

from stud_odds.rules.common import RulesError

CENT = Decimal("0.01")
_NUMBER = r"(\d+(?:\.\d+)?|\.\d+)"
_CURRENCY = r"([$€£]?)"
AMOUNT = _CURRENCY + _NUMBER  # a regular expression: groups currency symbol, number
_MONEY = re.compile(AMOUNT)


def format_money(amount: Decimal, currency: str = "") -> str:
    """``$2``, ``$0.50``, ``0.125``: whole amounts bare, others with at least two places."""
    if amount == amount.to_integral_value():
        text = f"{amount:.0f}"
    elif amount == amount.quantize(CENT):
        text = f"{amount:.2f}"
    else:
        text = f"{amount.normalize():f}"
    return currency + text


def one_currency(*symbols: str) -> str:
    used = {symbol for symbol in symbols if symbol}
    if len(used) > 1:
        raise RulesError(f"the amounts mix currencies ({' and '.join(sorted(used))})")
    return used.pop() if used else ""


def parse_money(value: Decimal | int | str, what: str) -> tuple[Decimal, str]:
    """A positive amount and its currency symbol: ``"$12.50"`` -> ``(Decimal("12.50"), "$")``.

    ``what`` names the amount in the error message (``the pot``).  Floats are refused:
    binary fractions cannot hold most amounts of money exactly.
    """
    if isinstance(value, float):
        raise RulesError(f"give {what} as a string or Decimal, not the float {value!r}")
    if isinstance(value, int | Decimal):
        amount, currency = Decimal(value), ""
    else:
        match = _MONEY.fullmatch(value.strip())
        if not match:
            raise RulesError(f"'{value}' is not an amount for {what}: write it like 12 or "
                             "$12.50")
        currency, amount = match[1], Decimal(match[2])
    if not amount.is_finite() or amount <= 0:
        raise RulesError(f"{what} must be more than nothing, not {value}")
    return amount, currency
