"""Replays: every live player's equity on each street of one hand, as the cards came."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

import numpy as np

from stud_odds.cards import UNKNOWN, CardError, format_cards, parse_cards
from stud_odds.engine import equity
from stud_odds.engine.options import check_seed, check_threads, parse_trials
from stud_odds.games import Game, parse_game
from stud_odds.results import EquityResult
from stud_odds.scenario import Hand, Scenario
from stud_odds.study.common import StudyError, StudyInterrupted, finished


@dataclass(frozen=True)
class DealtHand:
    """A player's cards in the order dealt: two hole cards, up to four upcards, the river."""

    hole: tuple[int, ...]
    upcards: tuple[int, ...]
    river: int | None  # None when not dealt (folded) or not given

    @property
    def last_street(self) -> int:
        """The last street this player received a card on (a shorter hand folded)."""
        return 2 + len(self.upcards) + (self.river is not None)

    def on_street(self, street: int) -> Hand:
        if street <= 6:
            return Hand(self.hole, self.upcards[: street - 2])
        return Hand(self.hole + (UNKNOWN if self.river is None else self.river,), self.upcards)

    def __str__(self) -> str:
        """``DOWN/UP`` as ``equity`` writes a hand: ``AsKs2d/QhJhTh9c``."""
        river = () if self.river is None else (self.river,)
        return f"{format_cards(self.hole + river)}/{format_cards(self.upcards)}"


def parse_dealt_hand(text: str, player: int) -> DealtHand:
    """A hand as ``equity`` writes one, ``DOWN/UP`` with the upcards in street order:
    ``"AsKs/QhJhTh"`` (folded after fifth street), ``"AsKs2d/QhJhTh9c"`` (the third
    down card is the river).  ``HOLE/UPCARDS/RIVER`` (``"AsKs/Qh Jh Th 9c/2d"``) is
    read too, the older way of writing the same."""
    where = f"player {player}"
    parts = text.split("/")
    if not 2 <= len(parts) <= 3:
        raise StudyError(f"{where}: write DOWN/UP as for equity, the upcards in the order "
                         "dealt, e.g. 'AsKs2d/QhJhTh9c' (the third down card is the river)")
    try:
        down = tuple(parse_cards(parts[0], allow_unknown=True))
        upcards = tuple(parse_cards(parts[1]))
        river = tuple(parse_cards(parts[2], allow_unknown=True)) if len(parts) == 3 else ()
    except CardError as exc:
        raise StudyError(f"{where}: {exc}") from None
    if len(parts) == 2 and len(down) == 3:
        down, river = down[:2], down[2:]
    if len(down) != 2:
        raise StudyError(f"{where} has {len(down)} down cards before the '/': stud deals two "
                         "(and a third, the river, after four upcards)")
    if not 1 <= len(upcards) <= 4:
        raise StudyError(f"{where} has {len(upcards)} upcards: stud deals one to four")
    if len(river) > 1:
        raise StudyError(f"{where}: seventh street is one card, not {len(river)}")
    if river and len(upcards) < 4:
        shown = "1 upcard" if len(upcards) == 1 else f"{len(upcards)} upcards"
        raise StudyError(f"{where} has a seventh-street card but only {shown}")
    return DealtHand(down, upcards, river[0] if river else None)


@dataclass(frozen=True)
class StreetEquity:
    street: int
    live: tuple[int, ...]  # 0-based seats still in
    result: EquityResult


@dataclass(frozen=True)
class Replay:
    game: Game
    hands: tuple[DealtHand, ...]
    streets: tuple[StreetEquity, ...]
    seed: int  # used on every street

    def equity_by_street(self) -> list[list[float | None]]:
        """[player][street] equity, None once the player has folded."""
        table: list[list[float | None]] = [[None] * len(self.streets) for _ in self.hands]
        for column, street in enumerate(self.streets):
            for player, seat in enumerate(street.live):
                table[seat][column] = street.result.players[player].equity
        return table

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game.value,
            "seed": self.seed,
            "streets": [
                {"street": s.street, "live_seats": [seat + 1 for seat in s.live],
                 **s.result.to_dict()}
                for s in self.streets
            ],
        }


def replay(hands: Iterable[str], game: str | Game = "stud", *, trials: int | str | None = None,
           seed: int | None = None, dead: str = "", community: str | None = None,
           deck_rule: str = "casino", threads: int | None = None) -> Replay:
    """Every live player's equity on each street as the cards came.

    A player whose cards stop early folded after the last card shown: from the
    next street on, that player's upcards are a folded player's.  With
    ``community`` seventh street is that shared card.  Each street is one
    :func:`equity` call with the same seed.  Ctrl-C raises StudyInterrupted
    whose ``partial`` is the Replay of the streets that finished.
    """
    trials = None if trials is None else parse_trials(trials)
    seed, threads = check_seed(seed), check_threads(threads)
    dealt = tuple(parse_dealt_hand(text, seat) for seat, text in enumerate(hands, start=1))
    if len(dealt) < 2:
        raise StudyError("a replay needs at least two players")
    parsed_game = parse_game(game)
    if seed is None:  # one seed for every street, reported so the replay can be repeated
        seed = int(np.random.SeedSequence().entropy % (1 << 63))
    # every street's spot is built (so checked: the community card, dead cards, duplicates)
    # before the first one is computed
    spots = [(street, live, _street_spot(dealt, street, live, game, dead, community, deck_rule))
             for street, live in _live_streets(dealt, community)]
    streets: list[StreetEquity] = []
    try:
        for street, live, scenario in spots:
            result = finished(equity(scenario, trials=trials, seed=seed, threads=threads))
            streets.append(StreetEquity(street, live, result))
    except KeyboardInterrupt:
        raise StudyInterrupted(len(streets), len(spots), "street",
                               partial=Replay(parsed_game, dealt, tuple(streets), seed)) from None
    return Replay(parsed_game, dealt, tuple(streets), seed)


def _live_streets(dealt: tuple[DealtHand, ...],
                  community: str | None) -> list[tuple[int, tuple[int, ...]]]:
    """(street, live seats) for each street while at least two players are in."""
    last = 7 if community is not None else max(hand.last_street for hand in dealt)
    streets = []
    for street in range(3, last + 1):
        live = tuple(seat for seat, hand in enumerate(dealt) if hand.last_street >= min(street, 6)
                     and (street < 7 or hand.last_street >= 6))
        if len(live) < 2:
            break
        streets.append((street, live))
    return streets


def _street_spot(dealt: tuple[DealtHand, ...], street: int, live: tuple[int, ...],
                 game: str | Game, dead: str, community: str | None,
                 deck_rule: str) -> Scenario:
    """The spot of one street: the live players' cards so far, the others' upcards folded."""
    folded = [dealt[seat].upcards[: street - 2] for seat in range(len(dealt)) if seat not in live]
    shared = street == 7 and community is not None
    return Scenario.build(
        [dealt[seat].on_street(6 if shared else street) for seat in live], game=game,
        dead=dead, folds=[up for up in folded if up],
        community=community if shared else None, deck_rule=deck_rule,
    )


__all__ = ["DealtHand", "Replay", "StreetEquity", "parse_dealt_hand", "replay"]
