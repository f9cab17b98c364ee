"""Combinations of deck positions, and the one place a player's completions are valued.

A completion is the set of cards a player still receives, as k positions
in the unseen deck.  Its colex rank, sum over its sorted positions p_j of
C(p_j, j + 1), indexes the tables of values: it grows by one term per
position, so a deal can look a player's value up without sorting anything.
"""

from __future__ import annotations

import numpy as np
from numba import njit, prange

from stud_odds.kernels import CACHE_KERNELS
from stud_odds.kernels.showdown import flat_lookups, hand_values, nested_lookups

POSITION_BITS = 6  # packed completions (heads-up counting): a position (< 64) per 6 bits
VALUE_CHUNKS = 64  # completions are valued in this many parallel chunks


@njit(cache=CACHE_KERNELS, inline="always")
def comb(n, k):
    """C(n, k); 0 when k is out of range."""
    if k < 0 or k > n:
        return 0
    result = 1
    for i in range(k):
        result = result * (n - i) // (i + 1)
    return result


@njit(cache=CACHE_KERNELS, inline="always")
def binomials(n, k):
    """choose[m, j] = C(m, j) for m < n and j <= k (colex ranks of combinations)."""
    choose = np.zeros((max(n, 1), k + 1), np.int64)
    for m in range(n):
        for j in range(k + 1):
            choose[m, j] = comb(m, j)
    return choose


@njit(cache=CACHE_KERNELS, inline="always")
def next_combination(index, k, n):
    """Advance index[0:k] to the next k-combination of range(n) in lexicographic order;
    False after the last."""
    i = k - 1
    while i >= 0 and index[i] == n - k + i:
        i -= 1
    if i < 0:
        return False
    index[i] += 1
    for j in range(i + 1, k):
        index[j] = index[j - 1] + 1
    return True


@njit(cache=CACHE_KERNELS, inline="always")
def unrank_combination(rank, k, n, index):
    """index[0:k] = the rank-th k-combination of range(n) in lexicographic order."""
    x = 0
    for i in range(k):
        while True:
            starting_here = comb(n - x - 1, k - i - 1)  # combinations whose i-th place is x
            if rank < starting_here:
                break
            rank -= starting_here
            x += 1
        index[i] = x
        x += 1


@njit(cache=CACHE_KERNELS, parallel=True)
def completion_values(game, deck, known, k, lookups, values):
    """Value one player's every completion by k cards of ``deck``, in parallel.

    known: (summed card_key, summed card_bit) of the player's known cards.
    values: (high, low, packed), arrays of C(len(deck), k) entries of any
    integer types: entry r is the completion of colex rank r, its high and low
    (showdown.hand_values) and, when ``packed`` is not empty, its positions
    packed POSITION_BITS bits each, lowest first.
    """
    high, low, packed = values
    n = len(deck)
    total = len(high)
    choose = binomials(n, k)
    flat = flat_lookups(lookups)
    for chunk in prange(VALUE_CHUNKS):
        start = chunk * total // VALUE_CHUNKS
        end = (chunk + 1) * total // VALUE_CHUNKS
        if start == end:
            continue
        index = np.empty(max(k, 1), np.int64)
        unrank_combination(start, k, n, index)
        chunk_lookups = nested_lookups(flat)
        for _ in range(start, end):
            key = known[0]
            bits = known[1]
            rank = 0
            code = np.int64(0)
            for j in range(k):
                card = deck[index[j]]
                key += chunk_lookups.card_key[card]
                bits |= chunk_lookups.card_bit[card]
                rank += choose[index[j], j + 1]
                code |= index[j] << (POSITION_BITS * j)
            high[rank], low[rank] = hand_values(game, key, bits, chunk_lookups)
            if len(packed):
                packed[rank] = code
            next_combination(index, k, n)
