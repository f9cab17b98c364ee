"""Every option a spot is asked with, defined once for every door.

An :class:`Option` has its field name (the batch line's and the web's JSON
key, the Python keyword), the command line's flag, the page's URL parameter,
its unit and help, and the one reader that turns what was given into a value
or refuses it in one sentence.  The command line, batch files, the web page,
history settings and the echoed ``stud-odds equity`` command all read and
write options through this table, so an option is added, renamed or re-worded
here only.

A sentence names the option as its reader knows it (:meth:`Option.label`:
``--precision`` on the command line, ``'precision'`` in a batch line or a web
request); apart from that name every door says the same words.  "precision"
means one thing everywhere: every equity's standard error at most, in
percentage points.  One set of yes/no words (:data:`YES`, :data:`NO`) and one
quoter of values (:func:`stud_odds.errors.shown`) serve every door; each door's
tests hold it to the others' sentences (tests/test_option_schema.py).  Pure
Python: no numpy, no numba.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from stud_odds.checks import (
    POINTS,
    SECONDS,
    OptionError,
    check_count,
    check_precision,
    check_seconds,
    check_seed,
    check_threads,
    parse_trials,
)
from stud_odds.errors import blame, shown

YES = ("1", "true", "yes", "y", "on")  # the yes/no words of every door (a flag's value)
NO = ("0", "false", "no", "n", "off")


class Door(StrEnum):
    """Where an option was given: how its sentence names it."""

    COMMAND_LINE = "command line"  # --precision
    FIELDS = "fields"  # 'precision': a batch line, a web request, a history record


def absent(value: Any) -> bool:
    """null, a missing field, an empty CSV cell or URL parameter all mean "not given"."""
    return value is None or (isinstance(value, str) and not value.strip())


# ---------------------------------------------------------------- readers
# Each takes the value given (never absent) and the option's label, and returns the value
# or raises a StudOddsError naming the label.  The bounds of every number are the
# checkers' (stud_odds.checks: finite, within the work one call may ask for), shared with
# equity() itself; a sentence quotes the value as it was given.

# a whole number written with more digits than this is beyond every bound (a seed has 20);
# it is never converted (Python refuses texts of more than 4,300 digits, slowly below that)
WHOLE_DIGITS = 100


def _number(value: Any, label: str, what: str) -> float:
    """A finite number from a number or a text; bools and other types refused."""
    number: float | None = None
    if isinstance(value, int | float) and not isinstance(value, bool):
        number = float(value) if abs(value) < 1e308 else math.inf
    elif isinstance(value, str):
        try:
            number = float(value.strip().replace("_", ""))
        except ValueError:
            pass
    if number is None or not math.isfinite(number):
        raise OptionError(f"{label} must be {what}, not {shown(value)}")
    return number


def read_points(value: Any, label: str) -> float:
    """A standard error in percentage points: FINEST_POINTS to 50."""
    return check_precision(_number(value, label, POINTS), label, given=value)


def read_seconds(value: Any, label: str) -> float:
    """A time limit: a positive number of seconds, at most MAX_SECONDS."""
    return check_seconds(_number(value, label, SECONDS), label, given=value)


def _bounded(what: str, fits: Callable[[float], bool]) -> Callable[[Any, str], float]:
    """A reader of a finite number that ``fits`` (``what`` describes one, for the message)."""
    def read(value: Any, label: str) -> float:
        number = _number(value, label, what)
        if not fits(number):
            raise OptionError(f"{label} must be {what}, not {shown(value)}")
        return number + 0.0  # -0 is 0: never printed as "-0"
    return read


# chips are only added and divided by a sum that is more than 0: no bound but finiteness
read_chips = _bounded("a number of chips, 0 or more", lambda chips: chips >= 0)
read_call = _bounded("a number of chips, more than 0", lambda chips: chips > 0)
_WHOLE = re.compile(r"([+-]?)(\d+)")


def _whole(value: Any, label: str) -> tuple[int, Any]:
    """A whole number from an int, an integral float (JSON's 1e6) or a text (bools
    refused), and what a sentence about it quotes: the number (``-1``, as every door writes
    it).  A text of more than WHOLE_DIGITS digits reads as a number of that many digits,
    beyond every bound, so its checker refuses it quoting the text (``a 5000-digit
    number``)."""
    if isinstance(value, float) and math.isfinite(value) and value == int(value):
        return int(value), int(value)
    if isinstance(value, int) and not isinstance(value, bool):
        return value, value
    if isinstance(value, str):
        whole = _WHOLE.fullmatch(value.strip().replace("_", ""))
        if whole:
            sign = -1 if whole.group(1) == "-" else 1
            digits = whole.group(2).lstrip("0") or "0"
            if len(digits) > WHOLE_DIGITS:
                return sign * 10**WHOLE_DIGITS, value
            return sign * int(digits), sign * int(digits)
    raise OptionError(f"{label} must be a whole number, not {shown(value)}")


def read_whole(value: Any, label: str) -> int:
    """A whole number (see _whole)."""
    return _whole(value, label)[0]


def read_trials(value: Any, label: str) -> int:
    """A positive whole number, or a text such as "250k", "2M", "1e6"."""
    return parse_trials(value if isinstance(value, str) else read_whole(value, label), label)


def read_seed(value: Any, label: str) -> int:
    number, given = _whole(value, label)
    return check_seed(number, label, given)


def read_threads(value: Any, label: str) -> int:
    number, given = _whole(value, label)
    return check_threads(number, label, given)


def read_seat(value: Any, label: str) -> int:
    number, given = _whole(value, label)
    return check_count(number, label, 1, given=given)


def read_yes_no(value: Any, label: str) -> bool:
    if isinstance(value, bool):
        return value
    if isinstance(value, str) and value.strip().lower() in YES + NO:
        return value.strip().lower() in YES
    raise OptionError(f"{label} must be true or false, not {shown(value)}")


def read_id(value: Any, label: str) -> str:
    if isinstance(value, int) and not isinstance(value, bool):
        return str(value)
    if not isinstance(value, str):
        raise OptionError(f"{label} must be a text or a whole number, not {shown(value)}")
    if not value.isprintable():  # ids are written back one per CSV line
        raise OptionError(f"{label} must be one line of printable text, not {shown(value)}")
    return value


def text_reader(example: str) -> Callable[[Any, str], str]:
    def read_text(value: Any, label: str) -> str:
        if not isinstance(value, str):
            raise OptionError(f"{label} must be a text such as {example}, not {shown(value)}")
        return value
    return read_text


def texts_reader(expected: str, one_text: bool = False) -> Callable[[Any, str], Any]:
    """A list of texts; ``one_text``: a single text is taken as it is (dead cards)."""
    def read_texts(value: Any, label: str) -> Any:
        if one_text and isinstance(value, str):
            return value
        if isinstance(value, str):
            raise OptionError(f"{label} must be {expected}, not the text {shown(value)}")
        if not isinstance(value, list | tuple) or not all(isinstance(v, str) for v in value):
            raise OptionError(f"{label} must be {expected}, not {shown(value)}")
        return list(value)
    return read_texts


# ---------------------------------------------------------------- the options


@dataclass(frozen=True)
class Option:
    """One option: its names at every door, its unit and help, and its one reader."""

    name: str  # the field: batch lines, the web's JSON, Python keywords
    read: Callable[[Any, str], Any]
    help: str
    flag: str | None = None  # the command line's; None where the command line has none
    query: str | None = None  # the page's URL parameter; None where the page has none
    unit: str | None = None
    metavar: str | None = None
    repeated: bool = False  # a list: one value per seat, per folded player
    text: bool = False  # cards or a name: an empty text is "none" at every door

    def label(self, door: Door) -> str:
        """The option as its reader knows it, for a sentence."""
        if door is Door.COMMAND_LINE and self.flag:
            return self.flag
        return f"'{self.name}'"

    def parse(self, value: Any, door: Door = Door.FIELDS) -> Any:
        """The value, None when not given; a mistake is one sentence blamed on this field.

        An empty CSV cell or URL parameter is "not given"; on the command line an option
        written with an empty value (``--seed ""``) is a mistake, never a silent default,
        except for a text of cards or a name (``--dead ""``: no dead cards)."""
        blank = isinstance(value, str) and not value.strip()
        with blame(self.name):
            if blank and door is Door.COMMAND_LINE and not self.text:
                raise OptionError(f"{self.label(door)} needs a value, not an empty text")
            if absent(value) or (self.repeated and value == []):
                return None
            return self.read(value, self.label(door))


OPTIONS: dict[str, Option] = {option.name: option for option in (
    Option("hands", texts_reader("a list with one text per live player, e.g. "
                                 "[\"AsKs/Qh\", \"xx/7d\"]"),
           "One per live player: DOWN/UP, e.g. AsKs/Qh, xx/7d (unknown hole cards), "
           "AsKs2d/QhJhTh9c (seventh street), or 'random'.", query="hand", repeated=True,
           text=True),
    Option("game", text_reader("\"stud8\""), "stud, stud8 (hi-lo), razz.", "--game", "game",
           text=True),
    Option("dead", texts_reader("a text of cards or a list of them, e.g. \"2c 9h\"", True),
           "Other dead cards, e.g. '2c 9h'.", "--dead", "dead", text=True),
    Option("folds", texts_reader("one text of upcards per folded player, e.g. "
                                 "[\"5h\", \"Qd\"]"),
           "A folded player's upcards (repeat per folded player).", "--fold", "fold",
           repeated=True, text=True),
    Option("community", text_reader("\"2c\""),
           "The shared seventh-street card, when it has been dealt.", "--community",
           "community", text=True),
    Option("deck_rule", text_reader("\"casino\""),
           "When seventh street is one shared card: casino (needs n+2 cards) or "
           "online (n).", "--deck-rule", "deck_rule", text=True),
    Option("trials", read_trials, "Monte Carlo trials: 100000, 250k, 2M, 1e6.",
           "--trials", "trials", "trials", "N"),
    Option("precision", read_points,
           "Sample until every equity's standard error is at most this many "
           "percentage points (e.g. 0.05).", "--precision", "precision",
           "percentage points", "POINTS"),
    Option("exact", read_yes_no, "Enumerate every deal.", "--exact", "exact"),
    Option("max_time", read_seconds, "Stop sampling after S seconds.", "--max-time",
           "max_time", "seconds", "S"),
    Option("seed", read_seed, "Seed, for the same numbers again.", "--seed", "seed",
           metavar="N"),
    Option("threads", read_threads, "Threads (default: all cores).", "--threads",
           metavar="N"),
    Option("id", read_id, "A name for the spot, written back with its result.", text=True),
    Option("classes", read_yes_no, "How often each hand finishes as each hand class.",
           "--classes", "classes"),
    Option("pot", read_chips, "Chips in the pot, for pot odds.", "--pot", "pot", "chips",
           "CHIPS"),
    Option("to_call", read_call, "Chips player 1 must call, for pot odds.", "--to-call",
           "to_call", "chips", "CHIPS"),
    Option("player", read_seat, "Whose next card: the seat's number (1 = first hand).",
           "--player", "player", metavar="N"),
)}
# a batch line's fields (and a web request's spot), in the order docs and errors list them
SPOT_FIELDS = ("id", "game", "hands", "dead", "folds", "community", "deck_rule", "trials",
               "precision", "exact", "seed", "max_time")
# what the equity command adds to a spot: its output options
OUTPUT_FIELDS = ("classes", "pot", "to_call")


def parse_fields(data: Mapping[str, Any], names: tuple[str, ...],
                door: Door = Door.FIELDS) -> dict[str, Any]:
    """Each of ``names`` read from ``data`` by its option (None when not given)."""
    return {name: OPTIONS[name].parse(data.get(name), door) for name in names}


def check_pot_odds(pot: float | None, to_call: float | None, door: Door = Door.FIELDS) -> None:
    """Pot odds need both sizes, and sizes whose sum a number can hold."""
    pot_label, call_label = OPTIONS["pot"].label(door), OPTIONS["to_call"].label(door)
    with blame("to_call" if pot is not None else "pot"):
        if (pot is None) != (to_call is None):
            raise OptionError(f"pot odds need both {pot_label} and {call_label}")
    if pot is not None and to_call is not None and not math.isfinite(pot + to_call):
        with blame("pot"):  # the odds divide by the pot after the call
            raise OptionError(f"{pot_label} {pot:g} and {call_label} {to_call:g} add up to "
                              "more chips than a number can hold: give smaller sizes")


__all__ = ["NO", "OPTIONS", "OUTPUT_FIELDS", "SPOT_FIELDS", "YES", "Door", "Option", "absent",
           "check_pot_odds", "parse_fields"]
