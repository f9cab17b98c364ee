"""Exact tallies: every deal enumerated (kernels/enumerate.py), or heads-up pairs counted.

Enumeration is cut into ranges of a mixed-radix index over the first levels
of the deal, each a short kernel call run on a pool of threads (the kernel
releases the GIL), so a stop (Ctrl-C, cancel) is seen between calls, another
call's turn comes between them, and memory stays flat
whatever the spot.  A shared seventh-street card is dealt here, one
card at a time: each is a spot of its own with that card known to everyone.
Two players are counted by pairs of completions instead (headsup.py)
whenever enumerating would not be instant.
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Future, wait

import numpy as np

from stud_odds.kernels.bundles import Levels, Lookups, Spot
from stud_odds.kernels.layout import (
    GAME_RAZZ,
    GAME_STUD,
    GAME_STUD8,
    HIGH_CLASS_COLUMNS,
    LOW_CLASS_COLUMNS,
)

from . import running
from .job import WAIT_POLL, Job
from .options import Progress
from .tallies import Tallies

# what enumeration costs one thread, a little above what 3- to 6-way spots on 4th to 6th
# street took on a 2-core development machine (benchmarks/bench_enumeration.py): a
# deal in the inner loop, a parent of the inner loop, a deal valued as it comes (one
# level alone).  --exact refuses what would take over EXACT_SECONDS on its threads.
DEAL_SECONDS = 3.5e-9
PARENT_SECONDS = 7e-8
VALUED_SECONDS = 1.5e-8
EXACT_SECONDS = 90
# deals per kernel call (a few hundredths of a second: Ctrl-C is seen at once)
DEALS_PER_CALL = 8_000_000
VALUED_PER_CALL = 1_000_000  # the same for one level alone, whose every deal is valued
# spots of fewer deals run on one thread: waking a second one costs more on a busy machine
SMALL_SPOT = 2 * DEALS_PER_CALL
# heads-up spots are counted exactly (headsup.py) up to about this many table operations
# (half a minute on 2 cores) and this many completions of one player (memory: about 50
# bytes each)
HEADS_UP_WORK = 20_000_000_000
# ... when enumerating would value more hands than this (smaller spots are enumerated in
# a moment, with kernels that are compiled anyway)
HEADS_UP_FROM = 20_000_000
HEADS_UP_COMPLETIONS = 16_000_000
# method="exact" counts bigger heads-up spots, up to C(49, 7) completions of one player (a
# known hand against a random one on third street: about 3 GB), when heads_up_seconds says
# EXACT_SECONDS or less; heads-up counting does about HEADS_UP_RATE table operations a
# second per thread (heads_up_work) and values COMPLETION_RATE completions
HEADS_UP_EXACT_COMPLETIONS = 90_000_000
HEADS_UP_RATE = 300_000_000
COMPLETION_RATE = 10_000_000
# the levels' value tables hold at most this many completions in all (int32: 16 MB)
MAX_COMPLETIONS = 1 << 22


def enumeration_seconds(spot: Spot, threads: int) -> float:
    """About how long enumerating the spot takes on ``threads`` threads."""
    part = spot
    if spot.shared_draw:  # one spot per shared card, each with one card fewer to come from
        part = spot._replace(deck=spot.deck[1:], shared_draw=0)
    levels = _levels(part)
    choices = _choices(part, levels)
    deals = math.prod(choices)
    if len(levels) == 1:
        seconds = deals * VALUED_SECONDS
    else:
        seconds = deals * DEAL_SECONDS + deals // max(choices[-1], 1) * PARENT_SECONDS
    return seconds * (len(spot.deck) if spot.shared_draw else 1) / threads


def enumerate_deals(game: int, spot: Spot, threads: int, progress: Progress | None,
                    job: Job) -> tuple[Tallies, float]:
    """Every deal's tallies, and the seconds spent compiling."""
    with job.kernels():
        return _enumerate_deals(game, spot, threads, progress, job)


