"""stud_odds.kernels.evaluate and its tables: exhaustive category counts, agreement with a
slow reference (hands valued for people: tests/test_describe.py)."""

import random

import numpy as np
import pytest
from numba import njit
from reference_eval import high as ref_high
from reference_eval import low8 as ref_low8
from reference_eval import low8_order, order
from reference_eval import razz as ref_razz

from stud_odds.describe import high_value, low8_value, razz_value
from stud_odds.kernels.evaluate import (
    high_of_keys as kernel_high,
)
from stud_odds.kernels.evaluate import (
    low8_of_bits as kernel_low8,
)
from stud_odds.kernels.evaluate import (
    razz_of_keys as kernel_razz,
)
from stud_odds.kernels.table_cache import tables
from stud_odds.kernels.tables import (
    HIGH_CLASSES,
    NO_LOW,
    RANK_WEIGHTS,
    RAZZ_CLASSES,
    _rank_multisets,
    class_codes,
)


@pytest.mark.parametrize("size", range(1, 8))
def test_rank_weight_sums_are_distinct_for_each_hand_size(size):
    sums = RANK_WEIGHTS[_rank_multisets(size)].sum(axis=1)
    assert len(np.unique(sums)) == len(sums)


def test_class_counts():
    t = tables()
    assert len(t.high_codes) == HIGH_CLASSES == 7462
    assert len(t.razz_codes) == RAZZ_CLASSES == 6175
    assert all(np.array_equal(a, b) for a, b in zip(class_codes(), (t.high_codes, t.razz_codes),
                                                     strict=True))


@njit
def _all_seven_card_hands(card_key, card_bit, high_by_ranks, high_by_flush, low8_by_mask,
                          razz_by_ranks, high_category_of):
    """Tally every one of the C(52,7) hands, adding keys incrementally per loop level."""
    categories = np.zeros(9, np.int64)
    seen_high = np.zeros(HIGH_CLASSES + 1, np.bool_)
    qualifying_lows = 0
    razz_no_pair = 0
    hands = 0
    for a in range(46):
        ka, ba = card_key[a], card_bit[a]
        for b in range(a + 1, 47):
            kb, bb = ka + card_key[b], ba | card_bit[b]
            for c in range(b + 1, 48):
                kc, bc = kb + card_key[c], bb | card_bit[c]
                for d in range(c + 1, 49):
                    kd, bd = kc + card_key[d], bc | card_bit[d]
                    for e in range(d + 1, 50):
                        ke, be = kd + card_key[e], bd | card_bit[e]
                        for f in range(e + 1, 51):
                            kf, bf = ke + card_key[f], be | card_bit[f]
                            for g in range(f + 1, 52):
                                key, bits = kf + card_key[g], bf | card_bit[g]
                                v = kernel_high(key, bits, high_by_ranks, high_by_flush)
                                categories[high_category_of[v]] += 1
                                seen_high[v] = True
                                if kernel_low8(bits, low8_by_mask) != NO_LOW:
                                    qualifying_lows += 1
                                if kernel_razz(key, razz_by_ranks) < 1287:
                                    razz_no_pair += 1
                                hands += 1
    return hands, categories, seen_high.sum(), qualifying_lows, razz_no_pair


def test_every_seven_card_hand():
    t = tables()
    category_of = np.zeros(HIGH_CLASSES + 1, np.int64)
    category_of[1:] = t.high_codes >> 20
    hands, categories, distinct, lows, razz_no_pair = _all_seven_card_hands(
        t.card_key, t.card_bit, t.high_by_ranks, t.high_by_flush, t.low8_by_mask,
        t.razz_by_ranks, category_of,
    )
    assert hands == 133_784_560
    assert list(categories) == [
        23_294_460, 58_627_800, 31_433_400, 6_461_620, 6_180_020, 4_047_644,
        3_473_184, 224_848, 41_584,
    ]
    assert distinct == 4824
    assert lows == 24_530_944
    # Razz: a hand without a pair needs five distinct ranks: 1,287 no-pair classes.
    # Seven cards with at least five distinct ranks: as many hands as high card + straight
    # + flush + straight flush + one pair + two pair with 5 distinct ranks ... checked
    # directly: C(13,r) * ways, summed for r = 5, 6, 7 distinct ranks.
    from math import comb

    five_plus = 0
    # r distinct ranks among 7 cards: r=7: 4^7 per rank set; r=6: one rank twice;
    # r=5: one rank three times or two ranks twice.
    five_plus += comb(13, 7) * 4**7
    five_plus += comb(13, 6) * 6 * comb(4, 2) * 4**5
    five_plus += comb(13, 5) * (5 * comb(4, 3) * 4**4 + comb(5, 2) * comb(4, 2) ** 2 * 4**3)
    assert razz_no_pair == five_plus


def _seven_keys(cards):
    t = tables()
    key = sum(int(t.card_key[c]) for c in cards)
    bits = 0
    for c in cards:
        bits |= int(t.card_bit[c])
    return np.int64(key), np.int64(bits)


def _fast(cards):
    t = tables()
    key, bits = _seven_keys(cards)
    low = int(kernel_low8(bits, t.low8_by_mask))
    return (
        int(kernel_high(key, bits, t.high_by_ranks, t.high_by_flush)),
        None if low == NO_LOW else low,
        int(kernel_razz(key, t.razz_by_ranks)),
    )


def _random_hands(rng, size, count):
    for _ in range(count):
        cards = rng.sample(range(52), 2 * size)
        yield cards[:size], cards[size:]


def test_seven_card_order_agrees_with_reference():
    rng = random.Random(20261202)
    for a, b in _random_hands(rng, 7, 3000):
        fa, fb = _fast(a), _fast(b)
        assert order(fa[0], fb[0]) == order(ref_high(a), ref_high(b)), (a, b)
        assert low8_order(fa[1], fb[1]) == low8_order(ref_low8(a), ref_low8(b)), (a, b)
        assert order(fa[2], fb[2]) == order(ref_razz(a), ref_razz(b)), (a, b)


def test_seven_card_order_on_paired_and_suited_hands():
    """Random hands rarely hold full houses, quads or flushes; draw from few ranks/suits."""
    rng = random.Random(7)
    few_ranks = [r * 4 + s for r in (0, 3, 7, 11, 12) for s in range(4)]
    one_suit_heavy = [r * 4 + s for r in range(13) for s in (0, 0, 0, 1)]
    pools = [few_ranks, sorted(set(one_suit_heavy))]
    for pool in pools:
        for _ in range(1500):
            cards = rng.sample(pool, 14)
            a, b = cards[:7], cards[7:]
            fa, fb = _fast(a), _fast(b)
            assert order(fa[0], fb[0]) == order(ref_high(a), ref_high(b)), (a, b)
            assert order(fa[2], fb[2]) == order(ref_razz(a), ref_razz(b)), (a, b)


def test_hands_valued_for_people_get_the_kernels_values():
    rng = random.Random(11)
    for _ in range(500):
        cards = rng.sample(range(52), 7)
        assert (high_value(cards), low8_value(cards), razz_value(cards)) == _fast(cards)
