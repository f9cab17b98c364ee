"""Exact heads-up tallies without walking the deals.

Two players, A and B, still receive ``a`` and ``b`` cards from the ``n``
unseen cards.  A deal is a pair (X, Y) of disjoint completions, and each
player's final hand depends only on his own completion, so:

1. Every completion of each player is valued once: C(n, a) + C(n, b) hands
   (163,185 each on third street with six cards known) instead of the
   C(n, a) * C(n - a, b) deals (18,265,297,050).
2. The pairs are counted by comparing sorted values.  For a completion X,
   the Y disjoint from X with some property are, by inclusion-exclusion over
   the cards S that X and Y share,

       sum over S subset of X of (-1)**|S| * #{Y containing S with the property}

   since sum over S subset of (X & Y) of (-1)**|S| is 1 when X and Y are
   disjoint and 0 otherwise.  Sweeping both players' completions in order of
   value, a table holds for every card set S of at most min(a, b) cards how
   many Y seen so far contain S; X reads its 2**a subsets to learn how many
   disjoint Y are below it, equal to it, and in all (reads that cannot find
   anything are skipped).  When scoops are tracked, the X that the Y above
   them would scoop are counted into a second table, and the Y find how many
   disjoint X they beat either one by one (reading their subsets there) or a
   run of one hand class at a time: the disjoint pairs of the two tables are
   their signed dot product, so a run valued in [u, w) beats
   D(w) - D(u) - (the at-most counts of the X valued in [u, w)) of them.
   That gives the winning player's hand class for every scoop.
3. Stud: the sweep is over high values.  Razz: over razz values, turned so
   that larger is better.  Stud hi-lo: the eight-or-better low has only 57
   values (56 lows and "none"), its "bucket"; the sweep over high values is
   run on tasks pairing X of some buckets with Y of buckets that are all
   below, all above or equal to them, so that each task's low comparison is
   known for every X.  Either each Y bucket is swept against every X (cheap
   when one player has far more completions), or the buckets are split in
   halves recursively (X of one half against Y of the other, then each half
   on its own: each completion takes part in log2(64) = 6 sweeps); the
   driver takes whichever does less work.

The player with fewer completions is the X side.  Each pair is counted
exactly once, into outcome counts [high winners, low winners] (bit masks as
in kernels/showdown.py), which ``award_outcomes`` turns into the same tallies
as brute-force enumeration.  Hand classes follow from each completion's class
times the number of the other player's completions disjoint from it, C(n - a, b).

A shared seventh-street card is handled by giving each possible card to both
players in turn and adding up (it only arises heads-up with most of the deck
dead, so the deck is then small).  How the work is cut into sweeps, tasks
and short kernel calls: headsup_work.py.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import partial
from typing import NamedTuple

import numpy as np

from stud_odds.games import Game
from stud_odds.kernels.bundles import Spot
from stud_odds.kernels.completions import POSITION_MASK
from stud_odds.kernels.headsup import (
    Side,
    count_pairs,
    counting_order,
    sweep_values,
)
from stud_odds.kernels.layout import SCOOP_CLASS_BASE, low_buckets

from . import pool, running
from .awards import add_awards
from .headsup_work import kernel_calls, plan_sweeps, tasks_of
from .pair_counting import LOW_LEVELS, PAIR_CLASSES, SWAP_PLAYERS, VALUE_SPAN, add_pair_classes
from .tallies import Tallies


def _subset_plan(size: int, largest: int) -> tuple[np.ndarray, ...]:
    """(parent, element, size, sign) of the subsets of at most `largest` of `size` positions,
    depth first.

    Entry s adds the element[s]-th position (above every position of its
    parent) to entry parent[s]; entry 0 is the empty set.  Adding positions in
    increasing order lets a subset's colex rank grow by one term.  sign is the
    inclusion-exclusion sign, (-1) ** size.
    """
    parent, element, count = [-1], [-1], [0]

    def grow(entry: int, first: int, have: int) -> None:
        if have == largest:
            return
        for e in range(first, size):
            parent.append(entry)
            element.append(e)
            count.append(have + 1)
            grow(len(parent) - 1, e + 1, have + 1)

    grow(0, 0, 0)
    sizes = np.array(count, np.int64)
    return (np.array(parent, np.int64), np.array(element, np.int64), sizes,
            np.where(sizes % 2 == 0, 1, -1).astype(np.int64))


class _Completions:
    """One player's completions (colex order): packed positions, primary value, low bucket,
    class column."""

    def __init__(self, game: Game, spot: Spot, player: int, low_bucket: np.ndarray,
                 between: Callable[[], None] | None, threads: int = 1):
        lookups = running.lookups()
        draw = int(spot.draws[player])
        total = math.comb(len(spot.deck), draw)
        # int16 holds every value (high < 7463, razz < 6175, low8 <= NO_LOW)
        high, low = np.empty(total, np.int16), np.empty(total, np.int16)
        self.packed = np.empty(total, np.int64)
        running.value_completions(game, spot.deck,
                                  (spot.known_key[player], spot.known_bits[player]), draw,
                                  (high, low, self.packed), between, threads)
        if between:
            between()
        self.primary, self.bucket, self.pair_class = sweep_values(game.kernel_id, high, low,
                                                                  lookups, low_bucket)
        self.per_bucket = np.bincount(self.bucket, minlength=1 << LOW_LEVELS)

    def __len__(self) -> int:
        return len(self.packed)

    def node_starts(self, depth: int) -> np.ndarray:
        """Where each node's rows start at `depth` of the bucket halving (one extra end entry):
        node i holds the buckets [i, i + 1) * 2**(LOW_LEVELS - depth)."""
        per_node = self.per_bucket.reshape(1 << depth, -1).sum(axis=1)
        starts = np.zeros(len(per_node) + 1, np.int64)
        np.cumsum(per_node, out=starts[1:])
        return starts

    def order(self, depth: int) -> np.ndarray:
        """Rows grouped by their node at `depth` (as node_starts), each node's rows by
        primary value."""
        node = self.bucket.astype(np.int64) >> (LOW_LEVELS - depth)
        return counting_order(node * VALUE_SPAN + self.primary, (1 << depth) * VALUE_SPAN)


def _class_tallies(game: Game, side: _Completions, weight: int, classes: np.ndarray,
                   player: int) -> None:
    """Each completion's hand classes, counted once per deal it is in (`weight` deals)."""
    add_pair_classes(game.kernel_id,
                     np.bincount(side.pair_class, minlength=PAIR_CLASSES) * weight,
                     classes[player])


