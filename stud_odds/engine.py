"""equity(): pick exact enumeration or Monte Carlo, run the kernels, summarise.

Monte Carlo runs in rounds of CHUNKS chunks; a round's size depends only on
the stopping rule, never on the machine, and chunk seeds come from
``SeedSequence(seed, spawn_key=(round,))``, so a seed reproduces the same
tallies on any number of threads.

Work goes to the kernels in short calls (a group of chunks, a range of deals:
about a tenth of a second each): enumeration ranges on a pool of threads (the
kernels release the GIL), sampling in numba's parallel loop.  Ctrl-C is seen
between calls, and memory does not grow with the size of the spot.  numba and
the kernels are imported only when a spot is run, and a kernel is compiled (or
loaded from the cache) before the clock of ``max_time`` starts.
"""

from __future__ import annotations

import logging
import math
import os
import re
import signal
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor, wait
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cache
from numbers import Integral, Real

import numpy as np

from stud_odds import cache as kernel_cache
from stud_odds.errors import StudOddsError
from stud_odds.games import Game
from stud_odds.hands import tables
from stud_odds.kernels.codes import CATEGORY_SHIFT, HIGH_CATEGORY_NAMES
from stud_odds.kernels.layout import (
    CLASS_COLUMNS,
    HIGH_CLASS_COLUMNS,
    HIGH_HALF,
    HIGH_TIE,
    HIGH_WIN,
    LOW_CLASS_COLUMNS,
    LOW_HALF,
    LOW_TIE,
    LOW_WIN,
    NO_LOW_COUNT,
    POT,
    SCOOP,
    SCOOP_CLASS_BASE,
    SHARE,
    SHARE_SQUARED,
    SPLIT,
    TABLE_COLUMNS,
    TALLY_COLUMNS,
)
from stud_odds.kernels.tables import NO_LOW
from stud_odds.results import EquityResult, PlayerEquity
from stud_odds.scenario import Scenario

log = logging.getLogger("stud_odds")
COMMUNITY = -1  # a level of the deal that is the shared seventh-street card (enumerate.py)

CHUNKS = 64  # fixed partition of every Monte Carlo round, whatever the thread count
FIRST_ROUND = 1 << 16  # trials in round 0; each later round doubles, up to LARGEST_ROUND
LARGEST_ROUND = 1 << 22
# auto mode enumerates when outcomes x players is at most this many hand evaluations
EXACT_BUDGET = 100_000_000
# enumeration values about this many hands a second per thread (3- and 4-way spots on
# 4th-6th street, benchmarks/bench_equity.py); --exact refuses what would take over
# EXACT_SECONDS on the threads it has
ENUMERATION_RATE = 60_000_000
EXACT_SECONDS = 90
MAX_TRIALS = 10**12  # about a day of sampling
# With no stopping option, sample until every equity's standard error is this small.  A
# pot share lies in [0, 1], so its variance is at most 1/4 and the target is always met
# by 1,000,000 trials: the default stop never depends on the clock.
DEFAULT_PRECISION = 0.0005
METHODS = ("auto", "exact", "monte-carlo")
# hand evaluations per kernel call: short enough that Ctrl-C is seen within about a
# tenth of a second, long enough that calling costs nothing
EVALUATIONS_PER_CALL = 4_000_000
MAX_THREADS = 256
# heads-up spots are counted exactly (exact_headsup.py) up to about this many table
# operations (half a minute on 2 cores) and this many completions of one player (memory:
# about 50 bytes each)
HEADS_UP_WORK = 20_000_000_000
# ... when enumerating would value more hands than this (smaller spots are enumerated in
# a moment, with kernels that are compiled anyway)
HEADS_UP_FROM = 20_000_000
HEADS_UP_COMPLETIONS = 16_000_000
# exact enumeration values each player's completions once into tables of at most this
# many entries in all (16 MB), small enough to stay near the processor
MAX_COMPLETIONS = 1 << 20

