"""equity()'s options: its door for Python's keywords (each read by its one checker,
:mod:`stud_odds.checks`, through :class:`~stud_odds.request.stop.Stop`; its mistakes said as
EquityError) and the EquityTask the engine runs.  Pure Python: no numba."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from stud_odds.checks import OptionError, check_threads
from stud_odds.errors import shown
from stud_odds.request.stop import Stop

Progress = Callable[[int, int | None], None]


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
class EquityTask:
    """One equity() call's work: its Stop as read at the door, the threads it may use, and
    how the caller watches and stops it.  Nothing in it is checked again below."""

    stop: Stop
    threads: int
    progress: Progress | None = None
    scooping_hands: bool = False
    on_round: Callable[[Any], None] | None = None
    cancel: Any = None  # anything with is_set(), e.g. a threading.Event


def python_stop(method: Any = "auto", trials: Any = None, precision: Any = None,
                max_time: Any = None, seed: Any = None) -> Stop:
    """The Stop of equity()'s keywords (its door), or EquityError."""
    with _as_equity_error():
        return Stop.checked(method, trials, precision, max_time, seed)


def python_hooks(progress: Any, on_round: Any, cancel: Any) -> None:
    """equity()'s live keywords are what they must be, or EquityError."""
    if progress is not None and not callable(progress):
        raise EquityError(
            f"progress must be a function progress(done, total), not {shown(progress)}")
    if on_round is not None and not callable(on_round):
        raise EquityError(f"on_round must be a function on_round(update), not {shown(on_round)}")
    if cancel is not None and not callable(getattr(cancel, "is_set", None)):
        raise EquityError(f"cancel must have is_set() (a threading.Event), not {shown(cancel)}")


def python_threads(threads: Any) -> int | None:
    """equity()'s ``threads`` keyword (None: every core), or EquityError."""
    with _as_equity_error():
        return check_threads(threads)
