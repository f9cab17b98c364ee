"""One spot of a batch: a scenario and how to run it, from a dict of the Python API's fields.

Pure: data in, data out.  Every field is checked for its type before use, so a
bad one is named in one sentence (a :class:`StudyError`); reading lines of JSON
or CSV is :mod:`stud_odds.study.reading`.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, TypeVar

from stud_odds.engine import equity
from stud_odds.engine.options import (
    EquityError,
    ExactRefused,
    check_positive,
    check_seed,
    parse_trials,
)
from stud_odds.errors import blame
from stud_odds.results import EquityResult, Method
from stud_odds.scenario import Scenario
from stud_odds.study.common import StudyError, show

T = TypeVar("T")

SPOT_FIELDS = ("id", "game", "hands", "dead", "folds", "community", "deck_rule", "trials",
               "precision", "exact", "seed", "max_time")
_YES = ("1", "true", "yes", "y")
_NO = ("0", "false", "no", "n")


@dataclass(frozen=True)
class BatchSpot:
    """One line of a batch: a scenario and how to run it."""

    scenario: Scenario
    id: str | None = None
    method: Method = Method.AUTO
    trials: int | None = None
    precision: float | None = None
    max_time: float | None = None
    seed: int | None = None

    def run(self, threads: int | None = None, **live: Any) -> EquityResult:
        """``live``: equity()'s ``on_round`` and ``cancel``, for a spot run on a server."""
        try:
            return equity(self.scenario, method=self.method, trials=self.trials,
                          precision=self.precision, max_time=self.max_time, seed=self.seed,
                          threads=threads, **live)
        except ExactRefused as refused:  # the line asked with its own field
            failure = StudyError(refused.for_option('"exact": true'))
            failure.field = "exact"
            raise failure from None


def spot_key(number: int, spot: BatchSpot) -> tuple[str, str | int]:
    """What names a spot for ``--resume``: its id, or its line number when it has none."""
    return ("id", spot.id) if spot.id is not None else ("line", number)


def _absent(value: Any) -> bool:
    """null, a missing field and an empty CSV cell all mean "not given"."""
    return value is None or (isinstance(value, str) and not value.strip())


def _text(data: Mapping[str, Any], name: str, example: str) -> str | None:
    value = data.get(name)
    if _absent(value):
        return None
    if not isinstance(value, str):
        raise StudyError(f"'{name}' must be a text such as {example}, not {show(value)}")
    return value


def _texts(value: Any, name: str, expected: str) -> list[str]:
    if not isinstance(value, list | tuple) or not all(isinstance(v, str) for v in value):
        raise StudyError(f"'{name}' must be {expected}, not {show(value)}")
    return list(value)


def _id(value: Any) -> str | None:
    if _absent(value):
        return None
    if isinstance(value, int) and not isinstance(value, bool):
        return str(value)
    if not isinstance(value, str):
        raise StudyError(f"'id' must be a text or a whole number, not {show(value)}")
    if not value.isprintable():  # ids are written back one per CSV line
        raise StudyError(f"'id' must be one line of printable text, not {show(value)}")
    return value


def _whole(value: Any, name: str) -> int:
    """A whole number from an int, an integral float (JSON's 1e6) or a text; bools refused."""
    if isinstance(value, bool):
        raise StudyError(f"'{name}' must be a whole number, not {show(value)}")
    if isinstance(value, float):
        if not math.isfinite(value) or value != int(value):
            raise StudyError(f"'{name}' must be a whole number, not {show(value)}")
        return int(value)
    if isinstance(value, int):
        return value
    if isinstance(value, str):
        try:
            return int(value.strip().replace("_", ""))
        except ValueError:  # also texts of more digits than Python converts
            pass
    raise StudyError(f"'{name}' must be a whole number, not {show(value)}")


def _field(check: Callable[..., T], *args: Any) -> T:
    """The engine's one checker of an option, its sentence said as this line's StudyError."""
    try:
        return check(*args)
    except EquityError as error:
        raise StudyError(str(error)) from None


def _positive(data: Mapping[str, Any], name: str, unit: str) -> float | None:
    """An optional positive, finite number, from a number or a text."""
    value = data.get(name)
    if _absent(value):
        return None
    if isinstance(value, str):
        try:
            value = float(value)
        except ValueError:
            raise StudyError(f"'{name}' must be a positive number of {unit}, "
                             f"not {show(value)}") from None
    return _field(check_positive, value, f"'{name}'", f"a positive number of {unit}")


def trial_count(value: Any, name: str = "'trials'") -> int | None:
    """A trial count from a batch field or a --trials option (``name`` says which):
    a positive whole number, or a text such as "250k", "2M", "1e6"; None when not given."""
    if _absent(value):
        return None
    return _field(parse_trials,
                  value if isinstance(value, str) else _whole(value, name.strip("'")), name)


