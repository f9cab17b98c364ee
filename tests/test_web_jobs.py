"""The server's jobs on a real server (uvicorn in a thread): cancelled when the stream closes,
replaced by the same page's newer job, 503 when too many wait; the history upload; the
Host/Origin/size guard."""

from __future__ import annotations

import json
import threading
from pathlib import Path

import pytest

pytest.importorskip("uvicorn")
import httpx2 as httpx  # noqa: E402
from starlette.testclient import TestClient  # noqa: E402
from typer.testing import CliRunner  # noqa: E402
from web_helpers import running_server, wait_until  # noqa: E402

from stud_odds.cli import app as cli  # noqa: E402
from stud_odds.web.app import create_app  # noqa: E402
from stud_odds.web.jobs import Jobs  # noqa: E402

HISTORIES = Path(__file__).parent / "data" / "histories"
# five players on third street, 100 million trials (the most a request may ask): runs
# until cancelled
ENDLESS = [("hand", "AhKh/Qh"), ("hand", "7c7d/2s"), ("hand", "QdJd/Td"), ("hand", "9s9h/8c"),
           ("hand", "xx/6d"), ("trials", "1e8"), ("seed", "1")]


def first_event(lines) -> tuple[str, dict]:
    """The next event from a stream's ``iter_lines()``."""
    name = None
    for line in lines:
        if line.startswith("event: "):
            name = line[7:]
        elif line.startswith("data: "):
            return name, json.loads(line[6:])
    raise AssertionError("the stream ended without an event")


@pytest.fixture(scope="module")
def server():
    with running_server(Jobs(max_waiting=1)) as (url, jobs):
        yield url, jobs


def test_closing_the_stream_cancels_the_job(server):
    url, jobs = server
    with httpx.Client(base_url=url, timeout=30) as client:
        with client.stream("GET", "/api/equity/stream", params=ENDLESS) as stream:
            lines = stream.iter_lines()  # kept: a dropped iterator closes the stream
            assert first_event(lines)[0] == "partial"
            assert jobs.pending == 1
        assert wait_until(lambda: jobs.pending == 0)
        # and the server answers the next request at once
        assert client.get("/api/health").status_code == 200


def test_a_pages_newer_job_cancels_its_older_one(server):
    url, jobs = server
    with httpx.Client(base_url=url, timeout=30) as client, \
            httpx.Client(base_url=url, timeout=30) as other:
        query = [*ENDLESS, ("page", "tab1")]
        with client.stream("GET", "/api/equity/stream", params=query) as older:
            lines = older.iter_lines()
            assert first_event(lines)[0] == "partial"
            with other.stream("GET", "/api/equity/stream", params=query) as newer:
                names = [line[7:] for line in lines if line.startswith("event: ")]
                assert names[-1] == "failure"  # the older stream ends, cancelled
                newer_lines = newer.iter_lines()
                assert first_event(newer_lines)[0] == "partial"
    assert wait_until(lambda: jobs.pending == 0)


def test_more_jobs_than_may_wait_get_503_with_retry_after(server):
    url, jobs = server
    clients = [httpx.Client(base_url=url, timeout=30) for _ in range(3)]
    try:
        with clients[0].stream("GET", "/api/equity/stream", params=ENDLESS) as running, \
                clients[1].stream("GET", "/api/equity/stream", params=ENDLESS) as waiting:
            lines = running.iter_lines()  # kept: a dropped iterator closes the stream
            assert first_event(lines)[0] == "partial"
            assert waiting.status_code == 200 and jobs.pending == 2
            refused = clients[2].post("/api/equity", json={"hands": ["AhKh/Qh", "7c7d/2s"]})
            assert refused.status_code == 503 and refused.headers["retry-after"] == "1"
            assert "busy" in refused.json()["error"]
    finally:
        for client in clients:
            client.close()
    assert wait_until(lambda: jobs.pending == 0)


def test_the_history_upload_streams_the_history_commands_objects(server):
    url, _ = server
    path = HISTORIES / "stud_cash.txt"
    with httpx.Client(base_url=url, timeout=120) as client:
        response = client.post("/api/history", content=path.read_bytes())
    assert response.status_code == 200
    lines = [json.loads(line) for line in response.text.splitlines()]
    expected = CliRunner().invoke(cli, ["history", str(path), "--json"]).stdout
    assert lines[:-1] == [json.loads(line) for line in expected.splitlines()]
    assert set(lines[-1]) == {"summary"} and lines[-1]["summary"]["replayed"] == len(lines) - 1


def test_an_upload_that_is_not_a_history_says_why(server):
    url, _ = server
    with httpx.Client(base_url=url, timeout=30) as client:
        empty = client.post("/api/history", content=b"")
        junk = client.post("/api/history", content=b"\xff\xfe not a hand history\n" * 100)
    assert empty.status_code == 400 and "empty" in empty.json()["error"]
    assert junk.status_code == 200
    (line,) = junk.text.splitlines()
    assert json.loads(line)["error"].startswith("the file holds no hands: it is UTF-16 text")


# ---- the guard ------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def client():
    with TestClient(create_app(), base_url="http://127.0.0.1:8765") as client:
        yield client


@pytest.mark.parametrize("host", ["evil.example", "evil.example:8765", "127.0.0.2", "", "[::2]"])
def test_a_host_header_that_is_not_this_server_is_refused(client, host):
    response = client.get("/api/health", headers={"host": host})
    assert response.status_code == 403 and "Host" in response.json()["error"]


