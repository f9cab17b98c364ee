"""Reading a batch's spots from JSON Lines or CSV, a line at a time, with per-line errors.

A file of any size is streamed (never read whole), and a line that cannot be a
spot (bytes that are not UTF-8, bad JSON, wrong types, an impossible spot)
gives an error for that line only: the next line is read as usual.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterable, Iterator
from typing import IO, Any

from stud_odds.errors import StudOddsError
from stud_odds.request.schema import SPOT_FIELDS
from stud_odds.request.spot import SpotRequest
from stud_odds.study.common import MAX_LINE_BYTES, StudyError
from stud_odds.study.spots import spot_from_csv_row


def _numbered_lines(stream: IO[bytes]) -> Iterator[tuple[int, bytes | None]]:
    """(line number, bytes) streamed; None for a line over MAX_LINE_BYTES, skipped unread."""
    number = 0
    while line := stream.readline(MAX_LINE_BYTES + 1):
        number += 1
        if len(line) > MAX_LINE_BYTES and not line.endswith(b"\n"):
            while (rest := stream.readline(MAX_LINE_BYTES)) and not rest.endswith(b"\n"):
                pass
            yield number, None
        else:
            yield number, line


def _decode(number: int, line: bytes | None) -> str:
    """The line as text, or a StudyError naming what is wrong with its bytes."""
    if line is None:
        raise StudyError(f"the line is longer than {MAX_LINE_BYTES:,} bytes: a spot is one "
                         "short line")
    try:
        return line.decode("utf-8-sig" if number == 1 else "utf-8")
    except UnicodeDecodeError as exc:
        raise StudyError(f"the line is not UTF-8 text (byte 0x{line[exc.start]:02x} at "
                         f"column {exc.start + 1})") from None


def _is_spot_line(line: bytes | None) -> bool:
    """JSON Lines: blank lines and '#' comments are not spots."""
    return line is None or bool(line.strip()) and not line.lstrip().startswith(b"#")


def _as_stream(source: str | bytes | IO[bytes]) -> IO[bytes]:
    if isinstance(source, str):
        return io.BytesIO(source.encode("utf-8", "surrogatepass"))
    if isinstance(source, bytes):
        return io.BytesIO(source)
    return source


def _json_spot(number: int, line: bytes | None) -> SpotRequest:
    text = _decode(number, line)
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise StudyError(f"not JSON: {exc.msg} at column {exc.colno}") from None
    except RecursionError:
        raise StudyError("not a spot: the JSON is nested too deeply") from None
    except ValueError:  # an integer of more digits than Python converts
        raise StudyError("not a spot: a number has too many digits") from None
    if not isinstance(data, dict):
        raise StudyError(f"a line must be a JSON object ({{\"hands\": [...], ...}}), "
                         f"not {_json_kind(data)}")
    return SpotRequest.from_fields(data)


def _json_kind(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true or false"
    return {list: "an array", str: "a string"}.get(type(value), "a number")


def _csv_records(lines: Iterable[tuple[int, bytes | None]]
                 ) -> Iterator[tuple[int, list[str] | StudyError]]:
    """(first line number, cells or the error) per CSV record, blank records skipped.

    Lines whose bytes cannot be read are fed to the CSV reader as empty lines
    and the record holding one is reported as that line's error.
    """
    problems: dict[int, StudyError] = {}

    def texts() -> Iterator[str]:
        for number, line in lines:
            try:
                yield _decode(number, line)
            except StudyError as exc:
                problems[number] = exc
                yield "\n"

    reader = csv.reader(texts())
    while True:
        first = reader.line_num + 1
        try:
            cells = next(reader)
        except StopIteration:
            return
        except csv.Error as exc:
            yield first, StudyError(f"not CSV: {exc}")
            continue
        bad = [n for n in range(first, reader.line_num + 1) if n in problems]
        if bad:
            yield bad[0], problems.pop(bad[0])
            for n in bad[1:]:
                problems.pop(n)
        elif any(cell.strip() for cell in cells):
            yield first, cells


def read_spots(source: str | bytes | IO[bytes], format: str = "jsonl"
               ) -> Iterator[tuple[int, SpotRequest | StudOddsError]]:
    """(line number, SpotRequest or the error that line raised) per spot of a JSONL or CSV source.

    ``source`` is the text, or a binary stream read one line at a time (so a
    file of any size is never held in memory).  A line with bytes that are not
    UTF-8, bad JSON, wrong types or an impossible spot gives an error for that
    line only; the next line is read as usual.
    """
    stream = _as_stream(source)
    if format == "jsonl":
        for number, line in _numbered_lines(stream):
            if not _is_spot_line(line):
                continue
            try:
                yield number, _json_spot(number, line)
            except StudOddsError as exc:
                yield number, exc
    elif format == "csv":
        records = _csv_records(_numbered_lines(stream))
        header: list[str] | None = None
        for number, cells in records:
            if isinstance(cells, StudyError):
                yield number, cells
                continue
            if header is None:
                header = [name.strip() for name in cells]
                unknown = [name for name in header if name and name not in SPOT_FIELDS]
                if unknown:
                    yield number, StudyError(f"unknown column '{unknown[0]}' in the header: "
                                             f"columns are {', '.join(SPOT_FIELDS)}")
                    return
                continue
            if len(cells) > len(header):
                yield number, StudyError(f"the line has {len(cells)} cells but the header "
                                         f"names {len(header)} columns")
                continue
            try:
                yield number, spot_from_csv_row(
                    {name: cell for name, cell in zip(header, cells, strict=False) if name})
            except StudOddsError as exc:
                yield number, exc
    else:
        raise StudyError(f"'{format}' is not a batch format: use jsonl or csv")


def count_spots(source: str | bytes | IO[bytes], format: str = "jsonl") -> int:
    """How many lines ``read_spots`` will yield for the same source, once it is sure no id
    names two spots (a StudyError with their line numbers: resume and the results go by
    id, so a repeated id would lose a spot)."""
    count = 0
    lines_of: dict[str, list[int]] = {}
    for number, spot in read_spots(source, format):
        count += 1
        if isinstance(spot, SpotRequest) and spot.id is not None:
            lines_of.setdefault(spot.id, []).append(number)
    repeated = next(((spot_id, lines) for spot_id, lines in lines_of.items() if len(lines) > 1),
                    None)
    if repeated is not None:
        spot_id, lines = repeated
        where = ", ".join(map(str, lines[:-1])) + f" and {lines[-1]}"
        raise StudyError(f"the id '{spot_id}' names the spots of lines {where}: give each spot "
                         "its own id")
    return count


__all__ = ["MAX_LINE_BYTES", "count_spots", "read_spots"]
