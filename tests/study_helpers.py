"""What the study tests share: spots, the CLI runner, and ways to stop or forbid the work."""

import dataclasses
import json
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

import stud_odds.study.batch
import stud_odds.study.replays
import stud_odds.study.scoop
import stud_odds.study.starts
from stud_odds.cli import app

runner = CliRunner()
RIVER = ["AsKs2d/QhJhTh9c", "7c7d6c/2s3h4h5d"]  # exact, one deal
SIXTH = ["AsKs/QhJhTh9c", "7c7d/2s3h4h5d"]  # exact, 1,560 deals
# the modules whose studies call equity() (each imported it by name), and what each calls it:
# a batch runs its spot's Stop by run_equity
EQUITY_CALLERS = ((stud_odds.study.batch, "run_equity"), (stud_odds.study.replays, "equity"),
                  (stud_odds.study.starts, "equity"), (stud_odds.study.scoop, "equity"))


def jsonl(*objects) -> str:
    """JSON Lines of these objects (a text is written as it is: a bad line)."""
    return "".join((json.dumps(o) if isinstance(o, dict) else o) + "\n" for o in objects)


def patch_equity(monkeypatch, wrap) -> None:
    """Each caller's equity() replaced by ``wrap(its real one)``."""
    for module, name in EQUITY_CALLERS:
        monkeypatch.setattr(module, name, wrap(getattr(module, name)))


def no_work(monkeypatch) -> None:
    """Make any equity computation fail the test: the checks must come first."""
    def equity(*args, **kwargs):
        raise AssertionError("the work started before the output path was checked")

    patch_equity(monkeypatch, lambda real: equity)


def interrupt_on_call(monkeypatch, call: int, how: str = "result") -> None:
    """Stop the ``call``-th equity() the way the engine does: an interrupted sample is
    returned (Monte Carlo), or KeyboardInterrupt raised (exact enumeration)."""
    calls = {"n": 0}

    def wrap(real):
        def equity(*args, **kwargs):
            calls["n"] += 1
            if calls["n"] == call:
                if how == "raise":
                    raise KeyboardInterrupt
                return dataclasses.replace(real(*args, **kwargs), stopped_by="interrupted")
            return real(*args, **kwargs)
        return equity

    patch_equity(monkeypatch, wrap)


def only_classes(monkeypatch, *labels: str) -> list:
    """Starting-hand tables of only these classes (in the order of all classes)."""
    few = [c for c in stud_odds.study.starts.starting_hand_classes() if c.label in labels]
    assert len(few) == len(labels)
    monkeypatch.setattr(stud_odds.study.starts, "starting_hand_classes", lambda door=None: few)
    return few


def one_line(stderr: str) -> str:
    """The one line a command printed, past any first-run compile or cache notice."""
    lines = [line for line in stderr.splitlines() if line.strip()
             and not line.startswith("compil") and "cache" not in line]
    assert len(lines) == 1, stderr
    assert "Traceback" not in stderr and "Aborted" not in stderr
    return lines[0]


def reference_batch(tmp_path: Path, spots_file: Path, suffix: str) -> Path:
    """The output of an uninterrupted local batch, to compare others with."""
    ref = tmp_path / f"reference.{suffix}"
    result = runner.invoke(app, ["batch", str(spots_file), "--out", str(ref)])
    assert result.exit_code == 0, result.output
    return ref


def wait_for_lines(path: Path, count: int, process, limit: float = 240) -> None:
    """Until ``path`` holds ``count`` whole lines (records) written by the running
    ``process``: then it can be interrupted or killed with finished work to keep."""
    started = time.monotonic()
    while time.monotonic() - started < limit:
        if path.exists() and path.read_bytes().count(b"\n") >= count:
            return
        if process.poll() is not None:
            pytest.fail(f"the run ended before it could be stopped: {process.returncode}")
        time.sleep(0.02)
    pytest.fail(f"{path} never held {count} lines")
