"""Exact enumeration: every way to deal the remaining cards, tallied exactly.

The deal is a sequence of levels, one per player who still gets cards plus
one for a shared seventh-street card; level l takes level_k[l] cards (one
unordered combination: a player's unknown and future cards together) from
the deck positions the earlier levels left.  The combinations of level 0 are
given as rows and split among threads; the rest are walked depth first.

Without a shared card only the last level's player changes in the innermost
loop, so every other player is valued when their level is dealt, and their
hand classes are counted once with the number of deals below that level as
the weight.  With a shared card (always the last level) every player changes
with it and all are valued per deal.
"""

from __future__ import annotations

import numpy as np
from numba import njit, prange

from stud_odds.kernels.showdown import (
    CLASS_COLUMNS,
    GAME_RAZZ,
    GAME_STUD,
    GAME_STUD8,
    add_outcome,
    award_outcomes,
    count_classes,
    count_scoop,
    hand_values,
    new_outcomes,
    winners,
)

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
def _comb(n, k):
    result = 1
    for i in range(k):
        result = result * (n - i) // (i + 1)
    return result


@njit(cache=True)
def _block(b, blocks, game, deck, known_key, known_bits, level_player, level_k, first_rows,
           card_key, card_bit, tables, classes_of, track_scoops, tally, classes, table):
    """Tally every deal whose level-0 combination is row b, b + blocks, ... of first_rows."""
    n = len(known_key)
    levels = len(level_k)
    last = levels - 1
    size = len(deck)
    shared = level_player[last] == COMMUNITY
    max_k = 1
    for level in range(levels):
        max_k = max(max_k, level_k[level])
    # below[l]: deals under one combination of level l (the later levels' choices)
    below = np.ones(levels, np.int64)
    left = size
    for level in range(levels):
        left -= level_k[level]
    for level in range(last - 1, -1, -1):
        below[level] = below[level + 1] * _comb(left + level_k[level + 1], level_k[level + 1])
        left += level_k[level + 1]

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

    rows = len(range(b, first_rows.shape[0], blocks))
    if not shared:
        # players dealt nothing keep one hand through every deal of the block
        dealt = np.zeros(n, np.bool_)
        for level in range(levels):
            dealt[level_player[level]] = True
        for p in range(n):
            if not dealt[p]:
                highs[p], lows[p] = hand_values(game, known_key[p], known_bits[p], tables)
                count_classes(game, own_classes, p, highs[p], lows[p], classes_of,
                              rows * below[0])

    for row in range(b, first_rows.shape[0], blocks):
        level = 0
        key = np.int64(0)
        bit = np.int64(0)
        taken = np.uint64(0)
        for j in range(level_k[0]):
            card = deck[first_rows[row, j]]
            key += card_key[card]
            bit |= card_bit[card]
            taken |= np.uint64(1) << np.uint64(first_rows[row, j])
        while True:
            # the cards (key, bit) of `level` are chosen: give them out
            p = level_player[level]
            if p == COMMUNITY:
                community_key = key
                community_bit = bit
            else:
                player_key[p] = known_key[p] + key
                player_bits[p] = known_bits[p] | bit
                if level < last or not shared:
                    highs[p], lows[p] = hand_values(game, player_key[p], player_bits[p], tables)
                    count_classes(game, own_classes, p, highs[p], lows[p], classes_of,
                                  below[level])
            if level < last:
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
                        free_key[level, count] = card_key[deck[pos]]
                        free_bit[level, count] = card_bit[deck[pos]]
                        count += 1
                free_count[level] = count
                for j in range(level_k[level]):
                    index[level, j] = j
            else:
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
                # advance the deepest level that has a next combination
                while level >= 1 and not _next_combination(
                    index[level], level_k[level], free_count[level]
                ):
                    level -= 1
                if level == 0:
                    break
            key = np.int64(0)
            bit = np.int64(0)
            for j in range(level_k[level]):
                key += free_key[level, index[level, j]]
                bit |= free_bit[level, index[level, j]]
    award_outcomes(game, n, counts, tally, table)
    classes += own_classes


@njit(cache=True, parallel=True)
def enumerate_deals(game, deck, known_key, known_bits, level_player, level_k, first_rows,
                    blocks, card_key, card_bit, tables, classes_of, track_scoops, tally, classes,
                    table):
    """Tally every deal; block b handles rows b, b + blocks, ... of first_rows."""
    for b in prange(blocks):
        # the game as a constant: _block is compiled once per game and its game
        # branches fold away (as in montecarlo.py)
        if game == GAME_STUD:
            _block(b, blocks, GAME_STUD, deck, known_key, known_bits, level_player, level_k,
                   first_rows, card_key, card_bit, tables, classes_of, track_scoops, tally[b],
                   classes[b], table[b])
        elif game == GAME_STUD8:
            _block(b, blocks, GAME_STUD8, deck, known_key, known_bits, level_player, level_k,
                   first_rows, card_key, card_bit, tables, classes_of, track_scoops, tally[b],
                   classes[b], table[b])
        else:
            _block(b, blocks, GAME_RAZZ, deck, known_key, known_bits, level_player, level_k,
                   first_rows, card_key, card_bit, tables, classes_of, track_scoops, tally[b],
                   classes[b], table[b])
