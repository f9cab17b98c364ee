"""The web tests' server: the real app under uvicorn on 127.0.0.1, a free port, in a thread."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from stud_odds.web.app import create_app
from stud_odds.web.jobs import Jobs

# a generous bound on /api/health's answer while a test loads the server: CI shares two
# cores (the 1 s goal is measured by benchmarks/bench_server_load.py)
HEALTH_BOUND_S = 5.0

CHROMIUM = Path("/usr/lib/chromium/chromium-headless-shell")  # Debian's (.ci/run installs it)


def chromium() -> str:
    """The browser's path for Playwright; the browser tests fail, never skip, without it."""
    if not CHROMIUM.exists():
        pytest.fail(f"the browser tests need {CHROMIUM}: apt-get install chromium-headless-shell")
    return str(CHROMIUM)


@contextmanager
def running_server(jobs: Jobs | None = None, db_path: str | None = None, *, app=None,
                   cap: int | None = None) -> Iterator[tuple[str, Jobs]]:
    """(base URL, the server's jobs) of a live server with ``serve``'s limits (its uvicorn
    configuration and connection cap), stopped at the end; ``app`` replaces the loopback
    app of ``jobs`` and ``db_path``."""
    from stud_odds.web import connections

    jobs = jobs or Jobs()
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM, socket.IPPROTO_TCP)  # no Nagle
    listener.bind(("127.0.0.1", 0))
    listener.listen(connections.LISTEN_QUEUE)
    # the app's lifespan gives each request these jobs, and cancels them at the end
    config = connections.server_config(app or create_app("127.0.0.1", jobs, db_path), cap=cap,
                                       log_level="warning", timeout_graceful_shutdown=1)
    server = connections.LimitedServer(config)
    server.install_signal_handlers = lambda: None  # not the main thread
    thread = threading.Thread(target=server.run, kwargs={"sockets": [listener]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError("the test server did not start")
        time.sleep(0.01)
    try:
        yield f"http://127.0.0.1:{listener.getsockname()[1]}", jobs
    finally:
        jobs.cancel_all()
        server.should_exit = True
        thread.join(10)
        listener.close()


def wait_until(condition, seconds: float = 10.0) -> bool:
    """Poll ``condition()`` until it holds or ``seconds`` pass (a liveness check, not timing)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.01)
    return condition()
