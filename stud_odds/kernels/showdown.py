"""The showdown: value the hands, find the winners, and one function to split the pot.

Tallies are integer counters per player (columns in ``layout``).

Per deal the kernels only find the winners, as two bit masks (who has the best
high, who has the best qualifying low), and count how often each pair of masks
occurs (the outcome counts below).  Every tally follows from those counts, so ``award``
turns each distinct pair into tallies once per block of work rather than once
per deal: the per-deal cost is a few compares and one increment.  Sampling finds
the winners, and counts the hand classes, of a block of deals side by side
(``winners``, ``count_block_classes``, ``count_scoop``).
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
def winners(game, n, highs, lows, best_high, best_low, high_masks, low_masks):
    """The winners of a block of deals side by side: from highs[p, b] and lows[p, b], the
    values of player p in deal b, high_masks[b] and low_masks[b], who has the best high
    and who the best qualifying low, as bit masks over players (the low's 0 when
    nobody qualifies); best_high and best_low are scratch.

    Every column is filled, used or not, so each step is a whole vector register of
    deals, and no step branches on a value: who wins is a coin toss the branch
    predictor cannot learn.
    """
    width = len(high_masks)
    for b in range(width):
        high_masks[b] = 0
        low_masks[b] = 0
    if game != layout.GAME_RAZZ:
        mark_best(n, highs, best_high, high_masks, False)
    if game != layout.GAME_STUD:
        mark_best(n, lows, best_low, low_masks, True)
        if game == layout.GAME_STUD8:  # every razz hand qualifies
            for b in range(width):
                low_masks[b] = low_masks[b] if best_low[b] != NO_LOW else np.int32(0)


@njit(cache=CACHE_KERNELS, inline="always")
def mark_best(n, values, best, masks, lowest):
    """best[b] = the highest (lowest: the lowest) of values[p, b] over the n players, and
    each player holding it marked in masks[b]."""
    width = len(masks)
    for b in range(width):
        best[b] = values[0, b]
    for p in range(1, n):
        for b in range(width):
            best[b] = min(best[b], values[p, b]) if lowest else max(best[b], values[p, b])
    for p in range(n):
        bit = np.int32(1) << np.int32(p)
        for b in range(width):
            masks[b] |= bit if values[p, b] == best[b] else np.int32(0)


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
def count_scoop(game, classes, b, high_mask, low_mask, highs, lows, lookups):
    """If one player takes the whole pot of deal b of a block (highs[p, b] and lows[p, b]
    as ``winners`` reads them), count that player's final hand class pair."""
    mask = jit_sole_winner(game, high_mask, low_mask)
    if mask == 0:
        return
    p = 0
    while mask > 1:
        mask >>= 1
        p += 1
    classes[p, scoop_column(game, highs[p, b], lows[p, b], lookups)] += 1


# A block's class counts are added up in bit fields of one int64 (7 bits each: up to 127
# deals a block) rather than in the counters themselves: a counter read, added to and
# stored per hand cost more than the hand's valuing (a load waits on the store before it)
_FIELD = 7
_FIELD_MASK = (1 << _FIELD) - 1


@njit(cache=CACHE_KERNELS, inline="always")
def count_block_classes(game, n, block, highs, lows, lookups, classes):
    """count_classes(game, classes, p, highs[p, b], lows[p, b], lookups, 1) for every
    player p and deal b < block (at most 127): each class's count in its own field of
    a running int64 (the low's 13 classes in two)."""
    for p in range(n):
        if game != layout.GAME_RAZZ:
            high_class = lookups.classes.high
            fields = np.int64(0)
            for b in range(block):
                fields += np.int64(1) << (_FIELD * high_class[highs[p, b]])
            for column in range(layout.HIGH_CLASS_COLUMNS):
                classes[p, column] += (fields >> (_FIELD * column)) & _FIELD_MASK
        if game != layout.GAME_STUD:
            low_class = lookups.classes.low8 if game == layout.GAME_STUD8 else lookups.classes.razz
            first = np.int64(0)  # classes 0..7
            second = np.int64(0)  # classes 8..12
            for b in range(block):
                column = low_class[lows[p, b]]
                first += np.int64(column < 8) << (_FIELD * (column & 7))
                second += np.int64(column >= 8) << (_FIELD * (column & 7))
            for column in range(layout.LOW_CLASS_COLUMNS):
                fields = first if column < 8 else second
                classes[p, layout.HIGH_CLASS_COLUMNS + column] += (
                    (fields >> (_FIELD * (column & 7))) & _FIELD_MASK)


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
