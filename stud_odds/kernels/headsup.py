"""Heads-up exact counting: value each player's completions once, then count pairs.

A completion is the set of cards a player still receives (unknown hole cards
and future streets together), given as positions 0..n-1 in the unseen deck and
packed into one int64, POSITION_BITS bits per position.  The two players'
completions X and Y make a deal when they are disjoint; every count here is
of disjoint pairs, found by inclusion-exclusion:

    #{Y disjoint from X with property P} = sum over S subset of X of
        (-1)**|S| * #{Y containing S with property P}

A "superset table" holds, per card set S of at most ``m`` positions, how many
completions inserted so far contain S; S is indexed by its size's offset plus
its colexicographic rank (sum of C(p_i, i) over its sorted positions).

The pair counter sweeps the X and Y completions of a task in order of their
primary value (higher is better: high hand, or razz turned upside down):
each X asks the Y table how many disjoint Y are below it, then at most equal
to it, then in all; each Y, when scoops are tracked, asks the X table how many
disjoint X (of those it would scoop) are strictly below it.  Every X of a task
is compared with Y from one side of the eight-or-better low order (or the
same low bucket), which the driver arranges (see exact_headsup.py).
"""

from __future__ import annotations

import numpy as np
from numba import njit, prange

from stud_odds.kernels.evaluate import RAZZ_CLASSES
from stud_odds.kernels.showdown import (
    GAME_RAZZ,
    GAME_STUD8,
    LOW_CLASS_COLUMNS,
    hand_values,
)

POSITION_BITS = 6  # a deck position (< 64) per 6 bits of a packed completion
POSITION_MASK = (1 << POSITION_BITS) - 1
VALUE_CHUNKS = 64  # completions are valued in this many parallel chunks

# task columns: the X rows, the Y rows, and the low bucket the Y rows are compared as
TASK_X_START, TASK_X_END, TASK_Y_START, TASK_Y_END, TASK_Y_BUCKET = range(5)
TASK_COLUMNS = 5
# outcome counts are indexed [high winners mask, low winners mask], X = bit 0, Y = bit 1
X_WINS, Y_WINS, BOTH = 1, 2, 3
COUNT, COUNT_AND_FIND, CLEAR = range(3)  # what _walk_y does with a Y completion's subsets


@njit(cache=True, inline="always")
def _comb(n, k):
    if k < 0 or k > n:
        return 0
    result = 1
    for i in range(k):
        result = result * (n - i) // (i + 1)
    return result


@njit(cache=True)
def completion_values(game, deck, known_key, known_bits, k, card_key, card_bit, tables,
                      classes_of, low_bucket):
    """Every k-card completion of one player from ``deck``, in lexicographic order.

    Returns (packed positions, primary value (larger is better), low bucket
    (stud8: rank of the eight-or-better low, NO_LOW last; else 0), scoop class
    column (high class * LOW_CLASS_COLUMNS + low class, as count_scoop)).
    """
    n = len(deck)
    total = _comb(n, k)
    packed = np.empty(total, np.int64)
    primary = np.empty(total, np.int32)
    bucket = np.empty(total, np.int32)
    pair_class = np.empty(total, np.int32)
    _value_chunks(game, deck, known_key, known_bits, k, card_key, card_bit, tables, classes_of,
                  low_bucket, packed, primary, bucket, pair_class)
    return packed, primary, bucket, pair_class


@njit(cache=True, parallel=True)
def _value_chunks(game, deck, known_key, known_bits, k, card_key, card_bit, tables, classes_of,
                  low_bucket, packed, primary, bucket, pair_class):
    n = len(deck)
    total = len(packed)
    for chunk in prange(VALUE_CHUNKS):
        start = chunk * total // VALUE_CHUNKS
        end = (chunk + 1) * total // VALUE_CHUNKS
        if start == end:
            continue
        index = np.empty(max(k, 1), np.int64)
        # unrank `start`: the lexicographic rank-th k-combination of range(n)
        rest = start
        candidate = 0
        for j in range(k):
            while True:
                below = _comb(n - 1 - candidate, k - 1 - j)
                if rest < below:
                    break
                rest -= below
                candidate += 1
            index[j] = candidate
            candidate += 1
        for row in range(start, end):
            key = known_key
            bits = known_bits
            code = np.int64(0)
            for j in range(k):
                card = deck[index[j]]
                key += card_key[card]
                bits |= card_bit[card]
                code |= index[j] << (POSITION_BITS * j)
            high, low = hand_values(game, key, bits, tables)
            packed[row] = code
            if game == GAME_RAZZ:
                primary[row] = RAZZ_CLASSES - low  # razz: smaller is better, turned over
                bucket[row] = 0
                pair_class[row] = classes_of[2][low]
            elif game == GAME_STUD8:
                primary[row] = high
                bucket[row] = low_bucket[low]
                pair_class[row] = classes_of[0][high] * LOW_CLASS_COLUMNS + classes_of[1][low]
            else:
                primary[row] = high
                bucket[row] = 0
                pair_class[row] = classes_of[0][high] * LOW_CLASS_COLUMNS
            # next combination (lexicographic)
            i = k - 1
            while i >= 0 and index[i] == n - k + i:
                i -= 1
            if i < 0:
                break
            index[i] += 1
            for j in range(i + 1, k):
                index[j] = index[j - 1] + 1


