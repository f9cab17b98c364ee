"""Kernel or numpy twin: the one decision (``kernel_answers``, which only decides) and the
separate step that asks the background compile for a missing kernel
(``start_background_compile``); each is looked up on this module when called, so a test
may stand in for it.  A twin (engine/twins/) gives the same tallies as its
kernel, so which one answers never changes a number, only how soon it comes.
"""

from __future__ import annotations

import logging

from stud_odds.games import Game

from . import running

_log = logging.getLogger("stud_odds")

# seconds a fresh process takes to import numba and our kernel modules and load a kernel
# from the cache, on the busy 2-core machine the twins' figures are from (the README's
# first command: 0.62 s by numpy's twin, 1.0 s by the kernels, the count itself 0.05 s):
# a twin that answers sooner does
LOAD_SECONDS = 0.6
# how much slower than running's compile figures compiling may be on a slower or busy machine
COMPILE_MARGIN = 2.0
# the exact twins hold every completion at once: a spot that would take more memory than
# this is counted by its kernel (compiled first when it must be), whose memory stays flat
TWIN_BYTES = 512 << 20
_told_twin = False
# the twin's seconds handed out per kernel in this process while it was in the cache: once
# they pass loading it, it loads (a process asking many quick questions pays the load once,
# then counts at the kernel's speed)
_twin_spent: dict[tuple[str, Game], float] = {}


def kernel_answers(name: str, game: Game, twin_seconds: float, twin_bytes: int = 0,
                   kernel_seconds: float = 0.0) -> bool:
    """Whether kernel ``name`` of ``game`` answers rather than its numpy twin, for work the
    twin would do in ``twin_seconds`` holding ``twin_bytes`` and the kernel in
    ``kernel_seconds``.  It only decides: it starts, loads and says nothing (it keeps
    the twin's seconds it handed out).

    The kernel when the twin would hold more than TWIN_BYTES or the kernel is in memory;
    one in the cache when the twin would take longer than loading it, counting what the
    twin took before in this process; a missing one only when the twin would take longer
    than compiling it here."""
    if twin_bytes > TWIN_BYTES or running.is_loaded(name, game):
        return True
    if not running.in_cache(name, game):
        return twin_seconds > _most_compile_seconds(name) + kernel_seconds
    spent = _twin_spent.get((name, game), 0.0) + twin_seconds
    if spent > LOAD_SECONDS + kernel_seconds:
        return True
    _twin_spent[(name, game)] = spent
    return False


def _most_compile_seconds(name: str) -> float:
    return COMPILE_MARGIN * running.compile_seconds(name)


def start_background_compile(name: str, game: Game, kernel: bool, twin_seconds: float) -> None:
    """When kernel ``name`` of ``game`` is neither in memory nor in the cache, ask the
    background compile for it (stud_odds.compiling.ask: once a process, when allowed) and
    say what answers meanwhile, ``kernel`` being kernel_answers' decision: why the kernel is
    compiled here (for compiled()'s line), or, once a process, that numpy answers."""
    if running.is_loaded(name, game) or running.in_cache(name, game):
        return
    from stud_odds.compiling import ask

    compiling_elsewhere = ask(name, game)
    if kernel:
        if twin_seconds > _most_compile_seconds(name):
            running.compile_here_because(name, game, (
                f"numpy's twin would take about {_about(twin_seconds)}, longer than compiling "
                "it" + (" (the background compile has not reached it yet)"
                        if compiling_elsewhere else "")))
        return
    global _told_twin
    if not _told_twin:
        _told_twin = True
        _log.info("answering with numpy while the kernels compile in the background"
                  if compiling_elsewhere else
                  "answering with numpy (the kernels are not compiled yet: stud_odds.warm_up() "
                  "compiles them)")


def _about(seconds: float) -> str:
    return f"{seconds:,.0f} s" if seconds < 3600 else f"{seconds / 3600:,.0f} hours"
