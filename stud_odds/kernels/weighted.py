"""Weighted heads-up pair counting: kernels/headsup.py's sweep with a weight per completion.

A player with a range for his hole cards receives the same completions as a
player whose hole cards are unknown (his hole pair and his later cards
together), but each completion U weighs W(U), the sum of the integer weights
of the hole pairs inside it (any two of its cards may be the hole pair).  A
pair of disjoint completions X and Y weighs W(X) * W(Y); a player without a
range weighs 1 everywhere.  The tables of card sets then hold, per card set S,
the summed weight of the completions containing S, and inclusion-exclusion
gives the summed weight of the disjoint ones, exactly as it gives their
number unweighted.

The weighted sums outgrow an int64 (a ranged pair against a ranged pair on
third street reaches about 2**95), so every weight times count is added to a
two-limb integer: acc[..., 0] holds the low LIMB_BITS bits (kept below
2**LIMB_BITS), acc[..., 1] the rest; the value is acc[1] * 2**LIMB_BITS +
acc[0].  A weight below 2**27 times a count below 2**63 never overflows there.
"""

from __future__ import annotations

import numpy as np
from numba import njit, prange

from stud_odds.kernels import CACHE_KERNELS
from stud_odds.kernels.completions import packed_position
from stud_odds.kernels.headsup import (
    BOTH,
    CLEAR,
    COUNT,
    COUNT_AND_FIND,
    FIND,
    TASK_X_END,
    TASK_X_START,
    TASK_Y_BUCKET,
    TASK_Y_END,
    TASK_Y_START,
    X_WINS,
    Y_WINS,
    low_winners,
    walk_subsets,
)
from stud_odds.kernels.layout import GAME_RAZZ

LIMB_BITS = 36
LIMB_MASK = (1 << LIMB_BITS) - 1
MAX_WEIGHT = 1 << 27  # every completion's weight is below this (see the module's note)


@njit(cache=CACHE_KERNELS, inline="always")
def add_wide(acc, weight, count):
    """acc (two limbs) += weight * count, exactly; weight in [0, MAX_WEIGHT)."""
    low = acc[0] + weight * (count & LIMB_MASK)
    acc[1] += weight * (count >> LIMB_BITS) + (low >> LIMB_BITS)
    acc[0] = low & LIMB_MASK


@njit(cache=CACHE_KERNELS, inline="always")
def pairs_within(code, size, pair_weight):
    """The summed pair_weight[p, q] of every two positions p < q of one packed completion
    of ``size`` positions."""
    total = np.int64(0)
    for i in range(size):
        p = packed_position(code, i)
        for j in range(i + 1, size):
            total += pair_weight[p, packed_position(code, j)]
    return total


@njit(cache=CACHE_KERNELS)
def completion_weights(packed, size, pair_weight):
    """Each packed completion's weight: pairs_within, for every row."""
    weights = np.zeros(len(packed), np.int64)
    for row in prange(len(packed)):
        weights[row] = pairs_within(packed[row], size, pair_weight)
    return weights


@njit(cache=CACHE_KERNELS)
def disjoint_pair_weights(packed, size, pair_weight, touching):
    """Per packed completion, the summed weight of the pairs of pair_weight that share no
    card with it: everything, less the pairs touching one of its positions
    (touching[p], the sum of row p), plus those touching two (counted twice)."""
    everything = np.int64(0)
    for p in range(len(touching)):
        everything += touching[p]
    everything //= 2
    out = np.empty(len(packed), np.int64)
    for row in prange(len(packed)):
        code = packed[row]
        total = everything + pairs_within(code, size, pair_weight)
        for i in range(size):
            total -= touching[packed_position(code, i)]
        out[row] = total
    return out


@njit(cache=CACHE_KERNELS)
def class_weights(pair_class, weight, other, out):
    """out[c] (two limbs) = sum over the rows of class c of weight * other."""
    for row in range(len(pair_class)):
        add_wide(out[pair_class[row]], weight[row], other[row])


@njit(cache=CACHE_KERNELS, inline="always")
def _cell(game, high, low_mask):
    """The outcome cell (high winners, low winners) of a pair; razz has only its low."""
    if game == GAME_RAZZ:
        return 0, high
    return high, low_mask


