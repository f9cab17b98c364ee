"""``stud-odds db ...``: your own hands in a SQLite database (import, stats, query, path);
stats, luck and starts are :mod:`stud_odds.cli.db_figures`.

sqlite3, rich and the database package are imported inside the commands, so
``stud-odds --help`` does not load them.
"""

from __future__ import annotations

import sys
from dataclasses import replace
from typing import TYPE_CHECKING, Annotated

import typer

from stud_odds.cli.db_figures import luck_command, starts_command, stats_command
from stud_odds.cli.db_options import CsvOption, DbOption, JsonOption, one_format, show

if TYPE_CHECKING:
    from stud_odds.db import ImportResult

db_app = typer.Typer(
    help="Your own hands: import hand histories into a database, then stats, all-in luck, "
         "starting hands and SQL queries.",
    no_args_is_help=True,
)

QUERY_MAX_TIME_S = 60  # db query's default time limit: stud_odds.db.query.MAX_TIME_S
QUERY_TIMED_OUT_EXIT = 124  # GNU timeout's status for a command it stopped at its limit


@db_app.command("path")
def path_command(db: DbOption = None) -> None:
    """Print the database file's path (--db, else STUD_ODDS_DB, else the default)."""
    from stud_odds.db.showing import shown_path
    from stud_odds.db.store import resolve_path

    print(shown_path(resolve_path(db)))


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
    from stud_odds.report.db import import_view

    show(result, as_json, False, import_view)
    if result.failed:  # each file's reason is in the summary (or the JSON): said once
        from stud_odds.console import fail
        from stud_odds.db.results import import_words

        names = ", ".join(file.path for file in result.failed[:3])
        more = f" and {len(result.failed) - 3:,} more" if len(result.failed) > 3 else ""
        fail(f"{len(result.failed):,} of {import_words('files', len(result.files))} not "
             f"imported: {names}{more} (why: in the {'JSON' if as_json else 'summary'})")


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
                if done.error:  # why: in the summary, once
                    print(f"not imported: {done.path}", file=sys.stderr, flush=True)
                else:
                    print(f"imported {done.path}: {done.new:,} new, {done.already:,} already "
                          "in the database", file=sys.stderr, flush=True)

        try:
            return database.import_files(files, progress=progress, workers=workers)
        except KeyboardInterrupt:
            bar.stop()
            error_console.print(
                f"[red]interrupted[/]: {committed['files']} of {len(files)} files were "
                f"imported ({committed['new']:,} new hands); the same command imports the rest",
                highlight=False, soft_wrap=True)
            raise typer.Exit(130) from None


db_app.command("stats")(stats_command)
db_app.command("luck")(luck_command)
db_app.command("starts")(starts_command)


@db_app.command("query")
def query_command(
    sql: Annotated[str, typer.Argument(help="One SQL statement that reads, e.g. "
                                            "\"SELECT game, count(*) FROM hands GROUP BY game\".",
                                       show_default=False, metavar="SQL")],
    db: DbOption = None,
    max_time: Annotated[
        str,
        typer.Option("--max-time", metavar="SECONDS",
                     help="Stop the query after this many seconds, with exit status 124 "
                          "(0 or none: no limit)."),
    ] = f"{QUERY_MAX_TIME_S:g}",
    as_json: JsonOption = False,
    as_csv: CsvOption = False,
) -> None:
    """Run one SQL statement on a read-only connection; any write is refused.

    Ctrl-C stops it at once (exit status 130); so does the time limit (--max-time, exit
    status 124, as GNU timeout's). The tables and columns: docs/database.md.
    """
    from rich.markup import escape

    from stud_odds.console import error_console
    from stud_odds.db import open as open_db
    from stud_odds.db.query import QueryTimedOut, check_max_time

    one_format(as_json, as_csv)
    seconds = check_max_time(max_time, "--max-time")
    with open_db(db, create=False, read_only=True) as database:
        try:
            result = database.query(sql, max_time=seconds)
        except QueryTimedOut as stopped:
            error_console.print(f"[bold red]error:[/] {escape(str(stopped))}",
                                highlight=False, soft_wrap=True)
            raise typer.Exit(QUERY_TIMED_OUT_EXIT) from None
        except KeyboardInterrupt:
            error_console.print("[red]interrupted[/]: the query was stopped (it only reads: "
                                "nothing changed)", highlight=False, soft_wrap=True)
            raise typer.Exit(130) from None
    from stud_odds.report.db import query_view, write_query_csv

    show(result, as_json, as_csv, query_view, lambda done: write_query_csv(done, sys.stdout))


__all__ = ["db_app"]
