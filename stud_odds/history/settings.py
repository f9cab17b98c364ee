"""How hard each street is worked: the precision asked for, as a number of deals.

Pure Python, so the command line can check its options before the engine loads.
"""

from __future__ import annotations

from stud_odds.checks import OptionError, check_precision
from stud_odds.errors import StudOddsError, shown
from stud_odds.request.stop import Stop

DEFAULT_PRECISION_POINTS = 0.5  # percentage points of standard error, at most, on every street
DEFAULT_SEED = 0
# One thread per street: a street is 10,000 deals, a millisecond or two of work, and
# sharing it costs more than it saves (heads-up 3rd street on this busy 2-core machine:
# 1.8 ms wall with one thread, 5.5 ms with two; 8-way: 4.8 ms against 14.5 ms).
DEFAULT_THREADS = 1
# a replay deals each street 0.25 / p^2 times: finer than this is hours a file
MIN_PRECISION = 0.01


class ReplayError(StudOddsError):
    """A hand or an option the replay cannot use (the message is one sentence)."""


def trials_for(precision: float, name: str = "the precision") -> int:
    """Deals per street so that every equity's standard error is at most ``precision`` points
    (Stop.trials_needed: 0.5 points -> 10,000 deals), or ReplayError.  A fixed count, not a
    stop on the estimated error, keeps the numbers the same on any machine and the time per
    street bounded."""
    try:
        points = check_precision(precision, name)
    except OptionError as error:
        raise ReplayError(str(error)) from None
    if points is None or points < MIN_PRECISION:
        raise ReplayError(f"{name} must be at least {MIN_PRECISION:g} percentage points for "
                          f"a replay (it deals every street 0.25 / p^2 times), not "
                          f"{shown(precision)}")
    return Stop(precision=points).trials_needed()


__all__ = ["DEFAULT_PRECISION_POINTS", "DEFAULT_SEED", "DEFAULT_THREADS", "ReplayError",
           "trials_for"]
