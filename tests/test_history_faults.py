"""Nothing lost, nothing overwritten: `stud-odds history` on damaged files, killed runs,
repeated hands and bad options (stud_odds.history.running, .records, .lines)."""

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
from study_helpers import wait_for_lines
from typer.testing import CliRunner

from stud_odds.cli import app
from stud_odds.history import HandHistory, SkippedHand, read, replay_hand

DATA = Path(__file__).parent / "data" / "histories"
FAST = ["--precision", "5"]  # 100 deals a street


def cli(*args):
    return CliRunner().invoke(app, ["history", *map(str, args)])


def one_sentence(result) -> str:
    assert result.exit_code == 2, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and result.stdout == "", result.output
    return lines[0]


# ---------------------------------------------------------------- item 1: its own input


@pytest.mark.parametrize("how", ["same path", "other spelling", "symlink"])
def test_out_naming_its_own_input_is_refused_and_the_input_kept(tmp_path, how):
    history = tmp_path / "in.txt"
    history.write_bytes((DATA / "razz.txt").read_bytes())
    out = {"same path": history, "other spelling": tmp_path / "." / "in.txt",
           "symlink": tmp_path / "link.jsonl"}[how]
    if how == "symlink":
        out.symlink_to(history)
    said = one_sentence(cli(history, "--out", out))
    assert said == (f"error: --out {out} is also the input {history}: writing it would destroy "
                    "it, so give another file name")
    assert history.read_bytes() == (DATA / "razz.txt").read_bytes()


# ---------------------------------------------------------------- item 6: options first


@pytest.mark.parametrize("args, message", [
    (["--threads", "1000"], "--threads must be between 1 and 256, not 1000"),
    (["--threads", "0"], "--threads must be between 1 and 256, not 0"),
    (["--seed", "-3"], "--seed must be a whole number from 0 to 2^64 - 1, not -3"),
    (["--precision", "inf"], "--precision must be a positive number of percentage points"),
    (["--precision", "0.001"], "--precision must be at least 0.01 percentage points for a "
                               "replay"),
    (["--hero", " "], "--hero must name a player"),
])
def test_bad_options_are_refused_before_anything_is_written(tmp_path, args, message):
    out = tmp_path / "out.jsonl"
    out.write_text("kept\n")
    said = one_sentence(cli(DATA / "razz.txt", "--out", out, *args))
    assert said.startswith(f"error: {message}")
    assert out.read_text() == "kept\n"
    fresh = tmp_path / "fresh.jsonl"
    one_sentence(cli(DATA / "razz.txt", "--out", fresh, *args))
    assert not fresh.exists()


def test_a_file_without_hands_among_good_ones_stops_before_any_work(tmp_path):
    empty = tmp_path / "empty.txt"
    empty.write_bytes(b"")
    out = tmp_path / "out.jsonl"
    said = one_sentence(cli(DATA / "razz.txt", empty, "--out", out))
    assert said == f"error: {empty} holds no hands: it is empty"
    assert not out.exists()


# ---------------------------------------------------------------- item 9: no hands, CR


@pytest.mark.parametrize("content, why", [
    (lambda text: text.encode("utf-16"), "it is UTF-16 text, an encoding this reader does not "
                                         "take (save it as UTF-8)"),
    (lambda text: text.encode("utf-16-le"), "it is UTF-16 text"),
    (lambda text: random.Random(3).randbytes(5000), "it is not text"),
    (lambda text: b"Dear diary,\nno poker today.\n", "it has no 'PokerStars Hand #...' header"),
])
def test_a_file_with_no_hands_says_so_and_why(tmp_path, content, why):
    path = tmp_path / "h.txt"
    path.write_bytes(content((DATA / "razz.txt").read_text(encoding="utf-8")))
    said = one_sentence(cli(path))
    assert said.startswith(f"error: {path} holds no hands: {why}")


@pytest.mark.parametrize("line_end", [b"\r", b"\r\n"])
def test_old_mac_and_windows_line_ends_read_as_lines(tmp_path, line_end):
    source = (DATA / "stud_cash.txt").read_bytes()
    path = tmp_path / "h.txt"
    path.write_bytes(source.replace(b"\n", line_end))
    here, there = list(read(DATA / "stud_cash.txt")), list(read(path))
    assert len(here) == len(there) and all(isinstance(h, HandHistory) for h in there)
    assert [(h.id, h.players, h.line) for h in there] == [(h.id, h.players, h.line)
                                                          for h in here]


