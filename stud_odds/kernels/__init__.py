"""numba kernels: plain int arrays in, integer values and tallies out.

Nothing here knows about parsing, scenarios or printing.  Importing this
package imports neither numba nor anything that touches the disk (``tables``,
``codes`` and ``layout`` are plain numpy and Python, for callers that only
need the tables or the pot's units); the first kernel module that reads
``CACHE_KERNELS`` puts our kernels' compiled files in stud-odds' cache folder
(:mod:`stud_odds.kernels.locator`).
"""

from __future__ import annotations


def __getattr__(name: str) -> bool:
    # CACHE_KERNELS, the cache=... of every kernel: False when nothing can be written
    # (compile in memory).  Decided on first use, not at import, so a rules question that
    # imports kernels.layout never creates a cache folder.
    if name != "CACHE_KERNELS":
        raise AttributeError(f"module 'stud_odds.kernels' has no attribute {name!r}")
    from stud_odds.kernels.locator import cache_kernels

    value = globals()["CACHE_KERNELS"] = cache_kernels()
    return value
