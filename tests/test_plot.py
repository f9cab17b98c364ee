"""--plot draws a PNG with the plot extra, and says how to get it without."""

import importlib.util

import pytest
from typer.testing import CliRunner

from stud_odds.cli import app

runner = CliRunner()
HAVE_MATPLOTLIB = importlib.util.find_spec("matplotlib") is not None
REPLAY = ["replay", "AsKs/Qh Jh", "7c7d/2s 3h", "-n", "2000", "--seed", "1"]


@pytest.mark.skipif(not HAVE_MATPLOTLIB, reason="the plot extra is not installed")
def test_replay_plot_is_a_png(tmp_path):
    path = tmp_path / "replay.png"
    result = runner.invoke(app, [*REPLAY, "--plot", str(path)])
    assert result.exit_code == 0, result.output
    assert path.read_bytes().startswith(b"\x89PNG")


@pytest.mark.skipif(HAVE_MATPLOTLIB, reason="the plot extra is installed")
def test_plot_without_matplotlib_says_how_to_install(tmp_path):
    result = runner.invoke(app, [*REPLAY, "--plot", str(tmp_path / "replay.png")])
    assert result.exit_code == 2
    assert "plots need matplotlib: pip install 'stud-odds[plot]'" in result.stderr
