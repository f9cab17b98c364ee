"""How a spot is answered: the one owner of method choice.

``choose(plan, stop, threads, game)`` returns a ``Choice``: the method, about how
long it takes and why, and the threads it may use.  equity() dispatches on it;
method="exact" that cannot be honoured is refused here (ExactRefused), from the
same estimate that auto reads.  Every tunable and cost figure of the choice is
defined below, once, with its unit and where it came from.  The estimates are
cost models over the shape of the deal, never a clock, so the method auto
picks, and so the numbers, are the same on every machine and thread count.
Pure Python: the heads-up work model (headsup_work.py) is imported only for
spots that reach it, so a small spot never loads numba.

The methods, in the order ``choose`` tries them (an ``Algorithm`` each, with
the ``title`` a progress line shows):

- ``small``: at most SMALL_DEALS deals (the river, sixth street with two or
  three players), every deal counted by numpy (small.py), no numba loaded;
- ``headsup``: two players' pairs of disjoint completions counted, for every
  heads-up spot whose enumeration would not be instant (HEADS_UP_FROM) and
  whose work and memory fit HEADS_UP_WORK and HEADS_UP_COMPLETIONS
  (``--exact``: HEADS_UP_EXACT_COMPLETIONS);
- ``enumerate``: every deal, for a spot of at most EXACT_BUDGET evaluations or
  whose enumeration the cost model (``enumeration_seconds``) puts at
  AUTO_EXACT_SECONDS or less on AUTO_THREADS threads, whatever threads run
  it; ``--exact`` is refused over EXACT_SECONDS;
- ``ranged``: a spot with ranges, every choice of hole pairs (at most
  MAX_CHOICES) counted by one of the above, or heads-up one weighted sweep,
  whichever ``ranged_counting`` finds cheaper, when that is quick; else
  sampled, unless the ranges' draws almost never fit together (ranged.MIN_FIT);
- ``monte-carlo``: sampled until the trials, the precision or the time limit.

Auto counts a spot only when no more deals are counted than the trials asked
for.  ``threads_for`` gives a method one thread below ONE_THREAD_BELOW of its
own work, since waking more costs more on a busy machine; the tallies never
depend on it.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import TYPE_CHECKING, NamedTuple

from stud_odds.games import Game
from stud_odds.results import Method
from stud_odds.scenario import DealPlan
from stud_odds.scenario.table import HOLE_CARDS

from . import exact, ranged
from .options import ExactRefused

if TYPE_CHECKING:
    from stud_odds.ranges import Combos
    from stud_odds.request.stop import Stop

# --- what auto counts exactly, and what --exact refuses -----------------------------------
# Spots of at most this many deals are counted with numpy (small.py).  numpy takes about
# SMALL_DEAL_SECONDS per player per deal (a busy 2-core machine: 10 ms for the 35,904 deals
# of three-way sixth street, 1 ms for a river against three unknown cards, 10,660 deals),
# where importing numba and loading a cached kernel costs a fresh process about 0.6 s of CPU.
SMALL_DEALS = 50_000
SMALL_DEAL_SECONDS = 1e-7
# auto enumerates when deals x players is at most this many hand evaluations, or when the
# cost model says counting takes at most AUTO_EXACT_SECONDS on AUTO_THREADS threads: a
# fixed count, so that auto picks the same method, and so the same numbers, on any threads
EXACT_BUDGET = 100_000_000
AUTO_EXACT_SECONDS = 10
AUTO_THREADS = 2
# method="exact" refuses what the cost model puts over this many seconds on its threads
EXACT_SECONDS = 90

# --- enumeration (exact.py): seconds per unit on one thread ------------------------------
# a little above what 3- to 6-way spots on 4th to 6th street took on a 2-core development
# machine (benchmarks/bench_enumeration.py): a deal in the inner loop, a parent of the inner
# loop, a deal valued as it comes (one level alone)
DEAL_SECONDS = 3.5e-9
PARENT_SECONDS = 7e-8
VALUED_SECONDS = 1.5e-8

# --- heads-up pair counting (headsup.py) --------------------------------------------------
# counted by pairs when enumerating would value more hands than this (smaller spots are
# enumerated in a moment, with kernels that are compiled anyway) ...
HEADS_UP_FROM = 20_000_000
# ... up to about this many table operations (headsup_work.heads_up_work: half a minute
# on 2 cores) and this many completions of one player (memory: about 50 bytes each)
HEADS_UP_WORK = 20_000_000_000
HEADS_UP_COMPLETIONS = 16_000_000
# method="exact" counts bigger heads-up spots, up to C(49, 7) completions of one player (a
# known hand against a random one on third street: about 3 GB) when heads_up_seconds is
# EXACT_SECONDS or less; table operations and completions valued a second per thread
# (benchmarks/bench_exact_headsup.py, 2-core machine)
HEADS_UP_EXACT_COMPLETIONS = 90_000_000
HEADS_UP_RATE = 300_000_000
COMPLETION_RATE = 10_000_000

# --- ranges (ranged.py, weighted.py) ------------------------------------------------------
# choices of hole pairs listed for exact counting at most (beyond, only sampling)
MAX_CHOICES = 2_000_000
# each exact call's fixed cost per choice, in seconds; heads-up counting's is larger (the
# rows sorted, the tasks planned, in Python: a third-street choice took about 0.1 s in all)
CALL_SECONDS = 0.001
HEADS_UP_CALL_SECONDS = 0.05
# the weighted sweep's table operations are a little dearer than unweighted counting's
# (int64 tables, two-limb sums): this many a second per thread, plus a fixed cost in seconds
WEIGHTED_RATE = 200_000_000
WEIGHTED_FIXED_SECONDS = 0.05


class Algorithm(StrEnum):
    """How a spot's tallies are found; the values of the exact ones are the names that
    ExactProgress reports."""

    SMALL = "small"  # every deal at once with numpy (small.py)
    HEADS_UP = "headsup"  # pairs of completions counted (headsup.py)
    ENUMERATE = "enumerate"  # every deal walked (exact.py)
    RANGED = "ranged"  # every choice of the ranged hole pairs counted (Choice.ranged_by)
    WEIGHTED = "weighted"  # heads-up, every choice in one weighted sweep (weighted.py)
    MONTE_CARLO = "monte-carlo"  # sampled until a stop (sample.py)

    @property
    def title(self) -> str:
        """What a progress line calls the method at work."""
        return _ALGORITHM_TITLES[self]


_ALGORITHM_TITLES = {
    Algorithm.SMALL: "counting", Algorithm.HEADS_UP: "heads-up counting",
    Algorithm.ENUMERATE: "enumeration", Algorithm.RANGED: "counting every choice",
    Algorithm.WEIGHTED: "weighted counting", Algorithm.MONTE_CARLO: "sampling",
}


# below this much work a method runs on one thread: waking a second one costs more on a
# busy machine than the work (enumeration: deals, two kernel calls' worth; heads-up
# counting: table operations, about 60 ms); the tallies never depend on the threads
ONE_THREAD_BELOW = {Algorithm.ENUMERATE: 2 * exact.DEALS_PER_CALL,
                    Algorithm.HEADS_UP: 30_000_000}


@dataclass(frozen=True)
class Choice:
    """How a spot is answered: ``method``, about how long it takes (None for sampling,
    which runs until its stop), the threads it may use and the deals it counts.  A ranged
    count says how each choice is counted (``ranged_by``: HEADS_UP or ENUMERATE, or
    WEIGHTED for one sweep over all) and carries the choices."""

    method: Algorithm
    estimated_seconds: float | None
    threads: int = 1
    deals: int = 0
    ranged_by: Algorithm | None = None
    choices: ranged.Choices | None = field(default=None, repr=False, compare=False)

    @property
    def exact(self) -> bool:
        return self.method is not Algorithm.MONTE_CARLO


class Deal(NamedTuple):
    """What the cost models read of a spot: how many cards are unseen, each player's
    cards still to come alone, and 1 when a community card is still to come."""

    deck: int
    draws: tuple[int, ...]
    shared_draw: int

    @classmethod
    def of(cls, plan: DealPlan) -> Deal:
        return cls(len(plan.unseen), tuple(plan.draws), plan.shared_draw)


def choose(plan: DealPlan, stop: Stop, threads: int, game: Game) -> Choice:
    """How to answer the spot with ``stop`` on at most ``threads`` threads; ExactRefused
    when method="exact"
    would take over EXACT_SECONDS (or cannot count the ranges), EquityError when ranges
    cannot be sampled."""
    if plan.ranges:
        return _choose_ranged(plan, stop, threads, game)
    deal = Deal.of(plan)
    outcomes = plan.outcomes()
    evaluations = outcomes * len(plan.draws)
    asked = stop.method == Method.EXACT
    # counting every deal beats sampling whenever it is cheap and no bigger
    may_count = asked or (stop.method == Method.AUTO
                          and (stop.trials is None or outcomes <= stop.trials))
    if may_count and outcomes <= SMALL_DEALS:
        seconds = evaluations * SMALL_DEAL_SECONDS
        return Choice(Algorithm.SMALL, seconds, 1, outcomes)
    if may_count and evaluations > HEADS_UP_FROM and (
            heads_up_feasible(game, deal)
            or (asked and heads_up_feasible(game, deal, HEADS_UP_EXACT_COMPLETIONS))):
        seconds = heads_up_seconds(game, deal, threads)
        if asked and seconds > EXACT_SECONDS:
            _refuse(f"counting {outcomes:.3g} heads-up deals", seconds, threads)
        return Choice(Algorithm.HEADS_UP, seconds, _heads_up_threads(game, deal, threads),
                      outcomes)
    seconds = enumeration_seconds(deal, threads)
    if asked and seconds > EXACT_SECONDS:
        _refuse(f"exact enumeration of {outcomes:.3g} deals", seconds, threads)
    quick = (evaluations <= EXACT_BUDGET
             or enumeration_seconds(deal, AUTO_THREADS) <= AUTO_EXACT_SECONDS)
    if asked or (may_count and quick):
        return Choice(Algorithm.ENUMERATE, seconds,
                      threads_for(Algorithm.ENUMERATE, outcomes, threads), outcomes)
    return _sampling(threads)


def _choose_ranged(plan: DealPlan, stop: Stop, threads: int, game: Game) -> Choice:
    """choose() for a spot with ranges: every choice of hole pairs counted when that is
    quick (or asked for), else sampled."""
    asked = stop.method == Method.EXACT
    listed = ranged.choices(plan, MAX_CHOICES) if stop.method != Method.MONTE_CARLO \
        else None
    if listed is not None:
        by, seconds = ranged_counting(game, plan, listed, threads)
        deals = plan.outcomes() * len(listed)
        if asked and seconds > EXACT_SECONDS:
            _refuse(f"counting {deals:.3g} deals over {len(listed):,} choices of hole cards",
                    seconds, threads)
        quick = (ranged_counting(game, plan, listed, AUTO_THREADS)[1] <= AUTO_EXACT_SECONDS
                 and (stop.trials is None or deals <= stop.trials))
        if asked or quick:
            return Choice(Algorithm.RANGED, seconds,
                          _ranged_threads(game, plan, listed, by, threads), deals, by, listed)
    elif asked:
        raise ExactRefused(f"the ranges allow more than {MAX_CHOICES:,} choices of "
                           "hole cards, too many to count exactly")
    ranged.check_fit(plan, listed)
    return _sampling(threads)


def _sampling(threads: int) -> Choice:
    return Choice(Algorithm.MONTE_CARLO, None, threads)


def threads_for(method: Algorithm, work: int, threads: int) -> int:
    """How many of ``threads`` a method may use on ``work`` (its unit: ONE_THREAD_BELOW)."""
    return 1 if work < ONE_THREAD_BELOW.get(method, 0) else threads


def _heads_up_threads(game: Game, deal: Deal, threads: int) -> int:
    """Heads-up counting's threads, by the work of one community card's spot."""
    from .headsup_work import heads_up_work

    deck = deal.deck - deal.shared_draw
    fits = sum(deal.draws) <= deck
    work = heads_up_work(game, deck, list(deal.draws)) if fits else 0
    return threads_for(Algorithm.HEADS_UP, work, threads)


def _ranged_threads(game: Game, plan: DealPlan, listed: ranged.Choices, by: Algorithm,
                    threads: int) -> int:
    """A ranged count's threads: the weighted sweep takes them all; counting choice by
    choice, each choice's spot decides."""
    one = _one_choice(plan, listed)
    if by is Algorithm.HEADS_UP:
        return _heads_up_threads(game, one, threads)
    if by is Algorithm.ENUMERATE:
        return threads_for(by, plan.outcomes(), threads)
    return threads


