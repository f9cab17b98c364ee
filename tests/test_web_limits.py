"""Slow and broken clients: headers and bodies in time, a connection cap below the open-file
limit, JSON for malformed HTTP, and a log that a flood cannot fill (a live uvicorn server, as
``stud-odds serve`` configures it)."""

from __future__ import annotations

import json
import logging
import os
import resource
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager

import pytest

pytest.importorskip("uvicorn")
import httpx2 as httpx  # noqa: E402
from web_helpers import HEALTH_BOUND_S, running_server  # noqa: E402

from stud_odds.web import connections, deadlines  # noqa: E402
from stud_odds.web.app import create_app  # noqa: E402
from stud_odds.web.connections import RareLog, connection_cap  # noqa: E402


@contextmanager
def live_server(cap: int | None = None, app=None) -> Iterator[tuple[str, int]]:
    """(base URL, port) of ``app`` (default: the loopback server's) with serve's limits."""
    with running_server(app=app, cap=cap) as (url, _):
        yield url, int(url.rsplit(":", 1)[1])


def _connect(port: int) -> socket.socket:
    sock = socket.create_connection(("127.0.0.1", port), timeout=10)
    return sock


def _answer(sock: socket.socket) -> tuple[int, dict, bool]:
    """(status, JSON body, whether the server then closed the connection) of a raw answer."""
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = sock.recv(65536)
        if not chunk:
            raise AssertionError(f"closed with no answer: {data!r}")
        data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    length = int(next(line.split(b":")[1] for line in head.split(b"\r\n")
                      if line.lower().startswith(b"content-length")))
    while len(body) < length:
        body += sock.recv(65536)
    closed = sock.recv(10) == b""
    return int(head.split()[1]), json.loads(body), closed


def _one_sentence(data: dict) -> str:
    assert set(data) == {"error"} and isinstance(data["error"], str)
    assert data["error"] and "\n" not in data["error"]
    return data["error"]


# ---- time limits ---------------------------------------------------------------------------

@pytest.mark.parametrize("sent", [b"", b"GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n"])
def test_headers_that_do_not_arrive_in_time_get_408_and_the_connection_closes(monkeypatch,
                                                                              sent):
    monkeypatch.setattr(connections, "HEADER_SECONDS", 0.5)
    with live_server() as (_, port), _connect(port) as sock:
        sock.sendall(sent)
        status, data, closed = _answer(sock)  # the socket's own timeout is 10 s
    assert status == 408 and closed
    assert "headers did not arrive within 0.5 s" in _one_sentence(data)


# a spot, an upload, and a GET whose route reads the body in a task group (outs watches
# for the client leaving, as the stream does: its 500 went unseen while only POSTs were sent)
@pytest.mark.parametrize(("method", "path"), [
    ("POST", "/api/equity"), ("POST", "/api/history"),
    ("GET", "/api/outs?hand=AhKh/Qh&hand=7c7d/2s&player=1")])
def test_a_body_that_falls_behind_gets_408_and_the_connection_closes(monkeypatch, method, path):
    monkeypatch.setattr(deadlines, "BODY_SECONDS", 0.5)
    # the outs route needs no body: kept busy until it is cancelled (or 5 s), it cannot answer
    # before the body's deadline, however fast the count (a quick 200 hid the case)
    from stud_odds.web import work

    counted = work.outs_now
    monkeypatch.setattr(work, "outs_now", lambda spot, player, cancel: (
        cancel.wait(5), counted(spot, player, cancel))[1])
    with live_server() as (_, port), _connect(port) as sock:
        sock.sendall(f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n".encode()
                     + b"Content-Length: 100\r\n\r\n{\"hands\": ")
        status, data, closed = _answer(sock)
    assert status == 408 and closed
    assert "body did not arrive in time" in _one_sentence(data)


def test_a_client_that_leaves_in_the_middle_of_its_body_leaves_no_traceback(caplog,
                                                                            monkeypatch):
    # uvicorn's loggers do not propagate to the root logger, where caplog listens
    monkeypatch.setattr(logging.getLogger("uvicorn"), "propagate", True)
    with live_server() as (url, port):
        with caplog.at_level(logging.INFO):
            for path in ("/api/equity", "/api/history"):
                with _connect(port) as sock:
                    sock.sendall(f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                                 "Content-Length: 100000\r\n\r\n".encode() + b"x" * 1000)
                    time.sleep(0.2)
            time.sleep(0.3)
            assert httpx.get(url + "/api/health").status_code == 200
    assert not [record for record in caplog.records if record.levelno >= logging.WARNING], \
        [record.getMessage() for record in caplog.records]


# ---- malformed HTTP: JSON too ----------------------------------------------------------------

