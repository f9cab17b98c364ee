"""stud_odds.report on hand-made results, every expectation written out by hand: the cells
as printed (``54.78%``), the lines under the table, the HTML, JSON and CSV, and the
terminal table, which keeps every number whole however long a hand and however narrow
the terminal (the hand text folds, or moves below the numbers)."""

import io
import json
import re
import subprocess
import sys

import pytest
from rich.console import Console
from typer.testing import CliRunner

from stud_odds.cli import app
from stud_odds.pot_odds import PotOdds
from stud_odds.report import (
    EQUITY_CSV_FIELDS,
    footer_lines,
    html_table,
    percent_decimals,
    pot_odds_lines,
    render,
    table_cells,
    to_csv,
    to_json,
)
from stud_odds.report.cells import hand_notes
from stud_odds.results import EquityResult, PlayerEquity, RangeSize
from stud_odds.scenario import Scenario

LONG_RANGE = "[QQ+, AKs, AQs, AJs, KQs, 99, 88, 77, 66, T9s, 98s, 87s, 76s, 65s]/Ah"
HANDS = [LONG_RANGE, "xx/7d", "[22+]/Kd"]


def _player(hand, equity, high_win, high_tie, scoop, low_win=None, low_tie=None,
            equity_se=0.0, **fields) -> PlayerEquity:
    return PlayerEquity(hand, equity, equity_se, high_win, high_tie, low_win, low_tie, scoop,
                        **fields)


def _result(players, **fields) -> EquityResult:
    values = dict(game="stud", method="exact", outcomes=18_265_297_050, seed=None,
                  elapsed_s=0.29, shared_river=False, no_low=None, deck_rule="casino")
    values.update(fields)
    return EquityResult(players=tuple(players), **values)


# an exact stud count, as `stud-odds equity AsKs/Qh 7c7d/2s` gives it (rounded numbers)
EXACT = _result([_player("AsKs/Qh", 0.5478, 0.5476, 0.0004, 0.5476),
                 _player("7c7d/2s", 0.4522, 0.4520, 0.0004, 0.4520)])

# a sampled stud8 spot of three players, two of them ranges: the widest standard error,
# 0.003, is a ±0.588 point interval, so one decimal
SAMPLED = _result(
    [_player(LONG_RANGE, 0.47125, 0.354, 0.0002, 0.297, 0.447, 0.0011, equity_se=0.003,
             range=RangeSize(LONG_RANGE[1:-4], 62, 62.0)),
     _player("xx/7d", 0.325, 0.461, 0.0, 0.178, 0.018, 0.0, equity_se=0.0025),
     _player("[22+]/Kd", 0.20375, 0.185, 0.0003, 0.102, 0.145, 0.0009, equity_se=0.0024,
             range=RangeSize("22+", 69, 69.0))],
    game="stud8", method="monte-carlo", outcomes=20_000, seed=1, elapsed_s=0.5,
    no_low=0.389, stopped_by="trials")

SAMPLED_ROWS = [  # each player's number cells, left to right
    ["47.1%", "0.6", "35.4%", "0.0%", "44.7%", "0.1%", "29.7%"],
    ["32.5%", "0.5", "46.1%", "0.0%", "1.8%", "0.0%", "17.8%"],
    ["20.4%", "0.5", "18.5%", "0.0%", "14.5%", "0.1%", "10.2%"],
]

# binary-exact numbers, so JSON and CSV print them short
EVEN = _result([_player("AsKs/Qh", 0.75, 0.75, 0.0, 0.75, classes={"one pair": 0.5}),
                _player("7c7d/2s", 0.25, 0.25, 0.0, 0.25, classes={"one pair": 0.25})],
               outcomes=1000)
ODDS = PotOdds(6.0, 2.0, 0.75)


def test_exact_cells_have_two_decimals_and_no_interval():
    assert percent_decimals(EXACT) == 2
    assert table_cells(EXACT) == [
        {"equity": "54.78%", "high_win": "54.76%", "high_tie": "0.04%", "scoop": "54.76%"},
        {"equity": "45.22%", "high_win": "45.20%", "high_tie": "0.04%", "scoop": "45.20%"},
    ]


def test_sampled_cells_have_the_decimals_of_their_interval():
    assert percent_decimals(SAMPLED) == 1
    fields = ["equity", "interval", "high_win", "high_tie", "low_win", "low_tie", "scoop"]
    assert table_cells(SAMPLED) == [dict(zip(fields, row, strict=True)) for row in SAMPLED_ROWS]


