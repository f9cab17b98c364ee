"""Exact starting-hand tables: every seven-card hand against every disjoint one, at once.

A start H (three cards) against one random hand on third street deals the
pairs (S, O) of disjoint seven-card hands with H inside S, all equally
likely.  So every start's outcome counts are sums, over the hands S that
hold it, of W(S): how many disjoint O S beats, ties and loses to (for each
low outcome in stud8).  One sweep finds W(S) for every S, as heads-up
counting does (kernels/headsup.py: hands swept by value, inclusion-exclusion
over the card sets S and O share, a table of how many hands counted so far
contain each card set), and each S credits its 35 three-card subsets.

Suits: relabelling the suits maps deals to deals with the same outcome, so
only the hands whose four suit masks (13-bit rank masks) are in descending
order are swept ("canonical": 6,009,159 of the 133,784,560 hands), each
standing for its orbit of 24 / |stabiliser| hands.  Card sets T (at most six
cards) are grouped the same way into classes, and the table holds, per class,
24 times how many hands counted so far contain any one set of the class: a
canonical hand Y adds orbit(Y) * |stabiliser(T)| to the class of each subset
T (the orbit's hands contain orbit(Y) * #{T in Y's subsets} / orbit(T) sets
of T's class, and 24 / orbit(T) = |stabiliser(T)|).  Between two values the
counted hands are closed under relabelling, so every set of a class has the
same count and reading the class is exact.

The deck is any set of ranks in all four suits (tests use small ones);
position p is rank index p // 4 and suit p % 4.  The kernels take plain
arrays and small bundles of them; engine/starts.py drives them.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
from numba import njit

from stud_odds.kernels import CACHE_KERNELS
from stud_odds.kernels.completions import POSITION_BITS, next_combination, packed_position
from stud_odds.kernels.headsup import (
    BOTH,
    TASK_X_END,
    TASK_X_START,
    TASK_Y_END,
    TASK_Y_START,
    X_WINS,
    Y_WINS,
    subset_entry,
)
from stud_odds.kernels.layout import GAME_RAZZ
from stud_odds.kernels.showdown import hand_values

SUIT_COUNT = 4
ORBIT_SCALE = 24  # 4! suit relabellings: the table's counts are scaled by it
HAND = 7
# a start task's columns: its X and Y rows (ranges of its order; the first four columns
# are heads-up counting's), the low outcome of its pairs (a winners mask: stud8's
# buckets are compared per task), whether X is among Y, and when Y is every hand of the
# deck, how many of them each X is disjoint from (else -1)
TASK_LOW_MASK, TASK_X_IN_Y, TASK_EVERYTHING = range(TASK_Y_END + 1, TASK_Y_END + 4)
START_TASK_COLUMNS = TASK_EVERYTHING + 1
# a task's progress: its next X and Y rows, its phase (SWEEP, TOTALS, DONE), totals' next X
STATE_X, STATE_Y, STATE_PHASE, STATE_TOTAL = range(4)
SWEEP, TOTALS, DONE = range(3)


class SubsetPlan(NamedTuple):
    """The subsets of at most six cards of a hand, depth first (headsup.subset_entry)."""

    parent: np.ndarray  # int64[subsets]: the subset this one adds a position to
    element: np.ndarray  # int64[subsets]: which of the hand's positions it adds
    size: np.ndarray  # int64[subsets]: its number of positions
    sign: np.ndarray  # int64[subsets]: (-1) ** size


class Hands(NamedTuple):
    """The canonical seven-card hands, a row each (canonical_hands, sweep_values)."""

    packed: np.ndarray  # int64: positions, POSITION_BITS each, ascending
    orbit: np.ndarray  # int64: how many hands the row stands for
    primary: np.ndarray  # int16: the swept value, larger is better


class Lane(NamedTuple):
    """What one lane of sweep_task works on and keeps between its calls."""

    task: np.ndarray  # int64[START_TASK_COLUMNS]: its TASK_* columns
    state: np.ndarray  # int64[4]: its progress, STATE_*
    table: np.ndarray  # int64[classes]: its own table of classes (zeroed before it starts)
    below: np.ndarray  # int64[the longest run of one value]: scratch for a group of X


@njit(cache=CACHE_KERNELS, inline="always")
def _suit_masks(positions, k, masks):
    """masks[s] = the rank mask of suit s among positions[:k], sorted descending in place
    (a sorting network); returns the set's stabiliser order (product of the factorials of
    the runs of equal masks)."""
    for s in range(SUIT_COUNT):
        masks[s] = 0
    for i in range(k):
        masks[positions[i] & 3] |= 1 << (positions[i] >> 2)
    for a, b in ((0, 1), (2, 3), (0, 2), (1, 3), (1, 2)):
        if masks[a] < masks[b]:
            masks[a], masks[b] = masks[b], masks[a]
    stabiliser = 1
    run = 1
    for s in range(1, SUIT_COUNT):
        if masks[s] == masks[s - 1]:
            run += 1
            stabiliser *= run
        else:
            run = 1
    return stabiliser


@njit(cache=CACHE_KERNELS, inline="always")
def _canonical_rank(masks, ranks, binom):
    """The colex rank of the set whose suit s holds the ranks of masks[s]."""
    rank = 0
    i = 0
    for r in range(ranks):
        for s in range(SUIT_COUNT):
            if (masks[s] >> r) & 1:
                i += 1
                rank += binom[r * SUIT_COUNT + s, i]
    return rank


@njit(cache=CACHE_KERNELS, inline="always")
def _next_with_prefix(positions, k, n, fixed):
    """Advance positions[:k] to the next k-set (lexicographic order) whose lowest ``fixed``
    (1 or 2) positions are the same; False after the last.  (Work is cut by its lowest
    positions into short calls.)"""
    first, second = positions[0], positions[fixed - 1]
    return (next_combination(positions, k, n) and positions[0] == first
            and positions[fixed - 1] == second)


@njit(cache=CACHE_KERNELS)
def set_classes(ranks, k, binom, first, canonical, stabiliser):
    """For every k-set (k >= 1) of the deck whose lowest position is ``first``, at its colex
    rank: the colex rank of its class's canonical set, and its stabiliser order."""
    positions = np.arange(first, first + k)
    masks = np.zeros(SUIT_COUNT, np.int64)
    while True:
        rank = 0
        for i in range(k):
            rank += binom[positions[i], i + 1]
        stabiliser[rank] = _suit_masks(positions, k, masks)
        canonical[rank] = _canonical_rank(masks, ranks, binom)
        if not _next_with_prefix(positions, k, ranks * SUIT_COUNT, 1):
            return


