"""The river kernels (kernels/river.py), compiled or loaded from the cache once, as the
engine compiles its own (engine/running.compiled): one compile serves the three games."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from stud_odds.games import Game

KERNEL = "river"  # its name in engine/running's table of kernels


def river_kernels() -> tuple[Callable, Callable]:
    """(running_sums, query_sums), compiled or loaded on first use."""
    from stud_odds.engine import running
    from stud_odds.kernels.river import query_sums, running_sums

    def warm_up() -> None:
        owner = np.zeros(1, np.int64)
        weights = np.ones((1, 1))
        sums = np.empty((2, 1))
        running_sums(owner, weights, sums, 0, 1)
        query_sums(sums, np.zeros((1, 1, 8, 3), np.int64), 1, 0, 1, np.empty((1, 1, 1)))

    running.compiled(KERNEL, Game.STUD, warm_up)  # one compile serves every game
    return running_sums, query_sums
