"""One engine job at a time: a page's newer job cancels its older one, a few wait, more are
turned away, and a job whose client goes away is cancelled.

The engine runs in a worker thread and stops within a fraction of a second of
its cancel event being set; the event loop only waits.  A job keeps the
engine's one slot until its thread has really ended, so two jobs never run at
once, even while the first is being cancelled.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TypeVar

import anyio
import anyio.to_thread

T = TypeVar("T")

MAX_WAITING = 4  # jobs queued behind the running one; more are told to come back later
RETRY_AFTER_S = 1


class Busy(Exception):
    """Too many jobs are waiting: the client should retry after ``RETRY_AFTER_S``."""


class Superseded(Exception):
    """The job was cancelled before it started (by the same page's newer job, or shutdown)."""


@dataclass(eq=False)
class Job:
    """One request's work: who asked (the page's id, if any) and its cancel event."""

    page: str | None
    cancel: threading.Event = field(default_factory=threading.Event)


class Jobs:
    """The server's queue of engine jobs."""

    def __init__(self, max_waiting: int = MAX_WAITING) -> None:
        self.max_waiting = max_waiting
        self._slot = anyio.Lock()
        self._jobs: list[Job] = []  # waiting or running, oldest first
        self._closed = False

    def admit(self, page: str | None) -> Job:
        """Queue a job (Busy when too many wait); the same page's older jobs are cancelled."""
        if self._closed:
            raise Superseded("the server is stopping")
        if page is not None:  # a page wants only its newest spot
            for older in self._jobs:
                if older.page == page:
                    older.cancel.set()
        waiting = sum(not job.cancel.is_set() for job in self._jobs) - self._slot.locked()
        if waiting >= self.max_waiting:
            raise Busy(f"{waiting} jobs are already waiting")
        job = Job(page)
        self._jobs.append(job)
        return job

    async def run(self, job: Job, work: Callable[[threading.Event], T]) -> T:
        """``work(cancel)`` in a worker thread once the engine is free; its return value.

        Raises Superseded when the job was cancelled before its turn.  If the
        caller is cancelled (its client went away) the job's cancel event is
        set, the thread is waited for, and the cancellation goes on.
        """
        try:
            async with self._slot:  # a waiter whose client goes away just leaves the queue
                if job.cancel.is_set():
                    raise Superseded("a newer spot from the same page replaced this one")
                failure: Exception | None = None
                async with anyio.create_task_group() as group:
                    group.start_soon(_cancel_on_exit, job.cancel)
                    try:  # not abandoned on cancel: the slot is held until the thread ends
                        result = await anyio.to_thread.run_sync(work, job.cancel)
                    except Exception as error:  # raised below, not as a task group's
                        failure = error
                    group.cancel_scope.cancel()
                if failure is not None:
                    raise failure
                return result
        finally:
            self.discard(job)

    async def run_now(self, page: str | None, work: Callable[[threading.Event], T]) -> T:
        """Admit a job and run it (Busy when too many wait)."""
        return await self.run(self.admit(page), work)

    def discard(self, job: Job) -> None:
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


async def _cancel_on_exit(cancel: threading.Event) -> None:
    """Sleep until cancelled, then cancel the job: the caller is gone."""
    try:
        await anyio.sleep_forever()
    finally:
        cancel.set()


__all__ = ["MAX_WAITING", "RETRY_AFTER_S", "Busy", "Job", "Jobs", "Superseded"]
