"""Five-card hand codes: one integer per hand class, ordered like the hands.

A code is ``category << 20`` plus up to five 4-bit ranks, ordered by how many
times each rank appears and then by rank, highest first.  Comparing codes
compares hands.  These functions are slow-but-simple building blocks for the
lookup tables in :mod:`stud_odds.kernels.evaluate`; they are not hot.
"""

from __future__ import annotations

import numpy as np
from numba import njit

# High categories (larger is better).
HIGH_CARD, ONE_PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL_HOUSE, QUADS, STRAIGHT_FLUSH = range(9)
HIGH_CATEGORY_NAMES = (
    "high card", "one pair", "two pair", "three of a kind", "straight", "flush",
    "full house", "four of a kind", "straight flush",
)
# Ace-to-five low categories (smaller is better): only pairing matters.
LOW_NO_PAIR, LOW_PAIR, LOW_TWO_PAIR, LOW_TRIPS, LOW_FULL_HOUSE, LOW_QUADS = range(6)
CATEGORY_SHIFT = 20


@njit(cache=True)
def _grouped_code(counts, category):
    """category << 20 | ranks ordered by (count desc, rank desc), 4 bits each."""
    code = category
    slots = 0
    for count in range(4, 0, -1):
        for rank in range(12, -1, -1):
            if counts[rank] == count:
                code = (code << 4) | rank
                slots += 1
    while slots < 5:
        code <<= 4
        slots += 1
    return code


@njit(cache=True)
def high_code5(ranks, flush):
    """Code of a five-card high hand given its five ranks (0 = deuce .. 12 = ace)."""
    counts = np.zeros(13, np.int64)
    for r in ranks:
        counts[r] += 1
    most = 0
    pairs = 0
    for r in range(13):
        if counts[r] > most:
            most = counts[r]
        if counts[r] == 2:
            pairs += 1
    if most == 1:
        top = -1
        # five distinct ranks: straight when they are consecutive, or A-2-3-4-5
        mask = 0
        for r in ranks:
            mask |= 1 << r
        for hi in range(12, 3, -1):
            run = 0b11111 << (hi - 4)
            if mask == run:
                top = hi
        if mask == 0b1000000001111:
            top = 3  # the wheel: five-high
        if top >= 0:
            category = STRAIGHT_FLUSH if flush else STRAIGHT
            return (category << 20) | (top << 16)
        return _grouped_code(counts, FLUSH if flush else HIGH_CARD)
    if most == 4:
        return _grouped_code(counts, QUADS)
    if most == 3:
        return _grouped_code(counts, FULL_HOUSE if pairs == 1 else TRIPS)
    return _grouped_code(counts, TWO_PAIR if pairs == 2 else ONE_PAIR)


@njit(cache=True)
def low_code5(ranks):
    """Ace-to-five code of five ranks (ace low; straights and flushes ignored; smaller wins)."""
    counts = np.zeros(13, np.int64)
    for r in ranks:
        counts[(r + 1) % 13] += 1  # ace-low rank: ace 0, deuce 1, ..., king 12
    most = 0
    pairs = 0
    for r in range(13):
        if counts[r] > most:
            most = counts[r]
        if counts[r] == 2:
            pairs += 1
    if most == 1:
        category = LOW_NO_PAIR
    elif most == 2:
        category = LOW_TWO_PAIR if pairs == 2 else LOW_PAIR
    elif most == 3:
        category = LOW_FULL_HOUSE if pairs == 1 else LOW_TRIPS
    else:
        category = LOW_QUADS
    return _grouped_code(counts, category)


@njit(cache=True)
def best_codes(ranks, flush):
    """Best high code and best ace-to-five code over every five-card subset of ranks."""
    n = len(ranks)
    best_high = -1
    best_low = 1 << 40
    five = np.empty(5, np.int64)
    for a in range(n):
        for b in range(a + 1, n):
            for c in range(b + 1, n):
                for d in range(c + 1, n):
                    for e in range(d + 1, n):
                        five[0] = ranks[a]
                        five[1] = ranks[b]
                        five[2] = ranks[c]
                        five[3] = ranks[d]
                        five[4] = ranks[e]
                        h = high_code5(five, flush)
                        if h > best_high:
                            best_high = h
                        lo = low_code5(five)
                        if lo < best_low:
                            best_low = lo
    return best_high, best_low


@njit(cache=True)
def best_codes_rows(rows, flush):
    """best_codes for every row of a 2-D array of ranks."""
    n = rows.shape[0]
    highs = np.empty(n, np.int64)
    lows = np.empty(n, np.int64)
    for i in range(n):
        highs[i], lows[i] = best_codes(rows[i], flush)
    return highs, lows
