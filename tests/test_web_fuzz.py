"""1,000 seeded malformed requests: only 2xx and 4xx answers, and the server still answers.

Bad JSON, bad cards, huge numbers, NaN, wrong types, bytes that are not UTF-8 and odd
headers, on every route.  The spots that happen to be valid are small (late streets, a few
hundred trials), so the run stays short.
"""

from __future__ import annotations

import json
import random

import pytest

pytest.importorskip("starlette")
from starlette.testclient import TestClient  # noqa: E402

from stud_odds.web.app import create_app  # noqa: E402

SEED = 20261203
REQUESTS = 1000
BASE = {"game": "stud", "hands": ["AhKh/QhJh9c", "7c7d/2s5d5h"], "trials": 300, "seed": 1}
ODD_VALUES = [None, True, False, 0, -1, 1.5, 1e308, -1e308, 10**30, "", " ", "NaN", "inf",
              "1e400", "Ah", "Zz", "xx", "AhAh/Ah", "[QQ+", "[ZZ]/Kd", "random", "/", "10h/10h",
              [], [None], ["AhKh/Qh"], ["AhKh/Qh", 5], {"a": 1}, "\u0000", "\ud800", "ä" * 300,
              "stud8", "razz", "online", "1e12", "-0", "2M", "0x10", "[" * 50, "AhKh/Qh" * 50]
FIELDS = ["game", "hands", "dead", "folds", "community", "deck_rule", "trials", "precision",
          "exact", "seed", "classes", "pot", "to_call", "max_time", "id", "other"]
QUERY_NAMES = ["game", "hand", "dead", "fold", "community", "deck_rule", "trials", "precision",
               "exact", "seed", "classes", "pot", "to_call", "page", "junk"]
RAW_BODIES = [b"", b"{", b"[]", b"null", b"NaN", b'{"hands": NaN}', b"\xff\xfe\xfd", b"\xc3\x28",
              b'{"hands": ["AhKh/Qh", "7c7d/2s"], "trials": Infinity}', b"1" * 5000,
              b"[" * 3000 + b"]" * 3000, b'{"a": ' * 2000, b"\xef\xbb\xbf{}", b"\x00" * 100]
HEADERS = [{"host": "evil.example"}, {"host": ""}, {"host": "127.0.0.1:99999999"},
           {"host": "[::1"}, {"origin": "null"}, {"origin": "http://127.0.0.1:8765"},
           {"origin": "\u00ff\u00fe"}, {"content-type": "text/html"},
           {"sec-fetch-site": "cross-site"}, {"x-stud-odds-page": "p" * 500}, {}]
POSTED = ["/api/equity"] * 6 + ["/api/history"]
GOTTEN = ["/api/spot"] * 3 + ["/api/equity/stream"] * 3 + [
    "/api/health", "/", "/static/app.js", "/static/../app.py", "/nothing", "/api/equity?x=%ff"]


def _value(rng: random.Random):
    value = rng.choice(ODD_VALUES)
    return rng.random() < 0.1 and float("nan") or value


def _spot(rng: random.Random) -> dict:
    spot = dict(BASE)
    for _ in range(rng.randint(1, 3)):
        spot[rng.choice(FIELDS)] = _value(rng)
    return spot


def _body(rng: random.Random) -> bytes:
    if rng.random() < 0.3:
        return rng.choice(RAW_BODIES)
    text = json.dumps(_spot(rng), allow_nan=True)  # NaN and Infinity as JavaScript writes them
    data = text.encode("utf-8", "surrogatepass")
    if rng.random() < 0.2:  # bytes that are not UTF-8 somewhere inside
        cut = rng.randrange(len(data))
        data = data[:cut] + bytes([rng.randrange(0x80, 0x100)]) + data[cut:]
    return data


def _query(rng: random.Random) -> list[tuple[str, str]]:
    query = [("hand", "AhKh/QhJh9c"), ("hand", "7c7d/2s5d5h"), ("trials", "300")]
    for _ in range(rng.randint(1, 3)):
        value = _value(rng)
        query.append((rng.choice(QUERY_NAMES), value if isinstance(value, str) else str(value)))
    return query


def test_a_thousand_malformed_requests_get_only_2xx_or_4xx():
    rng = random.Random(SEED)
    answers: dict[int, int] = {}
    with TestClient(create_app(), base_url="http://127.0.0.1:8765",
                    raise_server_exceptions=False) as client:
        for number in range(REQUESTS):
            post = rng.random() < 0.5
            route = rng.choice(POSTED if post else GOTTEN)
            if rng.random() < 0.05:  # the wrong method
                post = not post
            headers = dict(rng.choice(HEADERS)) if rng.random() < 0.3 else {}
            if rng.random() < 0.05:
                headers["content-length"] = rng.choice(["abc", "-1", "99999999999999", "1"])
            try:
                if post:
                    response = client.post(route, content=_body(rng), headers=headers)
                else:
                    response = client.get(route, params=_query(rng), headers=headers)
            except UnicodeEncodeError:  # a header the client itself cannot send
                continue
            assert response.status_code < 500, (number, route, response.text[:300])
            answers[response.status_code] = answers.get(response.status_code, 0) + 1
        assert client.get("/api/health").status_code == 200  # still answering
        good = client.post("/api/equity", json=BASE)
        assert good.status_code == 200 and good.json()["outcomes"] == 300
    assert answers.get(400, 0) > 100 and answers.get(200, 0) > 50 and answers.get(403, 0) > 30
