"""The server runs on a player's own machine: only its own pages may use it.

(Which names and clients may reach it at all, the Host header and the token, is
:mod:`stud_odds.web.access`, in front of this.)
- A POST that carries an Origin must come from this server's own origin, and a
  browser's request must come from this server's page or the user (its
  Sec-Fetch-Site), so no other site's page, not even one on another local
  port, can use it: 403.  Scripts send neither header and are let through.
- A body is refused over its route's size limit, by Content-Length at once
  or while it streams in: 413.
Each refusal is one sentence in ``{"error": ...}``.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

from starlette.requests import Request
from starlette.routing import Match, Route
from starlette.types import Receive, Scope, Send

from stud_odds.errors import StudOddsError
from stud_odds.web.access import refuse
from stud_odds.web.middleware import HttpMiddleware

JSON_LIMIT = 64 * 1024  # a spot is a few hundred bytes
UPLOAD_LIMIT = 64 * 1024 * 1024  # a hand-history file


class TooLarge(StudOddsError):
    """A request body over its limit."""


def upload_route(path: str, endpoint: Any, limit: int = UPLOAD_LIMIT) -> Route:
    """A POST route whose body is a file of at most ``limit`` bytes: the route table says
    which routes take files, and the guard reads their limit from it."""
    route = Route(path, endpoint, methods=["POST"])
    route.body_limit = limit  # type: ignore[attr-defined]
    return route


def limit_of(scope: Scope) -> int:
    """The most bytes a request's body may hold: its route's ``body_limit``
    (:func:`upload_route`), else JSON_LIMIT.  Before routing (the guard), the route is
    found as the router finds it."""
    route = scope.get("route")
    if route is None:
        route = next((candidate for candidate in getattr(scope.get("app"), "routes", ())
                      if candidate.matches(scope)[0] is Match.FULL), None)
    return getattr(route, "body_limit", JSON_LIMIT)


def _size(limit: int) -> str:
    if limit >= 1024 * 1024:
        return f"{limit // (1024 * 1024)} MB"
    return f"{limit // 1024} KB" if limit >= 1024 else f"{limit:,} bytes"


def too_large(limit: int) -> TooLarge:
    return TooLarge(f"the request body is larger than {_size(limit)}, the limit here")


class Guard(HttpMiddleware):
    """ASGI middleware: the Origin and size checks in front of every route."""

    async def http(self, scope: Scope, receive: Receive, send: Send) -> None:
        problem = self.problem(Request(scope))
        if problem is not None:
            status, message = problem
            await refuse(send, status, message)
            return
        await self.app(scope, receive, send)

    def problem(self, request: Request) -> tuple[int, str] | None:
        """(status, sentence) when the request must be refused, else None."""
        try:
            host = request.headers.get("host", "")
            origin = request.headers.get("origin")
            length = request.headers.get("content-length")
        except (UnicodeDecodeError, ValueError):
            return 400, "the request headers are not readable text"
        # a browser says where a request comes from: only this page, or the user, may ask
        if request.headers.get("sec-fetch-site", "none") not in ("same-origin", "none"):
            return 403, "requests from another site's page are refused"
        if request.method not in ("GET", "HEAD", "OPTIONS") and origin is not None:
            if urlsplit(origin).netloc.lower() != host.lower() or \
                    urlsplit(origin).scheme not in ("http", "https"):
                return 403, f"requests from another site ({origin[:80]}) are refused"
        if length is not None:
            limit = limit_of(request.scope)
            if not length.strip().isdigit():
                return 400, "the Content-Length header is not a whole number"
            if int(length) > limit:
                return 413, str(too_large(limit))
        return None


async def read_body(request: Request, limit: int) -> bytes:
    """The whole body (a JSON request's: an upload streams to a file instead, see
    :mod:`stud_odds.web.uploads`), refused with TooLarge once it passes ``limit`` bytes (a
    body sent without a Content-Length is counted as it streams in)."""
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise too_large(limit)
        chunks.append(chunk)
    return b"".join(chunks)


__all__ = ["JSON_LIMIT", "UPLOAD_LIMIT", "Guard", "TooLarge", "limit_of", "read_body",
           "too_large", "upload_route"]
