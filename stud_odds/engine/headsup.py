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
from contextlib import AbstractContextManager, nullcontext
from functools import partial
from itertools import combinations

import numpy as np

from stud_odds.kernels import threads
from stud_odds.kernels.bundles import Spot
from stud_odds.kernels.headsup import (
    LOW_BUCKETS,
    POSITION_MASK,
    Side,
    count_pairs,
    counting_order,
    sweep_values,
)
from stud_odds.kernels.layout import (
    GAME_RAZZ,
    GAME_STUD,
    GAME_STUD8,
    HIGH_CLASS_COLUMNS,
    LOW_CLASS_COLUMNS,
    SCOOP_CLASS_BASE,
)
from stud_odds.kernels.tables import HIGH_CLASSES, NO_LOW, RAZZ_CLASSES

from . import running
from .awards import add_awards
from .headsup_work import LOW_LEVELS, batches, heads_up_work, lanes_of, plan_sweeps, tasks_of
from .tallies import Tallies

VALUE_SPAN = max(HIGH_CLASSES, RAZZ_CLASSES) + 1  # primary values are 1..VALUE_SPAN - 1
PAIR_CLASSES = HIGH_CLASS_COLUMNS * LOW_CLASS_COLUMNS
SMALL_WORK = 30_000_000  # heads_up_work below which one thread is quicker (about 60 ms)


def _low_buckets() -> np.ndarray:
    """Bucket of every eight-or-better low value: its rank, better lows first; NO_LOW last."""
    lows = [sum(1 << rank for rank in five) for five in combinations(range(8), 5)]
    assert len(lows) + 1 == LOW_BUCKETS
    bucket = np.full(NO_LOW + 1, len(lows), np.int64)
    for rank, mask in enumerate(sorted(lows)):  # a low's value is its rank mask: smaller wins
        bucket[mask] = rank
    return bucket


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

    def __init__(self, game: int, spot: Spot, player: int, low_bucket: np.ndarray,
                 between: Callable[[], None] | None):
        lookups = running.lookups()
        draw = int(spot.draws[player])
        total = math.comb(len(spot.deck), draw)
        # int16 holds every value (high < 7463, razz < 6175, low8 <= NO_LOW)
        high, low = np.empty(total, np.int16), np.empty(total, np.int16)
        self.packed = np.empty(total, np.int64)
        running.value_completions(game, spot.deck,
                                  (spot.known_key[player], spot.known_bits[player]), draw,
                                  (high, low, self.packed), between)
        if between:
            between()
        self.primary, self.bucket, self.pair_class = sweep_values(game, high, low, lookups,
                                                                  low_bucket)
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


def _class_tallies(game: int, side: _Completions, weight: int, classes: np.ndarray,
                   player: int) -> None:
    """Each completion's hand classes, counted once per deal it is in (`weight` deals)."""
    per_pair = np.bincount(side.pair_class, minlength=PAIR_CLASSES).reshape(
        HIGH_CLASS_COLUMNS, LOW_CLASS_COLUMNS) * weight
    if game != GAME_RAZZ:
        classes[player, :HIGH_CLASS_COLUMNS] += per_pair.sum(axis=1)
    if game != GAME_STUD:
        classes[player, HIGH_CLASS_COLUMNS:SCOOP_CLASS_BASE] += per_pair.sum(axis=0)


