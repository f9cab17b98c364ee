"""The exact starting-hand table: every three-card start against one random hand.

kernels/starts.py explains the counting (every seven-card hand against every
disjoint one, swept once up to suits, credited to the starts it holds).  This
module builds its inputs, cuts the sweep into short kernel calls, and checks
the result: each start's outcome counts add up to its deals, and the sums
over a class of starts divide evenly among them.

Stud and razz sweep every hand against every hand: X rows are split among the
threads, each lane counting every Y it needs into its own table.  Stud hi-lo
compares lows per task, by halving the 57 low buckets as heads-up counting
does (engine/headsup.py): X of one half against Y of the other, then each
half on its own; each hand takes part in seven sweeps.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial

import numpy as np

from stud_odds.checks import check_threads
from stud_odds.games import Game
from stud_odds.kernels.headsup import (
    BOTH,
    X_WINS,
    Y_WINS,
    counting_order,
    sweep_values,
)
from stud_odds.kernels.layout import NO_BUCKET, low_buckets
from stud_odds.kernels.starts import (
    DONE,
    HAND,
    ORBIT_SCALE,
    START_TASK_COLUMNS,
    STATE_PHASE,
    STATE_TOTAL,
    STATE_X,
    STATE_Y,
    SUIT_COUNT,
    TASK_EVERYTHING,
    TASK_X_END,
    TASK_X_START,
    TASK_Y_END,
    TASK_Y_START,
    Hands,
    Lane,
    SubsetPlan,
    canonical_hands,
    credit_starts,
    set_classes,
    sweep_task,
)

from . import pool, running
from .headsup import VALUE_SPAN, _subset_plan
from .headsup_work import LOW_LEVELS
from .job import CancelToken, Job
from .options import default_threads

START = 3  # cards in a start
SHARED = HAND - 1  # a set two hands share has at most six cards
CALL_OPERATIONS = 20_000_000  # table operations per lane and kernel call: a fraction of a second
CREDIT_ROWS = 250_000  # hands credited to their starts per kernel call
# the share of the progress bar each phase takes (about its share of the time for stud)
PHASES = {"classes": 150, "hands": 250, "sweep": 550, "credit": 50}


class _Progress:
    """progress(done, total) over the phases, in thousandths; a phase reports the part
    of it done between kernel calls, where the job's stop is checked and a waiting
    equity() call may take its turn at the kernels."""

    def __init__(self, progress: Callable[[int, int], None] | None, job: Job):
        self.progress = progress
        self.job = job
        self.before = 0

    def part(self, phase: str, done: float) -> None:
        self.job.share()
        if self.progress:
            self.progress(self.before + int(PHASES[phase] * min(done, 1.0)), sum(PHASES.values()))

    def finish(self, phase: str) -> None:
        self.part(phase, 1.0)
        self.before += PHASES[phase]


@dataclass(frozen=True)
class StartCounts:
    """One class of starts (equal up to suits) against one random hand, counted exactly."""

    cards: tuple[int, ...]  # one start of the class, card ids ascending
    hands: int  # starts in the class
    deals: int  # deals per start
    # deals per start by [high winners mask, low winners mask], the start as bit 0
    outcomes: np.ndarray


def _deck(ranks: Sequence[int]) -> np.ndarray:
    """Card ids by position: rank index p // 4 (of ``ranks``), suit p % 4."""
    return np.array([rank * SUIT_COUNT + suit for rank in ranks for suit in range(SUIT_COUNT)],
                    np.int64)


def _binomials(n: int) -> np.ndarray:
    return np.array([[math.comb(m, k) for k in range(HAND + 1)] for m in range(n + 1)], np.int64)


