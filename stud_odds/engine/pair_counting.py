"""What heads-up counting (headsup.py, weighted.py, their planning in headsup_work.py) and
its numpy twin (twins/headsup.py) share: how values, class pairs, stud8's low buckets
and the two players' outcome bits are laid out.  numpy only, no numba."""

from __future__ import annotations

from stud_odds.kernels.layout import HIGH_CLASS_COLUMNS, LOW_CLASS_COLUMNS
from stud_odds.kernels.tables import HIGH_CLASSES, RAZZ_CLASSES

VALUE_SPAN = max(HIGH_CLASSES, RAZZ_CLASSES) + 1  # every sweep value is below it
PAIR_CLASSES = HIGH_CLASS_COLUMNS * LOW_CLASS_COLUMNS  # (high class, low class) columns
LOW_LEVELS = 6  # stud8's 57 low buckets live in 2**6 = 64 slots, halved 6 times
SWAP_PLAYERS = [0, 2, 1, 3]  # outcome masks with bits 0 and 1 swapped
