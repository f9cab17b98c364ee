"""What kernels and their callers agree on, without importing numba: game ids, the pot's
units, and the columns of the integer tallies.

Pot shares are in units of 1/POT of a pot: 1680 = 2 * lcm(1..8), so a pot or
half pot split among up to eight players is always a whole number of units.
"""

from __future__ import annotations

from functools import cache
from itertools import combinations
from typing import Any

import numpy as np

from stud_odds.games import Game

GAME_STUD, GAME_STUD8, GAME_RAZZ = (game.kernel_id for game in (Game.STUD, Game.STUD8, Game.RAZZ))
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
# stud8's low "bucket": the rank of an eight-or-better low among the C(8, 5) = 56, better
# lows first, then "no low"
LOW_BUCKETS = 57
NO_BUCKET = LOW_BUCKETS - 1
# the best high and low before any player is counted: below and above every hand value
# (NO_LOW included); the enumeration kernel and its numpy twin start from them
NOBODY_HIGH = -1
NOBODY_LOW = 1 << 30


@cache
def low_buckets() -> np.ndarray:
    """The bucket of every eight-or-better low value (kernels/tables.py's low8 values:
    a low's rank mask, smaller wins; NO_LOW and anything else that is not a low: NO_BUCKET).
    Read-only: shared by every caller."""
    from stud_odds.kernels.tables import NO_LOW

    lows = sorted(sum(1 << rank for rank in five) for five in combinations(range(8), 5))
    bucket = np.full(NO_LOW + 1, NO_BUCKET, np.int64)
    bucket[lows] = np.arange(len(lows))
    bucket.flags.writeable = False
    return bucket


def sole_winner(game: int, high_mask: int, low_mask: int) -> int:
    """The player who takes the whole pot alone (scoops), as a one-bit mask, else 0.

    The one definition of a scoop: the kernels compile it (showdown.py) and the
    rules call it as it is.  ``high_mask`` / ``low_mask``: who has the best high and
    the best qualifying low (0 when no low qualifies).  Stud: the high alone; razz:
    the low alone; stud8: the high alone with no qualifying low, or both halves to
    the same one player.

    >>> sole_winner(GAME_STUD8, 0b10, 0b10), sole_winner(GAME_STUD8, 0b10, 0b01)
    (2, 0)
    """
    if game == GAME_STUD:
        mask = high_mask
    elif game == GAME_RAZZ:
        mask = low_mask
    else:
        mask = high_mask if low_mask == 0 or low_mask == high_mask else 0
    return mask if mask & (mask - 1) == 0 else 0


def share_out(game: int, n: int, high_mask: int, low_mask: int, sole: int, count: int,
              tally: Any) -> None:
    """The pot award, written once: share out ``count`` pots won by the players in
    high_mask (best high) and low_mask (best qualifying low, 0 for none) into
    ``tally.table`` and ``tally.per_player``; ``sole`` is sole_winner's mask.

    stud: the best high takes all.  stud8: the best high and the best
    qualifying low split the pot; with no qualifying low (low_mask 0) the high
    takes all.  razz: the lowest takes all.  Ties split the part they tie for.
    The kernels compile it (showdown.award); numpy's small-spot counting calls it
    as it is.
    """
    high_winners = 0
    low_winners = 0
    for p in range(n):
        high_winners += (high_mask >> p) & 1
        low_winners += (low_mask >> p) & 1
    high_share = 0
    low_share = 0
    if game == GAME_STUD:
        high_share = POT // high_winners
    elif game == GAME_RAZZ:
        low_share = POT // low_winners
    elif low_winners == 0:
        tally.table[NO_LOW_COUNT] += count
        high_share = POT // high_winners
    else:
        high_share = HALF_POT // high_winners
        low_share = HALF_POT // low_winners
    per_player = tally.per_player
    for p in range(n):
        share = 0
        in_high = (high_mask >> p) & 1
        in_low = (low_mask >> p) & 1
        if in_high:
            share += high_share
            per_player[p, HIGH_WIN if high_winners == 1 else HIGH_TIE] += count
        if in_low:
            share += low_share
            per_player[p, LOW_WIN if low_winners == 1 else LOW_TIE] += count
        if sole == 1 << p:
            per_player[p, SCOOP] += count
        elif in_high and not in_low and high_winners == 1 and low_winners > 0:
            per_player[p, HIGH_HALF] += count
        elif in_low and not in_high and low_winners == 1 and high_winners > 0:
            per_player[p, LOW_HALF] += count
        elif share > 0:
            per_player[p, SPLIT] += count
        per_player[p, SHARE] += count * share
        per_player[p, SHARE_SQUARED] += count * share * share
