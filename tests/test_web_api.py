"""The JSON API through Starlette's test client: the same objects and numbers as the command
line, every field, every error."""

from __future__ import annotations

import json
import re
import shlex

import pytest

pytest.importorskip("starlette")
from starlette.testclient import TestClient  # noqa: E402
from typer.testing import CliRunner  # noqa: E402

from stud_odds.cli import app as cli  # noqa: E402
from stud_odds.web.app import create_app  # noqa: E402
from stud_odds.web.fields import request_from_fields  # noqa: E402

BASE = "http://127.0.0.1:8765"
SEVEN_LIVE_FOUR_KNOWN = ["AsKs2d/QhJhTh9c", "xxx/7d8d9dTd", "xx/2c3c4c5c", "xx/6h6s7h7s"]

# 20 spots across the games, ranges, folds, dead cards, the shared river and exact methods:
# (batch fields, the same spot as equity command arguments)
SPOTS = [
    ({"hands": ["AhKh/Qh", "7c7d/2s"], "trials": 3000, "seed": 1},
     ["AhKh/Qh", "7c7d/2s", "-n", "3000", "--seed", "1"]),
    ({"hands": ["AhKh/QhJh9c", "7c7d/2s5d5h"], "exact": True},
     ["AhKh/QhJh9c", "7c7d/2s5d5h", "--exact"]),
    ({"hands": ["8s8d/3cKhKd", "9hTh/JhQh2c"]}, ["8s8d/3cKhKd", "9hTh/JhQh2c"]),
    ({"game": "stud8", "hands": ["Ac2c/3c", "KsKh/4s", "xx/7h"], "dead": "9c Td",
      "folds": ["5h"], "trials": 4000, "seed": 2},
     ["-g", "stud8", "Ac2c/3c", "KsKh/4s", "xx/7h", "-d", "9c Td", "--fold", "5h",
      "-n", "4000", "--seed", "2"]),
    ({"game": "stud8", "hands": ["Ac2c/3d4c5h", "KsKh/Kd9s8s"], "trials": "3k", "seed": 3},
     ["-g", "stud8", "Ac2c/3d4c5h", "KsKh/Kd9s8s", "-n", "3k", "--seed", "3"]),
    ({"game": "stud8", "hands": ["Ac2c/3c4d5d6s", "KsKh/Kd9s8s7s"]},
     ["-g", "stud8", "Ac2c/3c4d5d6s", "KsKh/Kd9s8s7s"]),
    ({"game": "razz", "hands": ["Ac2c/3c", "5d6d/7d", "xx/Kh"], "trials": 3000, "seed": 4},
     ["-g", "razz", "Ac2c/3c", "5d6d/7d", "xx/Kh", "-n", "3000", "--seed", "4"]),
    ({"game": "razz", "hands": ["Ac2c/3c4h5h", "6d7d/8d9dTd"]},
     ["-g", "razz", "Ac2c/3c4h5h", "6d7d/8d9dTd"]),
    ({"hands": ["[QQ+]/Kd", "7c7d/2s"], "trials": 3000, "seed": 5},
     ["[QQ+]/Kd", "7c7d/2s", "-n", "3000", "--seed", "5"]),
    ({"hands": ["[QQ+, AK]/Ah2c3d", "9c9d/9s4h5h"]}, ["[QQ+, AK]/Ah2c3d", "9c9d/9s4h5h"]),
    ({"game": "stud8", "hands": ["[A2s, A3s]/4h", "KdKc/Ks"], "trials": 3000, "seed": 6},
     ["-g", "stud8", "[A2s, A3s]/4h", "KdKc/Ks", "-n", "3000", "--seed", "6"]),
    ({"hands": ["AhKh/Qh", "random", "random"], "trials": 3000, "seed": 7},
     ["AhKh/Qh", "random", "random", "-n", "3000", "--seed", "7"]),
    ({"hands": ["AhKh/Qh", "7c7d/2s"], "folds": ["5h", "6h", "Jc"], "dead": ["2c", "3d"],
      "trials": 3000, "seed": 8},
     ["AhKh/Qh", "7c7d/2s", "--fold", "5h", "--fold", "6h", "--fold", "Jc", "-d", "2c 3d",
      "-n", "3000", "--seed", "8"]),
    # eight players to sixth street: seventh street is one shared card
    ({"hands": ["AsKs/2s3s4s5s", "AdKd/2d3d4d5d", "AhKh/2h3h4h5h", "AcKc/2c3c4c5c",
                "QsQd/6s7s8s9s", "QhQc/6d7d8d9d", "JsJd/6h7h8h9h", "JhJc/6c7c8c9c"]},
     ["AsKs/2s3s4s5s", "AdKd/2d3d4d5d", "AhKh/2h3h4h5h", "AcKc/2c3c4c5c", "QsQd/6s7s8s9s",
      "QhQc/6d7d8d9d", "JsJd/6h7h8h9h", "JhJc/6c7c8c9c"]),
    ({"hands": ["AsKs/2s3s4s5s", "AdKd/2d3d4d5d", "AhKh/2h3h4h5h", "AcKc/2c3c4c5c",
                "QsQd/6s7s8s9s", "QhQc/6d7d8d9d", "JsJd/6h7h8h9h", "JhJc/6c7c8c9c"],
      "community": "Th"},
     ["AsKs/2s3s4s5s", "AdKd/2d3d4d5d", "AhKh/2h3h4h5h", "AcKc/2c3c4c5c", "QsQd/6s7s8s9s",
      "QhQc/6d7d8d9d", "JsJd/6h7h8h9h", "JhJc/6c7c8c9c", "--community", "Th"]),
    ({"hands": ["AsKs/2s3s4s5s", "AdKd/2d3d4d5d", "AhKh/2h3h4h5h", "AcKc/2c3c4c5c",
                "QsQd/6s7s8s9s", "QhQc/6d7d8d9d", "JsJd/6h7h8h9h"], "deck_rule": "online"},
     ["AsKs/2s3s4s5s", "AdKd/2d3d4d5d", "AhKh/2h3h4h5h", "AcKc/2c3c4c5c", "QsQd/6s7s8s9s",
      "QhQc/6d7d8d9d", "JsJd/6h7h8h9h", "--deck-rule", "online"]),
    ({"hands": SEVEN_LIVE_FOUR_KNOWN[:2], "seed": 9, "trials": 2000},
     [*SEVEN_LIVE_FOUR_KNOWN[:2], "--seed", "9", "-n", "2000"]),
    ({"game": "stud8", "hands": ["Ac2c/3c", "KsKh/4s", "QdJd/Td", "9s9h/8c", "xx/6d"],
      "trials": 3000, "seed": 10},
     ["-g", "stud8", "Ac2c/3c", "KsKh/4s", "QdJd/Td", "9s9h/8c", "xx/6d", "-n", "3000",
      "--seed", "10"]),
    ({"hands": ["AhKh/Qh", "7c7d/2s"], "trials": 2000, "seed": 11, "classes": True},
     ["AhKh/Qh", "7c7d/2s", "-n", "2000", "--seed", "11", "--classes"]),
    ({"hands": ["AhKh/QhJh9c", "7c7d/2s5d5h"], "pot": 100, "to_call": 20},
     ["AhKh/QhJh9c", "7c7d/2s5d5h", "--pot", "100", "--to-call", "20"]),
]


