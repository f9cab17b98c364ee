"""What every method shares: the kernels' bundles, compiling a kernel once, kernel or
numpy twin, Ctrl-C as a flag.

The bottom of the engine: it imports no method (exact, headsup, sample...);
they import it.  How many threads a call may use is always an argument, handed
down from equity()'s Choice.threads.  numba and the kernel modules are
imported here only when a kernel is first asked for, so importing the engine
stays quick.

Kernel calls release the GIL and run on the engine's one pool of threads
(engine/pool.py), with no parallel loop to compile; nothing reads a thread
count back from numba, whose own setting is set only around weighted
counting's parallel loops (``numba_threads``).

``kernel(method, game)`` is the one dispatch to a compiled entry point; it
compiles or loads that kernel (``compiled``, rebuilding a damaged cache) before
any clock starts.  ``kernel_answers`` decides kernel or numpy twin (engine/twins/) and only
decides; ``start_background_compile`` is the separate step that asks for a missing kernel.
A shared seventh-street card is dealt one card at a time, each a spot of its
own (``each_shared_card``).
"""

from __future__ import annotations

import hashlib
import logging
import math
import signal
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from contextvars import ContextVar
from functools import cache, partial
from pathlib import Path

import numpy as np

from stud_odds import cache as kernel_cache
from stud_odds.errors import StudOddsError
from stud_odds.games import Game
from stud_odds.kernels.bundles import (
    Levels,
    Lookups,
    Ranges,
    Spot,
    Tally,
    build_lookups,
    hand_keys,
    ranges_bundle,
)
from stud_odds.kernels.layout import CLASS_COLUMNS, TABLE_COLUMNS, TALLY_COLUMNS
from stud_odds.kernels.table_cache import tables
from stud_odds.scenario import Scenario

from .pool import run_on_threads
from .tallies import Tallies

_log = logging.getLogger("stud_odds")

# what each kernel answers, and the seconds numba usually takes to compile it for one game
# on an idle 2-core machine (benchmarks/bench_compile.py; stud_odds/kernels/__init__.py)
_KINDS = {"exact": ("enumeration", 12), "monte_carlo": ("sampling", 6),
          "heads_up": ("heads-up counting", 7), "weighted": ("weighted heads-up counting", 15),
          "river": ("river solver", 3)}
# kernels that take the game as a runtime value: one compile serves the three games
_ALL_GAMES = {"monte_carlo", "heads_up", "river"}
# kernels with a numpy twin (engine/twins/, solver/showdown) that answers while not compiled
_TWINNED = {"exact", "monte_carlo", "heads_up", "river"}
_READY: set[str] = set()
# why a kernel is compiled in this process: the marker -> the reason kernel_choice noted
# (compile_here_because), read once by compiled(); else the reason of the block around the
# call (compiling_because: warm_up)
_DECIDED: dict[str, str] = {}
_WHY_HERE: ContextVar[str | None] = ContextVar("why_compiled_here", default=None)
# the kernels' source folder: numba keeps each source's compiled files apart by its path
_KERNEL_SOURCES = Path(__file__).resolve().parent.parent / "kernels"


@cache
def lookups() -> Lookups:
    """The kernels' look-up tables, built (or memory-mapped from the cache) once."""
    return build_lookups(tables())


def spot_of(scenario: Scenario, scooping_hands: bool) -> Spot:
    """The scenario as the kernels see it: plain arrays and ints."""
    players = len(scenario.hands)
    known = [hand_keys(scenario.plan.known[p], lookups()) for p in range(players)]
    return Spot(
        deck=np.array(scenario.plan.unseen, np.int64),
        known_key=np.array([key for key, _ in known], np.int64),
        known_bits=np.array([bits for _, bits in known], np.int64),
        draws=np.array(scenario.plan.draws, np.int64),
        shared_draw=int(scenario.plan.shared_draw),
        track_scoops=int(scooping_hands),
    )


def each_shared_card(spot: Spot) -> Iterator[Spot]:
    """The spot, or with a shared seventh-street card to come, one spot per card it can
    be, that card known to every player: each deal of the spot is in one of them."""
    if not spot.shared_draw:
        yield spot
        return
    cards = lookups()
    for i, card in enumerate(spot.deck):
        yield Spot(np.delete(spot.deck, i), spot.known_key + cards.card_key[card],
                   spot.known_bits | cards.card_bit[card], spot.draws, 0, spot.track_scoops)


def ranges_of(scenario: Scenario) -> Ranges:
    """The ranged players' hole pairs as the Monte Carlo kernel draws them."""
    plan = scenario.plan
    pairs = [plan.ranges[p] for p in plan.ranged_players]
    return ranges_bundle(list(plan.ranged_players),
                         [(combos.first, combos.second, combos.weight) for combos in pairs],
                         lookups())


# completions valued in one kernel call: a few hundredths of a second, so a stop is seen
VALUES_PER_CALL = 2_000_000


