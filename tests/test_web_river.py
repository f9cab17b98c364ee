"""POST /api/river: the river solver through the server's job lanes, limits and one-sentence
errors (stud_odds.web.river); the page's river view is tested in a real browser
(test_web_browser)."""

from __future__ import annotations

import pytest

pytest.importorskip("starlette")
from starlette.testclient import TestClient  # noqa: E402

from stud_odds.web.app import create_app  # noqa: E402

BASE = "http://127.0.0.1:8765"
# one combo each (a straight against a made flush) and a small range: answered in a second
ONE_EACH = ["AsKs2d/QhJhTh9c", "7c7s2h/7d8d9dTd"]
SMALL_RANGE = ["AsKs2d/QhJhTh9c", "[QQ+]x/7d8d9dTd"]


@pytest.fixture(scope="module")
def client():
    with TestClient(create_app(), base_url=BASE) as client:
        yield client


def test_the_answer_is_the_solvers_by_hand_class(client):
    import stud_odds

    answer = client.post("/api/river", json={"hands": SMALL_RANGE, "pot": 5}).json()
    solved = stud_odds.river(SMALL_RANGE, pot=5)
    expected = solved.to_dict()
    del expected["strategy"]  # only when asked: megabytes for wide ranges
    assert {key: answer[key] for key in expected} == expected  # the same solve: the same numbers
    assert answer["method"].startswith(solved.method.split(" ")[0])
    seats = {decision["seat"] for decision in answer["summary"]}
    assert seats == {1, 2}
    for decision, summary in zip(answer["summary"], solved.summary(), strict=True):
        assert decision["history"] == summary.history
        assert [line["hand"] for line in decision["classes"]] == \
            [line.name for line in summary.lines]
        assert set(decision["all"]["frequencies"]) == set(summary.actions)
    shown = answer["display"]
    assert f"seat 1 {solved.value[0]:.3f}" in shown["value"]
    assert [d["history"] for d in shown["decisions"]] == [d.history for d in solved.summary()]
    assert shown["decisions"][0]["columns"][:2] == ["hand", "share"]


def test_each_combos_strategy_when_asked(client):
    import stud_odds

    answer = client.post("/api/river", json={"hands": ONE_EACH, "pot": "2.5", "cap": 2,
                                             "strategy": True}).json()
    expected = stud_odds.river(ONE_EACH, pot=2.5, cap=2).to_dict()
    assert answer["cap"] == 2 and answer["pot"] == 2.5
    assert answer["strategy"] == expected["strategy"]
    assert {row["player"] for row in answer["strategy"]} == {1, 2}


@pytest.mark.parametrize("fields, field, words", [
    ({"pot": -1}, "pot", "from 0.01 to 1,000,000"),
    ({"pot": 0}, "pot", "from 0.01 to 1,000,000"),
    ({"pot": "lots"}, "pot", "'lots'"),
    ({}, "pot", "'pot' is missing"),
    ({"pot": 5, "cap": 9}, "cap", "1 to 8"),
    ({"pot": 5, "hands": ["AsKs/Qh", "xx/7d"]}, "hands", "seventh"),
    ({"pot": 5, "hands": [*ONE_EACH, "xxx/2c3c4c5c"]}, "hands", "two live players"),
    ({"pot": 5, "hands": "AsKs2d/QhJhTh9c"}, "hands", "list"),
    ({"pot": 5, "game": "holdem"}, "game", "holdem"),
    ({"pot": 5, "trials": 100}, "trials", "unknown field 'trials'"),
    ({"pot": 5, "accuracy": 0}, "accuracy", "share of the pot"),  # was the default
    ({"pot": 1e-300}, "pot", "0.01"),  # ran until the server's time limit
    ({"pot": 5, "strategy": "maybe"}, "strategy", "true or false"),
])
def test_a_mistake_is_one_sentence_blamed_on_its_field(client, fields, field, words):
    response = client.post("/api/river", json={"hands": ONE_EACH, **fields})
    assert response.status_code == 400, response.text
    data = response.json()
    assert data["field"] == field and words in data["error"]
    assert "\n" not in data["error"] and "Traceback" not in data["error"]


@pytest.mark.parametrize("body, words", [
    (b"[1, 2]", "JSON object"),
    (b"{", "not JSON"),
    (b"\xff", "UTF-8"),
    (b'{"pot": NaN, "hands": []}', "NaN"),
])
def test_a_body_that_is_not_an_object_of_fields_is_one_sentence(client, body, words):
    response = client.post("/api/river", content=body,
                           headers={"content-type": "application/json"})
    assert response.status_code == 400 and words in response.json()["error"]


def test_a_river_solve_runs_in_a_lane_of_its_own():
    """A page's solve never cancels its equity, nor its equity its solve; its newer solve
    cancels its older one."""
    from stud_odds.web.jobs import RIVER_JOB, SPOT_JOB, Jobs

    jobs = Jobs()
    solve = jobs.admit("page", RIVER_JOB)
    equity = jobs.admit("page", SPOT_JOB)
    assert not solve.cancel.is_set() and not equity.cancel.is_set()
    newer = jobs.admit("page", RIVER_JOB)
    assert solve.cancel.is_set() and not newer.cancel.is_set() and not equity.cancel.is_set()


def test_the_solve_stops_at_the_servers_time_limit_with_its_sentence():
    from stud_odds.web.jobs import Jobs

    with TestClient(create_app(jobs=Jobs(max_seconds=0.05)), base_url=BASE) as client:
        response = client.post("/api/river", json={"hands": ["xxx/QhJhTh9c", "xxx/7d8d9dTd"],
                                                   "pot": 5})
    assert response.status_code == 409, response.text
    assert response.json()["error"].startswith("the river solve ran past 0.05 s")


@pytest.mark.parametrize("name", [
    "\\ud800",  # cannot be sent back as the field (JSON has no lone surrogates): was a 500
    "",  # names no field: was blamed on the field ""
])
def test_an_unknown_field_name_that_names_nothing_sendable_is_blamed_on_the_body(client, name):
    body = '{"pot": 5, "' + name + '": 1, "hands": ["AsKs2d/QhJhTh9c", "xxx/7c7d2s8h"]}'
    response = client.post("/api/river", content=body,
                           headers={"Content-Type": "application/json"})
    assert response.status_code == 400
    assert response.json()["field"] == "body"
    assert "unknown field" in response.json()["error"]
