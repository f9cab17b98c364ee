"""Monte Carlo: rounds of seeded chunks until a stop (trials, precision or time).

A round's size depends only on the stopping rule, never on the machine, and
chunk seeds come from ``SeedSequence(seed, spawn_key=(round,))``, so a seed
reproduces the same tallies on any number of threads.  Each kernel call is a
short group of chunks run in numba's parallel loop (its body compiles to
code about twice as fast as the same loop called from a plain function);
Ctrl-C is seen between calls.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

import numpy as np

from stud_odds.kernels.bundles import Ranges, Spot

from . import running
from .options import Request
from .tallies import Tallies

CHUNKS = 64  # fixed partition of every Monte Carlo round, whatever the thread count
FIRST_ROUND = 1 << 16  # trials in round 0; each later round doubles, up to LARGEST_ROUND
LARGEST_ROUND = 1 << 22
# hand evaluations per kernel call: short enough that Ctrl-C is seen within about a
# tenth of a second, long enough that calling costs nothing
EVALUATIONS_PER_CALL = 4_000_000


def _chunk_seeds(seed: int, round_number: int) -> np.ndarray:
    sequence = np.random.SeedSequence(seed, spawn_key=(round_number,))
    return sequence.generate_state(CHUNKS, np.uint64)


def monte_carlo(game: int, spot: Spot, ranges: Ranges, request: Request,
                interrupted: threading.Event) -> tuple[Tallies, str, float]:
    """Sample until a stop; the tallies, why it stopped, and the seconds spent compiling.

    request: checked, with a seed and at least one stop."""
    players = len(spot.known_key)
    lookups = running.lookups()
    monte_carlo_chunks, compiling = running.kernel("monte_carlo", game)

    def call(seeds: np.ndarray, per_chunk: np.ndarray) -> Tallies:
        tally = running.chunk_tally(len(seeds), players)
        monte_carlo_chunks(spot, ranges, lookups, seeds, per_chunk, tally)
        return Tallies(tally.per_player.sum(axis=0), tally.classes.sum(axis=0),
                       tally.table.sum(axis=0), int(per_chunk.sum()))

    with running.numba_threads(request.threads):
        tallies, stopped_by = _sample(players, request, interrupted, call)
    return tallies, stopped_by, compiling


def _sample(players: int, request: Request, interrupted: threading.Event,
            call: Callable[[np.ndarray, np.ndarray], Tallies]) -> tuple[Tallies, str]:
    trials, precision, max_time = request.trials, request.precision, request.max_time
    started = time.perf_counter()  # after compiling: max_time is sampling time
    tallies = Tallies.zeros(players)
    round_number = 0
    try:
        while True:
            size = min(FIRST_ROUND << round_number, LARGEST_ROUND)
            if trials is not None:
                size = min(size, trials - tallies.outcomes)
            per_chunk = np.full(CHUNKS, size // CHUNKS, np.int64)
            per_chunk[: size % CHUNKS] += 1
            seeds = _chunk_seeds(request.seed, round_number)
            # calls of a group of chunks: at least two per thread, each call short
            group = max(2 * request.threads, EVALUATIONS_PER_CALL * request.threads
                        // max(1, players * (size // CHUNKS)))
            round_tallies = Tallies.zeros(players)
            for g in range(0, CHUNKS, group):
                if interrupted.is_set():
                    raise KeyboardInterrupt
                round_tallies.add(call(seeds[g:g + group], per_chunk[g:g + group]))
            if interrupted.is_set():
                raise KeyboardInterrupt
            round_tallies.add(tallies)
            tallies = round_tallies  # one assignment: Ctrl-C never leaves half a sum
            round_number += 1
            max_se = float(tallies.equity_se().max())
            if request.progress:
                total = trials
                if total is None and precision is not None and max_se > 0:
                    total = max(tallies.outcomes,
                                int(tallies.outcomes * (max_se / precision) ** 2))
                request.progress(tallies.outcomes, total)
            if trials is not None and tallies.outcomes >= trials:
                return tallies, "trials"
            if precision is not None and max_se <= precision:
                return tallies, "precision"
            if max_time is not None:
                elapsed = time.perf_counter() - started
                next_size = min(FIRST_ROUND << round_number, LARGEST_ROUND)
                if elapsed * (1 + next_size / tallies.outcomes) > max_time:
                    return tallies, "time"
    except KeyboardInterrupt:
        return tallies, "interrupted"  # whole rounds only: a partial one is dropped
