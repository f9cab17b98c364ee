"""How many connections the server holds, and for how long: uvicorn's limits and ours.

A slow client must not starve the others, nor flood the log:

- **Headers in time.** A connection must send its request's headers within
  ``HEADER_SECONDS`` of opening (or of its previous answer); else it gets a 408
  with one sentence and is closed.  An idle connection is closed after
  ``KEEP_ALIVE_SECONDS`` (uvicorn's keep-alive), and one still sending a body nobody
  reads once its answer is out after ``HEADER_SECONDS``.
- **A cap below the open-file limit.** The server holds at most :func:`connection_cap`
  connections: the process's open-file limit (``resource.getrlimit``) less the files
  it has open, a reserve and ``ACCEPTS_IN_FLIGHT`` accept batches (asyncio accepts up
  to ``ACCEPT_BATCH`` sockets at each turn of its loop, and hands them to the protocol,
  which may close old ones, a turn or two later), so accepting does not run out of
  file descriptors.  A connection past the cap closes the oldest one still waiting for its
  first request (a slow client), else the oldest idle one between requests: a client
  that asks at once gets in, however many slow ones hold connections.
- **Malformed HTTP** (a bad Content-Length, headers over ``HEADER_BYTES``) gets the
  same ``{"error": ...}`` JSON as every other mistake, not uvicorn's plain text.
- **A quiet log.** asyncio's and uvicorn's messages are each written at most once
  every ``LOG_EVERY_SECONDS`` (with how many were held back), and an ``OSError``
  such as "Too many open files" as one line, not a traceback.

:func:`server_config` is the uvicorn configuration ``stud-odds serve`` runs, and
:class:`LimitedServer` the server that runs it.
"""

from __future__ import annotations

import json
import logging
import os
import resource
import socket
import time
from typing import Any

import h11
import uvicorn
from uvicorn.protocols.http.h11_impl import H11Protocol

HEADER_SECONDS = 10.0
KEEP_ALIVE_SECONDS = 5
HEADER_BYTES = 16 * 1024  # a request's line and headers: the page's longest URL is ~2 KB
ACCEPT_BATCH = 32  # how many sockets asyncio accepts at one turn of its loop
LISTEN_QUEUE = 1024  # connections the kernel holds until they are accepted
ACCEPTS_IN_FLIGHT = 3  # accept batches that may hold sockets before their protocol counts them
FILE_RESERVE = 64  # open files kept for the server's own use (database, cache, uploads)
MOST_CONNECTIONS = 4096
FEWEST_CONNECTIONS = 8
LOG_EVERY_SECONDS = 10.0


def connection_cap(open_file_limit: int | None = None, files_open: int | None = None) -> int:
    """How many connections the server may hold: below the open-file limit by the files
    already open, ``FILE_RESERVE`` and the accepts in flight (at least
    ``FEWEST_CONNECTIONS``, at most ``MOST_CONNECTIONS``)."""
    if open_file_limit is None:
        open_file_limit = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
        if open_file_limit == resource.RLIM_INFINITY:
            open_file_limit = MOST_CONNECTIONS * 2
    if files_open is None:
        files_open = _files_open()
    room = open_file_limit - files_open - FILE_RESERVE - ACCEPTS_IN_FLIGHT * ACCEPT_BATCH
    return max(FEWEST_CONNECTIONS, min(MOST_CONNECTIONS, room))


def _files_open() -> int:
    try:
        return len(os.listdir("/proc/self/fd"))
    except OSError:  # no /proc (macOS): a generous guess
        return 64


class Pool:
    """One server's connections: how many are open, and which wait for a request's
    headers, oldest first (a dict keeps insertion order): those that have sent no request
    yet (``fresh``), and those idle between two (``idle``)."""

    def __init__(self, cap: int) -> None:
        self.cap = cap
        self.open = 0
        self.fresh: dict[LimitedH11Protocol, None] = {}
        self.idle: dict[LimitedH11Protocol, None] = {}

    def oldest_waiting(self) -> LimitedH11Protocol:
        """The connection to close for room: a slow client before one that was answered."""
        return next(iter(self.fresh or self.idle))


