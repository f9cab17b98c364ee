"""The web server's routes: the page, and the JSON API under it (docs/web.md).

- ``GET /``: the page (static files, no build step);
- ``GET /api/health``: ``{"version": ..., "warming": ..., "kernels": {"loaded", "compiled",
  "total", "compiling"}}`` (warming: the numpy twins answer until every kernel is loaded);
- ``GET /api/spot?<query>``: a spot's street, shared river, who acts, command line;
- ``POST /api/equity``: the batch fields in, ``stud-odds equity --json``'s object out;
- ``GET /api/equity/stream?<query>``: server-sent events ``partial``, ``progress``,
  then ``result`` or ``failure``;
- ``GET /api/outs?<query>&player=N``: ``stud-odds outs --json``'s object and its summary;
- ``GET /api/db``, ``POST /api/db/import?name=F``, ``GET /api/db/stats|luck|starts``: the
  hand database of ``serve --db`` (``db ... --json``'s objects);
- ``POST /api/history``: a PokerStars file in the body, ``history --json`` objects out,
  one per line as the hands are replayed.
Every mistake is a 4xx with ``{"error": "<one sentence>"}``.
"""

from __future__ import annotations

import logging
from functools import partial
from pathlib import Path

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from stud_odds.errors import StudOddsError
from stud_odds.web import work
from stud_odds.web.fields import (
    PAGE_PARAMETER,
    RequestError,
    request_from_json,
    request_from_query,
)
from stud_odds.web.guard import JSON_LIMIT, UPLOAD_LIMIT, Guard, TooLarge, read_body
from stud_odds.web.jobs import FILE, OUTS, RETRY_AFTER_S, Busy, Jobs, Superseded
from stud_odds.web.streams import GONE, JobStream, cancelled_on_disconnect, event

STATIC = Path(__file__).parent / "static"
logger = logging.getLogger("stud_odds.web")


def _error(status: int, message: str, **headers: str) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status, headers=headers or None)


def blamed(error: StudOddsError) -> dict[str, object]:
    """A mistake's sentence with the field it is about and the seat (1-based), when known:
    ``{"error": ..., "field": "hands", "seat": 2}`` (docs/web.md)."""
    data: dict[str, object] = {"error": str(error)}
    if error.field is not None:
        data["field"] = error.field
    if error.seat is not None:
        data["seat"] = error.seat
    return data


def _query(request: Request) -> list[tuple[str, str]]:
    return list(request.query_params.multi_items())


def _page(request: Request) -> str | None:
    return request.query_params.get(PAGE_PARAMETER) or request.headers.get("x-stud-odds-page")


async def index(request: Request) -> Response:
    return FileResponse(STATIC / "index.html", headers={"cache-control": "no-cache"})


async def health(request: Request) -> Response:
    """The version, and how far the kernels are: until every one is loaded, the numpy twins
    answer (the same numbers, slower on big spots)."""
    from stud_odds import __version__
    from stud_odds.engine.warm import warmth

    kernels = warmth()
    return JSONResponse({"version": __version__, "warming": kernels.loaded < kernels.total,
                         "kernels": kernels._asdict()})


async def spot(request: Request) -> Response:
    """What the page shows about a spot before running it; a bad spot is a 400 whose
    ``hands`` say which seat's text is wrong (null for the good ones)."""
    query = _query(request)
    try:
        return JSONResponse(work.table_of(request_from_query(query)))
    except StudOddsError as error:
        return JSONResponse(blamed(error) | {"hands": _hand_errors(query)}, status_code=400)


def _hand_errors(query: list[tuple[str, str]]) -> list[str | None]:
    from stud_odds.scenario import parse_hand
    from stud_odds.scenario.text import is_random

    errors: list[str | None] = []
    for seat, text in enumerate((value for name, value in query if name == "hand"), start=1):
        try:
            if not is_random(text):
                parse_hand(text, seat)
            errors.append(None)
        except StudOddsError as error:
            errors.append(str(error))
    return errors


async def equity(request: Request) -> Response:
    body = await read_body(request, JSON_LIMIT)
    equity_request = request_from_json(body)
    jobs: Jobs = request.app.state.jobs
    answer = await cancelled_on_disconnect(
        request.receive, lambda: jobs.run_now(_page(request),
                                              partial(work.equity_now, equity_request)))
    if answer is GONE:  # nobody is there to read it
        return Response(status_code=499)
    return JSONResponse(answer)


async def equity_stream(request: Request) -> Response:
    try:
        equity_request = request_from_query(_query(request))
    except StudOddsError as error:  # an EventSource cannot read a 400's body: an event then
        return Response(event("failure", blamed(error)), media_type="text/event-stream")
    return JobStream(request.app.state.jobs, _page(request),
                     partial(work.equity_stream, equity_request), "text/event-stream",
                     work.failure_event)


