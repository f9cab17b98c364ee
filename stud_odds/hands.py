"""Hand values for people: evaluate a list of cards, describe a value in words."""

from __future__ import annotations

import logging
import os
import shutil
from collections.abc import Sequence
from functools import cache
from pathlib import Path

import numpy as np

from stud_odds import cache as stud_odds_cache
from stud_odds.cards import CardError, check_unique
from stud_odds.kernels.codes import CATEGORY_SHIFT, HIGH_CATEGORY_NAMES, STRAIGHT, STRAIGHT_FLUSH
from stud_odds.kernels.tables import NO_LOW, Tables, build_tables, values_of_any_hand

log = logging.getLogger("stud_odds")

_PLURAL = (
    "deuces", "threes", "fours", "fives", "sixes", "sevens", "eights", "nines", "tens",
    "jacks", "queens", "kings", "aces",
)
_SINGULAR = (
    "deuce", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    "jack", "queen", "king", "ace",
)
_LOW_RANKS = "A23456789TJQK"  # ace-low rank order


def _load_tables(folder: Path) -> Tables | None:
    """The tables stored in ``folder`` (memory-mapped: loading reads nothing yet), or None
    when there are none or they are damaged."""
    if not folder.is_dir():
        return None
    try:
        loaded = Tables(*(np.asarray(np.load(folder / f"{name}.npy", mmap_mode="r"))
                          for name in Tables._fields))
        if loaded.card_key.shape == (52,) and loaded.low8_by_mask.shape == (256,) \
                and len(loaded.high_codes) == 7462 and len(loaded.razz_codes) == 6175 \
                and len(loaded.high_by_ranks) == len(loaded.razz_by_ranks):
            return loaded
    except Exception:  # noqa: BLE001 (a file cut short or overwritten raises all sorts)
        pass
    log.warning("the cached evaluator tables in %s were damaged; building them again", folder)
    return None


def _store_tables(built: Tables, folder: Path) -> None:
    """Write the tables beside ``folder`` and rename them into place whole."""
    partial = folder.with_name(f".{folder.name}.{os.getpid()}")
    try:
        partial.mkdir(parents=True, exist_ok=True)
        for name, array in built._asdict().items():
            np.save(partial / f"{name}.npy", array)
        shutil.rmtree(folder, ignore_errors=True)  # damaged ones
        partial.rename(folder)  # atomic: a concurrent reader never sees half the tables
    except OSError:
        shutil.rmtree(partial, ignore_errors=True)  # a full disk only costs the build time


@cache
def tables() -> Tables:
    """The evaluators' look-up tables: built once (half a second), then memory-mapped from
    the cache.  Read-only either way, so kernels see one array type."""
    folder = stud_odds_cache.location().tables_folder
    stored = None if folder is None else _load_tables(folder)
    if stored is None:
        stored = build_tables()
        for array in stored:
            array.flags.writeable = False
        if folder is not None:
            _store_tables(stored, folder)
    return stored


def _values(cards: Sequence[int]) -> tuple[int, int, int]:
    if not 5 <= len(cards) <= 7:
        raise CardError(f"a hand is valued from 5 to 7 cards, not {len(cards)}")
    for card in cards:
        if not 0 <= card < 52:
            raise CardError(f"{card!r} is not a known card")
    check_unique(cards)
    return values_of_any_hand(np.asarray(cards, np.int64), tables())


def high_value(cards: Sequence[int]) -> int:
    """Best five-card high hand of 5-7 cards, 1..7462; larger is better."""
    return _values(cards)[0]


def low8_value(cards: Sequence[int]) -> int | None:
    """Eight-or-better low of 5-7 cards (smaller is better), or None when none qualifies."""
    value = _values(cards)[1]
    return None if value == NO_LOW else value


def razz_value(cards: Sequence[int]) -> int:
    """Ace-to-five low with pairs counting of 5-7 cards, 0..6174; smaller is better."""
    return _values(cards)[2]


def high_category(value: int) -> int:
    """0 (high card) .. 8 (straight flush) for a high value."""
    return int(tables().high_codes[value - 1]) >> CATEGORY_SHIFT


def _nibbles(code: int) -> list[int]:
    return [(code >> shift) & 0xF for shift in (16, 12, 8, 4, 0)]


def describe_high(value: int) -> str:
    """``two pair, kings and sevens``; ``straight, five high``; ``royal flush``."""
    code = int(tables().high_codes[value - 1])
    category = code >> CATEGORY_SHIFT
    r = _nibbles(code)
    name = HIGH_CATEGORY_NAMES[category]
    if category in (STRAIGHT, STRAIGHT_FLUSH):
        if category == STRAIGHT_FLUSH and r[0] == 12:
            return "royal flush"
        return f"{name}, {_SINGULAR[r[0]]} high"
    if category == 7:
        return f"{name}, {_PLURAL[r[0]]}"
    if category == 6:
        return f"{name}, {_PLURAL[r[0]]} full of {_PLURAL[r[1]]}"
    if category == 3:
        return f"{name}, {_PLURAL[r[0]]}"
    if category == 2:
        return f"{name}, {_PLURAL[r[0]]} and {_PLURAL[r[1]]}"
    if category == 1:
        return f"{name}, {_PLURAL[r[0]]}"
    if category == 5:
        return f"{name}, {_SINGULAR[r[0]]} high"
    return f"{name}, {_SINGULAR[r[0]]}"


def low8_ranks(value: int) -> list[int]:
    """The five ace-low ranks of an eight-or-better low, highest first (0 = ace .. 7 = eight)."""
    return [b for b in range(7, -1, -1) if value >> b & 1]


def describe_low8(value: int | None) -> str:
    """``8-6-4-2-A low``; ``no low``."""
    if value is None or value == NO_LOW:
        return "no low"
    return "-".join(_LOW_RANKS[b] for b in low8_ranks(value)) + " low"


def describe_razz(value: int) -> str:
    """``7-5-4-3-2 low``; ``one pair, kings``."""
    code = int(tables().razz_codes[value])
    category = code >> CATEGORY_SHIFT
    ranks = _nibbles(code)  # ace-low ranks, most repeated first
    if category == 0:
        return "-".join(_LOW_RANKS[r] for r in ranks) + " low"
    names = ("", "one pair", "two pair", "three of a kind", "full house", "four of a kind")
    plural = _PLURAL[(ranks[0] - 1) % 13]  # ace-low rank back to deuce-based
    if category in (2, 4):
        return f"{names[category]}, {plural} and {_PLURAL[(ranks[1] - 1) % 13]}"
    return f"{names[category]}, {plural}"


__all__ = [
    "describe_high", "describe_low8", "describe_razz", "high_category",
    "high_value", "low8_value", "razz_value", "tables",
]
