"""``stud-odds db ...``: your own hands in a SQLite database (import, stats, query, path).

sqlite3, rich and the database package are imported inside the commands, so
``stud-odds --help`` does not load them.
"""

from __future__ import annotations

import json
import sys
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

if TYPE_CHECKING:
    from stud_odds.db import ImportResult, LuckResult, QueryResult, StartsResult, StatsResult

db_app = typer.Typer(
    help="Your own hands: import hand histories into a database, then stats, all-in luck, "
         "starting hands and SQL queries.",
    no_args_is_help=True,
)

DbOption = Annotated[
    str | None,
    typer.Option("--db", envvar="STUD_ODDS_DB", show_default=False, metavar="PATH",
                 help="The database file (default: hands.sqlite in the user data folder; "
                      "stud-odds db path prints it)."),
]
JsonOption = Annotated[bool, typer.Option("--json", help="Print JSON instead of a table.")]
QUERY_MAX_TIME_S = 60  # db query's default time limit: stud_odds.db.query.MAX_TIME_S
QUERY_TIMED_OUT_EXIT = 124  # GNU timeout's status for a command it stopped at its limit
CsvOption = Annotated[bool, typer.Option("--csv", help="Print CSV instead of a table.")]
PlayerOption = Annotated[
    str | None,
    typer.Option("--player", "-p", show_default=False,
                 help="Whose hands (default: the player in most hands)."),
]
GameOption = Annotated[
    str | None,
    typer.Option("--game", "-g", show_default=False, help="Only stud, stud8 or razz."),
]
StakesOption = Annotated[
    str | None,
    typer.Option("--stakes", show_default=False,
                 help="Only these stakes, as the header writes them: '$0.10/$0.20 USD'."),
]
SinceOption = Annotated[
    str | None,
    typer.Option("--since", show_default=False,
                 help="Only hands from this date or time on: 2024-01-31, 2024-01-31 18:00."),
]
UntilOption = Annotated[
    str | None,
    typer.Option("--until", show_default=False,
                 help="Only hands up to this date (that whole day) or time."),
]


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
    from stud_odds.db.store import resolve_path, shown_path

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
    if as_json:
        _json(result.to_dict())
    else:
        _print_import(result)
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


def _print_import(result: ImportResult) -> None:
    """The summary, then each hand that could not be read under its file's name (a line of
    its own: never cut), then each file not imported with why."""
    from rich.markup import escape
    from rich.table import Table

    from stud_odds.console import console
    from stud_odds.db.results import import_words

    console.print(f"{import_words('files', len(result.files))}: {escape(result.sentence())}",
                  highlight=False, soft_wrap=True)
    if result.passed_over:
        console.print(f"{len(result.passed_over)} files in the folders are not text and were "
                      "passed over", highlight=False, soft_wrap=True)
    unread = [f for f in result.files if any(s.stud for s in f.skipped_hands)]
    if unread:
        console.print("hands that could not be read:", highlight=False)
    for file in unread:
        console.print(escape(file.path), highlight=False, soft_wrap=True, style="bold")
        table = Table("line", "hand", "why it could not be read", box=None, padding=(0, 1))
        table.columns[0].justify = "right"
        table.columns[1].no_wrap = True
        for record in (s for s in file.skipped_hands if s.stud):
            table.add_row(str(record.line), record.number or "", escape(record.reason))
        console.print(table)
    if result.failed:
        console.print("files not imported:", highlight=False)
        for file in result.failed:
            console.print(f"  {escape(file.error or '')}", highlight=False, soft_wrap=True)
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
    writer.writerow(keys + [f"net_{_slug(unit)}" for unit in units])
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


def _slug(unit: str) -> str:
    """A unit in a CSV column's name: ``net_USD``, ``net_tournament_chips``."""
    return unit.replace(" ", "_")


def _money(net: dict[str, float], named: bool = True) -> str:
    from stud_odds.db.units import money_text

    return ", ".join(money_text(value, unit, named=named) for unit, value in net.items()) or "0"


def _title(player: str, filters: dict[str, str], what: str) -> str:
    """A table's title: whose figures they are and the filters, ``Hero's stats of stud8``."""
    from rich.markup import escape

    from stud_odds.db.stats import filters_text

    shown = filters_text(filters)
    return escape(f"{player}'s {what}{' ' + shown if shown else ''}")


