"""Text to cards: a player's ``DOWN/UP`` hand, card lists, the community card.

Only parsing lives here; whether the cards make a playable spot is
:class:`~stud_odds.scenario.spot.Scenario`'s question.

>>> str(parse_hand("as ks / qh"))
'AsKs/Qh'
>>> parse_hand("AsKs/Qh/Jd", player=2)
Traceback (most recent call last):
...
stud_odds.scenario.table.ScenarioError: player 2's hand 'AsKs/Qh/Jd' has more than one '/': \
write the down cards, a slash, then the upcards, e.g. AsKs/Qh
"""

from __future__ import annotations

from collections.abc import Iterable

from stud_odds.cards import CardError, check_unique, parse_cards
from stud_odds.scenario.table import Hand, ScenarioError, shape_problem

RANDOM_HAND = "random"


def is_random(text: str) -> bool:
    """Whether a hand's text names an opponent nobody sees (``random``)."""
    return text.strip().lower() == RANDOM_HAND


def _player_prefix(player: int | None) -> str:
    return "" if player is None else f"player {player}'s "


def parse_hand(text: str, player: int | None = None) -> Hand:
    """Parse ``DOWN/UP`` such as ``AsKs/Qh``, ``xx/7d`` or ``AsKs2d/QhJhTh9c``, or a
    range for the two hole cards, ``[QQ+, AK]/Ah`` or ``[QQ+]x/Ah7c2d2s`` (docs/ranges.md).

    ``player`` (numbered from 1) only names the player in error messages.
    """
    from stud_odds.ranges import is_ranged_hand, parse_ranged_hand

    if is_ranged_hand(text):
        ranged = parse_ranged_hand(text, player)
        return Hand(down=ranged.down, up=ranged.up, range=ranged.range)
    parts = text.split("/")
    if len(parts) != 2:
        problem = "has no '/'" if len(parts) == 1 else "has more than one '/'"
        raise ScenarioError(
            f"{_player_prefix(player)}hand '{text}' {problem}: write the down cards, a slash, "
            "then the upcards, e.g. AsKs/Qh"
        )
    try:
        down, up = (parse_cards(part, allow_unknown=True, unique=False) for part in parts)
        check_unique(down + up)
    except CardError as error:
        prefix = "" if player is None else f"player {player}: "
        raise ScenarioError(f"{prefix}{error}") from None
    problem = shape_problem(text.strip(), len(down), len(up))
    if problem:
        raise ScenarioError(_player_prefix(player) + problem)
    return Hand(down=tuple(down), up=tuple(up))


def parse_card_list(cards: str | Iterable[str | int], where: str) -> tuple[int, ...]:
    """Known cards given as text (``"2c 3d"``) or as a list of card texts or ids."""
    pieces = [cards] if isinstance(cards, str) else list(cards)
    parsed: list[int] = []
    try:
        for piece in pieces:
            if isinstance(piece, int):
                parsed.append(piece)  # Scenario checks the id
            else:
                # Duplicates are left to Scenario, which names both places.
                parsed.extend(parse_cards(piece, unique=False))
    except CardError as error:
        raise ScenarioError(f"{where}: {error}") from None
    return tuple(parsed)


def parse_community(card: str | int) -> int:
    """The one shared seventh-street card, as text or id."""
    cards = parse_card_list([card], "the community card")
    if len(cards) != 1:
        raise ScenarioError(f"the community card is one card, not '{card}'")
    return cards[0]
