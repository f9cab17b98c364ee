"""The equity table keeps every number whole, however long a hand and however narrow the
terminal: the hand text folds, or moves below the numbers."""

import io
import re

import pytest
from rich.console import Console
from typer.testing import CliRunner

from stud_odds.cli import app
from stud_odds.engine import equity
from stud_odds.report import Z95, percent_decimals, render
from stud_odds.scenario import Scenario

LONG_RANGE = "[QQ+, AKs, AQs, AJs, KQs, 99, 88, 77, 66, T9s, 98s, 87s, 76s, 65s]/Ah"
HANDS = [LONG_RANGE, "xx/7d", "[22+]/Kd"]


@pytest.fixture(scope="module")
def spot():
    scenario = Scenario.build(HANDS, game="stud8")
    return scenario, equity(scenario, trials=2000, seed=1)


def _row_pattern(result, seat: int) -> str:
    """Player ``seat``'s numbers, whole and in the order of the columns, on one line."""
    d = percent_decimals(result)
    player = result.players[seat - 1]
    numbers = [f"{player.equity * 100:.{d}f}%", f"{Z95 * player.equity_se * 100:.{d}f}"]
    numbers += [f"{getattr(player, name) * 100:.{d}f}%" for name in
                ("high_win", "high_tie", "low_win", "low_tie", "scoop")]
    return rf"(?m)^\s*{seat}\s.*" + r"\s+".join(map(re.escape, numbers)) + r"\s*$"


def _assert_whole(text: str, result) -> None:
    assert "…" not in text
    for title in ("equity", "±95%", "high win", "high tie", "low win", "low tie", "scoop"):
        assert title in text
    for seat in (1, 2, 3):
        assert re.search(_row_pattern(result, seat), text), text
    for term in ("[QQ+,", "AKs,", "76s,", "65s]", "[22+]", "[?? ??]"):
        assert term in text


@pytest.mark.parametrize("width", [120, 80, 60, 40])
def test_numbers_are_never_cut_at_any_width(spot, width):
    scenario, result = spot
    out = io.StringIO()
    Console(file=out, width=width, color_system=None).print(render(scenario, result),
                                                            crop=False)
    _assert_whole(out.getvalue(), result)


def test_the_command_in_a_pipe_keeps_every_number(spot):
    scenario, result = spot
    printed = CliRunner(env={"COLUMNS": "80"}).invoke(
        app, ["equity", *HANDS, "-g", "stud8", "-n", "2000", "--seed", "1"])
    assert printed.exit_code == 0, printed.output
    _assert_whole(printed.stdout, result)