def _classes(ranks: int, sizes: range, binom: np.ndarray,
             report: Callable[[float], None] = lambda part: None) -> tuple[np.ndarray, ...]:
    """The card sets of the given sizes, indexed by size offset plus colex rank: (offset,
    dense class id of every set, stabiliser order of every class, sets in every class).
    report(part done) between kernel calls (one per size and lowest card)."""
    n = ranks * SUIT_COUNT
    offset = np.zeros(len(sizes) + 1, np.int64)
    canonical, stabiliser = [], []
    total = sum(math.comb(n, k) for k in sizes)
    for k in sizes:
        canon = np.zeros(math.comb(n, k), np.int64)  # the empty set: class 0, fixed by all
        stab = np.full(len(canon), ORBIT_SCALE, np.int64)
        for first in range(n - k + 1 if k else 0):
            set_classes(ranks, k, binom, first, canon, stab)
            report((offset[k - sizes.start] + math.comb(n, k) - math.comb(n - first - 1, k))
                   / total)
        canonical.append(canon + offset[k - sizes.start])
        stabiliser.append(stab)
        offset[k - sizes.start + 1] = offset[k - sizes.start] + len(canon)
    canon = np.concatenate(canonical)
    stab = np.concatenate(stabiliser)
    is_class = canon == np.arange(len(canon))
    dense = np.cumsum(is_class) - 1
    class_of = dense[canon].astype(np.int32)
    return offset, class_of, stab[is_class], np.bincount(class_of)


def _split(total: int, lanes: int) -> list[int]:
    """Cut ``total`` sorted rows into ``lanes`` ranges of about equal work, a range [a, b)
    costing its two reads per X plus the Y counted up to b."""
    bounds = [0]
    for lane in range(1, lanes):
        # lane l's end e_l satisfies 3 e_l - 2 e_(l-1) = the same for every lane
        bounds.append(int(total * (1 - (2 / 3) ** lane) / (1 - (2 / 3) ** lanes)))
    return bounds + [total]


@dataclass
class _Sweep:
    """One set of tasks over one row order, runnable a lane per task."""

    order: np.ndarray
    tasks: np.ndarray  # int64[tasks, START_TASK_COLUMNS] (kernels.starts TASK_*)


def _plain_sweeps(primary: np.ndarray, lanes: int, everything: int) -> list[_Sweep]:
    order = counting_order(primary, VALUE_SPAN)
    bounds = _split(len(order), lanes)
    # Y: every hand (a task stops counting them once its X are done)
    tasks = [(bounds[lane], bounds[lane + 1], 0, len(order), 0, 1, everything)
             for lane in range(lanes) if bounds[lane] < bounds[lane + 1]]
    return [_Sweep(order, np.array(tasks, np.int64).reshape(-1, START_TASK_COLUMNS))]


def _halving_sweeps(primary: np.ndarray, bucket: np.ndarray) -> list[_Sweep]:
    """Stud hi-lo: X of each half of a node's buckets against Y of the other half (the
    lower bucket's low wins), then each bucket against itself."""
    sweeps = []
    for depth in range(1, LOW_LEVELS + 1):
        node = bucket.astype(np.int64) >> (LOW_LEVELS - depth)
        order = counting_order(node * VALUE_SPAN + primary, (1 << depth) * VALUE_SPAN)
        starts = np.zeros((1 << depth) + 1, np.int64)
        np.cumsum(np.bincount(node, minlength=1 << depth), out=starts[1:])
        tasks = []
        for left in range(0, 1 << depth, 2):
            a, b, c = starts[left], starts[left + 1], starts[left + 2]
            if a < b and b < c:
                tasks.append((a, b, b, c, X_WINS, 0, -1))
                tasks.append((b, c, a, b, Y_WINS, 0, -1))
        sweeps.append(_Sweep(order, np.array(tasks, np.int64).reshape(-1, START_TASK_COLUMNS)))
        if depth == LOW_LEVELS:
            leaves = [(starts[b], starts[b + 1], starts[b], starts[b + 1],
                       0 if b == NO_BUCKET else BOTH, 1, -1)
                      for b in range(1 << depth) if starts[b] < starts[b + 1]]
            sweeps.append(_Sweep(order, np.array(leaves, np.int64).reshape(-1, START_TASK_COLUMNS)))
    return sweeps


def _cost(task: np.ndarray, walk: int) -> int:
    """Table operations of a task, as the kernel counts them."""
    x = task[TASK_X_END] - task[TASK_X_START]
    y = task[TASK_Y_END] - task[TASK_Y_START]
    if task[TASK_EVERYTHING] >= 0:
        return (2 * x + task[TASK_X_END]) * walk
    return (3 * x + y) * walk


