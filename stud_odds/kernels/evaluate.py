"""Seven-card hand evaluators: high, eight-or-better low and razz low.

Every card carries two 64-bit keys whose sums describe a hand, so the keys of
a player's known cards are added once per scenario and only the dealt cards
are added per trial (cards are distinct, so a sum of bits is their OR):

* ``Tables.card_key``: a rank weight in the low 32 bits (``RANK_WEIGHTS``: any seven
  ranks, each used at most four times, have a distinct sum) plus a 4-bit
  counter per suit in bits 32..47;
* ``Tables.card_bit``: bit ``16 * suit + rank``.

A hand of seven is then valued with one table look-up: the flush table over
the flush suit's 13-bit rank mask when a suit counter reaches five, else the
table over the rank sum (pairs, straights and high cards depend only on the
ranks).  Razz uses a second table over the rank sum and eight-or-better a
256-entry table over the ace-to-eight rank mask.

The evaluators are named by what they read (``high_of_keys``, ``low8_of_bits``,
``razz_of_keys``): stud_odds.describe's ``high_value`` and its kin value a list of
cards for people, the same numbers found the slow way.

Values: high is a dense rank 1..7462 (larger is better); razz is a dense rank
0..6174 (smaller is better); eight-or-better low is the 8-bit mask of its five
ranks, ace = bit 0 (smaller is better), or ``NO_LOW``.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from stud_odds.kernels import CACHE_KERNELS
from stud_odds.kernels.tables import RANK_SUM_MASK, SUIT_SHIFT

# ---------------------------------------------------------------- hot path


@njit(cache=CACHE_KERNELS, inline="always")
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


@njit(cache=CACHE_KERNELS, inline="always")
def high_of_keys(key, bits, high_by_ranks, high_by_flush):
    """High value (1..7462, larger wins) of seven cards given their summed keys."""
    suit = flush_suit(key)
    if suit >= 0:
        return np.int64(high_by_flush[(bits >> (16 * suit)) & 0x1FFF])
    return np.int64(high_by_ranks[key & RANK_SUM_MASK])


@njit(cache=CACHE_KERNELS, inline="always")
def rank_mask(bits):
    """13-bit mask of the ranks present (bit 0 = deuce)."""
    return (bits | (bits >> 16) | (bits >> 32) | (bits >> 48)) & 0x1FFF


@njit(cache=CACHE_KERNELS, inline="always")
def low8_of_bits(bits, low8_by_mask):
    """Eight-or-better low (smaller wins; NO_LOW when none) of seven cards' summed bits."""
    ranks = rank_mask(bits)
    ace_low = ((ranks << 1) | (ranks >> 12)) & 0xFF  # bit 0 = ace, bit 7 = eight
    return np.int64(low8_by_mask[ace_low])


@njit(cache=CACHE_KERNELS, inline="always")
def razz_of_keys(key, razz_by_ranks):
    """Razz low (0..6174, smaller wins) of seven cards given their summed keys."""
    return np.int64(razz_by_ranks[key & RANK_SUM_MASK])
