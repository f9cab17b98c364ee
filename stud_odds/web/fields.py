"""What a request asks for: a spot in the batch JSON Lines fields, and the equity command's
other options (classes, pot odds).

A POST body is a JSON object of those fields; the page's query string
(``?game=stud8&hand=AhKh/Qh&hand=7c7d/2s&dead=9c+Td&fold=5h&seed=1``) maps onto
the same fields.  The spot itself is read by the batch reader
(:func:`stud_odds.study.spots.spot_from_dict`), so the web, the batch command
and scripts accept exactly the same spots.
"""

from __future__ import annotations

import json
import math
import shlex
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from stud_odds.errors import StudOddsError, blame
from stud_odds.results import Method
from stud_odds.scenario import DeckRule
from stud_odds.study.common import show
from stud_odds.study.spots import SPOT_FIELDS, BatchSpot, spot_from_dict

OPTION_FIELDS = ("classes", "pot", "to_call")
# query parameter -> field; the repeated ones (one per seat, one per folded player) are lists
QUERY_FIELDS = {"game": "game", "hand": "hands", "dead": "dead", "fold": "folds",
                "community": "community", "deck_rule": "deck_rule", "trials": "trials",
                "precision": "precision", "exact": "exact", "seed": "seed",
                "classes": "classes", "pot": "pot", "to_call": "to_call"}
REPEATED = ("hand", "fold")
PAGE_PARAMETER = "page"  # the page's own id: its newer job cancels its older one
_YES, _NO = ("1", "true", "yes", "on"), ("", "0", "false", "no", "off")


class RequestError(StudOddsError):
    """A request that is not a spot and its options; the message is one sentence."""


@dataclass(frozen=True)
class EquityRequest:
    """A spot and the ``equity`` command's output options."""

    spot: BatchSpot
    classes: bool = False
    pot: float | None = None
    to_call: float | None = None

    def command(self) -> str:
        """The ``stud-odds equity ...`` line that prints the same numbers."""
        scenario, spot = self.spot.scenario, self.spot
        words = ["stud-odds", "equity", *(str(hand) for hand in scenario.hands),
                 "--game", scenario.game.value]
        if scenario.dead:
            words += ["--dead", " ".join(_card_texts(scenario.dead))]
        for upcards in scenario.folds:
            words += ["--fold", "".join(_card_texts(upcards))]
        if scenario.community is not None:
            words += ["--community", _card_texts([scenario.community])[0]]
        if scenario.deck_rule != DeckRule.CASINO:
            words += ["--deck-rule", scenario.deck_rule.value]
        if spot.method == Method.EXACT:
            words.append("--exact")
        if spot.trials is not None:
            words += ["--trials", str(spot.trials)]
        if spot.precision is not None:  # the command's --precision is in percentage points
            words += ["--precision", f"{spot.precision * 100:g}"]
        if spot.max_time is not None:
            words += ["--max-time", f"{spot.max_time:g}"]
        if spot.seed is not None:
            words += ["--seed", str(spot.seed)]
        if self.classes:
            words.append("--classes")
        if self.pot is not None:
            words += ["--pot", f"{self.pot:g}", "--to-call", f"{self.to_call:g}"]
        return shlex.join(words)


def _card_texts(cards: Any) -> list[str]:
    from stud_odds.cards import format_card

    return [format_card(card) for card in cards]


def _flag(value: Any) -> bool:
    if value is None or isinstance(value, bool):
        return bool(value)
    if isinstance(value, str) and value.strip().lower() in _YES + _NO:
        return value.strip().lower() in _YES
    raise RequestError(f"'classes' must be true or false, not {show(value)}")


def _amount(value: Any, name: str) -> float | None:
    if value is None or (isinstance(value, str) and not value.strip()):
        return None
    number = None
    if isinstance(value, int | float) and not isinstance(value, bool):
        number = float(value)
    elif isinstance(value, str):
        try:
            number = float(value)
        except ValueError:
            pass
    if number is None or not math.isfinite(number) or number < 0:
        raise RequestError(f"'{name}' must be a number of chips, 0 or more, not {show(value)}")
    return number


