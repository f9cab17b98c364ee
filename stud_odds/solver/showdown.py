"""Showdown sums over two ranges by sorting and inclusion-exclusion, never a matrix of pairs.

For a combo i of the asking player X and weights r over the asked player Y's combos
(his reach at some point of the betting), the solver needs, over the combos j that share
no card with i,

    total_i = sum r_j                  score_i = sum r_j * (1 if i beats j, 1/2 if tied)

Sharing no card is inclusion-exclusion over the cards S that i and j share:
sum over S subset of i of (-1)**|S| times the sum over the j holding S.  So every j is
entered once per subset S of its three cards as the key (S, value); the keys are
sorted once (values never change).  With C the running sum of the weights in that
order, the j holding S that i beats are the keys of S below i's value, and the ties
those at it: per subset three positions, ``start`` (S's first key), ``lower`` (S's first
key at i's value) and ``upper`` (S's first key above it), so

    score_i = sum over S of sign(S) * ((C[lower] + C[upper]) / 2 - C[start])
    total_i = sum over S of sign(S) * (C[end] - C[start])            (lower = upper = end)

The positions are found once (binary searches); each round of the solver only gathers
C at them, for every column of weights at once (one column per point of the betting).

The pot award (kernels.layout.share_out) makes X's share of the pot
- stud: score over the high values; razz: score over the razz values turned over;
- stud hi-lo: HALF_POT/POT of the high score against all of Y, plus HALF_POT/POT of
  the low score against all of Y when i has a low (a Y with no low is beaten for low),
  else of the high score against the Y with no low (nobody has a low: the high half
  takes the low half too).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from stud_odds.kernels.layout import GAME_RAZZ, GAME_STUD, GAME_STUD8, HALF_POT, POT
from stud_odds.kernels.tables import NO_LOW, RAZZ_CLASSES
from stud_odds.scenario import DECK_SIZE

# the subsets of a combo's three cards (by position), and their inclusion-exclusion signs
SUBSETS = ((), (0,), (1,), (2,), (0, 1), (0, 2), (1, 2), (0, 1, 2))
SIGNS = np.array([(-1.0) ** len(subset) for subset in SUBSETS])
PAIR_BASE = 1 + DECK_SIZE  # set ids: 0 the empty set, 1 + card, PAIR_BASE + a*52 + b,
TRIPLE_BASE = PAIR_BASE + DECK_SIZE * DECK_SIZE  # TRIPLE_BASE + (a*52 + b)*52 + c (a < b < c)
SET_SPAN = TRIPLE_BASE + DECK_SIZE ** 3
VALUES_PER_SET = 1 << 13  # every compared value is below it
HALF = HALF_POT / POT  # the share of the pot each half is (stud hi-lo)


def set_ids(cards: np.ndarray) -> np.ndarray:
    """int64 (n, 8): the id of each subset of each ascending triple, in SUBSETS' order."""
    cards = np.asarray(cards, np.int64)
    a, b, c = cards[:, 0], cards[:, 1], cards[:, 2]
    return np.stack([
        np.zeros_like(a), 1 + a, 1 + b, 1 + c,
        PAIR_BASE + a * DECK_SIZE + b, PAIR_BASE + a * DECK_SIZE + c, PAIR_BASE + b * DECK_SIZE + c,
        TRIPLE_BASE + (a * DECK_SIZE + b) * DECK_SIZE + c,
    ], axis=1)


@dataclass(frozen=True, eq=False)
class Entries:
    """The asked player's combos entered once per subset, sorted by (table, subset, value):
    ``owner`` (E,) the combo of each sorted entry, ``keys`` (E,) their keys."""

    owner: np.ndarray
    keys: np.ndarray

    @classmethod
    def of(cls, cards: np.ndarray, tables: list[tuple[np.ndarray, np.ndarray]]) -> Entries:
        """``tables``: per table, (value per combo, larger better; which combos it holds)."""
        ids = set_ids(cards)
        keys, owners = [], []
        for table, (value, held) in enumerate(tables):
            rows = np.flatnonzero(held)
            keys.append(((table * SET_SPAN + ids[rows]) * VALUES_PER_SET
                         + np.asarray(value, np.int64)[rows, None]).ravel())
            owners.append(np.repeat(rows, len(SUBSETS)))
        key, owner = np.concatenate(keys), np.concatenate(owners)
        order = np.argsort(key, kind="stable")
        return cls(owner[order].astype(np.int64), key[order])

    def score_queries(self, cards: np.ndarray, value: np.ndarray, table: np.ndarray
                      ) -> np.ndarray:
        """int64 (n, 8, 3): (lower, upper, start) of each asking combo's subsets in the
        ``table`` (per combo) it asks, at its ``value``."""
        base = (table[:, None] * SET_SPAN + set_ids(cards)) * VALUES_PER_SET
        at = base + np.asarray(value, np.int64)[:, None]
        return np.stack([np.searchsorted(self.keys, at, "left"),
                         np.searchsorted(self.keys, at, "right"),
                         np.searchsorted(self.keys, base, "left")], axis=2)

    def total_queries(self, cards: np.ndarray, table: int = 0) -> np.ndarray:
        """int64 (n, 8, 3): (end, end, start): the whole weight of each subset."""
        base = (table * SET_SPAN + set_ids(cards)) * VALUES_PER_SET
        end = np.searchsorted(self.keys, base + VALUES_PER_SET, "left")
        return np.stack([end, end, np.searchsorted(self.keys, base, "left")], axis=2)


