"""Weighted counting's twin, its one costly step: for each row of one player, the summed
weight of the other's rows disjoint from it and valued below it, at most its value, and
in all (``weighted_pair_sums``).

By inclusion-exclusion over the card sets S the two share, one size of S at a
time (sets of different sizes never match, and memory stays a size's worth): the
asked rows' subsets of that size are keys (S, value) carrying their row's weight,
and each asking row looks up each of its subsets.  Four ways to look up, the
same sums each way:

- by set, when no two keys share a card set (the asked rows' own sets): the one
  key's value and weight read by the set's number;
- by rows, when no card set holds more than ROW_KEYS keys (third street's
  three-card sets: 43 each): per set one short row of its keys and its
  questions, the rows sorted at once (_SetRows);
- a table, when it is small enough (TABLE_CELLS): per card set the asked rows
  hold, the summed weight below each of the asked rows' distinct values, so that a
  subset's three sums are three reads (the asking row's value taken once as a rank
  among those values: a few hundred of them, however many rows);
- else the keys sorted, and one binary search per subset.
"""

from __future__ import annotations

import math
import threading
from collections.abc import Callable
from functools import partial
from itertools import combinations
from typing import Protocol

import numpy as np

from ..pair_counting import VALUE_SPAN
from ..pool import run_on_threads

# subset entries of the asking side looked up at once (about 64 bytes each meanwhile)
ASKED_AT_ONCE = 1 << 21
# a table of summed weights is read when it has at most this many cells (about 24 bytes
# each while it is made) and at most CELLS_PER_QUESTION per subset looked up (making a
# cell costs a fraction of a binary search); else the keys are searched
TABLE_CELLS = 1 << 22
# a card set's keys and the subsets asking about it are sorted side by side in a row of at
# most this many cells when its keys fit in ROW_KEYS
ROW_CELLS = 128
ROW_KEYS = 64
CELLS_PER_QUESTION = 4
_WEIGHT_BITS = 27  # a weight is below MAX_WEIGHT (kernels/weighted.py): 27 bits


class WeightedRows(Protocol):
    """One player's kept completions as weighted_pair_sums reads them (twins/weighted.py)."""

    size: int  # cards per completion
    value: np.ndarray  # larger is better
    weight: np.ndarray  # int64, each below 2**27
    unweighted: bool  # every weight is 1

    def card_sets(self, rows: np.ndarray, size: int, deck: int) -> np.ndarray:
        """The ``rows``' subsets of ``size`` positions as numbers (card_sets_of_size)."""
        ...


def colex_binomials(deck: int, size: int) -> np.ndarray:
    """binom[p, i] = C(p, i) for positions p of the deck, i up to ``size``."""
    return np.array([[math.comb(p, i) for i in range(size + 1)] for p in range(deck)],
                    np.int64).reshape(deck, size + 1)


def card_sets_of_size(combos: np.ndarray, deck: int, size: int) -> np.ndarray:
    """Each row's subsets of ``size`` positions as numbers (colex ranks), one column per
    subset: the numbers of two equal sets are equal."""
    binom = colex_binomials(deck, size)
    patterns = list(combinations(range(combos.shape[1]), size))
    sets = np.zeros((len(combos), len(patterns)), np.int64)
    for j, columns in enumerate(patterns):
        for i, column in enumerate(columns):
            sets[:, j] += binom[combos[:, column], i + 1]
    return sets


