"""``POST /api/river``: a seventh-street spot solved heads-up at equilibrium, as
``stud-odds river --json`` answers it (docs/river.md), for the page's river view.

The body is one JSON object: the spot's ``game``, ``hands`` (two seventh-street hands),
``dead`` and ``folds``, read by the option schema as ``/api/equity`` reads them, and the
solve's ``pot`` (big bets before the river betting), ``cap`` (bets in all; default the
table rule) and ``accuracy`` (a share of the pot), read by the solver; ``"strategy":
true`` adds each combo's strategy at each decision (docs/river.md's ``strategy``: megabytes
for ranges of thousands of combos, so only when asked).  The answer is ``river --json``'s
object (``strategy`` only when asked) plus ``summary``, each decision by hand class (the
numbers), and ``display``, the same as the page shows it (the text).  The solve runs in a
lane of its own (a page's newer solve cancels its older one, and never its equity), under
the server's time limit for one request; every mistake is a 400 with one sentence blamed on
its field.
"""

from __future__ import annotations

import threading
from functools import partial
from typing import Any

from starlette.requests import Request
from starlette.responses import Response

from stud_odds.errors import SHOWN_CHARACTERS, blame, shown
from stud_odds.request.schema import OPTIONS, absent, parse_fields, read_yes_no
from stud_odds.web.answers import job_answer
from stud_odds.web.fields import RequestError, json_body
from stud_odds.web.guard import JSON_LIMIT, read_body
from stud_odds.web.jobs import RIVER_JOB
from stud_odds.web.work import superseded_if_cancelled

RIVER_SPOT_FIELDS = ("game", "hands", "dead", "folds")  # read by the option schema
RIVER_SOLVE_FIELDS = ("pot", "cap", "accuracy")  # read by the solver
RIVER_FIELDS = (*RIVER_SPOT_FIELDS, *RIVER_SOLVE_FIELDS, "strategy")
# the solve's fields in the OpenAPI document (the spot's are the schema's)
_NUMBER_OR_TEXT = {"oneOf": [{"type": "number"}, {"type": "string"}]}
RIVER_SOLVE_SCHEMAS: dict[str, dict[str, Any]] = {
    "pot": {**_NUMBER_OR_TEXT, "description": "The pot before the river betting, in big "
                                              "bets (0.01 to 1,000,000; 5.5 is fine)."},
    "cap": {"oneOf": [{"type": "integer"}, {"type": "string"}],
            "description": "Bets in all on the river, 1 to 8 (default: a bet and the "
                           "table's raises)."},
    "accuracy": {**_NUMBER_OR_TEXT, "description": "The exploitability aimed at, as a "
                                                   "share of the pot (default 0.001)."},
    "strategy": {"type": "boolean", "description": "true: each combo's strategy at each "
                                                   "decision too (large for wide ranges)."},
}


async def river_route(request: Request) -> Response:
    """A seventh-street spot solved heads-up: each seat's value, the exploitability, and
    each decision's strategy by hand class (per combo with ``"strategy": true``)."""
    fields = river_fields(json_body(await read_body(request, JSON_LIMIT)))
    return await job_answer(request, partial(solve_river, fields), RIVER_JOB)


def river_fields(data: Any) -> dict[str, Any]:
    """The body's fields, the spot's read by the schema (the solve's are the solver's to
    read); an unknown field, or a body that is not an object, is refused in one sentence."""
    if not isinstance(data, dict):
        raise RequestError(f"the body must be a JSON object of the fields "
                           f"{', '.join(RIVER_FIELDS)}, not {shown(data)}")
    for name in data:
        if name not in RIVER_FIELDS:
            # the name is the field to blame when it can be sent back as it is (a lone
            # surrogate cannot be encoded: a 500) and names something, else the body
            with blame(name if name and name.isprintable() and len(name) <= SHOWN_CHARACTERS
                       else "body"):
                raise RequestError(f"unknown field {shown(name)}: the river takes "
                                   f"{', '.join(RIVER_FIELDS)}")
    fields = parse_fields(data, RIVER_SPOT_FIELDS)
    for name in RIVER_SOLVE_FIELDS:
        fields[name] = None if absent(data.get(name)) else data[name]
    with blame("pot"):
        if fields["pot"] is None:
            raise RequestError("'pot' is missing: give the pot before the river betting, in "
                               "big bets (e.g. 5.5)")
    with blame("strategy"):
        fields["strategy"] = not absent(data.get("strategy")) and \
            read_yes_no(data["strategy"], "'strategy'")
    if fields["hands"] is None:
        with blame("hands"):
            raise RequestError(f"'hands' is missing: {OPTIONS['hands'].help}")
    return fields


def solve_river(fields: dict[str, Any], cancel: threading.Event) -> dict[str, Any]:
    """The solve in a worker thread: ``river --json``'s object, ``summary`` and ``display``
    (Superseded when cancelled: by the page's newer solve, the client gone, the time
    limit)."""
    from stud_odds.report.river import river_by_class, river_display
    from stud_odds.solver import river

    keywords = {name: fields[name] for name in RIVER_SOLVE_FIELDS
                if fields[name] is not None}  # an accuracy of 0 is the solver's to refuse
    with superseded_if_cancelled():
        result = river(fields["hands"], fields["game"] or "stud", dead=fields["dead"] or (),
                       folds=fields["folds"] or (), cancel=cancel, **keywords)
    answer = result.to_dict()
    if not fields["strategy"]:
        del answer["strategy"]
    return answer | {"method": result.method, "summary": river_by_class(result),
                     "display": river_display(result)}


__all__ = ["RIVER_FIELDS", "RIVER_SOLVE_SCHEMAS", "RIVER_SPOT_FIELDS", "river_fields",
           "river_route", "solve_river"]
