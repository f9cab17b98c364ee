"""What every route of the web server shares: which page a request comes from, how a job
is answered (its JSON, or nothing once its client has gone), and how a mistake is answered
(a 4xx with ``{"error": "<one sentence>"}``, never a 500).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from starlette.exceptions import HTTPException
from starlette.requests import ClientDisconnect, Request
from starlette.responses import JSONResponse, Response

from stud_odds.errors import SHOWN_CHARACTERS, StudOddsError, shown
from stud_odds.web.fields import PAGE_PARAMETER
from stud_odds.web.guard import TooLarge
from stud_odds.web.jobs import RETRY_AFTER_S, SPOT_JOB, Busy, JobKind, Jobs, Superseded
from stud_odds.web.streams import GONE, blamed, cancelled_on_disconnect


def error_response(status: int, message: str, **headers: str) -> JSONResponse:
    """The one shape of the answer to every mistake."""
    return JSONResponse({"error": message}, status_code=status, headers=headers or None)


def page_of(request: Request) -> str | None:
    """The page (a browser tab) a request comes from, when it says: its jobs replace
    one another."""
    return request.query_params.get(PAGE_PARAMETER) or request.headers.get("x-stud-odds-page")


def nobody_there() -> Response:
    """The answer to a client that has gone away: 499, nobody reads it and nothing is logged."""
    return Response(status_code=499)


async def job_answer(request: Request, work: Callable[[threading.Event], Any],
                     kind: JobKind = SPOT_JOB) -> Response:
    """``work(cancel)`` run as the request's page's job of ``kind`` (a newer one from the
    same page replaces it), cancelled if the client goes away; its answer as JSON."""
    jobs: Jobs = request.state.jobs
    answer = await cancelled_on_disconnect(
        request.receive, lambda: jobs.run_now(page_of(request), work, kind))
    return nobody_there() if answer is GONE else JSONResponse(answer)


async def _mistake(request: Request, error: Exception) -> Response:
    status = 413 if isinstance(error, TooLarge) else 400
    assert isinstance(error, StudOddsError)
    return JSONResponse(blamed(error), status_code=status)


async def _busy(request: Request, error: Exception) -> Response:
    return error_response(503, f"the server is busy ({error}): try again in {RETRY_AFTER_S} s",
                  **{"retry-after": str(RETRY_AFTER_S)})


async def _gone(request: Request, error: Exception) -> Response:
    """The client left in the middle of its body."""
    return nobody_there()


async def _superseded(request: Request, error: Exception) -> Response:
    return error_response(409, str(error))


def shown_request_path(path: str) -> str:
    """A request's path as a sentence quotes it: as it is when short and printable, else
    by the one quoter (a path of 5,000 characters, or one holding a newline)."""
    return path if len(path) <= SHOWN_CHARACTERS and path.isprintable() else shown(path)


async def _http_error(request: Request, error: Exception) -> Response:
    """404 and 405 in JSON too, as every other mistake."""
    assert isinstance(error, HTTPException)
    path = shown_request_path(request.url.path)
    if error.status_code == 404:
        message = f"there is no {path} here: docs/web.md lists the API"
    elif error.status_code == 405:
        message = f"{request.method} is not how {path} is asked"
        allowed = (error.headers or {}).get("Allow")
        if allowed:
            message += f": use {allowed}"
    else:
        message = str(error.detail)
    return error_response(error.status_code, message, **(error.headers or {}))


EXCEPTION_HANDLERS = {StudOddsError: _mistake, Busy: _busy, Superseded: _superseded,
                      ClientDisconnect: _gone, HTTPException: _http_error}


__all__ = ["EXCEPTION_HANDLERS", "error_response", "job_answer", "nobody_there", "page_of",
           "shown_request_path"]
