"""Combinations of deck positions, and the one place a player's completions are valued.

A completion is the set of cards a player still receives, as k positions
in the unseen deck.  Its colex rank, sum over its sorted positions p_j of
C(p_j, j + 1), indexes the tables of values: it grows by one term per
position, so a deal can look a player's value up without sorting anything.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from stud_odds.kernels import CACHE_KERNELS
from stud_odds.kernels.showdown import hand_values

POSITION_BITS = 6  # packed completions (heads-up counting): a position (< 64) per 6 bits
POSITION_MASK = (1 << POSITION_BITS) - 1


@njit(cache=CACHE_KERNELS, inline="always")
def packed_position(code, i):
    """The i-th position (lowest first) of a packed completion or hand."""
    return (code >> (POSITION_BITS * i)) & POSITION_MASK


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


@njit(cache=CACHE_KERNELS, nogil=True)
def completion_values(game, deck, known, k, lookups, values, first, last):
    """Value the completions by k cards of ``deck`` that come first .. last - 1 in
    lexicographic order, of one player.

    known: (summed card_key, summed card_bit) of the player's known cards.
    values: (high, low, packed), arrays of C(len(deck), k) entries of any
    integer types: entry r is the completion of colex rank r, its high and low
    (showdown.hand_values) and, when ``packed`` is not empty, its positions
    packed POSITION_BITS bits each, lowest first.  No parallel loop (each costs
    seconds of compiling): the engine values in parallel all the same, running
    pieces of the completions at once on its own threads (nogil;
    engine/running.value_completions).
    """
    if first < last:
        index = np.empty(max(k, 1), np.int64)
        _value_range(game, deck, known, k, lookups, values, (first, last),
                     (binomials(len(deck), k), index))


# without reference counting: numba counts references to the tables taken in the loop
# (atomic increments), which ran it at a third of the speed
@njit(cache=CACHE_KERNELS, nogil=True, _nrt=False)
def _value_range(game, deck, known, k, lookups, values, span, scratch):
    """completion_values of span = (first, last), given scratch = (choose =
    binomials(len(deck), k), index: room for k positions)."""
    high, low, packed = values
    first, last = span
    choose, index = scratch
    n = len(deck)
    unrank_combination(first, k, n, index)
    for _ in range(first, last):
        key = known[0]
        bits = known[1]
        rank = 0
        code = np.int64(0)
        for j in range(k):
            card = deck[index[j]]
            key += lookups.card_key[card]
            bits |= lookups.card_bit[card]
            rank += choose[index[j], j + 1]
            code |= index[j] << (POSITION_BITS * j)
        high[rank], low[rank] = hand_values(game, key, bits, lookups)
        if len(packed):
            packed[rank] = code
        next_combination(index, k, n)
