"""Exact enumeration: every way to deal the remaining cards, tallied exactly.

The deal is a sequence of levels, one per player who still gets cards (a
shared seventh-street card is not a level: the engine deals it first, one
card at a time).  Level l takes k[l] cards, one unordered combination, from
the deck positions the earlier levels left, so it has C(positions left,
k[l]) choices whatever the earlier levels took.

The last level is the inner loop: for every choice of the levels above it
(a "parent"), the best high and low among the other players are known, and
each of the last player's completions from the free positions is looked up in
its value table and only compared with them, counting how many beat, tie or
lose to them in a handful of cells.  Each cell becomes one outcome count per
parent.  So a deal costs a table look-up and a compare; no hand is valued
and no winner searched per deal.

The choices of the first ``outer`` levels together are one mixed-radix number
(the outer index); a range deals the outer indices start .. start + count - 1
and everything below them.  The engine cuts the work into such ranges, each a
short call on one of its threads: memory stays flat and Ctrl-C is seen between
calls.  A single level (or none: a showdown) has no parents:
its ranges are ranges of its own completions, valued as they come.

Hand classes: the parents' players (and the players dealt nothing) are counted
per parent with the number of deals below as the weight; the last level's
player is left to the engine, which counts each completion's class from the
value table once with the number of deals it is in (the same for every
completion).  Scooping hands, when tracked, are counted per deal.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from stud_odds.kernels import CACHE_KERNELS
from stud_odds.kernels.completions import binomials, comb, next_combination, unrank_combination
from stud_odds.kernels.layout import GAME_RAZZ, GAME_STUD, GAME_STUD8, NOBODY_HIGH, NOBODY_LOW
from stud_odds.kernels.showdown import (
    award_outcomes,
    count_classes,
    hand_values,
    jit_sole_winner,
    new_outcomes,
    scoop_column,
)
from stud_odds.kernels.tables import NO_LOW

VALUE_SHIFT = 16  # a value table entry is high << VALUE_SHIFT | low
LOW_BITS = (1 << VALUE_SHIFT) - 1


@njit(cache=CACHE_KERNELS, inline="always")
def _with_player(game, best, high, low, bit):
    """best = (high, high winners, low, low winners) after one more player's hand."""
    best_high, high_mask, best_low, low_mask = best
    if game != GAME_RAZZ:
        if high > best_high:
            best_high, high_mask = high, bit
        elif high == best_high:
            high_mask |= bit
    if game != GAME_STUD:
        if low < best_low:
            best_low, low_mask = low, bit
        elif low == best_low:
            low_mask |= bit
    return best_high, high_mask, best_low, low_mask


@njit(cache=CACHE_KERNELS, inline="always")
def _cell(game, value, best_high, best_low):
    """The cell of a last-level value against the others' best: per half, 0 the last
    player alone, 1 a tie, 2 the others (stud8: 3 * high + low)."""
    high = value >> VALUE_SHIFT
    low = value & LOW_BITS
    high_cell = np.int64(high <= best_high) + np.int64(high < best_high)
    low_cell = np.int64(low >= best_low) + np.int64(low > best_low)
    if game == GAME_STUD:
        return high_cell
    if game == GAME_RAZZ:
        return low_cell
    return 3 * high_cell + low_cell


@njit(cache=CACHE_KERNELS, inline="always")
def _cell_winners(game, cell, best, bit):
    """(high winners, low winners) of a cell (see _cell) given the others' best."""
    best_high, high_mask, best_low, low_mask = best
    high_cell, low_cell = cell, cell
    if game == GAME_STUD8:
        high_cell, low_cell = cell // 3, cell % 3
    high = 0
    low = 0
    if game != GAME_RAZZ:
        high = bit if high_cell == 0 else (high_mask | bit if high_cell == 1 else high_mask)
    if game != GAME_STUD:
        if low_cell == 0:
            low = bit
        elif low_cell == 2:
            low = low_mask
        elif game == GAME_RAZZ or best_low != NO_LOW:  # a tie at "no low" wins nothing
            low = low_mask | bit
    return high, low