def _enumerate_deals(game: int, spot: Spot, threads: int, progress: Progress | None,
                     job: Job) -> tuple[Tallies, float]:
    entry, compiling = running.kernel("exact", game)
    lookups = running.lookups()
    players = len(spot.draws)
    tallies = Tallies.zeros(players)
    parts = list(_without_shared_card(spot, lookups))
    total = sum(math.prod(_choices(part, _levels(part))) for part in parts)
    if total < SMALL_SPOT:
        threads = 1

    def calls() -> Iterator[Callable[[], Tallies]]:
        for part in parts:
            levels = _levels(part)
            choices = _choices(part, levels)
            if math.prod(choices) == 0:
                continue
            order = _value_tables(game, part, levels, job.check)
            if len(levels) > 1:
                _last_level_classes(game, part, order, math.prod(choices), tallies)
            for start, count, deals in _ranges(choices, order.outer, len(levels) == 1):
                yield _call(entry, (part, order, lookups, start, count), deals)

    def done(part: Tallies) -> None:
        tallies.add(part)
        if progress:
            progress(tallies.outcomes, total)

    with running.numba_threads(threads):  # valuing the completions runs in parallel too
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
    """Run kernel calls on ``threads`` threads, handing each result to ``done`` in order.

    At most two calls per thread are queued, so memory stays flat however many
    calls there are.  When another equity() call waits for its turn, the queue
    is emptied and the turn shared.  Once the job is stopped (Ctrl-C, cancel)
    queued calls are cancelled, the running ones (a few hundredths of a second)
    are waited for, and KeyboardInterrupt or Cancelled is raised.
    """
    pool = running.pool(threads)
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
            queued.append(pool.submit(call))
            hand_over(2 * threads - 1)
        hand_over(0)
    finally:
        for future in queued:
            future.cancel()
        wait(queued)
    job.check()


def _without_shared_card(spot: Spot, lookups: Lookups) -> Iterator[Spot]:
    """The spot, or with a shared card to come, one spot per card it can be."""
    if not spot.shared_draw:
        yield spot
        return
    for i, card in enumerate(spot.deck):
        yield Spot(np.delete(spot.deck, i), spot.known_key + lookups.card_key[card],
                   spot.known_bits | lookups.card_bit[card], spot.draws, 0, spot.track_scoops)


def _levels(spot: Spot) -> list[tuple[int, int]]:
    """The levels of the deal, (player, cards): every player still dealt cards, the one
    with the most completions (that a table holds) last, in the inner loop; with
    nobody to deal, the last player with nothing (one showdown)."""
    levels = [(p, int(k)) for p, k in enumerate(spot.draws) if k > 0]
    if not levels:
        return [(len(spot.draws) - 1, 0)]
    sizes = [math.comb(len(spot.deck), k) for _, k in levels]
    fitting = [i for i, size in enumerate(sizes) if size <= MAX_COMPLETIONS]
    inner = max(fitting, key=lambda i: (sizes[i], i)) if fitting else sizes.index(min(sizes))
    return levels[:inner] + levels[inner + 1:] + [levels[inner]]


def _choices(spot: Spot, levels: list[tuple[int, int]]) -> list[int]:
    """Each level's number of combinations, given the cards the earlier levels took."""
    choices = []
    left = len(spot.deck)
    for _, k in levels:
        choices.append(math.comb(left, k) if left >= 0 else 0)
        left -= k
    return choices


