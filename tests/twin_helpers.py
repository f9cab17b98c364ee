"""The cold-or-warm check the twins' tests share: one command in a fresh process with an
empty cache (numpy twins, the background compile off) against the same command with the
kernels in memory."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from typer.testing import CliRunner

from stud_odds.cli import app


def without_time(text: str) -> dict:
    answer = json.loads(text)
    answer.pop("elapsed_s")
    return answer


def cold_and_warm(arguments: list[str], cache: Path) -> tuple[subprocess.CompletedProcess, dict]:
    """(the cold run, its JSON without the time) after checking it equals the warm JSON and
    compiled nothing in ``cache``."""
    environment = {**os.environ, "STUD_ODDS_CACHE_DIR": str(cache),
                   "STUD_ODDS_BACKGROUND_COMPILE": "0"}
    cold = subprocess.run([sys.executable, "-m", "stud_odds", "equity", *arguments, "--json"],
                          capture_output=True, text=True, env=environment, check=True)
    assert not any(cache.rglob("*.nbi"))  # no kernel was compiled
    warm = CliRunner().invoke(app, ["equity", *arguments, "--json"])
    assert warm.exit_code == 0, warm.output
    answer = without_time(cold.stdout)
    assert answer == without_time(warm.stdout)
    return cold, answer
