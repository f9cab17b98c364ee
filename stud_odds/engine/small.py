"""Small spots counted with numpy: every deal of a late-street spot, without numba.

A river or sixth-street spot has a few thousand deals, which numpy counts in
milliseconds, while a fresh process would spend a second or more importing
numba and loading a cached kernel.  So spots of at most planning.SMALL_DEALS
deals are counted here, over the same look-up tables (kernels/tables.py) and
with the same tallies as kernels/enumerate.py, integer for integer: whichever
counts a spot, its answer is the same, byte for byte (tests/test_engine_small.py).

The deals are built whole: one row per deal, its cards' summed keys per
player (the shared seventh-street card first, then each player's combinations
of the unseen cards that the earlier ones left), valued as the kernels value
them (kernels/evaluate.py), and the winners of each deal found as the
kernels' bit masks.  Deals with the same winners are awarded together by
layout.share_out, the one pot award the kernels compile too, and a scoop is
layout.sole_winner, the one definition.  Nothing here imports numba.
"""

from __future__ import annotations

import math
from functools import lru_cache

import numpy as np

from stud_odds.kernels import layout
from stud_odds.kernels.bundles import Lookups, Spot
from stud_odds.kernels.tables import NO_LOW, RANK_SUM_MASK, SUIT_SHIFT

from .tallies import Tallies


def small_tallies(game: int, spot: Spot, lookups: Lookups) -> Tallies:
    """Every deal's tallies, as kernels/enumerate.py counts them."""
    keys, bits = _deals(spot, lookups)
    return hand_tallies(game, keys, bits, bool(spot.track_scoops), lookups)


def hand_tallies(game: int, keys: np.ndarray, bits: np.ndarray, track_scoops: bool,
                 lookups: Lookups) -> Tallies:
    """The tallies of deals given as every player's summed card keys and bits, (players,
    deals) each, one deal a column: as the kernels count a deal they dealt (enumeration
    or sampling alike)."""
    n = len(keys)
    highs, lows = hand_value_arrays(game, keys, bits, lookups)
    high_masks, low_masks = _winners(game, highs, lows)
    tallies = Tallies.zeros(n, len(high_masks))
    _count_classes(game, highs, lows, lookups, tallies.classes)
    # the deals counted by their winners (at most 4 ** 8 pairs): each pair awarded once
    outcome = high_masks << n | low_masks
    sole = award_winner_counts(game, n, np.bincount(outcome, minlength=1 << 2 * n), tallies)
    if track_scoops:
        _count_scoops(game, highs, lows, sole[outcome], lookups, tallies.classes)
    return tallies


def award_winner_counts(game: int, n: int, counts: np.ndarray, tallies: Tallies
                        ) -> np.ndarray:
    """Award the deals counted by their winners (index high winners << n | low winners)
    into ``tallies``, each pair of winners once, by layout.share_out (numpy's
    counterpart of kernels.showdown.award_outcomes, whose counts are a table); each
    index's sole winner (0: nobody scooped)."""
    sole = np.zeros(len(counts), np.int64)
    for index in np.flatnonzero(counts).tolist():
        high_mask, low_mask = index >> n, index & ((1 << n) - 1)
        sole[index] = layout.sole_winner(game, high_mask, low_mask)
        layout.share_out(game, n, high_mask, low_mask, int(sole[index]), int(counts[index]),
                         tallies)
    return sole


def _deals(spot: Spot, lookups: Lookups) -> tuple[np.ndarray, np.ndarray]:
    """Every deal's summed card keys and bits per player: (players, deals) each."""
    deck = np.asarray(spot.deck, np.int64)
    positions = np.int64(1) << np.arange(len(deck), dtype=np.int64)
    card_key, card_bit = lookups.card_key[deck], lookups.card_bit[deck]
    if spot.shared_draw:  # the shared card first: every player holds it
        used, shared_key, shared_bits = positions, card_key, card_bit
    else:
        used, shared_key, shared_bits = (np.zeros(1, np.int64) for _ in range(3))
    dealt: list[tuple[np.ndarray, np.ndarray]] = []  # per player: keys, bits of each deal
    for k in np.asarray(spot.draws).tolist():
        combos = combination_rows(len(deck), k)
        mask = positions[combos].sum(axis=1)
        free = (used[:, None] & mask[None, :]) == 0  # (deals so far, combinations)
        rows, picks = np.nonzero(free)
        used = used[rows] | mask[picks]
        shared_key, shared_bits = shared_key[rows], shared_bits[rows]
        dealt = [(key[rows], bit[rows]) for key, bit in dealt]
        dealt.append((card_key[combos].sum(axis=1)[picks],
                      np.bitwise_or.reduce(card_bit[combos], axis=1)[picks]))
    keys = np.array([np.asarray(spot.known_key)[p] + shared_key + key
                     for p, (key, _) in enumerate(dealt)])
    bits = np.array([np.asarray(spot.known_bits)[p] | shared_bits | bit
                     for p, (_, bit) in enumerate(dealt)])
    return keys, bits


