"""Exact heads-up tallies against ranges in one weighted sweep (kernels/weighted.py).

Counting every choice of hole pairs on its own (ranged.py) repeats the same
work per choice.  Here a ranged player's completions are those of a player
whose hole cards are unknown (his two hole cards and later cards together),
each weighing the summed weight of the range's hole pairs inside it, and the
two players' completions are counted in pairs once, as headsup.py counts
them, each pair weighing the product of its two weights.  That equals the sum
over choices of their weight times their tallies: a deal of a choice (hole
pair P, later cards F, the other player's cards) is the pair of completions
(P + F, ...) and P is one of the pairs inside P + F.

Weights are counted in millionths (WEIGHT_SCALE): a weight written with up to
six decimals is exact, so the tallies are exact integers, the per-choice sums
scaled by WEIGHT_SCALE per ranged player; ranges with finer weights are
counted per choice (pair_counting.exact_weights; when the sweep is chosen, and what it
costs: planning.py).  The sums outgrow an int64 and come
back as Python ints.  A process whose kernels are not compiled yet counts with
the numpy twin (twins/weighted.py: the same tallies) when that is quicker
(exact.weighted).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from stud_odds.games import Game
from stud_odds.kernels.bundles import Spot
from stud_odds.kernels.layout import (
    SCOOP_CLASS_BASE,
    low_buckets,
)
from stud_odds.kernels.weighted import (
    LIMB_BITS,
    MAX_WEIGHT,
    class_weights,
    completion_weights,
    count_weighted_pairs,
    disjoint_pair_weights,
)
from stud_odds.ranges import Combos
from stud_odds.scenario.table import HOLE_CARDS

from . import running
from .awards import add_awards
from .headsup import _Completions, _side, sweep_setup
from .headsup_work import kernel_calls, plan_sweeps, tasks_of
from .pair_counting import LOW_LEVELS, PAIR_CLASSES, SWAP_PLAYERS, add_pair_classes, pair_weights
from .tallies import Tallies, narrowed


def weighted_kernels(game: Game) -> float:
    """Compile (or load) the weighted counting kernels of a game; the seconds that took."""
    tiny = running.tiny_spot()._replace(deck=np.arange(6, dtype=np.int64),
                                        draws=np.array([1, 0], np.int64))
    pair = Combos(np.array([2], np.int64), np.array([3], np.int64), np.ones(1))
    return running.compiled("weighted", game, lambda: weighted_tallies(game, tiny, (None, pair)))


@dataclass
class _Player:
    """One player's completions (rows with a weight above 0) and their weights."""

    rows: _Completions
    weight: np.ndarray  # int64 per row
    size: int  # cards per completion
    pairs: np.ndarray | None  # int64[deck, deck]: a ranged player's pair weights by position


def _player(game: Game, spot: Spot, player: int, combos: Combos | None,
            between: Callable[[], None], threads: int) -> _Player:
    rows = _Completions(game, spot, player, low_buckets(), between, threads)
    size = int(spot.draws[player])
    if combos is None:
        return _Player(rows, np.ones(len(rows), np.int64), size, None)
    pairs = pair_weights(spot.deck, combos)
    weight = completion_weights(rows.packed, size, pairs)
    between()
    keep = np.flatnonzero(weight)
    rows.packed, rows.primary = rows.packed[keep], rows.primary[keep]
    rows.bucket, rows.pair_class = rows.bucket[keep], rows.pair_class[keep]
    rows.per_bucket = np.bincount(rows.bucket, minlength=1 << LOW_LEVELS)
    return _Player(rows, weight[keep], size, pairs)


def _wide(limbs: np.ndarray) -> np.ndarray:
    """Two-limb sums (last axis) as Python ints."""
    return limbs[..., 1].astype(object) * (1 << LIMB_BITS) + limbs[..., 0].astype(object)


def _disjoint_weight(player: _Player, other: _Player, deck: int) -> np.ndarray:
    """Per row of ``player``, the summed weight of the other player's completions that
    share no card with it."""
    free = deck - player.size
    if other.pairs is None:
        return np.full(len(player.weight), math.comb(free, other.size), np.int64)
    later = math.comb(free - HOLE_CARDS, other.size - HOLE_CARDS)
    return later * disjoint_pair_weights(player.rows.packed, player.size, other.pairs,
                                         other.pairs.sum(axis=1))


def _classes(game: Game, player: _Player, other: _Player, deck: int,
             classes: np.ndarray) -> int:
    """The player's hand classes, each row once per weighted deal it is in, into
    ``classes`` (Python ints); returns the weighted deals."""
    limbs = np.zeros((PAIR_CLASSES, 2), np.int64)
    class_weights(player.rows.pair_class, player.weight,
                  _disjoint_weight(player, other, deck), limbs)
    per_pair = _wide(limbs)
    add_pair_classes(game.kernel_id, per_pair, classes)
    return int(per_pair.sum())