def request_from_fields(data: Any) -> EquityRequest:
    """An EquityRequest from a dict of the batch fields plus classes, pot and to_call."""
    if not isinstance(data, Mapping):
        raise RequestError(f"the body must be a JSON object of fields ({', '.join(SPOT_FIELDS)}),"
                           f" not {show(data)}")
    spot_fields = {name: value for name, value in data.items() if name not in OPTION_FIELDS}
    with blame("pot"):
        pot = _amount(data.get("pot"), "pot")
    with blame("to_call"):
        to_call = _amount(data.get("to_call"), "to_call")
        if (pot is None) != (to_call is None):
            raise RequestError("pot odds need both 'pot' and 'to_call'")
        if to_call == 0:
            raise RequestError("'to_call' must be more than 0 chips")
    spot = spot_from_dict(spot_fields)
    _bounded(spot)
    return EquityRequest(spot, _flag(data.get("classes")), pot, to_call)


# one request may hold the server's engine this long at most (the command line has no limit)
MOST_TRIALS = 100_000_000
MOST_SECONDS = 300.0


def _bounded(spot: BatchSpot) -> None:
    """Refuse a sampled spot whose stop could keep the engine for many minutes: more than
    MOST_TRIALS trials, a precision that needs them, or a time limit past MOST_SECONDS."""
    limit = f"the server samples at most {MOST_TRIALS:,} trials a request"
    with blame("trials"):
        if spot.trials is not None and spot.trials > MOST_TRIALS:
            raise RequestError(f"'trials': {spot.trials:,} is too many: {limit} (the command "
                               "line takes any number)")
    # a pot share's variance is at most 1/4: the trials a precision may need
    with blame("precision"):
        if spot.trials is None and spot.precision is not None \
                and 0.25 / spot.precision ** 2 > MOST_TRIALS:
            raise RequestError(f"'precision': {spot.precision:g} may need more than {limit}; "
                               f"ask for {(0.25 / MOST_TRIALS) ** 0.5:.2g} or more")
    with blame("max_time"):
        if spot.max_time is not None and spot.max_time > MOST_SECONDS:
            raise RequestError(f"'max_time': the server samples at most {MOST_SECONDS:g} "
                               "seconds a request")


def request_from_json(body: bytes) -> EquityRequest:
    """An EquityRequest from a POST body: one JSON object."""
    try:
        text = body.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise RequestError(f"the body is not UTF-8 text (byte 0x{body[exc.start]:02x} at "
                           f"offset {exc.start})") from None
    try:
        data = json.loads(text, parse_constant=_no_constant)
    except json.JSONDecodeError as exc:
        raise RequestError(f"the body is not JSON: {exc.msg} at line {exc.lineno} column "
                           f"{exc.colno}") from None
    except RecursionError:
        raise RequestError("the body is not a spot: the JSON is nested too deeply") from None
    except ValueError as exc:  # an integer of more digits than Python converts, or NaN
        raise RequestError(f"the body is not a spot: {exc}") from None
    return request_from_fields(data)


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def fields_from_query(items: list[tuple[str, str]]) -> dict[str, Any]:
    """The page's query string (as a list of name, value pairs) as request fields."""
    data: dict[str, Any] = {"hands": [], "folds": []}
    seen: set[str] = set()
    for name, value in items:
        if name == PAGE_PARAMETER:
            continue
        if name not in QUERY_FIELDS:
            raise RequestError(f"unknown parameter {show(name)}: parameters are "
                               f"{', '.join(QUERY_FIELDS)}")
        if name in REPEATED:
            if name == "fold" and not value.strip():
                continue  # an empty fold= is no folded player
            data[QUERY_FIELDS[name]].append(value)
            continue
        if name in seen:
            raise RequestError(f"the parameter '{name}' is given twice")
        seen.add(name)
        data[QUERY_FIELDS[name]] = value
    return data


def request_from_query(items: list[tuple[str, str]]) -> EquityRequest:
    return request_from_fields(fields_from_query(items))


__all__ = ["OPTION_FIELDS", "PAGE_PARAMETER", "QUERY_FIELDS", "EquityRequest", "RequestError",
           "fields_from_query", "request_from_fields", "request_from_json", "request_from_query"]
