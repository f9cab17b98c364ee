"""Ctrl-C in the study commands: one line, exit 130, finished work kept, nothing partial
passed off as finished; ``batch --resume`` goes on where it stopped.

The first tests interrupt deterministically (a patched ``equity`` stops on its
n-th call, the two ways the engine stops: an interrupted Monte Carlo result, or
KeyboardInterrupt from exact enumeration); the last ones send a real SIGINT to
a ``python -m stud_odds`` process.
"""

import csv
import io
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from strict_json import loads_lines
from study_helpers import (
    RIVER,
    SIXTH,
    interrupt_on_call,
    jsonl,
    one_line,
    only_classes,
    reference_batch,
    runner,
)

import stud_odds.study as study
from stud_odds.cli import app
from stud_odds.study import StudyInterrupted, read_spots, run_batch

SPOTS = [
    {"id": "a", "hands": RIVER},
    {"hands": SIXTH, "game": "razz"},  # no id: known by its line number
    {"id": "c", "hands": ["AhKh/Qh", "7c7d/2s"], "trials": 3000, "seed": 5},
    {"id": "d", "game": "stud8", "hands": ["Ac2c/3c", "KsKh/4s"], "trials": 2000, "seed": 6},
]


# ---------------------------------------------------------------- the Python API


@pytest.mark.parametrize("how", ["result", "raise"])
def test_run_batch_never_writes_an_interrupted_spot(monkeypatch, how):
    interrupt_on_call(monkeypatch, 3, how)
    written = []
    with pytest.raises(StudyInterrupted) as stop:
        run_batch(read_spots(jsonl(*SPOTS), "jsonl"), written.append, lambda *a: None,
                  total=len(SPOTS))
    assert [r["line"] for r in written] == [1, 2]
    assert (stop.value.done, stop.value.total, stop.value.failed) == (2, 4, 0)
    assert str(stop.value) == "interrupted after 2 of 4 spots"
    assert isinstance(stop.value, KeyboardInterrupt)


@pytest.fixture
def python_ctrl_c():
    """Python's own SIGINT handler, even where the tests were started with SIGINT ignored."""
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
    signal.signal(signal.SIGINT, previous)


def test_a_ctrl_c_during_a_write_is_held_until_the_record_is_whole(python_ctrl_c):
    def write(record):
        os.kill(os.getpid(), signal.SIGINT)  # arrives in the middle of writing
        written.append(record)

    written = []
    with pytest.raises(StudyInterrupted) as stop:
        run_batch(read_spots(jsonl(*SPOTS[:2]), "jsonl"), write, lambda *a: None, total=2)
    assert len(written) == 1 and stop.value.done == 1  # what the count says is what was written
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler


@pytest.mark.parametrize("how", ["result", "raise"])
def test_starting_hands_gives_the_finished_rows_marked(monkeypatch, how):
    only_classes(monkeypatch, "AAA rainbow", "732 rainbow", "A32 suited")
    interrupt_on_call(monkeypatch, 3, how)
    with pytest.raises(StudyInterrupted) as stop:
        study.starting_hands("stud8", trials=2000, seed=1)
    rows = stop.value.partial
    assert (stop.value.done, stop.value.total) == (2, 3) and len(rows) == 2
    assert all(row.to_dict()["stopped_by"] == "interrupted" for row in rows)
    assert rows[0].result.players[0].equity >= rows[1].result.players[0].equity


@pytest.mark.parametrize("how", ["result", "raise"])
def test_replay_gives_the_finished_streets(monkeypatch, how):
    interrupt_on_call(monkeypatch, 3, how)
    with pytest.raises(StudyInterrupted) as stop:
        study.replay_deal(["AsKs/Qh Jh Th 9c", "7c7d/2s 3h 4h 5d"], trials=2000, seed=1)
    assert (stop.value.done, stop.value.total, stop.value.unit) == (2, 4, "street")
    assert [s.street for s in stop.value.partial.streets] == [3, 4]


def test_scoop_study_keeps_the_partial_sample_marked(monkeypatch):
    interrupt_on_call(monkeypatch, 1, "result")
    with pytest.raises(StudyInterrupted) as stop:
        study.scoop_study("Ac2c/3c", 2, trials=5000, seed=1)
    assert stop.value.unit == "trial" and stop.value.done == 5000
    assert stop.value.partial.result.stopped_by == "interrupted"


# ---------------------------------------------------------------- the commands