def weighted_tallies(game: Game, spot: Spot, ranges: tuple[Combos | None, Combos | None],
                     progress: Callable[[float], None] | None = None,
                     threads: int = 1) -> Tallies:
    """Two players' tallies summed over every choice of hole pairs, each choice's tallies
    times its weight in millionths per ranged player (Python ints); outcomes is the
    weighted number of deals.  spot: the kernels' bundle (spot.draws without the
    ranged players' hole cards, no community card to come); ranges: per player his
    Combos or None.  progress(fraction done) between kernel calls.  ``threads``: how
    many threads the kernel calls and numba's parallel loops use (the tallies are the
    same on any number)."""
    if spot.shared_draw or len(spot.draws) != 2:
        raise ValueError("weighted counting takes two players and no community card to come")
    n = len(spot.deck)
    draws = np.array([int(k) + HOLE_CARDS * (r is not None) for k, r in zip(spot.draws, ranges,
                                                                              strict=True)])
    tallies = Tallies.zeros(2)
    if draws.sum() > n:
        return tallies
    between = (lambda: progress(0.0)) if progress else (lambda: None)
    full = spot._replace(draws=draws)
    with running.numba_threads(threads):  # the weighted kernels' loops are numba's prange
        return _counted(game, spot, full, ranges, tallies, between, progress, threads)


def _counted(game: Game, spot: Spot, full: Spot, ranges: tuple[Combos | None, Combos | None],
             tallies: Tallies, between: Callable[[], None],
             progress: Callable[[float], None] | None, threads: int) -> Tallies:
    """weighted_tallies of a spot whose ranged players' completions include their hole
    pairs (``full``), into ``tallies``."""
    n = len(spot.deck)
    players = [_player(game, full, p, ranges[p], between, threads) for p in range(2)]
    classes = tallies.classes.astype(object)
    deals = _classes(game, players[0], players[1], n, classes[0])
    _classes(game, players[1], players[0], n, classes[1])
    between()
    px = 0 if len(players[0].weight) <= len(players[1].weight) else 1
    counts, scoops_x, scoops_y = _sweep(game, bool(spot.track_scoops), players[px],
                                        players[1 - px], n, progress, threads)
    if px == 1:
        counts = counts[SWAP_PLAYERS][:, SWAP_PLAYERS]
    add_awards(game.kernel_id, counts, tallies)
    if spot.track_scoops:
        classes[px, SCOOP_CLASS_BASE:] += scoops_x
        classes[1 - px, SCOOP_CLASS_BASE:] += scoops_y
    tallies.classes = narrowed(classes)
    tallies.outcomes = deals
    return tallies


def _sweep(game: Game, track_scoops: bool, x: _Player, y: _Player, n: int,
           progress: Callable[[float], None] | None, threads: int) -> tuple[np.ndarray, ...]:
    """The weighted outcome counts and scoops by class of X and Y (Python ints)."""
    between = (lambda: progress(0.0)) if progress else (lambda: None)
    setup = sweep_setup(game, n, (x.size, y.size), track_scoops)
    plan = plan_sweeps(x.rows, y.rows, setup.levels, setup.cost_x, setup.cost_y)
    x_take, y_take, tasks, costs = tasks_of(x.rows, y.rows, plan, setup.cost_x, setup.cost_y,
                                            between, threads)
    sides = _side(x.rows, x_take, setup.x_subsets), _side(y.rows, y_take, setup.y_subsets)
    weights = (x.weight[x_take], y.weight[y_take])
    assert max(x.weight.max(initial=0), y.weight.max(initial=0)) < MAX_WEIGHT
    between()
    counts = np.zeros((4, 4, 2), np.int64)
    scoops = np.zeros((2, PAIR_CLASSES, 2), np.int64)
    for lane_tasks, lane_starts in kernel_calls(costs, progress, threads):
        used = len(lane_starts) - 1
        per_lane = (np.zeros((used, 4, 4, 2), np.int64),
                    np.zeros((used, PAIR_CLASSES, 2), np.int64),
                    np.zeros((used, PAIR_CLASSES, 2), np.int64))
        count_weighted_pairs(game.kernel_id, track_scoops, (tasks, lane_tasks, lane_starts),
                             *sides, weights, setup.tables, per_lane)
        # limbs of lanes add up as limbs: each stays far below 2**63 over any spot's calls
        counts += per_lane[0].sum(axis=0)
        scoops[0] += per_lane[1].sum(axis=0)
        scoops[1] += per_lane[2].sum(axis=0)
    return _wide(counts), _wide(scoops[0]), _wide(scoops[1])