# ---------------------------------------------------------------- item 4: junk before headers


def test_a_header_after_junk_is_found_and_the_cut_hand_named(tmp_path):
    made = make_file(random.Random(11), 4, to_river=2)
    first, second, third, fourth = (hand.text for hand in made)
    body = first.rstrip("\n")
    cut = body[: body.rindex("\n") + 12]  # the hand cut a few characters into its last line
    text = (cut + "\x00" * 300 + second + "\n\n  " + third + "\n" + "\x00" * 50 + fourth + "\n")
    path = tmp_path / "crashed.txt"
    path.write_text(text, encoding="utf-8")
    items = list(read(path))
    assert [item.id for item in items] == [hand.id for hand in made]
    assert isinstance(items[0], SkippedHand) and items[0].stud
    assert items[0].reason.endswith("the hand is cut short mid-line, where the next hand's "
                                    "header begins")
    assert all(isinstance(item, HandHistory) for item in items[1:])
    assert "\x00" not in items[0].reason


def test_control_bytes_in_a_reason_are_named_never_raw(tmp_path):
    hand = make_file(random.Random(12), 1, to_river=3)[0].text
    broken = hand.replace("*** 4th STREET ***", "*** 4th\x00\x00STREET ***")
    path = tmp_path / "h.txt"
    path.write_text(broken + "\n", encoding="utf-8")
    (item,) = read(path)
    assert isinstance(item, SkippedHand)
    assert "<2 control characters>" in item.reason and "\x00" not in item.reason


# ---------------------------------------------------------------- item 5: repeated ids


def test_resume_keeps_repeated_hands_and_counts_what_is_there(tmp_path):
    history = tmp_path / "h.txt"
    made = make_file(random.Random(13), 6, to_river=2)
    write(history, made)
    full = tmp_path / "full.jsonl"
    assert cli(history, history, "--out", full, *FAST).exit_code == 0
    lines = full.read_text().splitlines(keepends=True)
    assert len(lines) == 12
    out = tmp_path / "out.jsonl"
    out.write_text("".join(lines[:8]))  # the first file and two hands of the second
    result = cli(history, history, "--out", out, "--resume", *FAST)
    assert result.exit_code == 0, result.output
    assert out.read_text() == full.read_text()
    assert re.search(r"already in out\.jsonl\s+8\b", result.stdout)
    assert re.search(r"replayed\s+4\b", result.stdout)


def test_hands_without_an_id_are_resumed_by_occurrence(tmp_path):
    history = tmp_path / "h.txt"
    bad = "PokerStars Hand #: 7 Card Stud Limit (1/2) - 2020/01/31\n\n"
    history.write_text(bad + (DATA / "razz.txt").read_text(encoding="utf-8") + "\n" + bad,
                       encoding="utf-8")
    full = tmp_path / "full.jsonl"
    assert cli(history, "--out", full, *FAST).exit_code == 2
    out = tmp_path / "out.jsonl"
    out.write_text("".join(full.read_text().splitlines(keepends=True)[:2]))
    result = cli(history, "--out", out, "--resume", *FAST)
    assert out.read_text() == full.read_text()
    assert re.search(r"already in out\.jsonl\s+2\s+1 of them skipped then", result.stdout)


# ---------------------------------------------------------------- item 8: strict resume


def _record(tmp_path) -> str:
    out = tmp_path / "one.jsonl"
    assert cli(DATA / "razz.txt", "--out", out, *FAST).exit_code == 0
    return out.read_text()


@pytest.mark.parametrize("damage", [
    lambda line: re.sub(r'"pot": [0-9.]+', '"pot": NaN', line),
    lambda line: '{"id": "230000000001"}\n',
    lambda line: line.replace('"equity": ', '"equity": "', 1),
    lambda line: line.replace('"skipped": null', '"skipped": null, "extra": 1'),
    lambda line: line.replace('"streets": [', '"streets": [1, ', 1),
])
def test_resume_trusts_only_whole_records_of_its_own(tmp_path, damage):
    line = _record(tmp_path)
    damaged = damage(line)
    assert damaged != line
    out = tmp_path / "out.jsonl"
    out.write_text(damaged)
    said = one_sentence(cli(DATA / "razz.txt", "--out", out, "--resume", *FAST))
    assert said.startswith(f"error: --resume: line 1 of {out} is not a hand result")
    assert out.read_text() == damaged


