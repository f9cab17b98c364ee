"""Equity against ranges: every choice of the ranged players' hole pairs, or a sample.

A choice gives each ranged player one pair his range allows, no card twice; it
is as likely as the product of its pairs' weights (docs/ranges.md).  Exactly,
each choice is a spot with those cards known, counted by the usual exact
method, and the tallies are summed with the choice's weight; heads-up, all
choices may be counted in one weighted sweep instead (weighted.py).  Which,
and how many choices may be counted: planning.py.  Sampling draws the choice inside
the Monte Carlo kernel (kernels/montecarlo.py), and is refused for ranges whose
pairs almost never fit together (check_fit, MIN_FIT).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from stud_odds.games import Game
from stud_odds.kernels.bundles import Spot, hand_keys
from stud_odds.scenario import DealPlan

from . import running
from .job import Job
from .options import EquityError, Progress
from .tallies import Tallies


@dataclass(frozen=True)
class Choices:
    """Every choice of the ranged players' pairs: pair[c, r] indexes ranged player r's
    Combos; weight[c] is the product of the pairs' weights."""

    pair: np.ndarray  # int64[choices, ranged players]
    weight: np.ndarray  # float64[choices]

    def __len__(self) -> int:
        return len(self.weight)


def _masks(combos) -> np.ndarray:
    one = np.int64(1)
    return (one << combos.first.astype(np.int64)) | (one << combos.second.astype(np.int64))


def choices(plan: DealPlan, limit: int) -> Choices | None:
    """The choices of hole pairs, or None when there are more than ``limit``."""
    ranges = [plan.ranges[p] for p in plan.ranged_players]
    if math.prod(len(combos) for combos in ranges) > 50 * limit:
        return None
    pair = np.arange(len(ranges[0]), dtype=np.int64)[:, None]
    weight = np.asarray(ranges[0].weight, np.float64)
    used = _masks(ranges[0])
    for combos in ranges[1:]:
        masks = _masks(combos)
        row, column = np.nonzero((used[:, None] & masks[None, :]) == 0)
        if len(row) > limit:
            return None
        pair = np.column_stack([pair[row], column])
        weight = weight[row] * combos.weight[column]
        used = used[row] | masks[column]
    return Choices(pair, weight)


# sampling refuses ranges whose drawn pairs share a card more often than this leaves
# (each redraw costs a trial's worth of draws; below this the kernel would crawl)
MIN_FIT = 1e-4


def fit(plan: DealPlan, listed: Choices | None) -> float:
    """How often independent draws from the ranges hold no card twice (1 for one range)."""
    ranges = [plan.ranges[p] for p in plan.ranged_players]
    total = math.prod(combos.total_weight for combos in ranges)
    if listed is not None:
        return float(listed.weight.sum() / total)
    rng = np.random.default_rng(0)  # an estimate only decides whether to refuse
    used = np.zeros(1 << 16, np.int64)
    fits = np.ones(1 << 16, bool)
    for combos in ranges:
        drawn = rng.choice(len(combos), size=len(used), p=combos.weight / combos.weight.sum())
        masks = _masks(combos)[drawn]
        fits &= (used & masks) == 0
        used |= masks
    return float(fits.mean())


def check_fit(plan: DealPlan, listed: Choices | None) -> None:
    """Refuse to sample ranges whose draws almost never fit together (MIN_FIT)."""
    if len(plan.ranged_players) < 2:
        return
    rate = fit(plan, listed)
    if rate < MIN_FIT:
        players = [str(p + 1) for p in plan.ranged_players]
        names = ", ".join(players[:-1]) + f" and {players[-1]}"
        raise EquityError(
            f"the ranges of players {names} share a card in all but {rate:.2g} of draws: "
            "sampling them would crawl; narrow or widen them"
        )


def _choice_spot(spot: Spot, plan: DealPlan, listed: Choices, choice: int) -> Spot:
    """The spot with one choice's hole pairs known."""
    lookups = running.lookups()
    known_key, known_bits = spot.known_key.copy(), spot.known_bits.copy()
    held = []
    for r, player in enumerate(plan.ranged_players):
        combos = plan.ranges[player]
        cards = (int(combos.first[listed.pair[choice, r]]),
                 int(combos.second[listed.pair[choice, r]]))
        key, bits = hand_keys(cards, lookups)
        known_key[player] += key
        known_bits[player] |= bits
        held += cards
    deck = spot.deck[~np.isin(spot.deck, held)]
    return spot._replace(deck=deck, known_key=known_key, known_bits=known_bits)


def each_choice_tallies(game: Game, spot: Spot, plan: DealPlan, listed: Choices,
                        count: Callable, threads: int, progress: Progress | None,
                        job: Job) -> tuple[Tallies, float]:
    """Every choice counted on its own by ``count`` (exact.heads_up or
    exact.enumerate_deals) on ``threads`` threads and summed by weight; the seconds
    spent compiling.

    The sums are scaled so that dividing by the deals counted (choices x deals per
    choice, ``outcomes``) gives each fraction weighted by the choices' weights."""
    deals = plan.outcomes()
    total = deals * len(listed)
    players = len(plan.draws)
    summed = Tallies.zeros(players)
    summed.per_player = summed.per_player.astype(np.float64)
    summed.classes = summed.classes.astype(np.float64)
    summed.table = summed.table.astype(np.float64)
    compiling = 0.0
    for choice in range(len(listed)):
        job.check()
        tallies, compiled = count(game, _choice_spot(spot, plan, listed, choice), threads,
                                  None, job)
        compiling += compiled
        weight = listed.weight[choice]
        summed.per_player += weight * tallies.per_player
        summed.classes += weight * tallies.classes
        summed.table += weight * tallies.table
        if progress:
            progress((choice + 1) * deals, total)
    scale = len(listed) / listed.weight.sum()
    summed.per_player *= scale
    summed.classes *= scale
    summed.table *= scale
    summed.outcomes = total
    return summed, compiling


def weighted_sweep_tallies(game: Game, spot: Spot, plan: DealPlan, total: int, threads: int,
                           progress: Progress | None, job: Job) -> tuple[Tallies, float]:
    """each_choice_tallies' sums by one weighted sweep over every choice (weighted.py),
    from exact integers (weights in millionths) divided once, so that dividing by
    ``total`` deals gives each fraction."""
    from .exact import weighted

    between = job.sharing(progress)
    counted, compiling = weighted(game, spot, plan.ranges, threads,
                                  lambda fraction: between(int(total * fraction), total), job)
    weighted_deals = max(int(counted.outcomes), 1)

    def scaled(counts: np.ndarray) -> np.ndarray:
        return (counts.astype(object) * total / weighted_deals).astype(np.float64)

    return Tallies(scaled(counted.per_player), scaled(counted.classes), scaled(counted.table),
                   total), compiling
