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
from stud_odds.kernels.bundles import COMMUNITY
from stud_odds.kernels.completions import binomials, comb, next_combination, unrank_combination
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


@njit(cache=CACHE_KERNELS, inline="always")
def _deal_range(game, spot, levels, lookups, start, count, tally):
    """Tally every deal whose outer index is in start .. start + count - 1.

    With value tables (levels.high has columns) a level's player is valued by
    looking up the colex rank of the chosen deck positions in levels.high[l] and
    levels.low[l] (completion_values) instead of the evaluator's large tables.
    Inlined into the entry point (a separate call ran at a third of the speed)."""
    deck = spot.deck
    known_key = spot.known_key
    known_bits = spot.known_bits
    track_scoops = spot.track_scoops
    level_player = levels.player
    level_k = levels.k
    level_high = levels.high
    level_low = levels.low
    outer = levels.outer
    card_key = lookups.card_key
    card_bit = lookups.card_bit
    n = len(known_key)
    depth = len(level_k)
    last = depth - 1
    size = len(deck)
    shared = level_player[last] == COMMUNITY
    max_k = 1
    for level in range(depth):
        max_k = max(max_k, level_k[level])
    # free_at[l]: positions level l chooses from; choices[l]: its combinations;
    # below[l]: deals under one combination of level l
    free_at = np.zeros(depth, np.int64)
    choices = np.ones(depth, np.int64)
    left = size
    for level in range(depth):
        free_at[level] = left
        choices[level] = comb(left, level_k[level])
        left -= level_k[level]
    below = np.ones(depth, np.int64)
    for level in range(last - 1, -1, -1):
        below[level] = below[level + 1] * choices[level + 1]
    deepest_outer = outer - 1

    player_key = known_key.copy()
    player_bits = known_bits.copy()
    highs = np.zeros(n, np.int64)
    lows = np.zeros(n, np.int64)
    own_classes = np.zeros((n, CLASS_COLUMNS), np.int64)  # local: no sharing between threads
    counts = new_outcomes(game, n)
    index = np.zeros((depth, max_k), np.int64)  # combination, as places in `free`
    free = np.zeros((depth, size), np.int64)  # deck positions left for each level
    free_key = np.zeros((depth, size), np.int64)  # ... and their cards' keys
    free_bit = np.zeros((depth, size), np.int64)
    free_count = np.zeros(depth, np.int64)
    used = np.zeros(depth, np.uint64)  # positions taken by earlier levels
    community_key = np.int64(0)
    community_bit = np.int64(0)
    valued_by_table = level_high.shape[1] > 0
    choose = binomials(size, max_k)
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
        for level in range(depth):
            dealt[level_player[level]] = True
        for p in range(n):
            if not dealt[p]:
                highs[p], lows[p] = hand_values(game, known_key[p], known_bits[p], lookups)
                count_classes(game, own_classes, p, highs[p], lows[p], lookups,
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
                                                    lookups)
        if p != COMMUNITY and not shared and level >= deepest_outer:
            count_classes(game, own_classes, p, highs[p], lows[p], lookups, below[level])
        if level == deepest_outer and not shared:
            # players of the higher outer levels: their share of this range is counted here,
            # a whole outer index at a time (a range may hold part of their subtree)
            for upper in range(deepest_outer):
                q = level_player[upper]
                count_classes(game, own_classes, q, highs[q], lows[q], lookups,
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
                                                player_bits[q] | community_bit, lookups)
                count_classes(game, own_classes, q, highs[q], lows[q], lookups, 1)
        high_mask, low_mask = winners(game, n, highs, lows)
        add_outcome(counts, high_mask, low_mask)
        if track_scoops:  # off unless asked: it costs a quarter of the trial rate
            count_scoop(game, own_classes, high_mask, low_mask, highs, lows, lookups)
        # advance the deepest inner level that has a next combination
        while level > deepest_outer and not next_combination(
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
        while not next_combination(index[level], level_k[level], free_count[level]):
            for j in range(level_k[level]):  # this digit wraps round and the next one carries
                index[level, j] = j
            level -= 1
    award_outcomes(game, n, counts, tally)
    classes = tally.classes
    classes += own_classes


def _enumerate_range(game):
    """The enumeration entry point of one game: ``game`` is a compile-time constant, so
    only the game asked for is compiled and its game branches fold away."""

    @njit(cache=CACHE_KERNELS, nogil=True)
    def enumerate_range(spot, levels, lookups, start, count, tally):
        """Tally every deal whose first ``levels.outer`` levels' joint index is in start ..
        start + count - 1, adding to ``tally``.  The caller runs ranges on its threads
        (nogil)."""
        _deal_range(game, spot, levels, lookups, start, count, tally)

    return enumerate_range


# by game kernel id
ENUMERATE = tuple(_enumerate_range(game) for game in (GAME_STUD, GAME_STUD8, GAME_RAZZ))
