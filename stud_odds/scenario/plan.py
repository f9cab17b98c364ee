"""The deal plan: which cards are still unseen, who is dealt how many, and the shared river.

The one place that decides whether seventh street is one community card
(RULES.md, "Shared seventh-street card"); the engine reads everything else it
deals from a :class:`DealPlan`: the street, the unseen cards, how many cards
each player still receives (``draws``), each player's known cards, each ranged
player's hole pairs (dealt first, his other cards around them) and the number
of deals.

>>> from stud_odds.scenario.text import parse_hand
>>> plan = DealPlan.of(hands=(parse_hand("AsKs/Qh"), parse_hand("xx/7d")), dead=(),
...                    folds=(), community=None, deck_rule=DeckRule.CASINO)
>>> plan.street, plan.draws, plan.shared_draw, len(plan.unseen)
(3, (4, 6), 0, 48)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from math import comb
from typing import TYPE_CHECKING

from stud_odds.cards import UNKNOWN
from stud_odds.errors import shown
from stud_odds.scenario.hands import Hand
from stud_odds.scenario.table import (
    DECK_SIZE,
    HOLE_CARDS,
    SEVENTH,
    SIXTH,
    ScenarioError,
    cards_left,
)

if TYPE_CHECKING:
    from stud_odds.ranges import Combos


class DeckRule(StrEnum):
    """When seventh street is dealt one card per player rather than one community card; a
    str, so JSON and text show its name (``casino``)."""

    CASINO = "casino"  # individual seventh-street cards when U >= n + 2 (WSOP rule 228)
    ONLINE = "online"  # individual seventh-street cards when U >= n


def parse_deck_rule(name: str | DeckRule) -> DeckRule:
    """``DeckRule`` for ``casino`` or ``online`` (any case)."""
    if isinstance(name, DeckRule):
        return name
    try:
        return DeckRule(str(name).strip().lower())
    except ValueError:
        raise ScenarioError(
            f"{shown(name)} is not a deck rule: use casino (individual seventh-street cards "
            "when U >= n + 2) or online (when U >= n)"
        ) from None


def seventh_street_is_shared(cards_left: int, live_players: int, rule: DeckRule) -> bool:
    """Whether seventh street is one community card (RULES.md); the only place deciding it.

    ``cards_left`` is U: 52 minus every card dealt to any player as of sixth street;
    ``live_players`` is n, the players who reach seventh street.
    """
    # The card room needs a burn card and a last card never dealt on top of n cards.
    reserve = 2 if rule is DeckRule.CASINO else 0
    return cards_left < live_players + reserve


@dataclass(frozen=True)
class DealPlan:
    """What is left to deal in a spot whose cards are valid (ids in range, no duplicates)."""

    street: int  # 3..7; a dealt community card counts: the players are then on seventh street
    cards_left: int  # U of RULES.md: 52 minus every card dealt to any player as of sixth street
    shared_river: bool  # whether seventh street is one community card for every live player
    unseen: tuple[int, ...]  # every card not known anywhere, sorted; folded hole cards too
    draws: tuple[int, ...]  # per player, the cards still dealt to him alone from the unseen
    shared_draw: int  # 1 when the community card still has to be dealt, else 0
    known: tuple[tuple[int, ...], ...]  # per player, his known cards plus a dealt community card
    # per player with a range, the hole-card pairs it allows beside every known card; his
    # two hole cards are drawn from these (by weight) before ``draws`` are dealt
    ranges: tuple[Combos | None, ...] = ()

    @classmethod
    def of(cls, hands: Sequence[Hand], dead: Sequence[int], folds: Sequence[Sequence[int]],
           community: int | None, deck_rule: DeckRule) -> DealPlan:
        left = cards_left(len(hands), folds, len(dead))
        shared_river = seventh_street_is_shared(left, len(hands), deck_rule)
        shared = () if community is None else (community,)
        seen = {card for hand in hands for card in hand.known}
        seen.update(dead, shared, *folds)
        last_individual_street = SIXTH if shared_river else SEVENTH
        ranges = tuple(
            None if hand.range is None else _hole_pairs(player, hand, seen)
            for player, hand in enumerate(hands, start=1)
        )
        return cls(
            street=hands[0].size + len(shared),
            cards_left=left,
            shared_river=shared_river,
            unseen=tuple(card for card in range(DECK_SIZE) if card not in seen),
            draws=tuple(
                hand.unknown_count - (HOLE_CARDS if hand.range else 0)
                + max(0, last_individual_street - hand.size)
                for hand in hands
            ),
            shared_draw=int(shared_river and community is None),
            known=tuple(hand.known + shared for hand in hands),
            ranges=ranges if any(ranges) else (),
        )

    @property
    def ranged_players(self) -> tuple[int, ...]:
        """The players (0-based) whose hole cards come from a range."""
        return tuple(player for player, pairs in enumerate(self.ranges) if pairs is not None)

    def outcomes(self) -> int:
        """Distinct deals: players take their cards in seat order, then the community card;
        with ranges, the deals for one choice of the ranged players' hole cards."""
        remaining = len(self.unseen) - HOLE_CARDS * len(self.ranged_players)
        total = 1
        for draw in self.draws:
            total *= comb(remaining, draw)
            remaining -= draw
        return total * (remaining if self.shared_draw else 1)


def _hole_pairs(player: int, hand: Hand, seen: set[int]) -> Combos:
    """The pairs ``hand``'s range allows once every card seen anywhere is removed.  An
    upcard still to be dealt unseen (outs deals every opponent one after the typed ones)
    says nothing of the hole cards: the range reads the upcards seen."""
    from stud_odds.ranges import RangeError

    assert hand.range is not None
    seen_up = tuple(card for card in hand.up if card != UNKNOWN)
    try:
        return hand.range.combos(sorted(seen - set(seen_up)), upcards=seen_up)
    except RangeError as error:
        raise RangeError(f"player {player}: {error}") from None


def ranges_fit(ranges: Sequence[Combos | None], budget: int = 1_000_000) -> bool:
    """Whether the ranged players can hold disjoint hole cards all at once.

    A depth-first search, fewest pairs first; a search longer than ``budget`` steps
    answers True (such ranges are wide, and sampling finds their disjoint draws).
    """
    players = sorted((pairs for pairs in ranges if pairs is not None), key=len)
    masks = [[(1 << first) | (1 << second) for first, second, _ in pairs] for pairs in players]
    steps = 0

    def fits(level: int, used: int) -> bool:
        nonlocal steps
        if level == len(masks):
            return True
        for mask in masks[level]:
            steps += 1
            if steps > budget:
                return True
            if not mask & used and fits(level + 1, used | mask):
                return True
        return False

    return fits(0, 0)