@njit(cache=CACHE_KERNELS, inline="always")
def _in_order(positions, sorted_masks):
    """Whether a hand's own suit masks are already in descending order (it is canonical)."""
    own = np.zeros(SUIT_COUNT, np.int64)
    for i in range(HAND):
        own[positions[i] & 3] |= 1 << (positions[i] >> 2)
    for s in range(SUIT_COUNT):
        if own[s] != sorted_masks[s]:
            return False
    return True


@njit(cache=CACHE_KERNELS)
def canonical_hands(ranks, first, second, cards, game, lookups):
    """The canonical seven-card hands of the deck whose lowest positions are ``first`` and
    ``second``, in lexicographic order: (packed positions, POSITION_BITS each,
    ascending; orbit size; high value; low value)."""
    n = ranks * SUIT_COUNT
    start = np.arange(second - 1, second - 1 + HAND)
    start[0] = first
    positions = start.copy()
    masks = np.zeros(SUIT_COUNT, np.int64)
    count = 0
    while True:  # count them, then fill
        _suit_masks(positions, HAND, masks)
        count += _in_order(positions, masks)
        if not _next_with_prefix(positions, HAND, n, 2):
            break
    packed = np.empty(count, np.int64)
    orbit = np.empty(count, np.int64)
    high = np.empty(count, np.int16)
    low = np.empty(count, np.int16)
    positions = start.copy()
    row = 0
    while row < count:
        stabiliser = _suit_masks(positions, HAND, masks)
        if _in_order(positions, masks):
            code = np.int64(0)
            key = np.int64(0)
            bits = np.int64(0)
            for i in range(HAND):
                code |= np.int64(positions[i]) << (POSITION_BITS * i)
                card = cards[positions[i]]
                key += lookups.card_key[card]
                bits |= lookups.card_bit[card]
            packed[row] = code
            orbit[row] = ORBIT_SCALE // stabiliser
            high[row], low[row] = hand_values(game, key, bits, lookups)
            row += 1
        _next_with_prefix(positions, HAND, n, 2)
    return packed, orbit, high, low


FIND, COUNT = range(2)


@njit(cache=CACHE_KERNELS, inline="always")
def _walk(code, plan, sets, rank, table, weight, mode):
    """Visit the subsets of at most six cards of one packed hand in the table of classes.

    FIND: the signed sum of their entries (ORBIT_SCALE times the hands counted so far
    that are disjoint from it, but for the hand itself); COUNT: add the hand, standing
    for ``weight`` hands, to them.  plan: a SubsetPlan, walked by headsup.subset_entry;
    sets = (offset, binom, class_of, stabiliser): a set of s positions has class
    class_of[offset[s] + its colex rank].
    """
    class_of, stabiliser = sets[2], sets[3]
    sign = plan.sign
    found = np.int64(0)
    for s in range(len(plan.parent)):
        c = class_of[subset_entry(code, s, plan, sets, rank)]
        if mode == FIND:
            found += sign[s] * table[c]
        else:
            table[c] += weight * stabiliser[c]
    return found


@njit(cache=CACHE_KERNELS, inline="always")
def _credit(game, counts, row, outcome, low_mask, pairs):
    """Add ``pairs`` to a row's outcome counts [high winners, low winners] (razz: its one
    comparison is the low)."""
    if game == GAME_RAZZ:
        counts[row, 0, outcome] += pairs
    else:
        counts[row, outcome, low_mask] += pairs