@pytest.mark.parametrize("se, decimals", [
    (0.0, 2),  # nothing uncertain: as exact
    (0.1, 0),  # ±19.6 points
    (0.003, 1),  # ±0.59
    (0.002, 1),  # ±0.39
    (0.0002, 2),  # ±0.039
    (0.00002, 3),  # ±0.0039
    (1e-9, 4),  # never more than four
])
def test_percent_decimals_follow_the_widest_interval(se, decimals):
    sampled = _result([_player("AsKs/Qh", 0.5, 0.5, 0.0, 0.5, equity_se=se),
                       _player("7c7d/2s", 0.5, 0.5, 0.0, 0.5, equity_se=se / 2)],
                      method="monte-carlo", seed=1)
    assert percent_decimals(sampled) == decimals


def test_the_html_table_of_an_exact_result():
    assert html_table(EXACT) == "\n".join([
        "<table>",
        "<caption>stud; exact: 18,265,297,050 deals; complete</caption>",
        "<thead><tr><th>#</th><th>hand</th><th>equity</th><th>high win</th><th>high tie</th>"
        "<th>scoop</th></tr></thead>",
        "<tbody>",
        "<tr><td>1</td><td>AsKs/Qh</td><td><b>54.78%</b></td><td>54.76%</td><td>0.04%</td>"
        "<td>54.76%</td></tr>",
        "<tr><td>2</td><td>7c7d/2s</td><td><b>45.22%</b></td><td>45.20%</td><td>0.04%</td>"
        "<td>45.20%</td></tr>",
        "</tbody>",
        "</table>",
    ])
    assert EXACT._repr_html_() == html_table(EXACT)


def test_the_html_table_of_a_sampled_result_names_its_ranges():
    lines = html_table(SAMPLED).splitlines()
    assert lines[1] == "<caption>stud8; Monte Carlo: 20,000 trials, seed 1; trials</caption>"
    assert lines[2] == ("<thead><tr><th>#</th><th>hand</th><th>equity</th><th>±95%</th>"
                        "<th>high win</th><th>high tie</th><th>low win</th><th>low tie</th>"
                        "<th>scoop</th></tr></thead>")
    assert lines[6] == ("<tr><td>3</td><td>[22+]/Kd<br><small>69 combos</small></td>"
                        "<td><b>20.4%</b></td><td>0.5</td><td>18.5%</td><td>0.0%</td>"
                        "<td>14.5%</td><td>0.1%</td><td>10.2%</td></tr>")


def test_every_view_names_a_ranges_combos_and_the_intervals_unit_in_the_same_words():
    """The page's hand notes, the notebook's table and the terminal say "69 combos" alike;
    the ± column's unit is said under every sampled table."""
    assert hand_notes(SAMPLED) == ["62 combos", "", "69 combos"]
    assert hand_notes(EXACT) == ["", ""]
    assert "<small>69 combos</small>" in html_table(SAMPLED)
    printed = _printed(Scenario.build(HANDS, game="stud8"), SAMPLED, 120)
    assert "69 combos" in printed and "in percentage points" in printed


def test_footer_lines():
    assert footer_lines(Scenario.build(["AsKs/Qh", "7c7d/2s"]), EXACT) == [
        "exact: every one of 18,265,297,050 deals, 0.29 s"]
    assert footer_lines(Scenario.build(HANDS, game="stud8"), SAMPLED) == [
        "Monte Carlo: 20,000 trials, seed 1, 0.50 s (the trials asked for); "
        "± is the 95% interval, in percentage points",
        "nobody makes an eight-or-better low 38.9% of the time",
    ]


def test_a_time_limit_is_said_to_make_the_numbers_depend_on_the_machine():
    timed = _result(SAMPLED.players, game="stud8", method="monte-carlo", outcomes=1_234_567,
                    seed=9, elapsed_s=2.0, no_low=None, stopped_by="time")
    assert footer_lines(Scenario.build(HANDS, game="stud8"), timed) == [
        "Monte Carlo: 1,234,567 trials, seed 9, 2.00 s (stopped at the end of the first round "
        "past the --max-time limit); ± is the 95% interval, in percentage points",
        "a time limit makes the trial count, and so the numbers, depend on this machine's "
        "speed: use --trials or --precision to repeat them",
    ]


def test_pot_odds_lines():
    assert pot_odds_lines(ODDS) == [
        "pot odds: calling 2 into 6 needs 25.0% equity; player 1 has 75.0%",
        "calling wins +4.00 chips on average: CALL (showdown equity only: ignores bets on "
        "later streets)",
    ]
    assert pot_odds_lines(PotOdds(2, 2, 0.25))[1].startswith(
        "calling wins -1.00 chips on average: FOLD ")


