"""The river solve as printed (``stud-odds river``, the page's river view, a notebook): the
lines above the tables, each decision's table by hand class (:mod:`.tables` cells), their
HTML, and the CSV; ``river --json`` is the result's own ``to_dict()``.

It reads the result through :class:`SolvedRiver` (what it shows of it), not the result's
module: ``RiverResult._repr_html_`` draws on this one, which so stands beneath it.
"""

from __future__ import annotations

import csv
import html
import io
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Protocol

from stud_odds.report.tables import Column, Line, TextTable, View
from stud_odds.solver.summary import ClassLine, DecisionSummary, describe_history
from stud_odds.solver.tree import ACTION_NAMES

if TYPE_CHECKING:
    from stud_odds.games import Game

RIVER_CSV_ACTIONS = ("k", "b", "f", "c", "r")  # a column each, empty where not legal


class SolvedRiver(Protocol):
    """What the river's tables show of a solve (``RiverResult`` is one)."""

    @property
    def game(self) -> Game: ...
    @property
    def pot(self) -> float: ...
    @property
    def cap(self) -> int: ...
    @property
    def first(self) -> int: ...
    @property
    def value(self) -> tuple[float, float]: ...
    @property
    def exploitability(self) -> float: ...
    @property
    def method(self) -> str: ...
    def summary(self, seat: int | None = None) -> list[DecisionSummary]: ...
    def rows(self) -> list[dict[str, Any]]: ...
    def combo_line(self, seat: int, history: str, row: int) -> ClassLine: ...


def river_heading(result: SolvedRiver) -> list[str]:
    """The lines above the tables: the spot, each seat's value, the exploitability, how."""
    pot = result.pot
    return [f"{result.game.title}, pot {pot:g} big bets, at most {result.cap} "
            f"bet{'s' if result.cap > 1 else ''}: seat {result.first} acts first",
            f"value: seat 1 {result.value[0]:.3f}, seat 2 {result.value[1]:.3f} big bets "
            f"(of {pot:g})",
            f"exploitability: {result.exploitability:.4f} big bets, "
            f"{result.exploitability / pot:.3%} of the pot",
            f"method: {result.method}"]


def river_value_line(result: SolvedRiver) -> str:
    """The page's one line of value: each seat's, the pot, who acts first."""
    return (f"value: seat 1 {result.value[0]:.3f}, seat 2 {result.value[1]:.3f} big bets "
            f"(of {result.pot:g}); seat {result.first} acts first")


def class_cells(line: ClassLine, actions: tuple[str, ...], share: bool = True) -> list[str]:
    """A row of a decision's table: the name, the share (``share``: else empty, a combo's
    row), each action's frequency and the value (``-`` where it never gets there)."""
    return [line.name, f"{line.share:.1%}" if share else "",
            *(f"{line.frequencies[a]:.0%}" for a in actions),
            "-" if line.value is None else f"{line.value:+.2f}"]


def decision_table(result: SolvedRiver, decision: DecisionSummary,
                   shown: Sequence[tuple[int, int]] = ()) -> TextTable:
    """One decision: a row per hand class, best first, one for all the seat's combos, then
    one for each ``shown`` (seat, combo row) of the seat that acts here."""
    table = TextTable([Column("hand"), Column("share", right=True),
                       *(Column(ACTION_NAMES[a], right=True) for a in decision.actions),
                       Column("value", right=True)],
                      title=f"seat {decision.seat} at {describe_history(decision.history)} "
                            f"(reached {decision.reached:.1%})", framed=True)
    for line in [*decision.lines, decision.overall]:
        table.add(*class_cells(line, decision.actions))
    for seat, row in shown:
        if seat == decision.seat:
            table.add(*class_cells(result.combo_line(seat, decision.history, row),
                                   decision.actions, share=False))
    return table


def river_view(result: SolvedRiver, shown: Sequence[tuple[int, int]] = ()) -> View:
    """``stud-odds river``'s answer: the heading, then each decision's table."""
    return [*(Line(text, folds=True) for text in river_heading(result)),
            *(decision_table(result, decision, shown) for decision in result.summary())]


def river_by_class(result: SolvedRiver) -> list[dict[str, Any]]:
    """Each decision (both seats') by hand class, best class first, as numbers: the share of
    the combos there, each action's frequency and the value in big bets (null where the
    class never gets there), and the same for all the seat's combos."""
    def numbers(line: ClassLine) -> dict[str, Any]:
        return {"hand": line.name, "share": line.share, "frequencies": line.frequencies,
                "value": line.value}

    return [{"seat": decision.seat, "history": decision.history, "reached": decision.reached,
             "actions": list(decision.actions), "classes": [numbers(c) for c in decision.lines],
             "all": numbers(decision.overall)} for decision in result.summary()]


def river_display(result: SolvedRiver) -> dict[str, Any]:
    """What the page shows, as text, the cells ``stud-odds river`` prints: the value line,
    the method line, and each decision as a titled table (its columns, then a row per hand
    class and one for all the seat's hands)."""
    decisions = []
    for decision in result.summary():
        table = decision_table(result, decision)
        decisions.append({"seat": decision.seat, "history": decision.history,
                          "title": table.title,
                          "columns": [column.title for column in table.columns],
                          "rows": [list(row.cells) for row in table.rows]})
    return {"value": river_value_line(result), "method": result.method,
            "decisions": decisions}


def river_html(result: SolvedRiver) -> str:
    """The terminal's answer as HTML (``RiverResult._repr_html_``, Jupyter): a paragraph
    per heading line, then each decision's title and table."""
    parts = [f"<p>{html.escape(text)}</p>" for text in river_heading(result)]
    for decision in result.summary():
        table = decision_table(result, decision)
        head = "".join(f"<th>{html.escape(column.title)}</th>" for column in table.columns)
        body = "".join("<tr>" + "".join(f"<td>{html.escape(cell)}</td>" for cell in row.cells)
                       + "</tr>" for row in table.rows)
        parts.append(f"<p>{html.escape(table.title or '')}</p>"
                     f"<table><tr>{head}</tr>{body}</table>")
    return "\n".join(parts)


def river_csv(result: SolvedRiver) -> str:
    """One row per (player, history, hole cards): the hand class, its weight, each legal
    action's frequency (empty for an illegal one) and the combo's value there."""
    output = io.StringIO()
    writer = csv.writer(output, lineterminator="\n")
    writer.writerow(["player", "history", "hole", "hand", "weight", *RIVER_CSV_ACTIONS,
                     "value"])
    for row in result.rows():
        writer.writerow([row["player"], row["history"], row["hole"], row["hand"],
                         f"{row['weight']:.6g}",
                         *(f"{row[ACTION_NAMES[a]]:.6f}" if ACTION_NAMES[a] in row else ""
                           for a in RIVER_CSV_ACTIONS),
                         "" if row["value"] is None else f"{row['value']:.6f}"])
    return output.getvalue()


__all__ = ["RIVER_CSV_ACTIONS", "SolvedRiver", "class_cells", "decision_table", "river_by_class",
           "river_csv", "river_display", "river_heading", "river_html", "river_value_line",
           "river_view"]
