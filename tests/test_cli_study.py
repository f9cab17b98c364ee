"""What every study command does alike: options and output paths checked before the work,
words for counts, help text (stud_odds.cli.study)."""

import pytest
from study_helpers import RIVER, jsonl, no_work, only_classes, runner

from stud_odds.cli import app


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
    spots.write_text(jsonl({"hands": RIVER}))
    no_work(monkeypatch)
    args = [a.format(spots=spots, tmp=tmp_path) for a in command]
    result = runner.invoke(app, args)
    assert result.exit_code == 2, result.output
    (line,) = result.stderr.strip().splitlines()
    assert line.startswith("error: --") and ("does not exist" in line or "is a folder" in line)


@pytest.mark.parametrize("command, message", [
    (["scoop", "Ac2c/3c", "-n", "nan"], "'nan' is not a trial count"),
    (["replay", "AsKs/Qh", "7c7d/2s", "-n", "inf"], "'inf' is not a trial count"),
    (["starting-hands", "-n", "nan"], "'nan' is not a trial count"),
    (["scoop", "Ac2c/3c", "-n", "1e400"], "1e400 trials would take days"),
    (["replay", "AsKs/Qh", "7c7d/2s", "-n", "1e400"], "1e400 trials would take days"),
    (["starting-hands", "-n", "1e400"], "1e400 trials would take days"),
])
def test_study_trial_options_refuse_nan_and_inf(command, message, monkeypatch):
    no_work(monkeypatch)
    result = runner.invoke(app, command)
    assert result.exit_code == 2 and message in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_counts_of_one_are_singular(tmp_path, monkeypatch):

    river = runner.invoke(app, ["scoop", "As2d3c/4h5sKcKd", "8h7hQh/6d4d3sKs"])
    assert "; 1 deal, exact" in river.stdout
    only_classes(monkeypatch, "AAA rainbow")
    table = runner.invoke(app, ["starting-hands", "-n", "1"])
    assert "1 class (4 hands) vs 1 random, 1 trial each" in table.stdout
    spots = tmp_path / "spots.jsonl"
    spots.write_text(jsonl({"hands": ["AsKs/Qh"]}))
    failed = runner.invoke(app, ["batch", str(spots)])
    assert "1 of 1 spot failed" in failed.stderr


@pytest.mark.parametrize("command", ["batch", "replay", "starting-hands", "scoop"])
def test_help_shows_no_python_type_names_for_options(command):
    text = runner.invoke(app, [command, "--help"], terminal_width=100).stdout
    options = [line for line in text.splitlines() if line.lstrip("│ ").startswith("-")
               and "--help" not in line]
    assert options and not [line for line in options if "<" in line], options
