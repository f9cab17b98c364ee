"""stud_odds.console: what every command does at the edges of the command line, through its
root group: a reader that closes the pipe early, and a mistake in the options (one sentence,
like every other error)."""

import os
import subprocess
import sys
from pathlib import Path

import pytest
from study_helpers import RIVER, jsonl
from typer.testing import CliRunner

from stud_odds.cli import app

CLOSED_PIPE_EXIT = 141  # as README.md says, under "Exit status"
HISTORY = Path(__file__).parent / "data" / "histories" / "razz.txt"
SPOT = ["AhKh/Qh", "7c7d/2s", "-n", "2000", "--seed", "1"]
# every command that prints results on standard output
PRINTERS = {
    "equity": ["equity", *SPOT],
    "equity --json": ["equity", *SPOT, "--json"],
    "equity --csv": ["equity", *SPOT, "--csv"],
    "hand": ["hand", "AsKsQsJsTs9d9c"],
    "batch": ["batch", "{spots}"],
    "batch --format csv": ["batch", "{spots}", "--format", "csv"],
    "history --json": ["history", str(HISTORY), "--json", "--precision", "5"],
    "history": ["history", str(HISTORY), "--precision", "5"],
    "replay --json": ["replay", "AsKs/Qh Jh", "7c7d/2s 3h", "-n", "1000", "--seed", "1",
                      "--json"],
    "scoop": ["scoop", "Ac2c/3c", "-n", "1000", "--seed", "1"],
    "rules bring-in": ["rules", "bring-in", "7h", "2h", "Kd", "2c"],
    "rules split --json": ["rules", "split", "12", "--high", "1", "--json"],
}


# a second format of a command already asked: the full suite asks it too
OTHER_FORMATS = {"equity --json", "equity --csv", "batch --format csv", "history --json"}


@pytest.mark.parametrize("command", [
    pytest.param(command, marks=[pytest.mark.slow] if command in OTHER_FORMATS else [])
    for command in PRINTERS])
def test_a_closed_pipe_ends_every_command_quietly(command, tmp_path):
    # stud-odds ... | head -1, where head has gone before the output comes
    spots = tmp_path / "spots.jsonl"
    spots.write_text(jsonl({"hands": RIVER}, {"hands": RIVER}))
    args = [a.format(spots=spots) for a in PRINTERS[command]]
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        run = subprocess.run([sys.executable, "-m", "stud_odds", *args], stdout=write_end,
                             stderr=subprocess.PIPE, timeout=600)
    finally:
        os.close(write_end)
    stderr = run.stderr.decode()
    noise = [line for line in stderr.splitlines()
             if line.strip() and not line.startswith("compil") and "cache" not in line]
    assert run.returncode == CLOSED_PIPE_EXIT and noise == [], stderr


@pytest.mark.parametrize("args, message", [
    (["starting-hands", "--top", "1.5"],
     "invalid value for '--top': '1.5' is not a valid int; see stud-odds starting-hands --help"),
    (["equity", *SPOT[:2], "--bogus"], "no such option: --bogus; see stud-odds equity --help"),
    (["equity"], "missing argument 'hands'; see stud-odds equity --help"),
    (["frobnicate"], "no such command 'frobnicate'; see stud-odds --help"),
    (["--bogus"], "no such option: --bogus; see stud-odds --help"),
    (["batch", "x.jsonl", "--threads", "two"], "--threads must be a whole number, not 'two'"),
    (["rules", "bring-in", "7h", "--bogus"], "no such option: --bogus"),
])
def test_usage_errors_are_one_sentence(args, message):
    result = CliRunner().invoke(app, args, prog_name="stud-odds")
    assert result.exit_code == 2 and result.stdout == ""
    (line,) = result.stderr.strip().splitlines()
    assert line.startswith(f"error: {message}")


def test_no_arguments_still_show_the_help():
    result = CliRunner().invoke(app, [], prog_name="stud-odds")
    assert result.exit_code == 2 and "Usage" in result.stdout and result.stderr == ""
