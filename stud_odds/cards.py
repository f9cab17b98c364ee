"""Cards as ints 0..51 (``rank * 4 + suit``), parsing and formatting.

Rank 0 is the deuce and 12 the ace; suits are clubs, diamonds, hearts, spades
(0..3).  Ordering by id is therefore the stud bring-in order.  An unknown card
(``x``, ``?`` or ``*``) parses to :data:`UNKNOWN`.

The one owner of the rank letters and names (:data:`RANKS`, :data:`RANK_NAMES`,
:data:`RANK_PLURALS`) and of ace-low order (:data:`ACE_LOW_RANKS`,
:func:`ace_low_rank` and its inverse :func:`rank_of_ace_low`).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from stud_odds.errors import StudOddsError, shown

ACE = 12  # the ace's rank id (card >> 2): 0 is a deuce
RANKS = "23456789TJQKA"
ACE_LOW_RANKS = RANKS[-1] + RANKS[:-1]  # "A23456789TJQK": razz and the eight-or-better low
SUITS = "cdhs"
RANK_NAMES = (
    "deuce", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    "jack", "queen", "king", "ace",
)
RANK_PLURALS = tuple(name + ("es" if name.endswith("x") else "s") for name in RANK_NAMES)
SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")
UNKNOWN = -1
UNKNOWN_CHARS = "xX?*"
_SEPARATORS = " ,\t\n;"


class CardError(StudOddsError):
    """A card, list of cards or hand that cannot be read; the message says why."""


def make_card(rank: int, suit: int) -> int:
    return rank * 4 + suit


def rank_of(card: int) -> int:
    return card >> 2


def suit_of(card: int) -> int:
    return card & 3


def ace_low_rank(rank: Any) -> Any:
    """A rank's place when aces are low: ace 0, deuce 1 .. king 12 (an int or a numpy array);
    the one owner of ace-low order."""
    return (rank + 1) % len(RANKS)


def rank_of_ace_low(place: int) -> int:
    """The rank (0 = deuce .. 12 = ace) at ``place`` in :data:`ACE_LOW_RANKS` (0 = ace): the
    inverse of :func:`ace_low_rank`."""
    return (place - 1) % len(RANKS)


def format_card(card: int) -> str:
    """``As``, ``Td``; ``x`` for an unknown card."""
    if card == UNKNOWN:
        return "x"
    if not 0 <= card < 52:
        raise CardError(f"{shown(card)} is not a card id: ids run from 0 to 51")
    return RANKS[card >> 2] + SUITS[card & 3]


def format_cards(cards: Iterable[int], sep: str = "") -> str:
    return sep.join(format_card(c) for c in cards)


def card_name(card: int) -> str:
    """``the ace of spades``."""
    return f"the {RANK_NAMES[card >> 2]} of {SUIT_NAMES[card & 3]}"


def _rank_error(token: str) -> CardError:
    return CardError(
        f"'{token}' is not a card: rank must be one of 2-9, T (or 10), J, Q, K, A"
    )


def _tokens(text: str) -> Iterable[str]:
    """Split card text into one token per card, keeping bad tokens whole for messages."""
    i, n = 0, len(text)
    while i < n:
        ch = text[i]
        if ch in _SEPARATORS:
            i += 1
            continue
        if ch in UNKNOWN_CHARS:
            yield ch
            i += 1
            continue
        # A rank: "10" takes two characters, anything else one.
        width = 2 if text.startswith("10", i) else 1
        j = i + width
        if j < n and text[j] not in _SEPARATORS and text[j] not in UNKNOWN_CHARS:
            j += 1
        yield text[i:j]
        i = j


def parse_card(token: str) -> int:
    """Parse one card such as ``As``, ``as``, ``10h`` or ``Td``."""
    text = token.strip()
    if not text:
        raise CardError("an empty string is not a card")
    rank_text, suit_text = (text[:2], text[2:]) if text.startswith("10") else (text[:1], text[1:])
    rank_key = "T" if rank_text == "10" else rank_text.upper()
    if rank_key not in RANKS:
        raise _rank_error(text)
    if not suit_text:
        raise CardError(f"'{text}' is not a card: a suit (c, d, h or s) must follow the rank")
    if len(suit_text) != 1 or suit_text.lower() not in SUITS:
        raise CardError(f"'{text}' is not a card: suit must be one of c, d, h, s")
    return make_card(RANKS.index(rank_key), SUITS.index(suit_text.lower()))


def parse_cards(
    text: str | Iterable[str], *, allow_unknown: bool = False, unique: bool = True
) -> list[int]:
    """Parse a list of cards: ``"As Kd"``, ``"As,Kd"``, ``"AsKd"`` or an iterable of tokens.

    Unknown cards (``x``, ``?``, ``*``) give :data:`UNKNOWN` when allowed.  With
    ``unique`` a card written twice is an error naming it.
    """
    pieces = [text] if isinstance(text, str) else list(text)
    cards: list[int] = []
    for piece in pieces:
        for token in _tokens(piece):
            if token in UNKNOWN_CHARS:
                if not allow_unknown:
                    raise CardError(f"'{token}' is not allowed here: name the card")
                cards.append(UNKNOWN)
            else:
                cards.append(parse_card(token))
    if unique:
        check_unique(cards)
    return cards


def check_unique(cards: Iterable[int]) -> None:
    seen: set[int] = set()
    for card in cards:
        if card == UNKNOWN:
            continue
        if card in seen:
            raise CardError(f"{format_card(card)} appears twice")
        seen.add(card)
