"""Exact tallies: every deal enumerated (kernels/enumerate.py), or heads-up pairs counted.

Enumeration is cut into ranges of a mixed-radix index over the first levels
of the deal, each a short kernel call (Ctrl-C is seen between calls) run on a
pool of threads (the kernels release the GIL); memory stays flat whatever the
spot.  Two players are counted by pairs of completions instead (headsup.py)
whenever enumerating would not be instant.
"""

from __future__ import annotations

import math
import threading
from collections import deque
from collections.abc import Callable, Iterable
from concurrent.futures import Future, ThreadPoolExecutor, wait

import numpy as np

from stud_odds.kernels.bundles import COMMUNITY, Levels, Spot
from stud_odds.kernels.layout import POT

from . import running
from .options import Progress
from .tallies import Tallies

# enumeration values about this many hands a second per thread (3- and 4-way spots on
# 4th-6th street, benchmarks/bench_equity.py); --exact refuses what would take over
# EXACT_SECONDS on the threads it has
ENUMERATION_RATE = 60_000_000
EXACT_SECONDS = 90
# hand evaluations per kernel call: short enough that Ctrl-C is seen within about a
# tenth of a second, long enough that calling costs nothing
EVALUATIONS_PER_CALL = 4_000_000
# heads-up spots are counted exactly (headsup.py) up to about this many table operations
# (half a minute on 2 cores) and this many completions of one player (memory: about 50
# bytes each)
HEADS_UP_WORK = 20_000_000_000
# ... when enumerating would value more hands than this (smaller spots are enumerated in
# a moment, with kernels that are compiled anyway)
HEADS_UP_FROM = 20_000_000
HEADS_UP_COMPLETIONS = 16_000_000
# exact enumeration values each player's completions once into tables of at most this
# many entries in all (16 MB), small enough to stay near the processor
MAX_COMPLETIONS = 1 << 20

_POOLS: dict[int, ThreadPoolExecutor] = {}


def enumeration_seconds(evaluations: int, threads: int) -> float:
    """About how long enumerating takes, for --exact's refusal."""
    return evaluations / (ENUMERATION_RATE * threads)


def _pool(threads: int) -> ThreadPoolExecutor:
    if threads not in _POOLS:
        _POOLS[threads] = ThreadPoolExecutor(threads, thread_name_prefix="stud-odds")
    return _POOLS[threads]


def _run(calls: Iterable[Callable[[], Tallies]], threads: int,
         done: Callable[[Tallies], None], interrupted: threading.Event) -> None:
    """Run kernel calls on ``threads`` threads, handing each result to ``done`` in order.

    At most two calls per thread are queued, so memory stays flat however many
    calls there are.  Once ``interrupted`` is set (Ctrl-C) queued calls are
    cancelled, the running ones (a tenth of a second) are waited for, and
    KeyboardInterrupt is raised.
    """
    pool = _pool(threads)
    queued: deque[Future] = deque()
    try:
        for call in calls:
            if interrupted.is_set():
                break
            queued.append(pool.submit(call))
            while len(queued) >= 2 * threads and not interrupted.is_set():
                done(queued.popleft().result())
        while queued and not interrupted.is_set():
            done(queued.popleft().result())
    finally:
        for future in queued:
            future.cancel()
        wait(queued)
    if interrupted.is_set():
        raise KeyboardInterrupt


def _levels(spot: Spot) -> tuple[list[tuple[int, int]], list[int]]:
    """The deal's levels (player, cards) and each level's number of choices."""
    levels = [(p, int(k)) for p, k in enumerate(spot.draws) if k > 0]
    if spot.shared_draw:
        levels.append((COMMUNITY, 1))
    if not levels:
        levels = [(COMMUNITY, 0)]  # nothing left to deal: one showdown
    choices = []
    left = len(spot.deck)
    for _, k in levels:
        choices.append(math.comb(left, k))
        left -= k
    return levels, choices


