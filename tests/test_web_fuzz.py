"""2,000 seeded malformed requests on every route of a live ``stud-odds serve``: no 5xx, every
mistake one JSON sentence, and ``/api/health`` answering within 1 s throughout.

The routes come from the server's own OpenAPI document (``/api/openapi.json``, made from
the app's routes), so a new route is fuzzed the day it is added.  Each request starts from
a good one (a small late-street spot, a short hand history) and spoils one to three things:
bad JSON, bad cards, surrogates, underflows, huge, negative and 5000-digit numbers, NaN,
wrong types, long names, bytes that are not UTF-8, odd headers, uploads that are not
histories; about one in twenty is raw bytes on a socket (malformed Content-Length, request
lines and headers httpx would not send).  Jobs stop after 2 s, so the run stays short.
"""

from __future__ import annotations

import json
import math
import os
import random
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path
from urllib.parse import quote

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

pytest.importorskip("uvicorn")
import httpx2 as httpx  # noqa: E402
from starlette.testclient import TestClient  # noqa: E402
from web_helpers import HEALTH_BOUND_S  # noqa: E402

from stud_odds.web.app import create_app  # noqa: E402
from stud_odds.web.jobs import Jobs  # noqa: E402
from stud_odds.web.openapi import NOT_DESCRIBED  # noqa: E402

SEED = 20261205
REQUESTS = 2000
HISTORY = (Path(__file__).parent / "data" / "histories" / "stud8_tournament.txt").read_bytes()
DIGITS = "7" * 5000  # a number of more digits than Python converts by default
GOOD_SPOT = {"game": "stud", "hands": ["AhKh/QhJh9c", "7c7d/2s5d5h"], "trials": 300, "seed": 1}
GOOD_QUERY = [("hand", "AhKh/QhJh9c"), ("hand", "7c7d/2s5d5h"), ("trials", "300")]
ODD_VALUES = [None, True, False, 0, -1, -0.0, 1.5, 1e308, -1e308, 1e-300, -1e-300, 5e-324,
              10**30, -(10**30), "", " ", "NaN", "inf", "-inf", "1e400", "1e-300", "1e-9",
              "Ah", "Zz", "xx", "AhAh/Ah", "[QQ+", "[ZZ]/Kd", "random", "/", "10h/10h", [],
              [None], ["AhKh/Qh"], ["AhKh/Qh", 5], {"a": 1}, "\u0000", "\ud800", "a\udfffb",
              "ä" * 300, "x" * 5000, "stud8", "razz", "online", "1e12", "-0", "2M", "0x10",
              "[" * 50, "AhKh/Qh" * 50, "\u202e\u0301", "1" * 400, "DIGITS", "-DIGITS"]
RAW_BODIES = [b"", b"{", b"[]", b"null", b"NaN", b'{"hands": NaN}', b"\xff\xfe\xfd", b"\xc3\x28",
              b'{"hands": ["AhKh/Qh", "7c7d/2s"], "trials": Infinity}', b"1" * 5000,
              b"[" * 3000 + b"]" * 3000, b'{"a": ' * 2000, b"\xef\xbb\xbf{}", b"\x00" * 100,
              b'{"hands": ["\\ud800"]}', b'{"precision": 1e-300, "hands": ["AhKh/Qh", "xx/2c"]}']
UPLOADS = [b"", b" \n", b"\xff\xfe" + "PokerStars Hand".encode("utf-16-le"), b"\x00" * 1000,
           b"\xed\xa0\x80" * 100, b"junk\n" * 20000, DIGITS.encode(), HISTORY[:700],
           HISTORY.replace(b"Seat 1", b"Seat " + DIGITS.encode()), HISTORY.replace(b"$", b"\xff")]
