"""The card and chip text of a PokerStars stud hand, as every part of its reader reads it
(hand_header, hand_seats, hand_streets, hand_summary), and the one error that skips
a hand.  Pure Python."""

from __future__ import annotations

from decimal import Decimal, InvalidOperation
from functools import lru_cache

from stud_odds.cards import RANKS, SUITS, CardError, parse_card

_CARD_IDS = {rank + suit: r * 4 + s for r, rank in enumerate(RANKS) for s, suit in enumerate(SUITS)}


class Unreadable(Exception):
    """One hand cannot be read; the message is the one sentence the user sees."""


@lru_cache(maxsize=4096)  # a file repeats a few amounts (antes, bets) many times
def chips(text: str) -> Decimal | None:
    try:
        value = Decimal(text.strip().lstrip("$€£").replace(",", ""))
    except InvalidOperation:
        return None
    return value if value.is_finite() and value >= 0 else None


def amount_of(text: str, line: int) -> Decimal:
    """``$1,000.50``, ``€0.02``, ``1500`` -> Decimal."""
    value = chips(text)
    if value is None:
        raise Unreadable(f"line {line}: '{text}' is not an amount of chips")
    return value


def cards_of(text: str, line: int) -> list[int]:
    """The cards of one bracket group's inside: ``Ah Kd 7c``."""
    tokens = text.split()
    cards = [_CARD_IDS.get(token) for token in tokens]
    if None in cards:  # not as PokerStars writes a card: let the general parser judge
        try:
            return [parse_card(token) for token in tokens]
        except CardError as error:
            raise Unreadable(f"line {line}: {error}") from None
    return cards


def bracketed(text: str, line: int) -> list[int]:
    """The cards of ``[Ah Kd 7c] [2s]`` in order; anything else around the brackets is an error."""
    if not (text.startswith("[") and text.endswith("]")):
        raise Unreadable(f"line {line}: expected cards in brackets, found '{text[:20]}'")
    inside = text[1:-1].replace("] [", " ")
    if "[" in inside or "]" in inside:
        raise Unreadable(f"line {line}: the brackets of cards in '{text[:30]}' do not pair up")
    return cards_of(inside, line)


def show_cards(text: str, line: int) -> list[int]:
    """The cards of ``shows [..] (description)`` or ``showed [..] and won``: the first group."""
    start, end = text.find("["), text.find("]")
    if start < 0 or end < start:
        raise Unreadable(f"line {line}: the cards shown are not in brackets")
    return cards_of(text[start + 1:end], line)
