"""Range terms as masks over the 1,326 pairs of hole cards (numpy; loaded on first use).

Pair ``i`` is ``(FIRST[i], SECOND[i])`` with ``FIRST[i] < SECOND[i]``, in the order of
``numpy.triu_indices(52, 1)``: the order every array of combinations keeps.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from stud_odds.cards import ace_low_rank
from stud_odds.ranges.terms import (
    Atom,
    Everything,
    ExactCards,
    Group,
    Paired,
    RankPairs,
    Shape,
    WithRank,
    is_exclusion_group,
)

FIRST, SECOND = (np.ascontiguousarray(a, dtype=np.int64) for a in np.triu_indices(52, 1))
_RANK1, _RANK2 = FIRST >> 2, SECOND >> 2
_SUIT1, _SUIT2 = FIRST & 3, SECOND & 3
_BITS = (np.uint64(1) << FIRST.astype(np.uint64)) | (np.uint64(1) << SECOND.astype(np.uint64))
PAIRS = len(FIRST)
for _array in (FIRST, SECOND):
    _array.flags.writeable = False


def _ace_low(rank):
    """Ace-low rank values counted from one: ace 1, deuce 2 .. king 13 (ints and arrays)."""
    return ace_low_rank(rank) + 1


def _distinct(ranks: list) -> np.ndarray:
    ok = np.ones(PAIRS, bool)
    for i, a in enumerate(ranks):
        for b in ranks[i + 1:]:
            ok &= a != b
    return ok


def _span(ranks: list) -> np.ndarray:
    stacked = np.stack(np.broadcast_arrays(*ranks))
    return stacked.max(axis=0) - stacked.min(axis=0)


def _in_window(ranks: list) -> np.ndarray:
    """Distinct ranks that fit in one five-rank window, the ace high or low."""
    lows = [_ace_low(rank) for rank in ranks]
    return _distinct(ranks) & ((_span(ranks) <= 4) | (_span(lows) <= 4))


def _shape_mask(shape: Shape, upcards: tuple[int, ...]) -> np.ndarray:
    up = upcards[:shape.size - 2]
    if shape.kind == "flush":
        ok = _SUIT1 == _SUIT2
        for card in up:
            ok &= _SUIT1 == card & 3
        return ok
    ranks = [_RANK1, _RANK2, *(card >> 2 for card in up)]
    if shape.kind == "straight":
        return _in_window(ranks)
    ok = _distinct(ranks)
    for rank in ranks:
        ok &= _ace_low(rank) <= shape.top
    return ok


def _paired_mask(paired: Paired, door: int) -> np.ndarray:
    door_rank = door >> 2
    hole_pair = _RANK1 == _RANK2
    first_pairs_door, second_pairs_door = _RANK1 == door_rank, _RANK2 == door_rank
    kinds = {
        "buried": hole_pair & ~first_pairs_door,
        "split": first_pairs_door ^ second_pairs_door,  # a hole pair matches the door twice
        "trips": hole_pair & first_pairs_door,
        "pair": hole_pair | first_pairs_door | second_pairs_door,
    }
    paired_rank = np.where(hole_pair, _RANK1, door_rank)
    return kinds[paired.kind] & (paired.low <= paired_rank) & (paired_rank <= paired.high)


def atom_mask(atom: Atom, upcards: tuple[int, ...]) -> np.ndarray:
    """Which pairs of hole cards the atom allows, given the player's upcards in deal order."""
    if isinstance(atom, Everything):
        return np.ones(PAIRS, bool)
    if isinstance(atom, RankPairs):
        table = np.zeros((13, 13), bool)
        for high, low in atom.pairs:
            table[high, low] = table[low, high] = True
        ok = table[_RANK1, _RANK2]
        if atom.suited is not None:
            ok &= (_SUIT1 == _SUIT2) == atom.suited
        return ok
    if isinstance(atom, WithRank):
        return (_RANK1 == atom.rank) | (_RANK2 == atom.rank)
    if isinstance(atom, ExactCards):
        return (FIRST == atom.cards[0]) & (SECOND == atom.cards[1])
    if isinstance(atom, Paired):
        return _paired_mask(atom, upcards[0])
    return _shape_mask(atom, upcards)


@lru_cache(maxsize=512)  # 10 kB each
def base_weights(groups: tuple[Group, ...], upcards: tuple[int, ...]) -> np.ndarray:
    """Each pair's weight before card removal (read-only); ``upcards`` are those the terms
    look at.  Union (commas) takes the largest weight, intersection (spaces) the smallest;
    groups of exclusions only remove what they name from the whole range."""
    kept = None
    removed = np.zeros(PAIRS, bool)
    for group in groups:
        masks = [atom_mask(term.atom, upcards) for term in group]
        if is_exclusion_group(group):
            for mask in masks:
                removed |= mask
            continue
        weight = np.ones(PAIRS)
        for term, mask in zip(group, masks, strict=True):
            term_weight = ~mask if term.negated else np.where(mask, term.weight, 0.0)
            weight = np.minimum(weight, term_weight)
        kept = weight if kept is None else np.maximum(kept, weight)
    # a pair holding one of the player's own upcards is no hole-card pair at all
    removed |= (_BITS & card_bits(upcards)) != 0
    weights = np.where(removed, 0.0, 1.0 if kept is None else kept)
    weights.flags.writeable = False
    return weights


def card_bits(cards: tuple[int, ...]) -> np.uint64:
    bits = 0
    for card in cards:
        bits |= 1 << card
    return np.uint64(bits)


def allowed(weights: np.ndarray, blocked: tuple[int, ...]) -> np.ndarray:
    """Indices of the pairs with a positive weight and no blocked card, ascending."""
    return np.flatnonzero((weights > 0) & ((_BITS & card_bits(blocked)) == 0))


def cards_in(weights: np.ndarray) -> set[int]:
    """Every card held by some pair of positive weight."""
    positive = weights > 0
    return set(FIRST[positive].tolist()) | set(SECOND[positive].tolist())
