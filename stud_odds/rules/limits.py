"""Fixed-limit stakes and what may be bet on each street (docs/rules.md)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import ROUND_DOWN, Decimal
from typing import Any

from stud_odds.games import Game, parse_game
from stud_odds.rules.common import RulesError
from stud_odds.rules.money import AMOUNT, CENT, format_money, one_currency, parse_money
from stud_odds.scenario import STREET_NAMES, street_name

DEFAULT_MAX_RAISES = 3
BRING_IN_RULES = {"half": Decimal("0.5"), "quarter": Decimal("0.25")}
_BRING_IN_WORDS = {"half": "half the small bet", "quarter": "a quarter of the small bet"}
_STAKES = re.compile(AMOUNT + "/" + AMOUNT)


@dataclass(frozen=True)
class Stakes:
    """Fixed-limit stakes: the small bet and the big bet (``$2/$4``)."""

    small: Decimal
    big: Decimal
    currency: str = ""

    def money(self, amount: Decimal) -> str:
        return format_money(amount, self.currency)

    def __str__(self) -> str:
        return f"{self.money(self.small)}/{self.money(self.big)}"


def parse_stakes(text: str) -> Stakes:
    """``2/4``, ``$2/$4``, ``$0.50/$1``: the small bet, a slash, the big bet."""
    match = _STAKES.fullmatch(text.replace(" ", ""))
    if not match:
        raise RulesError(f"'{text}' is not a stakes format: write the small bet and the big "
                         "bet with a slash, like 2/4 or $0.50/$1")
    currency = one_currency(match[1], match[3])
    small, big = Decimal(match[2]), Decimal(match[4])
    if small <= 0:
        raise RulesError(f"the small bet in '{text}' must be more than nothing")
    if big < small:
        raise RulesError(f"the big bet in '{text}' is smaller than the small bet")
    return Stakes(small, big, currency)


@dataclass(frozen=True)
class BetLimits:
    """What may be bet on one street: bet and raise size, bring-in, open pair, cap."""

    game: Game
    stakes: Stakes
    street: int
    bet: Decimal
    big_bet_allowed: bool
    bring_in: Decimal | None
    completion: Decimal | None
    max_raises: int | None
    cap: Decimal | None
    reason: str

    def to_dict(self) -> dict[str, Any]:
        def money(amount: Decimal | None) -> str | None:
            return None if amount is None else format_money(amount)

        return {
            "game": self.game.value, "stakes": str(self.stakes), "street": self.street,
            "bet": money(self.bet), "big_bet_allowed": self.big_bet_allowed,
            "bring_in": money(self.bring_in), "completion": money(self.completion),
            "max_raises": self.max_raises, "cap": money(self.cap), "reason": self.reason,
        }


def _bring_in_amount(
    stakes: Stakes, given: Decimal | int | str | None, rule: str
) -> tuple[Decimal, str]:
    """The bring-in and how it was set: given, or a fraction of the small bet, cents down."""
    if given is not None:
        amount, currency = parse_money(given, "the bring-in")
        one_currency(currency, stakes.currency)
        how = "as given"
    else:
        if rule not in BRING_IN_RULES:
            raise RulesError(f"'{rule}' is not a bring-in rule: use "
                             f"{' or '.join(BRING_IN_RULES)} (of the small bet)")
        amount = (stakes.small * BRING_IN_RULES[rule]).quantize(CENT, rounding=ROUND_DOWN)
        how = _BRING_IN_WORDS[rule]
        if amount == 0:
            raise RulesError(f"{how} rounds down to nothing at {stakes}: give the bring-in")
    if amount >= stakes.small:
        raise RulesError(f"the bring-in ({stakes.money(amount)}) must be less than the small "
                         f"bet ({stakes.money(stakes.small)})")
    return amount, how


def _check_round(street: int, open_pair: bool, max_raises: int) -> None:
    """A street that exists, an open pair only on fourth street, at least one raise."""
    if street not in STREET_NAMES:
        raise RulesError(f"street {street} does not exist: stud streets run from 3 (third) "
                         "to 7 (seventh)")
    if open_pair and street != 4:
        raise RulesError(f"an open pair changes the bet only on fourth street, not on "
                         f"{street_name(street)}")
    if isinstance(max_raises, bool) or not isinstance(max_raises, int) or max_raises < 1:
        raise RulesError(f"a betting round allows at least one raise, not {max_raises!r}")


def bet_limits(
    stakes: Stakes | str,
    game: Game | str = Game.STUD,
    street: int = 3,
    *,
    bring_in: Decimal | int | str | None = None,
    bring_in_rule: str = "half",
    open_pair: bool = False,
    max_raises: int = DEFAULT_MAX_RAISES,
    heads_up_uncapped: bool = False,
) -> BetLimits:
    """Bet sizes on one street of fixed-limit stud.

    Third and fourth street go in small bets, fifth to seventh in big bets.  Third street
    has the bring-in (``bring_in``, or ``bring_in_rule`` ``half``/``quarter`` of the small
    bet, rounded down to the cent) and the completion to the small bet.  ``open_pair``: a
    pair shows on fourth street, which allows the big bet in stud high only.  A round
    allows a bet (or completion) and ``max_raises`` raises; ``heads_up_uncapped``: the round
    began heads-up in a room that lifts the cap then.
    """
    game = parse_game(game)
    if isinstance(stakes, str):
        stakes = parse_stakes(stakes)
    _check_round(street, open_pair, max_raises)
    name = street_name(street)
    bet = stakes.small if street <= 4 else stakes.big
    size = "small" if street <= 4 else "big"
    sentences = [f"{name}: bets and raises are {stakes.money(bet)}, the {size} bet"]
    entry = "a bet"
    bring_in_amount = completion = None
    if street == 3:
        bring_in_amount, how = _bring_in_amount(stakes, bring_in, bring_in_rule)
        completion = stakes.small
        entry = "the completion"
        sentences.append(f"the bring-in is {stakes.money(bring_in_amount)} ({how}) and may be "
                         f"completed to {stakes.money(completion)}")
    elif bring_in is not None:
        raise RulesError(f"the bring-in is posted on third street, not on {name}")

    big_bet_allowed = open_pair and game is Game.STUD
    largest = stakes.big if big_bet_allowed else bet
    if big_bet_allowed:
        sentences.append(f"an open pair shows, so any player may bet or raise "
                         f"{stakes.money(stakes.big)}, and once that is bet the round goes "
                         f"in {stakes.money(stakes.big)} steps")
    elif open_pair:
        sentences.append(f"{game.title} has no open-pair rule, so fourth street stays at the "
                         "small bet")

    if heads_up_uncapped:
        raises = cap = None
        sentences.append("raises are not capped, since the round began heads-up")
    else:
        raises = max_raises
        cap = largest * (1 + raises)
        sentences.append(f"{entry} and {raises} raises cap the round at {stakes.money(cap)} "
                         "a player")
    return BetLimits(game, stakes, street, bet, big_bet_allowed, bring_in_amount, completion,
                     raises, cap, "; ".join(sentences))

