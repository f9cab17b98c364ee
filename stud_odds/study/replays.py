"""Replays: every live player's equity on each street of one deal, as the cards came.

The street structure (who is live, the folded players' upcards) is
:mod:`stud_odds.scenario.table`'s, shared with the history replays.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

import numpy as np

from stud_odds.cards import CardError, format_cards, parse_cards
from stud_odds.checks import check_seed, check_threads, parse_trials
from stud_odds.engine import equity
from stud_odds.games import Game, parse_game
from stud_odds.results import EquityResult
from stud_odds.scenario import (
    HOLE_CARDS,
    MAX_UPCARDS,
    SEVENTH,
    SIXTH,
    Scenario,
    SeatCards,
    down_cards,
    street_deals,
    street_of,
)
from stud_odds.study.common import StudyError, StudyInterrupted, finished
from stud_odds.wording import plural


@dataclass(frozen=True)
class DealtHand:
    """A player's cards in the order dealt: two hole cards, up to four upcards, the river."""

    hole: tuple[int, ...]
    upcards: tuple[int, ...]
    river: int | None  # None when not dealt (folded) or not given

    @property
    def last_street(self) -> int:
        """The last street this player received a card on (a shorter hand folded)."""
        return SEVENTH if self.river is not None else self.seat_cards().folded or SIXTH

    def seat_cards(self) -> SeatCards:
        """The cards as a replay deals them: short of four upcards, the player folded after
        his last card; with four he is live to the end, his river perhaps unknown."""
        folded = None if len(self.upcards) == MAX_UPCARDS else street_of(HOLE_CARDS,
                                                                          len(self.upcards))
        return SeatCards(self.hole, self.upcards, self.river, folded)

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
    if len(parts) == 2 and len(down) == down_cards(SEVENTH):
        down, river = down[:HOLE_CARDS], down[HOLE_CARDS:]
    if len(down) != HOLE_CARDS:
        raise StudyError(f"{where} has {len(down)} down cards before the '/': stud deals two "
                         "(and a third, the river, after four upcards)")
    if not 1 <= len(upcards) <= MAX_UPCARDS:
        raise StudyError(f"{where} has {len(upcards)} upcards: stud deals one to four")
    if len(river) > 1:
        raise StudyError(f"{where}: seventh street is one card, not {len(river)}")
    if river and len(upcards) < MAX_UPCARDS:
        raise StudyError(f"{where} has a seventh-street card but only "
                         f"{plural(len(upcards), 'upcard')}")
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


def replay_deal(hands: Iterable[str], game: str | Game = "stud", *,
                trials: int | str | None = None, seed: int | None = None, dead: str = "",
                community: str | None = None, deck_rule: str = "casino",
                threads: int | None = None) -> Replay:
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
    last = SEVENTH if community is not None else max(hand.last_street for hand in dealt)
    deals = street_deals([hand.seat_cards() for hand in dealt], last,
                         community_river=community is not None, folded_holes_seen=False)
    # every street's spot is built (so checked: the community card, dead cards, duplicates)
    # before the first one is computed
    spots = [(deal, Scenario.build(list(deal.hands), game=game, dead=dead, folds=deal.folds,
                                   community=community if deal.community_river else None,
                                   deck_rule=deck_rule))
             for deal in deals]
    streets: list[StreetEquity] = []
    try:
        for deal, scenario in spots:
            result = finished(equity(scenario, trials=trials, seed=seed, threads=threads))
            streets.append(StreetEquity(deal.street, deal.live, result))
    except KeyboardInterrupt:
        raise StudyInterrupted(len(streets), len(spots), "street",
                               partial=Replay(parsed_game, dealt, tuple(streets), seed)) from None
    return Replay(parsed_game, dealt, tuple(streets), seed)




__all__ = ["DealtHand", "Replay", "StreetEquity", "parse_dealt_hand", "replay_deal"]
