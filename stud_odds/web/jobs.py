"""One engine job at a time per lane: a page's newer job cancels its older one, a few wait in
each lane, more are turned away, and a job whose client goes away is cancelled.

The engine runs in a worker thread and stops within a fraction of a second of
its cancel event being set; the event loop only waits.  A job keeps its lane's
slot until its thread has really ended, so two jobs of a lane never run at
once, even while the first is being cancelled.  The lanes (LANES: a spot, its
outs, a hand-history file, a river solve) run side by side: the engine itself lets calls
take turns between its short kernel calls, so a card edit is answered while a
long file replays.  A job is admitted before its request's body is read, so a full
lane turns an upload away before it is sent.  Each kind of job (JobKind) says in its own
words what to do when it runs past the server's time limit.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TypeVar

import anyio
import anyio.to_thread

_T = TypeVar("_T")

MAX_WAITING = 4  # jobs queued in a lane behind its running one; more are told to come back
JOB_TIME_LIMIT = 60.0  # a job's work is stopped after this long (serve --max-job-seconds)
RETRY_AFTER_S = 1
SPOT, OUTS, FILE, RIVER = LANES = ("spot", "outs", "file", "river")


class Busy(Exception):
    """Too many jobs are waiting: the client should retry after ``RETRY_AFTER_S``."""


class Superseded(Exception):
    """The job was cancelled before it started (by the same page's newer job, or shutdown)."""


class TimedOut(Superseded):
    """The job's work was stopped by the server's time limit (its sentence says what to do)."""


@dataclass(frozen=True)
class JobKind:
    """What a job does: its lane, and what it is called and what to do instead when it
    runs past the server's time limit (``advice``)."""

    lane: str
    name: str
    advice: str

    def over_time(self, seconds: float, kept: str | None = None) -> str:
        """The sentence: what ran past the limit, what it ``kept`` if anything, and what
        to do."""
        done = f"{kept}; " if kept else ""
        return (f"{self.name} ran past {seconds:g} s, this server's limit for one request "
                f"(stud-odds serve --max-job-seconds): {done}{self.advice}")


SPOT_JOB = JobKind(SPOT, "the spot", "ask for fewer trials or a larger precision")
OUTS_JOB = JobKind(OUTS, "the outs", "ask for fewer trials or a larger precision")
RIVER_JOB = JobKind(RIVER, "the river solve", "ask for a larger accuracy or narrower ranges "
                                              "(stud-odds river has no limit)")
REPLAY_JOB = JobKind(FILE, "the replay", "the hands above were replayed; replay the whole "
                                         "file with stud-odds history, which has no limit")
IMPORT_JOB = JobKind(FILE, "the import", "import the file again to add the rest (a hand is "
                                         "stored once)")
# of the database's answers only luck can run long (the all-in figures, the first time)
DB_JOB = JobKind(FILE, "the answer", "the all-in figures found so far are stored, so asking "
                                     "again goes on from there (stud-odds db luck has no "
                                     "limit)")


@dataclass(eq=False)
class WebJob:
    """One request's work: who asked (the page's id, if any) and its cancel event."""

    page: str | None
    kind: JobKind = SPOT_JOB
    cancel: threading.Event = field(default_factory=threading.Event)
    timed_out: bool = False  # stopped by the server's time limit, not by its client

    @property
    def lane(self) -> str:
        return self.kind.lane


class Jobs:
    """The server's queue of engine jobs."""

    def __init__(self, max_waiting: int = MAX_WAITING, max_seconds: float = JOB_TIME_LIMIT) -> None:
        self.max_waiting = max_waiting
        self.max_seconds = max_seconds
        self._slots = {lane: anyio.Lock() for lane in LANES}
        self._jobs: list[WebJob] = []  # waiting or running, oldest first
        self._closed = False

    def admit(self, page: str | None, kind: JobKind = SPOT_JOB) -> WebJob:
        """Queue a job in its kind's lane (Busy when too many wait there: each lane has its
        own queue, so uploads never crowd out the page's spots); the same page's older jobs
        of the lane are cancelled."""
        if self._closed:
            raise Superseded("the server is stopping")
        lane = kind.lane
        if page is not None:  # a page wants only its newest spot (outs, file)
            for older in self._jobs:
                if older.page == page and older.lane == lane:
                    older.cancel.set()
        running = int(self._slots[lane].locked())
        waiting = sum(job.lane == lane and not job.cancel.is_set() for job in self._jobs)
        if waiting - running >= self.max_waiting:
            raise Busy(f"{waiting - running} jobs are already waiting")
        job = WebJob(page, kind)
        self._jobs.append(job)
        return job

    async def run(self, job: WebJob, work: Callable[[threading.Event], _T]) -> _T:
        """``work(cancel)`` in a worker thread once the engine is free; its return value.

        Raises Superseded when the job was cancelled before its turn, TimedOut
        (its kind's sentence) when the server's time limit stopped the work (a work
        that ends well all the same, or says itself what it kept, is returned).  If
        the caller is cancelled (its client went away) the job's cancel event is
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
                if job.timed_out and isinstance(failure, Superseded):
                    raise TimedOut(job.kind.over_time(self.max_seconds))
                if failure is not None:
                    raise failure
                return result
        finally:
            self.discard(job)

    async def run_now(self, page: str | None, work: Callable[[threading.Event], _T],
                      kind: JobKind = SPOT_JOB) -> _T:
        """Admit a job and run it (Busy when too many wait)."""
        return await self.run(self.admit(page, kind), work)

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


__all__ = ["DB_JOB", "FILE", "IMPORT_JOB", "LANES", "JOB_TIME_LIMIT", "MAX_WAITING", "OUTS",
           "OUTS_JOB", "REPLAY_JOB", "RETRY_AFTER_S", "RIVER", "RIVER_JOB", "SPOT", "SPOT_JOB",
           "Busy", "JobKind", "Jobs", "Superseded", "TimedOut", "WebJob"]
