"""Exact enumeration: every way to deal the remaining cards, tallied exactly.

The deal is a sequence of levels, one per player who still gets cards plus
one for a shared seventh-street card; level l takes level_k[l] cards (one
unordered combination: a player's unknown and future cards together) from
the deck positions the earlier levels left, in lexicographic order, so
level l always has C(positions left, level_k[l]) choices whatever the earlier
levels took.  The first ``outer`` levels' choices together are one mixed-radix
number (the outer index); a call deals the outer indices start .. start +
count - 1 and everything below them, depth first.  Callers cut the work into
such ranges: memory stays flat and each call is short (Ctrl-C is seen between
calls), whatever the spot.

Without a shared card only the last level's player changes in the innermost
loop, so every other player is valued when their level is dealt, and their
hand classes are counted once with the number of deals below as the weight.
With a shared card (always the last level) every player changes with it and
all are valued per deal.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from stud_odds.kernels import CACHE_KERNELS
from stud_odds.kernels.layout import CLASS_COLUMNS, GAME_RAZZ, GAME_STUD, GAME_STUD8
from stud_odds.kernels.showdown import (
    add_outcome,
    award_outcomes,
    count_classes,
    count_scoop,
    hand_values,
    new_outcomes,
    winners,
)

COMMUNITY = -1  # level_player value of the shared seventh-street card


@njit(cache=CACHE_KERNELS, inline="always")
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
def _binomials(n, k):
    """choose[m, j] = C(m, j) for m < n and j <= k (colex ranks of combinations)."""
    choose = np.zeros((max(n, 1), k + 1), np.int64)
    for m in range(n):
        for j in range(k + 1):
            choose[m, j] = comb(m, j)
    return choose


@njit(cache=CACHE_KERNELS, inline="always")
def _completion_values(game, deck, known_key, known_bits, k, card_key, card_bit, tables,
                       high, low):
    """high[r], low[r]: the player's values with the r-th k-combination (colex order) of
    the deck positions added to the known cards (``known_key``, ``known_bits``)."""
    size = len(deck)
    choose = _binomials(size, k)
    index = np.arange(k)
    while True:
        key = known_key
        bit = known_bits
        rank = 0
        for j in range(k):
            key += card_key[deck[index[j]]]
            bit |= card_bit[deck[index[j]]]
            rank += choose[index[j], j + 1]
        high[rank], low[rank] = hand_values(game, key, bit, tables)
        if not _next_combination(index, k, size):
            break


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


@njit(cache=CACHE_KERNELS, inline="always")
def _deal_range(game, start, count, outer, deck, known_key, known_bits, level_player, level_k,
                level_high, level_low, card_key, card_bit, tables, classes_of, track_scoops,
                tally, classes, table):
    """Tally every deal whose outer index is in start .. start + count - 1.

    With value tables (level_high has columns) a level's player is valued by
    looking up the colex rank of the chosen deck positions in level_high[l] and
    level_low[l] (completion_values) instead of the evaluator's large tables.
    Inlined into the entry point, as montecarlo._chunk is (a separate call ran
    at a third of the speed)."""
    n = len(known_key)
    levels = len(level_k)
    last = levels - 1
    size = len(deck)
    shared = level_player[last] == COMMUNITY
    max_k = 1
    for level in range(levels):
        max_k = max(max_k, level_k[level])
    # free_at[l]: positions level l chooses from; choices[l]: its combinations;
    # below[l]: deals under one combination of level l
    free_at = np.zeros(levels, np.int64)
    choices = np.ones(levels, np.int64)
    left = size
    for level in range(levels):
        free_at[level] = left
        choices[level] = comb(left, level_k[level])
        left -= level_k[level]
    below = np.ones(levels, np.int64)
    for level in range(last - 1, -1, -1):
        below[level] = below[level + 1] * choices[level + 1]
    deepest_outer = outer - 1

    player_key = known_key.copy()
    player_bits = known_bits.copy()
    highs = np.zeros(n, np.int64)
    lows = np.zeros(n, np.int64)
    own_classes = np.zeros((n, CLASS_COLUMNS), np.int64)  # local: no sharing between threads
    counts = new_outcomes(game, n)
    index = np.zeros((levels, max_k), np.int64)  # combination, as places in `free`
    free = np.zeros((levels, size), np.int64)  # deck positions left for each level
    free_key = np.zeros((levels, size), np.int64)  # ... and their cards' keys
    free_bit = np.zeros((levels, size), np.int64)
    free_count = np.zeros(levels, np.int64)
    used = np.zeros(levels, np.uint64)  # positions taken by earlier levels
    community_key = np.int64(0)
    community_bit = np.int64(0)
    valued_by_table = level_high.shape[1] > 0
    choose = _binomials(size, max_k)
    if count <= 0:
        return

    # the outer levels start at `start`, a mixed-radix number (last outer level lowest)
    rank = start
    for level in range(deepest_outer, -1, -1):
        unrank_combination(rank % choices[level], level_k[level], free_at[level],
                            index[level])
        rank //= choices[level]
    for pos in range(size):
        free[0, pos] = pos
        free_key[0, pos] = card_key[deck[pos]]
        free_bit[0, pos] = card_bit[deck[pos]]
    free_count[0] = size

    if not shared:
        # players dealt nothing keep one hand through every deal of the range
        dealt = np.zeros(n, np.bool_)
        for level in range(levels):
            dealt[level_player[level]] = True
        for p in range(n):
            if not dealt[p]:
                highs[p], lows[p] = hand_values(game, known_key[p], known_bits[p], tables)
                count_classes(game, own_classes, p, highs[p], lows[p], classes_of,
                              count * below[deepest_outer])

    done = 0
    level = 0
    while True:
        # the combination index[level] of `level` is chosen: give its cards out
        p = level_player[level]
        if valued_by_table:
            rank = 0
            for j in range(level_k[level]):
                rank += choose[free[level, index[level, j]], j + 1]
            highs[p] = level_high[level, rank]
            lows[p] = level_low[level, rank]
        else:
            key = np.int64(0)
            bit = np.int64(0)
            for j in range(level_k[level]):
                key += free_key[level, index[level, j]]
                bit |= free_bit[level, index[level, j]]
            if p == COMMUNITY:
                community_key = key
                community_bit = bit
            else:
                player_key[p] = known_key[p] + key
                player_bits[p] = known_bits[p] | bit
                if not shared:
                    highs[p], lows[p] = hand_values(game, player_key[p], player_bits[p],
                                                    tables)
        if p != COMMUNITY and not shared and level >= deepest_outer:
            count_classes(game, own_classes, p, highs[p], lows[p], classes_of, below[level])
        if level == deepest_outer and not shared:
            # players of the higher outer levels: their share of this range is counted here,
            # a whole outer index at a time (a range may hold part of their subtree)
            for upper in range(deepest_outer):
                q = level_player[upper]
                count_classes(game, own_classes, q, highs[q], lows[q], classes_of,
                              below[deepest_outer])
        if level < last:
            # descend: the next level chooses among the positions still free
            level += 1
            mask = used[level - 1]
            for j in range(level_k[level - 1]):
                mask |= np.uint64(1) << np.uint64(free[level - 1, index[level - 1, j]])
            used[level] = mask
            free_count[level] = 0
            for pos in range(size):
                if not (mask >> np.uint64(pos)) & np.uint64(1):
                    c = free_count[level]
                    free[level, c] = pos
                    free_key[level, c] = card_key[deck[pos]]
                    free_bit[level, c] = card_bit[deck[pos]]
                    free_count[level] = c + 1
            if level > deepest_outer:  # inner levels start over; outer ones are set by the carry
                for j in range(level_k[level]):
                    index[level, j] = j
            continue
        # a complete deal
        if shared:
            for q in range(n):
                highs[q], lows[q] = hand_values(game, player_key[q] + community_key,
                                                player_bits[q] | community_bit, tables)
                count_classes(game, own_classes, q, highs[q], lows[q], classes_of, 1)
        high_mask, low_mask = winners(game, n, highs, lows)
        add_outcome(counts, high_mask, low_mask)
        if track_scoops:  # off unless asked: it costs a quarter of the trial rate
            count_scoop(game, own_classes, high_mask, low_mask, highs, lows, classes_of)
        # advance the deepest inner level that has a next combination
        while level > deepest_outer and not _next_combination(
            index[level], level_k[level], free_count[level]
        ):
            level -= 1
        if level > deepest_outer:
            continue
        # every deal under this outer index is done: on to the next outer index
        done += 1
        if done == count:
            break
        level = deepest_outer
        while not _next_combination(index[level], level_k[level], free_count[level]):
            for j in range(level_k[level]):  # this digit wraps round and the next one carries
                index[level, j] = j
            level -= 1
    award_outcomes(game, n, counts, tally, table)
    classes += own_classes


def _entry_points(game):
    """The enumeration entry points of one game: ``game`` is a compile-time constant, so
    only the game asked for is compiled and its game branches fold away."""

    @njit(cache=CACHE_KERNELS, nogil=True)
    def enumerate_range(start, count, outer, deck, known_key, known_bits, level_player,
                        level_k, level_high, level_low, card_key, card_bit, tables, classes_of,
                        track_scoops, tally, classes, table):
        """Tally every deal whose first ``outer`` levels' joint index is in start ..
        start + count - 1, adding to one set of tallies.  The caller runs ranges on its
        threads (nogil)."""
        _deal_range(game, start, count, outer, deck, known_key, known_bits, level_player,
                    level_k, level_high, level_low, card_key, card_bit, tables, classes_of,
                    track_scoops, tally, classes, table)

    @njit(cache=CACHE_KERNELS, nogil=True)
    def completion_values(deck, known_key, known_bits, k, card_key, card_bit, tables, high,
                          low):
        """Value a player's every completion by k cards of the deck, once, so that
        enumeration looks values up in a table that stays in cache."""
        _completion_values(game, deck, known_key, known_bits, k, card_key, card_bit, tables,
                           high, low)

    return enumerate_range, completion_values


# (enumerate_range, completion_values) by game kernel id
ENUMERATE = tuple(_entry_points(game) for game in (GAME_STUD, GAME_STUD8, GAME_RAZZ))
