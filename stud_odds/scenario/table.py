"""What a stud table is made of: its sizes, its streets, and one player's hand as cards.

>>> from stud_odds.cards import parse_cards
>>> hand = Hand(down=tuple(parse_cards("AsKs")), up=tuple(parse_cards("Qh")))
>>> str(hand), hand.size, hand.unknown_count
('AsKs/Qh', 3, 0)
>>> str(random_hand(7))
'xxx/xxxx'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from stud_odds.cards import UNKNOWN, format_cards
from stud_odds.errors import StudOddsError, excerpt

if TYPE_CHECKING:
    from stud_odds.ranges import Range

DECK_SIZE = 52
MAX_PLAYERS = 8
MAX_UPCARDS = 4
HOLE_CARDS = 2  # every player, folded or not, was dealt two cards face down on third street
STREET_NAMES = {3: "third", 4: "fourth", 5: "fifth", 6: "sixth", 7: "seventh"}


class ScenarioError(StudOddsError):
    """A scenario that cannot be played; the one-sentence message names the player or card."""


def street_name(street: int) -> str:
    return f"{STREET_NAMES[street]} street"


def plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def shape_problem(hand_text: str, down: int, up: int) -> str | None:
    """Why a hand with these many down and up cards fits no street, or None if it fits one."""
    if (down == HOLE_CARDS and 1 <= up <= MAX_UPCARDS) or (down == 3 and up == MAX_UPCARDS):
        return None
    return (
        f"hand '{excerpt(hand_text, 1)}' has {plural(down, 'down card')} and "
        f"{plural(up, 'upcard')}, "
        "a shape no street has: write DOWN/UP with two down cards (three on seventh street), "
        "e.g. AsKs/Qh"
    )


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
    down = 3 if size == 7 else HOLE_CARDS
    return Hand(down=(UNKNOWN,) * down, up=(UNKNOWN,) * (size - down))
