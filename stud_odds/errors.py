"""One family for every mistake stud-odds reports to its user.

Each error's message is one sentence naming the problem (which card, which
player, which option).  The command line turns any ``StudOddsError`` into that
sentence on stderr and exit status 2, in one place (``stud_odds.console``).
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterator
from contextlib import contextmanager
from numbers import Integral

SHOWN_CHARACTERS = 40  # a message quotes no more of a value than this


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
    """A value as a message quotes it: short and on one line (``a 401-digit number``), with
    JSON's words for JSON's constants (``null``, ``true``, ``NaN``): the one quoter of every
    message, whether the value came from a command line, a batch line or a web request."""
    if value is None or isinstance(value, bool) or (isinstance(value, float)
                                                     and not math.isfinite(value)):
        return json.dumps(value)
    if isinstance(value, Integral):
        digits = len(str(abs(int(value))))
        if digits > 20:
            return f"a {'negative ' if value < 0 else ''}{digits}-digit number"
        return str(value)
    if isinstance(value, str) and len(value) > SHOWN_CHARACTERS:
        return f"{value[:SHOWN_CHARACTERS // 2]!r}... ({len(value):,} characters)"
    text = repr(value)
    return text if len(text) <= SHOWN_CHARACTERS else f"{text[:SHOWN_CHARACTERS - 4]}..."


def excerpt(text: str, position: int, width: int = SHOWN_CHARACTERS) -> str:
    """At most ``width`` characters of ``text`` around the 1-based ``position``, with
    ``...`` where it was cut: how a message quotes a long input at a mistake."""
    if len(text) <= width:
        return text
    start = max(0, min(position - 1 - width // 4, len(text) - width))
    cut = text[start:start + width]
    return ("..." if start else "") + cut + ("..." if start + width < len(text) else "")


__all__ = ["SHOWN_CHARACTERS", "StudOddsError", "blame", "excerpt", "shown"]
