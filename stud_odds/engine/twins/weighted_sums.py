"""Weighted counting's twin, its one costly step: for each row of one player, the summed
weight of the other's rows disjoint from it and valued below it, at most its value, and
in all (``weighted_pair_sums``).

By inclusion-exclusion over the card sets S the two share, one size of S at a
time (sets of different sizes never match, and memory stays a size's worth): the
asked rows' subsets of that size are keys (S, value) carrying their row's weight,
and each asking row looks up each of its subsets.  Three ways to look up, the
same sums each way:

- by set, when no two keys share a card set (the asked rows' own sets): the one
  key's value and weight read by the set's number;
- a table, when it is small enough (TABLE_CELLS): per card set the asked rows
  hold, the summed weight below each of the asked rows' distinct values, so that a
  subset's three sums are three reads (the asking row's value taken once as a rank
  among those values: a few hundred of them, however many rows);
- else the keys sorted, and one binary search per subset.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from itertools import combinations
from typing import Protocol

import numpy as np

from ..pair_counting import VALUE_SPAN

# subset entries of the asking side looked up at once (about 64 bytes each meanwhile)
ASKED_AT_ONCE = 1 << 21
# a table of summed weights is read when it has at most this many cells (about 24 bytes
# each while it is made) and at most CELLS_PER_QUESTION per subset looked up (making a
# cell costs a fraction of a binary search); else the keys are searched
TABLE_CELLS = 1 << 22
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
                       asked_rows: np.ndarray, deck: int
                       ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """For each of ``asking``'s ``rows``: the summed weight of ``asked``'s ``asked_rows``
    disjoint from it and valued below it, at most its value, and in all."""
    found = np.zeros((3, len(rows)), np.int64)
    ranks = _Ranks(asking.value[rows], asked.value[asked_rows])
    for size in range(min(asking.size, asked.size) + 1):
        keys = _Keys(asked, asked_rows, size, deck)
        lookup = keys.lookup(ranks, len(rows) * math.comb(asking.size, size))
        sign = -1 if size % 2 else 1
        # the asking rows a bounded number of entries at a time: memory stays flat
        step = max(1, ASKED_AT_ONCE // math.comb(asking.size, size))
        for first in range(0, len(rows), step):
            part = slice(first, first + step)
            sums = lookup(asking.card_sets(rows[part], size, deck), part)
            for kind in range(3):
                found[kind, part] += sign * sums[kind]
    below, at_most, every = found
    return below, at_most, every


class _Ranks:
    """The asking rows' values as ranks among the asked rows' distinct values (below a
    rank: the asked values below the row's), and whether one of them equals it (tie)."""

    def __init__(self, asking: np.ndarray, asked: np.ndarray):
        self.values, self.of_asked = np.unique(asked, return_inverse=True)
        self.width = len(self.values) + 1  # a table's cells per card set
        self.asking = asking
        self.rank = np.searchsorted(self.values, asking)
        self.tie = self.rank < len(self.values)
        self.tie[self.tie] = self.values[self.rank[self.tie]] == asking[self.tie]


Lookup = Callable[[np.ndarray, slice], tuple[np.ndarray, np.ndarray, np.ndarray]]


class _Keys:
    """The asked rows' subsets of one size as keys (card set, value), each carrying its
    row's weight; ``by_table`` and ``by_search`` look up the asking rows' subsets
    (their card set numbers, ``part`` of the asking rows): per asking row the summed
    weight of the keys of its sets below its value, at most its value, and in all."""

    def __init__(self, asked: WeightedRows, rows: np.ndarray, size: int, deck: int):
        self.sets = asked.card_sets(rows, size, deck)
        self.set_count = math.comb(deck, size)
        self.held = np.zeros(self.set_count, np.bool_)  # the card sets the asked rows hold
        self.held[self.sets] = True
        self.held_count = int(np.count_nonzero(self.held))
        self.weights = None if asked.unweighted else np.repeat(asked.weight[rows],
                                                               self.sets.shape[1])
        self.value = asked.value[rows]

    def lookup(self, ranks: _Ranks, questions: int) -> Lookup:
        """The quickest way to look up ``questions`` subsets: by set when no two keys share
        a card set, else by a table when it is small enough, else by binary search."""
        if self.held_count == self.sets.size and self.set_count <= TABLE_CELLS:
            return self.by_set(ranks)
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


def _row_sums(values: np.ndarray) -> np.ndarray:
    """Each row's sum (rows of a few subsets: einsum sums them several times quicker than
    sum(axis=1), in integers as well)."""
    return np.einsum("ij->i", values)