async def outs(request: Request) -> Response:
    query = _query(request)
    players = [value for name, value in query if name == "player"]
    if len(players) != 1 or not players[0].strip().isdigit():
        raise RequestError("give the seat whose next card to show as player=N (one number)")
    equity_request = request_from_query([(name, value) for name, value in query
                                         if name != "player"])
    jobs: Jobs = request.app.state.jobs
    page = _page(request)
    # the page's outs run in a lane of their own: they never cancel its equity, nor it them
    answer = await cancelled_on_disconnect(
        request.receive, lambda: jobs.run_now(page, partial(work.outs_now, equity_request,
                                                            int(players[0])), OUTS))
    if answer is GONE:
        return Response(status_code=499)
    return JSONResponse(answer)


def _db_path(request: Request):
    path = request.app.state.db_path
    if path is None:
        raise RequestError("this server has no hand database: start it with "
                           "stud-odds serve --db PATH")
    return path


async def db_info(request: Request) -> Response:
    path = request.app.state.db_path
    return JSONResponse({"enabled": path is not None, "path": None if path is None else str(path)})


async def db_import(request: Request) -> Response:
    path = _db_path(request)
    data = await read_body(request, UPLOAD_LIMIT)
    if not data.strip():
        raise RequestError("the upload is empty: send a PokerStars hand-history file")
    name = request.query_params.get("name", "upload.txt")
    jobs: Jobs = request.app.state.jobs
    answer = await jobs.run_now(None, partial(work.db_import, path, data, name), FILE)
    return JSONResponse(answer)


async def db_answer(request: Request) -> Response:
    path = _db_path(request)
    what = request.path_params["what"]
    if what not in ("stats", "luck", "starts"):
        raise RequestError(f"there is no /api/db/{what}: ask stats, luck or starts")
    query = request.query_params
    jobs: Jobs = request.app.state.jobs
    answer = await jobs.run_now(None, partial(work.db_answer, path, what, query.get("player"),
                                              query.get("game")), FILE)
    return JSONResponse(answer)


async def history(request: Request) -> Response:
    data = await read_body(request, UPLOAD_LIMIT)
    if not data.strip():
        raise RequestError("the upload is empty: send a PokerStars hand-history file")
    return JobStream(request.app.state.jobs, _page(request), partial(work.history_stream, data),
                     "application/x-ndjson", work.history_failure, FILE)


async def _mistake(request: Request, error: Exception) -> Response:
    status = 413 if isinstance(error, TooLarge) else 400
    assert isinstance(error, StudOddsError)
    return JSONResponse(blamed(error), status_code=status)


async def _busy(request: Request, error: Exception) -> Response:
    return _error(503, f"the server is busy ({error}): try again in {RETRY_AFTER_S} s",
                  **{"retry-after": str(RETRY_AFTER_S)})


async def _superseded(request: Request, error: Exception) -> Response:
    return _error(409, str(error))


async def _http_error(request: Request, error: Exception) -> Response:
    """404 and 405 in JSON too, as every other mistake."""
    assert isinstance(error, HTTPException)
    if error.status_code == 404:
        message = f"there is no {request.url.path} here: docs/web.md lists the API"
    elif error.status_code == 405:
        message = f"{request.method} is not how {request.url.path} is asked"
        allowed = (error.headers or {}).get("Allow")
        if allowed:
            message += f": use {allowed}"
    else:
        message = str(error.detail)
    return _error(error.status_code, message, **(error.headers or {}))


def create_app(host: str = "127.0.0.1", jobs: Jobs | None = None,
               db_path: str | None = None) -> Guard:
    """The whole server as an ASGI app: routes behind the Host/Origin/size guard.

    ``host`` is the address it is bound to (the Host header must name it or
    localhost); ``jobs`` its engine queue (``app.state.jobs``); ``db_path`` the hand
    database of the "My hands" section (serve --db), None for none.
    """
    app = Starlette(
        routes=[
            Route("/", index),
            Route("/api/health", health),
            Route("/api/spot", spot),
            Route("/api/equity", equity, methods=["POST"]),
            Route("/api/equity/stream", equity_stream),
            Route("/api/outs", outs),
            Route("/api/history", history, methods=["POST"]),
            Route("/api/db", db_info),
            Route("/api/db/import", db_import, methods=["POST"]),
            Route("/api/db/{what}", db_answer),
            Mount("/static", StaticFiles(directory=STATIC), name="static"),
        ],
        exception_handlers={StudOddsError: _mistake, Busy: _busy, Superseded: _superseded,
                            HTTPException: _http_error},
    )
    app.state.jobs = jobs if jobs is not None else Jobs()
    app.state.db_path = db_path
    guarded = Guard(app, host)
    guarded.state = app.state  # type: ignore[attr-defined]
    return guarded


__all__ = ["create_app"]