def sums_twin(owner: np.ndarray, weights: np.ndarray, queries: np.ndarray, scored: int,
              out: np.ndarray) -> None:
    """kernels.river's running_sums and query_sums by numpy, with the same additions in the
    same order, so the same numbers: ``out[i, g, t]`` = the sum over subsets k of
    SIGNS[k] * ((C[lower] + C[upper]) / 2 - C[start]) of query group g of combo i, C the
    running sum (from 0) of column t of ``weights`` in ``owner``'s order; every column in
    group 0 (the totals), the first ``scored`` in the others."""
    running = np.zeros((weights.shape[1], len(owner) + 1))
    np.cumsum(weights[owner].T, axis=1, out=running[:, 1:])
    running = np.ascontiguousarray(running.T)
    for g in range(queries.shape[1]):
        columns = running[:, :scored] if g else running
        total = np.zeros((len(queries), columns.shape[1]))
        for k in range(len(SUBSETS)):
            term = 0.5 * (columns[queries[:, g, k, 0]] + columns[queries[:, g, k, 1]]) \
                - columns[queries[:, g, k, 2]]
            if SIGNS[k] > 0:
                total += term
            else:
                total -= term
        out[:, g, :columns.shape[1]] = total


def compared_values(game: int, high: np.ndarray, low: np.ndarray
                    ) -> tuple[np.ndarray, np.ndarray]:
    """(high-half value, low value), larger better, as the compared tables hold them: razz
    turned over, stud hi-lo's low 0 for no low (every low beats it)."""
    high = np.asarray(high, np.int64)
    low = np.asarray(low, np.int64)
    if game == GAME_RAZZ:
        return np.zeros_like(low), RAZZ_CLASSES - low
    if game == GAME_STUD8:
        return high, NO_LOW - low
    return high, np.zeros_like(high)


@dataclass(frozen=True, eq=False)
class Matchup:
    """Everything X asks of Y, found once: Y's entries and X's query groups.

    Groups: 0 the total weight; 1 the score of the pot's first part; in stud hi-lo 2 the
    score of the second half.  ``share(out)`` turns the groups into X's share of the pot.
    """

    game: int
    entries: Entries
    queries: np.ndarray  # int64 (n_x, groups, 8, 3)

    @classmethod
    def of(cls, game: int, x_cards: np.ndarray, x_values: tuple[np.ndarray, np.ndarray],
           y_cards: np.ndarray, y_values: tuple[np.ndarray, np.ndarray]) -> Matchup:
        x_high, x_low = x_values
        y_high, y_low = y_values
        n_x, everyone = len(x_cards), np.ones(len(y_cards), bool)
        if game == GAME_STUD8:
            # tables: 0 high against all of Y, 1 low against all, 2 high against Y's no-lows
            entries = Entries.of(y_cards, [(y_high, everyone), (y_low, everyone),
                                           (y_high, y_low == 0)])
            has_low = x_low > 0
            second = entries.score_queries(x_cards, np.where(has_low, x_low, x_high),
                                           np.where(has_low, 1, 2))
            groups = [entries.total_queries(x_cards),
                      entries.score_queries(x_cards, x_high, np.zeros(n_x, np.int64)), second]
        else:
            value_x, value_y = (x_high, y_high) if game == GAME_STUD else (x_low, y_low)
            entries = Entries.of(y_cards, [(value_y, everyone)])
            groups = [entries.total_queries(x_cards),
                      entries.score_queries(x_cards, value_x, np.zeros(n_x, np.int64))]
        return cls(game, entries, np.ascontiguousarray(np.stack(groups, axis=1)))

    def share(self, sums: np.ndarray) -> np.ndarray:
        """X's share of the pot (summed over Y by weight) from the groups' sums (n, G, T)."""
        if self.game == GAME_STUD8:
            return HALF * sums[:, 1] + HALF * sums[:, 2]
        return sums[:, 1]


def disjoint_weight(cards: np.ndarray, other: np.ndarray, weight: np.ndarray) -> np.ndarray:
    """Per combo of ``cards``, the weight of the combos of ``other`` sharing no card with it,
    by per-card and per-card-pair sums (inclusion-exclusion), never a matrix of pairs."""
    other_ids, ids = set_ids(other), set_ids(cards)
    keys, inverse = np.unique(other_ids, return_inverse=True)
    summed = np.bincount(inverse.ravel(), weights=np.repeat(weight, len(SUBSETS)),
                         minlength=len(keys))
    where = np.searchsorted(keys, ids)
    found = keys[np.minimum(where, len(keys) - 1)] == ids
    values = np.where(found, summed[np.minimum(where, len(keys) - 1)], 0.0)
    return (values * SIGNS).sum(axis=1)


__all__ = ["Entries", "Matchup", "compared_values", "disjoint_weight",
           "set_ids", "sums_twin"]