def _seed(value: Any) -> int | None:
    return None if _absent(value) else _field(check_seed, _whole(value, "seed"), "'seed'")


def _exact(value: Any) -> bool:
    if _absent(value):
        return False
    if isinstance(value, bool):
        return value
    if isinstance(value, str) and value.strip().lower() in _YES + _NO:
        return value.strip().lower() in _YES
    raise StudyError(f"'exact' must be true or false, not {show(value)}")


def spot_from_dict(data: Mapping[str, Any]) -> BatchSpot:
    """A BatchSpot from a dict with the Python API's field names (see SPOT_FIELDS).

    Every field is checked for its type before use, so a bad one is named in a
    StudyError: ``hands`` is a list of texts, one per live player (a text is
    refused: in JSON there is no guessing how it splits); ``dead`` a text or a
    list of texts; ``folds`` one text of upcards per folded player; ``trials``
    a positive whole number or a text such as "250k"; ``precision`` and
    ``max_time`` positive finite numbers; ``seed`` 0 to 2^64 - 1; ``exact``
    true or false.  null (None) means the field is not given.
    """
    if not isinstance(data, Mapping):
        raise StudyError(f"a spot is an object of fields ({', '.join(SPOT_FIELDS)}), "
                         f"not {show(data)}")
    unknown = sorted(str(name) for name in set(data) - set(SPOT_FIELDS))
    if unknown:
        raise StudyError(f"unknown field {show(unknown[0])}: fields are {', '.join(SPOT_FIELDS)}")
    hands = data.get("hands")
    with blame("hands"):
        if isinstance(hands, str):
            raise StudyError(f"'hands' must be a list with one text per live player, e.g. "
                             f"[\"AsKs/Qh\", \"xx/7d\"], not the text {show(hands)}")
        if _absent(hands) or hands == []:
            raise StudyError("a spot needs 'hands', one per live player")
        hands = _texts(hands, "hands",
                       "one text per live player, e.g. [\"AsKs/Qh\", \"xx/7d\"]")
    with blame("folds"):
        folds = [] if _absent(data.get("folds")) else _texts(
            data["folds"], "folds",
            "one text of upcards per folded player, e.g. [\"5h\", \"Qd\"]")
    dead = data.get("dead")
    with blame("dead"):
        if _absent(dead):
            dead = ()
        elif not isinstance(dead, str):
            dead = _texts(dead, "dead", "a text of cards or a list of them, e.g. \"2c 9h\"")
    with blame("exact"):
        exact = _exact(data.get("exact"))
    texts = {}
    for name, example in (("game", "\"stud8\""), ("community", "\"2c\""),
                          ("deck_rule", "\"casino\"")):
        with blame(name):
            texts[name] = _text(data, name, example)
    scenario = Scenario.build(hands, game=texts["game"] or "stud", dead=dead, folds=folds,
                              community=texts["community"],
                              deck_rule=texts["deck_rule"] or "casino")
    with blame("id"):
        spot_id = _id(data.get("id"))
    with blame("trials"):
        trials = trial_count(data.get("trials"))
    with blame("precision"):
        precision = _positive(data, "precision", "the pot (a standard error, e.g. 0.001)")
    with blame("max_time"):
        max_time = _positive(data, "max_time", "seconds")
    with blame("seed"):
        seed = _seed(data.get("seed"))
    return BatchSpot(scenario=scenario, id=spot_id, method=Method.EXACT if exact else Method.AUTO,
                     trials=trials, precision=precision, max_time=max_time, seed=seed)


def split_hands(text: str) -> list[str]:
    """The hands of a CSV cell, separated by spaces outside a range's brackets.

    >>> split_hands("[QQ+, AK]/Ah  xx/7d random")
    ['[QQ+, AK]/Ah', 'xx/7d', 'random']
    """
    return [match.group() for match in re.finditer(r"(?:\[[^\]]*\]?|\S)+", text)]


def spot_from_csv_row(row: Mapping[str, str]) -> BatchSpot:
    """CSV cells are texts: hands are space-separated (a range's brackets may hold spaces),
    folded players ';'-separated."""
    data: dict[str, Any] = dict(row)
    if isinstance(data.get("hands"), str):
        data["hands"] = split_hands(data["hands"])
    if isinstance(data.get("folds"), str):
        data["folds"] = [group for group in data["folds"].split(";") if group.strip()]
    return spot_from_dict(data)


__all__ = ["SPOT_FIELDS", "BatchSpot", "spot_from_csv_row", "spot_from_dict", "spot_key",
           "trial_count"]
