"""``stud-odds db ...``: your own hands in a SQLite database (import, stats, query, path).

sqlite3, rich and the database package are imported inside the commands, so
``stud-odds --help`` does not load them.
"""

from __future__ import annotations

import json
import sys
from dataclasses import replace
from typing import TYPE_CHECKING, Annotated, Any

import typer

if TYPE_CHECKING:
    from stud_odds.db import ImportResult, QueryResult, StatsResult

db_app = typer.Typer(
    help="Your own hands: import hand histories into a database, then stats and SQL queries.",
    no_args_is_help=True,
)

DbOption = Annotated[
    str | None,
    typer.Option("--db", envvar="STUD_ODDS_DB", show_default=False, metavar="PATH",
                 help="The database file (default: hands.sqlite in the user data folder; "
                      "stud-odds db path prints it)."),
]
JsonOption = Annotated[bool, typer.Option("--json", help="Print JSON instead of a table.")]
CsvOption = Annotated[bool, typer.Option("--csv", help="Print CSV instead of a table.")]


def _json(data: Any) -> None:
    print(json.dumps(data, indent=2, ensure_ascii=False,
                     default=lambda v: v.hex() if isinstance(v, bytes) else str(v)))


def _one_format(as_json: bool, as_csv: bool) -> None:
    if as_json and as_csv:
        from stud_odds.db import DatabaseError

        raise DatabaseError("--json and --csv cannot be used together: choose one")


@db_app.command("path")
def path_command(db: DbOption = None) -> None:
    """Print the database file's path (--db, else STUD_ODDS_DB, else the default)."""
    from stud_odds.db.store import resolve_path

    print(resolve_path(db))


@db_app.command("import")
def import_command(
    paths: Annotated[
        list[str],
        typer.Argument(help="PokerStars hand-history files, or folders (read recursively, "
                            "text files only).", show_default=False, metavar="FILES_OR_FOLDERS"),
    ],
    db: DbOption = None,
    as_json: JsonOption = False,
    workers: Annotated[
        int | None,
        typer.Option("--workers", min=1, max=64, show_default=False,
                     help="Processes that read files while one writes (default: one a core, "
                          "up to 4, for 8 MB of text or more in several files; 1: none)."),
    ] = None,
) -> None:
    """Import hand histories, a file at a time; hands already stored are not added again.

    Example: stud-odds db import ~/PokerStars/HandHistory
    """
    from stud_odds.console import error_console
    from stud_odds.db import open as open_db
    from stud_odds.db.importing import collect_files

    # a path that is not there is refused before any work; folders are walked once
    files, passed_over = collect_files(paths)
    database = open_db(db)
    try:
        result = _import_with_progress(database, files, error_console, workers)
    finally:
        database.close()
    result = replace(result, passed_over=tuple(passed_over))
    if as_json:
        _json(result.to_dict())
    else:
        _print_import(result)
    if result.failed:
        from stud_odds.console import fail

        first = result.failed[0]
        more = f" (and {len(result.failed) - 1} more files)" if len(result.failed) > 1 else ""
        fail(f"{first.error}{more}")


def _import_with_progress(database, files: list, error_console,
                          workers: int | None) -> ImportResult:
    import os

    from rich.progress import BarColumn, DownloadColumn, Progress, TimeElapsedColumn

    total = 0
    for file in files:
        try:
            total += os.path.getsize(file)
        except OSError:
            pass
    terminal = error_console.is_terminal
    bar = Progress("importing", BarColumn(), DownloadColumn(), "{task.description}",
                   TimeElapsedColumn(), console=error_console, transient=True,
                   disable=not terminal)
    committed = {"files": 0, "new": 0}
    with bar:
        task = bar.add_task("", total=total or None)

        def progress(done, size: int) -> None:
            committed["files"] += 1
            committed["new"] += done.new
            bar.update(task, advance=size,
                       description=f"{committed['files']}/{len(files)} files, "
                                   f"{committed['new']:,} new hands")
            if not terminal:  # a log, line by line, for scripts and for the tests
                what = done.error or (f"{done.new:,} new, {done.already:,} already in the "
                                      "database")
                print(f"imported {done.path}: {what}", file=sys.stderr, flush=True)

        try:
            return database.import_files(files, progress=progress, workers=workers)
        except KeyboardInterrupt:
            bar.stop()
            error_console.print(
                f"[red]interrupted[/]: {committed['files']} of {len(files)} files were "
                f"imported ({committed['new']:,} new hands); the same command imports the rest",
                highlight=False, soft_wrap=True)
            raise typer.Exit(130) from None


