"""One equity() call as the engine runs it: when it must stop, and its turn at the kernels.

One stop for everything: the caller's ``cancel`` token, Ctrl-C (the SIGINT
handler only sets ``interrupted``, see running.ctrl_c_as_flag) and the time
limit are all read from the Job, between short kernel calls; numba loops
cannot see them.

Turns: numba's parallel loops must never be entered from two threads at once
(the ``workqueue`` threading layer aborts the process), so the kernels run for
one call at a time.  A call takes its turn around its kernel work and, between
two short kernel calls, lets a waiting call go first (``share``): two calls
interleave, so a long count never starves a quick one.  A call waiting for
its turn still sees its stop, and a call made from inside another call's
``on_round`` or ``progress`` (same thread) is refused, never a hang.  What the
caller gets as the work goes (partial results, ExactProgress): equity()'s
docstring.
"""

from __future__ import annotations

import threading
import time
from collections import deque
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Protocol

from stud_odds.results import StoppedBy

from .options import EquityError

# how often a call waiting for its turn looks at its stop, in seconds
WAIT_POLL = 0.01


class Cancelled(Exception):
    """An exact count was cancelled (equity()'s ``cancel`` token was set): there is no
    result, since a partial count is biased and never an estimate.  Not a StudOddsError:
    nothing was wrong with the question."""


class CancelToken(Protocol):
    """What equity() takes as ``cancel``: a threading.Event, or anything with is_set()."""

    def is_set(self) -> bool: ...


class _Turns:
    """The queue of calls for the kernels; its head holds the turn."""

    def __init__(self) -> None:
        self._changed = threading.Condition()
        self._queue: deque[Job] = deque()

    def take(self, job: Job) -> None:
        """Wait for ``job``'s turn; its stop (Cancelled or KeyboardInterrupt) ends the wait."""
        with self._changed:
            self.refuse_callback(job)
            self._queue.append(job)
            try:
                while self._queue[0] is not job:
                    job.check()
                    self._changed.wait(WAIT_POLL)
            except BaseException:
                self._queue.remove(job)
                self._changed.notify_all()
                raise

    def refuse_callback(self, job: Job) -> None:
        """EquityError when ``job`` is called from inside the on_round or progress of the
        job that holds the turn (its thread): waiting for the turn would never end."""
        with self._changed:  # an RLock: take() calls this holding it
            if self._queue and self._queue[0].thread == job.thread:
                raise EquityError("equity() and warm_up() cannot be called from inside "
                                  "on_round or progress: they would wait for the call "
                                  "that runs them")

    def give(self, job: Job) -> None:
        with self._changed:
            self._queue.remove(job)
            self._changed.notify_all()

    def others_waiting(self) -> bool:
        return len(self._queue) > 1


_TURNS = _Turns()


class Job:
    """The stop and the turn of one equity() call."""

    def __init__(self, cancel: CancelToken | None = None, max_time: float | None = None):
        self.cancel = cancel
        self.max_time = max_time
        self.interrupted = threading.Event()  # set by Ctrl-C
        self._started: float | None = None
        self._depth = 0  # nested kernels() blocks
        self.thread = threading.get_ident()  # the caller's: only it takes the turn
        self._has_turn = False

    def reason(self) -> StoppedBy | None:
        """Why the call must stop now: INTERRUPTED (Ctrl-C), CANCELLED, or None."""
        if self.interrupted.is_set():
            return StoppedBy.INTERRUPTED
        if self.cancel is not None and self.cancel.is_set():
            return StoppedBy.CANCELLED
        return None

    def check(self) -> None:
        """Raise KeyboardInterrupt after Ctrl-C, Cancelled after a cancel; else nothing."""
        reason = self.reason()
        if reason is StoppedBy.INTERRUPTED:
            raise KeyboardInterrupt
        if reason is StoppedBy.CANCELLED:
            raise Cancelled("the count was cancelled before it finished")

    def start_clock(self) -> None:
        """The time limit counts from here (after compiling)."""
        self._started = time.perf_counter()

    def elapsed(self) -> float:
        return 0.0 if self._started is None else time.perf_counter() - self._started

    def leave_out(self, seconds: float) -> None:
        """Leave ``seconds`` already counted (a kernel loaded mid-run) out of the time limit,
        as compiling before the clock started is."""
        if self._started is not None:
            self._started += seconds

    def time_is_up(self) -> bool:
        return self.max_time is not None and self.elapsed() >= self.max_time

    @contextmanager
    def kernels(self) -> Iterator[None]:
        """Hold the turn at the kernels inside the block (re-entrant for one job)."""
        if self._depth:
            self._depth += 1
            try:
                yield
            finally:
                self._depth -= 1
            return
        _TURNS.take(self)
        self._depth, self._has_turn = 1, True
        try:
            yield
        finally:
            self._depth = 0
            if self._has_turn:
                self._has_turn = False
                _TURNS.give(self)

    def check_alone(self) -> None:
        """check(), and refuse a call from inside another call's on_round or progress, as
        taking the turn would: for work that needs no turn (a small spot, no kernel)."""
        self.check()
        _TURNS.refuse_callback(self)

    def share(self) -> None:
        """Between kernel calls: check the stop, and let a waiting call have a turn first.

        Only where no kernel of this job is running."""
        self.check()
        if self._has_turn and _TURNS.others_waiting():
            _TURNS.give(self)
            self._has_turn = False
            _TURNS.take(self)
            self._has_turn = True

    def sharing(self, progress: Callable[[int, int], None] | None
                ) -> Callable[[int, int], None]:
        """progress(done, total) for a driver whose kernel calls are short: share() between
        them (which raises when stopped), and pass on only counts that have grown."""
        reported = 0

        def between(done: int, total: int) -> None:
            nonlocal reported
            self.share()
            if progress and done > reported:
                reported = done
                progress(done, total)
        return between

    def others_waiting(self) -> bool:
        return self._has_turn and _TURNS.others_waiting()