# ---------------------------------------------------------------- item 3: SIGKILL


@pytest.mark.slow
def test_a_killed_run_keeps_every_finished_hand_and_resume_finishes(tmp_path):
    made = make_file(random.Random(14), 120, to_river=3)
    history = tmp_path / "h.txt"
    write(history, made)
    out = tmp_path / "out.jsonl"
    command = [sys.executable, "-m", "stud_odds", "history", str(history), "--out", str(out),
               *FAST]
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    wait_for_lines(out, 5, process)
    process.send_signal(signal.SIGKILL)
    process.wait(timeout=60)
    kept = out.read_bytes()
    whole = kept[: kept.rindex(b"\n") + 1]
    ids = [json.loads(line)["id"] for line in whole.decode().splitlines()]
    assert len(ids) >= 5 and ids == [hand.id for hand in made[: len(ids)]]
    assert sorted(os.listdir(tmp_path)) == ["h.txt", "out.jsonl"]  # no hidden .part

    finished = subprocess.run([*command, "--resume"], capture_output=True, text=True,
                              timeout=600)
    assert finished.returncode == 0, finished.stderr
    lines = out.read_text().splitlines()
    assert lines[: len(ids)] == whole.decode().splitlines()
    assert [json.loads(line)["id"] for line in lines] == [hand.id for hand in made]
    hands = {h.id: h for h in read(history) if isinstance(h, HandHistory)}
    for index in (len(ids), len(made) - 1):  # as a run without a stop writes them
        assert json.loads(lines[index]) == replay_hand(hands[made[index].id], precision=5).to_dict()


# ---------------------------------------------------------------- the Python run


def test_run_returns_the_summary_and_writes_what_it_counts(tmp_path):
    from stud_odds.history.running import run as run_history

    out = tmp_path / "out.jsonl"
    files = sorted(DATA.glob("*.txt"))
    summary = run_history(files, out=out, precision=5)
    records = [json.loads(line) for line in out.read_text().splitlines()]
    assert len(records) == summary.stud_hands == summary.replayed + len(summary.skipped)
    assert sum(r["skipped"] is not None for r in records) == len(summary.skipped) > 0


# ---------------------------------------------------------------- item 24: one hand


def test_hand_prints_each_street_in_both_views(tmp_path):
    hand = next(h for h in read(DATA / "stud_cash.txt") if isinstance(h, HandHistory)
                and h.showdown)
    result = CliRunner().invoke(app, ["history", str(DATA / "stud_cash.txt"), "--hand", hand.id,
                                      *FAST], env={"COLUMNS": "120"})
    assert result.exit_code == 0, result.output
    expected = replay_hand(hand, precision=5)
    text = result.stdout
    assert text.startswith(f"hand {hand.id}: {hand.game.value}")
    blocks = re.split(r"\n(?=\d\w\w street)", text)[1:]
    assert len(blocks) == len(expected.streets)
    for block, view, shown in zip(blocks, expected.streets, expected.showdown, strict=True):
        for index, name in enumerate(view.names):
            row = next(line for line in block.splitlines() if line.strip().startswith(name))
            numbers = re.findall(r"(\d+\.\d)%", row)
            assert numbers == [f"{100 * view.result.players[index].equity:.1f}",
                               f"{100 * shown.result.players[index].equity:.1f}"]


def test_hand_that_is_not_there_is_one_sentence():
    said = one_sentence(cli(DATA / "razz.txt", "--hand", "42"))
    assert said == f"error: no hand #42 in {DATA / 'razz.txt'}"


def test_hand_json_is_the_record_of_that_hand():
    result = cli(DATA / "razz.txt", "--hand", "230000000001", "--json", *FAST)
    assert result.exit_code == 0
    hand = next(iter(read(DATA / "razz.txt")))
    assert json.loads(result.stdout) == replay_hand(hand, precision=5).to_dict()


# ---------------------------------------------------------------- item 22: the docs


def test_the_history_docs_speak_to_the_reader():
    text = (Path(__file__).parents[1] / "docs" / "history.md").read_text(encoding="utf-8")
    assert "RULES.md" not in text
    assert not re.search(r"\bissue\s*#?\d", text, re.IGNORECASE)
    assert ".part" not in text
