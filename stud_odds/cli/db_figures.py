"""``stud-odds db stats``, ``luck`` and ``starts``: a player's figures from the database
(registered on the ``db`` group by :mod:`stud_odds.cli.db`, in its order)."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, TypeVar

import typer

from stud_odds.cli.db_options import (
    CsvOption,
    HandsChosen,
    JsonOption,
    hands_chosen,
    one_format,
    show,
    write_rows_csv,
)

if TYPE_CHECKING:
    from stud_odds.db import Database, LuckResult

T = TypeVar("T")


@hands_chosen(whose="stats")
def stats_command(
    *,
    chosen: HandsChosen,
    as_json: JsonOption = False,
    as_csv: CsvOption = False,
) -> None:
    """A player's stats, game by game: VPIP, streets seen, showdowns, scoops, net won.

    Example: stud-odds db stats --player Hero --game stud8
    """
    result = _read(chosen, as_json, as_csv,
                   lambda database: database.stats(**chosen.filters()))
    from stud_odds.report.db import stats_csv, stats_view

    show(result, as_json, as_csv, stats_view, lambda done: sys.stdout.write(stats_csv(done)))


@hands_chosen()
def luck_command(
    *,
    chosen: HandsChosen,
    plot: Annotated[
        Path | None,
        typer.Option("--plot", show_default=False, metavar="FILE.png",
                     help="Also draw the running won and all-in adjusted lines over the "
                          "hands as a PNG, a chart per unit (needs the plot extra: "
                          "matplotlib)."),
    ] = None,
    money: Annotated[
        bool,
        typer.Option("--money", help="Plot in money (or chips), not in big bets."),
    ] = False,
    as_json: JsonOption = False,
    as_csv: CsvOption = False,
) -> None:
    """Net won hand by hand beside the all-in adjusted net (stud-odds history's all-in luck).

    The all-in equities are computed the first time and stored in the database.
    The table lists the all-in hands and the totals; --json and --csv give every hand.

    Example: stud-odds db luck --player Hero --plot luck.png
    """
    from stud_odds.db import open as open_db

    one_format(as_json, as_csv)
    if money and plot is None:
        from stud_odds.db import DatabaseError

        raise DatabaseError("--money draws the plot in money: give --plot FILE.png too")
    if plot is not None:
        _check_plot(plot, chosen.db)
    with open_db(chosen.db, create=False) as database:
        result = _luck_with_progress(database, chosen)
    if plot is not None:
        _write_plot(result, plot, money)
    from stud_odds.report.db import luck_view

    show(result, as_json, as_csv, luck_view, write_rows_csv)


def _check_plot(plot: Path, db: str | None) -> None:
    """Refuse --plot before any work: no matplotlib, or a path not writable."""
    from stud_odds.db.store import resolve_path
    from stud_odds.outputs import check_output_path
    from stud_odds.plot import load_pyplot

    database_file = resolve_path(db)  # the plot must never replace the database
    check_output_path(plot, "--plot", [database_file, f"{database_file}-wal",
                                       f"{database_file}-shm"])
    load_pyplot()


def _write_plot(result: LuckResult, plot: Path, money: bool) -> None:
    from stud_odds.console import error_console
    from stud_odds.db.plotting import plot_luck
    from stud_odds.db.showing import shown_path
    from stud_odds.outputs import atomic_writer

    with atomic_writer(plot, "wb") as stream:
        charts = plot_luck(result, stream, money=money)
    error_console.print(f"wrote the plot ({charts}) to {shown_path(plot)}",
                        highlight=False, soft_wrap=True, markup=False)


def _luck_with_progress(database: Database, chosen: HandsChosen) -> LuckResult:
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeElapsedColumn

    from stud_odds.console import error_console

    bar = Progress("all-in equities", BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                   console=error_console, transient=True,
                   disable=not error_console.is_terminal)
    with bar:
        task = bar.add_task("", total=None)

        def progress(done: int, of: int) -> None:
            bar.update(task, completed=done, total=of)

        try:
            return database.luck(**chosen.filters(), progress=progress)
        except KeyboardInterrupt:
            bar.stop()
            error_console.print(
                "[red]interrupted[/]: the all-in equities computed so far are stored (all but "
                "the last second's); the same command computes the rest",
                highlight=False, soft_wrap=True)
            raise typer.Exit(130) from None


@hands_chosen()
def starts_command(
    *,
    chosen: HandsChosen,
    as_json: JsonOption = False,
    as_csv: CsvOption = False,
) -> None:
    """His hands by starting-hand class and group, beside the exact table's equity.

    Only the hands whose hole cards are known. Classes: the shipped exact tables'
    (stud-odds starting-hands); groups: trips, buried pair, split pair, three-flush,
    three-straight, other.

    Example: stud-odds db starts --player Hero --game stud
    """
    result = _read(chosen, as_json, as_csv,
                   lambda database: database.starts(**chosen.filters()))
    from stud_odds.report.db import starts_view

    show(result, as_json, as_csv, starts_view, write_rows_csv)


def _read(chosen: HandsChosen, as_json: bool, as_csv: bool,
          ask: Callable[[Database], T]) -> T:
    """One read-only question to the chosen database, once the output format is checked."""
    from stud_odds.db import open as open_db

    one_format(as_json, as_csv)
    with open_db(chosen.db, create=False, read_only=True) as database:
        return ask(database)



__all__ = ["luck_command", "starts_command", "stats_command"]
