"""What every rules topic shares: the error, card order, seat numbers and their wording.

Seats are numbered from 1 in the order they are given: clockwise from the dealer's left,
so a lower seat is nearer the dealer's left.  The checks raise :class:`RulesError` with
one sentence naming the seat or card at fault.  Only :class:`RulesError`,
:func:`parse_seat_cards` and :data:`MAX_SEATS` leave the package (``stud_odds.rules``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Sequence

from stud_odds.cards import (
    CardError,
    ace_low_rank,
    format_card,
    format_cards,
    parse_cards,
    rank_of,
    suit_of,
)
from stud_odds.errors import StudOddsError, shown

MAX_SEATS = 8
SUIT_ORDER = "clubs < diamonds < hearts < spades"


class RulesError(StudOddsError):
    """Input the rules cannot be applied to; the message is one sentence naming the problem."""


# --- card order ----------------------------------------------------------------------------

def ace_high(card: int) -> int:
    """A card's place when aces are high (stud, stud8 high): the card id itself."""
    return card


def ace_low(card: int) -> int:
    """A card's place when aces are low (razz, the eight-or-better low): ace of clubs first."""
    return ace_low_rank(rank_of(card)) * 4 + suit_of(card)


# --- wording -------------------------------------------------------------------------------

def seat_list(seats: Sequence[int]) -> str:
    """``seat 2``, ``seats 2 and 4``, ``seats 1, 2 and 4``."""
    if len(seats) == 1:
        return f"seat {seats[0]}"
    return "seats " + ", ".join(str(s) for s in seats[:-1]) + f" and {seats[-1]}"


def and_list(items: Sequence[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + f" and {items[-1]}"


# --- seats and their cards -----------------------------------------------------------------

def parse_seat_cards(texts: Sequence[str]) -> list[list[int]]:
    """Parse one string of cards per seat (``["Kh Kd", "AhKc"]``); errors name the seat."""
    seats = []
    for seat, text in enumerate(texts, 1):
        try:
            seats.append(parse_cards(text, unique=False))
        except CardError as exc:
            raise RulesError(f"seat {seat}: {exc}") from None
    return seats


def check_seat_count(count: int, what: str, least: int = 2) -> None:
    if not least <= count <= MAX_SEATS:
        raise RulesError(f"give {what} for {least} to {MAX_SEATS} seats, not {count}")


def check_cards(seat_cards: Sequence[Sequence[int]], *, community_ok: bool = False) -> set[int]:
    """Every card a real card id, and no card in two places; returns the cards in every hand.

    With ``community_ok`` one card may be in every hand: the shared seventh-street card
    dealt when the deck runs short.
    """
    for seat, cards in enumerate(seat_cards, 1):
        for card in cards:
            if isinstance(card, bool) or not isinstance(card, int) or not 0 <= card < 52:
                raise RulesError(f"seat {seat}: {shown(card)} is not a card id from 0 to 51")
        # Checked before the community card is set aside: even it is in a hand only once.
        for card, count in Counter(cards).items():
            if count > 1:
                raise RulesError(f"{format_card(card)} appears twice in seat {seat}")
    shared: set[int] = set()
    if community_ok and len(seat_cards) > 1:
        shared = set.intersection(*(set(cards) for cards in seat_cards))
        if len(shared) > 1:
            raise RulesError(
                f"{format_cards(sorted(shared), ' ')} are in every hand, "
                "but only one community card is ever dealt"
            )
    seen: dict[int, int] = {}
    for seat, cards in enumerate(seat_cards, 1):
        for card in cards:
            if card in shared:
                continue
            if card in seen:
                raise RulesError(f"{format_card(card)} appears twice: in seat {seen[card]} "
                                 f"and in seat {seat}")
            seen[card] = seat
    return shared


def check_seat_numbers(seats: Collection[int], what: str, count: int = MAX_SEATS) -> list[int]:
    """Sorted, distinct seat numbers from 1 to ``count``."""
    for seat in seats:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 1 <= seat <= count:
            raise RulesError(f"{what} seat {seat!r} is not a seat: seats run from 1 to {count}")
    return sorted(set(seats))


def clockwise_from(seat: int, count: int) -> tuple[int, ...]:
    """Seats in acting order starting at ``seat``."""
    return tuple(range(seat, count + 1)) + tuple(range(1, seat))
