"""The one checker of each option's value, for every door and the engine: whole numbers,
seeds, thread counts, counts, positive numbers, the precision, time limits and trial counts;
and the one rule of the trials a precision needs (:func:`trials_needed`).

Each checker has one rule and says a mistake in one :class:`OptionError` sentence
naming the option as the caller knows it (``name``: "the seed" for Python,
"'seed'" for a batch line, "--seed" on the command line).  Every number is bounded
here: finite, and within the work one call may ask for (MAX_TRIALS trials, which
also bounds the precision from below, so that no standard error squared ever
underflows, and MAX_SECONDS of sampling).  Values are quoted short and printable
(:func:`stud_odds.errors.shown`), so a 5,000-digit number or a huge text never
floods a message.  Pure Python and light: the command line imports it before any
work, so it loads neither numpy nor the engine.
"""

from __future__ import annotations

import math
import re
from numbers import Integral, Real

from stud_odds.errors import SHOWN_CHARACTERS, SHOWN_DIGITS, StudOddsError, digit_count, shown

MAX_TRIALS = 10**12  # about a day of sampling
MAX_THREADS = 256  # the engine uses at most the cores numba has; more is a typo
MAX_SEED = 2**64 - 1  # SeedSequence takes any size; one fixed bound is one rule to state
SEED_RANGE = "from 0 to 2^64 - 1"
# a pot share's standard error never exceeds 50 points: a larger target asks nothing
MOST_POINTS = 50.0
POINTS = "a positive number of percentage points such as 0.05, at most 50"
# a share of the pot lies in [0, 1], so its variance is at most 1/4: n trials give a standard
# error of at most 0.5 / sqrt(n), whatever the spot
MOST_SHARE_VARIANCE = 0.25


def trials_needed(points: float) -> int:
    """The trials that meet a precision of ``points`` percentage points whatever the spot:
    n = 0.25 / p^2, p the precision as a fraction (0.5 points -> 10,000 trials)."""
    return math.ceil(MOST_SHARE_VARIANCE / (points / 100) ** 2)


def finest_points(trials: float) -> float:
    """The finest precision, in percentage points, that ``trials`` trials meet whatever the
    spot: :func:`trials_needed` the other way round."""
    return 100 * math.sqrt(MOST_SHARE_VARIANCE / trials)


# the finest precision within MAX_TRIALS (5e-05 points): sampling to a finer one could take
# more
FINEST_POINTS = finest_points(MAX_TRIALS)
MAX_SECONDS = 86_400  # a day of sampling, as MAX_TRIALS
SECONDS = "a positive number of seconds"
_GIVEN = object()  # a checker quotes the value it checks unless told what was given


class OptionError(StudOddsError):
    """An option given a value it cannot take; the message names the option as given."""


def said(value: object) -> str:
    """A number as given, for a sentence that states its size: ``1e+15``, ``250k``,
    ``about 10^4999``, short and printable whatever was given."""
    if isinstance(value, str):
        text = value.strip()
        if text.isdigit() and len(text) > SHOWN_DIGITS:
            return f"about 10^{len(text) - 1}"
        return text if len(text) <= SHOWN_CHARACTERS and text.isprintable() else shown(value)
    if isinstance(value, Integral) and not isinstance(value, bool):
        digits = digit_count(int(value))
        return f"{value:.3g}" if digits <= SHOWN_DIGITS else f"about 10^{digits - 1}"
    if isinstance(value, float) and math.isfinite(value):
        return f"{value:g}"
    return shown(value)


def whole_number(value: object) -> int | None:
    """``value`` as an int when it is a whole number (an int, not a bool, float or text),
    else None: what every checker of a count takes."""
    if isinstance(value, bool) or not isinstance(value, Integral):
        return None
    return int(value)


def finite_number(value: object) -> float | None:
    """``value`` as a float when it is a finite real number (not a bool or a text, nor a
    whole number past 2^1000, which float() would overflow), else None: what every checker
    of a number takes."""
    if isinstance(value, bool) or not isinstance(value, Real):
        return None
    if isinstance(value, Integral) and abs(value) > 2**1000:
        return None
    number = float(value)
    return number if math.isfinite(number) else None


def check_whole(value: object, name: str, given: object = _GIVEN) -> int | None:
    """An optional whole number (an int, not a bool, float or text); ``given``: what the
    caller was given, when the sentence should quote that (a text) rather than ``value``."""
    if value is None:
        return None
    number = whole_number(value)
    if number is None:
        raise OptionError(f"{name} must be a whole number, not {_quoted(value, given)}")
    return number


