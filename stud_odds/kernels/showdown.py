"""The pot award: one function decides every player's share of one showdown.

Tallies are integer counters per player (columns below).  Pot shares are in
units of 1/POT of a pot: 1680 = 2 * lcm(1..8), so a pot or half pot split
among up to eight players is always a whole number of units.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from stud_odds.kernels.evaluate import NO_LOW, high_value, low8_value, razz_value

GAME_STUD, GAME_STUD8, GAME_RAZZ = 0, 1, 2
POT = 1680
HALF_POT = POT // 2

# tally columns, per player
HIGH_WIN, HIGH_TIE, LOW_WIN, LOW_TIE, SCOOP, SHARE, SHARE_SQUARED = range(7)
TALLY_COLUMNS = 7
# table-level counters
NO_LOW_COUNT = 0
TABLE_COLUMNS = 1
# class columns, per player: 9 high categories, then 13 low classes: the ace-low rank
# of the low's top card (4 = five .. 12 = king), 0 for no low (stud8) or a pair (razz)
HIGH_CLASS_COLUMNS = 9
LOW_CLASS_COLUMNS = 13
CLASS_COLUMNS = HIGH_CLASS_COLUMNS + LOW_CLASS_COLUMNS


@njit(cache=True)
def award(game, n, highs, lows, tally, table):
    """Share out one pot among n players given their high and low values.

    stud: best high takes all.  stud8: best high and best qualifying low split
    the pot; with no qualifying low the high takes all.  razz: lowest takes
    all.  Ties split the part they tie for.
    """
    high_share = 0
    high_winners = 0
    best_high = -1
    if game != GAME_RAZZ:
        for p in range(n):
            if highs[p] > best_high:
                best_high = highs[p]
                high_winners = 1
            elif highs[p] == best_high:
                high_winners += 1
    low_share = 0
    low_winners = 0
    best_low = NO_LOW
    if game != GAME_STUD:
        best_low = lows[0]
        low_winners = 1
        for p in range(1, n):
            if lows[p] < best_low:
                best_low = lows[p]
                low_winners = 1
            elif lows[p] == best_low:
                low_winners += 1
    if game == GAME_STUD:
        high_share = POT // high_winners
    elif game == GAME_RAZZ:
        low_share = POT // low_winners
    elif best_low == NO_LOW:
        table[NO_LOW_COUNT] += 1
        low_winners = 0
        high_share = POT // high_winners
    else:
        high_share = HALF_POT // high_winners
        low_share = HALF_POT // low_winners
    for p in range(n):
        share = 0
        if high_winners > 0 and highs[p] == best_high:
            share += high_share
            tally[p, HIGH_WIN if high_winners == 1 else HIGH_TIE] += 1
        if low_winners > 0 and lows[p] == best_low:
            share += low_share
            tally[p, LOW_WIN if low_winners == 1 else LOW_TIE] += 1
        if share == POT:
            tally[p, SCOOP] += 1
        tally[p, SHARE] += share
        tally[p, SHARE_SQUARED] += share * share


@njit(cache=True)
def score(game, n, keys, bits, tables, classes_of, highs, lows, tally, classes, table):
    """Value each player's seven cards (summed keys), count hand classes, award the pot.

    ``tables`` = (high_by_ranks, high_by_flush, razz_by_ranks, low8_by_mask);
    ``classes_of`` = (high class by value, low8 class by value, razz class by value).
    ``highs``/``lows`` are scratch arrays of length n.
    """
    high_by_ranks, high_by_flush, razz_by_ranks, low8_by_mask = tables
    high_class_of, low8_class_of, razz_class_of = classes_of
    for p in range(n):
        if game == GAME_RAZZ:
            low = razz_value(keys[p], razz_by_ranks)
            lows[p] = low
            classes[p, HIGH_CLASS_COLUMNS + razz_class_of[low]] += 1
        else:
            high = high_value(keys[p], bits[p], high_by_ranks, high_by_flush)
            highs[p] = high
            classes[p, high_class_of[high]] += 1
            if game == GAME_STUD8:
                low = low8_value(bits[p], low8_by_mask)
                lows[p] = low
                classes[p, HIGH_CLASS_COLUMNS + low8_class_of[low]] += 1
    award(game, n, highs, lows, tally, table)


def new_tallies(blocks: int, players: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Zeroed (tally, classes, table) arrays with one slice per block of work."""
    return (
        np.zeros((blocks, players, TALLY_COLUMNS), np.int64),
        np.zeros((blocks, players, CLASS_COLUMNS), np.int64),
        np.zeros((blocks, TABLE_COLUMNS), np.int64),
    )
