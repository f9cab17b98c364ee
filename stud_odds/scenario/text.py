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

import re
from collections.abc import Iterable, Mapping, Sequence
from numbers import Integral

from stud_odds.cards import CardError, check_unique, parse_cards
from stud_odds.errors import excerpt, shown
from stud_odds.scenario.hands import Hand
from stud_odds.scenario.table import ScenarioError, shape_problem

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
            f"{_player_prefix(player)}hand '{excerpt(text, 1)}' {problem}: write the down "
            "cards, a slash, then the upcards, e.g. AsKs/Qh"
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


def parse_card_list(cards: str | Iterable[str | int] | None, where: str) -> tuple[int, ...]:
    """Known cards given as text (``"2c 3d"``), as a list of card texts or ids, or None."""
    if cards is None:
        return ()
    if isinstance(cards, str):
        pieces: list[object] = [cards]
    elif isinstance(cards, Iterable) and not isinstance(cards, bytes | bytearray | Mapping):
        pieces = list(cards)
    else:
        raise ScenarioError(f"{where} must be card text such as '2c 9h' or a list of cards, "
                            f"not {shown(cards)}")
    parsed: list[int] = []
    try:
        for piece in pieces:
            if isinstance(piece, Integral) and not isinstance(piece, bool):
                parsed.append(int(piece))  # Scenario checks the id
            elif isinstance(piece, str):
                # Duplicates are left to Scenario, which names both places.
                parsed.extend(parse_cards(piece, unique=False))
            else:
                raise ScenarioError(f"{where}: {shown(piece)} is not a card: give text such "
                                    "as '9h' or an id from 0 to 51")
    except CardError as error:
        raise ScenarioError(f"{where}: {error}") from None
    return tuple(parsed)


def parse_folds(folds: Iterable[str | Iterable[str | int]] | None) -> tuple[tuple[int, ...], ...]:
    """Each folded player's upcards: a list with one entry (text or cards) per folded player."""
    if folds is None:
        return ()
    if isinstance(folds, str | bytes | bytearray | Mapping) or not isinstance(folds, Iterable):
        raise ScenarioError(f"give the folded players' upcards as a list, one entry per folded "
                            f"player, e.g. ['5h', 'Qd 7c'], not {shown(folds)}")
    return tuple(parse_card_list(upcards, f"folded player {folded}'s upcards")
                 for folded, upcards in enumerate(folds, start=1))


# a rank (10 or one character) and the suit after it, if any; a range's brackets are skipped
_CARD = re.compile(r"\[[^\]]*\]?|(10|[2-9TJQKA])([cdhs]?)", re.IGNORECASE)
RANK_ONLY_SUITS = "shdc"  # the suits a rank-only card is given, first free first


def with_suits(texts: Sequence[object]) -> list[object]:
    """Razz reads rank-only cards (``A2/3``): each text with every rank that has no suit
    given one, the first of RANK_ONLY_SUITS whose card no text names and no earlier card took,
    so no card repeats.  A razz hand's value ignores suits, and every such choice leaves
    the same ranks unseen, so the answer is the same for any choice.  Texts that are not
    text, or name an opponent nobody sees (``random``), are returned as they are."""
    taken: set[tuple[str, str]] = set()
    for text in texts:
        if isinstance(text, str) and not is_random(text):
            for match in _CARD.finditer(text):
                if match.group(2):
                    taken.add((_rank(match.group(1)), match.group(2).lower()))

    def suited(match: re.Match[str]) -> str:
        if match.group(1) is None or match.group(2):
            return match.group(0)  # a range, or a card with its suit
        rank = _rank(match.group(1))
        suit = next((s for s in RANK_ONLY_SUITS if (rank, s) not in taken), None)
        if suit is None:
            raise ScenarioError(f"there are only four {rank}s: a fifth cannot be given a suit")
        taken.add((rank, suit))
        return rank + suit

    return [_CARD.sub(suited, text) if isinstance(text, str) and not is_random(text) else text
            for text in texts]


def _rank(text: str) -> str:
    return "T" if text == "10" else text.upper()


def hand_texts(hands: object) -> list[object]:
    """The hands as a list, one per live player (each checked by the caller)."""
    if isinstance(hands, str | bytes | bytearray | Mapping) or not isinstance(hands, Iterable):
        raise ScenarioError(f"give the hands as a list, one per live player, e.g. "
                            f"['AsKs/Qh', 'random'], not {shown(hands)}")
    return list(hands)


def parse_community(card: str | int) -> int:
    """The one shared seventh-street card, as text or id."""
    if isinstance(card, bool) or not isinstance(card, str | Integral):
        raise ScenarioError(f"the community card must be card text such as '2c' or an id, "
                            f"not {shown(card)}")
    cards = parse_card_list([card], "the community card")
    if len(cards) != 1:
        raise ScenarioError(f"the community card is one card, not '{card}'")
    return cards[0]
