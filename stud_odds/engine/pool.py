"""The engine's one pool of threads for kernel calls that release the GIL (nogil).

Kernel calls are short (a few hundredths of a second to a tenth): enumeration's
ranges, sampling's groups of chunks, heads-up counting's lanes and valued
completions all run here, on one pool widened to the most threads any call
asked for.  A caller runs its calls through ``run_on_threads(calls, threads)``
or a ``ThreadWidth(threads)``, so at most that many run at once whatever else
the pool holds.  Each call writes its own part, so the tallies are the same on
any thread count.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from concurrent.futures import CancelledError, Future, ThreadPoolExecutor, wait

# The engine's one pool of threads for kernel calls that release the GIL (nogil).  Every
# caller says how many of its calls may run at once (equity()'s Choice.threads, handed
# down): the pool is sized to the most any caller asked for, and ThreadWidth keeps each
# caller to its own width.
_POOL: ThreadPoolExecutor | None = None
_POOL_SIZE = 0
_POOL_LOCK = threading.Lock()


def _submit(threads: int, call: Callable[[], object]) -> Future:
    """Submit ``call`` to the one pool, first widened to ``threads`` when it is narrower: a
    new, wider pool takes its place (the old one finishes what it holds, then its
    threads end)."""
    global _POOL, _POOL_SIZE
    with _POOL_LOCK:
        if _POOL is None or _POOL_SIZE < threads:
            old = _POOL
            _POOL = ThreadPoolExecutor(threads, thread_name_prefix="stud-odds")
            _POOL_SIZE = threads
            if old is not None:
                old.shutdown(wait=False)
        return _POOL.submit(call)


class ThreadWidth:
    """The one pool seen by a caller of width ``threads``: at most that many of its calls
    run at once, however many it has submitted (a call waits for a slot on its pool
    thread, holding no core).  close() drops the calls that have not started."""

    def __init__(self, threads: int):
        self.threads = max(1, int(threads))
        self._slots = threading.Semaphore(self.threads)
        self._closed = threading.Event()

    def submit(self, call: Callable[[], object]) -> Future:
        def run() -> object:
            with self._slots:
                if self._closed.is_set():
                    raise CancelledError
                return call()
        # the pool looked up at each call: a wider caller may have replaced it meanwhile
        # (another job's turn between two of ours)
        return _submit(self.threads, run)

    def close(self) -> None:
        self._closed.set()


def run_on_threads(calls: list[Callable[[], object]], threads: int | None = None) -> None:
    """Run nogil kernel calls, at most ``threads`` at once (None: all of them at once), all
    finished on return: each a fraction of a second, so a stop is seen between such
    batches.  One thread (or one call) runs them in order on the calling thread.  The
    calls write their own outputs, so which thread ran which never changes a number."""
    width = len(calls) if threads is None else min(threads, len(calls))
    if width <= 1:
        for call in calls:
            call()
        return
    lanes = ThreadWidth(width)
    futures = [lanes.submit(call) for call in calls]
    wait(futures)
    for future in futures:
        future.result()  # raises what a call raised
