"""What a user asks, read once for every door (pure Python, no numba):

- :mod:`~stud_odds.request.schema`: every option, its names at each door, unit,
  help and one reader (:data:`OPTIONS`);
- :mod:`~stud_odds.request.stop`: :class:`Stop`, the method and when sampling stops
  (precision in percentage points, max_time in seconds), read once and carried as it is
  down to the engine, with the one ``trials_needed()``;
- :mod:`~stud_odds.request.spot`: :class:`SpotRequest`, a spot with its Stop, threads and
  output options, parsed from the schema's fields.
"""

from __future__ import annotations

from stud_odds.lazy import lazy_names

# the module -> the names it defines, each module imported on first use
__getattr__, __dir__, __all__ = lazy_names(__name__, {
    "schema": ("OPTIONS", "OUTPUT_FIELDS", "SPOT_FIELDS", "Door", "Option"),
    "stop": ("Stop",),
    "spot": ("SpotRequest",),
})
