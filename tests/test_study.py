"""Batches, replays and starting-hand tables."""

import csv
import io
import json

import pytest
from strict_json import loads, loads_lines
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
    records = loads_lines(result.stdout)
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
    ({"seed": 1e400}, "'seed' must be a whole number, not Infinity"),
    ({"seed": -1}, "'seed' must be a whole number from 0 to 2^64 - 1, not -1"),
    ({"seed": 2**64}, "'seed' must be a whole number from 0 to 2^64 - 1"),
    ({"seed": True}, "'seed' must be a whole number, not true"),
    ({"seed": 2.5}, "'seed' must be a whole number, not 2.5"),
    ({"community": 1.5}, "'community' must be a text such as \"2c\", not 1.5"),
    ({"game": 8}, "'game' must be a text such as \"stud8\", not 8"),
    ({"deck_rule": ["casino"]}, "'deck_rule' must be a text"),
    ({"trials": "abc"}, "'abc' is not a trial count"),
    ({"trials": True}, "'trials' must be a whole number, not true"),
    ({"trials": float("nan")}, "'trials' must be a whole number, not NaN"),
    ({"trials": "1e400"}, "1e400 trials would take days"),
    ({"trials": -5}, "'trials' must be a positive whole number, not -5"),
    ({"trials": 0}, "'trials' must be a positive whole number, not 0"),
    ({"precision": float("inf")}, "'precision' must be a positive number of the pot"),
    ({"precision": "nan"}, "'precision' must be a positive number of the pot"),
    ({"precision": -0.1}, "'precision' must be a positive number of the pot"),
    ({"precision": False}, "'precision' must be a positive number of the pot"),
    ({"max_time": "inf"}, "'max_time' must be a positive number of seconds, not 'inf'"),
    ({"max_time": float("-inf")}, "'max_time' must be a positive number of seconds, not -Infinity"),
    ({"exact": "maybe"}, "'exact' must be true or false, not 'maybe'"),
    ({"exact": 1}, "'exact' must be true or false, not 1"),
    ({"id": [1]}, "'id' must be a text or a whole number, not [1]"),
    ({"id": "a\nb"}, "'id' must be one line of printable text"),
    ({"hands": "AsKs/Qh"}, "'hands' must be a list with one text per live player"),
    ({"hands": "AsKs/Qh 7c7d/2s"}, "not the text 'AsKs/Qh 7c7d/2s'"),
    ({"hands": ["AsKs/Qh", None]}, "'hands' must be one text per live player"),
    ({"hands": None}, "a spot needs 'hands'"),
    ({"hands": []}, "a spot needs 'hands'"),
    ({"precision": "tight"}, "'precision' must be a positive number of the pot"),
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
    data = loads(result.stdout)
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


# ---------------------------------------------------------------- bad batch lines

RIVER = ["AsKs2d/QhJhTh9c", "7c7d6c/2s3h4h5d"]  # one deal left: exact at once


@pytest.mark.parametrize("line, message", [
    ('{"hands": ["AsKs/Qs", "2c2d/2h"], "seed": 1e400}', "'seed' must be a whole number"),
    ('{"hands": ["AsKs/Qs", "2c2d/2h"], "trials": NaN}', "'trials' must be a whole number"),
    ('{"hands": ["AsKs/Qs", "2c2d/2h"], "precision": Infinity}', "'precision' must be a positive"),
    ('{"hands": ["AsKs/Qs", "2c2d/2h"], "seed": 1' + "0" * 5000 + "}", "too many digits"),
    ("[" * 10_000 + "]" * 10_000, "nested too deeply"),
    ('{"hands": ' + "[" * 10_000 + "]" * 10_000 + "}", "nested too deeply"),
    ('["AsKs/Qh", "7c7d/2s"]', "a line must be a JSON object"),
    ("null", "a line must be a JSON object"),
    ('{"hands": ["AsKs/Qs", "2c2d/2h"]', "not JSON"),
])
def test_read_spots_names_what_json_cannot_hold(line, message):
    ((number, error),) = list(read_spots(line + "\n", "jsonl"))
    assert number == 1 and isinstance(error, StudyError) and message in str(error)


def test_null_means_not_given():
    fields = ("id", "game", "dead", "folds", "community", "deck_rule", "trials", "precision",
              "exact", "seed", "max_time")
    ((number, spot),) = list(read_spots(_jsonl({"hands": RIVER, **dict.fromkeys(fields)}),
                                        "jsonl"))
    assert spot.id is None and spot.scenario.game.value == "stud" and spot.method == "auto"
    assert spot.trials is None and spot.seed is None


