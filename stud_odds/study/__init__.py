"""Scripted analysis on :func:`stud_odds.engine.equity`: batches of spots, street-by-street
replays, starting-hand tables and scoop studies; nothing here deals cards itself.

One idea per module.  Analysis, data in and data out: ``spots`` (a batch line
as a checked ``stud_odds.request.SpotRequest``), ``batch`` (running spots in order), ``replays``,
``start_classes`` and ``starts`` (starting-hand classes; their tables), ``scoop``.  Files:
``reading`` (spots from JSON Lines or CSV, a line at a time, errors per line)
and ``writing`` (batch records appended whole, ``--resume``).  ``common``:
StudyError, Ctrl-C (StudyInterrupted) and the runners that run a study's
tasks here or, with ``stud_odds.cluster``, on a Dask cluster.

Every name below loads its module on first use, so importing the package
costs nothing until a study runs.
"""

from __future__ import annotations

from stud_odds.lazy import lazy_names

# the module -> the names it defines, each module imported on first use
__getattr__, __dir__, __all__ = lazy_names(__name__, {
    "common": ("MAX_LINE_BYTES", "StudyError", "StudyInterrupted", "count_of", "plural",
               "run_here"),
    "spots": ("spot_from_csv_row", "spot_key"),
    "reading": ("count_spots", "read_spots"),
    "batch": ("batch_record", "run_batch", "run_spot"),
    "writing": ("BATCH_CSV_FIELDS", "BatchOutput", "BatchOutputError", "batch_csv_rows",
                "record_text"),
    "replays": ("DealtHand", "Replay", "StreetEquity", "parse_dealt_hand", "replay_deal"),
    "start_classes": ("StartingHand", "StartingHandResult", "starting_hand_classes"),
    "starts": ("starting_hands",),
    "scoop": ("ScoopStudy", "scoop_study"),
})