def enumerate_deals(game: int, spot: Spot, threads: int, progress: Progress | None,
                    interrupted: threading.Event) -> tuple[Tallies, float]:
    """Every deal, in ranges of the first levels' joint index (kernels/enumerate.py), and
    the seconds spent compiling."""
    from stud_odds.kernels.completions import completion_values

    enumerate_range, compiling = running.kernel("exact", game)
    lookups = running.lookups()
    players = len(spot.known_key)
    levels, choices = _levels(spot)
    total = math.prod(choices)
    # the fewest outer levels that make one outer index at most one call's work
    deals_per_call = max(1, EVALUATIONS_PER_CALL // players)
    outer = 1
    while math.prod(choices[outer:]) > deals_per_call and outer < len(choices):
        outer += 1
    deals_per_index = math.prod(choices[outer:])
    outer_indices = math.prod(choices[:outer])
    per_call = max(1, deals_per_call // deals_per_index)

    # Value every completion of each level's player once when that is much less work
    # than the deals (it is reused across the other players' cards) and small enough
    # to stay in cache; a shared seventh-street card changes every hand, so never then.
    completions = [math.comb(len(spot.deck), k) for _, k in levels]
    tabled = (not spot.shared_draw and levels[0][0] != COMMUNITY
              and sum(completions) <= MAX_COMPLETIONS and total >= 4 * sum(completions))
    high = np.zeros((len(levels), max(completions) if tabled else 0), np.int64)
    low = np.zeros_like(high)
    if tabled:
        empty = np.zeros(0, np.int64)
        for level, (p, k) in enumerate(levels):
            size = completions[level]
            completion_values(game, spot.deck, (spot.known_key[p], spot.known_bits[p]), k,
                              lookups, (high[level, :size], low[level, :size], empty))
    order = Levels(np.array([p for p, _ in levels], np.int64),
                   np.array([k for _, k in levels], np.int64), high, low, outer)
    tallies = Tallies.zeros(players)

    def call(start: int, count: int) -> Callable[[], Tallies]:
        def run() -> Tallies:
            part = Tallies.zeros(players, count * deals_per_index)
            enumerate_range(spot, order, lookups, start, count, part.tally())
            return part
        return run

    def done(part: Tallies) -> None:
        tallies.add(part)
        if progress:
            progress(tallies.outcomes, total)

    _run((call(start, min(per_call, outer_indices - start))
          for start in range(0, outer_indices, per_call)), threads, done, interrupted)
    return tallies, compiling


def heads_up_feasible(game: int, spot: Spot, outcomes: int) -> bool:
    """Whether the heads-up counting method takes this spot in reasonable time and memory."""
    if len(spot.known_key) != 2:
        return False
    from .headsup import heads_up_work

    deck = len(spot.deck)
    draws = [int(k) for k in spot.draws]
    if sum(draws) + spot.shared_draw > deck:
        return False
    communities = deck - sum(draws) if spot.shared_draw else 1
    largest = max(math.comb(deck, k) for k in draws)
    return (outcomes * POT * POT <= np.iinfo(np.int64).max
            and largest <= HEADS_UP_COMPLETIONS
            and heads_up_work(game, deck, draws) * communities <= HEADS_UP_WORK)


def heads_up(game: int, spot: Spot, threads: int, progress: Progress | None,
             interrupted: threading.Event) -> tuple[Tallies, float]:
    """Two players' exact tallies by counting pairs of completions (headsup.py), and the
    seconds spent compiling."""
    from .headsup import heads_up_tallies, tiny_spot

    def checked(done: int, total: int) -> None:  # the heads-up driver's calls are short
        if interrupted.is_set():
            raise KeyboardInterrupt
        if progress:
            progress(done, total)

    with running.numba_threads(threads):
        # a tiny spot of the same game compiles (or loads) every kernel it uses
        compiling = running.compiled("heads_up", game,
                                     lambda: heads_up_tallies(game, tiny_spot(spot)))
        tallies = heads_up_tallies(game, spot, progress=checked)
    if interrupted.is_set():
        raise KeyboardInterrupt
    return tallies, compiling