def test_csv_rows_with_classes_and_pot_odds():
    assert EQUITY_CSV_FIELDS == ("seat", "hand", "equity", "equity_se", "high_win", "high_tie",
                                 "low_win", "low_tie", "scoop", "game", "method", "outcomes",
                                 "seed")
    assert to_csv(EVEN, classes=True, odds=ODDS) == (
        "seat,hand,equity,equity_se,high_win,high_tie,low_win,low_tie,scoop,game,method,"
        "outcomes,seed,one pair,pot,to_call,required_equity,call_ev,decision\n"
        "1,AsKs/Qh,0.75,0.0,0.75,0.0,,,0.75,stud,exact,1000,,0.5,6.0,2.0,0.25,4.0,call\n"
        "2,7c7d/2s,0.25,0.0,0.25,0.0,,,0.25,stud,exact,1000,,0.25,,,,,\n"
    )
    assert to_csv(EVEN).splitlines()[1] == "1,AsKs/Qh,0.75,0.0,0.75,0.0,,,0.75,stud,exact,1000,"


def test_json_with_pot_odds():
    data = json.loads(to_json(EVEN, odds=ODDS))
    assert data["pot_odds"] == {"pot": 6.0, "to_call": 2.0, "required_equity": 0.25,
                                "equity": 0.75, "call_ev": 4.0, "decision": "call"}
    assert data["players"][1] == {"hand": "7c7d/2s", "equity": 0.25, "equity_se": 0.0,
                                  "high_win": 0.25, "high_tie": 0.0, "low_win": None,
                                  "low_tie": None, "scoop": 0.25}
    assert "pot_odds" not in json.loads(to_json(EVEN))
    assert json.loads(to_json(EVEN, classes=True))["players"][0]["classes"] == {"one pair": 0.5}


def _printed(scenario, result, width, **options) -> str:
    out = io.StringIO()
    Console(file=out, width=width, color_system=None).print(render(scenario, result, **options),
                                                            crop=False)
    return out.getvalue()


def test_the_exact_table_as_printed():
    text = _printed(Scenario.build(["AsKs/Qh", "7c7d/2s"]), EXACT, 80, odds=ODDS)
    assert [line.rstrip() for line in text.splitlines()] == [
        "Seven Card Stud",
        "",
        " #  hand        equity  high win  high tie   scoop",
        " ─────────────────────────────────────────────────",
        " 1  [As Ks] Qh  54.78%    54.76%     0.04%  54.76%",
        " 2  [7c 7d] 2s  45.22%    45.20%     0.04%  45.20%",
        "",
        "exact: every one of 18,265,297,050 deals, 0.29 s",
        "",
        "pot odds: calling 2 into 6 needs 25.0% equity; player 1 has 75.0%",
        "calling wins +4.00 chips on average: CALL (showdown equity only: ignores bets on",
        "later streets)",
    ]


def _assert_whole(text: str, rows: list[list[str]]) -> None:
    assert "…" not in text
    for title in ("equity", "±95%", "high win", "high tie", "low win", "low tie", "scoop"):
        assert title in text
    for seat, numbers in enumerate(rows, 1):  # on one line, whole, in the columns' order
        pattern = rf"(?m)^\s*{seat}\s.*" + r"\s+".join(map(re.escape, numbers)) + r"\s*$"
        assert re.search(pattern, text), text
    for term in ("[QQ+,", "AKs,", "76s,", "65s]", "[22+]", "[?? ??]"):
        assert term in text


@pytest.mark.parametrize("width", [120, 80, 60, 40])
def test_numbers_are_never_cut_at_any_width(width):
    _assert_whole(_printed(Scenario.build(HANDS, game="stud8"), SAMPLED, width), SAMPLED_ROWS)


def test_the_command_in_a_pipe_keeps_every_number():
    printed = CliRunner(env={"COLUMNS": "80"}).invoke(
        app, ["equity", *HANDS, "-g", "stud8", "-n", "2000", "--seed", "1"])
    assert printed.exit_code == 0, printed.output
    _assert_whole(printed.stdout, [["40%", "2", "39%", "0%", "14%", "0%", "29%"],
                                   ["27%", "2", "20%", "0%", "22%", "0%", "16%"],
                                   ["33%", "2", "41%", "0%", "2%", "0%", "23%"]])


def test_a_notebooks_html_loads_neither_rich_nor_an_import_circle():
    """The cells stand on the result's vocabulary alone; results and its HTML need no rich."""
    code = ("import sys; import stud_odds.report.cells; "
            "assert 'stud_odds.results' not in sys.modules, 'the cells import results'; "
            "import stud_odds; stud_odds.EquityResult._repr_html_; "
            "assert 'rich' not in sys.modules, 'rich loaded'")
    subprocess.run([sys.executable, "-c", code], check=True)