NAMES = ["", "a" * 300, "\ud800.txt", "../../etc/passwd", "\x00", "ä" * 200, "con", "x.txt"]
HEADERS = [{"host": "evil.example"}, {"host": ""}, {"host": "127.0.0.1:99999999"},
           {"host": "[::1"}, {"origin": "null"}, {"origin": "http://127.0.0.1:1"},
           {"origin": "\u00ff\u00fe"}, {"content-type": "text/html"},
           {"sec-fetch-site": "cross-site"}, {"x-stud-odds-page": "p" * 500},
           {"authorization": "token " + "t" * 300}, {"cookie": "a=" + "\u00ff" * 50},
           {"range": "bytes=-1"}, {"accept-encoding": "gzip;q=" + DIGITS[:50]}, {}]
OTHER_PATHS = ["/static/app.js", "/static/../app.py", "/static/%2e%2e/app.py", "/static/",
               "/static/%ff", "/nothing", "/api/nothing", "//etc/passwd", "/api/db/../db"]
RAW_REQUESTS = [
    b"POST /api/equity HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: abc\r\n\r\n",
    b"POST /api/equity HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: -1\r\n\r\n",
    b"POST /api/history HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 1e3\r\n\r\n",
    b"POST /api/equity HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: " + DIGITS.encode()
    + b"\r\n\r\n",
    b"POST /api/equity HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 5\r\n"
    b"Content-Length: 6\r\n\r\n{}",
    b"POST /api/equity HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n",
    b"GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX: \xff\xfe\r\n\r\n",
    b"GET /api/spot?hand=%ff%fe HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
    b"GET /api/\xff HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
    b"GET / HTTP/1.1\r\n\r\n", b"GET\r\n\r\n", b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03",
    b"GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX: " + b"y" * 20000 + b"\r\n\r\n",
]


# ---- the document: every route in it ---------------------------------------------------------

def _app_operations() -> set[tuple[str, str]]:
    from starlette.schemas import SchemaGenerator

    return {(endpoint.http_method, endpoint.path)
            for endpoint in SchemaGenerator({}).get_endpoints(create_app().routes)}


def test_the_openapi_document_describes_every_route():
    with TestClient(create_app(), base_url="http://127.0.0.1:8765") as client:
        document = client.get("/api/openapi.json").json()
    operations = {(method, path) for path, item in document["paths"].items() for method in item}
    assert operations == _app_operations() and ("post", "/api/equity") in operations
    assert document["openapi"].startswith("3.") and document["info"]["title"] == "stud-odds"
    undescribed = [(method, path) for path, item in document["paths"].items()
                   for method, operation in item.items()
                   if operation["summary"] == NOT_DESCRIBED]
    assert not undescribed, f"describe these routes in stud_odds/web/openapi.py: {undescribed}"
    body = document["paths"]["/api/equity"]["post"]["requestBody"]
    fields = body["content"]["application/json"]["schema"]["properties"]
    assert {"hands", "game", "precision", "trials", "pot", "to_call"} <= set(fields)


# ---- properties: Hypothesis draws requests from the document --------------------------------

JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20)
    | st.sampled_from(ODD_VALUES[:-2]),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner,
                                                                max_size=3),
    max_leaves=6)
QUERY_TEXT = (st.text(st.characters(codec="utf-8"), max_size=30)  # surrogates are not UTF-8
              | st.sampled_from([_ for _ in ODD_VALUES if isinstance(_, str)])
              | st.integers().map(str) | st.floats().map(str))


def _quoted(value: str) -> str:
    """A URL's text for any value, lone surrogates too (as %ED%A0%80: not UTF-8)."""
    return quote(value.encode("utf-8", "surrogatepass"), safe="")


class Served(tuple):
    """(test client, its OpenAPI document, its database's path), shown briefly."""

    def __repr__(self) -> str:
        return "Served(...)"


@pytest.fixture(scope="module")
def document_client(tmp_path_factory):
    database = str(tmp_path_factory.mktemp("fuzz") / "hands.sqlite")
    app = create_app(jobs=Jobs(max_seconds=0.5), db_path=database)
    with TestClient(app, base_url="http://127.0.0.1:8765", raise_server_exceptions=False) \
            as client:
        yield Served((client, client.get("/api/openapi.json").json(), database))


