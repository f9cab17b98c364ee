"""Street-by-street equities of a hand read from a history, and the hero's all-in luck.

Two views of each street.  The hero's view: what the hero saw as the cards
came (his own cards, every upcard, folded players' upcards as dead cards, the
community card on 7th street).  The showdown view: the same street with every
hand shown at the end of the hand (at the showdown or in the summary) turned
face up.  Each street is one :func:`stud_odds.engine.equity` call.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import Any

import numpy as np

from stud_odds.cards import UNKNOWN, format_card
from stud_odds.checks import check_seed
from stud_odds.engine import equity
from stud_odds.history.model import HandHistory, Player
from stud_odds.history.settings import (
    DEFAULT_PRECISION_POINTS,
    DEFAULT_SEED,
    DEFAULT_THREADS,
    ReplayError,
    trials_for,
)
from stud_odds.history.summary import AllInLuck
from stud_odds.results import EquityResult, Rate, StoppedBy
from stud_odds.scenario import (
    HOLE_CARDS,
    SEVENTH,
    DeckRule,
    Scenario,
    SeatCards,
    cards_left,
    live_on,
    seventh_street_is_shared,
    street_deals,
)


def street_seed(seed: int, hand_id: str, street: int) -> int:
    """The seed of one street of one hand, whatever else the file holds.

    Derived from the run's seed, the hand and the street, so a hand gives the
    same numbers alone, in a file, or when a run is resumed.
    """
    key = int(hand_id) if hand_id.isdigit() else sum(hand_id.encode())
    state = np.random.SeedSequence(seed, spawn_key=(key, street)).generate_state(1, np.uint64)
    return int(state[0] >> np.uint64(1))  # the engine takes seeds below 2**63


def deck_rule(hand: HandHistory) -> DeckRule:
    """The deck rule that deals 7th street the way the file shows it.

    Online rooms burn no cards, so the online rule (a community card only
    when the deck holds fewer cards than players) comes first; the card-room
    rule is the fallback for a file that shows a community card anyway.
    """
    if hand.last_street < SEVENTH:
        return DeckRule.ONLINE
    live = hand.live(SEVENTH)
    folded = [p.upcards for p in hand.players if not live_on(SEVENTH, p.folded)]
    left = cards_left(len(live), folded)
    shared = {rule: seventh_street_is_shared(left, len(live), rule) for rule in DeckRule}
    if hand.community is None:
        if not shared[DeckRule.ONLINE]:
            return DeckRule.ONLINE
        raise ReplayError(f"each of {len(live)} players gets a 7th-street card, but only "
                          f"{left} cards are left in the deck")
    for rule in (DeckRule.ONLINE, DeckRule.CASINO):
        if shared[rule]:
            return rule
    raise ReplayError(f"7th street is a community card although {left} cards are left "
                      f"for {len(live)} players, enough for one each")


@dataclass(frozen=True)
class StreetView:
    """One street in one view: the scenario as seen, and the engine's answer."""

    street: int
    names: tuple[str, ...]  # the live players, in seat order (the scenario's hands)
    scenario: Scenario
    result: EquityResult
    seed: int

    def equity_of(self, name: str) -> float | None:
        if name not in self.names:
            return None
        return self.result.players[self.names.index(name)].equity

    def to_dict(self) -> dict[str, Any]:
        scenario = self.scenario
        dead = list(scenario.dead) + [card for upcards in scenario.folds for card in upcards]
        return {
            "street": self.street,
            "dead": [format_card(card) for card in dead],
            "community": None if scenario.community is None else format_card(scenario.community),
            "players": [
                {"name": name, "hand": str(hand), Rate.EQUITY.value: player.equity,
                 Rate.EQUITY_SE.value: player.equity_se}
                for name, hand, player in zip(self.names, scenario.hands, self.result.players,
                                              strict=True)
            ],
        }


@dataclass(frozen=True)
class HandReplay:
    """A hand with its equities on every street, in both views."""

    hand: HandHistory
    hero: str | None
    streets: tuple[StreetView, ...]
    showdown: tuple[StreetView, ...] | None  # None when the hand had no showdown
    luck: AllInLuck | None
    trials: int
    seed: int

    def to_dict(self) -> dict[str, Any]:
        hand = self.hand
        return {
            "id": hand.id,
            "game": hand.game.value,
            "stakes": hand.stakes,
            "hero": self.hero,
            "skipped": None,
            "streets": [street.to_dict() for street in self.streets],
            "showdown": None if self.showdown is None else [s.to_dict() for s in self.showdown],
            "pot": _number(hand.pot),
            "won": {p.name: _number(p.won) for p in hand.players},
        }


def _number(value: Decimal) -> int | float:
    """Chips for JSON: whole amounts as ints, cents as floats."""
    return int(value) if value == value.to_integral_value() else float(value)


def _seat_cards(player: Player, reveal: frozenset[str]) -> SeatCards:
    """A player's cards as a view sees them: his hole cards and river only when revealed."""
    if player.name in reveal and len(player.hole) == HOLE_CARDS:
        return SeatCards(player.hole, player.upcards, player.river, player.folded)
    return SeatCards((UNKNOWN, UNKNOWN), player.upcards, None, player.folded)