def _refuse(what: str, seconds: float, threads: int) -> None:
    raise ExactRefused(f"{what} would take {_duration(seconds)} on {threads} "
                       f"thread{'s' if threads > 1 else ''}")


def _duration(seconds: float) -> str:
    """``about 40 seconds``, ``about 3 minutes``, ``about 12 days``, ``more than a century``."""
    if seconds >= 100 * 365 * 86400:
        return "more than a century"
    for unit, size in (("day", 86400), ("hour", 3600), ("minute", 60)):
        if seconds >= 2 * size:
            return f"about {seconds / size:,.0f} {unit}s"
    return f"about {seconds:,.0f} seconds"


# --- cost models: seconds on ``threads`` threads -------------------------------------------

def enumeration_seconds(deal: Deal, threads: int) -> float:
    """About how long enumerating every deal takes (exact.py)."""
    part = deal  # one spot per shared card, each with one card fewer to come from
    if deal.shared_draw:
        part = deal._replace(deck=deal.deck - 1, shared_draw=0)
    levels = exact.levels(part.deck, part.draws)
    choices = exact.level_choices(part.deck, levels)
    deals = math.prod(choices)
    if len(levels) == 1:
        seconds = deals * VALUED_SECONDS
    else:
        seconds = deals * DEAL_SECONDS + deals // max(choices[-1], 1) * PARENT_SECONDS
    return seconds * (deal.deck if deal.shared_draw else 1) / threads


