"""What a web request asks: a spot and the ``equity`` command's output options, read through
the option schema (:mod:`stud_odds.request.schema`) like a batch line.

A POST body is a JSON object of the schema's fields; the page's query string
(``?game=stud8&hand=AhKh/Qh&hand=7c7d/2s&dead=9c+Td&fold=5h&seed=1``) maps onto
the same fields by each option's ``query`` name, so the web, the batch command
and scripts accept exactly the same spots with the same sentences.
"""

from __future__ import annotations

import json
from typing import Any

from stud_odds.checks import finest_points
from stud_odds.errors import StudOddsError, blame, shown
from stud_odds.request.schema import OPTIONS, OUTPUT_FIELDS, SPOT_FIELDS
from stud_odds.request.spot import SpotRequest
from stud_odds.web.jobs import JOB_TIME_LIMIT

REQUEST_FIELDS = SPOT_FIELDS + OUTPUT_FIELDS
# query parameter -> field; the repeated ones (one per seat, one per folded player) are lists
QUERY_FIELDS = {OPTIONS[name].query: name for name in REQUEST_FIELDS if OPTIONS[name].query}
PAGE_PARAMETER = "page"  # the page's own id: its newer job cancels its older one


class RequestError(StudOddsError):
    """A request that is not a spot and its options; the message is one sentence."""


def request_from_fields(data: Any, max_seconds: float = JOB_TIME_LIMIT) -> SpotRequest:
    """A SpotRequest from a dict of the batch fields plus classes, pot and to_call, within
    what one request may ask of the server (``max_seconds``: its time limit for one
    request, serve --max-job-seconds)."""
    spot = SpotRequest.from_fields(data, REQUEST_FIELDS)
    _bounded(spot, max_seconds)
    return spot


# one request may hold the server's engine this long at most (the command line has no limit)
MOST_TRIALS = 100_000_000


def _bounded(spot: SpotRequest, max_seconds: float) -> None:
    """Refuse a sampled spot whose stop could keep the engine for many minutes: more than
    MOST_TRIALS trials, a precision that needs them, or a time limit past the server's
    own for one request (it would be stopped there, unfinished)."""
    limit = f"the server samples at most {MOST_TRIALS:,} trials a request"
    stop = spot.stop
    with blame("trials"):
        if stop.trials is not None and stop.trials > MOST_TRIALS:
            raise RequestError(f"'trials': {stop.trials:,} is too many: {limit} (the command "
                               "line takes any number)")
    with blame("precision"):
        needed = stop.trials_needed()
        if stop.trials is None and needed is not None and needed > MOST_TRIALS:
            raise RequestError(f"'precision': {stop.precision:g} may need more than {limit}; "
                               f"ask for {finest_points(MOST_TRIALS):.2g} or more")
    with blame("max_time"):
        if stop.max_time is not None and stop.max_time > max_seconds:
            raise RequestError(f"'max_time': {stop.max_time:g} seconds is past this server's "
                               f"limit of {max_seconds:g} s for one request (stud-odds serve "
                               "--max-job-seconds)")


def request_from_json(body: bytes, max_seconds: float = JOB_TIME_LIMIT) -> SpotRequest:
    """An SpotRequest from a POST body: one JSON object."""
    return request_from_fields(json_body(body), max_seconds)


def json_body(body: bytes) -> Any:
    """A POST body's one JSON value (strict: no NaN; an integer of thousands of digits
    read by its size, see _whole_number); a body that is not UTF-8 JSON is one sentence."""
    try:
        text = body.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise RequestError(f"the body is not UTF-8 text (byte 0x{body[exc.start]:02x} at "
                           f"offset {exc.start})") from None
    try:
        data = json.loads(text, parse_constant=_no_constant, parse_int=_whole_number)
    except json.JSONDecodeError as exc:
        raise RequestError(f"the body is not JSON: {exc.msg} at line {exc.lineno} column "
                           f"{exc.colno}") from None
    except RecursionError:
        raise RequestError("the body is not a spot: the JSON is nested too deeply") from None
    except ValueError as exc:  # an integer of more digits than Python converts, or NaN
        raise RequestError(f"the body is not a spot: {exc}") from None
    return data


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


LONGEST_INT = 4000  # digits: Python's int() refuses more than 4,300 (and is slow near it)


def _whole_number(digits: str) -> int:
    """A JSON integer.  One longer than LONGEST_INT digits is read as the power of ten of
    its size: no field takes a number within a hundred orders of that, and the schema
    refuses it by its size ("a 5000-digit number"), the same sentence as for its true
    value, without the time to convert it."""
    if len(digits) <= LONGEST_INT:
        return int(digits)
    negative = digits.startswith("-")
    size = 10 ** (len(digits) - negative - 1)
    return -size if negative else size


def fields_from_query(items: list[tuple[str, str]]) -> dict[str, Any]:
    """The page's query string (as a list of name, value pairs) as request fields."""
    data: dict[str, Any] = {name: [] for name in QUERY_FIELDS.values() if OPTIONS[name].repeated}
    seen: set[str] = set()
    for name, value in items:
        if name == PAGE_PARAMETER:
            continue
        if name not in QUERY_FIELDS:
            raise RequestError(f"unknown parameter {shown(name)}: parameters are "
                               f"{', '.join(QUERY_FIELDS)}")
        field = QUERY_FIELDS[name]
        if OPTIONS[field].repeated:
            if field == "folds" and not value.strip():
                continue  # an empty fold= is no folded player
            data[field].append(value)
            continue
        if name in seen:
            raise RequestError(f"the parameter '{name}' is given twice")
        seen.add(name)
        data[field] = value
    return data


def request_from_query(items: list[tuple[str, str]],
                       max_seconds: float = JOB_TIME_LIMIT) -> SpotRequest:
    return request_from_fields(fields_from_query(items), max_seconds)


__all__ = ["PAGE_PARAMETER", "QUERY_FIELDS", "REQUEST_FIELDS", "RequestError",
           "fields_from_query", "json_body", "request_from_fields", "request_from_json",
           "request_from_query"]
