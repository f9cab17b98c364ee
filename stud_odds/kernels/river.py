"""The seventh-street solver's hot loop: showdown sums over two ranges (solver/showdown.py).

Two steps, each a plain loop numba compiles (solver.showdown.sums_twin is the same by
numpy, with the same additions in the same order, so the same numbers):

* ``running_sums``: C[e + 1, t] = C[e, t] + weights[owner[e], t], from C[0] = 0: the asked
  player's weights in the order of his sorted entries, one column per point of the
  betting;
* ``query_sums``: for the asking combos start..end, each query group's sum over the
  subsets of sign * ((C[lower] + C[upper]) / 2 - C[start]).

Both release the GIL, so the solver runs pieces of ``query_sums`` on its threads.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from stud_odds.kernels import CACHE_KERNELS

SUBSET_COUNT = 8  # the subsets of three hole cards
# sign of each subset, in solver.showdown.SUBSETS' order: (), three singles, three pairs, all
SUBSET_SIGNS = (1.0, -1.0, -1.0, -1.0, 1.0, 1.0, 1.0, -1.0)


@njit(cache=CACHE_KERNELS, nogil=True)
def running_sums(owner, weights, running, first, last):
    """running[e + 1, t] = running[e, t] + weights[owner[e], t], running[0, t] = 0, for the
    columns first <= t < last."""
    for t in range(first, last):
        running[0, t] = 0.0
    for e in range(owner.shape[0]):
        row = owner[e]
        for t in range(first, last):
            running[e + 1, t] = running[e, t] + weights[row, t]


@njit(cache=CACHE_KERNELS, nogil=True)
def query_sums(running, queries, scored, start, end, out):
    """out[i, g, t] for start <= i < end: the sum over subsets k of SUBSET_SIGNS[k] *
    ((running[lower, t] + running[upper, t]) / 2 - running[first, t]), for every column t
    in group 0 (the totals) and the first ``scored`` columns in the others (out's other
    entries are left as they are)."""
    groups = queries.shape[1]
    signs = np.array(SUBSET_SIGNS)
    for i in range(start, end):
        for g in range(groups):
            columns = running.shape[1] if g == 0 else scored
            for t in range(columns):
                out[i, g, t] = 0.0
            for k in range(SUBSET_COUNT):
                lower = queries[i, g, k, 0]
                upper = queries[i, g, k, 1]
                first = queries[i, g, k, 2]
                if signs[k] > 0:
                    for t in range(columns):
                        out[i, g, t] += 0.5 * (running[lower, t] + running[upper, t]) \
                            - running[first, t]
                else:
                    for t in range(columns):
                        out[i, g, t] -= 0.5 * (running[lower, t] + running[upper, t]) \
                            - running[first, t]