def _streets(hand: HandHistory, reveal: frozenset[str], rule: DeckRule, trials: int, seed: int,
             threads: int | None, cache: dict[Scenario, StreetView]) -> tuple[StreetView, ...]:
    """Each street in the view where the ``reveal`` players' hole cards are face up; a
    folded player whose hole cards are seen is dead cards (the same count as a fold)."""
    seats = [_seat_cards(player, reveal) for player in hand.players]
    views = []
    for deal in street_deals(seats, hand.last_street, community_river=hand.community is not None):
        scenario = Scenario(game=hand.game, hands=deal.hands, dead=deal.dead, folds=deal.folds,
                            community=hand.community if deal.community_river else None,
                            deck_rule=rule)
        if scenario not in cache:  # the two views often agree on a street: run it once
            seed_of_street = street_seed(seed, hand.id, deal.street)
            result = equity(scenario, trials=trials, seed=seed_of_street, threads=threads)
            if result.stopped_by == StoppedBy.INTERRUPTED:  # never a result: the caller stops
                raise KeyboardInterrupt
            names = tuple(hand.players[seat].name for seat in deal.live)
            cache[scenario] = StreetView(deal.street, names, scenario, result, seed_of_street)
        views.append(cache[scenario])
    return tuple(views)


def _luck(hand: HandHistory, hero: Player, showdown: tuple[StreetView, ...]) -> AllInLuck | None:
    street = hero.all_in
    view = next((v for v in showdown if v.street == street), None)
    if street is None or street >= SEVENTH or view is None:
        return None
    share = view.equity_of(hero.name)
    if share is None:
        return None
    pot = sum((min(p.invested, hero.invested) for p in hand.players), Decimal(0))
    after_rake = 1 - float(hand.rake / hand.pot) if hand.pot > 0 else 1.0
    expected = share * float(pot) * after_rake
    luck = float(hero.won) - expected
    return AllInLuck(
        hand_id=hand.id, street=street, equity=share, pot=float(pot), expected=expected,
        won=float(hero.won), luck=luck,
        luck_big_bets=luck / float(hand.big_bet) if hand.big_bet else None, unit=hand.unit,
    )


def all_in_luck(hand: HandHistory, name: str, trials: int, seed: int,
                threads: int | None = 1) -> AllInLuck | None:
    """The AllInLuck of ``name`` in ``hand``, as :func:`replay_hand` (hero=name) finds it,
    with its showdown view alone; None when he has none, or the deck rules cannot deal
    the hand."""
    player = hand.player(name)
    if player is None or not hand.showdown:
        return None
    shown = frozenset(p.name for p in hand.players if p.shown) | {name}
    try:
        views = _streets(hand, shown, deck_rule(hand), trials, seed, threads, {})
    except ReplayError:
        return None
    return _luck(hand, player, views)


def replay_hand(hand: HandHistory, *, hero: str | None = None,
                precision: float = DEFAULT_PRECISION_POINTS, seed: int = DEFAULT_SEED,
                threads: int | None = DEFAULT_THREADS) -> HandReplay:
    """Each live player's equity on every street of ``hand``, in both views.

    ``hero`` (default: the player the file deals hole cards to) is whose view
    the first is; a name not dealt into the hand sees only upcards (and the
    record's hero is null).  Every street is dealt ``trials_for(precision)`` times, or
    enumerated when it has no more deals than that; its seed comes from
    ``seed``, the hand id and the street (:func:`street_seed`).  ``threads``
    per street: one by default, as waking more costs more than they save on a
    street of 10,000 deals (None: every core).  Raises
    ``ReplayError`` for a hand the deck rules cannot deal, and KeyboardInterrupt
    (never a partial result) when interrupted.
    """
    trials = trials_for(precision)
    if check_seed(seed) is None:  # the one seed rule; a replay's seeds all derive from it
        raise ReplayError("a replay needs a seed: a whole number from 0 to 2^64 - 1")
    hero = hero if hero is not None else hand.hero
    if hero is not None and hand.player(hero) is None:
        hero = None  # not dealt into this hand: everything is seen from the rail
    rule = deck_rule(hand)
    cache: dict[Scenario, StreetView] = {}
    streets = _streets(hand, frozenset([hero] if hero else []), rule, trials, seed, threads,
                       cache)
    showdown = None
    if hand.showdown:
        shown = frozenset(p.name for p in hand.players if p.shown)
        showdown = _streets(hand, shown | ({hero} if hero else set()), rule, trials, seed,
                            threads, cache)
    hero_player = hand.player(hero) if hero else None
    luck = _luck(hand, hero_player, showdown) if hero_player and showdown else None
    return HandReplay(hand, hero, streets, showdown, luck, trials, seed)


__all__ = ["HandReplay", "StreetView", "all_in_luck", "deck_rule", "replay_hand",
           "street_seed"]
