"""Compile (or load from the cache) kernels ahead, so a server pays for it at start.

Without it every kernel is compiled on first use anyway; this only moves the
wait.  A method is one of ``sample`` (Monte Carlo, with or without ranges),
``enumerate`` (every deal) and ``headsup`` (two players' pairs of completions).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from stud_odds.games import parse_game

from . import running
from .exact import heads_up_kernels
from .job import Job
from .options import EquityError

# a method's name -> its kernels' name in running.compiled (the marker of a compiled kernel)
WARM_METHODS = {"sample": "monte_carlo", "enumerate": "exact", "headsup": "heads_up"}
GAMES = ("stud", "stud8", "razz")


def _kernel_id(game: str) -> int:
    return parse_game(game).kernel_id


def _method(method: str) -> str:
    if method not in WARM_METHODS:
        raise EquityError(f"'{method}' is not a method to warm up: use "
                          f"{', '.join(WARM_METHODS)}")
    return WARM_METHODS[method]


def is_warm(game: str, method: str) -> bool:
    """Whether ``method``'s kernels for ``game`` are compiled or loaded in this process."""
    return running.is_compiled(_method(method), _kernel_id(game))


def warm_up(games: Iterable[str] | None = None, methods: Iterable[str] | None = None,
            progress: Callable[[int, int, str], None] | None = None) -> None:
    """Compile (or load from the cache) the kernels of ``games`` ("stud", "stud8", "razz";
    None: all) for ``methods`` ("sample", "enumerate", "headsup"; None: all).

    ``progress(done, total, label)`` is called before each kernel (label such as
    "stud8 sample") and once at the end (done == total).  Waits for its turn like
    equity() (engine/job.py), so it is safe beside running calls.
    """
    game_ids = [(game, _kernel_id(game)) for game in (GAMES if games is None else games)]
    names = [(method, _method(method)) for method in (WARM_METHODS if methods is None
                                                      else methods)]
    work = [(f"{game} {method}", kind, game_id)
            for game, game_id in game_ids for method, kind in names]
    with Job().kernels():
        running.lookups()
        for done, (label, kind, game_id) in enumerate(work):
            if progress:
                progress(done, len(work), label)
            if kind == "heads_up":
                heads_up_kernels(game_id)
            else:
                running.kernel(kind, game_id)
    if progress:
        progress(len(work), len(work), "ready")
