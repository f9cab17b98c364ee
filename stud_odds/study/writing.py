"""Where a long run writes: records appended whole as they finish, and what ``--resume``
finds already there.  One writer for every such run (a batch's spots, a history's hands).

A night of results must be on disk as they finish, so this output cannot be
written to a temporary file and renamed at the end (as the tables are).
Instead:

- each record (one JSON line, or one CSV row per player of a spot) goes to
  the file in one unbuffered write of whole lines, so a finished record is on
  disk at once, also when the process is killed; a write that fails (a full
  disk) is cut back off the file;
- ``--resume`` reads the file first: bytes after its last newline are what a
  crash cut short and are dropped; every whole line must be one the program
  itself writes (strict JSON, the full schema of its kind of record: a
  ``{"id": "1"}`` alone is not finished work), else nothing is touched; new
  records are appended after the ones found.  A record of several lines (a
  CSV spot, one row per player) does not say how many lines it has, so the
  file's last one is dropped and done again: a record is whole or redone.
"""

from __future__ import annotations

import csv
import io
import json
import math
import sys
from collections.abc import Callable, Hashable
from contextlib import suppress
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from stud_odds.errors import StudOddsError
from stud_odds.results import FINISHED, Rate
from stud_odds.study.common import MAX_LINE_BYTES

BATCH_CSV_FIELDS = ("line", "id", "game", "seat", "hand", *Rate, "method", "outcomes", "seed",
                    "shared_river", "no_low")
_HALF_RATES = (Rate.HIGH_WIN, Rate.HIGH_TIE, Rate.LOW_WIN, Rate.LOW_TIE)  # None in some games
FORMATS = ("jsonl", "csv")
CSV_HEADER = ",".join(BATCH_CSV_FIELDS) + "\n"

SpotKey = tuple[str, str | int]


class BatchOutputError(StudOddsError):
    """An output file that cannot be resumed or written."""


@dataclass(frozen=True)
class RecordKind:
    """One kind of record a long run writes: as text, and how a line of it is recognised.

    ``key`` gives the key of a line the program wrote (what names its item
    for ``--resume``) and raises ValueError for any other line.  ``grouped``:
    a record is several lines that share a key, and how many is not written;
    ``key`` then gives (the key, the line's place in its record from 1).
    """

    noun: str  # in messages: "line 3 of out.csv is not <noun>"
    text: Callable[[dict[str, Any]], str]
    key: Callable[[str], Hashable]
    header: str | None = None
    grouped: bool = False


# ---------------------------------------------------------------- strict reading


def _strict_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number JSON allows")


def strict_json_object(text: str) -> dict[str, Any]:
    """A line of strict JSON holding one object (never NaN or Infinity), else ValueError."""
    data = json.loads(text, parse_constant=_strict_constant)
    if not isinstance(data, dict):
        raise ValueError("not a JSON object")
    return data


def check_fields(data: dict[str, Any], types: dict[str, Callable[[Any], bool]],
                 optional: frozenset[str] = frozenset()) -> None:
    """ValueError unless ``data`` has exactly the fields of ``types`` (some maybe
    ``optional``), each of a type its check accepts."""
    missing = [name for name in types if name not in data and name not in optional]
    if missing:
        raise ValueError(f"no '{missing[0]}'")
    unknown = [name for name in data if name not in types]
    if unknown:
        raise ValueError(f"an unknown field '{unknown[0]}'")
    for name, check in types.items():
        if name in data and not check(data[name]):
            raise ValueError(f"a wrong '{name}'")


def is_whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def is_number(value: Any) -> bool:
    return (is_whole(value) or isinstance(value, float)) and math.isfinite(value)


def is_text(value: Any) -> bool:
    return isinstance(value, str)


def maybe(check: Callable[[Any], bool]) -> Callable[[Any], bool]:
    return lambda value: value is None or check(value)


# ---------------------------------------------------------------- batch records


def batch_csv_rows(record: dict[str, Any]) -> list[list[Any]]:
    """A batch record as CSV rows: one per player, in BATCH_CSV_FIELDS order."""
    rows = []
    for seat, player in enumerate(record["players"], start=1):
        values = {**record, **player, "seat": seat}
        rows.append(["" if values[f] is None else values[f] for f in BATCH_CSV_FIELDS])
    return rows