@pytest.fixture(scope="module")
def client():
    with TestClient(create_app(), base_url=BASE) as client:
        yield client


def cli_json(args: list[str]) -> dict:
    result = CliRunner().invoke(cli, ["equity", *args, "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def without_time(data: dict) -> dict:
    return {name: value for name, value in data.items() if name != "elapsed_s"}


@pytest.mark.parametrize("fields, args", SPOTS, ids=[f"spot{i}" for i in range(len(SPOTS))])
def test_the_same_object_and_numbers_as_equity_json(client, fields, args):
    response = client.post("/api/equity", json=fields)
    assert response.status_code == 200, response.text
    assert without_time(response.json()) == without_time(cli_json(args))


PRECISION = {"hands": ["AhKh/Qh", "7c7d/2s", "xx/9d"], "precision": 0.4, "seed": 12}


@pytest.mark.parametrize("fields", [fields for fields, _ in SPOTS] + [PRECISION],
                         ids=[f"spot{i}" for i in range(len(SPOTS) + 1)])
def test_the_command_line_of_a_request_gives_its_numbers(client, fields):
    command = request_from_fields(fields).command()
    assert command.startswith("stud-odds equity ")
    assert without_time(client.post("/api/equity", json=fields).json()) == \
        without_time(cli_json(shlex.split(command)[2:]))


def test_health(client):
    from stud_odds import __version__

    health = client.get("/api/health").json()
    kernels = health["kernels"]
    assert health["version"] == __version__
    assert set(kernels) == {"loaded", "compiled", "total", "compiling"}
    assert 0 <= kernels["loaded"] <= kernels["total"] and kernels["total"] > 0
    assert health["warming"] == (kernels["loaded"] < kernels["total"])


def test_the_page_and_its_files(client):
    page = client.get("/")
    assert page.status_code == 200 and 'id="results"' in page.text
    for name in ("app.js", "style.css"):
        assert client.get(f"/static/{name}").status_code == 200
    # nothing from elsewhere: the page works offline (the SVG namespace is only a name)
    texts = [page.text] + [client.get(f"/static/{n}").text for n in ("app.js", "style.css")]
    for text in texts:
        assert not re.search(r"(src|href)=[\"']?(https?:)?//|url\(|fetch\([\"'`]http", text)


def test_the_page_carries_the_words_of_their_owners(client):
    """Every word the page shows that the engine owns comes from the server (/api/words,
    and the same object in the page), never spelled again in its scripts."""
    from stud_odds.games import Game
    from stud_odds.scenario.table import street_label

    words = client.get("/api/words").json()
    assert words["games"] == {game.value: game.title for game in Game}
    assert words["columns"]["high_win"] == "high win" and words["columns"]["interval"] == "±95%"
    assert words["streets"]["3"] == street_label(3) == "3rd street"
    assert words["ranks"]["A"] == "ace" and words["suits"]["s"] == "spades"
    assert words["methods"]["headsup"] == "heads-up counting"
    assert words["yes"] == ["1", "true", "yes", "y", "on"]
    assert words["game_columns"]["stud"] == ["equity", "high_win", "high_tie"]
    page = client.get("/").text
    embedded = re.search(r'<script type="application/json" id="words">(.*?)</script>', page)
    assert json.loads(embedded.group(1)) == words
    for game in Game:  # the game menu, in the titles Game gives
        assert f'<option value="{game.value}">{game.title}</option>' in page
    scripts = "".join(re.sub(r"//[^\n]*", "", text) for text in page_scripts(client).values())
    for title in ("Hi-Lo", "3rd street", "high win", "±95%", "spades", "heads-up counting"):
        assert title not in scripts


def page_scripts(client) -> dict[str, str]:
    """Every script the page loads (app.js and the modules it imports), by name."""
    scripts: dict[str, str] = {}
    waiting = ["app.js"]
    while waiting:
        name = waiting.pop()
        if name not in scripts:
            scripts[name] = client.get(f"/static/{name}").text
            waiting += re.findall(r'from "\./([\w-]+\.js)"', scripts[name])
    return scripts


def test_the_page_takes_its_url_names_from_the_schema(client):
    """The URL's parameter names are the option schema's (Option.query), served in the page's
    words; no script spells one (the page's own view, outs=, aside)."""
    from stud_odds.request.schema import OPTIONS
    from stud_odds.web.fields import PAGE_PARAMETER

    url = client.get("/api/words").json()["url"]
    assert url == {"fields": {name: option.query for name, option in OPTIONS.items()
                              if option.query}, "page": PAGE_PARAMETER}
    assert url["fields"]["hands"] == "hand" and url["fields"]["to_call"] == "to_call"
    scripts = page_scripts(client)
    assert len(scripts) > 10 and {"url.js", "stream.js", "outs.js"} <= set(scripts)
    for name, text in scripts.items():
        code = re.sub(r"//[^\n]*", "", text)
        for parameter in [*url["fields"].values(), url["page"]]:
            literal = rf"""\.(get|getAll|set|append|delete|has)\(\s*["'`]{parameter}["'`]"""
            assert not re.search(literal, code), (name, parameter)
            assert not re.search(rf"[?&]{parameter}=", code), (name, parameter)


def test_the_lifespan_cancels_the_jobs_at_the_end():
    from stud_odds.web.jobs import Jobs, Superseded

    jobs = Jobs()
    with TestClient(create_app(jobs=jobs), base_url=BASE) as client:
        assert client.get("/api/health").status_code == 200
    with pytest.raises(Superseded):
        jobs.admit(None)


def test_spot_says_street_shared_river_acting_and_command(client):
    query = [("hand", "AhKh/Qh"), ("hand", "7c7d/2s"), ("dead", "9c,Td"), ("fold", "5h"),
             ("seed", "1"), ("trials", "")]
    data = client.get("/api/spot", params=query).json()
    assert data["street"] == 3 and data["shared_river"] is False
    assert data["acting"]["bring_in"]["seat"] == 2
    assert data["command"] == ("stud-odds equity AhKh/Qh 7c7d/2s --game stud --dead '9c Td' "
                               "--fold 5h --seed 1")
    eight = [("hand", hand) for hand in SPOTS[13][0]["hands"]]
    data = client.get("/api/spot", params=eight).json()
    assert data["shared_river"] is True and data["acting"]["first_to_act"]["street"] == 6


def test_spot_names_the_seat_whose_text_is_wrong(client):
    response = client.get("/api/spot", params=[("hand", "AhKh/Qh"), ("hand", "[QQ+/2s")])
    assert response.status_code == 400
    data = response.json()
    assert data["hands"][0] is None and "player 2" in data["hands"][1]
    assert data["error"] == data["hands"][1]


@pytest.mark.parametrize("body, words", [
    ({"hands": ["AhKh/Qh"]}, "player"),
    ({"hands": "AhKh/Qh 7c7d/2s"}, "'hands' must be a list"),
    ({"hands": ["AhKh/Qh", "AhKd/2s"]}, "Ah"),
    ({"hands": ["AhKh/Qh", "7c7d/2s"], "game": "holdem"}, "holdem"),
    ({"hands": ["AhKh/Qh", "7c7d/2s"], "trials": -5}, "'trials'"),
    ({"hands": ["AhKh/Qh", "7c7d/2s"], "trials": 1e300}, "trials"),
    ({"hands": ["AhKh/Qh", "7c7d/2s"], "seed": "x"}, "'seed'"),
    ({"hands": ["AhKh/Qh", "7c7d/2s"], "seed": -1}, "'seed'"),
    ({"hands": ["AhKh/Qh", "7c7d/2s"], "precision": 0}, "'precision'"),
    ({"hands": ["AhKh/Qh", "7c7d/2s"], "exact": "maybe"}, "'exact'"),
    ({"hands": ["AhKh/Qh", "7c7d/2s"], "dead": 5}, "'dead'"),
    ({"hands": ["AhKh/Qh", "7c7d/2s"], "folds": "5h"}, "'folds'"),
    ({"hands": ["AhKh/Qh", "7c7d/2s"], "community": "Th"}, "community"),
    ({"hands": ["AhKh/Qh", "7c7d/2s"], "deck_rule": "strict"}, "strict"),
    ({"hands": ["AhKh/Qh", "7c7d/2s"], "classes": "perhaps"}, "'classes'"),
    ({"hands": ["AhKh/Qh", "7c7d/2s"], "pot": 100}, "'to_call'"),
    ({"hands": ["AhKh/Qh", "7c7d/2s"], "pot": -1, "to_call": 5}, "'pot'"),
    ({"hands": ["AhKh/Qh", "7c7d/2s"], "pot": 10, "to_call": 0}, "'to_call'"),
    ({"hands": ["AhKh/Qh", "7c7d/2s"], "colour": "red"}, "unknown field"),
    ([1, 2], "an object of fields"),
    ({"hands": ["AhKh/Qh", "7c7d/2s", "xx/2c3c4c5c"]}, "street"),
])
def test_each_bad_field_is_one_sentence_and_400(client, body, words):
    response = client.post("/api/equity", json=body)
    assert response.status_code == 400, response.text
    error = response.json()["error"]
    assert words in error and "\n" not in error and "Traceback" not in error


@pytest.mark.parametrize("raw, words", [
    (b"{bad", "not JSON"),
    (b"", "not JSON"),
    (b'{"hands": ["AhKh/Qh", "7c7d/2s"], "trials": NaN}', "NaN"),
    (b"\xff\xfe{}", "UTF-8"),
    (b"[" * 100000, "64 KB"),
    (b"[" * 50000, "nested"),
    (b'{"hands": ["AhKh/Qh", "7c7d/2s"], "seed": ' + b"9" * 5000 + b"}", "a 5000-digit number"),
])
def test_a_body_that_is_not_a_spot(client, raw, words):
    response = client.post("/api/equity", content=raw,
                           headers={"content-type": "application/json"})
    assert response.status_code in (400, 413)
    assert words in response.json()["error"]


def test_the_stream_sends_partials_then_the_result_and_ends(client):
    query = [("hand", "AhKh/Qh"), ("hand", "7c7d/2s"), ("hand", "xx/9d"), ("trials", "200k"),
             ("seed", "1")]
    with client.stream("GET", "/api/equity/stream", params=query) as stream:
        assert stream.headers["content-type"].startswith("text/event-stream")
        events = _events(stream.iter_lines())
    names = [name for name, _ in events]
    assert names[-1] == "result" and set(names[:-1]) <= {"partial"}
    result = events[-1][1]
    expected = cli_json(["AhKh/Qh", "7c7d/2s", "xx/9d", "-n", "200k", "--seed", "1"])
    display = result.pop("display")
    assert without_time(result) == without_time(expected)
    table = CliRunner().invoke(cli, ["equity", "AhKh/Qh", "7c7d/2s", "xx/9d", "-n", "200k",
                                     "--seed", "1"]).stdout
    for seat, cells in enumerate(display["cells"], start=1):  # the table's text, cell by cell
        row = next(line for line in table.splitlines() if line.lstrip().startswith(f"{seat} "))
        assert row.split()[-len(cells):] == list(cells.values())
    assert display["lines"][0].startswith("Monte Carlo: 200,000 trials, seed 1")
    for _, partial in events[:-1]:
        assert partial["stopped_by"] == "running" and partial["outcomes"] < 200_000


def test_the_stream_of_an_exact_count_sends_progress(client):
    query = [("hand", "AhKh/QhJh9c"), ("hand", "7c7d/2s5d5h"), ("hand", "QdJd/Td8c3s"),
             ("exact", "1")]
    with client.stream("GET", "/api/equity/stream", params=query) as stream:
        events = _events(stream.iter_lines())
    assert events[-1][0] == "result" and events[-1][1]["method"] == "exact"
    assert len(events) > 1 and all(name == "progress" for name, _ in events[:-1])
    for _, progress in events[:-1]:
        assert set(progress) == {"method", "done", "total"}
        assert progress["done"] <= progress["total"]


def test_a_bad_stream_query_is_a_failure_event(client):
    for query in ([("hand", "AhKh/Qh"), ("hand", "Zz/2s")], [("hand", "AhKh/Qh"), ("color", "1")],
                  [("hand", "AhKh/Qh"), ("hand", "7c7d/2s"), ("game", "stud"), ("game", "razz")]):
        with client.stream("GET", "/api/equity/stream", params=query) as stream:
            events = _events(stream.iter_lines())
        assert [name for name, _ in events] == ["failure"]
        assert events[0][1]["error"]


def _events(lines) -> list[tuple[str, dict]]:
    events, name = [], None
    for line in lines:
        if line.startswith("event: "):
            name = line[7:]
        elif line.startswith("data: "):
            events.append((name, json.loads(line[6:])))
    return events


def test_a_wrong_address_or_method_answers_json(client):
    missing = client.get("/api/nothing")
    assert missing.status_code == 404
    assert missing.json() == {"error": "there is no /api/nothing here: docs/web.md lists the API"}
    wrong = client.delete("/api/equity")
    assert wrong.status_code == 405 and wrong.json()["error"].endswith("use POST")


@pytest.mark.parametrize("body, why", [
    (b"\x00\x01\x02binary junk\xff\xfe" * 10, "it is not text"),
    ("PokerStars Hand #1: nothing\n".encode("utf-16"), "it is UTF-16 text"),
    (b"just some text\nno hands at all\n", "no 'PokerStars Hand #...' header line"),
])
def test_an_upload_with_no_hands_says_why(client, body, why):
    lines = client.post("/api/history", content=body).text.splitlines()
    assert len(lines) == 1
    error = json.loads(lines[0])["error"]
    assert error.startswith("the file holds no hands: ") and why in error


@pytest.mark.parametrize("fields, words", [
    ({"trials": 5_000_000_000}, "'trials': 5,000,000,000 is too many"),
    ({"precision": 1e-4}, "'precision': 0.0001 may need more than"),
    ({"max_time": 61}, "'max_time': 61 seconds is past this server's limit of 60 s for one "
                       "request (stud-odds serve --max-job-seconds)"),
])
def test_a_request_that_would_hold_the_engine_for_long_is_refused(client, fields, words):
    answer = client.post("/api/equity", json={"hands": ["AhKh/Qh", "7c7d/2s", "xx/9d"],
                                              **fields})
    assert answer.status_code == 400 and words in answer.json()["error"]


@pytest.mark.parametrize("field", ["trials", "seed", "pot", "max_time"])
def test_a_number_of_thousands_of_digits_is_refused_by_its_size(client, field):
    body = f'{{"hands": ["AhKh/Qh", "7c7d/2s"], "to_call": 1, "{field}": {"7" * 5000}}}'
    answer = client.post("/api/equity", content=body.encode())
    assert answer.status_code == 400 and answer.json()["field"] == field
    assert "5000-digit" in answer.json()["error"] or "10^4999" in answer.json()["error"]
    assert "sys." not in answer.text


@pytest.mark.parametrize("fields, field, seat", [
    ({"hands": ["AhKh/Qh", "7c7d/Qh"]}, "hands", 2),
    ({"hands": ["AhKh/Qh", "7c7d/2sx"]}, "hands", 2),
    ({"hands": ["AhKh/Qh", "[QQ+/2s"]}, "hands", 2),
    ({"hands": ["AhKh/Qh", "7c7d/2s"], "dead": "Zz"}, "dead", None),
    ({"hands": ["AhKh/Qh", "7c7d/2s"], "dead": "Ah"}, "dead", None),
    ({"hands": ["AhKh/Qh", "7c7d/2s"], "folds": ["Ah"]}, "folds", None),
    ({"hands": ["AhKh/Qh", "7c7d/2s"], "seed": -1}, "seed", None),
    ({"hands": ["AhKh/Qh", "7c7d/2s"], "trials": "lots"}, "trials", None),
    ({"hands": ["AhKh/Qh", "7c7d/2s"], "game": "holdem"}, "game", None),
    ({"hands": ["AhKh/Qh", "7c7d/2s"], "pot": 10}, "to_call", None),
    ({"hands": ["AhKh/Qh", "7c7d/2s"], "community": "3c"}, "community", None),
])
def test_a_400_names_its_field_and_seat(client, fields, field, seat):
    answer = client.post("/api/equity", json=fields).json()
    assert answer.get("field") == field and answer.get("seat") == seat, answer


def test_without_a_database_my_hands_is_off_and_says_how_to_turn_it_on(client):
    assert client.get("/api/db").json() == {"enabled": False, "name": None}
    answer = client.get("/api/db/stats")
    assert answer.status_code == 400
    assert answer.json()["error"] == ("this server has no hand database: start it with "
                                      "stud-odds serve --db PATH")


@pytest.mark.parametrize("players, message", [
    ([], "give the seat whose next card to show as player=N (one number)"),
    ([""], "give the seat whose next card to show as player=N (one number)"),
    (["1", "2"], "give the seat whose next card to show as player=N (one number)"),
    (["two"], "'player' must be a whole number, not 'two'"),
    (["0"], "'player' must be at least 1, not 0"),
])
def test_the_outs_seat_is_read_by_the_schema_and_blamed(client, players, message):
    query = [("hand", "AhKh/Qh8d5c"), ("hand", "7c7d/2s3s9c"),
             *(("player", player) for player in players)]
    response = client.get("/api/outs", params=query)
    assert response.status_code == 400
    assert response.json() == {"error": message, "field": "player"}
