"""The web server's routes: the page, and the JSON API under it (docs/web.md).

- ``GET /``: the page (static files, no build step), with the words it shows
  (``GET /api/words``) in it;
- ``GET /api/words``: the game titles, column titles, street and card names the page
  shows, from the modules that own them;
- ``GET /api/health``: ``{"version": ..., "warming": ..., "kernels": {"loaded", "compiled",
  "total", "compiling"}}`` (warming: the numpy twins answer until every kernel is loaded);
- ``GET /api/spot?<query>``: a spot's street, shared river, who acts, command line;
- ``POST /api/equity``: the batch fields in, ``stud-odds equity --json``'s object out;
- ``GET /api/equity/stream?<query>``: server-sent events ``partial``, ``progress``,
  then ``result`` or ``failure``;
- ``GET /api/outs?<query>&player=N``: ``stud-odds outs --json``'s object and its summary;
- ``POST /api/river``: a seventh-street spot solved heads-up (:mod:`stud_odds.web.river`);
- ``GET /api/db``, ``POST /api/db/import?name=F``, ``GET /api/db/stats|luck|starts``: the
  hand database of ``serve --db`` (``db ... --json``'s objects);
- ``POST /api/history``: a PokerStars file in the body, ``history --json`` objects out,
  one per line as the hands are replayed.
The routes that take a file say so in the route table (``upload_route``: the guard reads
their size limit there); they and the other "My hands" routes are
:mod:`stud_odds.web.hand_routes`.  Every mistake is a 4xx with ``{"error": "<one
sentence>"}`` (:mod:`stud_odds.web.answers`).
"""

from __future__ import annotations

import json
import threading
from collections.abc import AsyncIterator, Iterable
from contextlib import asynccontextmanager
from functools import lru_cache, partial
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from stud_odds.errors import StudOddsError, blame
from stud_odds.request.schema import OPTIONS
from stud_odds.web import hand_routes, work
from stud_odds.web.access import Access
from stud_odds.web.answers import EXCEPTION_HANDLERS, job_answer, page_of
from stud_odds.web.deadlines import BodyDeadline
from stud_odds.web.fields import (
    PAGE_PARAMETER,
    RequestError,
    request_from_json,
    request_from_query,
)
from stud_odds.web.guard import JSON_LIMIT, Guard, read_body, upload_route
from stud_odds.web.jobs import OUTS_JOB, Jobs
from stud_odds.web.openapi import openapi_route
from stud_odds.web.river import river_route
from stud_odds.web.streams import JobStream, blamed, event

STATIC = Path(__file__).parent / "static"


def _query(request: Request) -> list[tuple[str, str]]:
    return list(request.query_params.multi_items())


