"""The solve's own fields, read once for every door (``river()``, ``stud-odds river``,
``POST /api/river``): the pot in big bets, the cap on bets, the accuracy aimed at.  A number
may be given as text (the command line's ``5.5``); what counts as a number or a whole number
is the checks' rule (:mod:`stud_odds.checks`), and a mistake is one RiverError sentence
blamed on its field.
"""

from __future__ import annotations

from decimal import Decimal

from stud_odds.checks import finite_number, whole_number
from stud_odds.errors import blame, shown
from stud_odds.games import Game
from stud_odds.solver.combos import RiverError

MAX_CAP = 8
DEFAULT_ACCURACY = 0.001
# the pot's bounds in big bets, and the smallest accuracy: past them the target (accuracy x
# pot big bets) is below what double precision measures, or the values overflow, and the
# solve would run its MAX_ITERATIONS rounds (river.solve; half an hour) for nothing
MIN_POT, MAX_POT = 0.01, 1e6
MIN_ACCURACY = 1e-6


def _written(value: object) -> object:
    """A number written as text, or a Decimal, as the float it is; anything else as it is,
    for the checks' rule to take or refuse."""
    if isinstance(value, str):
        try:
            value = Decimal(value.strip())
        except ArithmeticError:
            return value
    if isinstance(value, Decimal):
        try:
            return float(value)
        except ValueError:  # a signalling NaN
            return value
    return value


def read_pot(pot: object) -> float:
    """The pot in big bets: a number from MIN_POT to MAX_POT (5.5 may be given as text)."""
    value = finite_number(_written(pot))
    # one sentence with the bounds: "above 0" misled for a pot too large (1e400, 10**400)
    if value is None or not MIN_POT <= value <= MAX_POT:
        with blame("pot"):
            raise RiverError(f"the pot must be a number of big bets from {MIN_POT:g} to "
                             f"{MAX_POT:,.0f}, not {shown(pot)}")
    return value


def read_cap(cap: object, game: Game) -> int:
    """Bets in all on the river: the table rule (a bet and its raises) when None, else 1..8."""
    if cap is None:
        from stud_odds.rules import Stakes, bet_limits

        limits = bet_limits(Stakes(Decimal(1), Decimal(1)), game, street=7)
        assert limits.max_raises is not None
        return 1 + limits.max_raises
    number = cap
    if isinstance(cap, str):
        try:
            number = int(cap.strip())
        except ValueError:
            number = None
    bets = whole_number(number)
    if bets is None or not 1 <= bets <= MAX_CAP:
        with blame("cap"):
            raise RiverError(f"the cap is the bets allowed in all, a whole number from 1 to "
                             f"{MAX_CAP}, not {shown(cap)}")
    return bets


def read_accuracy(accuracy: object) -> float:
    """The exploitability aimed at, as a share of the pot: from MIN_ACCURACY to below 1."""
    value = finite_number(_written(accuracy))
    if value is None or not MIN_ACCURACY <= value < 1:
        with blame("accuracy"):
            raise RiverError(f"the accuracy is a share of the pot from {MIN_ACCURACY:g} to "
                             f"below 1 (0.001 is a tenth of a percent), not {shown(accuracy)}")
    return value


__all__ = ["DEFAULT_ACCURACY", "MAX_CAP", "MAX_POT", "MIN_ACCURACY", "MIN_POT", "read_accuracy",
           "read_cap", "read_pot"]
