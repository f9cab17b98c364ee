"""Exact tallies: every deal enumerated (kernels/enumerate.py), or heads-up pairs counted.

Enumeration is cut into ranges of a mixed-radix index over the first levels
of the deal, each a short kernel call run on a pool of threads (the kernel
releases the GIL), so a stop (Ctrl-C, cancel) is seen between calls, another
call's turn comes between them, and memory stays flat
whatever the spot.  A shared seventh-street card is dealt here, one
card at a time: each is a spot of its own with that card known to everyone.
Which spots are enumerated, on how many threads, and what it costs:
planning.py.
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Future, wait
from typing import TYPE_CHECKING

import numpy as np

from stud_odds.games import Game
from stud_odds.kernels.bundles import Levels, Spot
from stud_odds.kernels.layout import HIGH_CLASS_COLUMNS, LOW_CLASS_COLUMNS
from stud_odds.scenario.table import HOLE_CARDS

from . import kernel_choice, running
from .deal_levels import MAX_COMPLETIONS, level_choices, levels
from .job import WAIT_POLL, Job
from .options import Progress
from .pool import ThreadWidth
from .tallies import Tallies

if TYPE_CHECKING:
    from stud_odds.ranges import Combos

# deals per kernel call (a few hundredths of a second: Ctrl-C is seen at once)
DEALS_PER_CALL = 8_000_000
VALUED_PER_CALL = 1_000_000  # the same for one level alone, whose every deal is valued


def enumerate_deals(game: Game, spot: Spot, threads: int, progress: Progress | None,
                    job: Job) -> tuple[Tallies, float]:
    """Every deal's tallies (by the kernel, or by its numpy twin when the kernel is not
    ready and the twin is quicker: the same tallies), and the seconds spent compiling."""
    from .twins.enumeration import enumeration_twin, enumeration_twin_cost

    twin_seconds, twin_bytes = enumeration_twin_cost(
        len(spot.deck), [int(k) for k in spot.draws], bool(spot.shared_draw),
        bool(spot.track_scoops))
    kernel = kernel_choice.kernel_answers("exact", game, twin_seconds, twin_bytes)
    kernel_choice.start_background_compile("exact", game, kernel, twin_seconds)
    with job.kernels():
        if kernel:
            return _enumerate_deals(game, spot, threads, progress, job)
        job.check()
        tallies = enumeration_twin(game.kernel_id, spot, running.lookups(), between=job.share)
    if progress:
        progress(tallies.outcomes, tallies.outcomes)
    return tallies, 0.0


def _enumerate_deals(game: Game, spot: Spot, threads: int, progress: Progress | None,
                     job: Job) -> tuple[Tallies, float]:
    entry, compiling = running.kernel("exact", game)
    lookups = running.lookups()
    players = len(spot.draws)
    tallies = Tallies.zeros(players)
    parts = list(running.each_shared_card(spot))
    total = sum(math.prod(_choices(part, _levels(part))) for part in parts)

    def calls() -> Iterator[Callable[[], Tallies]]:
        for part in parts:
            levels = _levels(part)
            choices = _choices(part, levels)
            if math.prod(choices) == 0:
                continue
            order = _value_tables(game, part, levels, job.check, threads)
            if len(levels) > 1:
                _last_level_classes(game, part, order, math.prod(choices), tallies)
            for start, count, deals in _ranges(choices, order.outer, len(levels) == 1):
                yield _call(entry, (part, order, lookups, start, count), deals)

    def done(part: Tallies) -> None:
        tallies.add(part)
        if progress:
            progress(tallies.outcomes, total)

    # the width goes to every call that cuts work (valuing completions: _value_tables), and
    # enumeration runs no numba parallel loop: numba's own thread count plays no part
    _run(calls(), threads, done, job)
    return tallies, compiling


def _call(entry: Callable, arguments: tuple, deals: int) -> Callable[[], Tallies]:
    """One kernel call, for a thread of the pool: its own tallies, of ``deals`` deals."""
    def run() -> Tallies:
        part = Tallies.zeros(len(arguments[0].draws), deals)
        entry(*arguments, part.tally())
        return part
    return run


def _run(calls: Iterable[Callable[[], Tallies]], threads: int,
         done: Callable[[Tallies], None], job: Job) -> None:
    """Run kernel calls on the engine's pool, at most ``threads`` at once, handing each
    result to ``done`` in order.

    At most two calls per thread are queued, so memory stays flat however many
    calls there are.  When another equity() call waits for its turn, the queue
    is emptied and the turn shared.  Once the job is stopped (Ctrl-C, cancel)
    queued calls are cancelled, the running ones (a few hundredths of a second)
    are waited for, and KeyboardInterrupt or Cancelled is raised.
    """
    lanes = ThreadWidth(threads)
    queued: deque[Future] = deque()

    def hand_over(keep: int) -> None:
        """Results to ``done`` until at most ``keep`` calls are queued, watching the stop
        while a call runs."""
        while len(queued) > keep and not job.reason():
            if wait([queued[0]], timeout=WAIT_POLL).done:
                done(queued.popleft().result())

    try:
        for call in calls:
            if job.reason():
                break
            if job.others_waiting():
                hand_over(0)
                job.share()
            queued.append(lanes.submit(call))
            hand_over(2 * threads - 1)
        hand_over(0)
    finally:
        lanes.close()  # a queued call that has not started never will
        for future in queued:
            future.cancel()
        wait(queued)
    job.check()


def _levels(spot: Spot) -> list[tuple[int, int]]:
    return levels(len(spot.deck), spot.draws)


def _choices(spot: Spot, levels: list[tuple[int, int]]) -> list[int]:
    return level_choices(len(spot.deck), levels)


def _value_tables(game: Game, spot: Spot, levels: list[tuple[int, int]],
                  between: Callable[[], None], threads: int) -> Levels:
    """The levels with their value tables: the last level's always (the inner loop reads
    it), the others' from the second on while they fit (the first is dealt once per
    completion: valuing it as it comes is as quick), valued on ``threads`` threads.
    between() between kernel calls."""
    sizes = [math.comb(len(spot.deck), k) for _, k in levels]
    tabled = np.zeros(len(levels), np.bool_)
    if len(levels) > 1:
        tabled[-1] = True
        room = MAX_COMPLETIONS - sizes[-1]
        for level in range(1, len(levels) - 1):
            if sizes[level] <= room:
                tabled[level] = True
                room -= sizes[level]
    width = max((size for size, t in zip(sizes, tabled, strict=True) if t), default=0)
    values = np.zeros((len(levels), width), np.int32)
    for level in np.flatnonzero(tabled):
        p, k = levels[level]
        high, low = np.empty(sizes[level], np.int16), np.empty(sizes[level], np.int16)
        running.value_completions(game, spot.deck, (spot.known_key[p], spot.known_bits[p]),
                                  k, (high, low, np.zeros(0, np.int64)), between, threads)
        values[level, :sizes[level]] = high.astype(np.int32) << 16 | low
    # the fewest outer levels (at least one, and not the inner loop's) that keep a
    # range's deals near DEALS_PER_CALL
    choices = _choices(spot, levels)
    outer = 1
    while outer < len(levels) - 1 and math.prod(choices[outer:]) > DEALS_PER_CALL:
        outer += 1
    return Levels(np.array([p for p, _ in levels], np.int64),
                  np.array([k for _, k in levels], np.int64), values, tabled, outer)


def _last_level_classes(game: Game, spot: Spot, levels: Levels, deals: int,
                        tallies: Tallies) -> None:
    """The inner loop's player's hand classes: each completion's, once per deal it is in
    (every completion is in the same number of deals)."""
    lookups = running.lookups()
    p, k = int(levels.player[-1]), int(levels.k[-1])
    size = math.comb(len(spot.deck), k)
    values = levels.values[-1, :size].astype(np.int64)
    weight = deals // size
    classes = tallies.classes[p]
    if game.has_high:
        high_classes = lookups.classes.high[values >> 16]
        classes[:HIGH_CLASS_COLUMNS] += np.bincount(high_classes, minlength=HIGH_CLASS_COLUMNS) \
            * weight
    if game.has_low:
        low = values & 0xFFFF
        low_classes = (lookups.classes.razz if game is Game.RAZZ else lookups.classes.low8)[low]
        classes[HIGH_CLASS_COLUMNS:HIGH_CLASS_COLUMNS + LOW_CLASS_COLUMNS] += np.bincount(
            low_classes, minlength=LOW_CLASS_COLUMNS) * weight


def _ranges(choices: list[int], outer: int, single: bool) -> Iterator[tuple[int, int, int]]:
    """The kernel calls' ranges of outer indices: (start, count, deals).  single: one level
    alone, whose every deal is valued as it comes."""
    deals_per_index = math.prod(choices[outer:])
    indices = math.prod(choices[:outer])
    per_call = max(1, (VALUED_PER_CALL if single else DEALS_PER_CALL) // deals_per_index)
    for start in range(0, indices, per_call):
        count = min(per_call, indices - start)
        yield start, count, count * deals_per_index


def heads_up(game: Game, spot: Spot, threads: int, progress: Progress | None,
             job: Job, kernel_seconds: float = 0.0) -> tuple[Tallies, float]:
    """Two players' exact tallies by counting pairs of completions (headsup.py, or its
    numpy twin when the kernels are not ready and the twin is quicker than loading them
    and counting, about ``kernel_seconds``: the same tallies; razz's twin counts rank
    profiles, twins/razz_ranks.py, and a spot without a community card to come is
    counted as weighted counting's, every completion weighing 1), and the seconds spent
    compiling."""
    from .twins.headsup import heads_up_twin, heads_up_twin_cost
    from .twins.razz_ranks import razz_ranks_cost, razz_ranks_tallies
    from .twins.weighted import weighted_twin, weighted_twin_cost

    draws = [int(k) for k in spot.draws]
    # razz without scoops by class: counted by rank profiles, far quicker than pairs
    by_ranks = game is Game.RAZZ and not spot.track_scoops
    # else weighted counting's sums, several times quicker than the pairs sorted
    by_weights = not by_ranks and not spot.shared_draw
    if by_ranks:
        twin_seconds, twin_bytes = razz_ranks_cost(len(spot.deck), draws,
                                                   bool(spot.shared_draw)), 0
    elif by_weights:
        twin_seconds, twin_bytes = weighted_twin_cost(
            game.kernel_id, len(spot.deck), draws,
            [math.comb(len(spot.deck), k) for k in draws], bool(spot.track_scoops))
    else:
        twin_seconds, twin_bytes = heads_up_twin_cost(game.kernel_id, len(spot.deck), draws,
                                                      bool(spot.shared_draw),
                                                      bool(spot.track_scoops))
    kernel = kernel_choice.kernel_answers("heads_up", game, twin_seconds, twin_bytes,
                                          kernel_seconds)
    kernel_choice.start_background_compile("heads_up", game, kernel, twin_seconds)
    if not kernel:
        with job.kernels():
            job.check()
            tallies = (razz_ranks_tallies(spot, running.lookups(), between=job.share)
                       if by_ranks else
                       weighted_twin(game.kernel_id, spot, (None, None), running.lookups(),
                                     between=job.share, threads=threads) if by_weights else
                       heads_up_twin(game.kernel_id, spot, running.lookups(),
                                     between=job.share))
        if progress:
            progress(tallies.outcomes, tallies.outcomes)
        return tallies, 0.0
    from .headsup import heads_up_tallies

    with job.kernels():
        compiling = heads_up_kernels(game)
        tallies = heads_up_tallies(game, spot, progress=job.sharing(progress), threads=threads)
    job.check()
    return tallies, compiling


def heads_up_kernels(game: Game) -> float:
    """Compile (or load) the heads-up kernels of a game; the seconds that took."""
    from .headsup import heads_up_tallies

    # a tiny spot of the same game compiles (or loads) every kernel it uses
    tiny = running.tiny_spot()
    return running.compiled("heads_up", game, lambda: heads_up_tallies(game, tiny))


def weighted(game: Game, spot: Spot, ranges: tuple[Combos | None, Combos | None], threads: int,
             progress: Callable[[float], None] | None, job: Job) -> tuple[Tallies, float]:
    """Two players' exact tallies against ranges in one weighted sweep (weighted.py, or its
    numpy twin when the kernels are not ready and the twin is quicker: the same tallies),
    and the seconds spent compiling.  progress(fraction done) between kernel calls."""
    from .twins.weighted import weighted_twin, weighted_twin_cost

    n = len(spot.deck)
    sizes = [int(k) + HOLE_CARDS * (r is not None) for k, r in zip(spot.draws, ranges,
                                                                   strict=True)]
    # a ranged player's completions that hold one of his pairs: about this many at most
    rows = [math.comb(n, k) if r is None or k < HOLE_CARDS else
            min(math.comb(n, k), len(r) * math.comb(n - HOLE_CARDS, k - HOLE_CARDS))
            for k, r in zip(sizes, ranges, strict=True)]
    twin_seconds, twin_bytes = weighted_twin_cost(game.kernel_id, n, sizes, rows,
                                                  bool(spot.track_scoops))
    kernel = kernel_choice.kernel_answers("weighted", game, twin_seconds, twin_bytes)
    kernel_choice.start_background_compile("weighted", game, kernel, twin_seconds)
    if not kernel:
        with job.kernels():
            job.check()
            tallies = weighted_twin(game.kernel_id, spot, ranges, running.lookups(),
                                    between=job.share, threads=threads)
        if progress:
            progress(1.0)
        return tallies, 0.0
    from .weighted import weighted_kernels, weighted_tallies

    with job.kernels():
        compiling = weighted_kernels(game)
        tallies = weighted_tallies(game, spot, ranges, progress, threads)
    job.check()
    return tallies, compiling