def page_words() -> dict[str, Any]:
    """Every word the page shows that the engine owns, from its owner: the game titles
    (Game.title), the equity table's column titles (the report's: a Rate with its "_" a
    space, ``±95%`` for the interval), the columns each game's table has before its first
    numbers (a high half: high win and tie; a low half: low win and tie, and scoop), the
    street names of the tables and histories (``3rd street``), the cards' names, what a
    progress line calls each counting method (Algorithm.title), the unit of the ± column
    and the outs' groups with the colour each is shown in (OutsGroup.verdict); and the
    URL's parameter names, the option schema's (Option.query), which the page spells
    nowhere."""
    from stud_odds.cards import RANK_NAMES, RANKS, SUIT_NAMES, SUITS
    from stud_odds.db.results import IMPORT_WORDS, STATS_LABELS, STATS_NOTE
    from stud_odds.db.units import SYMBOLS
    from stud_odds.engine.planning import Algorithm
    from stud_odds.games import Game
    from stud_odds.report.cells import INTERVAL_TITLE
    from stud_odds.request.schema import YES
    from stud_odds.result_terms import INTERVAL_UNIT, OutsGroup
    from stud_odds.results import Rate
    from stud_odds.scenario.table import STREETS, street_label

    rates = [rate for rate in Rate if rate != Rate.EQUITY_SE]
    columns = {rate.value: rate.replace("_", " ") for rate in rates}
    columns = {"equity": columns.pop("equity"), "interval": INTERVAL_TITLE, **columns}

    def game_columns(game: Game) -> list[str]:
        high = [Rate.HIGH_WIN, Rate.HIGH_TIE] if game.has_high else []
        low = [Rate.LOW_WIN, Rate.LOW_TIE, Rate.SCOOP] if game.has_low else []
        return [Rate.EQUITY.value, *(rate.value for rate in high + low)]

    return {
        "games": {game.value: game.title for game in Game},
        "columns": columns,
        "game_columns": {game.value: game_columns(game) for game in Game},
        "streets": {str(street): street_label(street) for street in STREETS},
        "ranks": dict(zip(RANKS, RANK_NAMES, strict=True)),
        "suits": dict(zip(SUITS, SUIT_NAMES, strict=True)),
        "methods": {method.value: method.title for method in Algorithm},
        "yes": list(YES),  # a URL's flag is on with any of the schema's yes words
        # the URL's parameter names: each option's (the schema's), and the page's own id
        "url": {"fields": {name: option.query for name, option in OPTIONS.items()
                           if option.query}, "page": PAGE_PARAMETER},
        "interval_unit": INTERVAL_UNIT,
        # each group's colour (the class out-<tone>) and the legend's word for it
        "outs_groups": {group.value: {"tone": group.tone, "verdict": group.verdict}
                        for group in OutsGroup},
        # My hands: an import's summary and the stats' lines, as `stud-odds db` words them
        "db_import": IMPORT_WORDS,
        "db_stats": {**STATS_LABELS, "note": STATS_NOTE},
        "db_units": {"symbols": SYMBOLS},
    }


@lru_cache(maxsize=1)
def _page_html() -> str:
    """index.html with its words filled in: the game menu's options, and every word as JSON
    in ``<script type="application/json" id="words">`` for the page's scripts."""
    from html import escape

    words = page_words()
    options = "\n".join(f'      <option value="{escape(game)}">{escape(title)}</option>'
                        for game, title in words["games"].items())
    # "<" escaped: no "</script>" in the data can end the element
    data = json.dumps(words, ensure_ascii=False).replace("<", "\\u003c")
    script = f'<script type="application/json" id="words">{data}</script>'
    return ((STATIC / "index.html").read_text(encoding="utf-8")
            .replace("<!-- game options -->", options.lstrip())
            .replace("<!-- words -->", script))


async def _index(request: Request) -> Response:
    return HTMLResponse(_page_html(), headers={"cache-control": "no-cache"})


async def _words(request: Request) -> Response:
    return JSONResponse(page_words())


async def _health(request: Request) -> Response:
    """The version, and how far the kernels are: until every one is loaded, the numpy twins
    answer (the same numbers, slower on big spots)."""
    from stud_odds import __version__
    from stud_odds.engine.warm import warmth

    kernels = warmth()
    return JSONResponse({"version": __version__, "warming": kernels.loaded < kernels.total,
                         "kernels": kernels._asdict()})


async def _spot(request: Request) -> Response:
    """What the page shows about a spot before running it; a bad spot is a 400 whose
    ``hands`` say which seat's text is wrong (null for the good ones)."""
    query = _query(request)
    try:
        return JSONResponse(work.table_of(request_from_query(query, _max_seconds(request))))
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


def _max_seconds(request: Request) -> float:
    """The server's time limit for one request's work (serve --max-job-seconds)."""
    return request.state.jobs.max_seconds


async def _equity(request: Request) -> Response:
    body = await read_body(request, JSON_LIMIT)
    equity_request = request_from_json(body, _max_seconds(request))
    return await job_answer(request, partial(work.equity_now, equity_request))


