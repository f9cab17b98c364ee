"""Heads-up counting's twin: engine/headsup.py's exact tallies by numpy, without numba.

The same counting as the kernels (kernels/headsup.py), by sorting instead of a
sweep.  Each player's completions (the cards he still gets, as combinations of
the unseen deck's positions) are valued once.  For a completion X of the
player with fewer, the other's completions Y disjoint from X and with some
property number, by inclusion-exclusion over the cards S they share,

    sum over S subset of X of (-1)**|S| * #{Y containing S with the property}.

So every Y is entered once per subset S of it (at most min(a, b) cards) as the
key (S, value), the keys sorted, and each X asks, for each of its subsets, how
many keys of its S lie below its value, at or below it, and in all: binary
searches over the sorted keys (with the questions sorted too, which makes them
quick).  Stud and razz need one such pass over all the rows.  Stud hi-lo's low
is a "bucket" (kernels/layout.low_buckets): the buckets are halved six times
(64 slots), X of each half asking the Y of the other, whose low comparison is
then known for the whole pass, and at the bottom X and Y of the same bucket.
When scoops are tracked, the Y ask the X the same way (how many disjoint X they
beat outright), for the passes in which the Y take the low or nobody does.

The result is the outcome counts [high winners, low winners] that the kernels
count, turned into tallies by the same award (awards.py), and the hand classes
the same way: integer for integer the kernels' tallies.  Nothing here imports
numba; the look-up tables are the kernels' own.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from itertools import combinations
from typing import NamedTuple

import numpy as np

from stud_odds.kernels.bundles import Lookups, Spot
from stud_odds.kernels.layout import (
    GAME_RAZZ,
    GAME_STUD8,
    LOW_CLASS_COLUMNS,
    NO_BUCKET,
    SCOOP_CLASS_BASE,
    low_buckets,
)
from stud_odds.kernels.tables import RAZZ_CLASSES

from ..awards import add_awards
from ..pair_counting import LOW_LEVELS, PAIR_CLASSES, SWAP_PLAYERS, VALUE_SPAN, add_pair_classes
from ..running import each_shared_card
from ..small import class_columns, combination_rows, hand_value_arrays
from ..tallies import Tallies
from .weighted_sums import colex_binomials

X_WINS, Y_WINS, BOTH = 1, 2, 3  # winner masks: X is bit 0
# seconds per entry (a completion's subset, sorted or looked up) on one idle core of a
# 2-core machine (third street, stud: 5.2 million entries in about 1 s)
SECONDS_PER_ENTRY = 2e-7
BYTES_PER_ROW = 200
BYTES_PER_ENTRY = 64


class Rows(NamedTuple):
    """Rows to count pairs of: each row's card sets S (index per row and subset, as
    card_sets numbers them) with each subset's inclusion-exclusion sign, its value (larger
    is better), stud8 low bucket (0 in the other games) and class pair."""

    sets: np.ndarray
    sign: np.ndarray
    value: np.ndarray
    bucket: np.ndarray
    pair_class: np.ndarray
    set_count: int

    def __len__(self) -> int:
        return len(self.value)


def card_sets(positions: np.ndarray, deck: int, largest: int) -> tuple[np.ndarray, np.ndarray,
                                                                      int]:
    """The subsets of at most ``largest`` of each row of ``positions`` (sorted deck
    positions, one row each) as numbers: a set of s positions is offset[s] + its colex
    rank (the sum of C(p_i, i + 1)); (numbers (rows, subsets), each subset's sign
    (-1) ** size, how many numbers there are)."""
    rows, k = positions.shape
    offset = np.cumsum([0] + [math.comb(deck, s) for s in range(largest + 1)])
    binom = colex_binomials(deck, largest)
    patterns = [c for s in range(min(largest, k) + 1) for c in combinations(range(k), s)]
    sets = np.empty((rows, len(patterns)), np.int64)
    for j, columns in enumerate(patterns):
        index = np.full(rows, offset[len(columns)], np.int64)
        for i, column in enumerate(columns):
            index += binom[positions[:, column], i + 1]
        sets[:, j] = index
    return sets, np.array([(-1) ** len(c) for c in patterns], np.int64), int(offset[-1])


def sweep_value(game: int, high: np.ndarray, low: np.ndarray) -> np.ndarray:
    """The value pairs are compared by (larger is better): razz's low turned over."""
    return (RAZZ_CLASSES - low) if game == GAME_RAZZ else high


def low_bucket(game: int, low: np.ndarray) -> np.ndarray:
    """Stud hi-lo's low bucket of each low value; 0 in the other games."""
    return low_buckets()[low] if game == GAME_STUD8 else np.zeros_like(low)


