"""report/tables.py: the one description of a printed table, and report/'s place under the
doors (it prints what the command line and the page choose; it never imports them)."""

import ast
import subprocess
import sys
from pathlib import Path

from rich import box
from rich.console import Console
from rich.table import Table

from stud_odds.report.tables import Column, Line, TextTable, print_view

REPORT = Path(__file__).parents[1] / "stud_odds" / "report"
DOORS = ("stud_odds.cli", "stud_odds.web")


def _printed(view) -> str:
    console = Console(width=60, record=True, color_system=None, force_terminal=False)
    with console.capture() as captured:
        print_view(view, console)
    return captured.get()


def test_a_cell_title_or_line_is_printed_as_written():
    """Text that looks like rich markup (a player named [b]x[/b]) is shown, never obeyed."""
    table = TextTable([Column("[b]name[/b]"), Column("n", right=True)], title="[red]title[/]")
    table.add("[bold]Hero[/bold]", "1")
    printed = _printed([table, Line("[dim]a note[/dim]"), Line("[i]folds[/i]", folds=True)])
    for text in ("[b]name[/b]", "[red]title[/]", "[bold]Hero[/bold]", "[dim]a note[/dim]",
                 "[i]folds[/i]"):
        assert text in printed


def test_a_ruled_table_prints_as_the_rich_table_it_describes():
    """The description draws the same bytes as the rich table the commands built by hand."""
    table = TextTable([Column("hand", no_wrap=True), Column("equity", right=True),
                       Column("", style="dim")], title="all-in hands", ruled=True,
                      caption="2 more hands in the totals")
    table.add("2900001", "19.7%", "note")
    table.add("2900002", "80.3%", "", ends_section=True)
    table.add("total", "", "+1.00", style="bold")
    by_hand = Table(box=box.SIMPLE_HEAD, pad_edge=False, title="all-in hands",
                    title_justify="left", caption="2 more hands in the totals")
    by_hand.add_column("hand", no_wrap=True)
    by_hand.add_column("equity", justify="right")
    by_hand.add_column("", style="dim")
    by_hand.add_row("2900001", "19.7%", "note")
    by_hand.add_row("2900002", "80.3%", "")
    by_hand.add_section()
    by_hand.add_row("total", "", "+1.00", style="bold")
    console = Console(width=60, color_system=None, force_terminal=False)
    with console.capture() as captured:
        console.print(by_hand)
    assert _printed([table]) == captured.get()


def _doors_imported(tree: ast.AST) -> set[str]:
    found = set()
    for node in ast.walk(tree):
        names = [alias.name for alias in node.names] if isinstance(node, ast.Import) else \
            [node.module or ""] if isinstance(node, ast.ImportFrom) else []
        found.update(name for name in names if name.startswith(DOORS))
    return found


def test_report_imports_no_door():
    """report/ stands under the command line and the web page: they call it, never the
    other way round (an import inside a function or under TYPE_CHECKING counts too)."""
    imported = {path.name: _doors_imported(ast.parse(path.read_text()))
                for path in REPORT.glob("*.py")}
    assert {name: doors for name, doors in imported.items() if doors} == {}
    assert len(imported) >= 8  # cells, terminal, formats, tables, db, outs, history, study


def test_the_door_check_sees_a_door():
    tree = ast.parse("def f():\n    from stud_odds.cli.db_options import show\n"
                     "import stud_odds.web.app\n")
    assert _doors_imported(tree) == {"stud_odds.cli.db_options", "stud_odds.web.app"}


def test_the_cells_load_no_rich():
    """The database's and outs' cells (and CSV) are plain text: a page or a notebook can
    use them without the terminal's library."""
    code = ("import sys, stud_odds.report.tables, stud_odds.report.db, stud_odds.report.outs\n"
            "print(sorted(name for name in sys.modules if name.split('.')[0] == 'rich'))")
    shown = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                           check=True)
    assert shown.stdout.strip() == "[]"
