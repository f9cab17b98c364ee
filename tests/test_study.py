"""Batches, replays and starting-hand tables."""

import csv
import io
import json

import pytest
from typer.testing import CliRunner

from stud_odds.cli import app
from stud_odds.engine import equity
from stud_odds.scenario import Scenario, ScenarioError
from stud_odds.study import (
    StudyError,
    read_spots,
    replay,
    starting_hand_classes,
    starting_hands,
)

runner = CliRunner()
GOOD = {"id": "a", "game": "stud8", "hands": ["Ac2c/3c", "KsKh/4s"], "trials": "20k", "seed": 1}
EXACT = {"id": "b", "hands": ["8s8d/3cKhKd", "9hTh/JhQh2c"], "exact": True}
BAD = {"id": "bad", "hands": ["Ac2c/3c", "Ac2h/4s"]}


def _jsonl(*objects):
    return "\n".join(json.dumps(o) if isinstance(o, dict) else o for o in objects) + "\n"


def test_batch_jsonl_round_trip_with_a_failing_line(tmp_path):
    spots = tmp_path / "spots.jsonl"
    spots.write_text(_jsonl(GOOD, BAD, "not json", EXACT))
    result = runner.invoke(app, ["batch", str(spots)])
    assert result.exit_code == 2
    assert "line 2: Ac is used twice" in result.stderr
    assert "line 3: not JSON" in result.stderr
    records = [json.loads(line) for line in result.stdout.splitlines()]
    assert [r["line"] for r in records] == [1, 4]
    # the same spot through the Python API gives the same numbers
    direct = equity(Scenario.build(GOOD["hands"], game="stud8"), trials=20_000, seed=1)
    assert records[0]["players"][0]["equity"] == direct.players[0].equity
    assert records[1]["method"] == "exact" and records[1]["spot"]["hands"] == EXACT["hands"]


def test_batch_csv_in_and_out(tmp_path):
    spots = tmp_path / "spots.csv"
    spots.write_text(
        "id,game,hands,dead,folds,trials,seed\n"
        "x,stud,AhKh/Qh 7c7d/2s,9c,5h;Qd,10000,3\n"
        "y,razz,Ah2h/3h Zd/4c,,,1000,1\n"
    )
    out = tmp_path / "results.csv"
    result = runner.invoke(app, ["batch", str(spots), "--out", str(out)])
    assert result.exit_code == 2 and "line 3:" in result.stderr
    rows = list(csv.DictReader(io.StringIO(out.read_text())))
    assert [(r["id"], r["seat"], r["hand"]) for r in rows] == [("x", "1", "AhKh/Qh"),
                                                               ("x", "2", "7c7d/2s")]
    scenario = Scenario.build(["AhKh/Qh", "7c7d/2s"], dead="9c", folds=["5h", "Qd"])
    direct = equity(scenario, trials=10_000, seed=3)
    assert float(rows[0]["equity"]) == pytest.approx(direct.players[0].equity, abs=1e-12)


@pytest.mark.parametrize("extra, message", [
    ({"tirals": 5}, "unknown field 'tirals'"),
    ({"seed": "abc"}, "'seed' must be a whole number, not 'abc'"),
    ({"precision": "tight"}, "'precision' must be a number, not 'tight'"),
    ({"trials": "lots"}, "'lots' is not a trial count"),
    ({"hands": 5}, "'hands' must be one text per live player"),
    ({"folds": [5]}, "'folds' must be one text of upcards per folded player"),
    ({"dead": 7}, "'dead' must be a text of cards or a list of them"),
])
def test_read_spots_names_bad_fields(extra, message):
    ((number, error),) = list(read_spots(_jsonl({"hands": ["AsKs/Qs", "2c2d/2h"], **extra}),
                                         "jsonl"))
    assert number == 1 and message in str(error)


def test_read_spots_rejects_unknown_fields():
    ((number, error),) = list(read_spots(_jsonl({"hands": ["AsKs/Qs", "2c2d/2h"], "tirals": 5}),
                                         "jsonl"))
    assert number == 1 and "unknown field 'tirals'" in str(error)