def _print_stats(result: StatsResult) -> None:
    from rich.markup import escape
    from rich.table import Table

    from stud_odds.console import console
    from stud_odds.db.results import STATS_LABELS, STATS_NOTE

    rows = result.by_game
    # the title on a line of its own: the table is narrow, and would wrap it
    console.print(_title(result.player, result.filters, "stats"), highlight=False,
                  soft_wrap=True, style="italic")
    table = Table("", *(row.game for row in rows), box=None)
    table.columns[0].no_wrap = True
    for column in table.columns[1:]:
        column.justify = "right"

    def share(count: int, of: int | None) -> str:
        return f"{count:,} ({100 * count / of:.1f}%)" if of else f"{count:,}"

    label = STATS_LABELS
    lines = [
        (label["hands"], lambda r: f"{r.hands:,}"),
        (label["vpip"], lambda r: share(r.vpip, r.hands)),
        (label["complete"], lambda r: share(r.complete, r.hands)),
        (label["saw_4th"], lambda r: share(r.saw_4th, r.hands)),
        (label["saw_5th"], lambda r: share(r.saw_5th, r.hands)),
        (label["saw_6th"], lambda r: share(r.saw_6th, r.hands)),
        (label["saw_7th"], lambda r: share(r.saw_7th, r.hands)),
        (label["showdowns"], lambda r: share(r.showdowns, r.hands)),
        (label["won_at_showdown"], lambda r: share(r.won_at_showdown, r.showdowns)),
        (label["scoops"], lambda r: share(r.scoops, r.stud8_showdowns_won)
         if r.game in ("stud8", "all") and r.stud8_showdowns_won else "-"),
        (label["bb_per_100"], lambda r: "-" if r.bb_per_100 is None
         else f"{r.bb_per_100:+,.1f}"),
    ]
    from stud_odds.db.units import unit_order

    # net won: a line per unit (money and chips are never added together)
    for unit in sorted({unit for row in rows for unit in row.net}, key=unit_order):
        lines.append((f"{label['net']}, {unit}",
                      lambda r, unit=unit: _money({unit: r.net[unit]}, named=False) if unit in r.net
                      else "-"))
    for label, show in lines:
        table.add_row(label, *(escape(show(row)) for row in rows))
    console.print(table)
    console.print(f"{STATS_NOTE} (docs/database.md)", style="dim", highlight=False,
                  soft_wrap=True)