@pytest.mark.parametrize("suffix", ["jsonl", "csv"])
@pytest.mark.parametrize("how", ["result", "raise"])
def test_batch_interrupted_then_resumed_equals_one_run(tmp_path, monkeypatch, suffix, how):
    spots = tmp_path / "spots.jsonl"
    spots.write_text(jsonl(*SPOTS))
    reference = reference_batch(tmp_path, spots, suffix)
    out = tmp_path / f"out.{suffix}"

    interrupt_on_call(monkeypatch, 3, how)
    stopped = runner.invoke(app, ["batch", str(spots), "--out", str(out)])
    assert stopped.exit_code == 130
    assert one_line(stopped.stderr) == (
        f"interrupted after 2 of 4 spots; the results so far are in {out} (run the same "
        "command with --resume to go on)")
    if suffix == "jsonl":
        assert [r["line"] for r in loads_lines(out.read_text())] == [1, 2]
    else:
        assert [r["line"] for r in csv.DictReader(io.StringIO(out.read_text()))] == ["1"] * 2 + [
            "2"] * 2

    monkeypatch.undo()
    resumed = runner.invoke(app, ["batch", str(spots), "--out", str(out), "--resume"])
    assert resumed.exit_code == 0, resumed.output
    assert out.read_bytes() == reference.read_bytes()  # no timings in the records


def test_batch_to_standard_output_says_where_the_results_went(monkeypatch, tmp_path):
    spots = tmp_path / "spots.jsonl"
    spots.write_text(jsonl(*SPOTS))
    interrupt_on_call(monkeypatch, 2, "raise")
    result = runner.invoke(app, ["batch", str(spots)])
    assert result.exit_code == 130 and len(loads_lines(result.stdout)) == 1
    assert one_line(result.stderr) == ("interrupted after 1 of 4 spots; the results so far "
                                        "were written to standard output")


def test_batch_interrupted_before_any_result(monkeypatch, tmp_path):
    spots = tmp_path / "spots.jsonl"
    spots.write_text(jsonl(*SPOTS))
    out = tmp_path / "out.jsonl"
    interrupt_on_call(monkeypatch, 1, "raise")
    result = runner.invoke(app, ["batch", str(spots), "--out", str(out)])
    assert result.exit_code == 130
    assert one_line(result.stderr) == f"interrupted after 0 of 4 spots; {out} holds no results yet"


@pytest.mark.parametrize("how", ["result", "raise"])
def test_starting_hands_interrupted_writes_marked_rows(tmp_path, monkeypatch, how):
    only_classes(monkeypatch, "AAA rainbow", "732 rainbow", "A32 suited")
    interrupt_on_call(monkeypatch, 3, how)
    out = tmp_path / "table.csv"
    result = runner.invoke(app, ["starting-hands", "-n", "2k", "--out", str(out)])
    assert result.exit_code == 130 and result.stdout == ""
    assert one_line(result.stderr) == (f"interrupted after 2 of 3 classes; {out} holds 2 "
                                        "finished rows, each marked stopped_by=interrupted")
    rows = list(csv.DictReader(io.StringIO(out.read_text())))
    assert len(rows) == 2 and {row["stopped_by"] for row in rows} == {"interrupted"}


def test_starting_hands_table_says_how_each_row_stopped(tmp_path, monkeypatch):
    only_classes(monkeypatch, "AAA rainbow")
    out = tmp_path / "table.csv"
    assert runner.invoke(app, ["starting-hands", "-n", "2k", "--out", str(out)]).exit_code == 0
    (row,) = csv.DictReader(io.StringIO(out.read_text()))
    assert row["stopped_by"] == "trials"


def test_starting_hands_interrupted_without_out_or_before_a_row(tmp_path, monkeypatch):
    only_classes(monkeypatch, "AAA rainbow", "732 rainbow")
    interrupt_on_call(monkeypatch, 2, "raise")
    result = runner.invoke(app, ["starting-hands", "-n", "2k"])
    assert result.exit_code == 130 and result.stdout == ""
    assert one_line(result.stderr) == ("interrupted after 1 of 2 classes; nothing was written "
                                        "(with --out the finished rows are kept)")
    out = tmp_path / "table.csv"
    out.write_text("an older table\n")
    interrupt_on_call(monkeypatch, 1, "raise")
    result = runner.invoke(app, ["starting-hands", "-n", "2k", "--out", str(out)])
    assert result.exit_code == 130 and "nothing was written" in one_line(result.stderr)
    assert out.read_text() == "an older table\n"