def test_whole_numbers_as_json_floats_and_texts_are_taken():
    ((_, spot),) = list(read_spots(_jsonl({"hands": RIVER, "trials": 1e6, "seed": "7",
                                           "precision": "0.001", "id": 12}), "jsonl"))
    assert (spot.trials, spot.seed, spot.precision, spot.id) == (1_000_000, 7, 0.001, "12")


def test_a_line_of_bytes_that_are_not_utf8_is_named_and_the_rest_still_read():
    good = json.dumps({"hands": RIVER}).encode()
    data = good + b"\n" + b'{"hands": ["As\xff\xfeKs/Qs"]}\n' + good + b"\n"
    results = list(read_spots(io.BytesIO(data), "jsonl"))
    assert [n for n, _ in results] == [1, 2, 3]
    assert "line is not UTF-8 text (byte 0xff at column 15)" in str(results[1][1])
    assert not isinstance(results[2][1], Exception)


def test_a_utf8_byte_order_mark_is_not_an_error():
    data = b"\xef\xbb\xbf" + json.dumps({"hands": RIVER}).encode() + b"\n"
    ((_, spot),) = list(read_spots(io.BytesIO(data), "jsonl"))
    assert not isinstance(spot, Exception)


def test_an_overlong_line_is_refused_without_reading_it_whole():
    from stud_odds.study import MAX_LINE_BYTES

    data = b'{"id": "' + b"x" * (2 * MAX_LINE_BYTES) + b'"}\n' + json.dumps(
        {"hands": RIVER}).encode() + b"\n"
    results = list(read_spots(io.BytesIO(data), "jsonl"))
    assert [n for n, _ in results] == [1, 2]
    assert "longer than" in str(results[0][1]) and not isinstance(results[1][1], Exception)


class _LinesOnly(io.BytesIO):
    """A stream that fails if anything reads it whole."""

    def read(self, size=-1):
        if size is None or size < 0:
            raise AssertionError("the whole input was read at once")
        return super().read(size)


def test_read_spots_streams_the_input():
    from stud_odds.study import count_spots

    data = "".join(json.dumps({"hands": RIVER, "id": str(i)}) + "\n" for i in range(2000))
    stream = _LinesOnly(data.encode())
    assert count_spots(stream, "jsonl") == 2000
    stream.seek(0)
    spots = read_spots(stream, "jsonl")
    assert next(spots)[1].id == "0"
    assert stream.tell() < len(data) // 10  # one line was read, not the file


def test_csv_hands_stay_space_separated_and_bad_rows_are_named():
    text = ("id,hands,folds,exact,seed\n"
            "a,AsKs2d/QhJhTh9c 7c7d6c/2s3h4h5d,,yes,\n"
            "\n"
            "b,AsKs/Qh,,,\n"
            "c,AsKs2d/QhJhTh9c 7c7d6c/2s3h4h5d,,,1,extra\n"
            "d,AsKs2d/QhJhTh9c 7c7d6c/2s3h4h5d,,,nan\n")
    results = list(read_spots(text, "csv"))
    assert [n for n, _ in results] == [2, 4, 5, 6]
    assert results[0][1].method == "exact" and len(results[0][1].scenario.hands) == 2
    assert "at least 2 live players" in str(results[1][1])
    assert "the line has 6 cells but the header names 5 columns" in str(results[2][1])
    assert "'seed' must be a whole number, not 'nan'" in str(results[3][1])


def test_a_csv_header_with_an_unknown_column_is_one_error():
    ((number, error),) = list(read_spots("id,hands,tirals\na,AsKs/Qh 2c2d/2h,5\n", "csv"))
    assert number == 1 and "unknown column 'tirals'" in str(error)