def _value_tables(game: int, spot: Spot, levels: list[tuple[int, int]],
                  between: Callable[[], None]) -> Levels:
    """The levels with their value tables: the last level's always (the inner loop reads
    it), the others' from the second on while they fit (the first is dealt once per
    completion: valuing it as it comes is as quick).  between() between kernel calls."""
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
                                  k, (high, low, np.zeros(0, np.int64)), between)
        values[level, :sizes[level]] = high.astype(np.int32) << 16 | low
    # the fewest outer levels (at least one, and not the inner loop's) that keep a
    # range's deals near DEALS_PER_CALL
    choices = _choices(spot, levels)
    outer = 1
    while outer < len(levels) - 1 and math.prod(choices[outer:]) > DEALS_PER_CALL:
        outer += 1
    return Levels(np.array([p for p, _ in levels], np.int64),
                  np.array([k for _, k in levels], np.int64), values, tabled, outer)


def _last_level_classes(game: int, spot: Spot, levels: Levels, deals: int,
                        tallies: Tallies) -> None:
    """The inner loop's player's hand classes: each completion's, once per deal it is in
    (every completion is in the same number of deals)."""
    lookups = running.lookups()
    p, k = int(levels.player[-1]), int(levels.k[-1])
    size = math.comb(len(spot.deck), k)
    values = levels.values[-1, :size].astype(np.int64)
    weight = deals // size
    classes = tallies.classes[p]
    if game != GAME_RAZZ:
        high_classes = lookups.classes.high[values >> 16]
        classes[:HIGH_CLASS_COLUMNS] += np.bincount(high_classes, minlength=HIGH_CLASS_COLUMNS) \
            * weight
    if game != GAME_STUD:
        low = values & 0xFFFF
        low_classes = (lookups.classes.low8 if game == GAME_STUD8 else lookups.classes.razz)[low]
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


def heads_up_feasible(game: int, spot: Spot, largest: int = HEADS_UP_COMPLETIONS) -> bool:
    """Whether the heads-up counting method takes this spot in reasonable time and memory:
    auto's limits, or with ``largest`` more completions of one player (then ask
    heads_up_seconds)."""
    if len(spot.known_key) != 2:
        return False
    from .headsup import heads_up_work

    deck = len(spot.deck)
    draws = [int(k) for k in spot.draws]
    if sum(draws) + spot.shared_draw > deck:
        return False
    communities = deck - sum(draws) if spot.shared_draw else 1
    if largest > HEADS_UP_COMPLETIONS:
        return max(math.comb(deck, k) for k in draws) <= largest
    return (max(math.comb(deck, k) for k in draws) <= largest
            and heads_up_work(game, deck, draws) * communities <= HEADS_UP_WORK)


def heads_up_seconds(game: int, spot: Spot, threads: int) -> float:
    """About how long heads-up counting takes on ``threads`` threads (a cost model)."""
    from .headsup import heads_up_work

    deck = len(spot.deck)
    draws = [int(k) for k in spot.draws]
    communities = deck - sum(draws) if spot.shared_draw else 1
    valued = sum(math.comb(deck, k) for k in draws) / COMPLETION_RATE
    return communities * (heads_up_work(game, deck, draws) / HEADS_UP_RATE + valued) / threads


def heads_up(game: int, spot: Spot, threads: int, progress: Progress | None,
             job: Job) -> tuple[Tallies, float]:
    """Two players' exact tallies by counting pairs of completions (headsup.py), and the
    seconds spent compiling."""
    from .headsup import heads_up_tallies

    reported = [0]

    def checked(done: int, total: int) -> None:  # the heads-up driver's calls are short
        job.share()  # raises when stopped
        if progress and done > reported[0]:
            reported[0] = done
            progress(done, total)

    with job.kernels(), running.numba_threads(threads):
        compiling = heads_up_kernels(game)
        tallies = heads_up_tallies(game, spot, progress=checked)
    job.check()
    return tallies, compiling


def heads_up_kernels(game: int) -> float:
    """Compile (or load) the heads-up kernels of a game; the seconds that took."""
    from .headsup import heads_up_tallies

    # a tiny spot of the same game compiles (or loads) every kernel it uses
    tiny = running.tiny_spot()
    return running.compiled("heads_up", game, lambda: heads_up_tallies(game, tiny))
