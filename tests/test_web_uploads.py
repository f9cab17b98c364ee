"""The routes that take a file (issue 37): the route table gives their size limit, the job
lanes admit them before the body is read (a full lane: 503 at once), the body streams to
a temporary file that is always deleted, an import keeps the server's job limits and
says what it kept, and no answer shows a path of the server's."""

from __future__ import annotations

import json
import logging
import random
import socket
import sqlite3
import tempfile
import time
from pathlib import Path

import pytest

pytest.importorskip("uvicorn")
from history_maker import make_file, write  # noqa: E402
from starlette.testclient import TestClient  # noqa: E402
from web_helpers import running_server, wait_until  # noqa: E402

import stud_odds.db  # noqa: E402
from stud_odds.db import importing  # noqa: E402
from stud_odds.web.app import create_app  # noqa: E402
from stud_odds.web.fields import RequestError  # noqa: E402
from stud_odds.web.guard import JSON_LIMIT, UPLOAD_LIMIT, limit_of  # noqa: E402
from stud_odds.web.jobs import Jobs  # noqa: E402
from stud_odds.web.uploads import NAME_MOST, shown_name, upload_name  # noqa: E402

BASE = "http://127.0.0.1:8765"
SPOT = {"hands": ["AhKh/QhJh9c", "7c7d/2s5d5h"], "seed": 1}


@pytest.fixture
def uploads(tmp_path, monkeypatch) -> Path:
    """The folder the server's temporary files go to, to see that none is left."""
    folder = tmp_path / "server-tmp"
    folder.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(folder))
    return folder


def history_file(path: Path, hands: int, seed: int = 3) -> bytes:
    write(path, make_file(random.Random(seed), hands))
    return path.read_bytes()


def stored_hands(database: Path) -> int:
    with sqlite3.connect(database) as connection:
        count = connection.execute("SELECT count(*) FROM hands").fetchone()[0]
    connection.close()
    return count


# ---- the route table, the size limit ---------------------------------------------------------

def test_the_route_table_says_which_routes_take_files():
    app = create_app()

    def limit(method: str, path: str) -> int:
        return limit_of({"type": "http", "method": method, "path": path, "root_path": "",
                         "app": app})

    assert limit("POST", "/api/history") == limit("POST", "/api/db/import") == UPLOAD_LIMIT
    assert limit("POST", "/api/equity") == limit("GET", "/api/db/stats") == JSON_LIMIT
    assert limit("POST", "/nowhere") == JSON_LIMIT


def test_an_import_takes_a_real_file_and_names_no_path_of_the_servers(tmp_path, uploads):
    body = history_file(tmp_path / "month.txt", 60)
    assert len(body) > JSON_LIMIT  # refused as a JSON body before
    database = tmp_path / "hands.sqlite"
    stud_odds.db.open(database).close()
    with TestClient(create_app(db_path=str(database)), base_url=BASE) as client:
        assert client.get("/api/db").json() == {"enabled": True, "name": "hands.sqlite"}
        empty = client.get("/api/db/stats")
        answer = client.post("/api/db/import", params={"name": "month.txt"}, content=body)
    assert empty.status_code == 400
    assert empty.json()["error"].startswith("hands.sqlite holds no hands")
    assert answer.status_code == 200, answer.text
    data = answer.json()
    assert data["new"] == 60 and data["sentence"] == "60 new, 0 already in the database"
    assert data["database"] == "hands.sqlite" and data["files"][0]["path"] == "month.txt"
    assert str(tmp_path) not in answer.text and "stud-odds-upload" not in answer.text
    assert list(uploads.iterdir()) == []  # the temporary copy is gone


# ---- the name -------------------------------------------------------------------------------

@pytest.mark.parametrize("given, name", [
    (None, "upload.txt"), ("", "upload.txt"), ("..", "upload.txt"), ("dir/", "upload.txt"),
    ("HH 2024-05-01 Razz.txt", "HH 2024-05-01 Razz.txt"),
    ("../../etc/passwd", "passwd"), ("C:\\Users\\me\\hands.txt", "hands.txt"),
    ("a\nb\x1b[2J\u202etxt.exe", "a?b?[2J?txt.exe"), ("\ud800.txt", "?.txt"),
])
def test_an_upload_name_is_the_files_own_without_folders_or_control_characters(given, name):
    assert upload_name(given) == name


