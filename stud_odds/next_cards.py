"""Outs: what each card a player can receive next does to his chances.

For every card he has not seen (the deck less every known, dead and folded
card; a card in an opponent's unknown hole counts, since he cannot know it),
the spot is answered again with that card dealt to him and an unseen card to
every other live player, by ``equity()`` itself: exact where ``equity`` would
be exact on that card's spot, sampled otherwise (each card with a seed of its
own drawn from the one given, so the same seed gives the same table).  On
seventh street the card is his last hole card; when seventh street is the one
shared card, it is that card, the same for everyone.

Each unseen card is equally likely to be his next, so the mean of the cards'
equities is the spot's equity (exactly, for exact tables).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

import numpy as np

from stud_odds.cards import UNKNOWN, format_card
from stud_odds.errors import StudOddsError
from stud_odds.games import Game
from stud_odds.result_terms import Z95, OutsGroup
from stud_odds.results import EquityResult, Method, PlayerEquity, StoppedBy
from stud_odds.scenario import Hand, Scenario

# a card's change of equity (a fraction of the pot) that counts as a change at all
NO_CHANGE = 0.005
# sampled tables stop at this standard error per card unless told otherwise
OUTS_PRECISION = 0.3  # percentage points


class OutsError(StudOddsError):
    """An outs question that has no answer (no card to come, no such player)."""


@dataclass(frozen=True)
class OutCard:
    """One card the player can receive next, and his chances once it is his."""

    card: str
    equity: float
    high_win: float | None
    high_tie: float | None
    low_win: float | None
    low_tie: float | None
    scoop: float
    change: float  # equity minus the spot's equity now
    equity_se: float | None  # sampled tables only
    leads: bool  # his equity is then the highest at the table
    group: OutsGroup  # what the card does

    def to_dict(self) -> dict[str, Any]:
        data = {"card": self.card, "equity": self.equity, "high_win": self.high_win,
                "high_tie": self.high_tie, "low_win": self.low_win, "low_tie": self.low_tie,
                "scoop": self.scoop, "change": self.change, "group": self.group.value}
        if self.equity_se is not None:
            data["equity_se"] = self.equity_se
        return data


@dataclass(frozen=True)
class OutsResult:
    """Player ``player``'s (1-based) chances after each card he can receive next."""

    game: Game
    method: Method  # EXACT when every card's spot was counted exactly
    street: int  # the street being dealt, 4 to 7
    player: int
    community: bool  # the card is the shared seventh-street card, everyone's
    now: PlayerEquity
    cards: tuple[OutCard, ...]
    outcomes: int  # deals counted or trials run, over every card's spot
    seed: int | None
    elapsed_s: float
    stopped_by: StoppedBy = StoppedBy.COMPLETE

    def summary(self) -> str:
        """One line: how many cards improve his chances, hurt them, change them little or
        cannot be told apart from no change (the groups' colours: OutsGroup.verdict), and
        the cards' mean equity."""
        return outs_summary([card.group for card in self.cards],
                            [card.equity for card in self.cards])

    def to_dict(self) -> dict[str, Any]:
        return {"game": self.game, "method": self.method, "street": self.street,
                "player": self.player, "community": self.community,
                "now": self.now.to_dict(), "cards": [card.to_dict() for card in self.cards],
                "outcomes": self.outcomes, "seed": self.seed,
                "elapsed_s": round(self.elapsed_s, 4), "stopped_by": self.stopped_by}

    def rows(self) -> list[dict[str, Any]]:
        """One plain dict per card (``pandas.DataFrame(result.rows())`` takes them)."""
        return [card.to_dict() | {"group": card.group} for card in self.cards]

    def _repr_html_(self) -> str:
        from html import escape

        header = "".join(f"<th>{escape(name)}</th>" for name in ("card", "group", "equity",
                                                                  "change"))
        body = "".join(f"<tr><td>{card.card}</td><td>{escape(card.group)}</td>"
                       f"<td>{100 * card.equity:.2f}%</td><td>{100 * card.change:+.2f}</td></tr>"
                       for card in self.cards)
        return (f"<p>{escape(self.summary())}</p><table><thead><tr>{header}</tr></thead>"
                f"<tbody>{body}</tbody></table>")