def _csv_text(record: dict[str, Any]) -> str:
    buffer = io.StringIO()
    csv.writer(buffer, lineterminator="\n").writerows(batch_csv_rows(record))
    return buffer.getvalue()


def _json_text(record: dict[str, Any]) -> str:
    return json.dumps(record, allow_nan=False) + "\n"


def record_text(record: dict[str, Any], format: str) -> str:
    """A batch record as whole lines: one JSON line (strict JSON: never NaN or Infinity),
    or one CSV row per player."""
    return _csv_text(record) if format == "csv" else _json_text(record)


def _spot_key(line: Any, spot_id: str | None) -> SpotKey:
    """As :func:`stud_odds.study.spots.spot_key` names a spot of the input."""
    return ("id", spot_id) if spot_id not in (None, "") else ("line", line)


_PLAYER_FIELDS: dict[str, Callable[[Any], bool]] = {
    "hand": is_text, **{rate: maybe(is_number) if rate in _HALF_RATES else is_number
                        for rate in Rate},
    "range": lambda v: isinstance(v, dict), "classes": lambda v: isinstance(v, dict),
}
_BATCH_FIELDS: dict[str, Callable[[Any], bool]] = {
    "line": lambda v: is_whole(v) and v >= 1, "id": maybe(is_text),
    "spot": lambda v: isinstance(v, dict), "game": is_text, "method": is_text,
    "outcomes": is_whole, "seed": maybe(is_whole), "elapsed_s": is_number,
    "shared_river": lambda v: isinstance(v, bool), "no_low": maybe(is_number),
    "deck_rule": is_text, "stopped_by": lambda v: v in FINISHED,
    "players": lambda v: isinstance(v, list) and bool(v),
}


def _batch_json_key(text: str) -> SpotKey:
    data = strict_json_object(text)
    check_fields(data, _BATCH_FIELDS, optional=frozenset({"elapsed_s"}))
    for player in data["players"]:
        if not isinstance(player, dict):
            raise ValueError("a player that is not an object")
        check_fields(player, _PLAYER_FIELDS, optional=frozenset({"range", "classes"}))
    return _spot_key(data["line"], data["id"])


def _finite(cell: str) -> float:
    value = float(cell)
    if not math.isfinite(value):
        raise ValueError(f"'{cell}' is not a finite number")
    return value


_CSV_CELLS: dict[str, Callable[[str], Any]] = {
    "line": int, "seat": int, **dict.fromkeys(Rate, _finite), "outcomes": int, "seed": int,
    "no_low": _finite,
}
_CSV_OPTIONAL = ("id", *_HALF_RATES, "seed", "no_low")


def _batch_csv_key(text: str) -> tuple[SpotKey, int]:
    """(the spot's key, the seat) of a CSV row."""
    (cells,) = list(csv.reader([text]))
    if len(cells) != len(BATCH_CSV_FIELDS):
        raise ValueError(f"{len(cells)} cells, not {len(BATCH_CSV_FIELDS)}")
    row = dict(zip(BATCH_CSV_FIELDS, cells, strict=True))
    for name, cell in row.items():
        if cell == "":
            if name not in _CSV_OPTIONAL:
                raise ValueError(f"an empty '{name}'")
        elif name in _CSV_CELLS:
            _CSV_CELLS[name](cell)
    if row["shared_river"] not in ("True", "False") or int(row["line"]) < 1 \
            or int(row["seat"]) < 1:
        raise ValueError("a wrong 'line', 'seat' or 'shared_river'")
    return _spot_key(int(row["line"]), row["id"]), int(row["seat"])


BATCH_JSONL = RecordKind("a batch jsonl result", _json_text, _batch_json_key)
BATCH_CSV = RecordKind("a batch csv result", _csv_text, _batch_csv_key, header=CSV_HEADER,
                       grouped=True)
BATCH_KINDS = {"jsonl": BATCH_JSONL, "csv": BATCH_CSV}


# ---------------------------------------------------------------- resuming


@dataclass(frozen=True)
class Found:
    """What ``--resume`` found in an output: the keys of its whole records in file order,
    how many bytes they take, and whether a line cut short followed them."""

    keys: tuple[Hashable, ...]
    whole: int
    dropped_tail: bool


