"""Compile (or load from the cache) kernels ahead, so a server pays for it at start.

Without it every kernel is compiled on first use anyway; this only moves the
wait.  A method is one of ``sample`` (Monte Carlo, with or without ranges),
``enumerate`` (every deal) and ``headsup`` (two players' pairs of completions).

:func:`warm_up` compiles or loads in the foreground, or with ``background=True``
starts the background compile (stud_odds/compiling.py) and returns;
:func:`is_warm` asks; :func:`load_when_compiled` is serve's thread, loading each
kernel as the background compile puts it in the cache; :func:`warmth` is how far
they all are (``/api/health``).
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable
from typing import NamedTuple

from stud_odds import compiling
from stud_odds.games import Game, parse_game

from . import running
from .exact import heads_up_kernels
from .job import Job
from .options import EquityError

# a method's name -> its kernels' name in running.compiled (the marker of a compiled kernel)
WARM_METHODS = {"sample": "monte_carlo", "enumerate": "exact", "headsup": "heads_up"}


class _Kernel(NamedTuple):
    """One kernel to warm: its label ("stud8 sample"), running's name of it, its game."""

    label: str
    kind: str
    game: Game


def _method(method: str) -> str:
    if method not in WARM_METHODS:
        raise EquityError(f"'{method}' is not a method to warm up: use "
                          f"{', '.join(WARM_METHODS)}")
    return WARM_METHODS[method]


def is_warm(game: str | Game, method: str) -> bool:
    """Whether ``method``'s kernels for ``game`` are compiled or loaded in this process."""
    return running.is_loaded(_method(method), parse_game(game))


def warm_up(games: Iterable[str | Game] | None = None, methods: Iterable[str] | None = None,
            progress: Callable[[int, int, str], None] | None = None,
            background: bool = False) -> None:
    """Compile (or load from the cache) the kernels of ``games`` ("stud", "stud8", "razz";
    None: all) for ``methods`` ("sample", "enumerate", "headsup"; None: all).

    ``progress(done, total, label)`` is called before each kernel (label such as
    "stud8 sample") and once at the end (done == total).  Waits for its turn like
    equity() (engine/job.py), so it is safe beside running calls.

    ``background=True`` waits for nothing: it starts the background compile (one
    process per cache, stud_odds/compiling.py) of every kernel not yet in the cache,
    the first game's first, and returns; meanwhile equity() answers with the
    kernels' numpy twins (the same numbers).  It starts nothing when every kernel is
    in the cache, or with STUD_ODDS_BACKGROUND_COMPILE=0.
    """
    work = _work(games, methods)
    if background:
        missing = [(item.kind, item.game) for item in work
                   if not running.in_cache(item.kind, item.game)]
        if missing and compiling.enabled():
            compiling.start(*missing[0])
        return
    _warm(work, progress)


def _warm(work: list[_Kernel], progress: Callable[[int, int, str], None] | None = None
          ) -> None:
    """Compile (or load) each kernel of ``work`` in the foreground, on the kernels' turn."""
    with Job().kernels(), running.compiling_because("stud_odds.warm_up() was asked to"):
        running.lookups()
        for done, item in enumerate(work):
            if progress:
                progress(done, len(work), item.label)
            if item.kind == "heads_up":
                heads_up_kernels(item.game)
            else:
                running.kernel(item.kind, item.game)
    if progress:
        progress(len(work), len(work), "ready")


def _work(games: Iterable[str | Game] | None, methods: Iterable[str] | None
          ) -> list[_Kernel]:
    """Each kernel of ``games`` (names, each parsed once here) for ``methods``."""
    parsed = [parse_game(game) for game in (Game if games is None else games)]
    names = [(method, _method(method)) for method in (WARM_METHODS if methods is None
                                                      else methods)]
    return [_Kernel(f"{game.value} {method}", kind, game)
            for game in parsed for method, kind in names]


class Warmth(NamedTuple):
    """How far the kernels are: ``loaded`` in this process, ``compiled`` in the cache, of
    ``total``; ``compiling``: a background compile is running for this cache."""

    loaded: int
    compiled: int
    total: int
    compiling: bool


def warmth() -> Warmth:
    """How far every kernel of every game and method is (for a server's health)."""
    work = _work(None, None)
    return Warmth(sum(running.is_loaded(item.kind, item.game) for item in work),
                  sum(running.in_cache(item.kind, item.game) for item in work),
                  len(work), compiling.running_now())


def load_when_compiled(stop: threading.Event, poll: float = 0.5) -> None:
    """Load each kernel into this process as soon as the background compile has put it in
    the cache, until all are loaded or ``stop`` is set (a server's thread: requests are
    answered by the twins meanwhile, and by the kernels from then on)."""
    waiting = _work(None, None)
    while waiting and not stop.is_set():
        cached = [item for item in waiting if running.in_cache(item.kind, item.game)]
        for item in cached:
            _warm([item])
        waiting = [entry for entry in waiting if entry not in cached]
        if waiting and not cached:
            stop.wait(poll)