def check_seed(value: object, name: str = "the seed", given: object = _GIVEN) -> int | None:
    """An optional seed: a whole number from 0 to 2^64 - 1."""
    seed = check_whole(value, name, given)
    if seed is not None and not 0 <= seed <= MAX_SEED:
        raise OptionError(f"{name} must be a whole number {SEED_RANGE}, not "
                          f"{_quoted(seed, given)}")
    return seed


def check_count(value: object, name: str, low: int, high: int | None = None,
                given: object = _GIVEN) -> int | None:
    """An optional whole number from ``low`` (to ``high``): threads, opponents, rows."""
    count = check_whole(value, name, given)
    if count is not None and (count < low or (high is not None and count > high)):
        bounds = f"between {low} and {high}" if high is not None else f"at least {low}"
        raise OptionError(f"{name} must be {bounds}, not {_quoted(count, given)}")
    return count


def check_threads(value: object, name: str = "threads", given: object = _GIVEN) -> int | None:
    """An optional thread count from 1 to MAX_THREADS (None: every core)."""
    return check_count(value, name, 1, MAX_THREADS, given)


def check_positive(value: object, name: str, what: str, given: object = _GIVEN
                   ) -> float | None:
    """An optional positive, finite number (``what`` describes one, for the message)."""
    if value is None:
        return None
    number = finite_number(value)
    if number is None or not number > 0:
        raise OptionError(f"{name} must be {what}, not {_quoted(value, given)}")
    return number


def check_precision(value: object, name: str = "the precision", given: object = _GIVEN
                    ) -> float | None:
    """An optional precision: every equity's standard error at most, in percentage points
    (the word's one meaning, at every door), from FINEST_POINTS (sampling to a finer one
    could take more than MAX_TRIALS) to MOST_POINTS."""
    points = check_positive(value, name, POINTS, given)
    if points is not None and points > MOST_POINTS:
        raise OptionError(f"{name} must be {POINTS}, not {_quoted(value, given)}")
    if points is not None and points < FINEST_POINTS:
        raise OptionError(f"{name} {said(value if given is _GIVEN else given)} would take "
                          f"days: ask for at least {FINEST_POINTS:g} points")
    return points


def check_seconds(value: object, name: str = "the time limit", given: object = _GIVEN
                  ) -> float | None:
    """An optional time limit: a positive number of seconds, at most MAX_SECONDS."""
    seconds = check_positive(value, name, SECONDS, given)
    if seconds is not None and seconds > MAX_SECONDS:
        raise OptionError(f"{name} {said(value if given is _GIVEN else given)} would take "
                          f"days: ask for at most {MAX_SECONDS} seconds")
    return seconds


def _quoted(value: object, given: object) -> str:
    return shown(value if given is _GIVEN else given)


_COUNT = re.compile(r"^(\d+(?:\.\d*)?(?:e\d+)?)([km]?)$", re.IGNORECASE)


def parse_trials(text: str | int, name: str = "the trial count") -> int:
    """``250000``, ``250k``, ``2M``, ``1e6``, ``1_000_000`` -> a positive int up to MAX_TRIALS."""
    if isinstance(text, bool) or not isinstance(text, Integral | str):
        raise OptionError(f"{name} must be a whole number such as 250000 or '250k', "
                          f"not {shown(text)}")
    if isinstance(text, Integral):
        value: float | int = int(text)
    else:
        cleaned = text.strip().replace("_", "").replace(",", "")
        negative = cleaned.startswith("-")
        match = _COUNT.match(cleaned[negative:])
        if not match:
            raise OptionError(f"{shown(text)} is not a trial count: write e.g. 100000, "
                              "250k, 2M or 1e6")
        if negative:
            raise OptionError(f"{name} must be positive, not {said(text)}")
        value = float(match.group(1)) * {"": 1, "k": 1e3, "m": 1e6}[match.group(2).lower()]
    if value > MAX_TRIALS:  # also inf: a text of 400 digits reads as inf
        raise OptionError(f"{said(text)} trials would take days: ask for at most "
                          f"{MAX_TRIALS:.0e}")
    if value < 1 or value != int(value):
        raise OptionError(f"{name} must be a positive whole number, not {said(text)}")
    return int(value)


__all__ = ["FINEST_POINTS", "MAX_SECONDS", "MAX_SEED", "MAX_THREADS", "MAX_TRIALS",
           "MOST_POINTS", "POINTS", "SECONDS", "SEED_RANGE", "OptionError", "check_count",
           "check_positive", "check_precision", "check_seconds", "check_seed", "check_threads",
           "check_whole", "finest_points", "finite_number", "parse_trials", "said",
           "trials_needed", "whole_number"]
