"""A request whose client goes away while its job waits for the engine is answered 499 and its
job never runs, the same for every route that runs a job at once (web/answers.job_answer):
POST /api/equity, GET /api/outs and POST /api/river.  The ASGI app is called directly: one
client's job holds the route's lane, a second client sends its request and leaves."""

from __future__ import annotations

import asyncio
import json
import threading

import pytest

pytest.importorskip("starlette")
from stud_odds.web import river, work  # noqa: E402
from stud_odds.web.app import create_app  # noqa: E402
from stud_odds.web.jobs import Jobs  # noqa: E402

ONE_EACH = ["AsKs2d/QhJhTh9c", "7c7d2h/8s8h3d4c"]


def _scope(jobs: Jobs, method: str, path: str, query: str, content: bytes) -> dict:
    return {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1",
            "method": method, "scheme": "http", "path": path, "raw_path": path.encode(),
            "query_string": query.encode(), "root_path": "", "client": ("127.0.0.1", 5000),
            "server": ("127.0.0.1", 8000),
            "headers": [(b"host", b"127.0.0.1:8000"), (b"content-type", b"application/json"),
                        (b"content-length", str(len(content)).encode())],
            "state": {"jobs": jobs, "db_path": None}}


@pytest.mark.parametrize(("method", "path", "query", "body", "owner", "name"), [
    ("POST", "/api/equity", "", {"hands": ["AhKh/Qh", "7c7d/2s"]}, work, "equity_now"),
    ("GET", "/api/outs", "hand=AhKh/Qh8d&hand=7c7d/2s3s&player=1", None, work, "outs_now"),
    ("POST", "/api/river", "", {"hands": ONE_EACH, "pot": 5}, river, "solve_river"),
])
def test_a_client_that_leaves_while_its_job_waits_gets_499_and_its_job_never_runs(
        monkeypatch, method, path, query, body, owner, name):
    running, release = threading.Event(), threading.Event()
    ran: list[int] = []

    def job(*arguments):  # the first holds the lane until released
        ran.append(len(ran))
        if len(ran) == 1:
            running.set()
            release.wait(10)
        return {"job": len(ran)}

    monkeypatch.setattr(owner, name, job)
    content = b"" if body is None else json.dumps(body).encode()
    jobs = Jobs()

    async def call(page: str, leaves: bool) -> list[dict]:
        messages = [{"type": "http.request", "body": content, "more_body": False}]
        sent: list[dict] = []

        async def receive() -> dict:
            if messages:
                return messages.pop()
            while not (leaves or release.is_set()):
                await asyncio.sleep(0.01)
            if not leaves:
                await asyncio.sleep(10)  # the first client stays until answered
            return {"type": "http.disconnect"}

        async def send(message: dict) -> None:
            sent.append(message)

        scope = _scope(jobs, method, path, f"{query}&page={page}".lstrip("&"), content)
        await create_app("127.0.0.1", jobs)(scope, receive, send)
        return sent

    async def both() -> tuple[list[dict], list[dict]]:
        first = asyncio.create_task(call("first", leaves=False))
        while not running.is_set():
            await asyncio.sleep(0.01)
        second = await call("second", leaves=True)
        release.set()
        return await first, second

    first, second = asyncio.run(both())
    assert second[0]["status"] == 499
    assert first[0]["status"] == 200 and json.loads(first[1]["body"]) == {"job": 1}
    assert ran == [0] and jobs.pending == 0