@njit(cache=True)
def counting_order(keys, key_count):
    """A stable permutation sorting ``keys`` (ints in [0, key_count)), in linear time."""
    starts = np.zeros(key_count + 1, np.int64)
    for key in keys:
        starts[key + 1] += 1
    for key in range(key_count):
        starts[key + 1] += starts[key]
    order = np.empty(len(keys), np.int64)
    for i in range(len(keys)):
        order[starts[keys[i]]] = i
        starts[keys[i]] += 1
    return order


@njit(cache=True, parallel=True)
def subset_rows(packed, plan_parent, plan_element, plan_size, offset, binom):
    """Superset-table index of every subset in the plan, per packed completion.

    The plan lists subsets depth first: entry s adds position plan_element[s]
    (an index into the completion's sorted positions) to its parent entry
    plan_parent[s]; entry 0 is the empty set.
    """
    rows = len(packed)
    subsets = len(plan_parent)
    out = np.empty((rows, subsets), np.int32)
    for row in prange(rows):
        code = packed[row]
        out[row, 0] = 0
        for s in range(1, subsets):
            parent = plan_parent[s]
            position = (code >> (POSITION_BITS * plan_element[s])) & POSITION_MASK
            parent_rank = out[row, parent] - offset[plan_size[parent]]
            out[row, s] = offset[plan_size[s]] + parent_rank + binom[position, plan_size[s]]
    return out


@njit(cache=True, inline="always")
def _disjoint_count(table, subsets, row, sign):
    """How many completions counted in ``table`` share no card with X row ``row``."""
    total = np.int64(0)
    for s in range(subsets.shape[1]):
        total += sign[s] * np.int64(table[subsets[row, s]])
    return total


@njit(cache=True, inline="always")
def _walk_y(code, rank, plan_parent, plan_element, plan_size, offset, binom, sign, table,
            other, mode):
    """Visit every subset of a Y completion: mode COUNT counts it into table, COUNT_AND_FIND
    also returns how many X counted in ``other`` are disjoint from it, CLEAR zeroes its
    table entries."""
    found = np.int64(0)
    if mode == CLEAR:
        table[0] = 0
    else:
        table[0] += 1
        if mode == COUNT_AND_FIND:
            found += np.int64(other[0])
    rank[0] = 0
    for s in range(1, len(plan_parent)):
        position = (code >> (POSITION_BITS * plan_element[s])) & POSITION_MASK
        r = rank[plan_parent[s]] + binom[position, plan_size[s]]
        rank[s] = r
        index = offset[plan_size[s]] + r
        if mode == CLEAR:
            table[index] = 0
        else:
            table[index] += 1
            if mode == COUNT_AND_FIND:
                found += sign[s] * np.int64(other[index])
    return found


