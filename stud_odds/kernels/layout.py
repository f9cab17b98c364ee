"""What kernels and their callers agree on, without importing numba: game ids, the pot's
units, and the columns of the integer tallies.

Pot shares are in units of 1/POT of a pot: 1680 = 2 * lcm(1..8), so a pot or
half pot split among up to eight players is always a whole number of units.
"""

from __future__ import annotations

import numpy as np

GAME_STUD, GAME_STUD8, GAME_RAZZ = 0, 1, 2
POT = 1680
HALF_POT = POT // 2

# tally columns, per player.  HIGH_HALF / LOW_HALF: the high (low) half alone and
# nothing else; SPLIT: any other part of a pot (a tied half, a quarter...)
HIGH_WIN, HIGH_TIE, LOW_WIN, LOW_TIE, SCOOP, SHARE, SHARE_SQUARED = range(7)
HIGH_HALF, LOW_HALF, SPLIT = range(7, 10)
TALLY_COLUMNS = 10
# table-level counters
NO_LOW_COUNT = 0
TABLE_COLUMNS = 1
# class columns, per player: 9 high categories, then 13 low classes: the ace-low rank
# of the low's top card (4 = five .. 12 = king), 0 for no low (stud8) or a pair (razz)
HIGH_CLASS_COLUMNS = 9
LOW_CLASS_COLUMNS = 13
# then the hands that scooped: SCOOP_CLASS_BASE + high class * 13 + low class
SCOOP_CLASS_BASE = HIGH_CLASS_COLUMNS + LOW_CLASS_COLUMNS
CLASS_COLUMNS = SCOOP_CLASS_BASE + HIGH_CLASS_COLUMNS * LOW_CLASS_COLUMNS


def new_tallies(blocks: int, players: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Zeroed (tally, classes, table) arrays with one slice per block of work."""
    return (
        np.zeros((blocks, players, TALLY_COLUMNS), np.int64),
        np.zeros((blocks, players, CLASS_COLUMNS), np.int64),
        np.zeros((blocks, TABLE_COLUMNS), np.int64),
    )
