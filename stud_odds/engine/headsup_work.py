"""How heads-up counting's work is cut (engine/headsup.py): the sweeps to run, their
tasks over the sorted rows, batches of tasks per kernel call, and the cost estimate."""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from typing import Protocol

import numpy as np

from stud_odds.games import Game
from stud_odds.kernels.layout import LOW_BUCKETS

from .pair_counting import LOW_LEVELS

PIECES_PER_LANE = 4  # big tasks are cut into pieces of about 1/(4 * threads) of the work
# table operations per lane in one kernel call: about 0.05 s (a stop is seen between calls;
# 200 million ran 0.8-1.6 s on a busy 2-core machine)
BATCH_WORK = 50_000_000


class CompletionsByNode(Protocol):
    """One player's completions as headsup.py holds them: their rows by node of stud8's
    bucket halving."""

    def __len__(self) -> int: ...
    def node_starts(self, depth: int) -> np.ndarray: ...
    def order(self, depth: int) -> np.ndarray: ...


def plan_sweeps(x: CompletionsByNode, y: CompletionsByNode, levels: int, cost_x: int, cost_y: int,
          name: str | None = None) -> list[tuple[int, int, int, int, int]]:
    """The sweeps to run, (X depth, Y depth, X node, Y node, Y bucket), in the cheaper plan;
    a sweep's Y bucket is any bucket of its Y node (its low comparison with X is the same)."""
    x_starts = {d: x.node_starts(d) for d in range(levels + 1)}
    y_starts = {d: y.node_starts(d) for d in range(levels + 1)}

    def sizes(task):
        x_depth, y_depth, x_node, y_node, _ = task
        return (int(x_starts[x_depth][x_node + 1] - x_starts[x_depth][x_node]),
                int(y_starts[y_depth][y_node + 1] - y_starts[y_depth][y_node]))

    # plan 1: every Y bucket against all X
    by_bucket = [(0, levels, 0, b, b << (LOW_LEVELS - levels)) for b in range(1 << levels)]
    # plan 2: halve the buckets: X of one half against Y of the other, then recurse
    halving = []
    for depth in range(levels):
        for node in range(1 << depth):
            left, right = 2 * node, 2 * node + 1
            halving.append((depth + 1, depth + 1, right, left,
                            left << (LOW_LEVELS - depth - 1)))
            halving.append((depth + 1, depth + 1, left, right,
                            right << (LOW_LEVELS - depth - 1)))
    halving += [(levels, levels, b, b, b << (LOW_LEVELS - levels)) for b in range(1 << levels)]

    def work(plan):
        return sum(nx * cost_x + ny * cost_y for nx, ny in map(sizes, plan) if nx and ny)

    if name is None:
        name = "by bucket" if work(by_bucket) <= work(halving) else "halving"
    plan = {"by bucket": by_bucket, "halving": halving}[name]
    return [task for task in plan if all(sizes(task))]


def batches(costs: list[int], lanes: int) -> Iterator[list[int]]:
    """Task ids in batches of about BATCH_WORK per lane, costliest first, so that no
    kernel call runs long (Ctrl-C and progress are seen between calls)."""
    batch: list[int] = []
    work = 0
    for task in sorted(range(len(costs)), key=lambda t: -costs[t]):
        batch.append(task)
        work += costs[task]
        if work >= lanes * BATCH_WORK:
            yield batch
            batch, work = [], 0
    if batch:
        yield batch


def kernel_calls(costs: list[int], progress: Callable[[float], None] | None, threads: int
                 ) -> Iterator[tuple[np.ndarray, np.ndarray]]:
    """Each kernel call's tasks per lane (as lanes_of), a lane per thread (at most
    ``threads``), in batches; progress(fraction done) after each call."""
    lanes = max(1, min(threads, len(costs)))
    done, total = 0, max(1, sum(costs))
    for batch in batches(costs, lanes):
        yield lanes_of(batch, costs, min(lanes, len(batch)))
        done += sum(costs[t] for t in batch)
        if progress:
            progress(done / total)


def lanes_of(batch: list[int], costs: list[int], lanes: int) -> tuple[np.ndarray, np.ndarray]:
    """The batch's tasks per lane, costliest first to the least loaded lane (the totals do
    not depend on it): (task ids lane after lane, where each lane's ids start)."""
    load = [0] * lanes
    assigned: list[list[int]] = [[] for _ in range(lanes)]
    for task in batch:  # costliest first
        lane = load.index(min(load))
        assigned[lane].append(task)
        load[lane] += costs[task]
    starts = np.zeros(lanes + 1, np.int64)
    np.cumsum([len(a) for a in assigned], out=starts[1:])
    return np.array([t for a in assigned for t in a], np.int64), starts