def value_completions(game: Game, deck: np.ndarray, known: tuple[int, int], k: int,
                      values: tuple[np.ndarray, np.ndarray, np.ndarray],
                      between: Callable[[], None] | None = None, threads: int = 1) -> None:
    """kernels.completions.completion_values (every completion by ``k`` cards of ``deck``,
    valued at its colex rank) in calls of about VALUES_PER_CALL completions at most,
    each cut into at most ``threads`` pieces run at once (run_on_threads), ``between()``
    before each later call.  Each piece writes its own ranks: the values are the same on
    any thread count.

    The completions whose highest position is m hold the colex ranks [C(m, k),
    C(m + 1, k)): they are the completions by k - 1 of the first m positions,
    with card m added to the known cards, in the same order.
    """
    from stud_odds.kernels.completions import POSITION_BITS, completion_values

    high, low, packed = values

    def value(deck: np.ndarray, known: tuple[int, int], k: int, start: int, end: int) -> None:
        part = high[start:end], low[start:end], packed[start:end] if len(packed) else packed
        total = end - start
        pieces = max(1, min(threads, total // 1000))  # a small call is not worth a thread
        run_on_threads([partial(completion_values, game.kernel_id, deck, known, k, lookups(),
                                part, total * i // pieces, total * (i + 1) // pieces)
                        for i in range(pieces)], threads)

    n = len(deck)
    first = min(n, k)  # the first `first` positions' completions: one call
    while first < n and math.comb(first + 1, k) <= VALUES_PER_CALL:
        first += 1
    value(deck[:first], known, k, 0, math.comb(first, k))
    for m in range(first, n):
        if between:
            between()
        start, end = math.comb(m, k), math.comb(m + 1, k)
        card = deck[m]
        with_card = (known[0] + lookups().card_key[card], known[1] | lookups().card_bit[card])
        value(deck[:m], with_card, k - 1, start, end)
        if len(packed):
            packed[start:end] |= m << (POSITION_BITS * (k - 1))


def tiny_spot(track_scoops: int = 0) -> Spot:
    """Two players who get one card each from a deck of four: a spot with every type a
    real one has, to compile (or load) kernels with."""
    nothing = np.zeros(2, np.int64)
    return Spot(np.arange(4, dtype=np.int64), nothing, nothing.copy(), np.ones(2, np.int64), 0,
                track_scoops)


def _warm_up_exact(entry: Callable, game: Game) -> None:
    from stud_odds.kernels.completions import completion_values

    spot = tiny_spot()
    one = np.zeros(1, np.int64)
    levels = Levels(one, one.copy(), np.zeros((1, 0), np.int32), np.zeros(1, np.bool_), 1)
    entry(spot, levels, lookups(), 0, 0, Tallies.zeros(2).tally())
    none = np.zeros(0, np.int16)
    completion_values(game.kernel_id, spot.deck, (0, 0), 0, lookups(),
                      (none, none, np.zeros(0, np.int64)), 0, 0)


def chunk_tally(chunks: int, players: int) -> Tally:
    """Zeroed tallies with a first axis of chunks (Monte Carlo's per-chunk tallies)."""
    return Tally(np.zeros((chunks, players, TALLY_COLUMNS), np.int64),
                 np.zeros((chunks, players, CLASS_COLUMNS), np.int64),
                 np.zeros((chunks, TABLE_COLUMNS), np.int64))


def _warm_up_monte_carlo(entry: Callable) -> None:
    entry(tiny_spot(), ranges_bundle([], [], lookups()), lookups(), np.zeros(0, np.uint64),
          np.zeros(0, np.int64), chunk_tally(0, 2))


def kernel(method: str, game: Game) -> tuple[Callable, float]:
    """The entry point of ``method`` ("exact": kernels.enumerate, "monte_carlo":
    kernels.montecarlo) for one game, compiled (or loaded from the cache) on first use,
    and the seconds compiling took."""
    if method == "exact":
        from stud_odds.kernels.enumerate import ENUMERATE as entries

        entry = entries[game.kernel_id]
        return entry, compiled(method, game, lambda: _warm_up_exact(entry, game))
    from stud_odds.kernels.montecarlo import MONTE_CARLO as entries

    entry = entries[game.kernel_id]
    return entry, compiled(method, game, lambda: _warm_up_monte_carlo(entry))


def compile_seconds(name: str) -> float:
    """About how long numba usually takes to compile kernel ``name`` for one game on an idle
    2-core machine."""
    return _KINDS[name][1]


def compile_here_because(name: str, game: Game, reason: str) -> None:
    """Kernel ``name`` of ``game``, if compiled here next, says ``reason`` (kernel_choice's)."""
    _DECIDED[_marker(name, game)] = reason


@contextmanager
def compiling_because(reason: str) -> Iterator[None]:
    """Inside the block, a kernel compiled here says ``reason`` (warm_up: it was asked to),
    unless a block around it gave one (the background compile's)."""
    token = _WHY_HERE.set(_WHY_HERE.get() or reason)
    try:
        yield
    finally:
        _WHY_HERE.reset(token)


def _why_here(name: str, game: Game) -> str:
    """Why kernel ``name`` of ``game`` is compiled in this process, for the line that says
    so."""
    reason = _DECIDED.pop(_marker(name, game), None) or _WHY_HERE.get()
    if reason:
        return reason
    from stud_odds import compiling

    if name not in _TWINNED:
        return "it has no numpy twin to answer meanwhile"
    return "the spot is too big for its numpy twin" + (
        "" if compiling.enabled() else
        f" and the background compile is off ({compiling.ENVIRONMENT}=0)")


def in_cache(name: str, game: Game) -> bool:
    """Whether kernel ``name`` of ``game`` is compiled in the cache for these very sources
    (so loading is quick)."""
    return kernel_cache.is_compiled(_cache_marker(name, game))


def is_loaded(name: str, game: Game) -> bool:
    """Whether kernel ``name`` (as ``compiled`` names it) is ready for ``game`` in this
    process (in_cache: compiled in the cache, so loading is quick)."""
    return _marker(name, game) in _READY


def _marker(name: str, game: Game) -> str:
    return name if name in _ALL_GAMES else f"{name}-{game.value}"


def _cache_marker(name: str, game: Game) -> str:
    """The cache's mark of a kernel compiled for these sources: numba's files of a kernel
    are found again only for a source at the same path with the same modification time and
    size (its stamp), so a copy elsewhere (a clone beside the installed package) or a
    reinstall is not marked compiled by another copy's compile."""
    return f"{_marker(name, game)}@{_sources_stamp()}"


@cache
def _sources_stamp() -> str:
    digest = hashlib.sha1(str(_KERNEL_SOURCES).encode())
    for source in sorted(_KERNEL_SOURCES.glob("*.py")):
        status = source.stat()
        digest.update(f"\0{source.name} {status.st_mtime_ns} {status.st_size}".encode())
    return digest.hexdigest()[:12]


def compiled(name: str, game: Game, warm_up: Callable[[], object]) -> float:
    """Compile (or load from the cache) kernel ``name`` for ``game`` by calling it on no work;
    the seconds that took.

    Done before any clock starts, so compiling never counts against ``max_time``
    nor in the time reported.  A compile in this process says so on stderr, once
    per kernel, with why it is done here rather than in the background.  A cache
    file that fails to load (cut short, damaged) is deleted and the kernel
    compiled afresh, with one warning: a damaged cache never breaks the program.
    """
    marker = _marker(name, game)
    if marker in _READY:
        return 0.0
    started = time.perf_counter()
    cached = kernel_cache.is_compiled(_cache_marker(name, game))
    if not cached:
        where = kernel_cache.location()
        kind, seconds = _KINDS[name]
        shared = name in _ALL_GAMES
        _log.info("compiling the %s kernel here first (numba, once %s: up to about %d s on 2 "
                  "cores; later runs load it from the cache): %s",
                  kind if shared else f"{game.value} {kind}",
                  "for all three games" if shared else "per game", seconds,
                  _why_here(name, game))
        if where.note:
            _log.warning("%s", where.note)
    try:
        warm_up()
    except (KeyboardInterrupt, StudOddsError):
        raise
    except Exception as exc:  # noqa: BLE001 (whatever a damaged cache file makes numba raise)
        if kernel_cache.location().folder is None:
            raise
        _log.warning("the compiled-kernel cache was damaged (%s); compiling afresh",
                     type(exc).__name__)
        kernel_cache.drop_compiled_kernels()
        warm_up()
    took = time.perf_counter() - started
    if cached and took > _KINDS[name][1] / 2:  # loading takes a second at most
        _log.info("the %s kernel was marked compiled but numba found no usable copy in the "
                  "cache: it was compiled here (%.0f s)", _KINDS[name][0], took)
    kernel_cache.mark_compiled(_cache_marker(name, game))
    _READY.add(marker)
    return took


@contextmanager
def ctrl_c_as_flag(flag: threading.Event) -> Iterator[None]:
    """During a whole equity() call, Ctrl-C only sets ``flag`` (the Job's ``interrupted``),
    checked at clean points (between kernel calls and rounds) like a cancel.

    A KeyboardInterrupt raised at an arbitrary point could land inside the thread
    pool's own bookkeeping (starting a thread, queueing a call) and leave the
    process hanging at exit, or inside a finalizer while numba loads, where
    Python prints and drops it; a flag is never lost.  Only the main thread can
    catch signals: elsewhere the flag is never set.
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.getsignal(signal.SIGINT)
    if previous in (signal.SIG_IGN, None):  # the caller ignores Ctrl-C: so do we
        yield
        return
    signal.signal(signal.SIGINT, lambda number, frame: flag.set())
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


def numba_threads(threads: int) -> AbstractContextManager[None]:
    """numba's parallel loops (weighted counting's) use at most ``threads`` threads inside
    the block: numba's own setting, set from the width the caller was handed, never read
    back by the engine."""
    from stud_odds.kernels.threads import at_most

    return at_most(threads)