def test_a_name_longer_than_any_file_name_is_refused_and_a_long_one_shown_short(tmp_path):
    with pytest.raises(RequestError) as refused:
        upload_name("x" * 300)
    assert str(refused.value) == f"'name': a file name has at most {NAME_MOST} characters, not 300"
    assert refused.value.field == "name"
    long = "a" * 200 + ".txt"
    assert upload_name(long) == long
    assert len(shown_name(long)) == 60 and shown_name(long).endswith("aaaa.txt")
    with TestClient(create_app(db_path=str(tmp_path / "hands.sqlite")), base_url=BASE) as client:
        answer = client.post("/api/db/import", params={"name": "x" * 300}, content=b"hands")
    assert answer.status_code == 400
    assert answer.json() == {"error": str(refused.value), "field": "name"}


# ---- admitted before the body is read -------------------------------------------------------

def _headers(port: int, path: str, length: int, expect: bool = False) -> bytes:
    return (f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Length: {length}\r\n"
            + ("Expect: 100-continue\r\n" if expect else "") + "\r\n").encode()


def _answer(connection: socket.socket) -> bytes:
    data = b""
    while b"\r\n\r\n" not in data or len(data) < data.index(b"\r\n\r\n") + 4 + int(
            data.split(b"content-length: ")[1].split(b"\r\n")[0]):
        chunk = connection.recv(65536)
        if not chunk:
            break
        data += chunk
    return data