@lru_cache(maxsize=16)
def combination_rows(n: int, k: int) -> np.ndarray:
    """Every k of range(n), one row each (read-only: kept for the next spot)."""
    if k == 0 or k > n:
        rows = np.zeros((math.comb(n, k), k), np.int64)
    else:
        # column by column, in itertools.combinations' order: each row so far followed
        # by each larger position that leaves room for the columns after it
        rows = np.arange(n - k + 1, dtype=np.int64)[:, None]
        for column in range(1, k):
            last = rows[:, -1]
            choices = (n - k + column) - last
            parent = np.repeat(np.arange(len(rows)), choices)
            first_child = np.cumsum(choices) - choices
            rows = np.column_stack((rows[parent], last[parent] + 1
                                    + np.arange(len(parent)) - first_child[parent]))
    rows.flags.writeable = False
    return rows


def hand_value_arrays(game: int, keys: np.ndarray, bits: np.ndarray,
                      lookups: Lookups) -> tuple[np.ndarray, np.ndarray]:
    """(high, low) of every hand, as kernels/showdown.hand_values; the unused one is 0."""
    tables = lookups.evaluators
    zeros = np.zeros(keys.shape, np.int64)
    if game == layout.GAME_RAZZ:
        return zeros, tables.razz_by_ranks[keys & RANK_SUM_MASK].astype(np.int64)
    # evaluate.flush_suit: a 4-bit suit counter plus 3 reaches 8 at five cards
    over = ((keys >> SUIT_SHIFT) + 0x3333) & 0x8888
    suit = np.select([(over & 0x8) != 0, (over & 0x80) != 0, (over & 0x800) != 0, over != 0],
                     [0, 1, 2, 3], -1)
    flush_ranks = (bits >> (16 * np.maximum(suit, 0))) & 0x1FFF
    highs = np.where(suit >= 0, tables.high_by_flush[flush_ranks],
                     tables.high_by_ranks[keys & RANK_SUM_MASK]).astype(np.int64)
    if game == layout.GAME_STUD:
        return highs, zeros
    ranks = (bits | bits >> 16 | bits >> 32 | bits >> 48) & 0x1FFF
    ace_low = ((ranks << 1) | (ranks >> 12)) & 0xFF  # bit 0 = ace, bit 7 = eight
    return highs, tables.low8_by_mask[ace_low].astype(np.int64)


def _winners(game: int, highs: np.ndarray, lows: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Each deal's (high winners, low winners) as bit masks over players, as
    kernels/showdown.winners; the low mask is 0 when nobody qualifies."""
    bit = np.int64(1) << np.arange(len(highs), dtype=np.int64)[:, None]
    high_masks = low_masks = np.zeros(highs.shape[1], np.int64)
    if game != layout.GAME_RAZZ:
        high_masks = np.where(highs == highs.max(axis=0), bit, 0).sum(axis=0)
    if game != layout.GAME_STUD:
        best = lows.min(axis=0)
        qualifies = best != NO_LOW if game == layout.GAME_STUD8 else True  # every razz hand does
        low_masks = np.where((lows == best) & qualifies, bit, 0).sum(axis=0)
    return high_masks, low_masks


def class_columns(game: int, highs: np.ndarray, lows: np.ndarray,
                  lookups: Lookups) -> tuple[np.ndarray, np.ndarray]:
    """Each hand's high class (0 in razz) and low class (0 in stud): the columns of
    kernels/showdown.count_classes and scoop_column."""
    classes = lookups.classes
    high = classes.high[highs] if game != layout.GAME_RAZZ else np.zeros_like(highs)
    if game == layout.GAME_STUD8:
        low = classes.low8[lows]
    elif game == layout.GAME_RAZZ:
        low = classes.razz[lows]
    else:
        low = np.zeros_like(lows)
    return high, low


def _count_classes(game: int, highs: np.ndarray, lows: np.ndarray, lookups: Lookups,
                   classes: np.ndarray) -> None:
    high, low = class_columns(game, highs, lows, lookups)
    for p in range(len(highs)):
        if game != layout.GAME_RAZZ:
            classes[p, :layout.HIGH_CLASS_COLUMNS] += np.bincount(
                high[p], minlength=layout.HIGH_CLASS_COLUMNS)
        if game != layout.GAME_STUD:
            classes[p, layout.HIGH_CLASS_COLUMNS:layout.SCOOP_CLASS_BASE] += np.bincount(
                low[p], minlength=layout.LOW_CLASS_COLUMNS)


def _count_scoops(game: int, highs: np.ndarray, lows: np.ndarray, sole: np.ndarray,
                  lookups: Lookups, classes: np.ndarray) -> None:
    """Each scooping hand's class pair, counted for the player who scooped (sole: each
    deal's sole winner as a one-bit mask, 0 when nobody took the whole pot)."""
    high, low = class_columns(game, highs, lows, lookups)
    for p in range(len(highs)):
        scooped = sole == 1 << p
        columns = high[p, scooped] * layout.LOW_CLASS_COLUMNS + low[p, scooped]
        classes[p, layout.SCOOP_CLASS_BASE:] += np.bincount(
            columns, minlength=classes.shape[1] - layout.SCOOP_CLASS_BASE)
