"""Exact enumeration: every way to deal the remaining cards, tallied exactly.

The deal is a sequence of levels, one per player who still gets cards plus
one for a shared seventh-street card; level l takes level_k[l] cards (one
unordered combination: a player's unknown and future cards together) from
the deck positions the earlier levels left.  The combinations of level 0 are
given as rows and split among threads; the rest are walked depth first.
"""

from __future__ import annotations

import numpy as np
from numba import njit, prange

from stud_odds.kernels.showdown import score

COMMUNITY = -1  # level_player value of the shared seventh-street card


@njit(cache=True, inline="always")
def _next_combination(index, k, n):
    """Advance index[0:k] to the next k-combination of range(n); False after the last."""
    i = k - 1
    while i >= 0 and index[i] == n - k + i:
        i -= 1
    if i < 0:
        return False
    index[i] += 1
    for j in range(i + 1, k):
        index[j] = index[j - 1] + 1
    return True


@njit(cache=True, inline="always")
def _take(level, positions, count, deck, level_player, known_key, known_bits,
          card_key, card_bit, player_key, player_bits, community):
    """Give the cards at deck[positions[:count]] to the level's player (or the community)."""
    key = np.int64(0)
    bit = np.int64(0)
    for j in range(count):
        card = deck[positions[j]]
        key += card_key[card]
        bit |= card_bit[card]
    p = level_player[level]
    if p == COMMUNITY:
        community[0] = key
        community[1] = bit
    else:
        player_key[p] = known_key[p] + key
        player_bits[p] = known_bits[p] | bit


@njit(cache=True, parallel=True)
def enumerate_deals(game, deck, known_key, known_bits, level_player, level_k, first_rows,
                    blocks, card_key, card_bit, tables, classes_of, tally, classes, table):
    """Tally every deal; block b handles rows b, b + blocks, ... of first_rows."""
    n = len(known_key)
    levels = len(level_k)
    size = len(deck)
    max_k = 1
    for level in range(levels):
        max_k = max(max_k, level_k[level])
    for b in prange(blocks):
        player_key = known_key.copy()
        player_bits = known_bits.copy()
        community = np.zeros(2, np.int64)
        keys = np.empty(n, np.int64)
        bits = np.empty(n, np.int64)
        highs = np.empty(n, np.int64)
        lows = np.empty(n, np.int64)
        index = np.zeros((levels, max_k), np.int64)  # combination, as places in `free`
        free = np.zeros((levels, size), np.int64)  # deck positions left for each level
        free_count = np.zeros(levels, np.int64)
        used = np.zeros(levels, np.uint64)  # positions taken by earlier levels
        chosen = np.zeros(max_k, np.int64)
        for row in range(b, first_rows.shape[0], blocks):
            _take(0, first_rows[row], level_k[0], deck, level_player, known_key, known_bits,
                  card_key, card_bit, player_key, player_bits, community)
            taken = np.uint64(0)
            for j in range(level_k[0]):
                taken |= np.uint64(1) << np.uint64(first_rows[row, j])
            level = 0
            while True:
                if level < levels - 1:
                    # descend: the next level chooses among the positions still free
                    level += 1
                    if level == 1:
                        used[1] = taken
                    else:
                        mask = used[level - 1]
                        for j in range(level_k[level - 1]):
                            mask |= np.uint64(1) << np.uint64(free[level - 1, index[level - 1, j]])
                        used[level] = mask
                    count = 0
                    for pos in range(size):
                        if not (used[level] >> np.uint64(pos)) & np.uint64(1):
                            free[level, count] = pos
                            count += 1
                    free_count[level] = count
                    for j in range(level_k[level]):
                        index[level, j] = j
                else:
                    for p in range(n):
                        keys[p] = player_key[p] + community[0]
                        bits[p] = player_bits[p] | community[1]
                    score(game, n, keys, bits, tables, classes_of, highs, lows,
                          tally[b], classes[b], table[b])
                    # advance the deepest level that has a next combination
                    while level >= 1 and not _next_combination(
                        index[level], level_k[level], free_count[level]
                    ):
                        level -= 1
                    if level == 0:
                        break
                k = level_k[level]
                for j in range(k):
                    chosen[j] = free[level, index[level, j]]
                _take(level, chosen, k, deck, level_player, known_key, known_bits,
                      card_key, card_bit, player_key, player_bits, community)
