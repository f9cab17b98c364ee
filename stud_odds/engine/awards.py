"""Heads-up outcome counts turned into tallies that cannot overflow.

An outcome count (deals won by a high mask and a low mask) always fits an
int64, but the tallies grow faster: SHARE is the count times up to 1680 and
SHARE_SQUARED the count times up to 1680**2, which overflows an int64 from
about 3.3e12 deals (a known hand against a random one on third street has
9.6e12).  So each outcome is awarded by the one pot award
(``kernels.layout.share_out``, which the kernels compile) in Python integers,
and added by Tallies.add, whose sums are int64 when they fit, as every
smaller spot's are.  Weighted counting (weighted.py) passes counts that are
already Python ints.  Nothing here loads numba: the shipped starting-hand
tables are read through it.
"""

from __future__ import annotations

from types import SimpleNamespace

import numpy as np

from stud_odds.kernels.layout import GAME_RAZZ, GAME_STUD, share_out, sole_winner

from .tallies import Tallies


def add_awards(game: int, counts: np.ndarray, tallies: Tallies) -> None:
    """Add the two players' outcome counts[high winners mask, low winners mask] (ints of
    any size; razz's winners are the column) into ``tallies``, exactly."""
    award = SimpleNamespace(per_player=np.zeros(tallies.per_player.shape, object),
                            table=np.zeros(tallies.table.shape, object))
    for (row, column), count in np.ndenumerate(counts):
        if count:
            high_mask = row if game != GAME_RAZZ else 0
            low_mask = column if game != GAME_STUD else 0
            share_out(game, 2, high_mask, low_mask, sole_winner(game, high_mask, low_mask),
                      int(count), award)
    tallies.add(Tallies(award.per_player, np.zeros(tallies.classes.shape, np.int64),
                        award.table))
