"""Monte Carlo: rounds of seeded chunks until a stop (trials, precision or time).

Each call is dealt by the numba kernel (kernels/montecarlo.py) or, while it is
not compiled, by its numpy twin (twins/sampling.py): the same cards and the
same tallies, so which one ran never changes a number.

A round's size depends only on the stopping rule, never on the machine, and
chunk seeds come from ``SeedSequence(seed, spawn_key=(round,))``, so a seed
reproduces the same tallies on any number of threads.  Each call is a short
group of chunks, one part per thread (``task.threads``: the Choice's), each
part a kernel call on the engine's pool (pool.run_on_threads, at most that many
at once); a stop (Ctrl-C, cancel) is seen between calls, the time limit between
rounds.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator
from functools import partial

import numpy as np

from stud_odds.games import Game
from stud_odds.kernels.bundles import Ranges, Spot, Tally
from stud_odds.results import StoppedBy

from . import kernel_choice, running
from .job import Cancelled, Job
from .options import EquityTask
from .pool import run_on_threads
from .tallies import Tallies
from .twins.sampling import sample_chunks

CHUNKS = 64  # fixed partition of every Monte Carlo round, whatever the thread count
FIRST_ROUND = 1 << 16  # trials in round 0; each later round doubles, up to LARGEST_ROUND
LARGEST_ROUND = 1 << 22
# hand evaluations per kernel call: short enough that Ctrl-C is seen within about a
# tenth of a second, long enough that calling costs nothing
EVALUATIONS_PER_CALL = 4_000_000
# with partial results wanted, round 0's first call is this many chunks alone (an eighth of
# it: a first look within milliseconds); the tallies are the same however the calls go
FIRST_LOOK = 8


def _chunk_seeds(seed: int, round_number: int) -> np.ndarray:
    sequence = np.random.SeedSequence(seed, spawn_key=(round_number,))
    return sequence.generate_state(CHUNKS, np.uint64)


# the twin's and the kernel's seconds per hand dealt and valued (one thread, idle 2-core
# machine, 3-8 players: benchmarks/bench_first_use.py)
TWIN_SECONDS_PER_HAND = 4e-7
KERNEL_SECONDS_PER_HAND = 4e-8


def monte_carlo(game: Game, spot: Spot, ranges: Ranges, task: EquityTask, job: Job,
                on_round: Callable[[Tallies], None] | None = None
                ) -> tuple[Tallies, StoppedBy, float]:
    """Sample until a stop; the tallies, why it stopped, and the seconds spent compiling.

    task: its Stop with a seed and at least one of trials, precision and max_time.
    ``on_round(tallies)`` after round 0's first call (a first look) and after every round
    but the last.  A stop (Ctrl-C, cancel) keeps the whole rounds done, even none when
    the call was stopped while it waited for its turn."""
    players = len(spot.known_key)
    tallies, stopped_by = Tallies.zeros(players), StoppedBy.INTERRUPTED
    calls = _Calls(game, spot, ranges, task, job)
    try:
        with job.kernels():
            calls.choose()
            job.start_clock()  # after compiling: max_time is sampling time
            for tallies, stopped_by in _rounds(players, task, job, calls, on_round):
                if stopped_by:
                    break
                if on_round:
                    on_round(tallies)
    except (KeyboardInterrupt, Cancelled):
        # whole rounds only: a partial one is dropped
        stopped_by = job.reason() or StoppedBy.INTERRUPTED
    return tallies, stopped_by, calls.compiling


class _Calls:
    """One call of a group of chunks, by the kernel or its numpy twin (the same tallies):
    the kernel when kernel_answers says so at the start, or once the background compile
    has put it in the cache and the work left is worth loading it (the loading then left
    out of the time limit, as compiling before the clock is)."""

    def __init__(self, game: Game, spot: Spot, ranges: Ranges, task: EquityTask,
                 job: Job | None = None):
        self.game, self.spot, self.ranges, self.stop = game, spot, ranges, task.stop
        self.threads, self.job = task.threads, job
        self.lookups = running.lookups()
        self.entry: Callable | None = None
        # the kernel not yet in the cache: asked about once more when it is there (asking
        # again about the same work would count the twin's seconds again: kernel_choice)
        self.awaiting_cache = True
        self.compiling = 0.0
        self.trials_done = 0
        stop = task.stop
        self.trials = float("inf")  # the trials the stop may take at most
        if stop.trials is not None:
            self.trials = float(stop.trials)
        elif stop.precision is not None:
            self.trials = float(stop.trials_needed())
        if stop.max_time is not None:  # what the kernel would deal within the time limit
            self.trials = min(self.trials, stop.max_time
                              / (KERNEL_SECONDS_PER_HAND * len(spot.known_key)))

    def _seconds(self, per_hand: float) -> float:
        return per_hand * len(self.spot.known_key) * max(self.trials - self.trials_done, 0)

    def choose(self) -> None:
        """Load (or compile) the kernel now, if it should answer from the start."""
        twin = self._seconds(TWIN_SECONDS_PER_HAND)
        self.awaiting_cache = not running.in_cache("monte_carlo", self.game)
        if self.stop.max_time is not None and self.awaiting_cache:
            # the twin stops at the time limit: compiling first pays only past it
            twin = min(twin, self.stop.max_time)
        kernel = kernel_choice.kernel_answers("monte_carlo", self.game, twin,
                                kernel_seconds=self._seconds(KERNEL_SECONDS_PER_HAND))
        kernel_choice.start_background_compile("monte_carlo", self.game, kernel, twin)
        if kernel:
            self._load()

    def _load(self) -> None:
        self.entry, self.compiling = running.kernel("monte_carlo", self.game)

    def __call__(self, seeds: np.ndarray, per_chunk: np.ndarray) -> Tallies:
        if (self.entry is None and self.awaiting_cache
                and running.in_cache("monte_carlo", self.game)):
            self.awaiting_cache = False
            if kernel_choice.kernel_answers("monte_carlo", self.game,
                                            self._seconds(TWIN_SECONDS_PER_HAND)):
                self._load()  # the background compile is done: the rest by the kernel
                if self.job is not None:
                    self.job.leave_out(self.compiling)
        parts = min(self.threads, len(seeds))
        bounds = [len(seeds) * i // parts for i in range(parts + 1)]
        if self.entry is None:
            tallies = Tallies.zeros(len(self.spot.known_key))
            results: list[Tallies] = []
            run_on_threads([
                partial(_twin_part, results, partial(sample_chunks, self.game.kernel_id,
                                                     self.spot, self.ranges, self.lookups,
                                                     seeds[a:b], per_chunk[a:b]))
                for a, b in itertools.pairwise(bounds)], parts)
            for part in results:
                tallies.add(part)
        else:
            tally = running.chunk_tally(len(seeds), len(self.spot.known_key))
            run_on_threads([
                partial(self.entry, self.spot, self.ranges, self.lookups, seeds[a:b],
                        per_chunk[a:b], Tally(*(column[a:b] for column in tally)))
                for a, b in itertools.pairwise(bounds)], parts)
            tallies = Tallies(tally.per_player.sum(axis=0), tally.classes.sum(axis=0),
                              tally.table.sum(axis=0))
        tallies.outcomes = int(per_chunk.sum())
        self.trials_done += tallies.outcomes
        return tallies


def _twin_part(results: list[Tallies], count: Callable[[], Tallies]) -> None:
    results.append(count())


def _round_size(trials: int | None, round_number: int, done: int) -> int:
    size = min(FIRST_ROUND << round_number, LARGEST_ROUND)
    return size if trials is None else min(size, trials - done)


def _calls(group: int, first_look: bool) -> list[tuple[int, int]]:
    """The (first, end) chunks of each call of a round: ``group`` chunks a call, after a
    call of FIRST_LOOK chunks alone with ``first_look``."""
    bounds = [0, *range(FIRST_LOOK if first_look else group, CHUNKS, group), CHUNKS]
    return list(itertools.pairwise(bounds))


def _rounds(players: int, task: EquityTask, job: Job,
            call: Callable[[np.ndarray, np.ndarray], Tallies],
            first_look: Callable[[Tallies], None] | None
            ) -> Iterator[tuple[Tallies, StoppedBy | None]]:
    """The tallies after each round, and why sampling stops there (None to go on);
    first_look(tallies) after round 0's first call.

    A round's chunks run in short calls; the stop is checked between them."""
    stop, threads, progress = task.stop, task.threads, task.progress
    # the precision as a fraction of the pot, as the standard errors are
    trials, precision = stop.trials, None if stop.precision is None else stop.precision / 100
    tallies = Tallies.zeros(players)
    for round_number in itertools.count():
        size = _round_size(trials, round_number, tallies.outcomes)
        per_chunk = np.full(CHUNKS, size // CHUNKS, np.int64)
        per_chunk[: size % CHUNKS] += 1
        seeds = _chunk_seeds(stop.seed, round_number)
        # calls of a group of chunks: at least two per thread, each call short
        group = max(2 * threads, EVALUATIONS_PER_CALL * threads
                    // max(1, players * (size // CHUNKS)))
        round_tallies = Tallies.zeros(players)
        looking = first_look is not None and round_number == 0
        for first, end in _calls(group, looking):
            job.share()
            round_tallies.add(call(seeds[first:end], per_chunk[first:end]))
            if looking and end == FIRST_LOOK:
                first_look(round_tallies)
        job.check()
        round_tallies.add(tallies)
        tallies = round_tallies
        max_se = float(tallies.equity_se().max())
        if progress:
            total = trials
            if total is None and precision is not None and max_se > 0:
                total = max(tallies.outcomes, int(tallies.outcomes * (max_se / precision) ** 2))
            progress(tallies.outcomes, total)
        if trials is not None and tallies.outcomes >= trials:
            yield tallies, StoppedBy.TRIALS
        elif precision is not None and max_se <= precision:
            yield tallies, StoppedBy.PRECISION
        elif job.time_is_up():  # the first round to end past the limit
            yield tallies, StoppedBy.TIME
        else:
            yield tallies, None