async def _equity_stream(request: Request) -> Response:
    try:
        equity_request = request_from_query(_query(request), _max_seconds(request))
    except StudOddsError as error:  # an EventSource cannot read a 400's body: an event then
        return Response(event("failure", blamed(error)), media_type="text/event-stream")
    jobs: Jobs = request.state.jobs
    return JobStream(jobs, jobs.admit(page_of(request)),
                     partial(work.equity_stream, equity_request), "text/event-stream",
                     work.failure_event)


async def _outs(request: Request) -> Response:
    query = _query(request)
    players = [value for name, value in query if name == "player"]
    seat = OPTIONS["player"].parse(players[0]) if len(players) == 1 else None
    if seat is None:  # none, several, or an empty player=
        with blame("player"):
            raise RequestError("give the seat whose next card to show as player=N (one number)")
    equity_request = request_from_query([(name, value) for name, value in query
                                         if name != "player"], _max_seconds(request))
    # the page's outs run in a lane of their own: they never cancel its equity, nor it them
    return await job_answer(request, partial(work.outs_now, equity_request, seat), OUTS_JOB)


def create_app(host: str = "127.0.0.1", jobs: Jobs | None = None,
               db_path: str | None = None, warm: bool = False,
               allowed_hosts: Iterable[str] = (), token: str | None = None) -> Starlette:
    """The whole server as an ASGI app: routes behind the middlewares that check who
    asks (:class:`~stud_odds.web.access.Access`: Host names, token), how fast the body
    comes (:class:`~stud_odds.web.deadlines.BodyDeadline`) and where from and how large
    (:class:`~stud_odds.web.guard.Guard`: Origin, size).

    ``host`` is the address it is bound to (the Host header must name it, localhost or
    one of ``allowed_hosts``); ``token`` the token asked of clients beyond loopback
    (None: none, for a loopback-only server); ``jobs`` its engine queue (a new one each
    time the app starts when None); ``db_path`` the hand database of the "My hands"
    section (serve --db), None for none; ``warm``: load each kernel while it runs, as
    the background compile readies it (serve).  Its lifespan starts and stops them: a
    server or a test client runs it (``with TestClient(create_app()) as client``).
    """

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[dict[str, Any]]:
        engine = jobs if jobs is not None else Jobs()
        stop_loading = _load_kernels() if warm else None
        try:  # what each request finds in request.state
            yield {"jobs": engine, "db_path": db_path}
        finally:
            engine.cancel_all()
            if stop_loading is not None:
                stop_loading.set()

    return Starlette(
        routes=[
            Route("/", _index),
            Route("/api/health", _health),
            Route("/api/words", _words),
            Route("/api/openapi.json", openapi_route),
            Route("/api/spot", _spot),
            Route("/api/equity", _equity, methods=["POST"]),
            Route("/api/equity/stream", _equity_stream),
            Route("/api/outs", _outs),
            Route("/api/river", river_route, methods=["POST"]),
            upload_route("/api/history", hand_routes.history_route),
            Route("/api/db", hand_routes.db_info_route),
            upload_route("/api/db/import", hand_routes.db_import_route),
            Route("/api/db/{what}", hand_routes.db_answer_route),
            Mount("/static", StaticFiles(directory=STATIC), name="static"),
        ],
        middleware=[Middleware(Access, host=host, allowed_hosts=allowed_hosts, token=token),
                    Middleware(BodyDeadline), Middleware(Guard)],
        exception_handlers=EXCEPTION_HANDLERS,
        lifespan=lifespan,
    )


def _load_kernels() -> threading.Event:
    """Warm the kernels where nobody waits: the background compile (one process per
    cache) compiles what the cache lacks, and a thread of this process loads each kernel
    as it is ready; the numpy twins answer meanwhile, with the same numbers.  The event
    stops the thread."""
    from stud_odds.engine.warm import load_when_compiled, warm_up

    stop = threading.Event()
    warm_up(background=True)
    threading.Thread(target=load_when_compiled, args=(stop,), name="stud-odds-warm-up",
                     daemon=True).start()
    return stop


__all__ = ["create_app", "page_words"]