@db_app.command("luck")
def luck_command(
    db: DbOption = None,
    player: PlayerOption = None,
    game: GameOption = None,
    stakes: StakesOption = None,
    since: SinceOption = None,
    until: UntilOption = None,
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

    _one_format(as_json, as_csv)
    if money and plot is None:
        from stud_odds.db import DatabaseError

        raise DatabaseError("--money draws the plot in money: give --plot FILE.png too")
    if plot is not None:  # refused before any work: no matplotlib, or a path not writable
        from stud_odds.db.store import resolve_path
        from stud_odds.outputs import check_output_path
        from stud_odds.plot import _pyplot

        database_file = resolve_path(db)  # the plot must never replace the database
        check_output_path(plot, "--plot", [database_file, f"{database_file}-wal",
                                           f"{database_file}-shm"])
        _pyplot()
    with open_db(db, create=False) as database:
        result = _luck_with_progress(database, player, game, stakes, since, until)
    if plot is not None:
        from stud_odds.console import error_console
        from stud_odds.db.plotting import plot_luck
        from stud_odds.db.store import shown_path
        from stud_odds.outputs import atomic_writer

        with atomic_writer(plot, "wb") as stream:
            charts = plot_luck(result, stream, money=money)
        error_console.print(f"wrote the plot ({charts}) to {shown_path(plot)}",
                            highlight=False, soft_wrap=True, markup=False)
    if as_json:
        _json(result.to_dict())
    elif as_csv:
        sys.stdout.write(_rows_csv(result.rows()))
    else:
        _print_luck(result)


def _luck_with_progress(database, player, game, stakes, since, until) -> LuckResult:
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
            return database.luck(player, game, stakes, since, until, progress=progress)
        except KeyboardInterrupt:
            bar.stop()
            error_console.print(
                "[red]interrupted[/]: the all-in equities computed so far are stored (all but "
                "the last second's); the same command computes the rest",
                highlight=False, soft_wrap=True)
            raise typer.Exit(130) from None


def _rows_csv(rows: list[dict[str, Any]]) -> str:
    """CSV of result rows; a dict cell (money by unit) becomes a column per unit."""
    import csv
    import io

    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    if not rows:
        return ""
    columns: list[tuple[str, str | None]] = []
    for key, value in rows[0].items():
        if isinstance(value, dict):
            units = sorted({unit for row in rows for unit in row[key]})
            columns.extend((key, unit) for unit in units)
        else:
            columns.append((key, None))
    writer.writerow([key if unit is None else f"{key}_{_slug(unit)}" for key, unit in columns])
    for row in rows:
        writer.writerow([_csv_value(row[key] if unit is None else row[key].get(unit))
                         for key, unit in columns])
    return out.getvalue()


def _amount(value: float, unit: str) -> str:
    return _money({unit: value}, named=False)


def _print_luck(result: LuckResult) -> None:
    from rich.markup import escape
    from rich.table import Table

    from stud_odds.console import console

    if result.all_in:
        table = Table("hand", "game", "street", "equity", "luck", "running won",
                      "running adjusted", box=None,
                      title=_title(result.player, result.filters, "all-in hands"),
                      title_justify="left")
        for column in table.columns[2:]:
            column.justify = "right"
        for row in result.all_in:
            table.add_row(escape(row.number), row.game, str(row.all_in_street),
                          f"{100 * row.equity:.1f}%", escape(_amount(row.luck, row.unit)),
                          escape(_amount(row.running_net, row.unit)),
                          escape(_amount(row.running_adjusted, row.unit)))
        console.print(table)
    else:
        console.print(f"{_title(result.player, result.filters, 'hands')}: no all-in hand "
                      "before 7th street that reached a showdown",
                      highlight=False, soft_wrap=True)
    totals = Table("", "hands", "all in", "won", "all-in adjusted", "luck", box=None,
                   title="totals", title_justify="left")
    for column in totals.columns[1:]:
        column.justify = "right"
    from stud_odds.db.units import unit_order

    for unit, total in sorted(result.totals().items(), key=lambda item: unit_order(item[0])):
        totals.add_row(escape(unit), f"{total['hands']:,}", f"{total['all_in_hands']:,}",
                       escape(_amount(total["net"], unit)),
                       escape(_amount(total["adjusted"], unit)),
                       escape(_amount(total["luck"], unit)))
    console.print(totals)
    note = ("all-in adjusted: his equity share of the pot when he went all in before 7th "
            "street, less what he put in (stud-odds history's all-in luck; docs/database.md)")
    if result.computed:
        note += (f"; {result.computed} all-in equities computed now"
                 + (" and stored" if result.stored else
                    " (the database is read-only: not stored)"))
    console.print(note, style="dim", highlight=False, soft_wrap=True)


@db_app.command("starts")
def starts_command(
    db: DbOption = None,
    player: PlayerOption = None,
    game: GameOption = None,
    stakes: StakesOption = None,
    since: SinceOption = None,
    until: UntilOption = None,
    as_json: JsonOption = False,
    as_csv: CsvOption = False,
) -> None:
    """His hands by starting-hand class and group, beside the exact table's equity.

    Only the hands whose hole cards are known. Classes: the shipped exact tables'
    (stud-odds starting-hands); groups: trips, buried pair, split pair, three-flush,
    three-straight, other.

    Example: stud-odds db starts --player Hero --game stud
    """
    from stud_odds.db import open as open_db

    _one_format(as_json, as_csv)
    with open_db(db, create=False, read_only=True) as database:
        result = database.starts(player, game, stakes, since, until)
    if as_json:
        _json(result.to_dict())
    elif as_csv:
        sys.stdout.write(_rows_csv(result.rows()))
    else:
        _print_starts(result)


def _print_starts(result: StartsResult) -> None:
    from rich.markup import escape
    from rich.table import Table

    from stud_odds.console import console

    title = _title(result.player, result.filters, "starting hands")
    for game in dict.fromkeys(row.game for row in result.by_start):
        table = Table("start", "hands", "VPIP", "net per hand", "big bets per hand",
                      "exact equity", box=None, title=f"{title}: {game}",
                      title_justify="left")
        for column in table.columns[1:]:
            column.justify = "right"
        rows = [row for row in result.by_start if row.game == game]
        for kind in ("class", "group"):
            for row in (r for r in rows if r.kind == kind):
                per_hand = {unit: value / row.hands for unit, value in row.net.items()}
                table.add_row(escape(row.start), f"{row.hands:,}",
                              f"{row.vpip_pct:.0f}%", escape(_money(per_hand)),
                              "-" if row.bb_per_hand is None else f"{row.bb_per_hand:+,.2f}",
                              f"{100 * row.equity:.1f}%",
                              end_section=kind == "class" and row is [
                                  r for r in rows if r.kind == "class"][-1])
        console.print(table)
    console.print("his hands whose hole cards are known; exact equity: the shipped table's, "
                  "against one random hand (a group: the mean over his hands in it)",
                  style="dim", highlight=False, soft_wrap=True)


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

    _one_format(as_json, as_csv)
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
