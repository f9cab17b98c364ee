"""Heads-up exact counting: the pairs of two players' valued completions, counted.

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
to it, then in all.  When scoops are tracked, the X that higher Y would
scoop go into an X table, and the Y learn how many disjoint X they scoop,
each from the X table or each run of one class from the tables' signed dot
product (see _task).  Every X of a task is compared with Y from one side of
the eight-or-better low order (or the same low bucket), which the driver
arranges (see engine/headsup.py).
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
from numba import njit

from stud_odds.kernels import CACHE_KERNELS
from stud_odds.kernels.completions import packed_position
from stud_odds.kernels.layout import GAME_RAZZ, GAME_STUD8, LOW_CLASS_COLUMNS, NO_BUCKET
from stud_odds.kernels.tables import RAZZ_CLASSES

# task columns: the X rows, the Y rows, and the low bucket the Y rows are compared as
TASK_X_START, TASK_X_END, TASK_Y_START, TASK_Y_END, TASK_Y_BUCKET = range(5)
TASK_COLUMNS = 5
# outcome counts are indexed [high winners mask, low winners mask], X = bit 0, Y = bit 1
X_WINS, Y_WINS, BOTH = 1, 2, 3
FIND, COUNT, COUNT_AND_FIND, CLEAR = range(4)  # what walk_subsets does with a completion's subsets


class Side(NamedTuple):
    """One player's completions as rows in sweep order, and the subsets of a row that the
    tables of card sets are read at (the plan: see walk_subsets)."""

    packed: np.ndarray  # int64: positions, POSITION_BITS each
    primary: np.ndarray  # int16: the swept value, larger is better
    bucket: np.ndarray  # int8: stud8's low bucket (0 in the other games)
    pair_class: np.ndarray  # int8: the scoop class column, as count_scoop
    parent: np.ndarray  # int64[subsets]: the subset this one adds a position to
    element: np.ndarray  # int64[subsets]: which of the row's positions it adds
    size: np.ndarray  # int64[subsets]: its number of positions
    sign: np.ndarray  # int64[subsets]: (-1) ** size


@njit(cache=CACHE_KERNELS)
def sweep_values(game, high, low, lookups, low_bucket):
    """Each completion's (primary value (larger is better), low bucket (stud8: rank of the
    eight-or-better low, NO_LOW last; else 0), scoop class column (high class *
    LOW_CLASS_COLUMNS + low class, as count_scoop)) from its high and low values."""
    total = len(high)
    # the smallest types that hold them (values < 7463, buckets < 57, columns < 117):
    # third street with unknown hole cards has over 12 million completions
    primary = np.empty(total, np.int16)
    bucket = np.zeros(total, np.int8)
    pair_class = np.empty(total, np.int8)
    for row in range(total):
        if game == GAME_RAZZ:
            primary[row] = RAZZ_CLASSES - low[row]  # razz: smaller is better, turned over
            pair_class[row] = lookups.classes.razz[low[row]]
        elif game == GAME_STUD8:
            primary[row] = high[row]
            bucket[row] = low_bucket[low[row]]
            pair_class[row] = (lookups.classes.high[high[row]] * LOW_CLASS_COLUMNS
                               + lookups.classes.low8[low[row]])
        else:
            primary[row] = high[row]
            pair_class[row] = lookups.classes.high[high[row]] * LOW_CLASS_COLUMNS
    return primary, bucket, pair_class


@njit(cache=CACHE_KERNELS)
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


@njit(cache=CACHE_KERNELS, inline="always")
def subset_entry(code, s, plan, sets, rank):
    """Step s of the walk over a packed completion's subsets (every sweep's one walk): the
    table entry of the plan's subset s, offset[its size] + its colex rank.

    The plan lists subsets depth first: entry s adds the completion's plan.element[s]-th
    position to entry plan.parent[s] (entry 0 is the empty set), so each subset's colex
    rank is its parent's plus one term; rank[s] keeps it for the subsets after.  Steps
    go in order, from 0.  sets = (offset, binom, ...): a set of s positions is entry
    offset[s] + its colex rank (sum of binom[p_i, i + 1] over its sorted positions).
    """
    if s == 0:
        rank[0] = 0
        return 0
    offset, binom = sets[0], sets[1]
    size = plan.size[s]
    r = rank[plan.parent[s]] + binom[packed_position(code, plan.element[s]), size]
    rank[s] = r
    return offset[size] + r


@njit(cache=CACHE_KERNELS, inline="always")
def walk_subsets(code, weight, side, sets, rank, table, other, mode):
    """Visit the subsets (in side's plan) of one packed completion, in the table of card sets.

    mode FIND: return how many completions counted in ``table`` are disjoint from it
    (inclusion-exclusion; weighted counting: the sum of their weights); COUNT: count it
    into ``table`` with ``weight`` (1 here); COUNT_AND_FIND: count it into ``table``
    and return how many counted in ``other`` are disjoint from it; CLEAR: zero its
    entries of ``table``.  The subsets are side's plan, walked by subset_entry; sets =
    (offset, binom), the index of card sets.
    """
    sign = side.sign
    found = np.int64(0)
    for s in range(len(side.parent)):
        index = subset_entry(code, s, side, sets, rank)
        if mode == FIND:
            found += sign[s] * np.int64(table[index])
        elif mode == CLEAR:
            table[index] = 0
        else:
            table[index] += weight
            if mode == COUNT_AND_FIND:
                found += sign[s] * np.int64(other[index])
    return found


@njit(cache=CACHE_KERNELS, inline="always")
def low_winners(game, x_bucket, y_bucket):
    """Who takes the low half of a stud8 pot between X of x_bucket and Y of y_bucket
    (0: nobody has a low).  Stud and razz: 0, the pot has no low half (razz's low is
    its primary value)."""
    if game != GAME_STUD8:
        return 0
    if x_bucket < y_bucket:
        return X_WINS
    if x_bucket > y_bucket:
        return Y_WINS
    return 0 if x_bucket == NO_BUCKET else BOTH


@njit(cache=CACHE_KERNELS)
def _signed_dot(x_table, y_table, offset):
    """Sum over card sets S of (-1)**|S| x_table[S] y_table[S]: the disjoint pairs of the
    completions counted in the two tables (inclusion-exclusion once more)."""
    total = np.int64(0)
    for size in range(len(offset) - 1):
        level = np.int64(0)
        for index in range(offset[size], offset[size + 1]):
            level += np.int64(x_table[index]) * np.int64(y_table[index])
        total += level if size % 2 == 0 else -level
    return total


@njit(cache=CACHE_KERNELS)
def _class_runs(y_primary, y_class, start, end):
    """How many runs of one class the Y rows make in value order, or -1 when rows of one
    value differ in class (then runs cannot be told apart by value)."""
    runs = 0
    for j in range(start, end):
        if j == start or y_class[j] != y_class[j - 1]:
            if j > start and y_primary[j] == y_primary[j - 1]:
                return -1
            runs += 1
    return runs


@njit(cache=CACHE_KERNELS)
def _task(game, track_scoops, task, x, y, sets, scratch, out):
    """Count every pair of a task's X and Y rows (Sides, both sorted by primary value) into
    out = (counts [high winners, low winners], scoops_x, scoops_y, row_counts): when
    track_scoops, the scoops by the scooper's class; when row_counts is not empty, each
    X row's own counts too (row_counts[row, high winners, low winners])."""
    x_start, x_end = task[TASK_X_START], task[TASK_X_END]
    y_start, y_end = task[TASK_Y_START], task[TASK_Y_END]
    y_bucket = task[TASK_Y_BUCKET]
    x_packed, x_primary, x_bucket, x_class = x.packed, x.primary, x.bucket, x.pair_class
    y_packed, y_primary, y_class = y.packed, y.primary, y.pair_class
    y_table, x_table, below, rank = scratch
    counts, scoops_x, scoops_y, row_counts = out
    per_row = len(row_counts) > 0
    offset = sets[0]
    y_parent = y.parent
    x_parent = x.parent
    # Y find the X they scoop one by one (reading their subsets in x_table), or by runs:
    # for Y of one class with values in [u, w), the pairs where Y is above a disjoint X of
    # x_table are D(w) - D(u) - (at_most of the X in x_table valued in [u, w)), D(t) being
    # the disjoint pairs of X and Y both below t, the tables' signed dot product at t
    by_runs = False
    if track_scoops:
        runs = _class_runs(y_primary, y_class, y_start, y_end)
        by_runs = runs >= 0 and (runs + 1) * len(y_table) < (y_end - y_start) * len(y_parent)
    y_mode = COUNT_AND_FIND if track_scoops and not by_runs else COUNT
    run_class = -1
    run_start_pairs = np.int64(0)
    run_at_most = np.int64(0)
    x_unfinished = x_end  # the X from here on are swept after the last Y
    i = x_start
    j = y_start
    while i < x_end or j < y_end:
        if j == y_end or (i < x_end and x_primary[i] <= y_primary[j]):
            value = x_primary[i]
        else:
            value = y_primary[j]
        if by_runs and j < y_end and y_primary[j] == value and y_class[j] != run_class:
            # a new run of Y starts at this value: close the last one
            pairs = _signed_dot(x_table, y_table, offset)
            if run_class >= 0:
                scoops_y[run_class] += pairs - run_start_pairs - run_at_most
            run_class = y_class[j]
            run_start_pairs = pairs
            run_at_most = 0
        # the X of this value first count the disjoint Y strictly below them
        y_below = j
        group_end = i
        while group_end < x_end and x_primary[group_end] == value:
            below[group_end - i] = 0 if j == y_start else walk_subsets(
                x_packed[group_end], 1, x, sets, rank, y_table, y_table, FIND)
            group_end += 1
        # the Y of this value count themselves in and find the disjoint X they scoop
        # (strictly below them: the X of this value are not in x_table yet)
        while j < y_end and y_primary[j] == value:
            scooped = walk_subsets(y_packed[j], 1, y, sets, rank, y_table, x_table, y_mode)
            if track_scoops:
                scoops_y[y_class[j]] += scooped
            j += 1
        all_in = j == y_end  # no Y above: these X have all their pairs counted now
        if all_in and x_unfinished == x_end:
            x_unfinished = i
        for row in range(i, group_end):
            lower = below[row - i]
            at_most = lower if j == y_below else walk_subsets(
                x_packed[row], 1, x, sets, rank, y_table, y_table, FIND)
            above = 0 if all_in else -at_most  # + every disjoint Y, after the sweep
            low_mask = low_winners(game, x_bucket[row], y_bucket)
            if game == GAME_RAZZ:  # razz has no high: its one comparison is the low
                counts[0, X_WINS] += lower
                counts[0, BOTH] += at_most - lower
                counts[0, Y_WINS] += above
                if per_row:
                    row_counts[row, 0, X_WINS] += lower
                    row_counts[row, 0, BOTH] += at_most - lower
                    row_counts[row, 0, Y_WINS] += above
            else:
                counts[X_WINS, low_mask] += lower
                counts[BOTH, low_mask] += at_most - lower
                counts[Y_WINS, low_mask] += above
                if per_row:
                    row_counts[row, X_WINS, low_mask] += lower
                    row_counts[row, BOTH, low_mask] += at_most - lower
                    row_counts[row, Y_WINS, low_mask] += above
            if track_scoops:
                # X scoops the Y below it when it takes the low half too or there is none;
                # so do the Y above X (none when all are in)
                if low_mask == X_WINS or low_mask == 0:
                    scoops_x[x_class[row]] += lower
                if (low_mask == Y_WINS or low_mask == 0) and not all_in:
                    walk_subsets(x_packed[row], 1, x, sets, rank, x_table, x_table, COUNT)
                    run_at_most += at_most
        i = group_end
    if by_runs and run_class >= 0:
        pairs = _signed_dot(x_table, y_table, offset)
        scoops_y[run_class] += pairs - run_start_pairs - run_at_most
    # every Y of the task is in: the rest of each X's disjoint Y are above it
    for row in range(x_start, x_unfinished):
        everything = walk_subsets(x_packed[row], 1, x, sets, rank, y_table, y_table, FIND)
        r, c = (0, Y_WINS) if game == GAME_RAZZ else (
            Y_WINS, low_winners(game, x_bucket[row], y_bucket))
        counts[r, c] += everything
        if per_row:
            row_counts[row, r, c] += everything
    # leave both tables zeroed for the next task, by whichever way is shorter
    if (y_end - y_start) * len(y_parent) < len(y_table):
        for j in range(y_start, y_end):
            walk_subsets(y_packed[j], 1, y, sets, rank, y_table, y_table, CLEAR)
    else:
        y_table[:] = 0
    if track_scoops:
        if (x_unfinished - x_start) * len(x_parent) < len(x_table):
            for row in range(x_start, x_unfinished):
                walk_subsets(x_packed[row], 1, x, sets, rank, x_table, x_table, CLEAR)
        else:
            x_table[:] = 0


@njit(cache=CACHE_KERNELS, nogil=True)
def count_pairs(game, track_scoops, tasks, lane_tasks, x, y, sets, out):
    """Run the tasks tasks[lane_tasks] (one lane's) over the rows of Sides x and y, into
    out = (counts (outcome counts [high winners mask, low winners mask], X = bit 0),
    scoops_x, scoops_y (scoops by the scooper's class column), row_counts (empty, or
    per X row its outcome counts: lanes given the same array must not share X rows)).

    sets = (offset, binom), the index of card sets (see walk_subsets).  No parallel
    loop (each costs seconds of compiling): the engine runs lanes on its
    threads (nogil).
    """
    largest = 1
    for t in lane_tasks:
        largest = max(largest, tasks[t, TASK_X_END] - tasks[t, TASK_X_START])
    table_size = sets[0][-1]
    # counts per card set: int32 halves the cache the tables take; no count exceeds one
    # player's number of completions, which is below 2**31 (C(52, 7) = 133,784,560)
    y_table = np.zeros(table_size, np.int32)
    x_table = np.zeros(table_size if track_scoops else 1, np.int32)
    below = np.empty(largest, np.int64)
    rank = np.empty(max(len(x.parent), len(y.parent)), np.int64)
    for t in lane_tasks:
        _task(game, track_scoops, tasks[t], x, y, sets, (y_table, x_table, below, rank), out)
