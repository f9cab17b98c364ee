"""A hand for people: value a list of cards, and say a value in words.

``high_value`` / ``low8_value`` / ``razz_value`` give the kernels' numbers for 5 to 7
cards, found the slow way from the cards themselves: they agree with the kernels'
evaluators (kernels.evaluate's ``high_of_keys`` and kin, which read summed card keys),
as tests/test_kernels_evaluate.py checks; ``describe_*`` say them in words.  Nothing
here builds or caches the kernels' tables: only the hand classes' codes
(:func:`stud_odds.kernels.tables.class_codes`, a few hundredths of a second), so a
rules question touches no disk.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from stud_odds.cards import (
    ACE_LOW_RANKS,
    RANK_NAMES,
    RANK_PLURALS,
    RANKS,
    CardError,
    check_unique,
    rank_of_ace_low,
)
from stud_odds.kernels.codes import (
    CATEGORY_SHIFT,
    FLUSH,
    FULL_HOUSE,
    HIGH_CARD,
    HIGH_CATEGORY_NAMES,
    LOW_CATEGORY_NAMES,
    LOW_FULL_HOUSE,
    LOW_NO_PAIR,
    LOW_TWO_PAIR,
    STRAIGHT,
    STRAIGHT_FLUSH,
    TWO_PAIR,
)
from stud_odds.kernels.tables import NO_LOW, class_codes, values_of_any_hand


def _values(cards: Sequence[int]) -> tuple[int, int, int]:
    if not 5 <= len(cards) <= 7:
        raise CardError(f"a hand is valued from 5 to 7 cards, not {len(cards)}")
    for card in cards:
        if not 0 <= card < 52:
            raise CardError(f"{card!r} is not a known card")
    check_unique(cards)
    return values_of_any_hand(np.asarray(cards, np.int64))


def high_value(cards: Sequence[int]) -> int:
    """Best five-card high hand of 5-7 cards, 1..7462; larger is better."""
    return _values(cards)[0]


def low8_value(cards: Sequence[int]) -> int | None:
    """Eight-or-better low of 5-7 cards (smaller is better), or None when none qualifies."""
    value = _values(cards)[1]
    return None if value == NO_LOW else value


def razz_value(cards: Sequence[int]) -> int:
    """Ace-to-five low with pairs counting of 5-7 cards, 0..6174; smaller is better."""
    return _values(cards)[2]


def _category_and_ranks(code: int) -> tuple[int, list[int]]:
    """A class code's category and its five 4-bit ranks, most repeated first."""
    return code >> CATEGORY_SHIFT, [(code >> shift) & 0xF for shift in (16, 12, 8, 4, 0)]


def high_category(value: int) -> int:
    """HIGH_CARD (0) .. STRAIGHT_FLUSH (8) of :mod:`stud_odds.kernels.codes` for a high value."""
    return int(class_codes()[0][value - 1]) >> CATEGORY_SHIFT


def describe_high(value: int) -> str:
    """``two pair, kings and sevens``; ``straight, five high``; ``royal flush``."""
    category, (top, second, *_) = _category_and_ranks(int(class_codes()[0][value - 1]))
    name = HIGH_CATEGORY_NAMES[category]
    if category == STRAIGHT_FLUSH and RANKS[top] == "A":
        return "royal flush"
    if category in (STRAIGHT, FLUSH, STRAIGHT_FLUSH):
        return f"{name}, {RANK_NAMES[top]} high"
    if category == HIGH_CARD:
        return f"{name}, {RANK_NAMES[top]}"
    if category == TWO_PAIR:
        return f"{name}, {RANK_PLURALS[top]} and {RANK_PLURALS[second]}"
    if category == FULL_HOUSE:
        return f"{name}, {RANK_PLURALS[top]} full of {RANK_PLURALS[second]}"
    return f"{name}, {RANK_PLURALS[top]}"  # one pair, three or four of a kind


def _low8_ranks(value: int) -> list[int]:
    """The five ace-low ranks of an eight-or-better low, highest first (0 = ace .. 7 = eight)."""
    return [b for b in range(7, -1, -1) if value >> b & 1]


def describe_low8(value: int | None) -> str:
    """``8-6-4-2-A low``; ``no low``."""
    if value is None or value == NO_LOW:
        return "no low"
    return "-".join(ACE_LOW_RANKS[b] for b in _low8_ranks(value)) + " low"


def describe_razz(value: int) -> str:
    """``7-5-4-3-2 low``; ``one pair, kings``; ``two pair, kings and sevens``."""
    category, ranks = _category_and_ranks(int(class_codes()[1][value]))  # ace-low ranks
    if category == LOW_NO_PAIR:
        return "-".join(ACE_LOW_RANKS[r] for r in ranks) + " low"
    top, second = (RANK_PLURALS[rank_of_ace_low(r)] for r in ranks[:2])
    if category in (LOW_TWO_PAIR, LOW_FULL_HOUSE):
        return f"{LOW_CATEGORY_NAMES[category]}, {top} and {second}"
    return f"{LOW_CATEGORY_NAMES[category]}, {top}"


__all__ = [
    "describe_high", "describe_low8", "describe_razz", "high_category",
    "high_value", "low8_value", "razz_value",
]