def test_replay_equals_separate_equity_calls():
    hands = ["AsKs/Qh Jh Th 9c/2d", "7c7d/2s 3h 4h 5d/6c", "QdJd/9s 8s"]
    result = replay(hands, trials=20_000, seed=9)
    assert [s.street for s in result.streets] == [3, 4, 5, 6, 7]
    assert result.streets[2].live == (0, 1)  # player 3 folded after fourth street
    fifth = Scenario.build(["AsKs/QhJhTh", "7c7d/2s3h4h"], folds=["9s8s"])
    assert result.streets[2].result.players[0].equity == \
        equity(fifth, trials=20_000, seed=9).players[0].equity
    seventh = Scenario.build(["AsKs2d/QhJhTh9c", "7c7d6c/2s3h4h5d"], folds=["9s8s"])
    assert result.streets[4].result.to_dict()["players"] == \
        equity(seventh, trials=20_000, seed=9).to_dict()["players"]
    assert result.equity_by_street()[2][2] is None


def test_replay_errors():
    with pytest.raises(StudyError, match="player 2 has 3 hole cards"):
        replay(["AsKs/Qh", "7c7d2h/2s"])
    with pytest.raises(StudyError, match="at least two players"):
        replay(["AsKs/Qh"])


def test_starting_hand_classes():
    classes = starting_hand_classes()
    assert len(classes) == 1755
    assert sum(c.count for c in classes) == 22_100
    counts = {c.label: c.count for c in classes}
    assert counts["AAA rainbow"] == 4 and counts["AKQ suited"] == 4
    assert counts["AKQ rainbow"] == 24
    kings = starting_hand_classes(door="K")
    assert all(c.cards[2] >> 2 == 11 for c in kings)


def test_starting_hands_table_is_ranked(monkeypatch):
    import stud_odds.study as study

    few = [c for c in starting_hand_classes() if c.label in
           ("AAA rainbow", "732 rainbow", "A23 suited")]
    monkeypatch.setattr(study, "starting_hand_classes", lambda door=None: few)
    rows = starting_hands("stud8", 1, trials=20_000, seed=1)
    assert [r.hand.label for r in rows][0] in ("AAA rainbow", "A23 suited")
    assert rows[-1].hand.label == "732 rainbow"
    assert rows[0].result.players[0].low_win is not None


def test_scoop_study_matches_the_equity_result():
    from stud_odds.study import scoop_study

    study = scoop_study("Ac2c/3c", 2, trials=50_000, seed=3)
    direct = equity(Scenario.build(["Ac2c/3c", "random", "random"], game="stud8"),
                    trials=50_000, seed=3, scooping_hands=True)
    assert study.hero == direct.players[0]
    data = study.to_dict()
    assert sum(data["pot_shares"].values()) == pytest.approx(1)
    assert sum(data["scooping_hands"].values()) == pytest.approx(data["scoop"])
    with pytest.raises(StudyError, match="opponents must be between 1 and 7"):
        scoop_study("Ac2c/3c", 9)


def test_scoop_command():
    result = runner.invoke(app, ["scoop", "As2d3c/4h5sKcKd", "8h7hQh/6d4d3sKs", "--json"])
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert data["method"] == "exact" and data["scoop"] == 1
    assert data["scooping_hands"] == {"straight with a 5-low": 1.0}
    text = runner.invoke(app, ["scoop", "Ac2c/3c", "--opponents", "2", "-n", "20k",
                               "--seed", "1"]).stdout
    assert "scooping hands" in text and "low half" in text
    bad = runner.invoke(app, ["scoop", "Ac2c/3c", "--opponents", "0"])
    assert bad.exit_code == 2 and "opponents must be between 1 and 7" in bad.stderr


def test_replay_with_a_shared_seventh_street_card():
    hands = ["8hAs/3h Qd 2d Qc", "Ks8s/7c 7s 6c 6h", "3dJd/8c 7h Kd 5c", "2s8d/Ah 6d 9c 5h",
             "3s5d/Qh 4s 9d 9s", "QsJc/Td 3c Jh 4d", "7d2h/Ts 9h Ad Ac", "KcTh/5s Tc 4c Kh"]
    result = replay(hands, trials=5_000, seed=2, community="2c")
    seventh = result.streets[-1]
    assert seventh.street == 7 and seventh.result.shared_river and seventh.result.outcomes == 1
    sixth = result.streets[-2].result
    assert sixth.method == "exact" and sixth.shared_river and sixth.outcomes == 4
    assert result.streets[0].result.method == "monte-carlo"
    with pytest.raises(ScenarioError, match="community card"):
        replay(hands[:2], trials=5_000, seed=2, community="2c")  # two players: no shared card