@pytest.mark.parametrize("host", ["127.0.0.1:8765", "localhost:8765", "[::1]:8765", "LOCALHOST"])
def test_this_servers_names_are_let_through(client, host):
    assert client.get("/api/health", headers={"host": host}).status_code == 200


@pytest.mark.parametrize("origin", ["http://evil.example", "null", "http://127.0.0.1:9999",
                                    "http://localhost:8765"])
def test_a_post_from_another_origin_is_refused(client, origin):
    response = client.post("/api/equity", json={"hands": ["AhKh/Qh", "7c7d/2s"]},
                           headers={"origin": origin})
    assert response.status_code == 403 and "another site" in response.json()["error"]


def test_a_post_from_the_page_itself_or_a_script_is_let_through(client):
    spot = {"hands": ["AhKh/QhJh9c", "7c7d/2s5d5h"]}
    assert client.post("/api/equity", json=spot,
                       headers={"origin": "http://127.0.0.1:8765"}).status_code == 200
    assert client.post("/api/equity", json=spot).status_code == 200


@pytest.mark.parametrize("where", ["cross-site", "same-site"])
def test_another_sites_page_cannot_start_a_stream(client, where):
    response = client.get("/api/equity/stream", params=ENDLESS,
                          headers={"sec-fetch-site": where})
    assert response.status_code == 403


def test_the_page_itself_and_the_address_bar_are_let_through(client):
    spot = [("hand", "AhKh/QhJh9c"), ("hand", "7c7d/2s5d5h")]
    for where in ("same-origin", "none"):
        response = client.get("/api/spot", params=spot, headers={"sec-fetch-site": where})
        assert response.status_code == 200


def test_a_body_over_the_limit_is_413_by_length_or_as_it_streams(client, monkeypatch):
    big = b"{" + b" " * (64 * 1024) + b"}"
    response = client.post("/api/equity", content=big)
    assert response.status_code == 413 and "64 KB" in response.json()["error"]

    def chunks():  # no Content-Length: counted as it comes
        for _ in range(70):
            yield b" " * 1024

    response = client.post("/api/equity", content=chunks())
    assert response.status_code == 413 and "64 KB" in response.json()["error"]
    response = client.post("/api/history", content=b"x",
                           headers={"content-length": str(65 * 1024 * 1024)})
    assert response.status_code == 413 and "64 MB" in response.json()["error"]
    (history,) = [route for route in client.app.routes if route.path == "/api/history"]
    monkeypatch.setattr(history, "body_limit", 1000)  # the route table holds its limit
    response = client.post("/api/history", content=chunks())
    assert response.status_code == 413 and "1,000 bytes" in response.json()["error"]


def test_threads_can_share_the_server(server):
    """Several clients at once all get answers (each waits its turn or is told to retry)."""
    url, jobs = server
    statuses: list[int] = []

    def ask() -> None:
        with httpx.Client(base_url=url, timeout=60) as client:
            statuses.append(client.post("/api/equity", json={
                "hands": ["AhKh/Qh", "7c7d/2s"], "trials": 2000, "seed": 1}).status_code)

    threads = [threading.Thread(target=ask) for _ in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert set(statuses) <= {200, 503} and 200 in statuses
    assert wait_until(lambda: jobs.pending == 0)


def test_a_file_replays_and_outs_count_beside_a_running_spot(server):
    """The lanes: a spot that runs long does not hold back a hand-history upload or a
    page's outs (the engine lets them take turns)."""
    url, jobs = server
    history = HISTORIES / "stud_cash.txt"
    with httpx.Client(base_url=url, timeout=60) as client:
        with client.stream("GET", "/api/equity/stream", params=ENDLESS) as stream:
            lines = stream.iter_lines()
            assert first_event(lines)[0] == "partial"
            replay = client.post("/api/history", content=history.read_bytes())
            assert replay.status_code == 200
            assert "summary" in json.loads(replay.text.splitlines()[-1])
            outs = client.get("/api/outs", params=[("hand", "AhKh/Qh8d5c"),
                                                   ("hand", "7c7d/2s3s9c"), ("player", "1")])
            assert outs.status_code == 200 and len(outs.json()["cards"]) == 42
            assert jobs.pending == 1  # the long spot still runs
        assert wait_until(lambda: jobs.pending == 0)


def test_a_job_past_the_servers_time_limit_is_stopped_with_one_sentence():
    with running_server(Jobs(max_seconds=0.5)) as (url, jobs), \
            httpx.Client(base_url=url, timeout=30) as client:
        with client.stream("GET", "/api/equity/stream", params=ENDLESS) as stream:
            names, last = [], ""
            for line in stream.iter_lines():
                if line.startswith("event: "):
                    names.append(line[7:])
                elif line.startswith("data: "):
                    last = line[6:]
        assert names[-1] == "failure"
        assert json.loads(last)["error"] == (
            "the spot ran past 0.5 s, this server's limit for one request (stud-odds serve "
            "--max-job-seconds): ask for fewer trials or a larger precision")
        answer = client.post("/api/equity", json={"hands": ["AhKh/Qh", "7c7d/2s", "QdJd/Td",
                                                            "9s9h/8c", "xx/6d"],
                                                  "trials": 100_000_000, "seed": 1})
        assert answer.status_code == 409 and "--max-job-seconds" in answer.json()["error"]
        assert wait_until(lambda: jobs.pending == 0)


def test_serve_refuses_a_bad_time_limit():
    refused = CliRunner().invoke(cli, ["serve", "--max-job-seconds", "0"])
    assert refused.exit_code == 2 and "--max-job-seconds must be a positive" in refused.output