class LimitedH11Protocol(H11Protocol):
    """uvicorn's HTTP/1.1 protocol with a deadline for the headers, a connection cap
    and JSON answers to malformed requests.  :func:`protocol_class` binds it to a pool."""

    pool: Pool

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._counted = False
        self._header_timer: Any = None
        self._protocol_error: h11.RemoteProtocolError | None = None
        next_event = self.conn.next_event

        def next_event_noted() -> Any:  # keep h11's reason for the 400 it leads to
            try:
                return next_event()
            except h11.RemoteProtocolError as error:
                self._protocol_error = error
                raise

        self.conn.next_event = next_event_noted  # type: ignore[method-assign]

    # ---- the connection's life
    def connection_made(self, transport: Any) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self.pool.open += 1
        self._counted = True
        self._wait_for_headers(self.pool.fresh)
        if self.pool.open > self.pool.cap:  # (itself, if every other one is busy)
            self.pool.oldest_waiting()._drop()

    def data_received(self, data: bytes) -> None:
        if not self._headers_in() and self.conn.their_state is h11.IDLE \
                and self._head_size(data) > HEADER_BYTES:
            # h11 bounds only what it buffers: headers that come whole in one read pass it
            self.transport.write(_raw_answer(431, _HEADERS_TOO_LONG))
            self._drop()
            return
        super().data_received(data)
        if self._headers_in():
            self._stop_waiting()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        if not self.transport.is_closing() and not self._headers_in():
            self._wait_for_headers(self.pool.idle)

    def connection_lost(self, exc: Exception | None) -> None:
        self._uncount()
        super().connection_lost(exc)

    def _head_size(self, data: bytes) -> int:
        """The bytes of the request line and headers so far, with ``data``."""
        head = self.conn.trailing_data[0] + data
        end = head.find(b"\r\n\r\n")
        return len(head) if end < 0 else end

    # ---- waiting for a request's headers
    def _headers_in(self) -> bool:
        """Whether a request's headers are in and its answer not yet out."""
        return self.cycle is not None and not self.cycle.response_complete

    def _wait_for_headers(self, queue: dict[LimitedH11Protocol, None]) -> None:
        self._stop_waiting()
        queue[self] = None
        self._header_timer = self.loop.call_later(HEADER_SECONDS, self._headers_late)

    def _stop_waiting(self) -> None:
        self.pool.fresh.pop(self, None)
        self.pool.idle.pop(self, None)
        if self._header_timer is not None:
            self._header_timer.cancel()
            self._header_timer = None

    def _headers_late(self) -> None:
        self._header_timer = None
        if self.transport.is_closing() or self._headers_in():
            return
        if self.conn.their_state is h11.IDLE:  # no request yet (else: the tail of a body)
            self.transport.write(_raw_answer(408, (
                f"the request's headers did not arrive within {HEADER_SECONDS:g} s: "
                "send the whole request at once")))
        self._drop()

    def _drop(self) -> None:
        self._uncount()
        self._stop_waiting()
        self.transport.close()

    def _uncount(self) -> None:
        self._stop_waiting()
        if self._counted:
            self._counted = False
            self.pool.open -= 1

    # ---- malformed requests
    def send_400_response(self, msg: str) -> None:
        """A request h11 cannot read (a bad Content-Length, a bad request line, headers
        too long): ``{"error": ...}`` in JSON as every other mistake, then close."""
        error = self._protocol_error
        status = error.error_status_hint if error is not None else 400
        reason = str(error) if error is not None and str(error) else "it cannot be read"
        if status == 431:
            sentence = _HEADERS_TOO_LONG
        else:
            sentence = f"the request is not valid HTTP/1.1 ({reason[:120]})"
        self.transport.write(_raw_answer(status, sentence))
        self._drop()


