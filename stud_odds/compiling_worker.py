"""The background compile's process (started by compiling.start, one per cache): every
kernel compiled into the cache, the game and kernel asked for first.

    python -m stud_odds.compiling_worker GAME KERNEL

It sits above the engine (it drives engine.warm); compiling.py, below the
engine, only names it.
"""

from __future__ import annotations

import logging
import os
import sys

from stud_odds.compiling import FIRST_QUESTIONS, NICENESS
from stud_odds.engine.warm import GAME_NAMES, WARM_METHODS, warm_up
from stud_odds.engine.weighted import weighted_kernels
from stud_odds.games import Game

_log = logging.getLogger("stud_odds")


def compile_all(first_game: str, first_kernel: str | None = None) -> None:
    """Compile every kernel into the cache: ``first_kernel`` of ``first_game`` first, then
    that game's others (heads-up counting, sampling, enumeration: the README's order of
    first questions), then the other games'."""
    # sorted is stable: the kernel asked for first, then the others in FIRST_QUESTIONS' order
    methods = sorted(FIRST_QUESTIONS, key=lambda method: WARM_METHODS[method] != first_kernel)
    games = (first_game, *(other for other in GAME_NAMES if other != first_game))
    for game in games:
        for method in methods:
            warm_up([game], [method])
    for game in games:  # heads-up against ranges: the rarest first question
        weighted_kernels(Game(game).kernel_id)


def compile_in_background(arguments: list[str]) -> int:
    """The process's work: ``arguments`` are [game, kernel] (both optional)."""
    try:
        os.nice(NICENESS)
    except OSError:
        pass
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    _log.info("background compile %d started (%s first)", os.getpid(),
              " ".join(arguments) or "stud")
    compile_all(*arguments[:2]) if arguments else compile_all("stud")
    _log.info("background compile %d done", os.getpid())
    return 0


if __name__ == "__main__":
    sys.exit(compile_in_background(sys.argv[1:]))
