"""A job's output streamed to its client as it comes: server-sent events or JSON Lines.

The engine runs in a worker thread (:class:`~stud_odds.web.jobs.Jobs`) and
hands text to the event loop as it goes; the client going away cancels the job.
"""

from __future__ import annotations

import asyncio
import json
import logging
import math
import threading
from collections.abc import Awaitable, Callable
from contextlib import suppress
from typing import Any

import anyio
from starlette.types import Receive, Scope, Send

from stud_odds.errors import StudOddsError
from stud_odds.web.jobs import Jobs, Superseded, WebJob

_log = logging.getLogger("stud_odds.web")

Emit = Callable[[str], None]
GONE = object()  # what cancelled_on_disconnect returns when the client went away
# work(cancel, emit) -> the last text to send; runs in a worker thread
Work = Callable[[threading.Event, Emit], str]


def event(name: str, data: Any) -> str:
    """One server-sent event; ``data`` as strict JSON on one line."""
    return f"event: {name}\ndata: {json.dumps(data, allow_nan=False)}\n\n"


def blamed(error: StudOddsError) -> dict[str, object]:
    """A mistake's sentence with the field it is about and the seat (1-based), when known:
    ``{"error": ..., "field": "hands", "seat": 2}`` (docs/web.md): a 400's body, or a
    stream's failure event."""
    data: dict[str, object] = {"error": str(error)}
    if error.field is not None:
        data["field"] = error.field
    if error.seat is not None:
        data["seat"] = error.seat
    return data


def json_line(data: Any) -> str:
    return json.dumps(data, allow_nan=False) + "\n"


async def until_disconnect(receive: Receive) -> None:
    """Return when the client has gone away."""
    while (await receive())["type"] != "http.disconnect":
        pass


async def cancelled_on_disconnect(receive: Receive, run: Callable[[], Awaitable[Any]]) -> Any:
    """``await run()``, cancelled (and so its job) if the client goes away first; then GONE."""
    outcome: list[Any] = []
    failure: Exception | None = None
    async with anyio.create_task_group() as group:
        async def watch() -> None:
            await until_disconnect(receive)
            group.cancel_scope.cancel()

        group.start_soon(watch)
        try:
            outcome.append(await run())
        except Exception as error:  # raised below, not wrapped as a task group's
            failure = error
        group.cancel_scope.cancel()
    if failure is not None:
        raise failure
    return outcome[0] if outcome else GONE


class JobStream:
    """An ASGI response: stream what an admitted job's work emits, ending with the text it
    returns.  The client going away cancels the job.

    ``failure(sentence)`` formats the last text when the job could not finish (it
    was replaced by a newer one, ran past the time limit, or failed unexpectedly);
    ``on_end()`` runs once the response has ended, however it ended (an upload's
    temporary file is deleted).
    """

    def __init__(self, jobs: Jobs, job: WebJob, work: Work, media_type: str,
                 failure: Callable[[str], str],
                 on_end: Callable[[], None] | None = None) -> None:
        self.jobs, self.job, self.work, self.on_end = jobs, job, work, on_end
        self.media_type, self.failure = media_type, failure

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        job = self.job
        try:
            await send({"type": "http.response.start", "status": 200, "headers": [
                (b"content-type", self.media_type.encode()),
                (b"cache-control", b"no-store"), (b"x-accel-buffering", b"no")]})
            sending, texts = anyio.create_memory_object_stream[str](math.inf)
            loop = asyncio.get_running_loop()

            def give(text: str) -> None:
                with suppress(anyio.BrokenResourceError, anyio.ClosedResourceError):
                    sending.send_nowait(text)  # unless the client has gone

            def emit(text: str) -> None:  # in the worker thread: hands over, never waits
                with suppress(RuntimeError):  # the loop has closed: the server is stopping
                    loop.call_soon_threadsafe(give, text)

            async def produce() -> None:
                async with sending:
                    try:
                        last = await self.jobs.run(job, lambda cancel: self.work(cancel, emit))
                    except Superseded as why:
                        last = self.failure(str(why))
                    except Exception as error:  # noqa: BLE001 - a stream always ends cleanly
                        _log.exception("a streamed job failed")
                        last = self.failure(f"the server failed ({type(error).__name__})")
                    with suppress(anyio.BrokenResourceError):  # unless the client has gone
                        sending.send_nowait(last)

            async with anyio.create_task_group() as group:
                async def watch() -> None:
                    await until_disconnect(receive)
                    group.cancel_scope.cancel()

                group.start_soon(watch)
                group.start_soon(produce)
                async with texts:
                    async for text in texts:
                        await send({"type": "http.response.body", "body": text.encode(),
                                    "more_body": True})
                group.cancel_scope.cancel()
            await send({"type": "http.response.body", "body": b"", "more_body": False})
        finally:
            self.jobs.discard(job)
            if self.on_end is not None:
                self.on_end()


__all__ = ["GONE", "Emit", "JobStream", "Work", "blamed", "cancelled_on_disconnect", "event",
           "json_line"]
