"""Seven-card hand evaluators: high, eight-or-better low and razz low.

Every card carries two 64-bit keys whose sums describe a hand, so the keys of
a player's known cards are added once per scenario and only the dealt cards
are added per trial (cards are distinct, so a sum of bits is their OR):

* ``CARD_KEY``: a rank weight in the low 32 bits (``RANK_WEIGHTS``: any seven
  ranks, each used at most four times, have a distinct sum) plus a 4-bit
  counter per suit in bits 32..47;
* ``CARD_BIT``: bit ``16 * suit + rank``.

A hand of seven is then valued with one table look-up: the flush table over
the flush suit's 13-bit rank mask when a suit counter reaches five, else the
table over the rank sum (pairs, straights and high cards depend only on the
ranks).  Razz uses a second table over the rank sum and eight-or-better a
256-entry table over the ace-to-eight rank mask.

Values: high is a dense rank 1..7462 (larger is better); razz is a dense rank
0..6174 (smaller is better); eight-or-better low is the 8-bit mask of its five
ranks, ace = bit 0 (smaller is better), or ``NO_LOW``.
"""

from __future__ import annotations

from itertools import combinations, combinations_with_replacement
from typing import NamedTuple

import numpy as np
from numba import njit

from stud_odds.kernels.codes import best_codes, best_codes_rows

# Found by a greedy search (each weight the smallest keeping all sums of up to
# seven ranks, each at most four times, distinct among hands of the same size);
# tests/test_evaluate.py checks the property.
RANK_WEIGHTS = np.array(
    [1, 2, 6, 23, 99, 454, 2032, 8699, 22855, 83662, 262350, 636346, 1479182], np.int64
)
SUIT_SHIFT = 32
RANK_SUM_MASK = (1 << SUIT_SHIFT) - 1
NO_LOW = 0x1FF  # larger than any eight-or-better low mask
HIGH_CLASSES = 7462
RAZZ_CLASSES = 6175


class Tables(NamedTuple):
    """The arrays the evaluators read, passed to kernels as plain arguments."""

    card_key: np.ndarray  # int64[52]
    card_bit: np.ndarray  # int64[52]
    high_by_ranks: np.ndarray  # uint16[max 7-card rank sum + 1]
    high_by_flush: np.ndarray  # uint16[8192]
    razz_by_ranks: np.ndarray  # uint16[max 7-card rank sum + 1]
    low8_by_mask: np.ndarray  # int32[256]
    high_codes: np.ndarray  # int64[7462]: the code of each dense high rank - 1
    razz_codes: np.ndarray  # int64[6175]: the code of each dense razz rank


def _rank_multisets(size: int) -> np.ndarray:
    """Every multiset of ``size`` ranks with no rank more than four times, one row each."""
    rows = np.array(list(combinations_with_replacement(range(13), size)), np.int64)
    if size > 4:
        # rows are sorted, so a rank five times shows as equal entries four apart
        rows = rows[~np.any(rows[:, 4:] == rows[:, :-4], axis=1)]
    return rows


def _low8_table() -> np.ndarray:
    table = np.full(256, NO_LOW, np.int32)
    for mask in range(256):
        bits = [b for b in range(8) if mask >> b & 1]
        if len(bits) >= 5:
            table[mask] = sum(1 << b for b in bits[:5])
    return table