def heads_up_feasible(game: Game, deal: Deal, largest: int = HEADS_UP_COMPLETIONS) -> bool:
    """Whether heads-up counting takes the spot in reasonable time and memory: auto's
    limits, or with ``largest`` more completions of one player (then ask
    heads_up_seconds)."""
    if len(deal.draws) != 2:
        return False
    from .headsup_work import heads_up_work

    deck, draws = deal.deck, list(deal.draws)
    if sum(draws) + deal.shared_draw > deck:
        return False
    communities = deck - sum(draws) if deal.shared_draw else 1
    biggest = max(math.comb(deck, k) for k in draws)
    if largest > HEADS_UP_COMPLETIONS:
        return biggest <= largest
    return (biggest <= largest
            and heads_up_work(game, deck, draws) * communities <= HEADS_UP_WORK)


def heads_up_seconds(game: Game, deal: Deal, threads: int) -> float:
    """About how long heads-up counting takes: its table operations and valued hands."""
    from .headsup_work import heads_up_work

    deck, draws = deal.deck, list(deal.draws)
    communities = deck - sum(draws) if deal.shared_draw else 1
    valued = sum(math.comb(deck, k) for k in draws) / COMPLETION_RATE
    return communities * (heads_up_work(game, deck, draws) / HEADS_UP_RATE
                          + valued) / threads


