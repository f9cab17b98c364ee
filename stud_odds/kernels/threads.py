"""How numba runs the parallel kernels in this process, for callers outside kernels/."""

from __future__ import annotations

import numba


def threading_layer() -> str | None:
    """numba's threading layer (``tbb``, ``omp``, ``workqueue``), or None while no parallel
    kernel has run in this process (numba has not chosen one yet)."""
    try:
        return numba.threading_layer()
    except ValueError:
        return None


__all__ = ["threading_layer"]