class _Errors(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


def test_a_full_lane_refuses_an_upload_before_its_body_and_a_dropped_body_is_quiet(uploads):
    with running_server(Jobs(max_waiting=1)) as (url, jobs):
        port = int(url.rsplit(":", 1)[1])
        errors = _Errors()
        for name in ("uvicorn.error", "stud_odds.web"):
            logging.getLogger(name).addHandler(errors)
        try:
            # one upload is admitted and on its way: the file lane's one waiting place
            sending = socket.create_connection(("127.0.0.1", port), timeout=10)
            sending.sendall(_headers(port, "/api/history", 10**6) + b"PokerStars " * 100)
            assert wait_until(lambda: jobs.pending == 1 and any(uploads.iterdir()))
            # a second one is told at once, before sending anything of its 60 MB
            refused = socket.create_connection(("127.0.0.1", port), timeout=10)
            refused.sendall(_headers(port, "/api/history", 60 << 20, expect=True))
            answer = _answer(refused)
            refused.close()
            head, body = answer.split(b"\r\n\r\n", 1)
            assert head.startswith(b"HTTP/1.1 503") and b"retry-after: 1" in head.lower()
            assert "busy" in json.loads(body)["error"]
            # the page's spots have their own lane
            with socket.create_connection(("127.0.0.1", port), timeout=30) as spot:
                text = json.dumps(SPOT).encode()
                spot.sendall(_headers(port, "/api/equity", len(text)) + text)
                assert _answer(spot).startswith(b"HTTP/1.1 200")
            # the first client goes away mid-body: its job and file are gone, nothing logged
            sending.close()
            assert wait_until(lambda: jobs.pending == 0 and not any(uploads.iterdir()))
            time.sleep(0.2)  # a traceback would be logged by now
        finally:
            for name in ("uvicorn.error", "stud_odds.web"):
                logging.getLogger(name).removeHandler(errors)
    assert [record.getMessage() for record in errors.records] == []


# ---- the job limits -------------------------------------------------------------------------

def test_an_import_past_the_time_limit_keeps_whole_parts_and_says_so(tmp_path, uploads,
                                                                     monkeypatch):
    body = history_file(tmp_path / "month.txt", 30)
    monkeypatch.setattr(importing, "CHUNK_BYTES", 1)  # every file is written in parts
    monkeypatch.setattr(importing, "CHUNK_HANDS", 10)  # of 10 hands: 3 parts
    written = importing._write

    def slow_write(*arguments):  # the time limit passes while the first part is written
        result = written(*arguments)
        time.sleep(2.0)
        return result

    monkeypatch.setattr(importing, "_write", slow_write)
    database = tmp_path / "hands.sqlite"
    with TestClient(create_app(jobs=Jobs(max_seconds=1), db_path=str(database)),
                    base_url=BASE) as client:
        stopped = client.post("/api/db/import", params={"name": "month.txt"}, content=body)
        assert stopped.status_code == 409
        assert stopped.json()["error"] == (
            "the import ran past 1 s, this server's limit for one request (stud-odds serve "
            "--max-job-seconds): part of month.txt was imported (10 new, 0 already in the "
            "database); import the file again to add the rest (a hand is stored once)")
        assert stopped.json()["new"] == 10 and stored_hands(database) == 10
        monkeypatch.setattr(importing, "_write", written)
        again = client.post("/api/db/import", params={"name": "month.txt"}, content=body)
    assert again.status_code == 200
    assert (again.json()["new"], again.json()["already"]) == (20, 10)
    assert stored_hands(database) == 30
    assert list(uploads.iterdir()) == []


def test_a_stopped_import_commits_whole_parts_only(tmp_path, monkeypatch):
    history_file(tmp_path / "month.txt", 30)
    monkeypatch.setattr(importing, "CHUNK_BYTES", 1)
    monkeypatch.setattr(importing, "CHUNK_HANDS", 10)
    path = tmp_path / "hands.sqlite"
    with stud_odds.db.open(path) as database:
        # asked before each part is written and at each hand read: true once the first
        # part is in, so it stops in the middle of reading a later part
        with pytest.raises(importing.ImportStopped) as stopped:
            importing.import_files(database.store, [tmp_path / "month.txt"],
                                   stop=lambda: stored_hands(path) > 0)
        assert stored_hands(path) == stopped.value.result.new == 10
        assert str(stopped.value) == ("the import stopped with 0 of 1 files and part of "
                                      "month.txt imported (10 new hands stored): import "
                                      "again to add the rest")
        again = importing.import_files(database.store, [tmp_path / "month.txt"])
    assert (again.new, again.already) == (20, 10)


def test_a_replay_past_the_time_limit_says_so_in_its_own_words(uploads, monkeypatch):
    def endless(reader, summary, handle, **options):  # a replay that would never end
        while True:
            time.sleep(0.01)
            handle(None)

    monkeypatch.setattr("stud_odds.history.running.each_record", endless)
    body = (Path(__file__).parent / "data" / "histories" / "stud_cash.txt").read_bytes()
    with TestClient(create_app(jobs=Jobs(max_seconds=0.3)), base_url=BASE) as client:
        lines = client.post("/api/history", content=body).text.splitlines()
    assert json.loads(lines[-1]) == {"error": (
        "the replay ran past 0.3 s, this server's limit for one request (stud-odds serve "
        "--max-job-seconds): the hands above were replayed; replay the whole file with "
        "stud-odds history, which has no limit")}
    assert list(uploads.iterdir()) == []


def test_max_time_past_the_servers_job_limit_is_refused_naming_it():
    sentence = ("'max_time': 3 seconds is past this server's limit of 2 s for one request "
                "(stud-odds serve --max-job-seconds)")
    with TestClient(create_app(jobs=Jobs(max_seconds=2)), base_url=BASE) as client:
        refused = client.post("/api/equity", json={**SPOT, "max_time": 3})
        stream = client.get("/api/equity/stream", params=[("hand", "AhKh/Qh"),
                                                          ("hand", "7c7d/2s"), ("max_time", "3")])
        allowed = client.post("/api/equity", json={**SPOT, "max_time": 2})
    assert refused.status_code == 400
    assert refused.json() == {"error": sentence, "field": "max_time"}
    assert f"data: {json.dumps({'error': sentence, 'field': 'max_time'})}" in stream.text
    assert allowed.status_code == 200


def test_luck_past_the_time_limit_keeps_its_figures_and_says_so(tmp_path, monkeypatch):
    from stud_odds.history import replaying

    database = tmp_path / "hands.sqlite"
    with stud_odds.db.open(database) as db:  # one all-in hand whose luck is not yet computed
        db.import_files(sorted((Path(__file__).parent / "data" / "histories").glob("*.txt")))
    computed = replaying.all_in_luck

    def slow(*args, **kwargs):  # a figure that takes longer than the limit
        time.sleep(1.0)
        return computed(*args, **kwargs)

    monkeypatch.setattr(replaying, "all_in_luck", slow)
    with TestClient(create_app(jobs=Jobs(max_seconds=0.3), db_path=str(database)),
                    base_url=BASE) as client:
        stopped = client.get("/api/db/luck")
        monkeypatch.setattr(replaying, "all_in_luck", None)  # stored: never computed again
        again = client.get("/api/db/luck")
    assert stopped.status_code == 409
    assert stopped.json()["error"] == (
        "the answer ran past 0.3 s, this server's limit for one request (stud-odds serve "
        "--max-job-seconds): the all-in figures found so far are stored, so asking again goes "
        "on from there (stud-odds db luck has no limit)")
    assert again.status_code == 200 and again.json()["computed"] == 0
