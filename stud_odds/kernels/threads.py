"""How numba runs the parallel kernels in this process, for callers outside kernels/."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import numba


def threading_layer() -> str | None:
    """numba's threading layer (``tbb``, ``omp``, ``workqueue``), or None while no parallel
    kernel has run in this process (numba has not chosen one yet)."""
    try:
        return numba.threading_layer()
    except ValueError:
        return None


@contextmanager
def at_most(threads: int) -> Iterator[None]:
    """numba's parallel loops use at most ``threads`` threads inside the block."""
    previous = numba.get_num_threads()
    numba.set_num_threads(max(1, min(threads, numba.config.NUMBA_NUM_THREADS)))
    try:
        yield
    finally:
        numba.set_num_threads(previous)


__all__ = ["at_most", "threading_layer"]