def _run(game: Game, sweeps: list[_Sweep], hands: Hands,
         subsets: tuple[SubsetPlan, tuple[np.ndarray, ...]], counts: np.ndarray,
         report: Callable[[float], None], lanes: int) -> None:
    """Every task of every sweep, a lane (a thread) per task at a time, in short calls."""
    plan, sets = subsets
    walk = len(plan.parent)
    table_size = len(sets[3])
    lane_tables = np.zeros((lanes, table_size), np.int64)
    # the longest run of one value: scratch for one group of X rows
    runs = np.diff(np.flatnonzero(np.diff(np.sort(hands.primary), prepend=-1,
                                          append=1 << 20)))
    below = np.empty((lanes, int(runs.max(initial=1))), np.int64)
    total = sum(_cost(task, walk) for sweep in sweeps for task in sweep.tasks)
    done = 0
    for sweep in sweeps:
        waiting = list(range(len(sweep.tasks)))
        running_tasks: list[int] = []
        states = np.zeros((lanes, 4), np.int64)
        while waiting or running_tasks:
            while waiting and len(running_tasks) < lanes:
                task = waiting.pop(0)
                slot = len(running_tasks)
                running_tasks.append(task)
                lane_tables[slot] = 0
                states[slot] = (sweep.tasks[task, TASK_X_START], sweep.tasks[task, TASK_Y_START],
                                0, 0)
            used = len(running_tasks)
            before = states[:used].copy()
            pool.run_on_threads([
                partial(sweep_task, game.kernel_id,
                        Lane(sweep.tasks[task], states[slot], lane_tables[slot], below[slot]),
                        sweep.order, hands, subsets, CALL_OPERATIONS, counts)
                for slot, task in enumerate(running_tasks)])
            done += _progress_of(sweep.tasks[running_tasks], before, states[:used], walk)
            report(done / total)
            finished = [slot for slot in range(used) if states[slot, STATE_PHASE] == DONE]
            for slot in reversed(finished):  # free the slots, keeping the others' tables
                last = len(running_tasks) - 1
                running_tasks[slot] = running_tasks[last]
                states[slot] = states[last]
                lane_tables[slot] = lane_tables[last]
                running_tasks.pop()


def _progress_of(tasks: np.ndarray, before: np.ndarray, after: np.ndarray, walk: int) -> int:
    """The table operations a call did (about: rows advanced, as _cost counts them)."""
    done = 0
    for task, old, new in zip(tasks, before, after, strict=True):
        x = int(new[STATE_X] - old[STATE_X])
        y = int(new[STATE_Y] - old[STATE_Y])
        totals = int(new[STATE_TOTAL] - max(old[STATE_TOTAL], task[TASK_X_START]))
        done += (2 * x + y + (totals if task[TASK_EVERYTHING] < 0 else 0)) * walk
    return done


def start_table(game: Game, ranks: Sequence[int] = range(13),
                progress: Callable[[int, int], None] | None = None,
                cancel: CancelToken | None = None,
                threads: int | None = None) -> list[StartCounts]:
    """Every class of three-card starts against one random hand, exactly.

    ``ranks``: the deck, these ranks (0 = deuce .. 12 = ace) in four suits (the full
    deck by default; tests use smaller ones).  progress(done, total) between kernel
    calls, each a fraction of a second: Ctrl-C (KeyboardInterrupt), ``cancel``
    (Cancelled) and a stop raised from progress are seen there; a count stopped
    early has no result.  It takes turns at the kernels with equity() calls of
    other threads.  Classes come in colex order of their canonical start.  ``threads``
    (default: every core) lanes count at once; the counts never depend on them.
    """
    lanes = check_threads(threads, "threads") or default_threads()
    job = Job(cancel)
    with running.ctrl_c_as_flag(job.interrupted), job.kernels():
        return _count(game, sorted(ranks), _Progress(progress, job), lanes)