class Completions:
    """Every completion of ``player``'s ``k`` cards to come from the whole unseen deck: its
    positions (a row each) and their bit mask, its high and low values and class
    columns, valued as the kernels value hands."""

    def __init__(self, game: int, spot: Spot, player: int, k: int, lookups: Lookups):
        deck = np.asarray(spot.deck, np.int64)
        combos = combination_rows(len(deck), k)
        cards = deck[combos]
        self.combos = combos
        self.mask = (np.int64(1) << combos).sum(axis=1)
        keys = int(spot.known_key[player]) + lookups.card_key[cards].sum(axis=1)
        bits = int(spot.known_bits[player]) | np.bitwise_or.reduce(lookups.card_bit[cards],
                                                                   axis=1)
        highs, lows = hand_value_arrays(game, keys[None], bits[None], lookups)
        self.high, self.low = highs[0], lows[0]
        high_class, low_class = class_columns(game, highs, lows, lookups)
        self.high_class, self.low_class = high_class[0], low_class[0]


def completion_rows(game: int, spot: Spot, player: int, largest: int, lookups: Lookups
                    ) -> Rows:
    """Every completion of ``player`` (his cards to come, from the unseen deck) as rows,
    with its subsets of at most ``largest`` cards."""
    rows = Completions(game, spot, player, int(spot.draws[player]), lookups)
    sets, sign, set_count = card_sets(rows.combos, len(spot.deck), largest)
    return Rows(sets, sign, sweep_value(game, rows.high, rows.low), low_bucket(game, rows.low),
                rows.high_class * LOW_CLASS_COLUMNS + rows.low_class, set_count)