@pytest.mark.parametrize(("request_head", "status", "words"), [
    (b"POST /api/equity HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: abc\r\n\r\n", 400,
     "Content-Length"),
    (b"POST /api/equity HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 1\r\n"
     b"Content-Length: 2\r\n\r\n", 400, "Content-Length"),
    (b"GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Long: " + b"a" * 20000 + b"\r\n\r\n",
     431, "16 KB"),
    (b"NOT HTTP AT ALL\r\n\r\n", 400, "not valid HTTP"),
])
def test_a_request_that_is_not_valid_http_gets_one_json_sentence(request_head, status, words):
    with live_server() as (_, port), _connect(port) as sock:
        sock.sendall(request_head)
        got, data, closed = _answer(sock)
    assert got == status and closed and words in _one_sentence(data)


# ---- the connection cap ----------------------------------------------------------------------

def test_past_the_cap_the_oldest_waiting_connection_makes_room():
    """Slow clients hold every connection the server may keep: one that asks at once still
    gets in, and the oldest slow one is closed."""
    with live_server(cap=4) as (url, port):
        slow = [_connect(port) for _ in range(8)]
        for sock in slow:
            sock.sendall(b"GET /api/health HTTP/1.1\r\n")  # and never the rest
        with httpx.Client(timeout=5) as client:
            for _ in range(3):
                assert client.get(url + "/api/health").status_code == 200
        for sock in slow[:4]:  # the oldest: closed by the server, with no answer
            sock.settimeout(5)
            try:
                assert sock.recv(100) == b""
            except ConnectionResetError:  # closed before it read what they sent
                pass
        for sock in slow:
            sock.close()


def test_the_cap_stays_below_the_open_file_limit():
    assert connection_cap(1024, 40) == 1024 - 40 - connections.FILE_RESERVE - \
        connections.ACCEPTS_IN_FLIGHT * connections.ACCEPT_BATCH
    assert connection_cap(100, 40) == connections.FEWEST_CONNECTIONS
    assert connection_cap(10**7, 40) == connections.MOST_CONNECTIONS


# ---- the log ---------------------------------------------------------------------------------

def test_a_flood_of_one_message_is_logged_once_per_window_and_an_os_error_in_one_line():
    rare = RareLog(every=0.2)
    error = OSError(24, "Too many open files")

    def record(message: str = "socket.accept() out of system resource\nsocket: <fd=6>"):
        return logging.LogRecord("asyncio", logging.ERROR, __file__, 1, message, (),
                                 (OSError, error, None))

    kept = [rec for rec in (record() for _ in range(1000)) if rare.filter(rec)]
    assert len(kept) == 1 and kept[0].exc_info is None
    assert kept[0].getMessage() == ("socket.accept() out of system resource: "
                                    "Too many open files")
    assert rare.filter(record("another message"))  # each message has its own window
    time.sleep(0.25)
    later = record()
    assert rare.filter(later) and "(999 more like it in the last 0.2 s)" in later.getMessage()


# ---- the goal: slow connections past the open-file limit -------------------------------------

def _limited(files: int):
    def preexec() -> None:  # the server's process only
        hard = resource.getrlimit(resource.RLIMIT_NOFILE)[1]
        resource.setrlimit(resource.RLIMIT_NOFILE, (files, hard))
    return preexec


def test_more_slow_connections_than_open_files_leave_health_answering_and_the_log_short():
    """With ``ulimit -n 256``, 300 connections that never finish their headers: /api/health
    still answers within 1 s each time, and stderr stays short (benchmarks/bench_server_load.py
    measures 1,100 under 1,024)."""
    with subprocess.Popen([sys.executable, "-m", "stud_odds", "serve", "--port", "0"],
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                          preexec_fn=_limited(256),
                          env={**os.environ, "COLUMNS": "200"}) as process:
        slow: list[socket.socket] = []
        try:
            url = process.stdout.readline().strip().removeprefix("serving on ")
            port = int(url.rsplit(":", 1)[1].strip("/"))
            assert httpx.get(url + "api/health", timeout=30).status_code == 200
            for _ in range(300):
                sock = socket.socket()
                sock.setblocking(False)
                sock.connect_ex(("127.0.0.1", port))
                slow.append(sock)
            time.sleep(0.5)
            for sock in slow:
                try:
                    sock.send(b"GET /api/health HTTP/1.1\r\n")
                except OSError:
                    pass  # closed by the server to make room
            slowest = 0.0
            for _ in range(10):
                start = time.monotonic()
                assert httpx.get(url + "api/health", timeout=5).status_code == 200
                slowest = max(slowest, time.monotonic() - start)
                time.sleep(0.1)
            assert slowest < HEALTH_BOUND_S
        finally:
            for sock in slow:
                sock.close()
            process.send_signal(signal.SIGINT)
            try:
                process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        errors = process.stderr.read().splitlines()
    assert len(errors) < 100, errors[:20]
    assert not [line for line in errors if "Traceback" in line]


def test_a_forwarded_header_does_not_change_who_the_client_is():
    """The token is asked of every peer beyond loopback: the peer is the socket's, never what
    X-Forwarded-For claims (uvicorn believes it from 127.0.0.1 by default)."""
    with live_server(app=create_app("127.0.0.1", token="0123456789abcdef")) as (url, _):
        response = httpx.get(url + "/api/health", headers={"x-forwarded-for": "192.168.1.7"})
    assert response.status_code == 200
