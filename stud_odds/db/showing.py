"""How the database's messages and rows show a path or a value the user gave: printable,
JSON-safe and storable as SQLite text, whatever bytes a file name holds."""

from __future__ import annotations

import os

from stud_odds.errors import SHOWN_CHARACTERS


def shown_path(path: str | os.PathLike[str]) -> str:
    """A path (or any text) as stud-odds prints and stores it: a byte of a file name that is
    not UTF-8 (which Python keeps as a lone surrogate, ``os.fsdecode``) written ``\\xe9``, any
    other lone surrogate ``\\udXXX``, so that it can be printed, sent as JSON and stored as
    SQLite text."""
    text = os.fspath(path)
    if isinstance(text, bytes):
        text = os.fsdecode(text)
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return "".join(_escaped(character) for character in text)
    return text


def shown_value(value: str) -> str:
    """A value given by the user (a player's name, a filter) as a message quotes it: as
    :func:`shown_path` writes it, whole when short, else its start and its length."""
    text = shown_path(value)
    if len(text) <= SHOWN_CHARACTERS:
        return text
    return f"{text[:SHOWN_CHARACTERS // 2]}... ({len(value):,} characters)"


def _escaped(character: str) -> str:
    code = ord(character)
    if 0xDC80 <= code <= 0xDCFF:  # os.fsdecode's stand-in for the byte code - 0xDC00
        return f"\\x{code - 0xDC00:02x}"
    if 0xD800 <= code <= 0xDFFF:
        return f"\\u{code:04x}"
    return character
