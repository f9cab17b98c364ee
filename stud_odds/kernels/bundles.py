"""The small typed bundles the kernels take, built once, without importing numba.

numba passes a named tuple of arrays and ints as one argument and reads its
fields as fast as separate arguments (the fields' types are part of the
compiled signature, so every bundle keeps the same dtypes from call to call).
A kernel takes at most a few of them: what it reads to value hands
(``Lookups``), the spot (``Spot``), for enumeration the order of the deal
(``Levels``), and the tallies it adds to (``Tally``).
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from stud_odds.kernels.codes import CATEGORY_SHIFT
from stud_odds.kernels.tables import NO_LOW, Tables


class Evaluators(NamedTuple):
    """The evaluators' tables (see evaluate.py)."""

    high_by_ranks: np.ndarray  # uint16[max 7-card rank sum + 1]
    high_by_flush: np.ndarray  # uint16[8192]
    razz_by_ranks: np.ndarray  # uint16[max 7-card rank sum + 1]
    low8_by_mask: np.ndarray  # int32[256]


class Classes(NamedTuple):
    """The hand class of each value (the columns of layout.py's class tallies)."""

    high: np.ndarray  # int64[7463]: high category (0 high card .. 8 straight flush)
    low8: np.ndarray  # int64[NO_LOW + 1]: the low's top card, ace-low rank; 0 for no low
    razz: np.ndarray  # int64[6175]: the same for razz; 0 for a pair or worse


class Lookups(NamedTuple):
    """Everything a kernel reads to value and classify a hand.

    Nested rather than flat: the per-hand functions take the whole bundle and
    numba compiled them into code a third slower when it held nine arrays side
    by side (measured on Monte Carlo, stud and stud8).
    """

    card_key: np.ndarray  # int64[52]
    card_bit: np.ndarray  # int64[52]
    evaluators: Evaluators
    classes: Classes


class Spot(NamedTuple):
    """A spot as the kernels see it: the unseen cards and each player's known cards."""

    deck: np.ndarray  # int64[unseen]: the cards still to come from
    known_key: np.ndarray  # int64[players]: summed card_key of each player's known cards
    known_bits: np.ndarray  # int64[players]: summed card_bit of the same
    draws: np.ndarray  # int64[players]: the cards each player still receives alone
    shared_draw: int  # 1 when one shared seventh-street card is still to come
    track_scoops: int  # 1 to count the scooping hands' classes (a quarter of the rate)


class Ranges(NamedTuple):
    """Players whose two hole cards are drawn from a range rather than the deck (Monte
    Carlo): ranged player r is player[r], and his pairs are those in start[r]:start[r + 1]
    of the flat arrays, drawn by weight with Walker's alias method: a pair drawn
    uniformly from his span keeps its draw with probability keep[i], else gives it to
    alias[i].  The pairs never hold a card known anywhere; the spot's draws leave them
    out."""

    player: np.ndarray  # int64[ranged players]
    start: np.ndarray  # int64[ranged players + 1]
    mask: np.ndarray  # int64[pairs]: 1 << card of both cards
    key: np.ndarray  # int64[pairs]: summed card_key of both cards
    bits: np.ndarray  # int64[pairs]: summed card_bit of both cards
    keep: np.ndarray  # float64[pairs]
    alias: np.ndarray  # int64[pairs], an index into the same flat arrays


