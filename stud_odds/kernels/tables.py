"""The evaluators' look-up tables and card keys, built from first principles with numpy.

See :mod:`stud_odds.kernels.evaluate` for how the kernels read them.  Nothing
here imports numba: the tables are built (about 0.2 s of CPU) and cached
without compiling anything.
"""


from __future__ import annotations

from functools import cache
from itertools import combinations, combinations_with_replacement
from typing import NamedTuple

import numpy as np

from stud_odds.kernels.codes import best_codes_rows

# Found by a greedy search (each weight the smallest keeping all sums of up to
# seven ranks, each at most four times, distinct among hands of the same size);
# tests/test_kernels_evaluate.py checks the property.
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


@cache
def class_codes() -> tuple[np.ndarray, np.ndarray]:
    """The code of every hand class, sorted (read-only): high (7462), ace-to-five (6175).

    A hand's value is its code's place here: high values 1..7462, razz values 0..6174.
    """
    plain_high5, razz5 = best_codes_rows(_rank_multisets(5), False)
    flush_sets = np.array(list(combinations(range(13), 5)), np.int64)
    flush_high5, _ = best_codes_rows(flush_sets, True)
    codes = np.unique(np.concatenate([plain_high5, flush_high5])), np.unique(razz5)
    for array in codes:
        array.flags.writeable = False
    return codes


def build_tables() -> Tables:
    """Build every look-up table from first principles (see the module's note for the time)."""
    card_key = np.array(
        [RANK_WEIGHTS[c >> 2] + (1 << (SUIT_SHIFT + 4 * (c & 3))) for c in range(52)], np.int64
    )
    card_bit = np.array([1 << (16 * (c & 3) + (c >> 2)) for c in range(52)], np.int64)

    high_codes, razz_codes = class_codes()
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


def values_of_any_hand(cards: np.ndarray) -> tuple[int, int, int]:
    """(high, eight-or-better low, razz) values of 5, 6 or 7 cards by trying every
    five-card subset (not hot: for people's questions, not for kernels; builds only
    :func:`class_codes`, never the whole tables)."""
    cards = np.asarray(cards, np.int64)
    ranks = cards >> 2
    high_codes, razz_codes = best_codes_rows(ranks[None, :], False)
    high_code, razz_code = int(high_codes[0]), int(razz_codes[0])
    for suit in range(4):
        suited = ranks[(cards & 3) == suit]
        if len(suited) >= 5:
            high_code = max(high_code, int(best_codes_rows(suited[None, :], True)[0][0]))
    rank_mask = sum(1 << rank for rank in set(ranks.tolist()))
    ace_low = ((rank_mask << 1) | (rank_mask >> 12)) & 0xFF
    all_high, all_razz = class_codes()
    high = int(np.searchsorted(all_high, high_code)) + 1
    razz = int(np.searchsorted(all_razz, razz_code))
    return high, int(_low8_table()[ace_low]), razz