@pytest.mark.parametrize("how", ["result", "raise"])
def test_replay_interrupted_prints_nothing_but_the_line(tmp_path, monkeypatch, how):
    pytest.importorskip("matplotlib", reason="--plot needs the plot extra")
    interrupt_on_call(monkeypatch, 2, how)
    chart = tmp_path / "chart.png"
    result = runner.invoke(app, ["replay", "AsKs/Qh Jh", "7c7d/2s 3h", "-n", "2k", "--json",
                                 "--plot", str(chart)])
    assert result.exit_code == 130 and result.stdout == "" and not chart.exists()
    assert one_line(result.stderr) == ("interrupted after 1 of 2 streets; nothing was printed "
                                        "or saved")


def test_scoop_interrupted_prints_nothing_but_the_line(monkeypatch):
    interrupt_on_call(monkeypatch, 1, "result")
    result = runner.invoke(app, ["scoop", "Ac2c/3c", "-n", "5000", "--json"])
    assert result.exit_code == 130 and result.stdout == ""
    assert one_line(result.stderr) == ("interrupted after 5,000 of 5,000 trials; nothing was "
                                        "printed")
    interrupt_on_call(monkeypatch, 1, "raise")
    result = runner.invoke(app, ["scoop", "As2d3c/4h5sKcKd", "8h7hQh/6d4d3sKs"])
    assert result.exit_code == 130
    assert one_line(result.stderr) == "interrupted before any result; nothing was printed"


# ---------------------------------------------------------------- a real SIGINT


ROOT = Path(__file__).parents[1]


# Slow enough Monte Carlo spots that the SIGINT lands while one runs, short enough to finish.
LONG_SPOTS = [
    {"id": "river", "hands": RIVER},
    {"id": "mc1", "hands": ["AhKh/Qh", "7c7d/2s"], "trials": "6M", "seed": 11},
    {"id": "mc2", "game": "stud8", "hands": ["Ac2c/3c", "KsKh/4s"], "trials": "6M", "seed": 12},
]


def _cli(*args: str) -> list[str]:
    return [sys.executable, "-m", "stud_odds", *args]


def _ctrl_c_default() -> None:
    """In the child: a shell that started the tests in the background may have made SIGINT
    ignored, and an ignored signal stays ignored across exec."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _wait_for(predicate, process: subprocess.Popen, what: str, limit: float = 600) -> None:
    """Poll until ``predicate()``; a cold kernel cache may compile first (a minute or more)."""
    deadline = time.monotonic() + limit
    while not predicate():
        if process.poll() is not None:
            pytest.fail(f"the command ended before {what}: {process.stderr.read()}")
        if time.monotonic() > deadline:
            process.kill()
            pytest.fail(f"no {what} within {limit} s")
        time.sleep(0.02)


def _has_a_record(path: Path, suffix: str) -> bool:
    if not path.exists():
        return False
    lines = path.read_text().count("\n")
    return lines >= (3 if suffix == "csv" else 1)  # CSV: the header and a spot's two rows


@pytest.mark.parametrize("suffix", ["jsonl", "csv"])
@pytest.mark.slow
def test_a_real_sigint_keeps_whole_results_and_resume_finishes(tmp_path, suffix):
    spots = tmp_path / "spots.jsonl"
    spots.write_text(jsonl(*LONG_SPOTS))
    out = tmp_path / f"out.{suffix}"
    process = subprocess.Popen(_cli("batch", str(spots), "--out", str(out), "--threads", "1"),
                               cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               text=True, preexec_fn=_ctrl_c_default)
    _wait_for(lambda: _has_a_record(out, suffix), process, "a first result")
    process.send_signal(signal.SIGINT)
    stdout, stderr = process.communicate(timeout=120)
    assert process.returncode == 130, stderr
    line = one_line(stderr)
    assert line.startswith("interrupted after ") and " of 3 spots; the results so far are in " \
        in line and line.endswith("(run the same command with --resume to go on)")
    text = out.read_text()
    assert text.endswith("\n")
    if suffix == "jsonl":
        kept = [r["id"] for r in loads_lines(text)]
    else:
        kept = [row["id"] for row in csv.DictReader(io.StringIO(text))][::2]
    assert 1 <= len(kept) < 3 and kept == ["river", "mc1"][:len(kept)]

    resumed = subprocess.run(_cli("batch", str(spots), "--out", str(out), "--resume",
                                  "--threads", "1"), cwd=ROOT, capture_output=True, text=True,
                             timeout=600)
    assert resumed.returncode == 0, resumed.stderr
    reference = tmp_path / f"reference.{suffix}"  # a run without a stop, in this process
    whole = runner.invoke(app, ["batch", str(spots), "--out", str(reference)])
    assert whole.exit_code == 0, whole.output
    assert out.read_bytes() == reference.read_bytes()  # no timings in the records


# A process that reports on stderr when each equity() has sampled a first round and when it
# is done, so the test knows when to interrupt.
HOOKED = """
import sys
import stud_odds.study.replays, stud_odds.study.scoop, stud_odds.study.batch
import stud_odds.study.starts
callers = ((stud_odds.study.batch, "run_equity"), (stud_odds.study.replays, "equity"),
           (stud_odds.study.starts, "equity"), (stud_odds.study.scoop, "equity"))