def outs(scenario: Scenario, player: int = 1, method: str = "auto", trials: int | None = None,
         precision: float | None = None, max_time: float | None = None,
         seed: int | None = None, threads: int | None = None,
         on_round: Callable[[OutsResult], None] | None = None,
         cancel: Any = None) -> OutsResult:
    """Player ``player``'s chances (1-based, as the table numbers seats) after each card he
    can receive next: his equity, high and low win and tie, scoop, and the change.

    ``method``, ``trials``, ``precision`` (percentage points, per card: default
    0.3 when sampled), ``max_time`` (per card), ``seed`` and ``threads`` are
    equity()'s, used for the spot now and for every card's spot.  ``on_round``
    gets the table so far after each card (``stopped_by == "running"``);
    ``cancel`` stops between cards and within one (an exact count raises
    Cancelled, as equity() does).  Raises OutsError when no card is to come or
    there is no such player.
    """
    from stud_odds.engine import equity

    started = time.perf_counter()
    community = _card_to_come(scenario, player)
    plan = scenario.plan
    if seed is None:
        seed = int(np.random.SeedSequence().entropy % (1 << 63))
    options = {"method": method, "trials": trials, "max_time": max_time, "threads": threads,
               "cancel": cancel}
    told = precision is not None or trials is not None or max_time is not None
    sampled_precision = precision if told or method == Method.EXACT else OUTS_PRECISION
    me = player - 1
    together = _HeadsUpCards.of(scenario, me, community, (sampled_precision, precision), options)
    now = (together.now(scenario) if together and together.now_too else
           equity(scenario, precision=precision, seed=seed, **options))
    ahead_now = _leads(now, me)
    cards: list[OutCard] = []
    outcomes = now.outcomes
    exact = now.method == Method.EXACT
    ruled_out = _held_by_every_pair(scenario)
    for position, card in enumerate(plan.unseen):
        if card in ruled_out:
            continue
        dealt = _dealt(scenario, me, card, community)
        result = (together.result(dealt, position) if together else
                  equity(dealt, precision=sampled_precision, seed=_card_seed(seed, card),
                         **options))
        if result.stopped_by in (StoppedBy.CANCELLED, StoppedBy.INTERRUPTED):
            from stud_odds.engine import Cancelled

            raise Cancelled
        exact = exact and result.method == Method.EXACT
        outcomes += result.outcomes
        cards.append(_out_card(format_card(card), result, me, now, ahead_now))
        if on_round:
            on_round(_result(scenario, player, community, now, cards, outcomes, seed, exact,
                             time.perf_counter() - started, StoppedBy.RUNNING))
    return _result(scenario, player, community, now, cards, outcomes, seed, exact,
                   time.perf_counter() - started, StoppedBy.COMPLETE)


def _card_to_come(scenario: Scenario, player: int) -> bool:
    """Whether the card to come is the shared seventh-street one; OutsError when the
    question has no answer."""
    if not isinstance(scenario, Scenario):
        raise OutsError(f"outs() takes a Scenario (Scenario.build(...)), not {scenario!r}")
    seats = len(scenario.hands)
    if isinstance(player, bool) or not isinstance(player, int) or not 1 <= player <= seats:
        raise OutsError(f"player {player!r} is not at the table: choose 1 to {seats}")
    if scenario.plan.street == 7 or scenario.community is not None:
        raise OutsError("every card is dealt (seventh street): there is no card to come")
    return scenario.plan.shared_river and scenario.plan.street == 6


