"""One player's hand as cards, and a replayed hand's seats street by street.

:class:`Hand`: a live player's down and up cards, maybe with a range for his
hole cards.  A replayed hand: :class:`SeatCards` (one seat's cards in the order
dealt, and the street he folded on) and :class:`StreetDeal` /
:func:`street_deals` (the live seats and their hands on one street, the folded
players' upcards, or their hole cards as dead cards when they were seen, and the
community river), from which the study's replays and the history replay both
build their spots.

>>> from stud_odds.cards import parse_cards
>>> hand = Hand(down=tuple(parse_cards("AsKs")), up=tuple(parse_cards("Qh")))
>>> str(hand), hand.size, hand.unknown_count, str(random_hand(7))
('AsKs/Qh', 3, 0, 'xxx/xxxx')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from stud_odds.cards import UNKNOWN, format_cards
from stud_odds.scenario.table import SEVENTH, SIXTH, THIRD, down_cards, live_on, up_cards

if TYPE_CHECKING:
    from stud_odds.ranges.model import Range


@dataclass(frozen=True)
class Hand:
    """One live player's cards; UNKNOWN (-1) stands for a card nobody has seen.

    With a ``range`` the first two down cards are UNKNOWN and drawn from it
    (docs/ranges.md) rather than uniformly from the unseen cards.
    """

    down: tuple[int, ...]
    up: tuple[int, ...]  # in the order they were dealt
    range: Range | None = None

    @property
    def size(self) -> int:
        """Cards held, which is the street (3..7)."""
        return len(self.down) + len(self.up)

    @property
    def known(self) -> tuple[int, ...]:
        return tuple(card for card in self.down + self.up if card != UNKNOWN)

    @property
    def unknown_count(self) -> int:
        return self.size - len(self.known)

    def __str__(self) -> str:
        if self.range is None:
            return f"{format_cards(self.down)}/{format_cards(self.up)}"
        return f"[{self.range}]{format_cards(self.down[2:])}/{format_cards(self.up)}"


def random_hand(size: int) -> Hand:
    """A hand of ``size`` cards, none of them known."""
    return Hand(down=(UNKNOWN,) * down_cards(size), up=(UNKNOWN,) * up_cards(size))


@dataclass(frozen=True)
class SeatCards:
    """One seat's cards in the order dealt, as a replay knows them (UNKNOWN: not seen)."""

    hole: tuple[int, ...]  # the two third-street down cards
    upcards: tuple[int, ...]  # one a street from third to sixth
    river: int | None  # the seventh-street down card; None when not dealt or not seen
    folded: int | None  # the last street the player was dealt, when he folded on it

    def on_street(self, street: int) -> Hand:
        """The player's hand on ``street`` while he is live."""
        if street < SEVENTH:
            return Hand(self.hole, self.upcards[:up_cards(street)])
        return Hand(self.hole + (UNKNOWN if self.river is None else self.river,), self.upcards)


@dataclass(frozen=True)
class StreetDeal:
    """A replayed hand on one street: the live seats and their hands, what the folded left."""

    street: int
    live: tuple[int, ...]  # the seats (0-based) still in
    hands: tuple[Hand, ...]  # theirs, in seat order; sixth-street hands beside a community card
    dead: tuple[int, ...]  # every card of a folded player whose hole cards were seen
    folds: tuple[tuple[int, ...], ...]  # the upcards of the other folded players
    community_river: bool  # seventh street is the community card, dealt beside ``hands``

    @classmethod
    def of(cls, seats: Sequence[SeatCards], street: int, *, community_river: bool,
           folded_holes_seen: bool = True) -> StreetDeal:
        """``street`` of the hand ``seats`` hold; ``community_river``: seventh street was one
        shared card.  Without ``folded_holes_seen`` a folded player shows only his upcards."""
        shared = street == SEVENTH and community_river
        live = tuple(seat for seat, cards in enumerate(seats) if live_on(street, cards.folded))
        dead: list[int] = []
        folds: list[tuple[int, ...]] = []
        for seat, cards in enumerate(seats):
            if seat in live:
                continue
            if folded_holes_seen and UNKNOWN not in cards.hole:
                dead.extend(cards.hole + cards.upcards)  # the same count as a fold
            else:
                folds.append(cards.upcards)
        hands = tuple(seats[seat].on_street(SIXTH if shared else street) for seat in live)
        return cls(street, live, hands, tuple(dead), tuple(folds), shared)


def street_deals(seats: Sequence[SeatCards], last_street: int, *, community_river: bool,
                 folded_holes_seen: bool = True) -> list[StreetDeal]:
    """Each street from third to ``last_street`` while at least two players are live."""
    deals = []
    for street in range(THIRD, last_street + 1):
        deal = StreetDeal.of(seats, street, community_river=community_river,
                             folded_holes_seen=folded_holes_seen)
        if len(deal.live) < 2:
            break
        deals.append(deal)
    return deals