def test_batch_cli_reports_each_bad_line_and_runs_the_rest(tmp_path):
    spots = tmp_path / "spots.jsonl"
    spots.write_bytes(
        b'{"hands": ["AsKs/Qs", "2c2d/2h"], "community": 1.5}\n'
        b'{"hands": ["AsKs/Qs", "2c2d/2h"], "seed": 1e400}\n'
        b'{"hands": ["AsKs/Qs", "2c2d/2h"], "trials": "abc"}\n'
        b'{"hands": "AsKs/Qh"}\n'
        + b"[" * 10_000 + b"]" * 10_000 + b"\n"
        b'{"hands": ["As\xffKs/Qs", "2c2d/2h"]}\n'
        b'{"hands": ["AsKs/Qs", "2c2d/2h"], "trials": NaN}\n'
        b'{"hands": ["AsKs/Qs", "2c2d/2h"], "trials": true}\n'
        b'{"hands": ["AsKs2d/QhJhTh9c", "7c7d6c/2s3h4h5d"], "id": "ok"}\n'
    )
    result = runner.invoke(app, ["batch", str(spots)])
    assert result.exit_code == 2, result.output
    errors = [line for line in result.stderr.splitlines() if line.startswith("line ")]
    assert [int(line.split(":")[0][5:]) for line in errors] == list(range(1, 9))
    assert "8 of 9 spots failed" in result.stderr and "Traceback" not in result.stderr
    (record,) = loads_lines(result.stdout)
    assert record["id"] == "ok" and record["line"] == 9


def test_batch_input_that_is_missing_or_a_folder(tmp_path):
    missing = runner.invoke(app, ["batch", str(tmp_path / "none.jsonl")])
    assert missing.exit_code == 2 and "no such file" in missing.stderr
    folder = runner.invoke(app, ["batch", str(tmp_path)])
    assert folder.exit_code == 2 and "is a folder" in folder.stderr


def test_batch_refuses_a_thread_count_once_not_per_spot(tmp_path):
    spots = tmp_path / "spots.jsonl"
    spots.write_text(_jsonl({"hands": RIVER}, {"hands": RIVER}))
    result = runner.invoke(app, ["batch", str(spots), "--threads", "0"])
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr.startswith("error: --threads must be between 1 and ")
    assert len(result.stderr.strip().splitlines()) == 1


def test_batch_refuses_to_write_over_its_input(tmp_path):
    spots = tmp_path / "spots.jsonl"
    spots.write_text(_jsonl({"hands": RIVER}))
    result = runner.invoke(app, ["batch", str(spots), "--out", str(spots)])
    assert result.exit_code == 2 and "is the file of spots" in result.stderr
    assert spots.read_text() == _jsonl({"hands": RIVER})


# ---------------------------------------------------------------- output paths

def _no_work(monkeypatch):
    """Make any equity computation fail the test: the checks must come first."""
    import stud_odds.study as study

    def equity(*args, **kwargs):
        raise AssertionError("the work started before the output path was checked")

    monkeypatch.setattr(study, "equity", equity)


@pytest.mark.parametrize("command", [
    ["batch", "{spots}", "--out", "{tmp}/missing/out.jsonl"],
    ["batch", "{spots}", "--out", "{tmp}"],
    ["starting-hands", "-n", "1k", "--out", "{tmp}/missing/table.csv"],
    ["starting-hands", "-n", "1k", "--plot", "{tmp}/missing/chart.png"],
    ["starting-hands", "-n", "1k", "--out", "{tmp}"],
    ["replay", "AsKs/Qh Jh", "7c7d/2s 3h", "--plot", "{tmp}/missing/chart.png"],
    ["replay", "AsKs/Qh Jh", "7c7d/2s 3h", "--plot", "{tmp}"],
])
def test_output_paths_are_checked_before_the_work(command, tmp_path, monkeypatch):
    spots = tmp_path / "spots.jsonl"
    spots.write_text(_jsonl({"hands": RIVER}))
    _no_work(monkeypatch)
    args = [a.format(spots=spots, tmp=tmp_path) for a in command]
    result = runner.invoke(app, args)
    assert result.exit_code == 2, result.output
    (line,) = result.stderr.strip().splitlines()
    assert line.startswith("error: --") and ("does not exist" in line or "is a folder" in line)


def test_a_table_that_fails_while_written_leaves_the_old_file(tmp_path, monkeypatch):
    import stud_odds.study as study

    few = [c for c in starting_hand_classes() if c.label == "AAA rainbow"]
    monkeypatch.setattr(study, "starting_hand_classes", lambda door=None: few)
    table = tmp_path / "table.csv"
    table.write_text("the old table\n")

    def broken(self, rows):
        self.writerow(rows[0])
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(csv.DictWriter, "writerows", broken)
    result = runner.invoke(app, ["starting-hands", "-n", "1k", "--out", str(table)])
    assert result.exit_code != 0
    assert table.read_text() == "the old table\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["table.csv"]


