"""The river's tables are one set of cells (stud_odds.report.river): the terminal, the
page's ``display`` and a notebook's HTML show the same figures."""

from __future__ import annotations

import html

from typer.testing import CliRunner

from stud_odds.cli import app
from stud_odds.solver import river

HANDS = ["AsKs2d/QhJhTh9c", "[QQ+]x/7c7d2s8h"]
SPOT = ["--pot", "6", "--cap", "2", "-d", "3c 4c 5c 6c"]


def test_the_terminal_the_page_and_the_notebook_show_the_same_cells():
    from stud_odds.report.river import river_display

    result = river(HANDS, pot=6, cap=2, dead="3c 4c 5c 6c")
    printed = CliRunner().invoke(app, ["river", *HANDS, *SPOT]).stdout
    notebook = result._repr_html_()
    decisions = river_display(result)["decisions"]
    assert len(decisions) == len(result.summary())
    for decision in decisions:
        assert decision["title"] in printed
        assert html.escape(decision["title"]) in notebook
        for cells in decision["rows"]:
            # a printed row is its cells between the frame's bars, in order
            assert any([cell.strip() for cell in line.split("│")[1:-1]] == cells
                       for line in printed.splitlines()), cells
            assert "".join(f"<td>{html.escape(cell)}</td>" for cell in cells) in notebook
    assert f"value: seat 1 {result.value[0]:.3f}" in notebook


def test_a_shown_combo_is_a_row_of_its_seats_tables_only():
    from stud_odds.report.river import decision_table

    result = river(HANDS, pot=6, cap=2, dead="3c 4c 5c 6c")
    row = result.combo(1, "AsKs2d")
    for decision in result.summary():
        table = decision_table(result, decision, [(1, row)])
        names = [cells.cells[0] for cells in table.rows]
        assert ("AsKs2d (straight)" in names) == (decision.seat == 1)
        if decision.seat == 1:
            assert table.rows[-1].cells[1] == ""  # a combo has no share of its own
