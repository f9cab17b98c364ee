"""The one shape of the server's middlewares: each looks at HTTP requests only.

Anything else (the lifespan's start and end) goes straight through to the app; a
middleware answers :meth:`HttpMiddleware.http`.
"""

from __future__ import annotations

from starlette.types import ASGIApp, Receive, Scope, Send


class HttpMiddleware:
    """An ASGI middleware in front of ``app`` that sees HTTP requests only."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        await self.http(scope, receive, send)

    async def http(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Answer an HTTP request, or hand it on to ``self.app``."""
        raise NotImplementedError


__all__ = ["HttpMiddleware"]