def pair_counts(asking: Rows, rows: np.ndarray, asked: Rows, asked_rows: np.ndarray
            ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """For each of ``asking``'s ``rows``: how many of ``asked``'s ``asked_rows`` are disjoint
    from it and valued below it, at most its value, and in all (inclusion-exclusion over
    its subsets, see above)."""
    keys = np.sort(_keys(asked, asked_rows), axis=None)
    per_set = np.bincount(keys // VALUE_SPAN, minlength=asked.set_count)
    set_start = np.zeros(len(per_set) + 1, np.int64)
    np.cumsum(per_set, out=set_start[1:])
    # the questions sorted, each carrying its row and sign in its low bits: sorted
    # questions make the binary searches quick, and plain sort beats argsort
    questions = _keys(asking, rows)
    row_bits = max(1, int(len(rows)).bit_length())
    if int(questions.max(initial=0)).bit_length() + row_bits + 1 > 62:
        raise ValueError("too many completions for heads-up counting by numpy")
    negative = (asking.sign < 0).astype(np.int64)
    packed = np.sort(questions << (row_bits + 1) | np.arange(len(rows))[:, None] << 1
                     | negative, axis=None)
    question = packed >> (row_bits + 1)
    row = (packed >> 1) & ((1 << row_bits) - 1)
    sign = 1 - 2 * (packed & 1)
    card_set = question // VALUE_SPAN
    start = set_start[card_set]
    found = []
    for counted in (np.searchsorted(keys, question, "left") - start,
                    np.searchsorted(keys, question, "right") - start,
                    set_start[card_set + 1] - start):
        # each row's sum (exact in float64: far below 2**53)
        found.append(np.rint(np.bincount(row, counted * sign, minlength=len(rows)))
                     .astype(np.int64))
    below, at_most, every = found
    return below, at_most, every


def passes(game: int, x: Rows, y: Rows) -> list[tuple[np.ndarray, np.ndarray, int]]:
    """(X rows, Y rows, low winners) of each pass: every pair of X and Y rows in one pass,
    whose low comparison is the same for all its pairs.

    Stud hi-lo: a hand with no low loses the low to one with a low, and nobody takes it
    when neither has one; between two lows, the buckets (in 64 slots) are halved: the
    X of each half against the Y of the other, then X and Y of the same bucket."""
    everyone_x, everyone_y = np.arange(len(x)), np.arange(len(y))
    if game != GAME_STUD8:
        return [(everyone_x, everyone_y, 0)]
    x_low, y_low = x.bucket != NO_BUCKET, y.bucket != NO_BUCKET
    passes = [(np.flatnonzero(~x_low), np.flatnonzero(~y_low), 0),
              (np.flatnonzero(~x_low), np.flatnonzero(y_low), Y_WINS),
              (np.flatnonzero(x_low), np.flatnonzero(~y_low), X_WINS)]
    x_rows, y_rows = np.flatnonzero(x_low), np.flatnonzero(y_low)
    for depth in range(1, LOW_LEVELS + 1):
        x_node = x.bucket[x_rows] >> (LOW_LEVELS - depth)
        y_node = y.bucket[y_rows] >> (LOW_LEVELS - depth)
        for node in np.unique(x_node).tolist():
            sibling = y_rows[y_node == node ^ 1]
            passes.append((x_rows[x_node == node], sibling, X_WINS if node % 2 == 0 else Y_WINS))
    for bucket in np.unique(x.bucket[x_rows]).tolist():
        passes.append((x_rows[x.bucket[x_rows] == bucket], y_rows[y.bucket[y_rows] == bucket],
                       BOTH))
    return [(xs, ys, low) for xs, ys, low in passes if len(xs) and len(ys)]


def _counted(game: int, spot: Spot, lookups: Lookups, between: Callable[[], None]
             ) -> Tallies:
    """The tallies of a spot without a shared card to come."""
    n = len(spot.deck)
    draws = [int(k) for k in spot.draws]
    tallies = Tallies.zeros(2)
    if sum(draws) > n:
        return tallies
    # X: the player with fewer completions (player 0 on equal counts), as the kernels
    px = 0 if math.comb(n, draws[0]) <= math.comb(n, draws[1]) else 1
    py = 1 - px
    a, b = draws[px], draws[py]
    largest = min(a, b)
    x = completion_rows(game, spot, px, largest, lookups)
    between()
    y = completion_rows(game, spot, py, largest, lookups)
    between()
    tallies.outcomes = len(x) * math.comb(n - a, b)
    _class_tallies(game, x.pair_class, math.comb(n - a, b), tallies.classes[px])
    _class_tallies(game, y.pair_class, math.comb(n - b, a), tallies.classes[py])
    track_scoops = bool(spot.track_scoops)
    counts = np.zeros((4, 4), np.int64)
    scoops = np.zeros((2, PAIR_CLASSES), np.int64)  # X's, Y's
    for x_rows, y_rows, low in passes(game, x, y):
        below, at_most, every = pair_counts(x, x_rows, y, y_rows)
        for high, found in ((X_WINS, below), (BOTH, at_most - below), (Y_WINS, every - at_most)):
            counts[0 if game == GAME_RAZZ else high, low if game != GAME_RAZZ else high] += \
                found.sum()
        between()
        if track_scoops:
            # X scoops the disjoint Y below it when it takes the low too or nobody does; so
            # does Y the X below it
            if low in (X_WINS, 0):
                scoops[0] += _per_class(x.pair_class[x_rows], below)
            if low in (Y_WINS, 0):
                y_below, _, _ = pair_counts(y, y_rows, x, x_rows)
                scoops[1] += _per_class(y.pair_class[y_rows], y_below)
                between()
    if px == 1:  # the counts have X as bit 0: make bit 0 player 0
        counts = counts[SWAP_PLAYERS][:, SWAP_PLAYERS]
    add_awards(game, counts, tallies)
    if track_scoops:
        tallies.classes[px, SCOOP_CLASS_BASE:] += scoops[0]
        tallies.classes[py, SCOOP_CLASS_BASE:] += scoops[1]
    return tallies


def _keys(side: Rows, rows: np.ndarray) -> np.ndarray:
    """Each row's subsets as keys (card set, value), one per row and subset."""
    return side.sets[rows] * VALUE_SPAN + side.value[rows, None]


def _per_class(pair_class: np.ndarray, counts: np.ndarray) -> np.ndarray:
    """counts summed by class pair (exact: each sum is far below 2**53)."""
    return np.rint(np.bincount(pair_class, counts, minlength=PAIR_CLASSES)).astype(np.int64)


def _class_tallies(game: int, pair_class: np.ndarray, weight: int, classes: np.ndarray) -> None:
    """Each completion's hand classes, counted once per deal it is in (``weight`` deals)."""
    add_pair_classes(game, np.bincount(pair_class, minlength=PAIR_CLASSES) * weight, classes)


def heads_up_twin(game: int, spot: Spot, lookups: Lookups,
                  between: Callable[[], None] | None = None) -> Tallies:
    """engine.headsup.heads_up_tallies's tallies, integer for integer, by numpy.

    between() is called between steps (each a fraction of a second on the spots the
    twin is chosen for): a stop it raises is seen there.
    """
    tallies = Tallies.zeros(2)
    for part in each_shared_card(spot):
        tallies.add(_counted(game, part, lookups, between or (lambda: None)))
    return tallies


def heads_up_twin_cost(game: int, deck: int, draws: list[int], shared: bool,
                       track_scoops: bool) -> tuple[float, int]:
    """About how long heads_up_twin takes on one core (every completion valued, its
    subsets entered and looked up; stud8 and scoops about twice), and the bytes it
    holds at once."""
    a, b = sorted(draws)
    rows = [math.comb(deck, k) for k in (a, b)]
    subsets = [sum(math.comb(k, s) for s in range(a + 1)) for k in (a, b)]
    entries = sum(r * s for r, s in zip(rows, subsets, strict=True))
    passes = (2 if game == GAME_STUD8 else 1) * (2 if track_scoops else 1)
    seconds = (deck if shared else 1) * (passes * entries + sum(rows)) * SECONDS_PER_ENTRY
    # per row: its cards, values and classes; per entry: the key, the question, the
    # sorted copies and the counts
    return seconds, sum(rows) * BYTES_PER_ROW + max(subsets) * max(rows) * BYTES_PER_ENTRY