def heads_up_tallies(game: Game, spot: Spot, progress: Callable[[int, int], None] | None = None,
                     plan_name: str | None = None, threads: int = 1) -> Tallies:
    """Exact tallies of a two-player spot, identical to enumerating every deal.

    spot: the kernels' bundle (a dealt community card is among the known cards;
    spot.draws[p] are the cards p still receives alone, unknown hole cards and
    later streets).
    progress(done, total) is called in deals between kernel calls, every
    fraction of a second (the calls are kept that short, so a stop raised
    from it is seen at once); ``done`` may repeat.  plan_name ("by bucket" or
    "halving") forces stud8's plan (for tests); by default the cheaper one runs.
    ``threads``: how many kernel calls run at once (the tallies are the same on any
    number).

    The tallies are exactly as the brute-force enumeration sums them (the same
    deals, the same columns), int64 when they fit and Python ints when they do
    not (awards.py: a random opponent on third street).  The work is about
    headsup_work.heads_up_work(...) table operations: planning.py checks it first and
    says how many threads it may use.
    """
    if len(spot.draws) != 2:
        raise ValueError("heads_up_tallies counts two players")
    n = len(spot.deck)
    draws = [int(k) for k in spot.draws]
    per_community = n - sum(draws) if spot.shared_draw else 1
    deals = 0
    if sum(draws) <= n and per_community > 0:
        deals = math.comb(n, draws[0]) * math.comb(n - draws[0], draws[1]) * per_community
    # with a community card to come, each unseen card in turn is it: every deal once
    parts = n if spot.shared_draw else 1
    tallies = Tallies.zeros(2)
    for part in running.each_shared_card(spot):
        report = None if progress is None else (
            lambda fraction, done=tallies.outcomes: progress(done + int(deals // parts
                                                                    * fraction), deals))
        tallies.add(_counted(game, part, plan_name, report, threads))
    return tallies


