"""``stud-odds river``: the JSON, the CSV, the table by hand class and the mistakes."""

from __future__ import annotations

import csv
import io
import json

import pytest
from typer.testing import CliRunner

from stud_odds.cli import app
from stud_odds.solver import river

runner = CliRunner()
HANDS = ["AsKs2d/QhJhTh9c", "[QQ+]x/7c7d2s8h"]
SHORT = ["-d", "3c 4c 5c 6c"]


def run(*args):
    return runner.invoke(app, ["river", *map(str, args)])


def test_json_is_the_python_answer():
    result = run(*HANDS, "--pot", 6, "--cap", 2, *SHORT, "--json")
    assert result.exit_code == 0, result.output
    answer = json.loads(result.stdout)
    expected = river(HANDS, pot=6, cap=2, dead="3c 4c 5c 6c").to_dict()
    assert answer["strategy"] == expected["strategy"]
    assert answer["value"] == pytest.approx(expected["value"])
    assert (answer["game"], answer["pot"], answer["cap"], answer["first"]) == ("stud", 6, 2, 2)


def test_csv_has_a_row_per_player_history_and_hole():
    result = run(*HANDS, "--pot", 6, "--cap", 1, *SHORT, "--csv")
    assert result.exit_code == 0, result.output
    rows = list(csv.DictReader(io.StringIO(result.stdout)))
    assert list(rows[0]) == ["player", "history", "hole", "hand", "weight", "k", "b", "f", "c",
                             "r", "value"]
    first = [row for row in rows if row["history"] == ""]
    assert {row["player"] for row in first} == {"2"}
    assert all(row["f"] == "" and row["k"] != "" for row in first)
    facing = [row for row in rows if row["history"] == "b"]
    assert all(row["r"] == "" and row["f"] != "" for row in facing)  # the cap: no raise


def test_the_table_groups_by_hand_class_and_shows_one_combo():
    result = run(*HANDS, "--pot", 6, "--cap", 2, *SHORT, "--show", "2dKsAs")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "value: seat 1" in out and "exploitability:" in out and "method: discounted CFR" in out
    assert "seat 2 at the start" in out and "seat 1 at check" in out
    assert "full house" in out and "two pair" in out
    assert out.count("AsKs2d (straight)") == 3  # each of seat 1's decisions: k, b, kbr


@pytest.mark.parametrize(("args", "words"), [
    ([*HANDS, "--pot", 0], "the pot must be a number of big bets from 0.01"),
    ([*HANDS, "--pot", 5, "--cap", 9], "a whole number from 1 to 8"),
    ([*HANDS, "--pot", 5, "--accuracy", 2], "share of the pot"),
    ([*HANDS, "xxx/2c3c4c5c", "--pot", 5], "two live players, not 3"),
    (["AsKs/Qh", "QdQc/7s", "--pot", 5], "seventh-street hands"),
    ([*HANDS, "--pot", 5, "--show", "2c2d2h"], "not a combo either player can hold"),
    ([*HANDS, "--pot", 5, "--show", "AsKs"], "three hole cards"),
    ([*HANDS, "--pot", 5, "--json", "--csv"], "choose one of --json and --csv"),
])
def test_a_mistake_is_one_sentence_and_status_2(args, words):
    result = run(*args, *SHORT)
    assert result.exit_code == 2
    assert words in result.stderr
    assert "Traceback" not in result.output
    assert result.stderr.count("\n") == 1