def _print_import(result: ImportResult) -> None:
    from rich.markup import escape
    from rich.table import Table

    from stud_odds.console import console

    files = len(result.files)
    console.print(f"{files} file{'s' if files != 1 else ''}: {escape(result.sentence())}",
                  highlight=False, soft_wrap=True)
    if result.passed_over:
        console.print(f"{len(result.passed_over)} files in the folders are not text and were "
                      "passed over", highlight=False, soft_wrap=True)
    unread = [s for f in result.files for s in f.skipped_hands]
    if unread:
        table = Table("file:line", "hand", "why it could not be read", box=None,
                      title="hands that could not be read", title_justify="left")
        for record in unread:
            table.add_row(escape(f"{record.path}:{record.line}"), record.number or "",
                          escape(record.reason))
        console.print(table)
    console.print(f"database: {escape(result.database)}", highlight=False, soft_wrap=True,
                  style="dim")


@db_app.command("stats")
def stats_command(
    db: DbOption = None,
    player: Annotated[
        str | None,
        typer.Option("--player", "-p", show_default=False,
                     help="Whose stats (default: the player in most hands)."),
    ] = None,
    game: Annotated[
        str | None,
        typer.Option("--game", "-g", show_default=False, help="Only stud, stud8 or razz."),
    ] = None,
    stakes: Annotated[
        str | None,
        typer.Option("--stakes", show_default=False,
                     help="Only these stakes, as the header writes them: '$0.10/$0.20 USD'."),
    ] = None,
    since: Annotated[
        str | None,
        typer.Option("--since", show_default=False,
                     help="Only hands from this date or time on: 2024-01-31, 2024-01-31 18:00."),
    ] = None,
    until: Annotated[
        str | None,
        typer.Option("--until", show_default=False,
                     help="Only hands up to this date (that whole day) or time."),
    ] = None,
    as_json: JsonOption = False,
    as_csv: CsvOption = False,
) -> None:
    """A player's stats, game by game: VPIP, streets seen, showdowns, scoops, net won.

    Example: stud-odds db stats --player Hero --game stud8
    """
    from stud_odds.db import open as open_db

    _one_format(as_json, as_csv)
    with open_db(db, create=False, read_only=True) as database:
        result = database.stats(player, game, stakes, since, until)
    if as_json:
        _json(result.to_dict())
    elif as_csv:
        sys.stdout.write(_stats_csv(result))
    else:
        _print_stats(result)


def _stats_csv(result: StatsResult) -> str:
    import csv
    import io

    rows = result.rows()
    units = sorted({unit for row in rows for unit in row["net"]})
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    keys = [key for key in rows[0] if key != "net"]
    writer.writerow(keys + [f"net_{unit}" for unit in units])
    for row in rows:
        writer.writerow([_csv_value(row[key]) for key in keys]
                        + [_csv_value(row["net"].get(unit)) for unit in units])
    return out.getvalue()


def _csv_value(value: Any) -> Any:
    if value is None:
        return ""
    if isinstance(value, float):
        return f"{value:.4f}".rstrip("0").rstrip(".")
    return value


