"""A hand-history file as lines: read in chunks of bytes, never whole, whatever it holds.

A file of any size (2 GB included) is never held in memory, and a "line" of
binary junk with no line end in sight is dropped once it passes ``MAX_LINE``
bytes.  Line ends may be Unix, Windows or old Mac (CR alone), mixed; text is
UTF-8, or cp1252 line by line where it is not.  Pure Python.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from typing import BinaryIO

from stud_odds.errors import StudOddsError

CHUNK = 1 << 20  # bytes read at a time
MAX_LINE = 1 << 16  # a longer "line" is junk (hand-history lines are under 200 characters)
# a header anywhere on a line: a crashed client leaves half a line (and NUL bytes) before it
_STUD_HEADER = re.compile(rb"PokerStars\b[^\r\n]*? (?:Hand|Game) #[^\r\n]*?"
                          rb"\b(?:7 Card Stud|Razz)\b", re.IGNORECASE)
_ANY_HEADER = re.compile(rb"PokerStars\b[^\r\n]*? (?:Hand|Game) #")


class HistoryError(StudOddsError):
    """A hand-history file that cannot be opened, or that holds no hands."""


_LINE_END = re.compile(rb"\r\n|\r|\n")  # Windows, old Mac and Unix line ends, mixed too
_TEXT_LINE_END = re.compile(r"\r\n|\r|\n")


def _decode(raw: bytes) -> list[str]:
    """The lines of a run of whole lines, without line ends, trailing spaces or a BOM."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:  # older files, and junk: one line at a time, never fails
        text = "\n".join(_decode_line(piece) for piece in _LINE_END.split(raw))
    if "\ufeff" in text:  # a byte-order mark: at the start, or where files were concatenated
        text = text.replace("\ufeff", "")
    lines = text.split("\n") if "\r" not in text else _TEXT_LINE_END.split(text)
    return [line.rstrip() for line in lines]  # rstrip: trailing spaces


def _decode_line(raw: bytes) -> str:
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return raw.decode("cp1252", errors="replace")


def _whole_lines_end(data: bytes) -> int:
    """Where the run of whole lines at the start of ``data`` ends (after its last line end).

    A CR as the very last byte waits for the next chunk: it may be half of a CRLF.
    """
    return max(data.rfind(b"\n"), data.rfind(b"\r", 0, len(data) - 1)) + 1


def numbered_blocks(stream: BinaryIO) -> Iterator[tuple[int, list[str]]]:
    """Runs of whole lines, ``CHUNK`` bytes at a time, each with the number of the line
    before it.

    A run of more than ``MAX_LINE`` bytes without a line end is junk: it is
    dropped (it reads as a blank line) instead of growing without bound.
    """
    number = 0
    carry = b""
    dropping = False  # inside an over-long line, up to its line end
    while chunk := stream.read(CHUNK):
        data = carry + chunk
        end = _whole_lines_end(data)
        if end == 0:
            carry = data
        else:
            carry = data[end:]
            lines = _decode_whole(data[:end])
            if dropping:  # the first line ends the over-long one: drop it too
                lines[0] = ""
                dropping = False
            if end > MAX_LINE:  # only then can a line of this run be too long
                lines = [line if len(line) <= MAX_LINE else "" for line in lines]
            yield number, lines
            number += len(lines)
        if len(carry) > MAX_LINE:
            carry, dropping = b"", True
    if carry and not dropping:
        yield number, _decode_whole(carry + b"\n")


def _decode_whole(raw: bytes) -> list[str]:
    """The lines of ``raw``, which ends in a line end."""
    return _decode(raw)[:-1]


def count_stud_hands(path: str | os.PathLike[str]) -> int:
    """How many stud hand headers the file holds, counted without parsing (for progress).

    Raises ``HistoryError`` when the file holds no hand of any game, saying why
    (empty, not text, UTF-16 text, no header line).
    """
    stud = 0
    any_header = False
    carry = b""
    try:
        with open(path, "rb") as stream:
            head = stream.read(SNIFFED)
            stream.seek(0)
            while chunk := stream.read(CHUNK * 8):
                data = carry + chunk
                end = _whole_lines_end(data)
                stud += len(_STUD_HEADER.findall(data, 0, end))
                any_header = any_header or _ANY_HEADER.search(data, 0, end) is not None
                carry = data[end:][-MAX_LINE:]
            stud += len(_STUD_HEADER.findall(carry))
            any_header = any_header or _ANY_HEADER.search(carry) is not None
    except OSError as error:
        raise HistoryError(f"cannot read {path}: {error.strerror or error}") from None
    if not any_header:
        raise HistoryError(f"{path} holds no hands: {why_no_hands(head)}")
    return stud


SNIFFED = 4096  # bytes looked at to say why a file holds no hands


def why_no_hands(head: bytes) -> str:
    """Why a file with no header line is no hand history, from its first bytes."""
    if not head:
        return "it is empty"
    if head.startswith((b"\xff\xfe", b"\xfe\xff")) or head[1::2].count(0) > len(head) // 4 \
            or head[0::2].count(0) > len(head) // 4:
        return "it is UTF-16 text, an encoding this reader does not take (save it as UTF-8)"
    controls = sum(byte < 32 and byte not in b"\t\r\n" for byte in head)
    if controls > len(head) // 20:
        return "it is not text"
    return "it has no 'PokerStars Hand #...' header line (is it a PokerStars hand history?)"


__all__ = ["CHUNK", "MAX_LINE", "SNIFFED", "HistoryError", "count_stud_hands",
           "numbered_blocks", "why_no_hands"]
