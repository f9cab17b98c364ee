"""One engine job at a time per lane: a page's newer job cancels its older one, a few wait,
more are turned away, and a job whose client goes away is cancelled.

The engine runs in a worker thread and stops within a fraction of a second of
its cancel event being set; the event loop only waits.  A job keeps its lane's
slot until its thread has really ended, so two jobs of a lane never run at
once, even while the first is being cancelled.  The lanes (LANES: a spot, its
outs, a hand-history file) run side by side: the engine itself lets calls
take turns between its short kernel calls, so a card edit is answered while a
long file replays.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TypeVar

import anyio
import anyio.to_thread

_T = TypeVar("_T")

MAX_WAITING = 4  # jobs queued behind the running ones; more are told to come back later
MAX_SECONDS = 60.0  # a job's work is stopped after this long (serve --max-job-seconds)
RETRY_AFTER_S = 1
SPOT, OUTS, FILE = LANES = ("spot", "outs", "file")


class Busy(Exception):
    """Too many jobs are waiting: the client should retry after ``RETRY_AFTER_S``."""


class Superseded(Exception):
    """The job was cancelled before it started (by the same page's newer job, or shutdown)."""


@dataclass(eq=False)
class WebJob:
    """One request's work: who asked (the page's id, if any) and its cancel event."""

    page: str | None
    lane: str = SPOT
    cancel: threading.Event = field(default_factory=threading.Event)
    timed_out: bool = False  # stopped by the server's time limit, not by its client


class Jobs:
    """The server's queue of engine jobs."""

    def __init__(self, max_waiting: int = MAX_WAITING, max_seconds: float = MAX_SECONDS) -> None:
        self.max_waiting = max_waiting
        self.max_seconds = max_seconds
        self._slots = {lane: anyio.Lock() for lane in LANES}
        self._jobs: list[WebJob] = []  # waiting or running, oldest first
        self._closed = False

    def admit(self, page: str | None, lane: str = SPOT) -> WebJob:
        """Queue a job in ``lane`` (Busy when too many wait); the same page's older jobs of
        the lane are cancelled."""
        if self._closed:
            raise Superseded("the server is stopping")
        if page is not None:  # a page wants only its newest spot (outs, file)
            for older in self._jobs:
                if older.page == page and older.lane == lane:
                    older.cancel.set()
        running = sum(slot.locked() for slot in self._slots.values())
        waiting = sum(not job.cancel.is_set() for job in self._jobs) - running
        if waiting >= self.max_waiting:
            raise Busy(f"{waiting} jobs are already waiting")
        job = WebJob(page, lane)
        self._jobs.append(job)
        return job

    async def run(self, job: WebJob, work: Callable[[threading.Event], _T]) -> _T:
        """``work(cancel)`` in a worker thread once the engine is free; its return value.

        Raises Superseded when the job was cancelled before its turn.  If the
        caller is cancelled (its client went away) the job's cancel event is
        set, the thread is waited for, and the cancellation goes on.
        """
        try:
            async with self._slots[job.lane]:  # a waiter whose client goes away leaves
                if job.cancel.is_set():
                    raise Superseded("a newer spot from the same page replaced this one")
                failure: Exception | None = None
                async with anyio.create_task_group() as group:
                    group.start_soon(_cancel_on_exit, job.cancel)
                    group.start_soon(_time_limit, job, self.max_seconds)
                    try:  # not abandoned on cancel: the slot is held until the thread ends
                        result = await anyio.to_thread.run_sync(work, job.cancel)
                    except Exception as error:  # raised below, not as a task group's
                        failure = error
                    group.cancel_scope.cancel()
                if job.timed_out:
                    raise Superseded(f"the work ran past {self.max_seconds:g} s, this server's "
                                     "limit for one request (stud-odds serve "
                                     "--max-job-seconds): ask for fewer trials")
                if failure is not None:
                    raise failure
                return result
        finally:
            self.discard(job)

    async def run_now(self, page: str | None, work: Callable[[threading.Event], _T],
                      lane: str = SPOT) -> _T:
        """Admit a job and run it (Busy when too many wait)."""
        return await self.run(self.admit(page, lane), work)

    def discard(self, job: WebJob) -> None:
        """Forget a job that has ended (or never ran)."""
        if job in self._jobs:
            self._jobs.remove(job)

    def cancel_all(self) -> None:
        """Stop every job and take no more (the server is shutting down)."""
        self._closed = True
        for job in list(self._jobs):
            job.cancel.set()

    @property
    def pending(self) -> int:
        """Jobs waiting or running."""
        return len(self._jobs)


async def _time_limit(job: WebJob, seconds: float) -> None:
    """Stop the job once it has run ``seconds`` (cancelled when it ends first)."""
    await anyio.sleep(seconds)
    job.timed_out = True
    job.cancel.set()


async def _cancel_on_exit(cancel: threading.Event) -> None:
    """Sleep until cancelled, then cancel the job: the caller is gone."""
    try:
        await anyio.sleep_forever()
    finally:
        cancel.set()


__all__ = ["FILE", "LANES", "MAX_SECONDS", "MAX_WAITING", "OUTS", "RETRY_AFTER_S", "SPOT",
           "Busy", "Jobs", "Superseded", "WebJob"]
