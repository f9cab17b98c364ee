"""What every study shares: its error, Ctrl-C, counts in words, and how tasks are run.

Ctrl-C: every study raises :class:`StudyInterrupted` (a ``KeyboardInterrupt``)
saying how much finished and carrying the finished part; a result the engine
returns as ``stopped_by == "interrupted"`` is never passed on as finished.

A study hands its work to a *runner* as tasks (a spot, a block of starting-hand
classes, a block of hands): :func:`run_here` runs them one after another in
this process; ``stud_odds.cluster`` runs the same task functions on a Dask
cluster.  Either way the results come back in input order.
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from stud_odds.errors import StudOddsError
from stud_odds.results import StoppedBy
from stud_odds.wording import plural

if TYPE_CHECKING:
    from stud_odds.results import EquityResult

_T = TypeVar("_T")

MAX_LINE_BYTES = 1 << 20  # a spot is a short line; a longer one is refused, never read whole


class StudyError(StudOddsError):
    """Bad input to a study: a batch line, a replayed hand, an option."""


class StudyInterrupted(KeyboardInterrupt):
    """Ctrl-C stopped a study: ``done`` of ``total`` ``unit`` (spots, streets, classes,
    trials) had finished.

    ``partial`` is what finished, for a caller that wants to keep it: a batch's
    count of failed spots is ``failed``; starting hands give the finished rows
    (each marked interrupted), a replay the finished streets, a scoop study the
    partial sample (or None).  A subclass of KeyboardInterrupt, so code that
    does not know it still stops as on any Ctrl-C.
    """

    def __init__(self, done: int, total: int | None, unit: str, partial: Any = None,
                 failed: int = 0):
        super().__init__(f"interrupted after {count_of(done, total, unit)}")
        self.done, self.total, self.unit = done, total, unit
        self.partial, self.failed = partial, failed


def count_of(done: int, total: int | None, unit: str) -> str:
    """``37 of 120 spots`` (the noun agrees with the total), or ``37 spots`` with no total."""
    if total is None:
        return plural(done, unit)
    return f"{done:,} of {plural(total, unit)}"


def finished(result: EquityResult) -> EquityResult:
    """``result``, unless Ctrl-C cut its sample short: a partial sample is not a result."""
    if result.stopped_by == StoppedBy.INTERRUPTED:
        raise KeyboardInterrupt
    return result


@contextmanager
def ctrl_c_held() -> Iterator[None]:
    """Hold Ctrl-C while a finished item is written and counted, then deliver it.

    So a file never holds half a record and the count says what the file holds.
    Signals only reach the main thread; elsewhere there is nothing to hold.
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    caught: list[int] = []
    previous = signal.signal(signal.SIGINT, lambda number, frame: caught.append(number))
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, signal.default_int_handler if previous is None else previous)
        if caught:
            signal.raise_signal(signal.SIGINT)  # the handler restored above acts on it now


# ---------------------------------------------------------------- runners


class Runner(Protocol):
    """Runs ``task(*args_of(item), threads)`` for every item whose ``args_of`` is not None
    and yields ``(item, result)`` in input order (``(item, None)`` for the others).

    ``block`` is how many items one task of a cluster holds; ``progress(n)`` is
    told each time ``n`` more items are finished.  A result may be an exception
    the runner caught (a cluster task lost with its workers); the caller decides.
    On Ctrl-C a runner first yields the results that had already finished, then
    raises KeyboardInterrupt.
    """

    def __call__(self, task: Callable[..., Any], items: Iterable[_T],
                 args_of: Callable[[_T], tuple | None], *, threads: int | None = None,
                 block: int = 1, progress: Callable[[int], None] | None = None
                 ) -> Iterator[tuple[_T, Any]]: ...


def run_here(task: Callable[..., Any], items: Iterable[_T], args_of: Callable[[_T], tuple | None],
             *, threads: int | None = None, block: int = 1,
             progress: Callable[[int], None] | None = None) -> Iterator[tuple[_T, Any]]:
    """The local runner: each task in turn, in this process (``block`` does not matter)."""
    for item in items:
        args = args_of(item)
        yield item, None if args is None else task(*args, threads)
        if progress:
            progress(1)


def each_outcome(outcomes: Iterator[tuple[_T, Any]], handle: Callable[[_T, Any], None]) -> None:
    """``handle`` every ``(item, result)`` of a runner; after Ctrl-C, those that had finished.

    Ctrl-C may come while ``handle`` works (not inside the runner): the runner
    is then told, so that it still hands over what had finished before
    KeyboardInterrupt goes on.
    """
    try:
        for item, outcome in outcomes:
            handle(item, outcome)
    except KeyboardInterrupt:
        for item, outcome in _handed_over(outcomes):
            handle(item, outcome)
        raise


def _handed_over(outcomes: Iterator[tuple[_T, Any]]) -> Iterator[tuple[_T, Any]]:
    """What a runner still yields when Ctrl-C is thrown into it (nothing, if it had stopped)."""
    throw = getattr(outcomes, "throw", None)
    if throw is None:
        return
    try:
        pair = throw(KeyboardInterrupt)
        while True:
            yield pair
            pair = next(outcomes)
    except (KeyboardInterrupt, StopIteration):
        return


__all__ = ["MAX_LINE_BYTES", "Runner", "StudyError", "StudyInterrupted", "count_of", "ctrl_c_held",
           "each_outcome", "finished", "plural", "run_here"]