Progress = Callable[[int, int | None], None]


class EquityError(StudOddsError):
    """Options that cannot be honoured (a bad method, trial count, precision...)."""


def default_threads() -> int:
    """The cores this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


_COUNT = re.compile(r"^(\d+(?:\.\d*)?(?:e\d+)?)([km]?)$", re.IGNORECASE)


def parse_trials(text: str | int) -> int:
    """``250000``, ``250k``, ``2M``, ``1e6``, ``1_000_000`` -> a positive int."""
    if isinstance(text, int) and not isinstance(text, bool):
        if text <= 0:
            raise EquityError(f"the trial count must be positive, not {text}")
        return text
    cleaned = str(text).strip().replace("_", "").replace(",", "")
    if cleaned.startswith("-") or cleaned in ("0", "0k", "0m"):
        raise EquityError(f"the trial count must be positive, not {text}")
    match = _COUNT.match(cleaned)
    if not match:
        raise EquityError(f"'{text}' is not a trial count: write e.g. 100000, 250k, 2M or 1e6")
    value = float(match.group(1)) * {"": 1, "k": 1e3, "m": 1e6}[match.group(2).lower()]
    if not math.isfinite(value) or value > MAX_TRIALS:
        raise EquityError(f"{text} trials would take days: ask for at most {MAX_TRIALS:.0e}")
    if value != int(value) or value < 1:
        raise EquityError(f"the trial count must be a positive whole number, not {text}")
    return int(value)


@dataclass
class _Tallies:
    """Integer tallies: one kernel call's, or the sum of many."""

    per_player: np.ndarray  # (players, TALLY_COLUMNS)
    classes: np.ndarray  # (players, CLASS_COLUMNS)
    table: np.ndarray  # (TABLE_COLUMNS,)
    outcomes: int = 0

    @classmethod
    def zeros(cls, players: int) -> _Tallies:
        return cls(np.zeros((players, TALLY_COLUMNS), np.int64),
                   np.zeros((players, CLASS_COLUMNS), np.int64),
                   np.zeros(TABLE_COLUMNS, np.int64))

    def add(self, other: _Tallies) -> None:
        self.per_player += other.per_player
        self.classes += other.classes
        self.table += other.table
        self.outcomes += other.outcomes

    def equity_se(self) -> np.ndarray:
        n = max(self.outcomes, 1)
        mean = self.per_player[:, SHARE] / (POT * n)
        mean_square = self.per_player[:, SHARE_SQUARED] / (POT * POT * n)
        return np.sqrt(np.maximum(mean_square - mean * mean, 0.0) / n)


