"""Five-card hand codes: one integer per hand class, ordered like the hands.

A code is ``category << 20`` plus up to five 4-bit ranks, ordered by how many
times each rank appears and then by rank, highest first.  Comparing codes
compares hands.  These are the slow-but-simple building blocks of the lookup
tables in :mod:`stud_odds.kernels.evaluate`: plain numpy over whole arrays of
hands, so building the tables compiles nothing (a first run starts sooner).

>>> int(high_codes5(np.array([[12, 12, 12, 0, 0]]), False)[0]) >> CATEGORY_SHIFT  # aces full
6
"""

from __future__ import annotations

from functools import cache
from itertools import combinations, combinations_with_replacement

import numpy as np

# High categories (larger is better).
HIGH_CARD, ONE_PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL_HOUSE, QUADS, STRAIGHT_FLUSH = range(9)
HIGH_CATEGORY_NAMES = (
    "high card", "one pair", "two pair", "three of a kind", "straight", "flush",
    "full house", "four of a kind", "straight flush",
)
# Ace-to-five low categories (smaller is better): only pairing matters.
LOW_NO_PAIR, LOW_PAIR, LOW_TWO_PAIR, LOW_TRIPS, LOW_FULL_HOUSE, LOW_QUADS = range(6)
LOW_CATEGORY_NAMES = (
    "no pair", "one pair", "two pair", "three of a kind", "full house", "four of a kind",
)
CATEGORY_SHIFT = 20
_WHEEL = 0b1000000001111  # A-2-3-4-5 as a rank mask (bit 0 = deuce)


def _rank_counts(ranks: np.ndarray) -> np.ndarray:
    """(hands, 13) how many cards of each rank every row of ``ranks`` holds."""
    return (ranks[:, :, None] == np.arange(13)).sum(axis=1)


def _grouped_codes(counts: np.ndarray, category: np.ndarray) -> np.ndarray:
    """category << 20 | the present ranks ordered by (count desc, rank desc), 4 bits each."""
    order_key = np.where(counts > 0, counts * 16 + np.arange(13), -1)
    ranks = np.argsort(-order_key, axis=1, kind="stable")[:, :5]
    present = np.take_along_axis(order_key, ranks, axis=1) >= 0
    nibbles = np.where(present, ranks, 0)
    code = np.asarray(category, np.int64) << CATEGORY_SHIFT
    for slot in range(5):
        code = code | nibbles[:, slot].astype(np.int64) << (4 * (4 - slot))
    return code


def _pairing(counts: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    return counts.max(axis=1), (counts == 2).sum(axis=1)


def high_codes5(ranks: np.ndarray, flush: bool) -> np.ndarray:
    """Codes of five-card high hands, one per row of ranks (0 = deuce .. 12 = ace)."""
    counts = _rank_counts(ranks)
    most, pairs = _pairing(counts)
    category = np.select(
        [most == 4, (most == 3) & (pairs == 1), most == 3, pairs == 2, most == 2],
        [QUADS, FULL_HOUSE, TRIPS, TWO_PAIR, ONE_PAIR],
        FLUSH if flush else HIGH_CARD,
    )
    codes = _grouped_codes(counts, category)
    # five distinct consecutive ranks (or the wheel, five high) make a straight
    mask = (np.int64(1) << ranks.astype(np.int64)).sum(axis=1)
    top = np.full(len(ranks), -1, np.int64)
    for high in range(12, 3, -1):
        top[(most == 1) & (mask == 0b11111 << (high - 4))] = high
    top[(most == 1) & (mask == _WHEEL)] = 3
    straight = (STRAIGHT_FLUSH if flush else STRAIGHT) << CATEGORY_SHIFT
    return np.where(top >= 0, straight | (top << 16), codes)


def low_codes5(ranks: np.ndarray) -> np.ndarray:
    """Ace-to-five codes of five ranks per row (ace low; straights and flushes ignored;
    smaller wins)."""
    counts = _rank_counts((ranks + 1) % 13)  # ace-low rank: ace 0, deuce 1, ..., king 12
    most, pairs = _pairing(counts)
    category = np.select(
        [most == 1, (most == 2) & (pairs == 2), most == 2, (most == 3) & (pairs == 1),
         most == 3],
        [LOW_NO_PAIR, LOW_TWO_PAIR, LOW_PAIR, LOW_FULL_HOUSE, LOW_TRIPS],
        LOW_QUADS,
    )
    return _grouped_codes(counts, category)


def best_codes_rows(rows: np.ndarray, flush: bool) -> tuple[np.ndarray, np.ndarray]:
    """Best high code and best ace-to-five code over every five-card subset of each row."""
    rows = np.sort(np.asarray(rows, np.int64), axis=1)  # so that every subset is sorted too
    high_of, low_of = _five_card_codes(flush)
    subsets = [_five_key(rows[:, list(five)]) for five in combinations(range(rows.shape[1]), 5)]
    highs = np.max([high_of[key] for key in subsets], axis=0)
    lows = np.min([low_of[key] for key in subsets], axis=0)
    return highs, lows


def _five_key(ranks: np.ndarray) -> np.ndarray:
    """Five sorted ranks per row as one base-13 number."""
    return ranks @ (13 ** np.arange(4, -1, -1, dtype=np.int64))


@cache
def _five_card_codes(flush: bool) -> tuple[np.ndarray, np.ndarray]:
    """(high, ace-to-five) code of every five sorted ranks, indexed by _five_key: each of the
    few thousand five-card hands is coded once, not once per seven-card hand that holds it."""
    if flush:  # five suited cards: five different ranks
        fives = np.array(list(combinations(range(13), 5)), np.int64)
    else:
        fives = np.array(list(combinations_with_replacement(range(13), 5)), np.int64)
        fives = fives[fives[:, 0] != fives[:, 4]]  # sorted: five of one rank spans the row
    keys = _five_key(fives)
    high_of = np.zeros(13 ** 5, np.int64)
    low_of = np.zeros(13 ** 5, np.int64)
    high_of[keys] = high_codes5(fives, flush)
    low_of[keys] = low_codes5(fives)
    return high_of, low_of