def test_a_plot_is_saved_whole_or_not_at_all(tmp_path, monkeypatch):
    pytest.importorskip("matplotlib", reason="--plot needs the plot extra")
    import stud_odds.plot as plot

    def broken(replay, target):
        if not hasattr(target, "write"):  # given a path: write half a chart under that name
            target = open(target, "wb")
        target.write(b"\x89PNG half a chart")
        target.flush()
        raise RuntimeError("the renderer failed")

    monkeypatch.setattr(plot, "plot_replay", broken)
    chart = tmp_path / "chart.png"
    result = runner.invoke(app, ["replay", "AsKs/Qh Jh", "7c7d/2s 3h", "-n", "1k", "--seed", "1",
                                 "--plot", str(chart)])
    assert result.exit_code != 0 and not chart.exists()
    assert list(tmp_path.iterdir()) == []


# ---------------------------------------------------------------- strict JSON out

def test_replay_json_is_strict():
    result = runner.invoke(app, ["replay", "AsKs/Qh Jh Th 9c", "7c7d/2s 3h 4h 5d", "-n", "2000",
                                 "--seed", "3", "--json"])
    assert result.exit_code == 0
    data = loads(result.stdout)
    assert [s["street"] for s in data["streets"]] == [3, 4, 5, 6]


def test_record_text_refuses_nan():
    from stud_odds.batch_io import record_text

    with pytest.raises(ValueError):
        record_text({"line": 1, "equity": float("nan")}, "jsonl")


# ---------------------------------------------------------------- small things

def test_scoop_refuses_opponents_given_twice():
    result = runner.invoke(app, ["scoop", "Ac2c/3c", "KsKh/4s", "--opponents", "3"])
    assert result.exit_code == 2
    assert "give the opponents' hands or --opponents, not both" in result.stderr


@pytest.mark.parametrize("top", ["0", "-5"])
def test_starting_hands_top_must_be_positive(top, monkeypatch):
    _no_work(monkeypatch)
    result = runner.invoke(app, ["starting-hands", "-n", "1k", "--top", top])
    assert result.exit_code == 2 and f"--top must be at least 1 row, not {top}" in result.stderr


@pytest.mark.parametrize("command, message", [
    (["scoop", "Ac2c/3c", "-n", "nan"], "'nan' is not a trial count"),
    (["replay", "AsKs/Qh", "7c7d/2s", "-n", "inf"], "'inf' is not a trial count"),
    (["starting-hands", "-n", "nan"], "'nan' is not a trial count"),
    (["scoop", "Ac2c/3c", "-n", "1e400"], "1e400 trials would take days"),
    (["replay", "AsKs/Qh", "7c7d/2s", "-n", "1e400"], "1e400 trials would take days"),
    (["starting-hands", "-n", "1e400"], "1e400 trials would take days"),
])
def test_study_trial_options_refuse_nan_and_inf(command, message, monkeypatch):
    _no_work(monkeypatch)
    result = runner.invoke(app, command)
    assert result.exit_code == 2 and message in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_counts_of_one_are_singular(tmp_path, monkeypatch):
    import stud_odds.study as study

    river = runner.invoke(app, ["scoop", "As2d3c/4h5sKcKd", "8h7hQh/6d4d3sKs"])
    assert "; 1 deal, exact" in river.stdout
    few = [c for c in starting_hand_classes() if c.label == "AAA rainbow"]
    monkeypatch.setattr(study, "starting_hand_classes", lambda door=None: few)
    table = runner.invoke(app, ["starting-hands", "-n", "1"])
    assert "1 class (4 hands) vs 1 random, 1 trial each" in table.stdout
    spots = tmp_path / "spots.jsonl"
    spots.write_text(_jsonl({"hands": ["AsKs/Qh"]}))
    failed = runner.invoke(app, ["batch", str(spots)])
    assert "1 of 1 spot failed" in failed.stderr


@pytest.mark.parametrize("command", ["batch", "replay", "starting-hands", "scoop"])
def test_help_shows_no_python_type_names_for_options(command):
    text = runner.invoke(app, [command, "--help"], terminal_width=100).stdout
    options = [line for line in text.splitlines() if line.lstrip("│ ").startswith("-")
               and "--help" not in line]
    assert options and not [line for line in options if "<" in line], options