@settings(max_examples=200, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(data=st.data())
def test_any_request_the_document_allows_gets_2xx_or_one_json_sentence(document_client, data):
    """Hypothesis picks an operation of the document and fills its parameters and body,
    right and wrong: never a 5xx, every mistake one JSON sentence."""
    client, document, database = document_client
    operations = sorted((method, path) for path, item in document["paths"].items()
                        for method in item)
    method, path = data.draw(st.sampled_from(operations))
    operation = document["paths"][path][method]
    query = []
    for parameter in operation.get("parameters", []):
        enum = parameter["schema"].get("enum")
        value = data.draw(st.sampled_from(enum) | QUERY_TEXT if enum else QUERY_TEXT)
        if parameter["in"] == "path":
            path = path.replace("{" + parameter["name"] + "}", _quoted(value))
        elif parameter["in"] == "query" and data.draw(st.booleans()):
            query.append((parameter["name"], value))
    content = None
    body = operation.get("requestBody", {}).get("content", {})
    if "application/json" in body:
        fields = body["application/json"]["schema"]["properties"]
        spot = dict(GOOD_SPOT)
        spot.update(data.draw(st.dictionaries(st.sampled_from(sorted(fields)), JSON_VALUES,
                                              max_size=3)))
        content = json.dumps(spot, allow_nan=True).encode("utf-8", "surrogatepass")
    elif body:
        content = data.draw(st.binary(max_size=300) | st.just(HISTORY[:700]))
    target = path + "?" + "&".join(f"{name}={_quoted(value)}" for name, value in query)
    response = client.request(method.upper(), target, content=content)
    assert response.status_code < 500, (method, path, query, response.text[:300])
    if response.status_code >= 400:
        _one_sentence(response.json(), f"{method} {path}", database)


# ---- the fuzz --------------------------------------------------------------------------------

def _value(rng: random.Random):
    return float("nan") if rng.random() < 0.05 else rng.choice(ODD_VALUES)


def _json_text(data) -> bytes:
    text = json.dumps(data, allow_nan=True)  # NaN and Infinity as JavaScript writes them
    text = text.replace('"-DIGITS"', "-" + DIGITS).replace('"DIGITS"', DIGITS)
    return text.encode("utf-8", "surrogatepass")


def _json_body(rng: random.Random, fields: list[str]) -> bytes:
    if rng.random() < 0.25:
        return rng.choice(RAW_BODIES)
    spot = dict(GOOD_SPOT)
    for _ in range(rng.randint(1, 3)):
        spot[rng.choice([*fields, "other"])] = _value(rng)
    data = _json_text(spot)
    if rng.random() < 0.15:  # bytes that are not UTF-8 somewhere inside
        cut = rng.randrange(len(data))
        data = data[:cut] + bytes([rng.randrange(0x80, 0x100)]) + data[cut:]
    return data


def _text(value) -> str:
    if value == "DIGITS":
        return DIGITS
    if value == "-DIGITS":
        return "-" + DIGITS
    return value if isinstance(value, str) else json.dumps(value)


def _query_string(rng: random.Random, names: list[str], good: bool) -> str:
    query = list(GOOD_QUERY) if good else []
    for _ in range(rng.randint(0, 3)):
        query.append((rng.choice([*names, "junk", "token"]), _text(_value(rng))))
    return "&".join(f"{quote(name)}={quote(value.encode('utf-8', 'surrogatepass'))}"
                    for name, value in query)


class Fuzz:
    """The requests, from the document's operations; every answer checked."""

    def __init__(self, url: str, document: dict, private: str) -> None:
        self.url = url
        self.private = private  # where the server keeps its files: no answer says it
        self.port = int(url.rsplit(":", 1)[1])
        self.operations = [(method, path, operation)
                           for path, item in document["paths"].items()
                           for method, operation in item.items()]
        self.statuses: dict[int, int] = {}
        self.routes: set[str] = set()
        self.faults: dict[str, str] = {}  # the first of each kind of fault, by its sentence

    def one(self, rng: random.Random, client: httpx.Client) -> None:
        try:
            self._one(rng, client)
        except AssertionError as fault:
            what, _, where = str(fault).partition(" [at ")
            self.faults.setdefault(what[:70], f"{what[:400]} [at {where[:200]}")

    def _one(self, rng: random.Random, client: httpx.Client) -> None:
        if rng.random() < 0.05:
            self.raw(rng.choice(RAW_REQUESTS))
            return
        if rng.random() < 0.03:  # the static files and paths that are no route
            response = client.get(self.url + rng.choice(OTHER_PATHS))
            self.check(response.status_code, response.headers.get("content-type", ""),
                       response.content, str(response.url))
            return
        method, path, operation = rng.choice(self.operations)
        self.routes.add(f"{method} {path}")
        names = [parameter["name"] for parameter in operation.get("parameters", [])
                 if parameter["in"] == "query"]
        for parameter in operation.get("parameters", []):
            if parameter["in"] == "path":
                choices = [*parameter["schema"].get("enum", []), "nothing", "%ff", "a" * 300]
                path = path.replace("{" + parameter["name"] + "}", quote(rng.choice(choices)))
        spot_route = "hand" in names
        target = f"{path}?{_query_string(rng, names, spot_route and rng.random() < 0.7)}"
        headers = dict(rng.choice(HEADERS)) if rng.random() < 0.2 else {}
        if rng.random() < 0.03:  # the other method
            method = "get" if method == "post" else "post"
        content = None
        if method == "post":
            body = operation.get("requestBody", {}).get("content", {})
            if "application/json" in body:
                fields = list(body["application/json"]["schema"]["properties"])
                content = _json_body(rng, fields)
            else:
                content = rng.choice(UPLOADS) if rng.random() < 0.8 else HISTORY
                if "name" in names and rng.random() < 0.5:
                    name = rng.choice(NAMES).encode("utf-8", "surrogatepass")
                    target = f"{path}?name={quote(name)}"
        try:
            response = client.request(method.upper(), self.url + target, content=content,
                                      headers=headers)
        except (UnicodeEncodeError, httpx.LocalProtocolError):
            return  # a header the client itself will not send (the raw requests do)
        self.check(response.status_code, response.headers.get("content-type", ""),
                   response.content, f"{method} {target[:200]}")

    def raw(self, request: bytes) -> None:
        with socket.create_connection(("127.0.0.1", self.port), timeout=10) as sock:
            sock.sendall(request)
            data = b""
            while True:
                chunk = sock.recv(65536)
                if not chunk:
                    break
                data += chunk
                if b"\r\n\r\n" in data and b"content-length" not in data.lower():
                    break
                head, _, body = data.partition(b"\r\n\r\n")
                lengths = [line for line in head.lower().split(b"\r\n")
                           if line.startswith(b"content-length:")]
                if lengths and len(body) >= int(lengths[0].split(b":")[1]):
                    break
        head, _, body = data.partition(b"\r\n\r\n")
        assert head.startswith(b"HTTP/1.1 "), (request[:80], data[:200])
        content_type = next((line.split(b":", 1)[1].strip().decode() for line in head.split(b"\r\n")
                             if line.lower().startswith(b"content-type:")), "")
        self.check(int(head.split()[1]), content_type, body, repr(request[:80]))

    def check(self, status: int, content_type: str, body: bytes, where: str) -> None:
        self.statuses[status] = self.statuses.get(status, 0) + 1
        assert status < 500, f"{status}: {body[:300]!r} [at {where}]"
        if status >= 400:
            assert content_type.startswith("application/json"), \
                f"{status} not JSON: {body[:300]!r} [at {where}]"
            _one_sentence(json.loads(body), where, self.private)
        elif content_type.startswith(("application/x-ndjson", "text/event-stream")):
            for line in body.decode().splitlines():  # a stream's failures: sentences too
                line = line.removeprefix("data: ")
                if line.startswith("{") and '"error"' in line:
                    _one_sentence(json.loads(line), where, self.private)


def test_a_long_player_name_is_quoted_short(tmp_path):
    with TestClient(create_app(db_path=str(tmp_path / "hands.sqlite")),
                    base_url="http://127.0.0.1:8765") as client:
        client.post("/api/db/import?name=a.txt", content=HISTORY)
        error = client.get("/api/db/stats", params={"player": "x" * 5000}).json()["error"]
    assert len(error) < 600 and "(5,000 characters) plays no hand in" in error


def _one_sentence(data: dict, where: str, private: str) -> None:
    where = where if len(where) < 160 else f"{where[:150]}... ({len(where):,} characters)"
    assert isinstance(data, dict), f"not an object: {data!r:.200} [at {where}]"
    error = data.get("error")
    assert isinstance(error, str) and error.strip(), f"no sentence: {data!r:.200} [at {where}]"
    for leak in ("\n", "Traceback", "sys.set_int_max_str_digits", private):
        assert leak not in error, f"{leak!r} in the sentence: {error[:200]!r} [at {where}]"
    assert len(error) < 600, \
        f"a sentence of {len(error):,} characters: {error[:100]!r}... [at {where}]"


@pytest.mark.slow
def test_two_thousand_malformed_requests_on_every_route(tmp_path):
    database = tmp_path / "hands.sqlite"
    command = [sys.executable, "-m", "stud_odds", "serve", "--port", "0", "--db", str(database),
               "--max-job-seconds", "2"]
    with subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                          env={**os.environ, "COLUMNS": "200"}) as server:
        latencies: list[float] = []
        stop = threading.Event()
        try:
            url = server.stdout.readline().strip().removeprefix("serving on ").rstrip("/")
            assert url.startswith("http://127.0.0.1:"), url
            with httpx.Client(timeout=30) as client:
                assert client.get(url + "/api/health").status_code == 200
                document = client.get(url + "/api/openapi.json").json()

            def poll_health() -> None:
                with httpx.Client(timeout=10) as health:
                    while not stop.wait(0.1):
                        start = time.monotonic()
                        try:  # a failure here must fail the test, not end this thread
                            answered = health.get(url + "/api/health").status_code == 200
                        except httpx.HTTPError:
                            answered = False
                        latencies.append(time.monotonic() - start if answered else math.inf)

            poller = threading.Thread(target=poll_health, daemon=True)
            poller.start()
            fuzz = Fuzz(url, document, str(tmp_path))
            rng = random.Random(SEED)
            with httpx.Client(timeout=30) as client:
                for _ in range(REQUESTS):
                    fuzz.one(rng, client)
            stop.set()
            poller.join(15)
        finally:
            stop.set()
            server.send_signal(signal.SIGINT)
            try:
                server.wait(timeout=30)
            except subprocess.TimeoutExpired:
                server.kill()
                server.wait()
        errors = server.stderr.read()
    assert not fuzz.faults, "\n".join(fuzz.faults.values())
    assert "Traceback" not in errors, errors[-3000:]
    assert len(fuzz.routes) == len(fuzz.operations)  # every route was asked
    assert not poller.is_alive()
    # the attack made health time out
    assert latencies and max(latencies) < HEALTH_BOUND_S, sorted(latencies)[-5:]
    assert fuzz.statuses.get(400, 0) > 300 and fuzz.statuses.get(200, 0) > 300, fuzz.statuses
    assert fuzz.statuses.get(403, 0) > 20 and fuzz.statuses.get(404, 0) > 5, fuzz.statuses
