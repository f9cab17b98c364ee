"""stud_odds.cli.history: ``stud-odds history`` end to end: JSON Lines, the summary, errors,
--resume and Ctrl-C."""

import json
import os
import random
import re
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from history_maker import make_file, write
from strict_json import loads_lines
from study_helpers import wait_for_lines
from typer.testing import CliRunner

from stud_odds.cli import app
from stud_odds.history import HandHistory, read, replay_hand

DATA = Path(__file__).parent / "data" / "histories"
GOOD = sorted(str(p) for p in DATA.glob("*.txt") if p.name != "bad_hands.txt")
ALL = sorted(str(p) for p in DATA.glob("*.txt"))
RECORD_KEYS = {"id", "game", "stakes", "hero", "skipped", "streets", "showdown", "pot", "won"}
FAST = ["--precision", "2"]  # 625 deals a street


def run(*args):
    return CliRunner().invoke(app, ["history", *map(str, args)])


def test_json_lines_one_strict_object_per_stud_hand():
    result = run(*ALL, "--json", *FAST)
    assert result.exit_code == 2, result.output  # some hands could not be read
    records = loads_lines(result.stdout)
    assert len(records) == 14  # every stud hand, no other game, nothing else on stdout
    assert all(set(r) == RECORD_KEYS for r in records)
    skipped = {r["id"]: r for r in records if r["skipped"]}
    assert sorted(skipped) == [f"26000000000{n}" for n in range(2, 7)]
    assert skipped["260000000002"] == {
        "id": "260000000002", "game": "stud", "stakes": None, "hero": None,
        "skipped": "line 41: 'of' is not a card: rank must be one of 2-9, T (or 10), J, Q, K, A",
        "streets": [], "showdown": None, "pot": None, "won": None}
    by_id = {r["id"]: r for r in records}
    assert by_id["240000000004"]["game"] == "stud" and by_id["240000000002"]["game"] == "razz"
    assert "240000000001" not in by_id  # hold'em in the HORSE file
    assert len(by_id["250000000001"]["streets"]) == 5
    # the summary goes to stderr, so stdout stays JSON Lines
    assert "stud hands read" in result.stderr and "skipped hands" in result.stderr


def test_summary_tables_for_good_files():
    result = run(*GOOD, *FAST, "--seed", "3")
    assert result.exit_code == 0, result.output
    text = result.stdout
    assert all(len(line) <= 80 for line in text.splitlines())
    numbers = {label: int(re.search(rf"{label}\s+(\d+)", text).group(1)) for label in (
        "stud hands read", "replayed", "skipped", "went to showdown",
        "hero all in before 7th street", "other games")}
    assert numbers == {"stud hands read": 7, "replayed": 7, "skipped": 0,
                       "went to showdown": 5, "hero all in before 7th street": 1,
                       "other games": 2}
    assert "2 razz, 4 stud, 1 stud8" in text
    luck_row = next(line for line in text.splitlines() if line.startswith(" 29356803850"))
    assert "5th" in luck_row and "1,225" in luck_row
    assert "total (chips)" in text
    assert "625 deals (standard error at most 2.00 points)" in text and "seed 3" in text


def test_bad_hands_are_listed_with_their_reasons():
    result = run(DATA / "bad_hands.txt", *FAST)
    assert result.exit_code == 2
    text = " ".join(result.stdout.split())
    assert "260000000003 bad_hands.txt:63 line 81: Jh is dealt to Hero and to Ben" in text
    assert "the hand is cut short during 5th street: it has no summary" in text
    assert "Traceback" not in result.output


def test_out_file_holds_the_same_lines_and_nothing_is_left_beside(tmp_path):
    out = tmp_path / "hands.jsonl"
    printed = run(*GOOD, "--json", *FAST).stdout
    result = run(*GOOD, "--out", out, *FAST)
    assert result.exit_code == 0, result.output
    assert out.read_text() == printed
    assert [p.name for p in tmp_path.iterdir()] == ["hands.jsonl"]
    # the path may wrap anywhere at 80 columns
    assert f"oneJSONobjectperhandin{out}" in "".join(result.stdout.split())