@cache
def _class_maps() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Per value: high category, eight-or-better low class, razz low class (showdown.py)."""
    t = tables()
    high = np.zeros(len(t.high_codes) + 1, np.int64)
    high[1:] = t.high_codes >> CATEGORY_SHIFT
    low8 = np.zeros(NO_LOW + 1, np.int64)  # NO_LOW stays class 0
    for value in range(1, 256):
        low8[value] = value.bit_length() - 1  # top card, ace-low rank (7 = eight)
    razz = np.where(t.razz_codes >> CATEGORY_SHIFT == 0, (t.razz_codes >> 16) & 0xF, 0)
    return high, low8, razz.astype(np.int64)


def _pot_shares(game: Game, row: np.ndarray, n: int) -> dict[str, float]:
    shares = {"scoop": row[SCOOP] / n}
    if game is Game.STUD8:
        shares |= {"high half": row[HIGH_HALF] / n, "low half": row[LOW_HALF] / n}
    shares["split"] = row[SPLIT] / n
    shares["nothing"] = max(0.0, 1 - sum(shares.values()))
    return {name: float(value) for name, value in shares.items()}


def _scooping_hands(game: Game, counts: np.ndarray, n: int) -> dict[str, float]:
    """Labels such as 'straight with a 5-low' for the nonzero scoop counts, most common first."""
    high_names, low_names = _class_names(game)
    high_by_column = dict(high_names)
    low_by_column = {c - HIGH_CLASS_COLUMNS: name for c, name in low_names}
    found = {}
    for index in np.flatnonzero(counts):
        high_class, low_class = divmod(int(index), LOW_CLASS_COLUMNS)
        if game is Game.STUD:
            label = high_by_column[high_class]
        elif game is Game.RAZZ:
            label = low_by_column[low_class]
        elif low_class == 0:
            label = f"{high_by_column[high_class]}, no low"
        else:
            low = low_by_column[low_class]
            label = f"{high_by_column[high_class]} with {'an' if low[0] == '8' else 'a'} {low}"
        found[label] = float(counts[index] / n)
    return dict(sorted(found.items(), key=lambda item: -item[1]))


def _class_names(game: Game) -> tuple[list[tuple[int, str]], list[tuple[int, str]]]:
    """(column, name) pairs of the hand classes reported for the game."""
    high = [(c, name) for c, name in enumerate(HIGH_CATEGORY_NAMES)] if game.has_high else []
    low = [(HIGH_CLASS_COLUMNS + low_class, name) for low_class, name in game.low_classes]
    return high, low


class _KernelInput:
    """A scenario as the kernels see it: plain arrays and ints."""

    def __init__(self, scenario: Scenario, scooping_hands: bool):
        t = tables()
        self.track_scoops = int(scooping_hands)
        self.game = scenario.game.kernel_id
        self.players = len(scenario.hands)
        self.deck = np.array(scenario.unseen, np.int64)
        self.known_key = np.zeros(self.players, np.int64)
        self.known_bits = np.zeros(self.players, np.int64)
        for p in range(self.players):
            for card in scenario.known_cards(p):
                self.known_key[p] += t.card_key[card]
                self.known_bits[p] |= t.card_bit[card]
        self.draws = np.array(scenario.draws, np.int64)
        self.shared_draw = int(scenario.shared_draw)
        self.card_key = t.card_key
        self.card_bit = t.card_bit
        self.tables = (t.high_by_ranks, t.high_by_flush, t.razz_by_ranks, t.low8_by_mask)
        self.classes_of = _class_maps()

    def spot_arrays(self) -> tuple:
        """The arguments every kernel takes after its own: the cards and the tables."""
        return (self.deck, self.known_key, self.known_bits)

    def table_arrays(self) -> tuple:
        return (self.card_key, self.card_bit, self.tables, self.classes_of, self.track_scoops)


def _summarise(scenario: Scenario, tallies: _Tallies, method: str, seed: int | None,
               elapsed: float, stopped_by: str) -> EquityResult:
    game = scenario.game
    n = max(tallies.outcomes, 1)
    se = tallies.equity_se() if method == "monte-carlo" else np.zeros(len(scenario.hands))
    high_names, low_names = _class_names(game)
    players = []
    for p, hand in enumerate(scenario.hands):
        row = tallies.per_player[p]
        fraction = row / n
        classes = {name: float(tallies.classes[p, c] / n) for c, name in high_names + low_names}
        players.append(PlayerEquity(
            hand=str(hand),
            equity=float(row[SHARE] / (POT * n)),
            equity_se=float(se[p]),
            high_win=float(fraction[HIGH_WIN]) if game.has_high else None,
            high_tie=float(fraction[HIGH_TIE]) if game.has_high else None,
            low_win=float(fraction[LOW_WIN]) if game.has_low else None,
            low_tie=float(fraction[LOW_TIE]) if game.has_low else None,
            scoop=float(fraction[SCOOP]),
            classes=classes,
            pot_shares=_pot_shares(game, row, n),
            scooping_hands=_scooping_hands(game, tallies.classes[p, SCOOP_CLASS_BASE:], n),
        ))
    no_low = float(tallies.table[NO_LOW_COUNT] / n) if game is Game.STUD8 else None
    return EquityResult(
        game=game.value, players=tuple(players), method=method, outcomes=tallies.outcomes,
        seed=seed, elapsed_s=elapsed, shared_river=scenario.shared_river, no_low=no_low,
        deck_rule=scenario.deck_rule.value, stopped_by=stopped_by,
    )


# ---------------------------------------------------------------- running the kernels

_GAME_NAMES = {game.kernel_id: game.value for game in Game}


def _kernel(name: str, game: int, warm_up: Callable[[], object]) -> float:
    """Compile (or load from the cache) kernel ``name`` for ``game`` by calling it on no work;
    the seconds that took.

    Done before any clock starts, so compiling never counts against ``max_time``
    nor in the time reported.  A cache file that fails to load (cut short,
    damaged) is deleted and the kernel compiled afresh, with one warning: a
    damaged cache never breaks the program.
    """
    marker = f"{name}-{_GAME_NAMES[game]}"
    if marker in _READY:
        return 0.0
    started = time.perf_counter()
    if not kernel_cache.is_compiled(marker):
        where = kernel_cache.location()
        log.info("compiling the %s %s kernel (first run only, a few seconds)...",
                 _GAME_NAMES[game], name.replace("_", " "))
        if where.note:
            log.warning("%s", where.note)
    try:
        warm_up()
    except (KeyboardInterrupt, StudOddsError):
        raise
    except Exception as exc:  # noqa: BLE001 (whatever a damaged cache file makes numba raise)
        if kernel_cache.location().folder is None:
            raise
        log.warning("the compiled-kernel cache was damaged (%s); compiling afresh",
                    type(exc).__name__)
        kernel_cache.drop_compiled_kernels()
        warm_up()
    kernel_cache.mark_compiled(marker)
    _READY.add(marker)
    return time.perf_counter() - started


_READY: set[str] = set()
_POOLS: dict[int, ThreadPoolExecutor] = {}


def _pool(threads: int) -> ThreadPoolExecutor:
    if threads not in _POOLS:
        _POOLS[threads] = ThreadPoolExecutor(threads, thread_name_prefix="stud-odds")
    return _POOLS[threads]


@contextmanager
def _ctrl_c_as_flag() -> Iterator[threading.Event]:
    """During a whole equity() call, Ctrl-C only sets a flag, checked at clean points
    (between kernel calls and rounds).

    A KeyboardInterrupt raised at an arbitrary point could land inside the thread
    pool's own bookkeeping (starting a thread, queueing a call) and leave the
    process hanging at exit, or inside a finalizer while numba loads, where
    Python prints and drops it; a flag is never lost.  Only the main thread can
    catch signals: elsewhere the flag is never set.
    """
    flag = threading.Event()
    if threading.current_thread() is not threading.main_thread():
        yield flag
        return
    previous = signal.getsignal(signal.SIGINT)
    if previous in (signal.SIG_IGN, None):  # the caller ignores Ctrl-C: so do we
        yield flag
        return
    signal.signal(signal.SIGINT, lambda number, frame: flag.set())
    try:
        yield flag
    finally:
        signal.signal(signal.SIGINT, previous)


def _run(calls: Iterable[Callable[[], _Tallies]], threads: int,
         done: Callable[[_Tallies], None], interrupted: threading.Event) -> None:
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


def _exact(kernel: _KernelInput, threads: int, progress: Progress | None,
           interrupted: threading.Event) -> tuple[_Tallies, float]:
    """Every deal, in ranges of the first levels' joint index (kernels/enumerate.py), and
    the seconds spent compiling."""
    from stud_odds.kernels.enumerate import ENUMERATE

    enumerate_range, completion_values = ENUMERATE[kernel.game]

    levels = [(p, int(k)) for p, k in enumerate(kernel.draws) if k > 0]
    if kernel.shared_draw:
        levels.append((COMMUNITY, 1))
    if not levels:
        levels = [(COMMUNITY, 0)]  # nothing left to deal: one showdown
    level_player = np.array([p for p, _ in levels], np.int64)
    level_k = np.array([k for _, k in levels], np.int64)
    choices = []
    left = len(kernel.deck)
    for k in level_k:
        choices.append(math.comb(left, int(k)))
        left -= int(k)
    total = math.prod(choices)
    # the fewest outer levels that make one outer index at most one call's work
    deals_per_call = max(1, EVALUATIONS_PER_CALL // kernel.players)
    outer = 1
    while math.prod(choices[outer:]) > deals_per_call and outer < len(choices):
        outer += 1
    deals_per_index = math.prod(choices[outer:])
    outer_indices = math.prod(choices[:outer])
    per_call = max(1, deals_per_call // deals_per_index)

    # Value every completion of each level's player once when that is much less work
    # than the deals (it is reused across the other players' cards) and small enough
    # to stay in cache; a shared seventh-street card changes every hand, so never then.
    completions = [math.comb(len(kernel.deck), int(k)) for k in level_k]
    tabled = (not kernel.shared_draw and level_player[0] != COMMUNITY
              and sum(completions) <= MAX_COMPLETIONS and total >= 4 * sum(completions))
    level_high = np.zeros((len(levels), max(completions) if tabled else 0), np.int64)
    level_low = np.zeros_like(level_high)

    def call(start: int, count: int) -> Callable[[], _Tallies]:
        def run() -> _Tallies:
            tallies = _Tallies.zeros(kernel.players)
            enumerate_range(start, count, outer, *kernel.spot_arrays(), level_player,
                            level_k, level_high, level_low, *kernel.table_arrays(),
                            tallies.per_player, tallies.classes, tallies.table)
            tallies.outcomes = count * deals_per_index
            return tallies
        return run

    def warm_up() -> None:
        call(0, 0)()
        no_values = np.zeros(1, np.int64)
        completion_values(kernel.deck, 0, 0, 0, *kernel.table_arrays()[:3], no_values,
                          no_values)

    compiling = _kernel("exact", kernel.game, warm_up)
    if tabled:
        for level, (p, k) in enumerate(levels):
            completion_values(kernel.deck, kernel.known_key[p], kernel.known_bits[p], k,
                              *kernel.table_arrays()[:3], level_high[level], level_low[level])
    tallies = _Tallies.zeros(kernel.players)

    def done(part: _Tallies) -> None:
        tallies.add(part)
        if progress:
            progress(tallies.outcomes, total)

    _run((call(start, min(per_call, outer_indices - start))
          for start in range(0, outer_indices, per_call)), threads, done, interrupted)
    return tallies, compiling


def _heads_up_feasible(scenario: Scenario, kernel: _KernelInput) -> bool:
    """Whether the heads-up counting method takes this spot in reasonable time and memory."""
    if kernel.players != 2:
        return False
    from stud_odds.exact_headsup import heads_up_work

    deck = len(kernel.deck)
    draws = [int(k) for k in kernel.draws]
    if sum(draws) + kernel.shared_draw > deck:
        return False
    communities = deck - sum(draws) if kernel.shared_draw else 1
    largest = max(math.comb(deck, k) for k in draws)
    return (scenario.outcomes() * POT * POT <= np.iinfo(np.int64).max
            and largest <= HEADS_UP_COMPLETIONS
            and heads_up_work(kernel.game, deck, draws) * communities <= HEADS_UP_WORK)


def _heads_up(scenario: Scenario, kernel: _KernelInput, threads: int,
              progress: Progress | None, interrupted: threading.Event) -> tuple[_Tallies, float]:
    """Two players' exact tallies by counting pairs of completions (exact_headsup.py), and
    the seconds spent compiling."""
    import numba

    from stud_odds.exact_headsup import heads_up_tallies

    known = [list(scenario.known_cards(p)) for p in range(2)]

    def run(deck: np.ndarray, known: list[list[int]], draws: list[int], shared: int,
            report: Progress | None) -> _Tallies:
        per_player, classes, table, outcomes = heads_up_tallies(
            kernel.game, deck, known, draws, bool(kernel.track_scoops), shared_draw=shared,
            classes_of=kernel.classes_of, progress=report)
        return _Tallies(per_player, classes, table, outcomes)

    def checked(done: int, total: int) -> None:  # the heads-up driver's calls are short
        if interrupted.is_set():
            raise KeyboardInterrupt
        if progress:
            progress(done, total)

    previous = numba.get_num_threads()
    numba.set_num_threads(min(threads, numba.config.NUMBA_NUM_THREADS))
    try:
        # a tiny spot of the same game compiles (or loads) every kernel it uses
        compiling = _kernel("heads_up", kernel.game,
                            lambda: run(kernel.deck[:4], [[], []], [1, 1], 0, None))
        tallies = run(kernel.deck, known, [int(k) for k in kernel.draws], kernel.shared_draw,
                      checked)
    finally:
        numba.set_num_threads(previous)
    if interrupted.is_set():
        raise KeyboardInterrupt
    return tallies, compiling


def _chunk_seeds(seed: int, round_number: int) -> np.ndarray:
    sequence = np.random.SeedSequence(seed, spawn_key=(round_number,))
    return sequence.generate_state(CHUNKS, np.uint64)


def _monte_carlo(kernel: _KernelInput, seed: int, trials: int | None, precision: float | None,
                 max_time: float | None, threads: int, progress: Progress | None,
                 interrupted: threading.Event) -> tuple[_Tallies, str, float]:
    """Sample until a stop; the tallies, why it stopped, and the seconds spent compiling."""
    from stud_odds.kernels.montecarlo import MONTE_CARLO

    monte_carlo_chunks = MONTE_CARLO[kernel.game]

    def call(seeds: np.ndarray, per_chunk: np.ndarray) -> _Tallies:
        chunks = len(seeds)
        tally = np.zeros((chunks, kernel.players, TALLY_COLUMNS), np.int64)
        classes = np.zeros((chunks, kernel.players, CLASS_COLUMNS), np.int64)
        table = np.zeros((chunks, TABLE_COLUMNS), np.int64)
        monte_carlo_chunks(seeds, per_chunk, *kernel.spot_arrays(), kernel.draws,
                           kernel.shared_draw, *kernel.table_arrays(), tally, classes, table)
        return _Tallies(tally.sum(axis=0), classes.sum(axis=0), table.sum(axis=0),
                        int(per_chunk.sum()))

    import numba

    previous = numba.get_num_threads()
    # sampling runs numba's own parallel loop: its body compiles to code about twice
    # as fast as the same loop called from the thread pool's plain functions
    numba.set_num_threads(min(threads, numba.config.NUMBA_NUM_THREADS))
    try:
        return _sample(kernel, seed, trials, precision, max_time, threads, progress,
                       interrupted, call)
    finally:
        numba.set_num_threads(previous)


def _sample(kernel: _KernelInput, seed: int, trials: int | None, precision: float | None,
            max_time: float | None, threads: int, progress: Progress | None,
            interrupted: threading.Event,
            call: Callable[[np.ndarray, np.ndarray], _Tallies]) -> tuple[_Tallies, str, float]:
    no_chunks = np.zeros(0, np.int64)
    compiling = _kernel("monte_carlo", kernel.game,
                        lambda: call(no_chunks.astype(np.uint64), no_chunks))
    started = time.perf_counter()  # after compiling: max_time is sampling time
    tallies = _Tallies.zeros(kernel.players)
    round_number = 0
    try:
        while True:
            size = min(FIRST_ROUND << round_number, LARGEST_ROUND)
            if trials is not None:
                size = min(size, trials - tallies.outcomes)
            per_chunk = np.full(CHUNKS, size // CHUNKS, np.int64)
            per_chunk[: size % CHUNKS] += 1
            seeds = _chunk_seeds(seed, round_number)
            # calls of a group of chunks: at least two per thread, each call short
            group = max(2 * threads, EVALUATIONS_PER_CALL * threads
                        // max(1, kernel.players * (size // CHUNKS)))
            round_tallies = _Tallies.zeros(kernel.players)
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
            if progress:
                total = trials
                if total is None and precision is not None and max_se > 0:
                    total = max(tallies.outcomes,
                                int(tallies.outcomes * (max_se / precision) ** 2))
                progress(tallies.outcomes, total)
            if trials is not None and tallies.outcomes >= trials:
                return tallies, "trials", compiling
            if precision is not None and max_se <= precision:
                return tallies, "precision", compiling
            if max_time is not None:
                elapsed = time.perf_counter() - started
                next_size = min(FIRST_ROUND << round_number, LARGEST_ROUND)
                if elapsed * (1 + next_size / tallies.outcomes) > max_time:
                    return tallies, "time", compiling
    except KeyboardInterrupt:
        return tallies, "interrupted", compiling  # whole rounds only: a partial one is dropped


def _duration(seconds: float) -> str:
    """``40 seconds``, ``3 minutes``, ``5 hours``, ``12 days``."""
    for unit, size in (("day", 86400), ("hour", 3600), ("minute", 60)):
        if seconds >= 2 * size:
            return f"{seconds / size:,.0f} {unit}s"
    return f"{seconds:,.0f} seconds"


def _number(value: object, name: str, what: str) -> float | None:
    """An optional finite real number, else one sentence naming the option."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, Real) or not math.isfinite(value):
        raise EquityError(f"{name} must be {what}, not {value!r}")
    return float(value)


