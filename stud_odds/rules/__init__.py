"""Table rules (docs/rules.md): bring-in, first to act, bet limits, chip splits, showdown order.

One module per topic:

- :mod:`~stud_odds.rules.bring_in`: who posts the bring-in on third street.
- :mod:`~stud_odds.rules.acting`: who acts first on fourth to seventh street.
- :mod:`~stud_odds.rules.showdown`: who shows first at the showdown, and the order after.
- :mod:`~stud_odds.rules.limits`: stakes and what may be bet on each street.
- :mod:`~stud_odds.rules.split`: splitting a pot into chips, and who takes the odd chips.
- :mod:`~stud_odds.rules.money`: amounts of money, parsed and shown (limits and splits).
- :mod:`~stud_odds.rules.common`: what the topics share: :class:`RulesError`, card order,
  seat numbers and the checks on seats and cards.

Seats are numbered from 1 in the order they are given: clockwise from the dealer's
left, so a lower seat is nearer the dealer's left.  Every function checks what it is
given and raises :class:`RulesError` with one sentence that names the seat, card or
amount at fault.  Money is :class:`decimal.Decimal` throughout; chips are counted as ints.
"""

from stud_odds.rules.acting import FirstToAct, first_to_act
from stud_odds.rules.bring_in import BringIn, bring_in
from stud_odds.rules.common import MAX_SEATS, RulesError, parse_seat_cards
from stud_odds.rules.limits import (
    BRING_IN_RULES,
    DEFAULT_MAX_RAISES,
    BetLimits,
    Stakes,
    bet_limits,
    parse_stakes,
)
from stud_odds.rules.money import format_money, parse_money
from stud_odds.rules.showdown import Showdown, showdown_order
from stud_odds.rules.split import FINAL_HAND_CARDS, PotShare, PotSplit, split_pot
from stud_odds.scenario import STREET_NAMES

__all__ = [
    "BRING_IN_RULES",
    "DEFAULT_MAX_RAISES",
    "FINAL_HAND_CARDS",
    "MAX_SEATS",
    "STREET_NAMES",
    "BetLimits",
    "BringIn",
    "FirstToAct",
    "PotShare",
    "PotSplit",
    "RulesError",
    "Showdown",
    "Stakes",
    "bet_limits",
    "bring_in",
    "first_to_act",
    "format_money",
    "parse_money",
    "parse_seat_cards",
    "parse_stakes",
    "showdown_order",
    "split_pot",
]