def _one_choice(plan: DealPlan, listed: ranged.Choices) -> Deal:
    """The deal of one choice of hole pairs (the first): its pairs are seen."""
    held = {int(card) for r, player in enumerate(plan.ranged_players)
            for card in (plan.ranges[player].first[listed.pair[0, r]],
                         plan.ranges[player].second[listed.pair[0, r]])}
    return Deal(sum(card not in held for card in plan.unseen), tuple(plan.draws),
                plan.shared_draw)


def ranged_counting(game: Game, plan: DealPlan, listed: ranged.Choices,
                    threads: int) -> tuple[Algorithm, float]:
    """The cheapest way to count every choice (each by HEADS_UP or ENUMERATE, or all in one
    WEIGHTED sweep) and its estimated seconds for them all."""
    one = _one_choice(plan, listed)
    enumerating = enumeration_seconds(one, threads) + CALL_SECONDS
    heads_up = heads_up_feasible(game, one)
    if heads_up:
        counting = heads_up_seconds(game, one, threads) + HEADS_UP_CALL_SECONDS
        heads_up = counting < enumerating
    per_choice = ((Algorithm.HEADS_UP, counting) if heads_up
                  else (Algorithm.ENUMERATE, enumerating))
    per_choice = per_choice[0], per_choice[1] * len(listed)
    deal = Deal.of(plan)
    if not weighted_fits(deal, plan.ranges):
        return per_choice
    sweep = Algorithm.WEIGHTED, weighted_seconds(game, deal, plan.ranges, threads)
    return sweep if sweep[1] < per_choice[1] else per_choice


def _weighted_sizes(deal: Deal, ranges: Sequence[Combos | None]) -> list[int]:
    """Each player's completion size in the weighted sweep: a ranged one's hole pair too."""
    return [k + HOLE_CARDS * (r is not None) for k, r in zip(deal.draws, ranges, strict=True)]


def weighted_fits(deal: Deal, ranges: Sequence[Combos | None]) -> bool:
    """Whether the weighted sweep takes the spot: two players, no community card to come,
    weights in millionths, and completions that fit in memory."""
    if len(deal.draws) != 2 or deal.shared_draw:
        return False
    from .pair_counting import exact_weights

    if not all(r is None or exact_weights(r) for r in ranges):
        return False
    sizes = _weighted_sizes(deal, ranges)
    return (sum(sizes) <= deal.deck
            and max(math.comb(deal.deck, k) for k in sizes) <= HEADS_UP_COMPLETIONS)


def weighted_seconds(game: Game, deal: Deal, ranges: Sequence[Combos | None],
                     threads: int) -> float:
    """About how long the weighted sweep takes: every completion valued, then the rows a
    range allows swept."""
    from .headsup_work import pair_counting_work

    n = deal.deck
    sizes = _weighted_sizes(deal, ranges)
    rows = [math.comb(n, k) if r is None else
            min(math.comb(n, k), len(r) * math.comb(n - HOLE_CARDS, k - HOLE_CARDS))
            for k, r in zip(sizes, ranges, strict=True)]
    valued = sum(math.comb(n, k) for k in sizes) / COMPLETION_RATE
    work = pair_counting_work(game, sizes, rows) / WEIGHTED_RATE
    return WEIGHTED_FIXED_SECONDS + (valued + work) / threads

