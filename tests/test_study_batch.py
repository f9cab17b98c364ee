"""Batches: every spot run in order, bad lines reported, the rest still run (stud_odds.study.batch
and the batch command)."""

import csv
import io
import subprocess
import sys

import pytest
from strict_json import loads_lines
from study_helpers import RIVER, SIXTH, jsonl, runner

from stud_odds.cli import app
from stud_odds.engine import equity
from stud_odds.scenario import Scenario

GOOD = {"id": "a", "game": "stud8", "hands": ["Ac2c/3c", "KsKh/4s"], "trials": "20k", "seed": 1}


EXACT = {"id": "b", "hands": ["8s8d/3cKhKd", "9hTh/JhQh2c"], "exact": True}


BAD = {"id": "bad", "hands": ["Ac2c/3c", "Ac2h/4s"]}


def test_batch_jsonl_round_trip_with_a_failing_line(tmp_path):
    spots = tmp_path / "spots.jsonl"
    spots.write_text(jsonl(GOOD, BAD, "not json", EXACT))
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
    spots.write_text(jsonl({"hands": RIVER}, {"hands": RIVER}))
    result = runner.invoke(app, ["batch", str(spots), "--threads", "0"])
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr.startswith("error: --threads must be between 1 and ")
    assert len(result.stderr.strip().splitlines()) == 1


def test_batch_refuses_to_write_over_its_input(tmp_path):
    spots = tmp_path / "spots.jsonl"
    spots.write_text(jsonl({"hands": RIVER}))
    result = runner.invoke(app, ["batch", str(spots), "--out", str(spots)])
    assert result.exit_code == 2 and "is also the input" in result.stderr
    assert spots.read_text() == jsonl({"hands": RIVER})


def test_batch_spots_with_ranges_in_jsonl_and_csv(tmp_path):
    ranged = {"id": "r", "hands": ["[QQ+, AK@0.5]/Ah", "7c7d/2s"], "trials": "20k", "seed": 2}
    spots = tmp_path / "spots.jsonl"
    spots.write_text(jsonl(ranged))
    result = runner.invoke(app, ["batch", str(spots)])
    assert result.exit_code == 0, result.stderr
    record = loads_lines(result.stdout)[0]
    direct = equity(Scenario.build(ranged["hands"]), trials=20_000, seed=2)
    assert record["players"][0]["equity"] == direct.players[0].equity
    assert record["players"][0]["range"]["combos"] == direct.players[0].range.combos
    # CSV: the hands cell splits on spaces outside a range's brackets
    spots = tmp_path / "spots.csv"
    spots.write_text('id,hands,trials,seed\nr,"[QQ+, AK@0.5]/Ah 7c7d/2s",20000,2\n')
    out = tmp_path / "results.csv"
    result = runner.invoke(app, ["batch", str(spots), "--out", str(out)])
    assert result.exit_code == 0, result.stderr
    rows = list(csv.DictReader(io.StringIO(out.read_text())))
    assert rows[0]["hand"] == "[QQ+, AK@0.5]/Ah"
    assert float(rows[0]["equity"]) == direct.players[0].equity


@pytest.mark.parametrize("name", ["-", "/dev/stdin"])
def test_batch_reads_spots_from_a_pipe_once(tmp_path, name):
    # cat spots.jsonl | stud-odds batch - : a pipe cannot be read twice
    spots = tmp_path / "spots.jsonl"
    spots.write_text(jsonl({"id": "a", "hands": RIVER}, {"id": "b", "hands": SIXTH},
                           "not json"))
    reference = tmp_path / "reference.jsonl"
    assert runner.invoke(app, ["batch", str(spots), "--out", str(reference)]).exit_code == 2
    out = tmp_path / "out.jsonl"
    piped = subprocess.run([sys.executable, "-m", "stud_odds", "batch", name, "--out", str(out)],
                           input=spots.read_bytes(), capture_output=True, timeout=600)
    stderr = piped.stderr.decode()
    assert piped.returncode == 2 and "Traceback" not in stderr, stderr
    assert "line 3: not JSON" in stderr
    assert out.read_bytes() == reference.read_bytes()