def weighted_pair_sums(asking: WeightedRows, rows: np.ndarray, asked: WeightedRows,
                       asked_rows: np.ndarray, deck: int, threads: int = 1
                       ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """For each of ``asking``'s ``rows``: the summed weight of ``asked``'s ``asked_rows``
    disjoint from it and valued below it, at most its value, and in all.  The sizes of
    the shared card sets are counted on up to ``threads`` threads (numpy lets go of the
    GIL while it sorts and gathers): integer sums, the same in any order."""
    found = np.zeros((3, len(rows)), np.int64)
    adding = threading.Lock()
    ranks = _Ranks(asking.value[rows], asked.value[asked_rows])

    def count(size: int) -> None:
        keys = _Keys(asked, asked_rows, size, deck)
        lookup = keys.lookup(ranks, len(rows) * math.comb(asking.size, size))
        sign = -1 if size % 2 else 1
        # the asking rows a bounded number of entries at a time: memory stays flat
        step = max(1, ASKED_AT_ONCE // math.comb(asking.size, size))
        for first in range(0, len(rows), step):
            part = slice(first, first + step)
            sums = lookup(asking.card_sets(rows[part], size, deck), part)
            with adding:
                for kind in range(3):
                    found[kind, part] += sign * sums[kind]

    def entries(size: int) -> int:
        return (len(rows) * math.comb(asking.size, size)
                + len(asked_rows) * math.comb(asked.size, size))
    # the largest first: two threads end about together; one size at a time when a size
    # outgrows a chunk (the memory weighted_twin_cost plans for is one size's)
    sizes = sorted(range(min(asking.size, asked.size) + 1), key=entries, reverse=True)
    run_on_threads([partial(count, size) for size in sizes],
                   threads if entries(sizes[0]) <= 2 * ASKED_AT_ONCE else 1)
    below, at_most, every = found
    return below, at_most, every


class _Ranks:
    """The asking rows' values as ranks among the asked rows' distinct values (below a
    rank: the asked values below the row's), and whether one of them equals it (tie).
    Values are below VALUE_SPAN: counted, not sorted."""

    def __init__(self, asking: np.ndarray, asked: np.ndarray):
        present = np.bincount(asked, minlength=VALUE_SPAN) > 0
        below = np.cumsum(present) - present  # distinct asked values below each value
        self.of_asked = below[asked]
        self.width = int(np.count_nonzero(present)) + 1  # a table's cells per card set
        self.asking = asking
        self.rank = below[asking]
        self.tie = present[asking]


Lookup = Callable[[np.ndarray, slice], tuple[np.ndarray, np.ndarray, np.ndarray]]


class _Keys:
    """The asked rows' subsets of one size as keys (card set, value), each carrying its
    row's weight; ``by_table`` and ``by_search`` look up the asking rows' subsets
    (their card set numbers, ``part`` of the asking rows): per asking row the summed
    weight of the keys of its sets below its value, at most its value, and in all."""

    def __init__(self, asked: WeightedRows, rows: np.ndarray, size: int, deck: int):
        self.sets = asked.card_sets(rows, size, deck)
        self.set_count = math.comb(deck, size)
        keys_per_set = np.bincount(self.sets.ravel(), minlength=self.set_count)
        self.held = keys_per_set > 0  # the card sets the asked rows hold
        self.held_count = int(np.count_nonzero(self.held))
        self.most_keys = int(keys_per_set.max(initial=0))  # of one card set
        self.weights = None if asked.unweighted else np.repeat(asked.weight[rows],
                                                               self.sets.shape[1])
        self.value = asked.value[rows]

    def lookup(self, ranks: _Ranks, questions: int) -> Lookup:
        """The quickest way to look up ``questions`` subsets: by set when no two keys share
        a card set, else by a table when it is small enough, else by binary search."""
        if self.held_count == self.sets.size and self.set_count <= TABLE_CELLS:
            return self.by_set(ranks)
        # rows when every set's keys fit one and its questions, on average, the rest of it
        if (self.most_keys <= ROW_KEYS and self.held_count < 1 << 16
                and questions <= self.held_count * (ROW_CELLS - self.most_keys)):
            return self.by_rows(ranks)
        cells = (self.held_count + 1) * ranks.width
        if cells <= min(TABLE_CELLS, CELLS_PER_QUESTION * questions):
            return self.by_table(ranks)
        return self.by_search(ranks)

    def by_set(self, ranks: _Ranks) -> Lookup:
        """Two reads per subset when each card set holds one key at most (the subsets of
        the rows' own size: no two completions are the same cards): its value and its
        weight (0 for a set no row holds), by card set number."""
        value = np.zeros(self.set_count, self.value.dtype)
        value[self.sets] = self.value[:, None]
        weight = np.zeros(self.set_count, np.int64)
        weight[self.sets] = 1 if self.weights is None else self.weights.reshape(
            self.sets.shape)

        def lookup(card_set: np.ndarray, part: slice) -> tuple[np.ndarray, ...]:
            mine = ranks.asking[part, None]
            theirs, held = np.take(value, card_set), np.take(weight, card_set)
            below = _row_sums(np.where(theirs < mine, held, 0))
            return below, below + _row_sums(np.where(theirs == mine, held, 0)), \
                _row_sums(held)
        return lookup

    def by_table(self, ranks: _Ranks) -> Lookup:
        """Three reads per subset in a table: per present card set a row of
        ``ranks.width`` cells, the summed weight of its keys below each distinct value; a
        set not present reads a row of zeros.  A cell sums at most every asked row's
        weight once (a row's subsets are distinct sets): below 2**24 * 2**27, so
        bincount's float sums are exact."""
        width = ranks.width
        # each card set's first cell: the held sets' rows in order, then the row of zeros
        row_start = np.where(self.held, np.cumsum(self.held) - 1, self.held_count) * width
        cells = (row_start[self.sets] + ranks.of_asked[:, None] + 1).ravel()
        counts = np.bincount(cells, self.weights, (self.held_count + 1) * width)
        table = np.cumsum(counts.reshape(-1, width), axis=1).astype(np.int64).ravel()

        def lookup(card_set: np.ndarray, part: slice) -> tuple[np.ndarray, ...]:
            start = np.take(row_start, card_set)
            cell = start + ranks.rank[part, None]
            below = _row_sums(np.take(table, cell))
            cell += ranks.tie[part, None]
            start += width - 1
            return below, _row_sums(np.take(table, cell)), _row_sums(np.take(table, start))
        return lookup

    def by_rows(self, ranks: _Ranks) -> Lookup:
        """Each card set's keys and the subsets asking about it in one short row
        (_SetRows), when no set holds more than ROW_KEYS keys."""
        return _SetRows(self, ranks).lookup

    def by_search(self, ranks: _Ranks) -> Lookup:
        """One binary search per subset in the keys sorted (keys that are equal counted
        together, so their order among themselves is free: a plain sort, each key
        carrying its row's weight in its low bits when they fit)."""
        keys = (self.sets * VALUE_SPAN + self.value[:, None]).ravel()
        if self.weights is None:
            keys.sort()
            weights = None
        elif int(keys.max(initial=0)).bit_length() + _WEIGHT_BITS < 63:
            packed = np.sort(keys << _WEIGHT_BITS | self.weights)
            keys, weights = packed >> _WEIGHT_BITS, packed & ((1 << _WEIGHT_BITS) - 1)
        else:
            order = np.argsort(keys)
            keys, weights = keys[order], self.weights[order]
        summed = np.zeros(len(keys) + 1, np.int64)
        if weights is None:
            summed[1:] = np.arange(1, len(keys) + 1)
        else:
            np.cumsum(weights, out=summed[1:])
        first = np.flatnonzero(np.concatenate(([True], keys[1:] != keys[:-1]))) if len(keys) \
            else np.zeros(0, np.int64)
        # one more entry above every key, and two more sums: the total
        keys = np.append(keys[first], np.iinfo(np.int64).max)
        summed = np.append(summed[first], (summed[-1], summed[-1]))
        # the summed weight of the keys of the sets below each set
        set_sum = summed[np.searchsorted(keys, np.arange(self.set_count + 1) * VALUE_SPAN)]

        def lookup(card_set: np.ndarray, part: slice) -> tuple[np.ndarray, ...]:
            questions = card_set * VALUE_SPAN + ranks.asking[part, None]
            start = _row_sums(np.take(set_sum, card_set))
            at = np.searchsorted(keys, questions)
            below = np.take(summed, at)
            at_most = np.where(np.take(keys, at) == questions, np.take(summed, at + 1), below)
            return tuple(_row_sums(end) - start
                         for end in (below, at_most, np.take(set_sum, card_set + 1)))
        return lookup


class _SetRows:
    """Per card set one short row: its keys' codes, then the codes of the subsets asking
    about it, both in order of value (a key's code 2u + 1 for the u-th distinct asked
    value, a question's 2r for "below" the r-th, so none is equal); the rows sorted at
    once (short rows sort several times quicker than one long array): the j-th question
    of a row, at place p, follows p - j keys, whose summed weight is its answer."""

    def __init__(self, keys: _Keys, ranks: _Ranks):
        self.keys, self.ranks = keys, ranks
        self.rows = rows = keys.held_count  # a row per held set (others' questions get 0)
        self.set_row = np.full(keys.set_count, keys.held_count, np.uint16)
        self.set_row[keys.held] = np.arange(keys.held_count)
        by_value = _stable_order(ranks.of_asked)
        order, row, slot, counts = _grouped(self.set_row[keys.sets[by_value].ravel()], rows)
        self.wide = wide = int(counts.max())
        self.padding = 2 * ranks.width + 2  # a question cell's when no question fills it
        codes = np.full((rows, wide), 2 * ranks.width + 1, np.int16)  # keys' padding
        place = row * wide + slot
        codes.ravel()[place] = 2 * ranks.of_asked[by_value[order // keys.sets.shape[1]]] + 1
        self.codes = codes
        # the keys' summed weight before each place of a row (a row's keys are in order)
        self.before = None
        if keys.weights is not None:
            weights = np.zeros(rows * wide, np.int64)
            weights[place] = keys.weights.reshape(keys.sets.shape)[by_value].ravel()[order]
            self.before = np.zeros((rows, wide + 1), np.int64)
            np.cumsum(weights.reshape(rows, wide), axis=1, out=self.before[:, 1:])
        self.every = counts if self.before is None else self.before[np.arange(rows), counts]
        self.searched: Lookup | None = None

    def lookup(self, card_set: np.ndarray, part: slice) -> tuple[np.ndarray, ...]:
        """The sums of ``card_set``'s subsets (``part`` of the asking rows)."""
        ranks = self.ranks
        # in order of value: of both codes (a tie sorts after the rank's others)
        by_value = _stable_order(2 * ranks.rank[part] + ranks.tie[part])
        question_row = self.set_row[card_set[by_value].ravel()]
        asked_about = np.flatnonzero(question_row != self.keys.held_count)  # else 0
        order, row, slot, counts = _grouped(question_row[asked_about], self.rows)
        width = int(counts.max(initial=0))
        if not width:
            return tuple(np.zeros(len(by_value), np.int64) for _ in range(3))
        if self.wide + width > ROW_CELLS:  # some set is asked about far more than others
            self.searched = self.searched or self.keys.by_search(ranks)
            return self.searched(card_set, part)
        asker = by_value[asked_about[order] // card_set.shape[1]]  # the asking rows
        cells = row * width + slot
        # the codes of the asking rows for "below" and "at most"
        code = (2 * ranks.rank[part]).astype(np.int16)
        sums = [self.keys_before(code[asker], cells, width),
                self.keys_before((code + 2 * ranks.tie[part])[asker], cells, width),
                self.every[row]]
        # (float sums exact: far below 2**53)
        return tuple(np.rint(np.bincount(asker, counted, len(by_value))).astype(np.int64)
                     for counted in sums)

    def keys_before(self, codes: np.ndarray, cells: np.ndarray, width: int) -> np.ndarray:
        """The summed weight of the keys below each question (its code and its cell among
        the rows' ``width`` questions, the questions of a row in order)."""
        rows, wide = self.rows, self.wide
        table = np.empty((rows, wide + width), np.int16)
        table[:, :wide] = self.codes
        table[:, wide:] = self.padding
        dense = cells[-1] == len(cells) - 1  # the first rows full, in order
        if dense:
            table[:len(cells) // width, wide:] = codes.reshape(-1, width)
        else:
            table.ravel()[cells // width * wide + wide + cells] = codes
        table.sort(axis=1)
        # the questions' places, row by row and in order (width of them a row)
        keys_first = np.flatnonzero((table & 1) == 0).reshape(rows, width)
        keys_first -= np.arange(rows)[:, None] * (wide + width) + np.arange(width)
        if self.before is not None:
            keys_first = np.take_along_axis(self.before, keys_first, axis=1)
        return keys_first.ravel()[:len(cells)] if dense else keys_first.ravel()[cells]


def _stable_order(numbers: np.ndarray) -> np.ndarray:
    """The order that sorts ``numbers`` (0 to 2**16 - 1), equal ones kept in order (a
    radix sort)."""
    return np.argsort(numbers.astype(np.uint16, copy=False), kind="stable")


def _grouped(row: np.ndarray, rows: int) -> tuple[np.ndarray, ...]:
    """Entries grouped by their row (of ``rows``), in order within a row: the order, each
    grouped entry's row and place in it, and the entries per row."""
    order = _stable_order(row)
    counts = np.bincount(row, minlength=rows)
    grouped = row[order].astype(np.intp)
    return order, grouped, np.arange(len(row)) - (np.cumsum(counts) - counts)[grouped], counts


def _row_sums(values: np.ndarray) -> np.ndarray:
    """Each row's sum (rows of a few subsets: einsum sums them several times quicker than
    sum(axis=1), in integers as well)."""
    return np.einsum("ij->i", values)
