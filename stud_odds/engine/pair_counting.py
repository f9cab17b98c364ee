"""What heads-up counting (headsup.py, weighted.py, their planning in headsup_work.py) and
its numpy twin (twins/headsup.py) share: how values, class pairs, stud8's low buckets
and the two players' outcome bits are laid out.  numpy only, no numba."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from stud_odds.kernels.layout import (
    GAME_RAZZ,
    GAME_STUD,
    HIGH_CLASS_COLUMNS,
    LOW_CLASS_COLUMNS,
    SCOOP_CLASS_BASE,
)
from stud_odds.kernels.tables import HIGH_CLASSES, RAZZ_CLASSES

if TYPE_CHECKING:
    from stud_odds.ranges import Combos

VALUE_SPAN = max(HIGH_CLASSES, RAZZ_CLASSES) + 1  # every sweep value is below it
PAIR_CLASSES = HIGH_CLASS_COLUMNS * LOW_CLASS_COLUMNS  # (high class, low class) columns
LOW_LEVELS = 6  # stud8's 57 low buckets live in 2**6 = 64 slots, halved 6 times
SWAP_PLAYERS = [0, 2, 1, 3]  # outcome masks with bits 0 and 1 swapped
WEIGHT_SCALE = 1_000_000  # a range's weights are counted in millionths (engine/weighted.py)


def pair_weights(deck: np.ndarray, combos: Combos) -> np.ndarray:
    """A range's pairs as a symmetric matrix over the deck's positions: each pair's weight
    in WEIGHT_SCALE units, 0 for a pair the range does not allow (the kernel and its numpy
    twin read the same matrix)."""
    position = np.full(52, -1, np.int64)
    position[deck] = np.arange(len(deck))
    weights = np.zeros((len(deck), len(deck)), np.int64)
    scaled = np.round(np.asarray(combos.weight, np.float64) * WEIGHT_SCALE).astype(np.int64)
    first, second = position[combos.first], position[combos.second]
    weights[first, second] = scaled
    weights[second, first] = scaled
    return weights


def exact_weights(combos: Combos) -> bool:
    """Whether every weight is a whole number of millionths (written with up to six
    decimals), so that counting in millionths is exact."""
    scaled = np.asarray(combos.weight, np.float64) * WEIGHT_SCALE
    return bool(np.all(np.abs(scaled - np.round(scaled)) <= 1e-6 * scaled))


def add_pair_classes(game: int, per_pair_class: np.ndarray, classes: np.ndarray) -> None:
    """Deals counted per class pair (high class, low class) into one player's class
    columns: the high classes (not in razz) and the low classes (not in stud)."""
    per_pair = per_pair_class.reshape(HIGH_CLASS_COLUMNS, LOW_CLASS_COLUMNS)
    if game != GAME_RAZZ:
        classes[:HIGH_CLASS_COLUMNS] += per_pair.sum(axis=1)
    if game != GAME_STUD:
        classes[HIGH_CLASS_COLUMNS:SCOOP_CLASS_BASE] += per_pair.sum(axis=0)