_HEADERS_TOO_LONG = (f"the request's line and headers are longer than {HEADER_BYTES // 1024} "
                     "KB, the limit here")


def _raw_answer(status: int, sentence: str) -> bytes:
    """A whole HTTP/1.1 answer with ``{"error": sentence}``, written straight to the socket
    where h11 has no request to answer."""
    from http import HTTPStatus

    body = json.dumps({"error": sentence}).encode()
    head = (f"HTTP/1.1 {status} {HTTPStatus(status).phrase}\r\n"
            "content-type: application/json\r\n"
            f"content-length: {len(body)}\r\nconnection: close\r\n\r\n")
    return head.encode("latin-1") + body


def protocol_class(cap: int) -> type[LimitedH11Protocol]:
    """The protocol for one server: its own pool of at most ``cap`` connections."""
    return type("LimitedH11Protocol", (LimitedH11Protocol,), {"pool": Pool(cap)})


class RareLog(logging.Filter):
    """Each message at most once every ``LOG_EVERY_SECONDS``, with how many like it were
    held back; an ``OSError`` ("Too many open files") as one line, not a traceback."""

    def __init__(self, every: float = LOG_EVERY_SECONDS) -> None:
        super().__init__()
        self.every = every
        self.last: dict[tuple[str, str], tuple[float, int]] = {}

    def filter(self, record: logging.LogRecord) -> bool:
        key = (record.name, str(record.msg).partition("\n")[0])
        now = time.monotonic()
        when, held = self.last.get(key, (-float("inf"), 0))
        if now - when < self.every:
            self.last[key] = (when, held + 1)
            return False
        self.last[key] = (now, 0)
        if record.exc_info and isinstance(record.exc_info[1], OSError):
            error = record.exc_info[1]
            record.msg = f"{key[1]}: {error.strerror or error}"
            record.args = ()
            record.exc_info = None
        if held:
            record.msg = f"{record.msg} ({held} more like it in the last {self.every:g} s)"
        return True


QUIET_LOGGERS = ("asyncio", "uvicorn.error")


def quiet_logs() -> None:
    """Put one RareLog on asyncio's and uvicorn's loggers (once)."""
    for name in QUIET_LOGGERS:
        logger = logging.getLogger(name)
        if not any(isinstance(existing, RareLog) for existing in logger.filters):
            logger.addFilter(RareLog())


def server_config(app: Any, cap: int | None = None, **options: Any) -> uvicorn.Config:
    """uvicorn's configuration for ``app`` with these limits, at most ``cap`` connections
    (default :func:`connection_cap`); ``options`` adds to them."""
    cap = cap or connection_cap()
    config = uvicorn.Config(
        app, http=protocol_class(cap), backlog=ACCEPT_BATCH,
        timeout_keep_alive=KEEP_ALIVE_SECONDS,
        # a backstop on requests running at once; the cap itself is kept by the pool
        limit_concurrency=cap + ACCEPTS_IN_FLIGHT * ACCEPT_BATCH,
        h11_max_incomplete_event_size=HEADER_BYTES,
        ws="none",  # no route takes a WebSocket: no upgrade past the HTTP checks
        # the client is the socket's peer, never what X-Forwarded-For claims: the token is
        # asked of every peer beyond loopback
        proxy_headers=False,
        **options)
    quiet_logs()  # after Config: it sets uvicorn's logging up
    return config


class LimitedServer(uvicorn.Server):
    """uvicorn's server with a long listen queue: asyncio sets the queue and the accept
    batch from one number (``backlog``), and the batch must stay short for the cap."""

    async def startup(self, sockets: list[socket.socket] | None = None) -> None:
        await super().startup(sockets=sockets)
        for sock in sockets or []:
            sock.listen(LISTEN_QUEUE)


__all__ = ["ACCEPT_BATCH", "HEADER_SECONDS", "LISTEN_QUEUE", "LimitedH11Protocol",
           "LimitedServer", "RareLog", "connection_cap", "protocol_class", "quiet_logs",
           "server_config"]
