"""A player written with a range: ``[QQ+, AK]/Ah7c``, ``[QQ+]x/Ah7c2d2s``, ``[QQ+]Kd/Ah7c2d2s``."""

from __future__ import annotations

from dataclasses import dataclass

from stud_odds.cards import UNKNOWN, CardError, check_unique, format_card, format_cards, parse_cards
from stud_odds.errors import excerpt
from stud_odds.ranges.model import MAX_UPCARDS, Cards, Combos, Range, read_cards
from stud_odds.ranges.terms import RangeError


def is_ranged_hand(text: str) -> bool:
    """Whether a player's text is written with a range (it starts with ``[``)."""
    return text.lstrip().startswith("[")


@dataclass(frozen=True)
class RangedHand:
    """A live player whose two third-street hole cards come from ``range``."""

    range: Range
    up: tuple[int, ...]  # known upcards, in the order dealt
    third_down: int | None = None  # seventh street: the third down card (UNKNOWN if unseen)

    @property
    def down(self) -> tuple[int, ...]:
        """The down cards with the two ranged hole cards as UNKNOWN."""
        third = () if self.third_down is None else (self.third_down,)
        return (UNKNOWN, UNKNOWN, *third)

    @property
    def known(self) -> tuple[int, ...]:
        """The player's known cards: upcards and a known third down card."""
        third = () if self.third_down in (None, UNKNOWN) else (self.third_down,)
        return (*third, *self.up)

    def combos(self, dead: Cards = ()) -> Combos:
        """The range's hole-card pairs once this hand's known cards and ``dead`` (every
        card known elsewhere) are removed; raises ``RangeError`` when none is left."""
        blocked = read_cards(dead, "the dead cards")
        return self.range.combos(blocked + self.known, upcards=self.up)

    def __str__(self) -> str:
        third = "" if self.third_down is None else format_card(self.third_down)
        return f"[{self.range}]{third}/{format_cards(self.up)}"


def _prefix(player: int | None) -> str:
    return "" if player is None else f"player {player}: "


def _hand_shape(text: str, rest: list[int], up: list[int]) -> str | None:
    """Why the cards around the range fit no street, or None."""
    quoted = excerpt(text, 1)
    if not 1 <= len(up) <= MAX_UPCARDS:
        return (f"hand '{quoted}' shows {len(up)} upcards: a stud player shows from 1 to "
                f"{MAX_UPCARDS}, e.g. [QQ+]/Ah")
    if UNKNOWN in up:
        return (f"hand '{quoted}' hides an upcard: name every upcard of a player with a "
                "range")
    if len(rest) > 1:
        return (f"hand '{quoted}' has {len(rest)} cards between the range and the slash: only "
                "the third down card (seventh street) goes there, e.g. [QQ+]x/Ah7c2d2s")
    if rest and len(up) < MAX_UPCARDS:
        shown = "1 upcard" if len(up) == 1 else f"{len(up)} upcards"
        return (f"hand '{quoted}' has a third down card but {shown}: the third down "
                "card comes on seventh street, after four upcards, e.g. [QQ+]x/Ah7c2d2s")
    return None


def parse_ranged_hand(text: str, player: int | None = None) -> RangedHand:
    """Parse ``[TERMS]/UPCARDS`` (``[TERMS]x/UPCARDS`` or ``[TERMS]Kd/UPCARDS`` on seventh
    street) and check that the range allows some hole cards beside the player's own cards.

    ``player`` (numbered from 1) only names the player in messages; character positions
    in messages count in ``text``.
    """
    quoted = excerpt(text, 1)
    opening = text.find("[")
    if opening < 0 or text[:opening].strip():
        raise RangeError(f"{_prefix(player)}hand '{quoted}' does not start with '[': write a "
                         "range as [TERMS]/UPCARDS, e.g. [QQ+, AK]/Ah")
    closing = text.find("]", opening)
    if closing < 0:
        raise RangeError(f"{_prefix(player)}hand '{quoted}' has no ']' closing its range")
    parts = text[closing + 1:].split("/")
    if len(parts) != 2:
        problem = "no '/'" if len(parts) == 1 else "more than one '/'"
        raise RangeError(f"{_prefix(player)}hand '{quoted}' has {problem} after its range: "
                         "write the upcards after a slash, e.g. [QQ+, AK]/Ah")
    try:
        hole_range = Range.parse(text[opening + 1:closing], offset=opening + 1)
        rest, up = (parse_cards(part, allow_unknown=True, unique=False) for part in parts)
        check_unique(rest + up)
    except (RangeError, CardError) as error:
        raise RangeError(f"{_prefix(player)}{error}") from None
    problem = _hand_shape(text.strip(), rest, up)
    if problem:
        raise RangeError(_prefix(player) + problem)
    hand = RangedHand(hole_range, tuple(up), rest[0] if rest else None)
    try:
        hand.combos()
    except RangeError as error:
        raise RangeError(f"{_prefix(player)}{error}") from None
    return hand