@njit(cache=CACHE_KERNELS, inline="always")
def _disjoint(code, plan, sets, rank, table, self_counted):
    """How many counted hands are disjoint from this one: the walk, less the hand itself
    when it is counted (the one set of seven cards the table leaves out)."""
    return _walk(code, plan, sets, rank, table, 0, FIND) // ORBIT_SCALE - self_counted


@njit(cache=CACHE_KERNELS, nogil=True)
def sweep_task(game, lane, order, hands, subsets, budget, counts):
    """Advance one lane's task (a Lane: its TASK_* columns, its progress, STATE_*) by about
    ``budget`` table operations, over the lane's own table of classes (kept between
    calls).  Releases the GIL: the lanes run on the engine's threads, a task each.

    Rows are canonical hands (a Hands bundle); a task's X and Y rows are ranges of
    ``order``, each sorted by primary value.  subsets = (plan, sets): the SubsetPlan and
    the index of card-set classes (see _walk).  counts[row, high winners, low winners]
    (X = bit 0) gains, per X row, the disjoint Y hands it beats, ties and loses to,
    with the task's low outcome.  Tasks run at once must have different X rows (they
    write their rows' counts).
    """
    task, state, table, below = lane
    plan, sets = subsets
    rank = np.empty(len(plan.parent), np.int64)
    x_start, x_end = task[TASK_X_START], task[TASK_X_END]
    y_start, y_end = task[TASK_Y_START], task[TASK_Y_END]
    low_mask, x_in_y = task[TASK_LOW_MASK], task[TASK_X_IN_Y]
    everything = task[TASK_EVERYTHING]
    packed, orbit, primary = hands
    walk_cost = len(plan.parent)
    spent = 0
    i, j = state[STATE_X], state[STATE_Y]
    while state[STATE_PHASE] == SWEEP and spent < budget:
        if i == x_end and (j == y_end or everything >= 0):
            state[STATE_PHASE] = TOTALS
            break
        if j == y_end or (i < x_end and primary[order[i]] <= primary[order[j]]):
            value = primary[order[i]]
        else:
            value = primary[order[j]]
        # the X of this value count the disjoint Y below them, before those of the value
        group_end = i
        while group_end < x_end and primary[order[group_end]] == value:
            code = packed[order[group_end]]
            below[group_end - i] = 0 if j == y_start else _disjoint(code, plan, sets, rank,
                                                                    table, 0)
            group_end += 1
        y_before = j
        while j < y_end and primary[order[j]] == value:
            _walk(packed[order[j]], plan, sets, rank, table, orbit[order[j]], COUNT)
            j += 1
        for at in range(i, group_end):
            row = order[at]
            lower = below[at - i]
            at_most = lower if j == y_before else _disjoint(packed[row], plan, sets, rank,
                                                            table, x_in_y)
            _credit(game, counts, row, X_WINS, low_mask, lower)
            _credit(game, counts, row, BOTH, low_mask, at_most - lower)
            _credit(game, counts, row, Y_WINS, low_mask, -at_most)  # + all, in TOTALS
        spent += (2 * (group_end - i) + j - y_before) * walk_cost
        i = group_end
    state[STATE_X], state[STATE_Y] = i, j
    # every Y is counted: each X's disjoint Y in all, the rest of its losses
    at = state[STATE_TOTAL] if state[STATE_TOTAL] > x_start else x_start
    while state[STATE_PHASE] == TOTALS and spent < budget:
        if at == x_end:
            state[STATE_PHASE] = DONE
            break
        row = order[at]
        if everything >= 0:
            _credit(game, counts, row, Y_WINS, low_mask, everything)
        else:
            _credit(game, counts, row, Y_WINS, low_mask,
                    _disjoint(packed[row], plan, sets, rank, table, x_in_y))
            spent += walk_cost
        at += 1
    state[STATE_TOTAL] = at


@njit(cache=CACHE_KERNELS, nogil=True)
def credit_starts(packed, orbit, counts, start_class, binom, out):
    """Add every hand's outcome counts, times its orbit, into out[class, high winners, low
    winners] of the three-card sets it holds (start_class: by colex rank).  Releases the
    GIL: the engine's threads credit parts of the rows into outs of their own."""
    positions = np.empty(HAND, np.int64)
    cell_high = np.empty(16, np.int64)
    cell_low = np.empty(16, np.int64)
    cell_pairs = np.empty(16, np.int64)
    for row in range(len(packed)):
        code = packed[row]
        for i in range(HAND):
            positions[i] = packed_position(code, i)
        cells = 0
        for high in range(counts.shape[1]):
            for low in range(counts.shape[2]):
                if counts[row, high, low]:
                    cell_high[cells], cell_low[cells] = high, low
                    cell_pairs[cells] = orbit[row] * np.int64(counts[row, high, low])
                    cells += 1
        for a in range(HAND):
            for b in range(a + 1, HAND):
                for c in range(b + 1, HAND):
                    start = start_class[binom[positions[a], 1] + binom[positions[b], 2]
                                        + binom[positions[c], 3]]
                    for cell in range(cells):
                        out[start, cell_high[cell], cell_low[cell]] += cell_pairs[cell]