@njit(cache=CACHE_KERNELS, inline="always")
def _last_player_scoops(game, best, p, scoops_by_cell):
    """scoops_by_cell[cell]: whether the last player p takes the whole pot alone in it."""
    for cell in range(len(scoops_by_cell)):
        high_mask, low_mask = _cell_winners(game, cell, best, np.int64(1) << p)
        scoops_by_cell[cell] = jit_sole_winner(game, high_mask, low_mask) == np.int64(1) << p


@njit(cache=CACHE_KERNELS, inline="always")
def _cells_to_outcomes(game, cells, best, p, values, scorers):
    """Add a parent's cells to the outcome counts and zero them; with scoops tracked,
    count the scoops of the players above (the last player's were counted per deal).
    scorers = (outcome counts, classes, lookups, track_scoops)."""
    counts, classes, lookups, track_scoops = scorers
    for cell in range(len(cells)):
        found = cells[cell]
        if found == 0:
            continue
        cells[cell] = 0
        high_mask, low_mask = _cell_winners(game, cell, best, np.int64(1) << p)
        counts[high_mask if counts.shape[0] > 1 else 0,
               low_mask if counts.shape[1] > 1 else 0] += found
        if track_scoops:
            sole = jit_sole_winner(game, high_mask, low_mask)
            if sole != 0 and sole != np.int64(1) << p:
                q = 0
                while sole > 1:
                    sole >>= 1
                    q += 1
                value = values[q]
                classes[q, scoop_column(game, value >> VALUE_SHIFT, value & LOW_BITS,
                                        lookups)] += found


# _single_level and _deal_range are compiled as functions of their own, not inlined
# into the entry point: numba's inliner re-reads the whole growing body for every
# inlined call, which made 13 of the entry point's 19 s of compiling; LLVM still
# inlines them into each game's entry point, so the game folds away as before
@njit(cache=CACHE_KERNELS)
def _single_level(game, spot, levels, lookups, start, count, scorers):
    """No parents: the one level's completions start .. start + count - 1 (lexicographic),
    each valued as it comes against the players dealt nothing (k may be 0: one
    showdown)."""
    counts, classes, _, track_scoops = scorers
    n = len(spot.known_key)
    p = levels.player[0]
    k = levels.k[0]
    deck = spot.deck
    best = (np.int64(NOBODY_HIGH), np.int64(0), np.int64(NOBODY_LOW), np.int64(0))
    values = np.zeros(n, np.int64)
    for q in range(n):
        if q != p:
            high, low = hand_values(game, spot.known_key[q], spot.known_bits[q], lookups)
            values[q] = high << VALUE_SHIFT | low
            best = _with_player(game, best, high, low, np.int64(1) << q)
            count_classes(game, classes, q, high, low, lookups, count)
    cells = np.zeros(9, np.int64)
    scoops_by_cell = np.zeros(9, np.bool_)
    if track_scoops:
        _last_player_scoops(game, best, p, scoops_by_cell)
    index = np.zeros(max(k, 1), np.int64)
    unrank_combination(start, k, len(deck), index)
    for _ in range(count):
        key = spot.known_key[p]
        bits = spot.known_bits[p]
        for j in range(k):
            key += lookups.card_key[deck[index[j]]]
            bits |= lookups.card_bit[deck[index[j]]]
        high, low = hand_values(game, key, bits, lookups)
        count_classes(game, classes, p, high, low, lookups, 1)
        value = high << VALUE_SHIFT | low
        cell = _cell(game, value, best[0], best[2])
        if track_scoops and scoops_by_cell[cell]:
            classes[p, scoop_column(game, high, low, lookups)] += 1
        cells[cell] += 1
        next_combination(index, k, len(deck))
    _cells_to_outcomes(game, cells, best, p, values, scorers)