class _HeadsUpCards:
    """Every card's spot, and the spot now when equity() would count it heads-up too
    (``now_too``), counted in one sweep (engine.next_card_counts.NextCards: by the kernels,
    or ``by_numpy`` when that is quicker than loading them): the same tallies, so the same
    results, as equity() on each spot, which would value the completions and count the
    pairs again per card."""

    def __init__(self, scenario: Scenario, me: int, threads: int, cancel: Any, now_too: bool,
                 by_numpy: bool = False):
        from stud_odds.engine import running

        self.game = scenario.game
        self.spot = running.spot_of(scenario, False)
        self.me, self.threads, self.cancel, self.now_too = me, threads, cancel, now_too
        self.by_numpy = by_numpy
        self.counts = None  # counted at the first question, on its turn at the kernels

    @classmethod
    def of(cls, scenario: Scenario, me: int, community: bool,
           precisions: tuple[float | None, float | None], options: dict[str, Any]
           ) -> _HeadsUpCards | None:
        """The counter when equity() would count every card's spot heads-up with the
        kernels (the spots differ only in the card: one spot's choice is every one's),
        else None.  precisions: the cards' and the spot's now."""
        import math

        from stud_odds.engine import kernel_choice, planned
        from stud_odds.engine.planning import HEADS_UP_COMPLETIONS, Algorithm
        from stud_odds.engine.twins.weighted import weighted_twin_cost

        plan = scenario.plan
        if community or len(scenario.hands) != 2 or plan.ranges or plan.shared_draw:
            return None
        first = _dealt(scenario, me, plan.unseen[0], community)
        asked = {key: options[key] for key in ("method", "trials", "max_time", "threads")}
        try:
            choice = planned(first, precision=precisions[0], **asked)
            now_too = planned(scenario, precision=precisions[1], **asked).method
        except StudOddsError:
            return None  # equity() says why, as before
        deck, draws = len(plan.unseen), list(plan.draws)
        card_draws = [k - (p == me) for p, k in enumerate(draws)]
        if (choice.method is not Algorithm.HEADS_UP or first.plan.shared_draw
                or list(first.plan.draws) != card_draws
                or max(math.comb(deck, k) for k in draws) > HEADS_UP_COMPLETIONS):
            return None
        game = scenario.game
        twin_seconds, twin_bytes = weighted_twin_cost(
            game.kernel_id, deck, draws, [math.comb(deck, k) for k in draws], False)
        kernel = kernel_choice.kernel_answers("heads_up", game, twin_seconds, twin_bytes)
        kernel_choice.start_background_compile("heads_up", game, kernel, twin_seconds)
        return cls(scenario, me, choice.threads, options["cancel"],
                   now_too is Algorithm.HEADS_UP, by_numpy=not kernel)

    def now(self, scenario: Scenario) -> EquityResult:
        """equity(scenario)'s result, the spot before the card."""
        return self._counted(scenario, lambda counts: counts.now)

    def result(self, dealt: Scenario, position: int) -> EquityResult:
        """equity(dealt)'s result, ``dealt`` being the spot with the deck's card at
        ``position`` dealt to the player."""
        return self._counted(dealt, lambda counts: counts.tallies(position))

    def _counted(self, scenario: Scenario, tallies: Callable[[Any], Any]) -> EquityResult:
        """The result of the scenario whose tallies ``tallies`` reads from the sweep (made
        at the first question): stopped as equity() stops an exact count."""
        from stud_odds.engine import running
        from stud_odds.engine.exact import heads_up_kernels
        from stud_odds.engine.job import Job
        from stud_odds.engine.next_card_counts import NextCards
        from stud_odds.engine.tallies import summarise

        started = time.perf_counter()
        job = Job(self.cancel)
        compiling = 0.0
        with running.ctrl_c_as_flag(job.interrupted):
            if self.counts is None:
                with job.kernels():
                    compiling = 0.0 if self.by_numpy else heads_up_kernels(self.game)
                    self.counts = NextCards(self.game, self.spot, self.me, job.share,
                                            self.threads, self.by_numpy)
            job.check()
        if job.interrupted.is_set():
            raise KeyboardInterrupt  # Ctrl-C after the last check: never lose it
        return summarise(scenario, tallies(self.counts), Method.EXACT, None,
                         time.perf_counter() - started - compiling, StoppedBy.COMPLETE)


def _result(scenario: Scenario, player: int, community: bool, now: EquityResult,
            cards: list[OutCard], outcomes: int, seed: int, exact: bool, elapsed: float,
            stopped_by: StoppedBy) -> OutsResult:
    return OutsResult(scenario.game, Method.EXACT if exact else Method.MONTE_CARLO,
                      scenario.plan.street + 1, player, community, now.players[player - 1],
                      tuple(cards), outcomes, None if exact else seed, elapsed, stopped_by)


def _card_seed(seed: int, card: int) -> int:
    """Each card's spot samples with a seed of its own, drawn from the one given."""
    return int(np.random.SeedSequence([seed, card]).generate_state(1, np.uint64)[0] >> 1)


def _dealt(scenario: Scenario, me: int, card: int, community: bool) -> Scenario:
    """The spot with ``card`` dealt to player ``me`` and an unseen card to every other
    live player (or, on a shared seventh street, ``card`` as the community card)."""
    if community:
        return replace(scenario, community=card)
    seventh = scenario.plan.street == 6  # the next card is the last hole card

    def given(hand: Hand, new: int) -> Hand:
        if seventh:
            return replace(hand, down=hand.down + (new,))
        return replace(hand, up=hand.up + (new,))

    return replace(scenario, hands=tuple(given(hand, card if p == me else UNKNOWN)
                                         for p, hand in enumerate(scenario.hands)))