def heads_up_tallies(game: int, spot: Spot, progress: Callable[[int, int], None] | None = None,
                     plan_name: str | None = None) -> Tallies:
    """Exact tallies of a two-player spot, identical to enumerating every deal.

    game: GAME_STUD, GAME_STUD8 or GAME_RAZZ; spot: the kernels' bundle (a dealt
    community card is among the known cards; spot.draws[p] are the cards p
    still receives alone, unknown hole cards and later streets).
    progress(done, total) is called in deals between kernel calls, every
    fraction of a second (the calls are kept that short, so a stop raised
    from it is seen at once); ``done`` may repeat.  plan_name ("by bucket" or
    "halving") forces stud8's plan (for tests); by default the cheaper one runs.

    The tallies are exactly as the brute-force enumeration sums them (the same
    deals, the same columns), int64 when they fit and Python ints when they do
    not (awards.py: a random opponent on third street).  The work is about
    heads_up_work(...) table operations: check it first.
    """
    if len(spot.draws) != 2:
        raise ValueError("heads_up_tallies counts two players")
    n = len(spot.deck)
    draws = [int(k) for k in spot.draws]
    per_community = n - sum(draws) if spot.shared_draw else 1
    deals = 0
    if sum(draws) <= n and per_community > 0:
        deals = math.comb(n, draws[0]) * math.comb(n - draws[0], draws[1]) * per_community
    if not spot.shared_draw:
        report = None if progress is None else (lambda part: progress(int(deals * part), deals))
        return _tallies(game, spot, plan_name, report)
    # each unseen card in turn is the community card: every deal once
    lookups = running.lookups()
    tallies = Tallies.zeros(2)
    for i, card in enumerate(spot.deck):
        with_card = Spot(np.delete(spot.deck, i), spot.known_key + lookups.card_key[card],
                         spot.known_bits | lookups.card_bit[card], spot.draws, 0,
                         spot.track_scoops)
        report = None if progress is None else (
            lambda part, done=tallies.outcomes: progress(done + int(deals // n * part), deals))
        tallies.add(_tallies(game, with_card, plan_name, report))
    return tallies


def _one_thread_when_small(work: int) -> AbstractContextManager[None]:
    """Run small spots on the calling thread alone: waking numba's worker threads costs
    tens of milliseconds on a busy machine, far more than such a spot takes (the
    tallies do not depend on the number of threads)."""
    return threads.at_most(1) if work < SMALL_WORK else nullcontext()


def _tallies(game: int, spot: Spot, plan_name: str | None,
             progress: Callable[[float], None] | None) -> Tallies:
    """heads_up_tallies without a community card to come; progress(fraction done) between
    kernel calls."""
    n = len(spot.deck)
    draws = [int(k) for k in spot.draws]
    with _one_thread_when_small(heads_up_work(game, n, draws) if sum(draws) <= n else 0):
        return _counted(game, spot, plan_name, progress)


def _counted(game: int, spot: Spot, plan_name: str | None,
             progress: Callable[[float], None] | None) -> Tallies:
    n = len(spot.deck)
    draws = [int(k) for k in spot.draws]
    tallies = Tallies.zeros(2)
    if draws[0] + draws[1] > n:
        return tallies
    if n > POSITION_MASK + 1:
        raise ValueError(f"a deck of {n} cards does not fit the packed positions")
    track_scoops = bool(spot.track_scoops)
    low_bucket = _low_buckets()
    # X: the player with fewer completions (player 0 on equal counts)
    px = 0 if math.comb(n, draws[0]) <= math.comb(n, draws[1]) else 1
    py = 1 - px
    # a stop is seen between every two steps (each a fraction of a second)
    between = (lambda: progress(0.0)) if progress else (lambda: None)
    x = _Completions(game, spot, px, low_bucket, between)
    between()
    y = _Completions(game, spot, py, low_bucket, between)
    between()
    a, b = draws[px], draws[py]
    tallies.outcomes = len(x) * math.comb(n - a, b)
    _class_tallies(game, x, math.comb(n - a, b), tallies.classes, px)
    _class_tallies(game, y, math.comb(n - b, a), tallies.classes, py)
    between()

    # card sets S shared by X and Y have at most min(a, b) cards; S of s cards has index
    # offset[s] + colex rank, the rank being the sum of C(p_i, i) over its positions
    largest = min(a, b)
    offset = np.zeros(largest + 2, np.int64)
    for s in range(largest + 1):
        offset[s + 1] = offset[s] + math.comb(n, s)
    binom = np.array([[math.comb(p, s) for s in range(largest + 1)] for p in range(n)],
                     np.int64).reshape(n, largest + 1)
    x_plan = _subset_plan(a, largest)
    y_plan = _subset_plan(b, largest)
    # table operations per row and task: X reads below / at most / all (+ counts itself
    # in and out when scoops are tracked); Y counts itself in and out (+ reads)
    cost_x = (3 + 2 * track_scoops) * len(x_plan[0])
    cost_y = (2 + track_scoops) * len(y_plan[0])
    levels = LOW_LEVELS if game == GAME_STUD8 else 0
    plan = plan_sweeps(x, y, levels, cost_x, cost_y, plan_name)
    x_take, y_take, tasks, costs = tasks_of(x, y, plan, cost_x, cost_y, between)
    x_side = Side(x.packed[x_take], x.primary[x_take], x.bucket[x_take], x.pair_class[x_take],
                  *x_plan)
    between()
    y_side = Side(y.packed[y_take], y.primary[y_take], y.bucket[y_take], y.pair_class[y_take],
                  *y_plan)
    between()
    outcome_counts, scoops_x, scoops_y = _count(game, track_scoops, (tasks, costs),
                                                (x_side, y_side), (offset, binom), progress)
    if px == 1:  # the counts have X as bit 0: make bit 0 player 0
        swap = [0, 2, 1, 3]
        outcome_counts = outcome_counts[swap][:, swap]
    add_awards(game, outcome_counts, tallies)
    if track_scoops:
        tallies.classes[px, SCOOP_CLASS_BASE:] += scoops_x
        tallies.classes[py, SCOOP_CLASS_BASE:] += scoops_y
    return tallies


def _count(game: int, track_scoops: bool, work: tuple[np.ndarray, list[int]],
           sides: tuple[Side, Side], tables: tuple[np.ndarray, np.ndarray],
           progress: Callable[[float], None] | None
           ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """count_pairs over every task, in short calls: (outcome counts, X's and Y's scoops by
    hand class); progress(fraction done) after each call."""
    tasks, costs = work
    lanes = max(1, min(threads.in_use(), len(tasks)))
    outcome_counts = np.zeros((4, 4), np.int64)
    scoops_x = np.zeros(PAIR_CLASSES, np.int64)
    scoops_y = np.zeros(PAIR_CLASSES, np.int64)
    done, total = 0, max(1, sum(costs))
    for batch in batches(costs, lanes):
        used = min(lanes, len(batch))
        lane_tasks, lane_starts = lanes_of(batch, costs, used)
        per_lane = (np.zeros((used, 4, 4), np.int64), np.zeros((used, PAIR_CLASSES), np.int64),
                    np.zeros((used, PAIR_CLASSES), np.int64))
        running.run_on_threads([
            partial(count_pairs, game, track_scoops, tasks,
                    lane_tasks[lane_starts[lane]:lane_starts[lane + 1]], *sides, tables,
                    (per_lane[0][lane], per_lane[1][lane], per_lane[2][lane]))
            for lane in range(used)])
        outcome_counts += per_lane[0].sum(axis=0)
        scoops_x += per_lane[1].sum(axis=0)
        scoops_y += per_lane[2].sum(axis=0)
        done += sum(costs[t] for t in batch)
        if progress:
            progress(done / total)
    return outcome_counts, scoops_x, scoops_y