@njit(cache=CACHE_KERNELS)
def _deal_range(game, spot, levels, lookups, start, count, scorers):
    """Tally every deal whose outer index is in start .. start + count - 1 (see the module
    docstring), adding to scorers = (outcome counts, classes, lookups, track_scoops)."""
    counts, classes, _, track_scoops = scorers
    deck = spot.deck
    size = len(deck)
    n = len(spot.known_key)
    depth = len(levels.k)
    last = depth - 1
    outer = levels.outer
    deepest_outer = outer - 1
    max_k = 1
    for level in range(depth):
        max_k = max(max_k, levels.k[level])
    # free_at[l]: positions level l chooses from; choices[l]: its combinations;
    # below[l]: deals under one combination of level l
    free_at = np.zeros(depth, np.int64)
    choices = np.ones(depth, np.int64)
    left = size
    for level in range(depth):
        free_at[level] = left
        choices[level] = comb(left, levels.k[level])
        left -= levels.k[level]
    below = np.ones(depth, np.int64)
    for level in range(last - 1, -1, -1):
        below[level] = below[level + 1] * choices[level + 1]
    choose = binomials(size, max_k)
    index = np.zeros((depth, max_k), np.int64)  # combination, as places in `free`
    free = np.zeros((depth, size), np.int64)  # deck positions left for each level
    free_count = np.zeros(depth, np.int64)
    used = np.zeros(depth, np.uint64)  # positions taken by earlier levels
    # best[l]: the best hands of the players dealt nothing and of levels < l
    best = np.zeros((depth, 4), np.int64)
    values = np.zeros(n, np.int64)  # each player's value in the current deal
    cells = np.zeros(9, np.int64)
    scoops_by_cell = np.zeros(9, np.bool_)
    top = np.zeros(max_k, np.int64)
    p_last = levels.player[last]
    row = levels.values[last]
    k_last = levels.k[last]

    # the players dealt nothing keep one hand through every deal of the range
    dealt = np.zeros(n, np.bool_)
    for level in range(depth):
        dealt[levels.player[level]] = True
    fixed = (np.int64(NOBODY_HIGH), np.int64(0), np.int64(NOBODY_LOW), np.int64(0))
    for q in range(n):
        if not dealt[q]:
            high, low = hand_values(game, spot.known_key[q], spot.known_bits[q], lookups)
            values[q] = high << VALUE_SHIFT | low
            fixed = _with_player(game, fixed, high, low, np.int64(1) << q)
            count_classes(game, classes, q, high, low, lookups, count * below[deepest_outer])
    best[0, 0], best[0, 1], best[0, 2], best[0, 3] = fixed

    # the outer levels start at `start`, a mixed-radix number (last outer level lowest)
    rank = start
    for level in range(deepest_outer, -1, -1):
        unrank_combination(rank % choices[level], levels.k[level], free_at[level],
                           index[level])
        rank //= choices[level]
    for pos in range(size):
        free[0, pos] = pos
    free_count[0] = size

    done = 0
    level = 0
    while True:
        # the combination index[level] of a parent level is chosen: value its player
        p = levels.player[level]
        k = levels.k[level]
        if levels.tabled[level]:
            rank = 0
            for j in range(k):
                rank += choose[free[level, index[level, j]], j + 1]
            value = np.int64(levels.values[level, rank])
            high, low = value >> VALUE_SHIFT, value & LOW_BITS
        else:
            key = spot.known_key[p]
            bits = spot.known_bits[p]
            for j in range(k):
                card = deck[free[level, index[level, j]]]
                key += lookups.card_key[card]
                bits |= lookups.card_bit[card]
            high, low = hand_values(game, key, bits, lookups)
            value = high << VALUE_SHIFT | low
        values[p] = value
        above = (best[level, 0], best[level, 1], best[level, 2], best[level, 3])
        best[level + 1, 0], best[level + 1, 1], best[level + 1, 2], best[level + 1, 3] = \
            _with_player(game, above, high, low, np.int64(1) << p)
        if level >= deepest_outer:
            count_classes(game, classes, p, high, low, lookups, below[level])
        if level == deepest_outer:
            # players of the higher outer levels: their share of this range is counted here,
            # a whole outer index at a time (a range may hold part of their subtree)
            for upper in range(deepest_outer):
                q = levels.player[upper]
                count_classes(game, classes, q, values[q] >> VALUE_SHIFT, values[q] & LOW_BITS,
                              lookups, below[deepest_outer])
        # the next level chooses among the positions still free
        mask = used[level]
        for j in range(k):
            mask |= np.uint64(1) << np.uint64(free[level, index[level, j]])
        used[level + 1] = mask
        c = 0
        for pos in range(size):
            if not (mask >> np.uint64(pos)) & np.uint64(1):
                free[level + 1, c] = pos
                c += 1
        free_count[level + 1] = c
        if level + 1 < last:
            level += 1
            if level > deepest_outer:  # inner levels start over; outer ones are set by the carry
                for j in range(levels.k[level]):
                    index[level, j] = j
            continue

        # a parent is complete: the last player's every completion from the free positions
        others = (best[last, 0], best[last, 1], best[last, 2], best[last, 3])
        if track_scoops:
            _last_player_scoops(game, others, p_last, scoops_by_cell)
        positions = free[last]
        for j in range(1, k_last):  # the top places; the lowest one runs in the loop below
            top[j] = j
        while True:
            partial = 0
            for j in range(1, k_last):
                partial += choose[positions[top[j]], j + 1]
            lowest_end = top[1] if k_last > 1 else c
            for i in range(lowest_end):
                value = np.int64(row[partial + positions[i]])
                cell = _cell(game, value, others[0], others[2])
                cells[cell] += 1
                if track_scoops and scoops_by_cell[cell]:
                    classes[p_last, scoop_column(game, value >> VALUE_SHIFT, value & LOW_BITS,
                                                 lookups)] += 1
            # the next top places, a combination of k_last - 1 of the places 1 .. c - 1
            j = k_last - 1
            while j >= 1 and top[j] == c - k_last + j:
                j -= 1
            if j < 1:
                break
            top[j] += 1
            for t in range(j + 1, k_last):
                top[t] = top[t - 1] + 1
        _cells_to_outcomes(game, cells, others, p_last, values, scorers)

        # advance the deepest inner parent level that has a next combination
        while level > deepest_outer and not next_combination(
            index[level], levels.k[level], free_count[level]
        ):
            level -= 1
        if level > deepest_outer:
            continue
        # every deal under this outer index is done: on to the next outer index
        done += 1
        if done == count:
            break
        level = deepest_outer
        while not next_combination(index[level], levels.k[level], free_count[level]):
            for j in range(levels.k[level]):  # this digit wraps round and the next one carries
                index[level, j] = j
            level -= 1


def _enumerate_range(game):
    """The enumeration entry point of one game: ``game`` is a compile-time constant, so
    only the game asked for is compiled and its game branches fold away."""

    @njit(cache=CACHE_KERNELS, nogil=True)
    def enumerate_range(spot, levels, lookups, start, count, tally):
        """Tally the deals of the outer indices start .. start + count - 1 into ``tally``
        (a bundles.Tally).  The engine runs ranges on its threads (nogil): a parallel
        loop here ran no faster and waited, every call, for its slowest thread."""
        n = len(spot.known_key)
        counts = new_outcomes(np.int64(game), n)  # a runtime game: see award_outcomes
        scorers = (counts, tally.classes, lookups, spot.track_scoops != 0)
        if count > 0:
            if len(levels.k) == 1:
                _single_level(game, spot, levels, lookups, start, count, scorers)
            else:
                _deal_range(game, spot, levels, lookups, start, count, scorers)
        award_outcomes(np.int64(game), n, counts, tally)

    return enumerate_range


# by game kernel id
ENUMERATE = tuple(_enumerate_range(game) for game in (GAME_STUD, GAME_STUD8, GAME_RAZZ))