@pytest.mark.parametrize("args, message", [
    (["nothing.txt"], "no such file: nothing.txt"),
    ([str(DATA)], f"{DATA} is not a file"),
    ([GOOD[0], "--resume"], "--resume continues the file given with --out: give --out too"),
    ([GOOD[0], "--out", "/no/such/folder/out.jsonl"],
     "--out /no/such/folder/out.jsonl: the folder /no/such/folder does not exist"),
    ([GOOD[0], "--precision", "nan"], "--precision must be a positive number of percentage points"),
    ([GOOD[0], "--precision", "0"], "--precision must be a positive number of percentage points"),
    ([GOOD[0], "--seed", "-1"], "--seed must be a whole number from 0 to 2^64 - 1, not -1"),
])
def test_usage_errors_are_one_sentence(args, message):
    result = run(*args)
    assert result.exit_code == 2
    assert result.stderr.startswith(f"error: {message}")
    assert len(result.stderr.strip().splitlines()) == 1 and result.stdout == ""


def test_resume_completes_a_cut_file(tmp_path):
    full = tmp_path / "full.jsonl"
    assert run(*ALL, "--out", full, *FAST).exit_code == 2
    lines = full.read_text().splitlines(keepends=True)
    out = tmp_path / "out.jsonl"
    # three whole hands, then a fourth cut short as a crash would leave it
    out.write_text("".join(lines[:3]) + lines[3][:40])
    result = run(*ALL, "--out", out, "--resume", *FAST)
    assert result.exit_code == 2  # the skipped hands are still skipped
    assert out.read_text() == full.read_text()
    assert re.search(r"already in .*out\.jsonl\s+3", result.stdout)
    # resuming a finished file replays nothing and changes nothing
    again = run(*ALL, "--out", out, "--resume", *FAST)
    assert out.read_text() == full.read_text()
    assert re.search(r"already in .*out\.jsonl\s+14\s+5 of them skipped then", again.stdout)
    assert re.search(r"replayed\s+0", again.stdout) and again.exit_code == 2


def test_resume_refuses_a_file_that_is_not_its_own(tmp_path):
    out = tmp_path / "out.jsonl"
    out.write_text('{"id": "1"}\nnot json\n{"id": "2"}\n')
    result = run(GOOD[0], "--out", out, "--resume")
    assert result.exit_code == 2
    assert result.stderr.strip() == (f"error: --resume: line 1 of {out} is not a hand result "
                                     "(no 'game'): give another --out, or drop --resume to "
                                     "start it again")
    assert out.read_text() == '{"id": "1"}\nnot json\n{"id": "2"}\n'


@pytest.mark.slow
def test_ctrl_c_keeps_whole_hands_and_resume_finishes(tmp_path):
    made = make_file(random.Random(5), 120, to_river=3)
    history = tmp_path / "made.txt"
    write(history, made)
    out = tmp_path / "out.jsonl"
    command = [sys.executable, "-m", "stud_odds", "history", str(history), "--out", str(out),
               "--precision", "2"]
    env = {**os.environ, "COLUMNS": "80"}
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               text=True, env=env)
    wait_for_lines(tmp_path / "out.jsonl", 5, process)
    process.send_signal(signal.SIGINT)
    stdout, stderr = process.communicate(timeout=60)
    assert process.returncode == 130, stderr
    assert "Traceback" not in stderr and stdout == ""
    said = [line for line in stderr.splitlines() if "interrupted" in line]
    assert len(said) == 1
    match = re.fullmatch(rf"interrupted after (\d+) of {len(made)} hands; results so far are in "
                         rf"{out}", said[0])
    assert match, said
    written = out.read_text().splitlines()
    done = int(match.group(1))
    assert 5 <= done < len(made) and len(written) == done
    assert [json.loads(line)["id"] for line in written] == [h.id for h in made[:done]]
    assert not list(tmp_path.glob("*.part"))

    finished = subprocess.run([*command, "--resume"], capture_output=True, text=True, env=env,
                              timeout=600)
    assert finished.returncode == 0, finished.stderr
    lines = out.read_text().splitlines()
    assert lines[:done] == written
    assert [json.loads(line)["id"] for line in lines] == [h.id for h in made]
    # the hand that was running when interrupted, and the last, as a run without a stop
    hands = {h.id: h for h in read(history) if isinstance(h, HandHistory)}
    for index in (done, len(made) - 1):
        expected = replay_hand(hands[made[index].id], precision=2).to_dict()
        assert json.loads(lines[index]) == expected


