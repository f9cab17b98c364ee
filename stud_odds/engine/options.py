"""equity()'s options: the Request it checks with the one checker of each option
(:mod:`stud_odds.checks`), its mistakes said as EquityError.  Pure Python: no numba."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, replace
from typing import Any

from stud_odds.checks import (
    OptionError,
    check_precision,
    check_seconds,
    check_seed,
    check_threads,
    parse_trials,
)
from stud_odds.errors import shown
from stud_odds.results import Method

Progress = Callable[[int, int | None], None]

METHODS = tuple(Method)  # auto, exact, monte-carlo


class EquityError(OptionError):
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


@contextmanager
def _as_equity_error() -> Iterator[None]:
    """A checker's OptionError said as equity()'s own EquityError."""
    try:
        yield
    except EquityError:
        raise
    except OptionError as error:
        raise EquityError(str(error)) from None


def default_threads() -> int:
    """The cores this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


@dataclass(frozen=True)
class Request:
    """What equity() was asked for (see its docstring); ``checked()`` validates it."""

    method: str = Method.AUTO
    trials: int | str | None = None
    precision: float | None = None  # percentage points
    max_time: float | None = None
    seed: int | None = None
    threads: int | None = None
    progress: Progress | None = None
    scooping_hands: bool = False
    on_round: Callable[[Any], None] | None = None
    cancel: Any = None  # anything with is_set(), e.g. a threading.Event

    def checked(self) -> Request:
        """The same request with trials parsed and threads filled in, or EquityError."""
        with _as_equity_error():
            return self._checked()

    def _checked(self) -> Request:
        method = self.method
        if not isinstance(method, str) or method not in METHODS:
            raise EquityError(f"{shown(method)} is not a method: use auto, exact or monte-carlo")
        trials = None if self.trials is None else parse_trials(self.trials)
        precision = check_precision(self.precision)
        max_time = check_seconds(self.max_time)
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

    @property
    def standard_error(self) -> float | None:
        """The precision as a fraction of the pot: what sampling compares its errors with."""
        return None if self.precision is None else self.precision / 100