def _count(game: Game, ranks: list[int], steps: _Progress, lanes: int
           ) -> list[StartCounts]:
    n = len(ranks) * SUIT_COUNT
    if n < 2 * HAND:
        raise ValueError(f"a deck of {n} cards cannot deal two hands of seven")
    binom = _binomials(n)
    offset, class_of, stabiliser, _ = _classes(len(ranks), range(SHARED + 1), binom,
                                               lambda part: steps.part("classes", part))
    steps.finish("classes")
    packed, orbit, primary, bucket = _hands(game, ranks, lambda part: steps.part("hands", part))
    steps.finish("hands")
    if game is Game.STUD8:
        sweeps = _halving_sweeps(primary, bucket)
    else:
        sweeps = _plain_sweeps(primary, lanes, math.comb(n - HAND, HAND))
    counts = np.zeros((len(packed), 4, 4), np.int32)
    _run(game, sweeps, Hands(packed, orbit, primary),
         (SubsetPlan(*_subset_plan(HAND, SHARED)), (offset, binom, class_of, stabiliser)),
         counts, lambda part: steps.part("sweep", part), lanes)
    steps.finish("sweep")
    _, start_class, _, class_sizes = _classes(len(ranks), range(START, START + 1), binom)
    sums = np.zeros((lanes, len(class_sizes), 4, 4), np.int64)  # a lane's own sums
    for row in range(0, len(packed), CREDIT_ROWS * lanes):
        parts = [slice(row + lane * CREDIT_ROWS, row + (lane + 1) * CREDIT_ROWS)
                 for lane in range(lanes)]
        pool.run_on_threads([
            partial(credit_starts, packed[rows], orbit[rows], counts[rows], start_class, binom,
                    sums[lane]) for lane, rows in enumerate(parts)])
        steps.part("credit", row / len(packed))
    steps.finish("credit")
    return _per_start(sums.sum(axis=0), class_sizes, start_class, _deck(ranks), n)


def _hands(game: Game, ranks: list[int], report: Callable[[float], None]
           ) -> tuple[np.ndarray, ...]:
    """The canonical seven-card hands: (packed positions, orbit size, primary value, low
    bucket), one kernel call per two lowest cards."""
    n = len(ranks) * SUIT_COUNT
    lookups = running.lookups()
    parts = []
    done = 0
    for first in range(n - HAND + 1):
        for second in range(first + 1, n - HAND + 2):
            parts.append(canonical_hands(len(ranks), first, second, _deck(ranks),
                                         game.kernel_id, lookups))
            done += math.comb(n - second - 1, HAND - 2)
            report(done / math.comb(n, HAND))
    packed, orbit, high, low = (np.concatenate(column) for column in zip(*parts, strict=True))
    primary, bucket, _ = sweep_values(game.kernel_id, high, low, lookups, low_buckets())
    return packed, orbit, primary, bucket


def _per_start(sums: np.ndarray, class_sizes: np.ndarray, start_class: np.ndarray,
               cards: np.ndarray, n: int) -> list[StartCounts]:
    """Each class's sums shared out among its starts, checked exactly."""
    deals = math.comb(n - START, HAND - START) * math.comb(n - HAND, HAND)
    first_rank = np.full(len(class_sizes), -1, np.int64)
    for rank in range(len(start_class) - 1, -1, -1):
        first_rank[start_class[rank]] = rank
    binom = _binomials(n)
    out = []
    for c, size in enumerate(class_sizes):
        size = int(size)
        if np.any(sums[c] % size):
            raise ArithmeticError(f"start class {c}: its counts do not divide among {size} starts")
        outcomes = sums[c] // size
        if int(outcomes.sum()) != deals:
            raise ArithmeticError(f"start class {c}: {int(outcomes.sum())} deals, not {deals}")
        out.append(StartCounts(_unrank3(int(first_rank[c]), binom, cards), size, deals, outcomes))
    return out


def _unrank3(rank: int, binom: np.ndarray, cards: np.ndarray) -> tuple[int, ...]:
    """The three cards of colex rank ``rank``."""
    positions = []
    for k in range(START, 0, -1):
        p = k - 1
        while binom[p + 1, k] <= rank:
            p += 1
        positions.append(p)
        rank -= int(binom[p, k])
    return tuple(int(cards[p]) for p in sorted(positions))