def _whole(value: object, name: str) -> int | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, Integral):
        raise EquityError(f"{name} must be a whole number, not {value!r}")
    return int(value)


def equity(
    scenario: Scenario,
    *,
    method: str = "auto",
    trials: int | str | None = None,
    precision: float | None = None,
    max_time: float | None = None,
    seed: int | None = None,
    threads: int | None = None,
    progress: Progress | None = None,
    scooping_hands: bool = False,
) -> EquityResult:
    """Every live player's share of the pot, win/tie/scoop rates and hand classes.

    ``method``: ``auto`` enumerates every deal when that is cheap (and there
    are no more deals than the ``trials`` asked for), otherwise samples;
    ``exact`` always enumerates; ``monte-carlo`` always samples.
    Sampling stops at ``trials`` (an int, or text such as ``"250k"``), when
    every equity's standard error is at most ``precision`` (a fraction of the
    pot, e.g. 0.0005), or after ``max_time`` seconds of sampling, whichever
    comes first; with none given it stops at DEFAULT_PRECISION, which never
    depends on the machine (only ``max_time`` does).  The same ``seed`` gives
    the same numbers on any thread count (a random seed is chosen and reported
    when None).  ``threads`` defaults to every core this process may use.
    ``progress(done, total)`` is called as work completes.  With
    ``scooping_hands`` each player's ``scooping_hands`` says which final hands
    took the whole pot (it slows sampling by about a quarter).

    Ctrl-C while sampling returns the whole rounds done so far with
    ``stopped_by == "interrupted"``; during enumeration it raises
    KeyboardInterrupt.  Bad arguments raise EquityError (a StudOddsError).
    """
    if not isinstance(scenario, Scenario):
        raise EquityError(f"equity() takes a Scenario (Scenario.build(...)), not {scenario!r}")
    if scenario.plan.ranges:
        raise EquityError("equity against a range is not wired into the engine yet")
    if not isinstance(method, str) or method not in METHODS:
        raise EquityError(f"'{method}' is not a method: use auto, exact or monte-carlo")
    if trials is not None:
        if isinstance(trials, bool) or not isinstance(trials, Integral | str):
            raise EquityError(f"trials must be a whole number such as 250000 or '250k', "
                              f"not {trials!r}")
        trials = parse_trials(trials if isinstance(trials, str) else int(trials))
    if trials is not None and trials > MAX_TRIALS:
        raise EquityError(f"{trials:.3g} trials would take days: ask for at most {MAX_TRIALS:.0e}")
    seed = _whole(seed, "the seed")
    if seed is not None and seed < 0:
        raise EquityError(f"the seed must be a whole number from 0 up, not {seed}")
    precision = _number(precision, "the precision", "a positive standard error such as 0.0005")
    if precision is not None and not precision > 0:
        raise EquityError(f"the precision must be a positive standard error, not {precision}")
    max_time = _number(max_time, "the time limit", "a positive number of seconds")
    if max_time is not None and not max_time > 0:
        raise EquityError(f"the time limit must be positive, not {max_time} seconds")
    if method == "exact" and (trials is not None or precision is not None):
        raise EquityError("exact enumeration takes no trial count or precision target")
    threads = _whole(threads, "threads")
    if threads is not None and not 1 <= threads <= MAX_THREADS:
        raise EquityError(f"threads must be between 1 and {MAX_THREADS}, not {threads}")
    if progress is not None and not callable(progress):
        raise EquityError(f"progress must be a function progress(done, total), not {progress!r}")
    with _ctrl_c_as_flag() as interrupted:
        result = _equity(scenario, method, trials, precision, max_time, seed,
                         threads or default_threads(), progress, bool(scooping_hands),
                         interrupted)
    if interrupted.is_set() and result.stopped_by != "interrupted":
        raise KeyboardInterrupt  # Ctrl-C came after the last check: hand it on, never lose it
    return result


