"""The showdown: value the hands, find the winners, and one function to split the pot.

Tallies are integer counters per player (columns in ``layout``).

Per deal the kernels only find the winners, as two bit masks (who has the best
high, who has the best qualifying low), and count how often each pair of masks
occurs (the outcome counts below).  Every tally follows from those counts, so ``award``
turns each distinct pair into tallies once per block of work rather than once
per deal: the per-deal cost is a few compares and one increment.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from stud_odds.kernels import CACHE_KERNELS, layout
from stud_odds.kernels.evaluate import high_of_keys, low8_of_bits, razz_of_keys
from stud_odds.kernels.tables import NO_LOW

# layout.sole_winner (the one definition of a scoop) and layout.share_out (the one pot
# award), compiled
jit_sole_winner = njit(cache=CACHE_KERNELS, inline="always")(layout.sole_winner)
jit_share_out = njit(cache=CACHE_KERNELS, inline="always")(layout.share_out)


@njit(cache=CACHE_KERNELS, inline="always")
def hand_values(game, key, bits, lookups):
    """(high, low) of one player's seven cards (summed keys); the unused one is 0."""
    tables = lookups.evaluators
    if game == layout.GAME_RAZZ:
        return np.int64(0), razz_of_keys(key, tables.razz_by_ranks)
    high = high_of_keys(key, bits, tables.high_by_ranks, tables.high_by_flush)
    if game == layout.GAME_STUD8:
        return high, low8_of_bits(bits, tables.low8_by_mask)
    return high, np.int64(0)


@njit(cache=CACHE_KERNELS, inline="always")
def count_classes(game, classes, p, high, low, lookups, weight):
    """Add weight to player p's high and low hand classes."""
    if game != layout.GAME_RAZZ:
        classes[p, lookups.classes.high[high]] += weight
    if game == layout.GAME_STUD8:
        classes[p, layout.HIGH_CLASS_COLUMNS + lookups.classes.low8[low]] += weight
    elif game == layout.GAME_RAZZ:
        classes[p, layout.HIGH_CLASS_COLUMNS + lookups.classes.razz[low]] += weight


@njit(cache=CACHE_KERNELS, inline="always")
def winners(game, n, highs, lows):
    """(high winners, low winners) as bit masks over players; low is 0 when nobody qualifies.

    Written without data-dependent branches: who wins is a coin toss the
    branch predictor cannot learn.
    """
    high_mask = 0
    if game != layout.GAME_RAZZ:
        best = highs[0]
        for p in range(1, n):
            best = max(best, highs[p])
        for p in range(n):
            high_mask |= np.int64(highs[p] == best) << p
    low_mask = 0
    if game != layout.GAME_STUD:
        best = lows[0]
        for p in range(1, n):
            best = min(best, lows[p])
        if game == layout.GAME_RAZZ or best != NO_LOW:  # every razz hand qualifies
            for p in range(n):
                low_mask |= np.int64(lows[p] == best) << p
    return high_mask, low_mask


@njit(cache=CACHE_KERNELS, inline="always")
def scoop_column(game, high, low, lookups):
    """The class column a hand of (high, low) is counted in when it scoops."""
    high_class = lookups.classes.high[high] if game != layout.GAME_RAZZ else 0
    if game == layout.GAME_STUD8:
        low_class = lookups.classes.low8[low]
    elif game == layout.GAME_RAZZ:
        low_class = lookups.classes.razz[low]
    else:
        low_class = 0
    return layout.SCOOP_CLASS_BASE + high_class * layout.LOW_CLASS_COLUMNS + low_class


@njit(cache=CACHE_KERNELS, inline="always")
def count_scoop(game, classes, high_mask, low_mask, highs, lows, lookups):
    """If one player takes the whole pot, count that player's final hand class pair."""
    mask = jit_sole_winner(game, high_mask, low_mask)
    if mask == 0:
        return
    p = 0
    while mask > 1:
        mask >>= 1
        p += 1
    classes[p, scoop_column(game, highs[p], lows[p], lookups)] += 1


@njit(cache=CACHE_KERNELS)
def award(game, n, high_mask, low_mask, count, tally):
    """Share out `count` pots won by the players in high_mask (best high) and low_mask,
    into ``tally`` (a bundles.Tally): layout.share_out, compiled."""
    jit_share_out(game, n, high_mask, low_mask, jit_sole_winner(game, high_mask, low_mask),
                  count, tally)


# Outcome counts: counts[high_mask, low_mask] deals, an array with 2**n rows for
# games with a high (else 1) and 2**n columns for games with a low (else 1), so
# at most 512 KiB (stud8, eight players).  Zeroing it up front is cheaper than
# any per-deal bookkeeping of which rows are in use: that check alone cost a
# third of the heads-up trial rate.


@njit(cache=CACHE_KERNELS)
def new_outcomes(game, n):
    """Zeroed outcome counts for one block of work."""
    rows = 1 << n if game != layout.GAME_RAZZ else 1
    columns = 1 << n if game != layout.GAME_STUD else 1
    return np.zeros((rows, columns), np.int64)


@njit(cache=CACHE_KERNELS, inline="always")
def add_outcome(counts, high_mask, low_mask):
    """Count one deal won by high_mask / low_mask (razz: row 0; stud: column 0)."""
    row = high_mask if counts.shape[0] > 1 else 0
    column = low_mask if counts.shape[1] > 1 else 0
    counts[row, column] += 1


@njit(cache=CACHE_KERNELS)
def award_outcomes(game, n, counts, tally):
    """Award every counted outcome into ``tally`` (a bundles.Tally).

    Called once per block of work, so the kernels pass the game as a runtime int64
    (np.int64(game)), not as their compile-time constant: one compiled award serves
    every kernel and game (a second or so of compiling each)."""
    for row in range(counts.shape[0]):
        for column in range(counts.shape[1]):
            if counts[row, column]:
                high_mask = row if game != layout.GAME_RAZZ else 0
                low_mask = column if game != layout.GAME_STUD else 0
                award(game, n, high_mask, low_mask, counts[row, column], tally)
