"""How long a client may take to send what it asks: a request body's time limit.

A body must keep coming: it may take ``BODY_SECONDS`` plus one second for every
``BODY_RATE`` bytes it brings (a 60 MB file at 100 KB/s and better arrives in time, a
client sending a byte now and then does not).  A body that falls behind is answered
408 with one sentence, and its connection is closed.  A client that goes away in
the middle of its body is nobody to answer: the request ends quietly, with no
traceback in the server's log.  (The headers' limit is the connection's:
:mod:`stud_odds.web.connections`.)
"""

from __future__ import annotations

import asyncio

from starlette.requests import ClientDisconnect
from starlette.types import Message, Receive, Scope, Send

from stud_odds.web.access import refuse
from stud_odds.web.middleware import HttpMiddleware

BODY_SECONDS = 10.0
BODY_RATE = 100 * 1024  # bytes a second, after the first BODY_SECONDS


class BodyLate(Exception):
    """The request body fell behind its time limit (not a StudOddsError: the route's
    handlers let it through, to the middleware that answers 408)."""


def late_sentence() -> str:
    return (f"the request body did not arrive in time (the server waits {BODY_SECONDS:g} s "
            f"plus 1 s for every {BODY_RATE // 1024} KB): send it again")


class BodyDeadline(HttpMiddleware):
    """ASGI middleware: the body's time limit, and a quiet end when the client leaves."""

    async def http(self, scope: Scope, receive: Receive, send: Send) -> None:
        loop = asyncio.get_running_loop()
        start = loop.time()
        received = 0
        body_done = False
        answered = False

        async def timed_receive() -> Message:
            nonlocal received, body_done
            if body_done:  # after the body: a wait for the client to leave, with no limit
                return await receive()
            deadline = start + BODY_SECONDS + received / BODY_RATE
            try:
                async with asyncio.timeout_at(deadline):
                    message = await receive()
            except TimeoutError:
                raise BodyLate(late_sentence()) from None
            received += len(message.get("body", b""))
            body_done = message["type"] != "http.request" or not message.get("more_body")
            return message

        async def watched_send(message: Message) -> None:
            nonlocal answered
            answered = answered or message["type"] == "http.response.start"
            await send(message)

        # except*: a route that watches for the client leaving (outs, the stream) reads the
        # body inside an anyio task group, which raises it wrapped in an ExceptionGroup
        try:
            await self.app(scope, timed_receive, watched_send)
        except* BodyLate as late:
            if not answered:
                await refuse(send, 408, str(late.exceptions[0]), (b"connection", b"close"))
        except* ClientDisconnect:
            pass  # the client left in the middle of its body: nobody to answer


__all__ = ["BODY_RATE", "BODY_SECONDS", "BodyDeadline", "BodyLate"]