def _held_by_every_pair(scenario: Scenario) -> set[int]:
    """The cards that cannot come: each is held in every pair some range allows (an
    opponent who showed 7c 7d, typed as the range [7c7d])."""
    held: set[int] = set()
    for pairs in scenario.plan.ranges:
        if pairs is not None:
            held |= set.intersection(*({first, second} for first, second
                                       in zip(pairs.first.tolist(), pairs.second.tolist(),
                                              strict=True)))
    return held


def _leads(result: EquityResult, me: int) -> bool:
    """Whether player ``me``'s equity is the highest at the table."""
    mine = result.players[me].equity
    return all(mine > p.equity for i, p in enumerate(result.players) if i != me)


def _standard_error(result: EquityResult, me: int) -> float:
    """Player ``me``'s equity's standard error: none for an exact count."""
    return result.players[me].equity_se if result.method == Method.MONTE_CARLO else 0.0


def outs_group(change: float, change_se: float, leads: bool, ahead_now: bool) -> OutsGroup:
    """What a card does: ``change`` of equity (a fraction of the pot) with its standard
    error (0 when both counts are exact), whether the player then leads, and whether he
    led before.  A sampled change whose 95% interval holds zero is too close to call (or
    little change, when the whole interval is within NO_CHANGE): no estimate that its
    error bar cannot tell from none is called better or worse, nor a change of lead."""
    half_width = Z95 * change_se
    if half_width > 0 and abs(change) <= half_width:
        if abs(change) + half_width <= NO_CHANGE:
            return OutsGroup.LITTLE_CHANGE
        return OutsGroup.TOO_CLOSE
    if leads and not ahead_now:
        return OutsGroup.TAKES_THE_LEAD
    if ahead_now and not leads:
        return OutsGroup.HANDS_OVER_THE_LEAD
    if change > NO_CHANGE:
        return OutsGroup.IMPROVES
    if change < -NO_CHANGE:
        return OutsGroup.HURTS
    return OutsGroup.LITTLE_CHANGE


def outs_summary(groups: list[OutsGroup], equities: list[float]) -> str:
    """The table's line under the cards, in the words of the groups' colours:
    ``44 cards: 11 improve (3 take the lead), 25 hurt, 8 change little; average 64.9%``."""

    def count(n: int, one: str, many: str) -> str:
        return f"{n} {one if n == 1 else many}"

    def number(*wanted: OutsGroup) -> int:
        return sum(group in wanted for group in groups)

    better = number(OutsGroup.IMPROVES, OutsGroup.TAKES_THE_LEAD)
    worse = number(OutsGroup.HURTS, OutsGroup.HANDS_OVER_THE_LEAD)
    taking, handing = number(OutsGroup.TAKES_THE_LEAD), number(OutsGroup.HANDS_OVER_THE_LEAD)
    parts = [count(better, "improves", "improve")
             + (f" ({count(taking, 'takes', 'take')} the lead)" if taking else ""),
             count(worse, "hurts", "hurt")
             + (f" ({count(handing, 'hands', 'hand')} over the lead)" if handing else ""),
             count(number(OutsGroup.LITTLE_CHANGE), "changes little", "change little")]
    if close := number(OutsGroup.TOO_CLOSE):
        parts.append(f"{close} {OutsGroup.TOO_CLOSE.value}")
    mean = float(np.mean(equities)) if equities else 0.0
    return (f"{count(len(groups), 'card', 'cards')}: {', '.join(parts)}; "
            f"average {100 * mean:.1f}%")


def _out_card(card: str, result: EquityResult, me: int, now: EquityResult, ahead_now: bool
              ) -> OutCard:
    mine = result.players[me]
    change = mine.equity - now.players[me].equity
    change_se = float(np.hypot(_standard_error(result, me), _standard_error(now, me)))
    leads = _leads(result, me)
    return OutCard(card, mine.equity, mine.high_win, mine.high_tie, mine.low_win,
                   mine.low_tie, mine.scoop, change,
                   mine.equity_se if result.method == Method.MONTE_CARLO else None,
                   leads, outs_group(change, change_se, leads, ahead_now))
