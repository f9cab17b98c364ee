"""What a user asks, read once for every door (pure Python, no numba):

- :mod:`~stud_odds.request.schema`: every option, its names at each door, unit,
  help and one reader (:data:`OPTIONS`);
- :mod:`~stud_odds.request.spot`: :class:`SpotRequest`, a spot with its options,
  parsed from the schema's fields.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from stud_odds.lazy import lazy_names

if TYPE_CHECKING:
    from stud_odds.request.schema import OPTIONS, OUTPUT_FIELDS, SPOT_FIELDS, Door, Option
    from stud_odds.request.spot import SpotRequest

_LAZY = {
    "OPTIONS": "schema", "OUTPUT_FIELDS": "schema", "SPOT_FIELDS": "schema", "Door": "schema",
    "Option": "schema", "SpotRequest": "spot",
}

__getattr__, __dir__ = lazy_names(__name__, _LAZY)

__all__ = ["OPTIONS", "OUTPUT_FIELDS", "SPOT_FIELDS", "Door", "Option", "SpotRequest"]
