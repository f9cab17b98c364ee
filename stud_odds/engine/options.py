"""equity()'s options: checked once, each mistake one sentence (EquityError)."""

from __future__ import annotations

import math
import os
import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from numbers import Integral, Real
from typing import Any

from stud_odds.errors import StudOddsError

Progress = Callable[[int, int | None], None]

METHODS = ("auto", "exact", "monte-carlo")
MAX_TRIALS = 10**12  # about a day of sampling
MAX_THREADS = 256


class EquityError(StudOddsError):
    """Options that cannot be honoured (a bad method, trial count, precision...)."""


def default_threads() -> int:
    """The cores this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


_COUNT = re.compile(r"^(\d+(?:\.\d*)?(?:e\d+)?)([km]?)$", re.IGNORECASE)


def parse_trials(text: str | int) -> int:
    """``250000``, ``250k``, ``2M``, ``1e6``, ``1_000_000`` -> a positive int."""
    if isinstance(text, int) and not isinstance(text, bool):
        if text <= 0:
            raise EquityError(f"the trial count must be positive, not {text}")
        return text
    cleaned = str(text).strip().replace("_", "").replace(",", "")
    if cleaned.startswith("-") or cleaned in ("0", "0k", "0m"):
        raise EquityError(f"the trial count must be positive, not {text}")
    match = _COUNT.match(cleaned)
    if not match:
        raise EquityError(f"'{text}' is not a trial count: write e.g. 100000, 250k, 2M or 1e6")
    value = float(match.group(1)) * {"": 1, "k": 1e3, "m": 1e6}[match.group(2).lower()]
    if not math.isfinite(value) or value > MAX_TRIALS:
        raise EquityError(f"{text} trials would take days: ask for at most {MAX_TRIALS:.0e}")
    if value != int(value) or value < 1:
        raise EquityError(f"the trial count must be a positive whole number, not {text}")
    return int(value)


@dataclass(frozen=True)
class Request:
    """What equity() was asked for (see its docstring); ``checked()`` validates it."""

    method: str = "auto"
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
        method, trials = self.method, self.trials
        if not isinstance(method, str) or method not in METHODS:
            raise EquityError(f"'{method}' is not a method: use auto, exact or monte-carlo")
        if trials is not None:
            if isinstance(trials, bool) or not isinstance(trials, Integral | str):
                raise EquityError(f"trials must be a whole number such as 250000 or '250k', "
                                  f"not {trials!r}")
            trials = parse_trials(trials if isinstance(trials, str) else int(trials))
        if trials is not None and trials > MAX_TRIALS:
            raise EquityError(
                f"{trials:.3g} trials would take days: ask for at most {MAX_TRIALS:.0e}")
        seed = _whole(self.seed, "the seed")
        if seed is not None and seed < 0:
            raise EquityError(f"the seed must be a whole number from 0 up, not {seed}")
        precision = _number(self.precision, "the precision",
                            "a positive standard error such as 0.0005")
        if precision is not None and not precision > 0:
            raise EquityError(f"the precision must be a positive standard error, not {precision}")
        max_time = _number(self.max_time, "the time limit", "a positive number of seconds")
        if max_time is not None and not max_time > 0:
            raise EquityError(f"the time limit must be positive, not {max_time} seconds")
        if method == "exact" and (trials is not None or precision is not None):
            raise EquityError("exact enumeration takes no trial count or precision target")
        threads = _whole(self.threads, "threads")
        if threads is not None and not 1 <= threads <= MAX_THREADS:
            raise EquityError(f"threads must be between 1 and {MAX_THREADS}, not {threads}")
        if self.progress is not None and not callable(self.progress):
            raise EquityError(
                f"progress must be a function progress(done, total), not {self.progress!r}")
        if self.on_round is not None and not callable(self.on_round):
            raise EquityError(
                f"on_round must be a function on_round(update), not {self.on_round!r}")
        if self.cancel is not None and not callable(getattr(self.cancel, "is_set", None)):
            raise EquityError(
                f"cancel must have is_set() (a threading.Event), not {self.cancel!r}")
        return replace(self, trials=trials, precision=precision, max_time=max_time, seed=seed,
                       threads=threads or default_threads(),
                       scooping_hands=bool(self.scooping_hands))


def _number(value: object, name: str, what: str) -> float | None:
    """An optional finite real number, else one sentence naming the option."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, Real) or not math.isfinite(value):
        raise EquityError(f"{name} must be {what}, not {value!r}")
    return float(value)


def _whole(value: object, name: str) -> int | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, Integral):
        raise EquityError(f"{name} must be a whole number, not {value!r}")
    return int(value)
