"""Heads-up outcome counts turned into tallies that cannot overflow.

An outcome count (deals won by a high mask and a low mask) always fits an
int64, but the tallies grow faster: SHARE is the count times up to 1680 and
SHARE_SQUARED the count times up to 1680**2, which overflows an int64 from
about 3.3e12 deals (a known hand against a random one on third street has
9.6e12).  So each outcome's tally per deal (a handful of small ints, from
the one award in kernels/showdown.py) is multiplied by its count in Python
integers, and added by Tallies.add, whose sums are int64 when they fit, as
every smaller spot's are.  Weighted counting (weighted.py) passes counts that
are already Python ints.
"""

from __future__ import annotations

import numpy as np

from stud_odds.kernels.showdown import award_outcomes

from .tallies import Tallies


def add_awards(game: int, counts: np.ndarray, tallies: Tallies) -> None:
    """Add the two players' outcome counts[high winners mask, low winners mask] (ints of
    any size) into ``tallies``, exactly."""
    per_player = np.zeros(tallies.per_player.shape, object)
    table = np.zeros(tallies.table.shape, object)
    for (row, column), count in np.ndenumerate(counts):
        if count:
            unit = Tallies.zeros(2)
            one = np.zeros(counts.shape, np.int64)
            one[row, column] = 1
            award_outcomes(game, 2, one, unit.tally())
            per_player += int(count) * unit.per_player.astype(object)
            table += int(count) * unit.table.astype(object)
    tallies.add(Tallies(per_player, np.zeros(tallies.classes.shape, np.int64), table))
