"""The stud-odds command line, through typer's CliRunner at 80 columns."""

import csv
import io
import json

import pytest
from reference_spots import load_spots
from typer.testing import CliRunner

from stud_odds import __version__
from stud_odds.cli import app
from stud_odds.engine import parse_trials

runner = CliRunner()
HEADS_UP = ["AhKh/Qh", "7c7d/2s"]
JSON_KEYS = {"game", "method", "outcomes", "seed", "elapsed_s", "shared_river", "no_low",
             "deck_rule", "stopped_by", "players"}
PLAYER_KEYS = {"hand", "equity", "equity_se", "high_win", "high_tie", "low_win", "low_tie",
               "scoop"}


def run(*args):
    return runner.invoke(app, [str(a) for a in args])


def run_json(*args):
    result = run(*args, "--json")
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_version():
    result = run("--version")
    assert result.exit_code == 0 and result.stdout.strip() == f"stud-odds {__version__}"


@pytest.mark.parametrize("command", [[], ["equity"], ["hand"], ["rules"]])
def test_help(command):
    result = run(*command, "-h")
    assert result.exit_code == 0 and "Usage" in result.stdout


def test_table_output_exact_spot():
    result = run("equity", "8s8d/3cKhKd", "9hTh/JhQh2c")
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert all(len(line) <= 80 for line in lines)
    row = next(line for line in lines if line.lstrip().startswith("1 "))
    # exact equity of stud_12 from the reference: 0.602174
    assert "[8s 8d] 3c Kh Kd" in row and "60.22%" in row
    assert "exact: every one of 671,580 deals" in result.stdout


def test_json_schema_and_seed_reproducibility():
    first = run_json("equity", *HEADS_UP, "-n", "50k", "--seed", "7")
    again = run_json("equity", *HEADS_UP, "-n", "50k", "--seed", "7")
    assert set(first) == JSON_KEYS
    assert first["method"] == "monte-carlo" and first["outcomes"] == 50_000 and first["seed"] == 7
    assert [set(p) for p in first["players"]] == [PLAYER_KEYS, PLAYER_KEYS]
    assert [p["hand"] for p in first["players"]] == HEADS_UP
    first.pop("elapsed_s"), again.pop("elapsed_s")
    assert first == again
    for player in first["players"]:
        assert 0 <= player["equity"] <= 1 and player["low_win"] is None


def test_stud8_with_dead_cards_folds_and_classes():
    data = run_json("equity", "-g", "stud8", "Ac2c/3c", "KsKh/4s", "xx/7h", "-d", "9c Td",
                    "--fold", "5h", "--fold", "Qd", "-n", "20000", "--seed", "1", "--classes")
    assert data["game"] == "stud8" and 0 < data["no_low"] < 1
    hero = data["players"][0]
    assert set(hero["classes"]) >= {"flush", "no low", "5-low"}
    assert sum(v for k, v in hero["classes"].items() if "low" in k) == pytest.approx(1)


def test_shared_river_note():
    spot = next(s for s in load_spots() if s["id"] == "sr_8p_stud_0")
    result = run("equity", *spot["hands"])
    assert result.exit_code == 0
    assert "seventh street is one shared community card" in result.stdout
    data = run_json("equity", *spot["hands"])
    assert data["shared_river"] is True and data["outcomes"] == 4


def test_deck_rule_and_community():
    spot = next(s for s in load_spots() if s["id"] == "sr_7p_1fold_online")
    data = run_json("equity", *spot["hands"], "--fold", "Jc", "--deck-rule", "online")
    assert data["shared_river"] is False and data["outcomes"] == 181440
    data = run_json("equity", *spot["hands"], "--fold", "Jc", "--community", "2d")
    assert data["shared_river"] is True and data["outcomes"] == 1


def test_exact_flag_and_precision():
    data = run_json("equity", "As2s/5d9cKh7h", "3c4c/6hQsJs8d", "-g", "razz", "--exact")
    assert data["method"] == "exact"
    data = run_json("equity", *HEADS_UP, "xx/9d", "--precision", "0.2", "--seed", "3")
    assert data["stopped_by"] == "precision"
    assert max(p["equity_se"] for p in data["players"]) <= 0.002
    # heads-up, an exact count meets any precision
    data = run_json("equity", *HEADS_UP, "--precision", "0.2", "--seed", "3")
    assert data["method"] == "exact" and data["stopped_by"] == "complete"


def test_csv():
    result = run("equity", *HEADS_UP, "-n", "1000", "--seed", "1", "--csv")
    lines = result.stdout.strip().splitlines()
    assert lines[0].startswith("seat,hand,equity,equity_se,high_win")
    assert len(lines) == 3 and lines[1].startswith("1,AhKh/Qh,")


def test_pot_odds():
    data = run_json("equity", "8s8d/3cKhKd", "9hTh/JhQh2c", "--pot", "100", "--to-call", "20")
    odds = data["pot_odds"]
    assert odds["required_equity"] == pytest.approx(20 / 120)
    hero = data["players"][0]["equity"]
    assert odds["call_ev"] == pytest.approx(hero * 120 - 20)
    assert odds["decision"] == "call"
    text = run("equity", "8s8d/3cKhKd", "9hTh/JhQh2c", "--pot", "100", "--to-call", "20").stdout
    assert "needs 16.7% equity" in text and "CALL" in text


