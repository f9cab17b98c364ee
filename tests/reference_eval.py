"""A slow, obviously correct evaluator: best of the 21 five-card subsets, in plain Python.

Values are tuples; compare them with the usual operators.  High: larger is
better.  Lows: smaller is better; ``None`` means no qualifying eight-or-better low.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations


def _grouped(ranks: list[int]) -> tuple[tuple[int, int], ...]:
    """(count, rank) pairs, most repeated first, then highest rank first."""
    counts = Counter(ranks)
    return tuple(sorted(((n, r) for r, n in counts.items()), reverse=True))


def high5(cards: tuple[int, ...]) -> tuple:
    ranks = [c // 4 for c in cards]
    flush = len({c % 4 for c in cards}) == 1
    distinct = sorted(set(ranks))
    straight_top = None
    if len(distinct) == 5:
        if distinct[4] - distinct[0] == 4:
            straight_top = distinct[4]
        elif distinct == [0, 1, 2, 3, 12]:
            straight_top = 3
    groups = _grouped(ranks)
    shape = tuple(n for n, _ in groups)
    order = tuple(r for _, r in groups)
    if straight_top is not None and flush:
        return (8, straight_top)
    if shape == (4, 1):
        return (7, *order)
    if shape == (3, 2):
        return (6, *order)
    if flush:
        return (5, *order)
    if straight_top is not None:
        return (4, straight_top)
    if shape == (3, 1, 1):
        return (3, *order)
    if shape == (2, 2, 1):
        return (2, *order)
    if shape == (2, 1, 1, 1):
        return (1, *order)
    return (0, *order)


def high(cards) -> tuple:
    return max(high5(five) for five in combinations(cards, 5))


def _ace_low(card: int) -> int:
    return (card // 4 + 1) % 13  # ace 0, deuce 1, ..., king 12


def razz5(cards: tuple[int, ...]) -> tuple:
    groups = _grouped([_ace_low(c) for c in cards])
    shape = tuple(n for n, _ in groups)
    category = {
        (1, 1, 1, 1, 1): 0, (2, 1, 1, 1): 1, (2, 2, 1): 2, (3, 1, 1): 3, (3, 2): 4, (4, 1): 5,
    }[shape]
    return (category, *(r for _, r in groups))


def razz(cards) -> tuple:
    return min(razz5(five) for five in combinations(cards, 5))


def low8(cards) -> tuple | None:
    """Five distinct ace-low ranks all eight or lower, highest first; None when none."""
    best = None
    for five in combinations(cards, 5):
        ranks = sorted({_ace_low(c) for c in five}, reverse=True)
        if len(ranks) == 5 and ranks[0] <= 7:
            value = tuple(ranks)
            if best is None or value < best:
                best = value
    return best


def order(a, b) -> int:
    """-1, 0 or 1 as ``a`` is below, equal to or above ``b``: two values compared alike."""
    return (a > b) - (a < b)


def low8_order(a, b) -> int:
    """:func:`order` of two eight-or-better lows, where None (no low) is the worst."""
    if a is None or b is None:
        return order(a is None, b is None)
    return order(a, b)
