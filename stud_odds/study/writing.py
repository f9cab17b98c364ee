"""Where a batch writes: JSON Lines or CSV records, each appended whole as its
spot finishes, and what ``--resume`` finds already there.

A night of results must be on disk as they finish, so this output cannot be
written to a temporary file and renamed at the end (as the tables are).
Instead:

- each record (one JSON line, or one CSV row per player of a spot) goes to
  the file in one unbuffered write of whole lines, so a finished spot is on
  disk at once; a write that fails (a full disk) is cut back off the file;
- ``--resume`` reads the file first: bytes after its last newline are what a
  crash cut short and are dropped, every whole line must be a record this
  program wrote, and the spots found (by id, else by input line number) are
  skipped; new records are appended after them.
"""

from __future__ import annotations

import csv
import io
import json
import sys
from contextlib import suppress
from pathlib import Path
from typing import Any

from stud_odds.errors import StudOddsError
from stud_odds.study.common import MAX_LINE_BYTES

BATCH_CSV_FIELDS = ("line", "id", "game", "seat", "hand", "equity", "equity_se", "high_win",
                    "high_tie", "low_win", "low_tie", "scoop", "method", "outcomes", "seed",
                    "shared_river", "no_low")


def batch_csv_rows(record: dict[str, Any]) -> list[list[Any]]:
    """A batch record as CSV rows: one per player, in BATCH_CSV_FIELDS order."""
    rows = []
    for seat, player in enumerate(record["players"], start=1):
        values = {**record, **player, "seat": seat}
        rows.append(["" if values[f] is None else values[f] for f in BATCH_CSV_FIELDS])
    return rows


FORMATS = ("jsonl", "csv")
CSV_HEADER = ",".join(BATCH_CSV_FIELDS) + "\n"

SpotKey = tuple[str, str | int]


class BatchOutputError(StudOddsError):
    """An output file that cannot be resumed or written."""


def _strict_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number JSON allows")


def record_text(record: dict[str, Any], format: str) -> str:
    """A record as whole lines: one JSON line (strict JSON: never NaN or Infinity), or
    one CSV row per player."""
    if format == "csv":
        buffer = io.StringIO()
        csv.writer(buffer, lineterminator="\n").writerows(batch_csv_rows(record))
        return buffer.getvalue()
    return json.dumps(record, allow_nan=False) + "\n"


def _record_key(text: str, format: str) -> SpotKey:
    """The key of the spot a line of our own output belongs to; ValueError if it is not one."""
    if format == "csv":
        (cells,) = list(csv.reader([text]))
        if len(cells) != len(BATCH_CSV_FIELDS):
            raise ValueError(f"{len(cells)} cells, not {len(BATCH_CSV_FIELDS)}")
        line, spot_id = int(cells[0]), cells[1]
    else:
        data = json.loads(text, parse_constant=_strict_constant)
        if not isinstance(data, dict) or not isinstance(data.get("line"), int):
            raise ValueError("no line number")
        line, spot_id = data["line"], data.get("id")
        if spot_id is not None and not isinstance(spot_id, str):
            raise ValueError("an id that is not a text")
    return ("id", spot_id) if spot_id not in (None, "") else ("line", line)


def scan(path: Path, format: str) -> tuple[frozenset[SpotKey], int, bool]:
    """(keys of the spots in ``path``, bytes of whole lines, whether a cut-short line follows).

    Read a line at a time.  Raises BatchOutputError when a whole line is not
    a batch record of this format.
    """
    keys: set[SpotKey] = set()
    whole = 0
    number = 0
    with path.open("rb") as stream:
        while raw := stream.readline(MAX_LINE_BYTES + 1):
            if not raw.endswith(b"\n"):
                if len(raw) <= MAX_LINE_BYTES and not stream.read(1):
                    return frozenset(keys), whole, True  # the last line, cut short
                raise BatchOutputError(f"--resume: line {number + 1} of {path} is not a "
                                       f"batch result: give another --out or drop --resume")
            number += 1
            try:
                text = raw.decode("utf-8")
                if format == "csv" and number == 1:
                    if text != CSV_HEADER:
                        raise ValueError("not the header")
                elif text.strip():
                    keys.add(_record_key(text, format))
            except (ValueError, RecursionError) as exc:
                what = "the batch CSV header" if format == "csv" and number == 1 else \
                    f"a batch {format} result"
                raise BatchOutputError(
                    f"--resume: line {number} of {path} is not {what} ({exc}): give another "
                    "--out, or drop --resume to start it again") from None
            whole += len(raw)
    return frozenset(keys), whole, False


class BatchOutput:
    """The results of a batch: standard output or a file, in JSON Lines or CSV.

    ``done`` holds the keys of the spots a resumed file already has (see
    :func:`stud_odds.study.spots.spot_key`); ``dropped_tail`` says a cut-short last
    line was removed.
    """

    def __init__(self, format: str, path: Path | None = None, *, resume: bool = False):
        if format not in FORMATS:
            raise BatchOutputError(f"'{format}' is not a batch format: use jsonl or csv")
        self.format, self.path = format, path
        self.done: frozenset[SpotKey] = frozenset()
        self.dropped_tail = False
        self._file = None
        if path is None:
            if resume:
                raise BatchOutputError("--resume continues an output file: give it with --out")
            if format == "csv":
                self._write_text(CSV_HEADER)
            return
        whole = 0
        if resume and path.exists() and path.stat().st_size:
            self.done, whole, self.dropped_tail = scan(path, format)
        try:
            # unbuffered: every record reaches the file in the write that sends it
            self._file = open(path, "r+b" if whole or self.dropped_tail else "wb", buffering=0)
            self._file.truncate(whole)
            self._file.seek(whole)
        except OSError as exc:
            raise BatchOutputError(f"cannot write {path}: {exc.strerror or exc}") from None
        if format == "csv" and whole == 0:
            self._write_text(CSV_HEADER)

    def write(self, record: dict[str, Any]) -> None:
        """Append one finished spot's record, whole."""
        self._write_text(record_text(record, self.format))

    def _write_text(self, text: str) -> None:
        if self._file is None:
            try:
                sys.stdout.write(text)
                sys.stdout.flush()
            except BrokenPipeError:  # the reader has gone (| head): the command stops quietly
                raise
            except OSError as exc:
                raise BatchOutputError(f"cannot write the results: {exc.strerror or exc}"
                                       ) from None
            return
        start = self._file.tell()
        view = memoryview(text.encode("utf-8"))
        try:
            while view:
                view = view[self._file.write(view):]
        except OSError as exc:
            with suppress(OSError):  # leave whole records only
                self._file.truncate(start)
                self._file.seek(start)
            raise BatchOutputError(f"cannot write {self.path}: {exc.strerror or exc}") from None

    def close(self) -> None:
        if self._file is not None:
            self._file.close()
            self._file = None

    def __enter__(self) -> BatchOutput:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()


__all__ = ["BATCH_CSV_FIELDS", "BatchOutput", "BatchOutputError", "CSV_HEADER", "FORMATS",
           "batch_csv_rows", "record_text", "scan"]
