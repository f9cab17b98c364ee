"""One family for every mistake stud-odds reports to its user.

Each error's message is one sentence naming the problem (which card, which
player, which option).  The command line turns any ``StudOddsError`` into that
sentence on stderr and exit status 2, in one place (``stud_odds.console``).

A message quotes what the user gave short and printable, with one quoter for
every door: :func:`shown` (``10**400`` is "a 401-digit number"),
:func:`excerpt` (a window of a long input around the mistake); :func:`blame`
marks an error with the field (and seat) it is about, so each door names it
in its own words.
"""

from __future__ import annotations

import json
import math
import re
import reprlib
from collections.abc import Iterator
from contextlib import contextmanager
from numbers import Integral

SHOWN_CHARACTERS = 40  # a message quotes no more of a value than this
# a whole number of more digits than this is said by its size ("a 401-digit number")
SHOWN_DIGITS = 20
_DIGITS = re.compile(r"\s*([+-]?)(\d+)\s*")
_QUOTER = reprlib.Repr()  # repr() cut short inside (a huge list is never written out whole)
_QUOTER.maxstring = _QUOTER.maxother = SHOWN_CHARACTERS


class StudOddsError(ValueError):
    """Input stud-odds cannot use; ``str(error)`` is one sentence saying why.

    ``field`` names the input it is about when known (a spot's ``hands``, ``dead``,
    ``folds``, ``community``, ``game``, ``deck_rule``, ``trials``, ``precision``,
    ``max_time``, ``seed``, ``exact``...: the batch and web field names), and
    ``seat`` the live player (1-based) when it is one seat's: a form shows the
    sentence beside that field.
    """

    field: str | None = None
    seat: int | None = None

    def __str__(self) -> str:
        # a sentence may quote its input as given (a card, a game's name): whatever that
        # held, the sentence can be printed, logged and sent as JSON
        return printable(super().__str__())


def printable(text: str) -> str:
    """``text`` with every character that a terminal, a log or a JSON encoder cannot take
    as it is (a lone surrogate, a control character such as ESC) written as its escape,
    ``\\ud800``, ``\\x1b``; newlines and tabs are kept."""
    if text.isprintable():
        return text
    return "".join(character if character.isprintable() or character in "\n\t"
                   else repr(character)[1:-1] for character in text)


def digit_count(number: int) -> int:
    """How many decimal digits ``number`` has, without writing it out (Python refuses to
    write an int of more than 4,300 digits, and a long one is slow to write)."""
    number = abs(int(number))
    if number < 10**18:
        return len(str(number))
    digits = int(number.bit_length() * math.log10(2))  # within one of the answer
    while 10**digits > number:
        digits -= 1
    while 10 ** (digits + 1) <= number:
        digits += 1
    return digits + 1


@contextmanager
def blame(field: str, seat: int | None = None) -> Iterator[None]:
    """Mark a StudOddsError raised inside as being about ``field`` (and ``seat``), unless
    a closer blame already marked it."""
    try:
        yield
    except StudOddsError as error:
        if error.field is None:
            error.field, error.seat = field, seat
        raise


def shown(value: object) -> str:
    """A value as a message quotes it: short, on one line and printable (``a 401-digit
    number``, ``'\\ud800'``, ``'aaaaaaaaaaaaaaaaaaaa'... (300 characters)``), with JSON's
    words for JSON's constants (``null``, ``true``, ``NaN``): the one quoter of every
    message, whether the value came from a command line, a batch line or a web request."""
    if value is None or isinstance(value, bool) or (isinstance(value, float)
                                                     and not math.isfinite(value)):
        return json.dumps(value)
    if isinstance(value, Integral):
        digits = digit_count(int(value))
        if digits > SHOWN_DIGITS:
            return f"a {'negative ' if value < 0 else ''}{digits}-digit number"
        return str(value)
    if isinstance(value, str):
        number = _DIGITS.fullmatch(value) if len(value) > SHOWN_DIGITS else None
        if number and len(number.group(2)) > SHOWN_DIGITS:  # a number given as text
            return f"a {'negative ' if number.group(1) == '-' else ''}" \
                   f"{len(number.group(2))}-digit number"
        if len(value) > SHOWN_CHARACTERS:
            return f"{value[:SHOWN_CHARACTERS // 2]!r}... ({len(value):,} characters)"
        return repr(value)  # repr escapes what is not printable
    text = printable(_QUOTER.repr(value))
    return text if len(text) <= SHOWN_CHARACTERS else f"{text[:SHOWN_CHARACTERS - 4]}..."


def excerpt(text: str, position: int, width: int = SHOWN_CHARACTERS) -> str:
    """At most ``width`` characters of ``text`` around the 1-based ``position``, with
    ``...`` where it was cut: how a message quotes a long input at a mistake."""
    if len(text) <= width:
        return text
    start = max(0, min(position - 1 - width // 4, len(text) - width))
    cut = text[start:start + width]
    return ("..." if start else "") + cut + ("..." if start + width < len(text) else "")


__all__ = ["SHOWN_CHARACTERS", "SHOWN_DIGITS", "StudOddsError", "blame", "digit_count", "excerpt",
           "printable", "shown"]
