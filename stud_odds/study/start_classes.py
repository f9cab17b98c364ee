"""Three-card starting hands as classes: equal up to suits (razz: the same ranks), each
with its label (``AKQ suited``), and a table's row, ranked.

The classes and the key of the starting-hand tables (:mod:`stud_odds.study.starts`), and
of ``db starts``, which finds a player's starts in the shipped table by :func:`start_key`.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from itertools import combinations, permutations
from typing import Any

import numpy as np

from stud_odds.cards import RANKS, format_card, format_cards
from stud_odds.games import Game
from stud_odds.results import EquityResult, Rate, StoppedBy
from stud_odds.study.common import StudyError

SUIT_RELABELLINGS = tuple(permutations(range(4)))  # the identity first


def canonical(cards: tuple[int, ...]) -> tuple[int, ...]:
    """The same three cards under the suit relabelling that gives the smallest sorted ids."""
    return _canonical_starts()[tuple(sorted(cards))]


@cache
def _canonical_starts() -> dict[tuple[int, ...], tuple[int, ...]]:
    """canonical() of every three-card hand, all relabellings tried at once with numpy."""
    hands = np.array(list(combinations(range(52), 3)), np.int64)
    orders = np.array(SUIT_RELABELLINGS, np.int64)
    relabelled = np.sort((hands & ~3)[None] | orders[:, hands & 3], axis=2)  # [order, hand]
    codes = (relabelled * np.array([52 * 52, 52, 1])).sum(axis=2)
    best = relabelled[codes.argmin(axis=0), np.arange(len(hands))]
    return {tuple(hand): tuple(cards) for hand, cards in zip(hands.tolist(), best.tolist(),
                                                              strict=True)}


@dataclass(frozen=True)
class StartingHand:
    """A class of three-card starting hands equal up to suits; ``cards`` is one of them."""

    cards: tuple[int, ...]  # hole, hole, door
    count: int  # how many of the 22,100 hands are in the class
    suits_matter: bool = True  # False: a razz row, every start of these ranks

    @property
    def label(self) -> str:
        ranks = "".join(format_card(c)[0] for c in sorted(self.cards, reverse=True))
        if not self.suits_matter:
            return ranks
        suits = [c & 3 for c in self.cards]
        distinct = len(set(suits))
        if distinct == 1:
            return f"{ranks} suited"
        if distinct == 3:
            return f"{ranks} rainbow"
        pair = sorted((c for c in self.cards if suits.count(c & 3) == 2), reverse=True)
        return f"{ranks} ({format_card(pair[0])[0]}{format_card(pair[1])[0]} suited)"

    @property
    def text(self) -> str:
        """The representative as a third-street hand, ``DOWN/UP``."""
        return f"{format_cards(self.cards[:2])}/{format_card(self.cards[2])}"


def starting_hand_classes(door: str | None = None) -> list[StartingHand]:
    """The 1,755 suit classes of three-card hands, or with ``door`` (a rank) those holding it,
    written with a card of that rank as the door card."""
    counts: dict[tuple[int, ...], int] = {}
    for cards in combinations(range(52), 3):
        key = canonical(cards)
        counts[key] = counts.get(key, 0) + 1
    door_rank = None
    if door is not None:
        rank_text = door.strip().upper().replace("10", "T")
        if len(rank_text) != 1 or rank_text not in RANKS:
            raise StudyError(f"'{door}' is not a rank: use 2-9, T, J, Q, K or A")
        door_rank = RANKS.index(rank_text)
    classes = []
    for key, count in counts.items():
        cards = tuple(sorted(key, reverse=True))
        if door_rank is not None:
            ranks = [c >> 2 for c in cards]
            if door_rank not in ranks:
                continue
            at = ranks.index(door_rank)
            cards = tuple(c for i, c in enumerate(cards) if i != at) + (cards[at],)
        classes.append(StartingHand(cards, count))
    return classes


@dataclass(frozen=True)
class StartingHandResult:
    """One row of the table; ``interrupted`` marks a row of a table Ctrl-C cut short."""

    hand: StartingHand
    result: EquityResult
    interrupted: bool = False

    def to_dict(self) -> dict[str, Any]:
        hero = self.result.players[0]
        return {  # the hand played: the class's representative, re-suited against --vs
            "hand": hero.hand, "class": self.hand.label, "count": self.hand.count,
            **{rate: getattr(hero, rate) for rate in (Rate.EQUITY, Rate.EQUITY_SE,
                                                      Rate.HIGH_WIN, Rate.LOW_WIN, Rate.SCOOP)},
            # every row of a cut-short table says so: its rank is among the finished rows only
            "stopped_by": StoppedBy.INTERRUPTED if self.interrupted else self.result.stopped_by,
        }


def ranked(results: list[StartingHandResult]) -> list[StartingHandResult]:
    """Best equity first; equal equities keep the order of the classes (a stable sort)."""
    return sorted(results, key=lambda r: -r.result.players[0].equity)


Key = tuple[int, ...]


def start_key(game: Game, cards: Iterable[int]) -> Key:
    """A start's class, the tables' key: equal up to suits, or in razz the same ranks."""
    if game is Game.RAZZ:
        return tuple(sorted(card >> 2 for card in cards))
    return canonical(tuple(cards))


__all__ = ["SUIT_RELABELLINGS", "Key", "StartingHand", "StartingHandResult", "canonical",
           "ranked", "start_key", "starting_hand_classes"]