def stud8_passes(x_rows: int, y_rows: int) -> tuple[int, int]:
    """How often X and Y rows are swept in stud8's cheaper plan (an estimate without values:
    every bucket against all X, or every completion once per halving level)."""
    buckets = LOW_BUCKETS
    return min((buckets, 1), (LOW_LEVELS + 1, LOW_LEVELS + 1),
               key=lambda passes: passes[0] * x_rows + passes[1] * y_rows)


def heads_up_work(game: Game, deck_size: int, draws: list[int]) -> int:
    """About how many table reads and writes heads_up_tallies makes: a cost estimate for
    choosing a method (one core does very roughly 5e8 of them a second, on top of valuing
    C(n, a) + C(n, b) hands at a few tens of millions a second).  Memory grows with the
    larger player's completions: about 50 bytes each."""
    return pair_counting_work(game, draws, [math.comb(deck_size, k) for k in draws])


def pair_counting_work(game: Game, sizes: list[int], rows: list[int]) -> int:
    """heads_up_work for players whose completions have ``sizes`` cards, ``rows`` of each
    (weighted counting keeps only the completions a range allows)."""
    (x, a), (y, b) = sorted(zip(rows, sizes, strict=True))
    largest = min(a, b)
    x_rows = x * 3 * sum(math.comb(a, s) for s in range(largest + 1))
    y_rows = y * 2 * sum(math.comb(b, s) for s in range(largest + 1))
    x_passes, y_passes = stud8_passes(x_rows, y_rows) if game is Game.STUD8 else (1, 1)
    return x_passes * x_rows + y_passes * y_rows


def tasks_of(x: CompletionsByNode, y: CompletionsByNode,
             plan: list[tuple[int, int, int, int, int]], cost_x: int, cost_y: int,
             between: Callable[[], None], threads: int
             ) -> tuple[np.ndarray, np.ndarray, np.ndarray, list[int]]:
    """Rows in sweep order and the tasks over them (between() between sorts), big tasks
    cut into pieces for ``threads`` lanes.

    Returns (X rows to take, Y rows to take, tasks (TASK_COLUMNS each), each
    task's cost in table operations).  Each depth the plan uses has its own
    copy of the rows, grouped by node and sorted by value.
    """
    def layout(side: CompletionsByNode, depths: set[int]) -> dict[int, tuple]:
        rows = {}
        for i, d in enumerate(sorted(depths)):
            rows[d] = (i * len(side), side.order(d), side.node_starts(d))
            between()
        return rows

    x_layout = layout(x, {task[0] for task in plan})
    y_layout = layout(y, {task[1] for task in plan})
    x_take = np.concatenate([order for _, order, _ in x_layout.values()])
    y_take = np.concatenate([order for _, order, _ in y_layout.values()])
    rows = []
    for x_depth, y_depth, x_node, y_node, y_bucket in plan:
        x_base, _, x_starts = x_layout[x_depth]
        y_base, _, y_starts = y_layout[y_depth]
        rows.append((x_base + int(x_starts[x_node]), x_base + int(x_starts[x_node + 1]),
                     y_base + int(y_starts[y_node]), y_base + int(y_starts[y_node + 1]),
                     y_bucket))
    lanes = max(1, threads)
    total_cost = sum((x1 - x0) * cost_x + (y1 - y0) * cost_y for x0, x1, y0, y1, _ in rows)
    piece_cost = max(1, min(total_cost // (PIECES_PER_LANE * lanes), BATCH_WORK))
    tasks, costs = [], []
    for x_start, x_end, y_start, y_end, y_bucket in rows:
        x_work = (x_end - x_start) * cost_x
        y_work = (y_end - y_start) * cost_y
        # cut big Y ranges into pieces for the lanes; each piece sweeps all the task's X
        # again, so never into pieces with less Y work than that
        pieces = max(1, min(-(-y_work // piece_cost), y_work // max(x_work, 1)))
        for p in range(pieces):
            lo = y_start + (y_end - y_start) * p // pieces
            hi = y_start + (y_end - y_start) * (p + 1) // pieces
            tasks.append((x_start, x_end, lo, hi, y_bucket))
            costs.append(x_work + (hi - lo) * cost_y)
    # numba's module, imported here only: the cost model above (planning) loads no numba
    from stud_odds.kernels.headsup import TASK_COLUMNS

    return x_take, y_take, np.array(tasks, np.int64).reshape(-1, TASK_COLUMNS), costs