@pytest.mark.parametrize("output", [[], ["--json"], ["--csv"]])
def test_pot_odds_past_what_a_number_holds_are_refused(output):
    result = run("equity", *HEADS_UP, "--pot", "1e308", "--to-call", "1e308", *output)
    assert result.exit_code == 2 and result.stdout == "", result.output
    (line,) = result.stderr.strip().splitlines()
    assert line == ("error: --pot 1e+308 and --to-call 1e+308 add up to more chips than a "
                    "number can hold: give smaller sizes")


def test_csv_carries_pot_odds_on_player_1s_row():
    result = run("equity", "8s8d/3cKhKd", "9hTh/JhQh2c", "--pot", "100", "--to-call", "20",
                 "--csv")
    assert result.exit_code == 0, result.output
    hero, other = csv.DictReader(io.StringIO(result.stdout))
    assert float(hero["required_equity"]) == pytest.approx(20 / 120)
    assert float(hero["call_ev"]) == pytest.approx(float(hero["equity"]) * 120 - 20)
    assert (hero["pot"], hero["to_call"], hero["decision"]) == ("100.0", "20.0", "call")
    assert other["decision"] == other["call_ev"] == ""


@pytest.mark.parametrize("text, count", [("1e6", 1_000_000), ("250k", 250_000), ("2M", 2_000_000),
                                          ("1_000", 1000), ("1,500", 1500)])
def test_trial_counts(text, count):
    assert parse_trials(text) == count


@pytest.mark.parametrize(
    "args, message",
    [
        (["AhZh/Qh", "7c7d/2s"], "player 1: 'Zh' is not a card: rank must be one of"),
        (["AhKh/Qh", "AhKd/2s"], "Ah is used twice: in player 1's hand and in player 2's hand"),
        (["AhKh/Qh", "7c7d/2sQs"], "every live player is on the same street"),
        (["AhKhQs/Qh", "7c7d/2s"], "a shape no street has"),
        (["AhKh/Qh"], "live players"),
        (["AhKh/Qh", "7c7d/2s", "-g", "holdem"], "'holdem' is not a game"),
        (["AhKh/Qh", "7c7d/2s", "-n", "-5"], "--trials must be positive"),
        (["AhKh/Qh", "7c7d/2s", "-n", "lots"], "'lots' is not a trial count"),
        (["AhKh/Qh", "7c7d/2s", "--precision", "0"], "--precision must be a positive number"),
        (["AhKh/Qh", "7c7d/2s", "--exact", "-n", "1000"], "exact enumeration takes no trial"),
        # a 400-digit number in a numeric option is one short sentence
        (["AhKh/Qh", "7c7d/2s", "-n", "1" * 400], "trials would take days"),
        (["AhKh/Qh", "7c7d/2s", "--seed", "1" * 400], "--seed must be a whole number from 0"),
        (["AhKh/Qh", "7c7d/2s", "--threads", "9" * 400], "threads must be between 1 and 256"),
        (["AhKh/Qh", "7c7d/2s", "--max-time", "9" * 400], "--max-time must be"),
        (["AhKh/Qh", "7c7d/2s", "--json", "--csv"], "choose one of --json and --csv"),
        (["AhKh/Qh", "7c7d/2s", "--pot", "10"], "pot odds need both --pot and --to-call"),
        (["AhKh/Qh", "7c7d/2s", "--pot", "nan", "--to-call", "1"], "--pot must be a number"),
        (["AhKh/Qh", "7c7d/2s", "--deck-rule", "home"], "home"),
        (["AhKh/Qh", "7c7d/2s", "-d", "Qh"], "Qh is used twice"),
    ],
)
def test_bad_input_is_one_sentence_and_status_2(args, message):
    result = run("equity", *args)
    assert result.exit_code == 2
    assert message in result.stderr
    assert "Traceback" not in result.output
    assert len(result.stderr.strip().splitlines()) == 1 and len(result.stderr) < 200


def test_the_exact_refusal_speaks_to_a_command_line_user():
    result = run("equity", "AsKs/Qs", "2c2d/2h", "7c7d/8h", "--exact", "--threads", "2")
    assert result.exit_code == 2 and "use Monte Carlo (drop --exact)" in result.stderr
    assert "method=" not in result.stderr


def test_hand_command():
    result = run("hand", "Ac2d3h4s5c", "Kd", "Kh")
    assert "straight, five high" in result.stdout and "5-4-3-2-A low" in result.stdout
    assert run("hand", "AcZd").exit_code == 2


@pytest.mark.parametrize("command", [[], ["equity"], ["hand"], ["rules"], ["rules", "split"],
                                     ["batch"], ["replay"], ["starting-hands"], ["scoop"],
                                     ["history"]])
def test_help_shows_no_python_type_names(command):
    result = run(*command, "--help")
    assert result.exit_code == 0
    for name in ("<bool>", "<str>", "<int>", "<float>", "<list", "<path>"):
        assert name not in result.stdout, (command, name)