@njit(cache=True)
def _task(game, track_scoops, task, x_subsets, x_primary, x_bucket, x_class, y_packed,
          y_primary, y_class, no_bucket, x_sign, plan_parent, plan_element, plan_size, offset,
          binom, y_sign, y_table, x_table, below, rank, counts, scoops_x, scoops_y):
    """Count every pair of a task's X and Y rows (both sorted by primary value)."""
    x_start, x_end = task[TASK_X_START], task[TASK_X_END]
    y_start, y_end = task[TASK_Y_START], task[TASK_Y_END]
    y_bucket = task[TASK_Y_BUCKET]
    i = x_start
    j = y_start
    while i < x_end or j < y_end:
        if j == y_end or (i < x_end and x_primary[i] <= y_primary[j]):
            value = x_primary[i]
        else:
            value = y_primary[j]
        # the X of this value first count the Y strictly below them
        group_end = i
        while group_end < x_end and x_primary[group_end] == value:
            below[group_end - i] = _disjoint_count(y_table, x_subsets, group_end, x_sign)
            group_end += 1
        # the Y of this value find the X they beat (strictly: X of this value are not in yet)
        while j < y_end and y_primary[j] == value:
            beaten = _walk_y(y_packed[j], rank, plan_parent, plan_element, plan_size, offset,
                             binom, y_sign, y_table, x_table,
                             COUNT_AND_FIND if track_scoops else COUNT)
            if track_scoops:
                scoops_y[y_class[j]] += beaten
            j += 1
        for row in range(i, group_end):
            at_most = _disjoint_count(y_table, x_subsets, row, x_sign)
            lower = below[row - i]
            # where this X stands against the task's Y on low (stud8 only)
            both_no_low = x_bucket[row] == no_bucket and y_bucket == no_bucket
            if game == GAME_STUD8:
                if x_bucket[row] < y_bucket:
                    low_mask = X_WINS
                elif x_bucket[row] > y_bucket:
                    low_mask = Y_WINS
                else:
                    low_mask = 0 if both_no_low else BOTH
                counts[X_WINS, low_mask] += lower
                counts[BOTH, low_mask] += at_most - lower
                counts[Y_WINS, low_mask] -= at_most  # + all Y after the sweep
                x_scoops = low_mask == X_WINS or low_mask == 0
                y_scoops = low_mask == Y_WINS or low_mask == 0
            elif game == GAME_RAZZ:
                counts[0, X_WINS] += lower
                counts[0, BOTH] += at_most - lower
                counts[0, Y_WINS] -= at_most
                x_scoops = True
                y_scoops = True
            else:
                counts[X_WINS, 0] += lower
                counts[BOTH, 0] += at_most - lower
                counts[Y_WINS, 0] -= at_most
                x_scoops = True
                y_scoops = True
            if track_scoops:
                if x_scoops:
                    scoops_x[x_class[row]] += lower
                if y_scoops:  # Y of higher value scoop this X: let them find it
                    for s in range(x_subsets.shape[1]):
                        x_table[x_subsets[row, s]] += 1
        i = group_end
    # every Y of the task is in: the rest of each X's pairs are the ones it loses
    for row in range(x_start, x_end):
        everything = _disjoint_count(y_table, x_subsets, row, x_sign)
        if game == GAME_STUD8:
            if x_bucket[row] < y_bucket:
                low_mask = X_WINS
            elif x_bucket[row] > y_bucket:
                low_mask = Y_WINS
            else:
                both_no_low = x_bucket[row] == no_bucket and y_bucket == no_bucket
                low_mask = 0 if both_no_low else BOTH
            counts[Y_WINS, low_mask] += everything
        elif game == GAME_RAZZ:
            counts[0, Y_WINS] += everything
        else:
            counts[Y_WINS, 0] += everything
    # leave both tables zeroed for the next task, by whichever way is shorter
    if (y_end - y_start) * len(plan_parent) < len(y_table):
        for j in range(y_start, y_end):
            _walk_y(y_packed[j], rank, plan_parent, plan_element, plan_size, offset, binom,
                    y_sign, y_table, x_table, CLEAR)
    else:
        y_table[:] = 0
    if track_scoops:
        if (x_end - x_start) * x_subsets.shape[1] < len(x_table):
            for row in range(x_start, x_end):
                for s in range(x_subsets.shape[1]):
                    x_table[x_subsets[row, s]] = 0
        else:
            x_table[:] = 0


@njit(cache=True, parallel=True)
def count_pairs(game, track_scoops, tasks, lane_tasks, lane_starts, x_subsets, x_primary,
                x_bucket, x_class, y_packed, y_primary, y_class, no_bucket, x_sign, plan_parent,
                plan_element, plan_size, offset, binom, y_sign, table_size, counts, scoops_x,
                scoops_y):
    """Run every task; lane l runs tasks lane_tasks[lane_starts[l]:lane_starts[l + 1]].

    Per lane: counts[l] (outcome counts [high mask, low mask], X = bit 0),
    scoops_x[l] / scoops_y[l] (scoops by the scooper's class column).
    """
    lanes = len(lane_starts) - 1
    largest = 1
    for t in range(len(tasks)):
        largest = max(largest, tasks[t, TASK_X_END] - tasks[t, TASK_X_START])
    for lane in prange(lanes):
        # tables of counts per card set: int32 halves the cache they use; no count
        # exceeds one player's number of completions, which the driver bounds
        y_table = np.zeros(table_size, np.int32)
        x_table = np.zeros(table_size if track_scoops else 1, np.int32)
        below = np.empty(largest, np.int64)
        rank = np.empty(len(plan_parent), np.int64)
        for k in range(lane_starts[lane], lane_starts[lane + 1]):
            _task(game, track_scoops, tasks[lane_tasks[k]], x_subsets, x_primary, x_bucket,
                  x_class, y_packed, y_primary, y_class, no_bucket, x_sign, plan_parent,
                  plan_element, plan_size, offset, binom, y_sign, y_table, x_table, below, rank,
                  counts[lane], scoops_x[lane], scoops_y[lane])