def _counted(game: Game, spot: Spot, plan_name: str | None,
             progress: Callable[[float], None] | None, threads: int) -> Tallies:
    """heads_up_tallies of a spot without a community card to come; progress(fraction
    done) between kernel calls (each step is a fraction of a second, so a stop raised
    from it is seen at once)."""
    n = len(spot.deck)
    draws = [int(k) for k in spot.draws]
    tallies = Tallies.zeros(2)
    if draws[0] + draws[1] > n:
        return tallies
    if n > POSITION_MASK + 1:
        raise ValueError(f"a deck of {n} cards does not fit the packed positions")
    between = (lambda: progress(0.0)) if progress else (lambda: None)
    px = _x_player(n, draws)
    low_bucket = low_buckets()
    x = _Completions(game, spot, px, low_bucket, between, threads)
    between()
    y = _Completions(game, spot, 1 - px, low_bucket, between, threads)
    between()
    return _pair_tallies(game, n, (x, y), (draws[px], draws[1 - px]), px,
                         bool(spot.track_scoops), plan_name, progress, threads)


def _x_player(n: int, draws: list[int]) -> int:
    """X: the player with fewer completions (player 0 on equal counts)."""
    return 0 if math.comb(n, draws[0]) <= math.comb(n, draws[1]) else 1


def _pair_tallies(game: Game, n: int, sides: tuple[_Completions, _Completions],
                  sizes: tuple[int, int], px: int, track_scoops: bool, plan_name: str | None,
                  progress: Callable[[float], None] | None, threads: int) -> Tallies:
    """The tallies of X's and Y's completions (``sides``, of ``sizes`` cards from a deck of
    ``n``; X is player ``px``), every disjoint pair counted."""
    between = (lambda: progress(0.0)) if progress else (lambda: None)
    x, y = sides
    py = 1 - px
    a, b = sizes
    tallies = Tallies.zeros(2)
    tallies.outcomes = len(x) * math.comb(n - a, b)
    _class_tallies(game, x, math.comb(n - a, b), tallies.classes, px)
    _class_tallies(game, y, math.comb(n - b, a), tallies.classes, py)
    between()
    setup = sweep_setup(game, n, (a, b), track_scoops)
    plan = plan_sweeps(x, y, setup.levels, setup.cost_x, setup.cost_y, plan_name)
    x_take, y_take, tasks, costs = tasks_of(x, y, plan, setup.cost_x, setup.cost_y, between,
                                            threads)
    swept = (_side(x, x_take, setup.x_subsets), _side(y, y_take, setup.y_subsets))
    between()
    outcome_counts, scoops_x, scoops_y, _ = _count(game, track_scoops, (tasks, costs), swept,
                                                   setup.tables, progress, threads)
    if px == 1:  # the counts have X as bit 0: make bit 0 player 0
        outcome_counts = outcome_counts[SWAP_PLAYERS][:, SWAP_PLAYERS]
    add_awards(game.kernel_id, outcome_counts, tallies)
    if track_scoops:
        tallies.classes[px, SCOOP_CLASS_BASE:] += scoops_x
        tallies.classes[py, SCOOP_CLASS_BASE:] += scoops_y
    return tallies


