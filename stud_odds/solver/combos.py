"""Each player's hole-card combos on seventh street: sorted triples with their weights.

A seventh-street hand shows four upcards and hides three hole cards.  Every hole card
written out is that card; an ``x`` is any card nobody has seen; a range (``[QQ+, AK]x``)
gives the first two (docs/ranges.md) with their range weights.  A combo is one set of
three hole cards, listed once: its weight is the sum of the weights of the ways of
writing it (``[QQ]x`` makes QhQdQc three ways).  The other player's hole cards are not
removed here: two combos that share a card never meet, which the showdown sums count
(:mod:`stud_odds.solver.showdown`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

import numpy as np

from stud_odds.cards import UNKNOWN, format_cards, parse_cards
from stud_odds.errors import StudOddsError
from stud_odds.ranges import Combos
from stud_odds.scenario import DECK_SIZE, Hand

HOLE = 3  # hole cards on seventh street


class RiverError(StudOddsError):
    """A seventh-street spot the solver cannot take; one sentence naming the field."""


@dataclass(frozen=True, eq=False)
class HoleCombos:
    """One player's combos: ``cards`` int64 (n, 3), each row ascending; ``weight`` float64
    (n,) > 0; ``upcards`` his four upcards in the order dealt."""

    cards: np.ndarray
    weight: np.ndarray
    upcards: tuple[int, ...]

    def __len__(self) -> int:
        return len(self.weight)

    def hole(self, row: int) -> str:
        """``AsKs2d``: a combo's cards, highest first."""
        return format_cards(sorted(self.cards[row].tolist(), reverse=True))

    def holes(self) -> list[str]:
        return [self.hole(row) for row in range(len(self))]

    def find(self, text: str) -> int | None:
        """The row of the combo written ``text`` (three cards, any order), or None; a
        CardError for text that is not cards, a ValueError for other than three."""
        cards = sorted(parse_cards(text))
        if len(cards) != HOLE:
            raise ValueError(f"{len(cards)} cards")
        match = np.flatnonzero((self.cards == np.array(cards, np.int64)).all(axis=1))
        return int(match[0]) if len(match) else None

    def subset(self, keep: np.ndarray) -> HoleCombos:
        return HoleCombos(self.cards[keep], self.weight[keep], self.upcards)


def _key(cards: np.ndarray) -> np.ndarray:
    """One number per ascending triple (its cards in base 52)."""
    return (cards[:, 0] * DECK_SIZE + cards[:, 1]) * DECK_SIZE + cards[:, 2]


def side_of(hand: Hand, pairs: Combos | None, unseen: Sequence[int]) -> HoleCombos:
    """The combos of ``hand`` (seventh street) whose unknown hole cards come from ``unseen``
    (every card not seen anywhere), or from ``pairs`` for a ranged hand's first two."""
    unseen_cards = np.asarray(sorted(unseen), np.int64)
    if pairs is not None:
        first = np.stack([pairs.first, pairs.second], axis=1).astype(np.int64)
        first_weight = np.asarray(pairs.weight, np.float64)
        rest = list(hand.down[2:])
    else:
        first, first_weight, rest = np.zeros((1, 0), np.int64), np.ones(1), list(hand.down)
    known = [card for card in rest if card != UNKNOWN]
    free = len(rest) - len(known)
    chosen = list(combinations(unseen_cards.tolist(), free))
    fills = np.array(chosen, np.int64).reshape(len(chosen), free)
    rows = len(first) * len(fills)
    cards = np.concatenate([
        np.repeat(first, len(fills), axis=0),
        np.tile(fills, (len(first), 1)),
        np.tile(np.array(known, np.int64), (rows, 1)),
    ], axis=1)
    weight = np.repeat(first_weight, len(fills))
    cards.sort(axis=1)
    distinct = (cards[:, 0] != cards[:, 1]) & (cards[:, 1] != cards[:, 2])
    cards, weight = cards[distinct], weight[distinct]
    keys, index, inverse = np.unique(_key(cards), return_index=True, return_inverse=True)
    summed = np.bincount(inverse.ravel(), weights=weight, minlength=len(keys))
    keep = summed > 0
    return HoleCombos(cards[index][keep], summed[keep], tuple(hand.up))


def meeting(one: HoleCombos, other: HoleCombos) -> np.ndarray:
    """Whether each combo of ``one`` shares no card with at least one combo of ``other``:
    by counting, per card, the other's combos that hold it (inclusion-exclusion over the
    cards a combo shares), never a matrix of pairs."""
    from stud_odds.solver.showdown import disjoint_weight

    return disjoint_weight(one.cards, other.cards, np.ones(len(other))) > 0.5