def _equity(scenario: Scenario, method: str, trials: int | None, precision: float | None,
            max_time: float | None, seed: int | None, threads: int,
            progress: Progress | None, scooping_hands: bool,
            interrupted: threading.Event) -> EquityResult:
    started = time.perf_counter()
    kernel = _KernelInput(scenario, scooping_hands)
    outcomes = scenario.outcomes()
    evaluations = outcomes * kernel.players
    # enumerating is better than sampling whenever it is cheap and no bigger
    enumerate_if_cheap = method == "auto" and (trials is None or outcomes <= trials)
    if (method == "exact" or enumerate_if_cheap) and evaluations > HEADS_UP_FROM:
        if _heads_up_feasible(scenario, kernel):
            # two players: every deal counted without walking them, so always exact
            tallies, compiling = _heads_up(scenario, kernel, threads, progress, interrupted)
            return _summarise(scenario, tallies, "exact", None,
                              time.perf_counter() - started - compiling, "complete")
    seconds = evaluations / (ENUMERATION_RATE * threads)
    if method == "exact" and seconds > EXACT_SECONDS:
        raise EquityError(
            f"exact enumeration of {outcomes:.3g} deals would take about "
            f"{_duration(seconds)} on {threads} thread{'s' if threads > 1 else ''}: "
            "use Monte Carlo (drop --exact) or a later street"
        )
    if method == "exact" or (enumerate_if_cheap and evaluations <= EXACT_BUDGET):
        tallies, compiling = _exact(kernel, threads, progress, interrupted)
        return _summarise(scenario, tallies, "exact", None,
                          time.perf_counter() - started - compiling, "complete")

    if seed is None:
        seed = int(np.random.SeedSequence().entropy % (1 << 63))
    if trials is None and precision is None and max_time is None:
        precision = DEFAULT_PRECISION
    tallies, stopped_by, compiling = _monte_carlo(kernel, seed, trials, precision, max_time,
                                                  threads, progress, interrupted)
    return _summarise(scenario, tallies, "monte-carlo", seed,
                      time.perf_counter() - started - compiling, stopped_by)