def _not_ours(path: Path, number: int, kind: RecordKind, why: str = "") -> BatchOutputError:
    what = "its header" if kind.header is not None and number == 1 else kind.noun
    because = f" ({why})" if why else ""
    return BatchOutputError(f"--resume: line {number} of {path} is not {what}{because}: give "
                            "another --out, or drop --resume to start it again")


def scan(path: Path, kind: RecordKind) -> Found:
    """The records already in ``path``, read a line at a time.

    Raises BatchOutputError when a whole line is not one this kind writes.
    """
    keys: list[Hashable] = []
    whole = last_start = 0  # bytes of whole records; where the last record began
    number = last_seat = 0  # last_seat: grouped records, the place of the line before
    cut = False
    with path.open("rb") as stream:
        while raw := stream.readline(MAX_LINE_BYTES + 1):
            if not raw.endswith(b"\n"):
                if len(raw) <= MAX_LINE_BYTES and not stream.read(1):
                    cut = True  # the last line, cut short
                    break
                raise _not_ours(path, number + 1, kind)
            number += 1
            try:
                text = raw.decode("utf-8")
                if kind.header is not None and number == 1:
                    if text != kind.header:
                        raise ValueError("not the header")
                elif kind.grouped:
                    key, seat = kind.key(text)
                    if seat == 1:
                        keys.append(key)
                        last_start = whole
                    elif not keys or key != keys[-1] or seat != last_seat + 1:
                        raise ValueError(f"seat {seat} does not follow seat {last_seat}")
                    last_seat = seat
                elif text.strip():
                    keys.append(kind.key(text))
            except (ValueError, RecursionError) as exc:
                raise _not_ours(path, number, kind, str(exc)) from None
            whole += len(raw)
    if kind.grouped and keys:  # how many rows the last record has is not written: redo it
        keys.pop()
        whole = last_start
    return Found(tuple(keys), whole, cut)


# ---------------------------------------------------------------- writing


class RecordOutput:
    """Records of one kind, written whole to standard output or appended to a file.

    With ``resume`` an existing file is kept up to its last whole record
    (``found`` says what is there) and new records are appended; otherwise
    the file starts empty.
    """

    def __init__(self, kind: RecordKind, path: Path | None = None, *, resume: bool = False):
        self.kind, self.path = kind, path
        self.found = Found((), 0, False)
        self._file = None
        if path is None:
            if resume:
                raise BatchOutputError("--resume continues an output file: give it with --out")
            if kind.header is not None:
                self._write_text(kind.header)
            return
        if resume and path.exists() and path.stat().st_size:
            self.found = scan(path, kind)
        whole = self.found.whole
        try:
            # unbuffered: every record reaches the file in the write that sends it
            self._file = open(path, "r+b" if resume and path.exists() else "wb",  # noqa: SIM115
                              buffering=0)
            self._file.truncate(whole)
            self._file.seek(whole)
        except OSError as exc:
            raise BatchOutputError(f"cannot write {path}: {exc.strerror or exc}") from None
        if kind.header is not None and whole == 0:
            self._write_text(kind.header)

    @property
    def dropped_tail(self) -> bool:
        """A line cut short by a crash ended the resumed file and was dropped."""
        return self.found.dropped_tail

    def write(self, record: dict[str, Any]) -> None:
        """Append one finished record, whole."""
        self._write_text(self.kind.text(record))

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

    def __enter__(self) -> RecordOutput:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()


class BatchOutput(RecordOutput):
    """The results of a batch, in JSON Lines or CSV; ``done`` holds the keys of the spots a
    resumed file already has (see :func:`stud_odds.study.spots.spot_key`)."""

    def __init__(self, format: str, path: Path | None = None, *, resume: bool = False):
        if format not in FORMATS:
            raise BatchOutputError(f"'{format}' is not a batch format: use jsonl or csv")
        self.format = format
        super().__init__(BATCH_KINDS[format], path, resume=resume)
        self.done: frozenset[SpotKey] = frozenset(self.found.keys)  # type: ignore[arg-type]


__all__ = ["BATCH_CSV", "BATCH_CSV_FIELDS", "BATCH_JSONL", "BatchOutput", "BatchOutputError",
           "CSV_HEADER", "FORMATS", "Found", "RecordKind", "RecordOutput", "batch_csv_rows",
           "check_fields", "is_number", "is_text", "is_whole", "maybe", "record_text", "scan",
           "strict_json_object"]