@njit(cache=CACHE_KERNELS)
def _task(game, track_scoops, task, x, y, weights, sets, state):
    """headsup._task with weights: the pairs of a task's X and Y rows (both sorted by
    primary value), each weighing x_weight * y_weight, with state = (scratch, out):
    scratch as in headsup._task, out = (counts [high winners, low winners, limb],
    scoops_x [class, limb], scoops_y [class, limb])."""
    x_weight, y_weight = weights
    scratch, out = state
    x_start, x_end = task[TASK_X_START], task[TASK_X_END]
    y_start, y_end = task[TASK_Y_START], task[TASK_Y_END]
    y_bucket = task[TASK_Y_BUCKET]
    y_table, x_table, below, rank = scratch
    counts, scoops_x, scoops_y = out
    y_mode = COUNT_AND_FIND if track_scoops else COUNT
    x_unfinished = x_end  # the X from here on are swept after the last Y
    i = x_start
    j = y_start
    while i < x_end or j < y_end:
        if j == y_end or (i < x_end and x.primary[i] <= y.primary[j]):
            value = x.primary[i]
        else:
            value = y.primary[j]
        # the X of this value first find the disjoint Y strictly below them
        y_below = j
        group_end = i
        while group_end < x_end and x.primary[group_end] == value:
            below[group_end - i] = 0 if j == y_start else walk_subsets(
                x.packed[group_end], 0, x, sets, rank, y_table, y_table, FIND)
            group_end += 1
        # the Y of this value count themselves in and find the disjoint X they scoop
        while j < y_end and y.primary[j] == value:
            scooped = walk_subsets(y.packed[j], y_weight[j], y, sets, rank, y_table, x_table,
                                   y_mode)
            if track_scoops:
                add_wide(scoops_y[y.pair_class[j]], y_weight[j], scooped)
            j += 1
        all_in = j == y_end
        if all_in and x_unfinished == x_end:
            x_unfinished = i
        for row in range(i, group_end):
            weight = x_weight[row]
            lower = below[row - i]
            at_most = lower if j == y_below else walk_subsets(
                x.packed[row], 0, x, sets, rank, y_table, y_table, FIND)
            low_mask = low_winners(game, x.bucket[row], y_bucket)
            r, c = _cell(game, X_WINS, low_mask)
            add_wide(counts[r, c], weight, lower)
            r, c = _cell(game, BOTH, low_mask)
            add_wide(counts[r, c], weight, at_most - lower)
            if not all_in:  # + every disjoint Y, after the sweep
                r, c = _cell(game, Y_WINS, low_mask)
                add_wide(counts[r, c], weight, -at_most)
            if track_scoops:
                if low_mask == X_WINS or low_mask == 0:
                    add_wide(scoops_x[x.pair_class[row]], weight, lower)
                if (low_mask == Y_WINS or low_mask == 0) and not all_in:
                    walk_subsets(x.packed[row], weight, x, sets, rank, x_table, x_table, COUNT)
        i = group_end
    for row in range(x_start, x_unfinished):
        everything = walk_subsets(x.packed[row], 0, x, sets, rank, y_table, y_table, FIND)
        r, c = _cell(game, Y_WINS, low_winners(game, x.bucket[row], y_bucket))
        add_wide(counts[r, c], x_weight[row], everything)
    # leave both tables zeroed for the next task, by whichever way is shorter
    if (y_end - y_start) * len(y.parent) < len(y_table):
        for j in range(y_start, y_end):
            walk_subsets(y.packed[j], 0, y, sets, rank, y_table, y_table, CLEAR)
    else:
        y_table[:] = 0
    if track_scoops:
        if (x_unfinished - x_start) * len(x.parent) < len(x_table):
            for row in range(x_start, x_unfinished):
                walk_subsets(x.packed[row], 0, x, sets, rank, x_table, x_table, CLEAR)
        else:
            x_table[:] = 0


@njit(cache=CACHE_KERNELS, parallel=True)
def count_weighted_pairs(game, track_scoops, schedule, x, y, weights, sets, out):
    """headsup.count_pairs with weights = (x_weight, y_weight) per row of x and y:
    per lane l, out = (counts[l] [high winners, low winners, limb], scoops_x[l],
    scoops_y[l] [class, limb]), each a two-limb sum of weighted pairs."""
    tasks, lane_tasks, lane_starts = schedule
    counts, scoops_x, scoops_y = out
    lanes = len(lane_starts) - 1
    table_size = sets[0][-1]
    largest = 1
    for t in range(len(tasks)):
        largest = max(largest, tasks[t, TASK_X_END] - tasks[t, TASK_X_START])
    subsets = max(len(x.parent), len(y.parent))
    for lane in prange(lanes):
        # summed weights per card set: below 2**27 times a player's completions (< 2**28)
        y_table = np.zeros(table_size, np.int64)
        x_table = np.zeros(table_size if track_scoops else 1, np.int64)
        below = np.empty(largest, np.int64)
        rank = np.empty(subsets, np.int64)
        for k in range(lane_starts[lane], lane_starts[lane + 1]):
            _task(game, track_scoops, tasks[lane_tasks[k]], x, y, weights, sets,
                  ((y_table, x_table, below, rank),
                   (counts[lane], scoops_x[lane], scoops_y[lane])))
