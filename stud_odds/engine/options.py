"""equity()'s options, and the one checker of each option every command uses.

Each checker has one rule and says a mistake in one EquityError sentence
naming the option as the caller knows it (``name``: "the seed" for Python,
"'seed'" for a batch line).  Values are quoted short (:func:`shown`), so a
400-digit number or a huge text never floods a message.  Pure Python: no numba.
"""

from __future__ import annotations

import math
import os
import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from numbers import Integral, Real
from typing import Any

from stud_odds.errors import SHOWN_CHARACTERS, StudOddsError, shown
from stud_odds.results import Method

Progress = Callable[[int, int | None], None]

METHODS = tuple(Method)  # auto, exact, monte-carlo
MAX_TRIALS = 10**12  # about a day of sampling
MAX_THREADS = 256  # the engine uses at most the cores numba has; more is a typo
MAX_SEED = 2**64 - 1  # SeedSequence takes any size; one fixed bound is one rule to state
SEED_RANGE = "from 0 to 2^64 - 1"


class EquityError(StudOddsError):
    """Options that cannot be honoured (a bad method, trial count, precision...)."""


class ExactRefused(EquityError):
    """Exact enumeration asked for but too slow (or impossible).

    ``str()`` speaks to a Python caller; a command line words the advice for its
    own option with :meth:`for_option`.
    """

    def __init__(self, problem: str):
        super().__init__(f"{problem}: use Monte Carlo (method='auto' or 'monte-carlo', not "
                         "'exact') or a later street")
        self.problem = problem

    def for_option(self, option: str) -> str:
        """The same sentence for a reader who asked with ``option`` (e.g. ``--exact``)."""
        return f"{self.problem}: use Monte Carlo (drop {option}) or a later street"


def _said(count: str | int) -> str:
    """A trial count as given, for a message: ``1e+15``, ``250k``, short either way."""
    if isinstance(count, str):
        return count.strip() if len(count) <= SHOWN_CHARACTERS else shown(count)
    digits = len(str(abs(count)))
    return f"{count:.3g}" if digits <= 20 else f"about 10^{digits - 1}"


def default_threads() -> int:
    """The cores this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def check_whole(value: object, name: str) -> int | None:
    """An optional whole number (an int, not a bool, float or text)."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, Integral):
        raise EquityError(f"{name} must be a whole number, not {shown(value)}")
    return int(value)


def check_seed(value: object, name: str = "the seed") -> int | None:
    """An optional seed: a whole number from 0 to 2^64 - 1."""
    seed = check_whole(value, name)
    if seed is not None and not 0 <= seed <= MAX_SEED:
        raise EquityError(f"{name} must be a whole number {SEED_RANGE}, not {shown(seed)}")
    return seed


def check_count(value: object, name: str, low: int, high: int | None = None) -> int | None:
    """An optional whole number from ``low`` (to ``high``): threads, opponents, rows."""
    count = check_whole(value, name)
    if count is not None and (count < low or (high is not None and count > high)):
        bounds = f"between {low} and {high}" if high is not None else f"at least {low}"
        raise EquityError(f"{name} must be {bounds}, not {shown(count)}")
    return count


def check_threads(value: object, name: str = "threads") -> int | None:
    """An optional thread count from 1 to MAX_THREADS (None: every core)."""
    return check_count(value, name, 1, MAX_THREADS)


def check_positive(value: object, name: str, what: str) -> float | None:
    """An optional positive, finite number (``what`` describes one, for the message)."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, Real):
        raise EquityError(f"{name} must be {what}, not {shown(value)}")
    huge = isinstance(value, Integral) and abs(value) > 2**1000  # float() would overflow
    if huge or not math.isfinite(value) or not value > 0:
        raise EquityError(f"{name} must be {what}, not {shown(value)}")
    return float(value)


_COUNT = re.compile(r"^(\d+(?:\.\d*)?(?:e\d+)?)([km]?)$", re.IGNORECASE)


def parse_trials(text: str | int, name: str = "the trial count") -> int:
    """``250000``, ``250k``, ``2M``, ``1e6``, ``1_000_000`` -> a positive int up to MAX_TRIALS."""
    if isinstance(text, bool) or not isinstance(text, Integral | str):
        raise EquityError(f"{name} must be a whole number such as 250000 or '250k', "
                          f"not {shown(text)}")
    if isinstance(text, Integral):
        value: float | int = int(text)
    else:
        cleaned = text.strip().replace("_", "").replace(",", "")
        negative = cleaned.startswith("-")
        match = _COUNT.match(cleaned[negative:])
        if not match:
            raise EquityError(f"{shown(text)} is not a trial count: write e.g. 100000, "
                              "250k, 2M or 1e6")
        if negative:
            raise EquityError(f"{name} must be positive, not {_said(text)}")
        value = float(match.group(1)) * {"": 1, "k": 1e3, "m": 1e6}[match.group(2).lower()]
    if value > MAX_TRIALS:  # also inf: a text of 400 digits reads as inf
        raise EquityError(f"{_said(text)} trials would take days: ask for at most "
                          f"{MAX_TRIALS:.0e}")
    if value < 1 or value != int(value):
        raise EquityError(f"{name} must be a positive whole number, not {_said(text)}")
    return int(value)


@dataclass(frozen=True)
class Request:
    """What equity() was asked for (see its docstring); ``checked()`` validates it."""

    method: str = Method.AUTO
    trials: int | str | None = None
    precision: float | None = None
    max_time: float | None = None
    seed: int | None = None
    threads: int | None = None
    progress: Progress | None = None
    scooping_hands: bool = False
    on_round: Callable[[Any], None] | None = None
    cancel: Any = None  # anything with is_set(), e.g. a threading.Event

    def checked(self) -> Request:
        """The same request with trials parsed and threads filled in, or EquityError."""
        method = self.method
        if not isinstance(method, str) or method not in METHODS:
            raise EquityError(f"{shown(method)} is not a method: use auto, exact or monte-carlo")
        trials = None if self.trials is None else parse_trials(self.trials)
        precision = check_positive(self.precision, "the precision",
                                   "a positive standard error such as 0.0005")
        max_time = check_positive(self.max_time, "the time limit",
                                  "a positive number of seconds")
        if method == Method.EXACT and (trials is not None or precision is not None):
            raise EquityError("exact enumeration takes no trial count or precision target")
        if self.progress is not None and not callable(self.progress):
            raise EquityError(
                f"progress must be a function progress(done, total), not {shown(self.progress)}")
        if self.on_round is not None and not callable(self.on_round):
            raise EquityError(
                f"on_round must be a function on_round(update), not {shown(self.on_round)}")
        if self.cancel is not None and not callable(getattr(self.cancel, "is_set", None)):
            raise EquityError(
                f"cancel must have is_set() (a threading.Event), not {shown(self.cancel)}")
        return replace(self, method=Method(method), trials=trials, precision=precision,
                       max_time=max_time, seed=check_seed(self.seed),
                       threads=check_threads(self.threads) or default_threads(),
                       scooping_hands=bool(self.scooping_hands))