def test_a_reader_that_stops_early_is_no_error(tmp_path):
    # stud-odds history ... --json | head -1
    history = tmp_path / "made.txt"
    write(history, make_file(random.Random(8), 200, to_river=2))
    process = subprocess.Popen(
        [sys.executable, "-m", "stud_odds", "history", str(history), "--json", *FAST],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    first = process.stdout.readline()
    process.stdout.close()
    stderr = process.stderr.read().decode()
    process.wait(timeout=120)
    assert json.loads(first)["id"] == "300000000000"
    assert process.returncode == 141 and "Traceback" not in stderr and "Error" not in stderr


def test_list_gives_the_ids_hand_takes_without_replaying(monkeypatch):
    """``--list``: every stud hand's id as --hand takes it, its game, stakes, time and
    players, no replay; the unreadable ones with why (exit status 2); --json a line each."""
    import stud_odds.history.replaying as replaying

    def no_replay(*args, **kwargs):
        raise AssertionError("--list replays nothing")

    monkeypatch.setattr(replaying, "replay_hand", no_replay)
    result = CliRunner(env={"COLUMNS": "80"}).invoke(app, ["history", *ALL, "--list"])
    assert result.exit_code == 2, result.output  # bad_hands.txt has hands that cannot be read
    lines = result.stdout.splitlines()
    assert "…" not in result.stdout  # nothing cut; the table's lines fit
    assert all(len(line.rstrip()) <= 80 for line in lines if line.startswith(" "))
    for number in ("230000000001", "29356803850", "210000000002", "260000000007"):
        assert any(line.split()[:1] == [number] for line in lines), number
    assert any(re.match(r" 230000000001 +razz +\$1/\$2 USD +2021-03-14 21:05 +4 +showdown",
                        line) for line in lines)
    assert "260000000003 cannot be read: line 81: Jh is dealt to Hero and to Ben" in lines
    listed = loads_lines(run(DATA / "razz.txt", "--list", "--json").stdout)
    assert listed == [{"id": "230000000001", "game": "razz", "stakes": "$1/$2 USD",
                       "time": "2021-03-14 21:05:00", "players": 4, "showdown": True,
                       "skipped": None}]
    assert run(DATA / "razz.txt", "--list").exit_code == 0
    both = run(DATA / "razz.txt", "--list", "--hand", "230000000001")
    assert both.exit_code == 2 and "--list lists the hands" in both.stderr


@pytest.mark.parametrize("file, number", [("razz.txt", "230000000001"),
                                          ("community_river.txt", "250000000001")])
def test_one_hand_fits_80_columns_to_the_river(file, number):
    """Seventh street's seven cards beside the showdown's: never a cut column ("equi…")
    in an 80-column terminal; where both views do not fit, one stands under the other."""
    result = CliRunner(env={"COLUMNS": "80"}).invoke(
        app, ["history", str(DATA / file), "--hand", number, *FAST])
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert all(len(line.rstrip()) <= 80 and "…" not in line for line in lines)
    seventh = result.stdout[result.stdout.index("7th street"):]
    assert seventh.count("equity") == 2 and "at showdown" in seventh
    assert re.search(r"\d+\.\d%", seventh.splitlines()[-3])  # the last player's equity, whole


def test_dollars_written_two_ways_are_one_luck_total(tmp_path):
    """"($0.60/$1.20 USD)" and "($0.60/$1.20)" are the same dollars: one total row."""
    cash = (DATA.parent / "player" / "stud8_cash.txt").read_text(encoding="utf-8")
    dollars = cash.replace("($0.60/$1.20 USD)", "($0.60/$1.20)").replace(
        "300000000001", "300000000002")
    path = tmp_path / "both.txt"
    path.write_text(cash + dollars, encoding="utf-8")
    result = CliRunner(env={"COLUMNS": "100"}).invoke(app, ["history", str(path), *FAST])
    assert result.exit_code == 0, result.output
    totals = [line for line in result.stdout.splitlines() if "total (" in line]
    assert len(totals) == 1 and "total (USD)" in totals[0], totals