def _money(net: dict[str, float]) -> str:
    parts = []
    for unit, value in net.items():
        if unit == "chips":
            parts.append(f"{value:+,.0f} chips" if value == int(value) else
                         f"{value:+,.2f} chips")
        else:
            parts.append(f"{value:+,.2f} {unit}")
    return ", ".join(parts) or "0"


def _print_stats(result: StatsResult) -> None:
    from rich.markup import escape
    from rich.table import Table

    from stud_odds.console import console

    rows = result.by_game
    table = Table("", *(row.game for row in rows), box=None, title_justify="left",
                  title=f"{escape(result.player)}"
                        + (f" ({', '.join(f'{k} {v}' for k, v in result.filters.items())})"
                           if result.filters else ""))
    table.columns[0].no_wrap = True
    for column in table.columns[1:]:
        column.justify = "right"

    def share(count: int, of: int | None) -> str:
        return f"{count:,} ({100 * count / of:.1f}%)" if of else f"{count:,}"

    lines = [
        ("hands", lambda r: f"{r.hands:,}"),
        ("VPIP", lambda r: share(r.vpip, r.hands)),
        ("completed or raised 3rd", lambda r: share(r.complete, r.hands)),
        ("saw 4th street", lambda r: share(r.saw_4th, r.hands)),
        ("saw 5th street", lambda r: share(r.saw_5th, r.hands)),
        ("saw 6th street", lambda r: share(r.saw_6th, r.hands)),
        ("saw 7th street", lambda r: share(r.saw_7th, r.hands)),
        ("went to showdown", lambda r: share(r.showdowns, r.hands)),
        ("won at showdown", lambda r: share(r.won_at_showdown, r.showdowns)),
        ("scoops (stud8)", lambda r: share(r.scoops, r.stud8_showdowns_won)
         if r.game in ("stud8", "all") and r.stud8_showdowns_won else "-"),
        ("net won", lambda r: _money(r.net)),
        ("big bets per 100 hands", lambda r: "-" if r.bb_per_100 is None
         else f"{r.bb_per_100:+,.1f}"),
    ]
    for label, show in lines:
        table.add_row(label, *(escape(show(row)) for row in rows))
    console.print(table)
    console.print("VPIP, streets and showdown: % of hands; won at showdown: % of his "
                  "showdowns; scoops: % of the stud8 showdowns he won part of "
                  "(docs/database.md)", style="dim", highlight=False, soft_wrap=True)


@db_app.command("query")
def query_command(
    sql: Annotated[str, typer.Argument(help="One SQL statement that reads, e.g. "
                                            "\"SELECT game, count(*) FROM hands GROUP BY game\".",
                                       show_default=False, metavar="SQL")],
    db: DbOption = None,
    as_json: JsonOption = False,
    as_csv: CsvOption = False,
) -> None:
    """Run one SQL statement on a read-only connection; any write is refused.

    The tables and columns: docs/database.md.
    """
    from stud_odds.db import open as open_db

    _one_format(as_json, as_csv)
    with open_db(db, create=False, read_only=True) as database:
        result = database.query(sql)
    if as_json:
        _json(result.to_dict())
    elif as_csv:
        _query_csv(result)
    else:
        _print_query(result)


def _query_csv(result: QueryResult) -> None:
    import csv

    writer = csv.writer(sys.stdout, lineterminator="\n")
    writer.writerow(result.columns)
    for row in result.data:
        writer.writerow(["" if value is None else value for value in row])


def _print_query(result: QueryResult) -> None:
    from rich.markup import escape
    from rich.table import Table

    from stud_odds.console import console

    table = Table(*(escape(c) for c in result.columns), box=None)
    for column, sample in zip(table.columns, result.data[0] if result.data else (),
                              strict=False):
        if isinstance(sample, int | float):
            column.justify = "right"
    for row in result.data:
        table.add_row(*(escape("" if value is None else str(value)) for value in row))
    console.print(table)
    count = len(result.data)
    console.print(f"{count:,} row{'s' if count != 1 else ''}", style="dim", highlight=False)


__all__ = ["db_app"]
