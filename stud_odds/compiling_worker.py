"""The background compile's process (started by compiling.start, one per cache): every
kernel compiled into the cache, the game and kernel asked for first.

    python -P -m stud_odds.compiling_worker GAME KERNEL PACKAGE

PACKAGE is the folder of the stud_odds package that started it: the process
compiles that very package's kernels (numba keeps each source's compiled files
apart by its path), and stops, saying so in its log, if it imported another.
It sits above the engine (it drives engine.warm); compiling.py, below the
engine, only names it.
"""

from __future__ import annotations

import logging
import os
import sys

import stud_odds
from stud_odds.compiling import FIRST_QUESTIONS, NICENESS
from stud_odds.engine import running
from stud_odds.engine.warm import WARM_METHODS, warm_up
from stud_odds.engine.weighted import weighted_kernels
from stud_odds.games import Game, parse_game
from stud_odds.solver.kernel import river_kernels

_log = logging.getLogger("stud_odds")


def compile_all(first_game: Game, first_kernel: str | None = None) -> None:
    """Compile every kernel into the cache: ``first_kernel`` of ``first_game`` first, then
    that game's others (heads-up counting, sampling, enumeration: the README's order of
    first questions), then the other games'."""
    # sorted is stable: the kernel asked for first, then the others in FIRST_QUESTIONS' order
    methods = sorted(FIRST_QUESTIONS, key=lambda method: WARM_METHODS[method] != first_kernel)
    games = (first_game, *(other for other in Game if other is not first_game))
    for game in games:
        for method in methods:
            warm_up([game], [method])
    for game in games:  # heads-up against ranges: the rarest first question
        weighted_kernels(game)
    river_kernels()  # the river solver's: one compile serves the three games


def package_folder() -> str:
    """The folder of the stud_odds package this process imported."""
    return os.path.dirname(os.path.abspath(stud_odds.__file__))


def compile_in_background(arguments: list[str]) -> int:
    """The process's work: ``arguments`` are [game, kernel, package] (all optional)."""
    here = package_folder()
    _log.info("background compile %d started (%s first) from %s", os.getpid(),
              " ".join(arguments[:2]) or "stud", here)
    if len(arguments) > 2 and not _same_folder(arguments[2], here):
        _log.error("background compile %d stopped: it imported %s, not the package that "
                   "started it (%s), whose kernels it would not have compiled",
                   os.getpid(), here, arguments[2])
        return 2
    try:
        os.nice(NICENESS)
    except OSError:
        pass
    with running.compiling_because("this is the background compile"):
        compile_all(parse_game(arguments[0]) if arguments else Game.STUD, *arguments[1:2])
    _log.info("background compile %d done", os.getpid())
    return 0


def _same_folder(one: str, other: str) -> bool:
    try:
        return os.path.samefile(one, other)
    except OSError:
        return False


if __name__ == "__main__":
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    sys.exit(compile_in_background(sys.argv[1:]))
