"""The evaluators' look-up tables as the kernels get them: built once, then kept in the
cache folder (:mod:`stud_odds.cache`) and memory-mapped from it.

Plain numpy, no numba: the engine asks for them before any kernel is compiled.
"""

from __future__ import annotations

import logging
import os
import shutil
from functools import cache
from pathlib import Path

import numpy as np

from stud_odds.cache import location
from stud_odds.kernels.tables import HIGH_CLASSES, RAZZ_CLASSES, Tables, build_tables

_log = logging.getLogger("stud_odds")


def _load_tables(folder: Path) -> Tables | None:
    """The tables stored in ``folder`` (memory-mapped: loading reads nothing yet), or None
    when there are none or they are damaged."""
    if not folder.is_dir():
        return None
    try:
        loaded = Tables(*(np.asarray(np.load(folder / f"{name}.npy", mmap_mode="r"))
                          for name in Tables._fields))
        if loaded.card_key.shape == (52,) and loaded.low8_by_mask.shape == (256,) \
                and len(loaded.high_codes) == HIGH_CLASSES \
                and len(loaded.razz_codes) == RAZZ_CLASSES \
                and len(loaded.high_by_ranks) == len(loaded.razz_by_ranks):
            return loaded
    except Exception:  # noqa: BLE001 (a file cut short or overwritten raises all sorts)
        pass
    _log.warning("the cached evaluator tables in %s were damaged; building them again", folder)
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
    """The evaluators' look-up tables: built once, then memory-mapped from the cache.
    Read-only either way, so kernels see one array type."""
    folder = location().tables_folder
    stored = None if folder is None else _load_tables(folder)
    if stored is None:
        stored = build_tables()
        for array in stored:
            array.flags.writeable = False
        if folder is not None:
            _store_tables(stored, folder)
    return stored


__all__ = ["tables"]