def build_tables() -> Tables:
    """Build every look-up table from first principles (about a tenth of a second)."""
    card_key = np.array(
        [RANK_WEIGHTS[c >> 2] + (1 << (SUIT_SHIFT + 4 * (c & 3))) for c in range(52)], np.int64
    )
    card_bit = np.array([1 << (16 * (c & 3) + (c >> 2)) for c in range(52)], np.int64)

    fives = _rank_multisets(5)
    plain_high5, razz5 = best_codes_rows(fives, False)
    flush_sets = np.array(list(combinations(range(13), 5)), np.int64)
    flush_high5, _ = best_codes_rows(flush_sets, True)
    high_codes = np.unique(np.concatenate([plain_high5, flush_high5]))
    razz_codes = np.unique(razz5)

    sevens = _rank_multisets(7)
    high7, razz7 = best_codes_rows(sevens, False)
    sums = RANK_WEIGHTS[sevens].sum(axis=1)
    high_by_ranks = np.zeros(int(sums.max()) + 1, np.uint16)
    razz_by_ranks = np.zeros(int(sums.max()) + 1, np.uint16)
    high_by_ranks[sums] = np.searchsorted(high_codes, high7) + 1
    razz_by_ranks[sums] = np.searchsorted(razz_codes, razz7)

    high_by_flush = np.zeros(1 << 13, np.uint16)
    for size in (5, 6, 7):
        sets = np.array(list(combinations(range(13), size)), np.int64)
        codes, _ = best_codes_rows(sets, True)
        masks = (1 << sets).sum(axis=1)
        high_by_flush[masks] = np.searchsorted(high_codes, codes) + 1

    return Tables(
        card_key, card_bit, high_by_ranks, high_by_flush, razz_by_ranks, _low8_table(),
        high_codes, razz_codes,
    )


# ---------------------------------------------------------------- hot path


@njit(cache=True, inline="always")
def flush_suit(key):
    """The suit with five or more cards in a hand of seven, or -1."""
    over = ((key >> SUIT_SHIFT) + 0x3333) & 0x8888  # 4-bit counter + 3 reaches 8 at five
    if over == 0:
        return -1
    if over & 0x8:
        return 0
    if over & 0x80:
        return 1
    if over & 0x800:
        return 2
    return 3


@njit(cache=True, inline="always")
def high_value(key, bits, high_by_ranks, high_by_flush):
    """High value (1..7462, larger wins) of seven cards given their summed keys."""
    suit = flush_suit(key)
    if suit >= 0:
        return np.int64(high_by_flush[(bits >> (16 * suit)) & 0x1FFF])
    return np.int64(high_by_ranks[key & RANK_SUM_MASK])


@njit(cache=True, inline="always")
def rank_mask(bits):
    """13-bit mask of the ranks present (bit 0 = deuce)."""
    return (bits | (bits >> 16) | (bits >> 32) | (bits >> 48)) & 0x1FFF


@njit(cache=True, inline="always")
def low8_value(bits, low8_by_mask):
    """Eight-or-better low (smaller wins; NO_LOW when none) of seven cards' summed bits."""
    ranks = rank_mask(bits)
    ace_low = ((ranks << 1) | (ranks >> 12)) & 0xFF  # bit 0 = ace, bit 7 = eight
    return np.int64(low8_by_mask[ace_low])


@njit(cache=True, inline="always")
def razz_value(key, razz_by_ranks):
    """Razz low (0..6174, smaller wins) of seven cards given their summed keys."""
    return np.int64(razz_by_ranks[key & RANK_SUM_MASK])


# ---------------------------------------------------------------- any 5..7 cards


@njit(cache=True)
def values_of_any_hand(cards, high_codes, razz_codes, low8_by_mask):
    """Values of 5, 6 or 7 cards by trying every five-card subset (not hot)."""
    n = len(cards)
    ranks = np.empty(n, np.int64)
    suit_counts = np.zeros(4, np.int64)
    bits = np.int64(0)
    for i in range(n):
        ranks[i] = cards[i] >> 2
        suit_counts[cards[i] & 3] += 1
        bits |= np.int64(1) << (16 * (cards[i] & 3) + (cards[i] >> 2))
    high_code, razz_code = best_codes(ranks, False)
    for s in range(4):
        if suit_counts[s] >= 5:
            suited = np.empty(suit_counts[s], np.int64)
            k = 0
            for i in range(n):
                if cards[i] & 3 == s:
                    suited[k] = ranks[i]
                    k += 1
            flush_code, _ = best_codes(suited, True)
            if flush_code > high_code:
                high_code = flush_code
    high = np.searchsorted(high_codes, high_code) + 1
    razz = np.searchsorted(razz_codes, razz_code)
    return high, low8_value(bits, low8_by_mask), razz
