"""Scripted analysis on :func:`stud_odds.engine.equity`: batches of spots, street-by-street
replays, starting-hand tables and scoop studies; nothing here deals cards itself.

One idea per module.  Analysis, data in and data out: ``spots`` (a batch line
as a checked ``stud_odds.request.SpotRequest``), ``batch`` (running spots in order), ``replays``,
``starts`` (starting-hand classes and tables), ``scoop``.  Files:
``reading`` (spots from JSON Lines or CSV, a line at a time, errors per line)
and ``writing`` (batch records appended whole, ``--resume``).  ``common``:
StudyError, Ctrl-C (StudyInterrupted) and the runners that run a study's
tasks here or, with ``stud_odds.cluster``, on a Dask cluster.

Every name below loads its module on first use, so importing the package
costs nothing until a study runs.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from stud_odds.lazy import lazy_names

if TYPE_CHECKING:
    from stud_odds.study.batch import batch_record, run_batch, run_spot
    from stud_odds.study.common import (
        MAX_LINE_BYTES,
        StudyError,
        StudyInterrupted,
        count_of,
        plural,
        run_here,
    )
    from stud_odds.study.reading import count_spots, read_spots
    from stud_odds.study.replays import (
        DealtHand,
        Replay,
        StreetEquity,
        parse_dealt_hand,
        replay_deal,
    )
    from stud_odds.study.scoop import ScoopStudy, scoop_study
    from stud_odds.study.spots import spot_from_csv_row, spot_key
    from stud_odds.study.starts import (
        StartingHand,
        StartingHandResult,
        starting_hand_classes,
        starting_hands,
    )
    from stud_odds.study.writing import (
        BATCH_CSV_FIELDS,
        BatchOutput,
        BatchOutputError,
        batch_csv_rows,
        record_text,
    )

_LAZY = {
    "MAX_LINE_BYTES": "common", "StudyError": "common", "StudyInterrupted": "common",
    "count_of": "common", "plural": "common", "run_here": "common",
    "spot_from_csv_row": "spots", "spot_key": "spots",
    "count_spots": "reading", "read_spots": "reading",
    "batch_record": "batch", "run_batch": "batch", "run_spot": "batch",
    "BATCH_CSV_FIELDS": "writing", "BatchOutput": "writing", "BatchOutputError": "writing",
    "batch_csv_rows": "writing", "record_text": "writing",
    "DealtHand": "replays", "Replay": "replays", "StreetEquity": "replays",
    "parse_dealt_hand": "replays", "replay_deal": "replays",
    "StartingHand": "starts", "StartingHandResult": "starts",
    "starting_hand_classes": "starts", "starting_hands": "starts",
    "ScoopStudy": "scoop", "scoop_study": "scoop",
}


__getattr__, __dir__ = lazy_names(__name__, _LAZY)


__all__ = ["BATCH_CSV_FIELDS", "BatchOutput", "BatchOutputError", "DealtHand",
           "MAX_LINE_BYTES", "Replay", "ScoopStudy", "StartingHand",
           "StartingHandResult",
           "StreetEquity", "StudyError", "StudyInterrupted", "batch_csv_rows", "batch_record",
           "count_of", "count_spots", "parse_dealt_hand", "plural", "read_spots", "record_text",
           "replay_deal", "run_batch", "run_here", "run_spot", "scoop_study",
           "spot_from_csv_row", "spot_key", "starting_hand_classes", "starting_hands"]
