"""Every example script runs (with tiny trial counts) and prints what it promises."""

import subprocess
import sys
from pathlib import Path

import pytest

EXAMPLES = sorted((Path(__file__).parents[1] / "examples").glob("*.py"))
EXPECTED = {
    "batch_of_spots.py": "4 of 4 spots done",
    "replay_hand.py": "street 7:",
    "scoop_by_opponents.py": "7 opponent(s): scoop",
    "stud8_starting_chart.py": "1755 classes vs 1 random hand(s)",
}


def test_every_example_is_checked():
    assert {e.name for e in EXAMPLES} == set(EXPECTED)


# the starting chart counts every class of start (seconds even at 300 trials)
SLOW = {"stud8_starting_chart.py"}


@pytest.mark.parametrize("script", [
    pytest.param(e, id=e.name, marks=[pytest.mark.slow] if e.name in SLOW else [])
    for e in EXAMPLES])
def test_example_runs(script):
    done = subprocess.run([sys.executable, str(script), "--trials", "300"], capture_output=True,
                          text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert EXPECTED[script.name] in done.stdout