def ranges_bundle(players: list[int], pairs: list[tuple[np.ndarray, np.ndarray, np.ndarray]],
                  lookups: Lookups) -> Ranges:
    """The Ranges of these players, each with his pairs as (first, second, weight)."""
    start = np.cumsum([0, *(len(weight) for _, _, weight in pairs)], dtype=np.int64)
    if not players:
        first = second = np.zeros(0, np.int64)
    else:
        first = np.concatenate([first for first, _, _ in pairs]).astype(np.int64)
        second = np.concatenate([second for _, second, _ in pairs]).astype(np.int64)
    tables = [alias_table(weight, int(offset))
              for (_, _, weight), offset in zip(pairs, start[:-1], strict=True)]
    keep = np.concatenate([keep for keep, _ in tables]) if tables else np.zeros(0)
    alias = np.concatenate([alias for _, alias in tables]) if tables else first.copy()
    return Ranges(
        player=np.array(players, np.int64),
        start=start,
        mask=(np.int64(1) << first) | (np.int64(1) << second),
        key=lookups.card_key[first] + lookups.card_key[second],
        bits=lookups.card_bit[first] | lookups.card_bit[second],
        keep=keep.astype(np.float64),
        alias=alias.astype(np.int64),
    )


def alias_table(weights: np.ndarray, offset: int = 0) -> tuple[np.ndarray, np.ndarray]:
    """(keep, alias) of Vose's alias method for drawing index i with probability
    weights[i] / sum(weights); aliases are shifted by ``offset``.

    >>> keep, alias = alias_table(np.array([1.0, 3.0]))
    >>> keep.tolist(), alias.tolist()
    ([0.5, 1.0], [1, 1])
    """
    count = len(weights)
    scaled = np.asarray(weights, np.float64) * (count / np.sum(weights))
    keep = np.ones(count, np.float64)
    alias = np.arange(count, dtype=np.int64)
    small = [i for i in range(count) if scaled[i] < 1.0]
    large = [i for i in range(count) if scaled[i] >= 1.0]
    while small and large:
        less, more = small.pop(), large.pop()
        keep[less], alias[less] = scaled[less], more
        scaled[more] -= 1.0 - scaled[less]
        (small if scaled[more] < 1.0 else large).append(more)
    # what is left holds a whole slot (rounding leaves some a hair under 1)
    return keep, alias + offset


class Levels(NamedTuple):
    """The order of an exhaustive deal (enumerate.py): level l gives k[l] cards to
    player[l], the last level in the inner loop.  values[l, r], where tabled[l], is
    that player's high << 16 | low with the completion of colex rank r."""

    player: np.ndarray  # int64[levels]
    k: np.ndarray  # int64[levels]
    values: np.ndarray  # int32[levels, the largest table] ([levels, 0]: none)
    tabled: np.ndarray  # bool[levels]: whether values[l] holds level l's table
    outer: int  # how many levels make up the index that ranges of deals are cut by


class Tally(NamedTuple):
    """Integer tallies a kernel adds to (columns in layout.py)."""

    per_player: np.ndarray  # int64[players, TALLY_COLUMNS]
    classes: np.ndarray  # int64[players, CLASS_COLUMNS]
    table: np.ndarray  # int64[TABLE_COLUMNS]


def build_lookups(tables: Tables) -> Lookups:
    """The kernels' bundle of the evaluator tables plus each value's hand class."""
    high = np.zeros(len(tables.high_codes) + 1, np.int64)
    high[1:] = tables.high_codes >> CATEGORY_SHIFT
    low8 = np.zeros(NO_LOW + 1, np.int64)  # NO_LOW stays class 0
    for value in range(1, 256):
        low8[value] = value.bit_length() - 1  # top card, ace-low rank (7 = eight)
    razz_codes = tables.razz_codes
    razz = np.where(razz_codes >> CATEGORY_SHIFT == 0, (razz_codes >> 16) & 0xF, 0)
    evaluators = Evaluators(tables.high_by_ranks, tables.high_by_flush, tables.razz_by_ranks,
                            tables.low8_by_mask)
    return Lookups(tables.card_key, tables.card_bit, evaluators,
                   Classes(high, low8, razz.astype(np.int64)))


def hand_keys(cards: list[int] | tuple[int, ...], lookups: Lookups) -> tuple[int, int]:
    """(summed card_key, summed card_bit) of some cards."""
    key = bits = 0
    for card in cards:
        key += int(lookups.card_key[card])
        bits |= int(lookups.card_bit[card])
    return key, bits
