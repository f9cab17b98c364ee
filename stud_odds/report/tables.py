"""A printed table as plain cells: its title, columns, rows of text and the lines around it.

The one description of what a command shows (the database's tables, outs, the hands of a
history file); :func:`rich_table` and :func:`print_view` draw it at a terminal, and
importing this module loads no rich.  The machine formats (JSON, CSV) are the results'
own fields: :func:`stud_odds.report.formats.rows_csv`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rich.console import Console
    from rich.table import Table


@dataclass(frozen=True)
class Column:
    """A column's title and how its cells sit: numbers to the right, names never folded."""

    title: str
    right: bool = False
    no_wrap: bool = False
    style: str | None = None


@dataclass(frozen=True)
class Row:
    """A row's cells as printed (fewer than the columns: the rest are empty)."""

    cells: tuple[str, ...]
    style: str | None = None
    ends_section: bool = False  # a rule under it (the ruled tables) or a blank line


@dataclass
class TextTable:
    """A table of text cells.  ``ruled``: a rule under the header and none at the edges
    (the study and history tables); ``framed``: rich's heavy-headed box all round (the
    river's); else no lines at all (the database's)."""

    columns: list[Column]
    rows: list[Row] = field(default_factory=list)
    title: str | None = None
    caption: str | None = None
    ruled: bool = False
    framed: bool = False
    show_header: bool = True

    def add(self, *cells: str, style: str | None = None, ends_section: bool = False) -> None:
        self.rows.append(Row(cells, style, ends_section))


@dataclass(frozen=True)
class Line:
    """A line of text around the tables.  ``folds``: wrapped at the terminal's width (else
    one line however long, for the terminal to wrap)."""

    text: str
    style: str | None = None
    folds: bool = False


View = list[TextTable | Line]  # what a command prints, top to bottom


def rich_table(table: TextTable) -> Table:
    """``table`` as a rich Table; every text is taken literally (no markup)."""
    from rich import box
    from rich.markup import escape
    from rich.table import Table

    ruled: dict[str, Any] = {"box": box.SIMPLE_HEAD, "pad_edge": False} if table.ruled \
        else {} if table.framed else {"box": None}
    drawn = Table(title=None if table.title is None else escape(table.title),
                  caption=None if table.caption is None else escape(table.caption),
                  title_justify="left", show_header=table.show_header, **ruled)
    for column in table.columns:
        drawn.add_column(escape(column.title), justify="right" if column.right else "left",
                         no_wrap=column.no_wrap, style=column.style)
    for row in table.rows:
        drawn.add_row(*map(escape, row.cells), style=row.style, end_section=row.ends_section)
    return drawn


def print_view(view: View, target: Console, crop: bool = True) -> None:
    """Print each table and line of ``view`` on the console ``target`` (``crop``: cut what is
    wider than the console, as rich does by default)."""
    from rich.markup import escape
    from rich.text import Text

    for part in view:
        if isinstance(part, TextTable):
            target.print(rich_table(part), crop=crop)
        elif part.folds:
            target.print(Text(part.text, style=part.style or ""), crop=crop)
        else:
            target.print(escape(part.text), style=part.style, highlight=False, soft_wrap=True,
                         crop=crop)


__all__ = ["Column", "Line", "Row", "TextTable", "View", "print_view", "rich_table"]