def hooked(real):
    def equity(*args, **kwargs):
        inner = kwargs.get("progress")
        def progress(done, total):
            print("EQUITY-PROGRESS", file=sys.stderr, flush=True)
            if inner:
                inner(done, total)
        kwargs["progress"] = progress
        result = real(*args, **kwargs)
        print("EQUITY-DONE", file=sys.stderr, flush=True)
        return result
    return equity
for module, name in callers:
    setattr(module, name, hooked(getattr(module, name)))
from stud_odds.cli import app
app(sys.argv[1:], prog_name="stud-odds")
"""


def _interrupt_after(marker: str, args: list[str], tmp_path: Path) -> tuple[str, str]:
    process = subprocess.Popen([sys.executable, "-c", HOOKED, *args], cwd=tmp_path,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               preexec_fn=_ctrl_c_default)
    seen = threading.Event()
    lines: list[str] = []

    def read_stderr():
        for line in process.stderr:
            lines.append(line)
            if line.strip() == marker:
                seen.set()

    reader = threading.Thread(target=read_stderr, daemon=True)
    reader.start()
    _wait_for(seen.is_set, process, marker)
    process.send_signal(signal.SIGINT)
    stdout = process.stdout.read()
    process.wait(timeout=120)
    reader.join(timeout=10)
    assert process.returncode == 130, "".join(lines)
    stderr = "".join(line for line in lines if not line.startswith("EQUITY-"))
    return stdout, stderr


@pytest.mark.slow
def test_a_real_sigint_stops_starting_hands_with_marked_rows(tmp_path):
    out = tmp_path / "table.csv"
    stdout, stderr = _interrupt_after(
        "EQUITY-DONE", ["starting-hands", "--door", "A", "-n", "4M", "--threads", "1",
                        "--out", str(out)], tmp_path)
    line = one_line(stderr)
    assert stdout == "" and line.startswith("interrupted after ") and "of 379 classes" in line
    rows = list(csv.DictReader(io.StringIO(out.read_text())))
    assert rows and {row["stopped_by"] for row in rows} == {"interrupted"}
    assert f"{out} holds {len(rows)} finished row" in line


@pytest.mark.slow
def test_a_real_sigint_stops_replay(tmp_path):
    stdout, stderr = _interrupt_after(
        "EQUITY-DONE", ["replay", "AsKs/Qh Jh Th", "7c7d/2s 3h 4h", "-n", "20M", "--seed", "1",
                        "--json"], tmp_path)
    assert stdout == "" and one_line(stderr).startswith("interrupted after ")
    assert one_line(stderr).endswith(" of 3 streets; nothing was printed")


@pytest.mark.slow
def test_a_real_sigint_stops_scoop(tmp_path):
    stdout, stderr = _interrupt_after(
        "EQUITY-PROGRESS", ["scoop", "Ac2c/3c", "--opponents", "3", "-n", "200M", "--json"],
        tmp_path)
    line = one_line(stderr)
    assert stdout == "" and line.startswith("interrupted after ")
    assert line.endswith(" of 200,000,000 trials; nothing was printed")


@pytest.mark.slow
def test_a_real_sigint_stops_an_exact_table_and_leaves_out_as_it_was(tmp_path):
    """The exact table is counted all at once: Ctrl-C stops it between short kernel calls
    (status 130) and writes nothing, so an existing --out keeps its old table."""
    out = tmp_path / "table.csv"
    out.write_text("the old table\n")
    process = subprocess.Popen(_cli("starting-hands", "--exact", "--out", str(out)), cwd=ROOT,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               preexec_fn=_ctrl_c_default)
    time.sleep(3)  # counting (or compiling its kernels) by now: a full count takes ~35 s
    process.send_signal(signal.SIGINT)
    stdout, stderr = process.communicate(timeout=120)
    assert process.returncode == 130, stderr
    assert one_line(stderr) == "interrupted before the first class finished; nothing was written"
    assert out.read_text() == "the old table\n" and stdout == ""