class SweepSetup(NamedTuple):
    """What a sweep over X and Y (plain or weighted) needs besides the rows: the card-set
    index tables (offset, binom), each side's subsets, its table operations per row and
    task, and the depth of stud8's bucket halving (0 otherwise)."""

    tables: tuple[np.ndarray, np.ndarray]
    x_subsets: tuple[np.ndarray, ...]
    y_subsets: tuple[np.ndarray, ...]
    cost_x: int
    cost_y: int
    levels: int


def sweep_setup(game: Game, n: int, sizes: tuple[int, int], track_scoops: bool) -> SweepSetup:
    """The setup of a sweep of X and Y completions of ``sizes`` cards from ``n``."""
    a, b = sizes
    # card sets S shared by X and Y have at most min(a, b) cards; S of s cards has index
    # offset[s] + colex rank, the rank being the sum of C(p_i, i) over its positions
    largest = min(a, b)
    offset = np.zeros(largest + 2, np.int64)
    for s in range(largest + 1):
        offset[s + 1] = offset[s] + math.comb(n, s)
    binom = np.array([[math.comb(p, s) for s in range(largest + 1)] for p in range(n)],
                     np.int64).reshape(n, largest + 1)
    x_subsets, y_subsets = _subset_plan(a, largest), _subset_plan(b, largest)
    # table operations per row and task: X reads below / at most / all (+ counts itself
    # in and out when scoops are tracked); Y counts itself in and out (+ reads)
    return SweepSetup((offset, binom), x_subsets, y_subsets,
                      (3 + 2 * track_scoops) * len(x_subsets[0]),
                      (2 + track_scoops) * len(y_subsets[0]),
                      LOW_LEVELS if game is Game.STUD8 else 0)


def _side(rows: _Completions, take: np.ndarray, subsets: tuple[np.ndarray, ...]) -> Side:
    """One side of the sweep for the kernels: its rows in sweep order, and its subsets."""
    return Side(rows.packed[take], rows.primary[take], rows.bucket[take],
                rows.pair_class[take], *subsets)


def _count(game: Game, track_scoops: bool, work: tuple[np.ndarray, list[int]],
           sides: tuple[Side, Side], tables: tuple[np.ndarray, np.ndarray],
           progress: Callable[[float], None] | None, threads: int, per_row: bool = False
           ) -> tuple[np.ndarray, ...]:
    """count_pairs over every task, in short calls of at most ``threads`` lanes at once:
    (outcome counts, X's and Y's scoops by hand class, and with ``per_row`` each X row's
    outcome counts [row, high winners, low winners] (sweep order), else None);
    progress(fraction done) after each call."""
    tasks, costs = work
    outcome_counts = np.zeros((4, 4), np.int64)
    scoops_x = np.zeros(PAIR_CLASSES, np.int64)
    scoops_y = np.zeros(PAIR_CLASSES, np.int64)
    # a lane's own per-row counts: lanes running at once may hold the same X row
    lanes = max(1, min(threads, len(costs)))
    row_counts = np.zeros((lanes, len(sides[0].packed) if per_row else 0, 4, 4), np.int64)
    for lane_tasks, lane_starts in kernel_calls(costs, progress, threads):
        used = len(lane_starts) - 1
        per_lane = (np.zeros((used, 4, 4), np.int64), np.zeros((used, PAIR_CLASSES), np.int64),
                    np.zeros((used, PAIR_CLASSES), np.int64))
        pool.run_on_threads([
            partial(count_pairs, game.kernel_id, track_scoops, tasks,
                    lane_tasks[lane_starts[lane]:lane_starts[lane + 1]], *sides, tables,
                    (per_lane[0][lane], per_lane[1][lane], per_lane[2][lane],
                     row_counts[lane]))
            for lane in range(used)], threads)
        outcome_counts += per_lane[0].sum(axis=0)
        scoops_x += per_lane[1].sum(axis=0)
        scoops_y += per_lane[2].sum(axis=0)
    return outcome_counts, scoops_x, scoops_y, row_counts.sum(axis=0) if per_row else None
