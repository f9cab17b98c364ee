"""The database's results as printed (``stud-odds db ...``): the import summary, a player's
stats, all-in luck and starting hands, a query's rows, as :mod:`.tables` views; their
CSV and JSON are :mod:`.formats`' (the results' own rows)."""

from __future__ import annotations

import csv
import io
from typing import IO, TYPE_CHECKING

from stud_odds.report.formats import column_slug, csv_value
from stud_odds.report.tables import Column, Line, TextTable, View

if TYPE_CHECKING:
    from stud_odds.db import ImportResult, LuckResult, QueryResult, StartsResult, StatsResult
    from stud_odds.db.results import StatsRow

DATABASE_DOCS = "docs/database.md"
LUCK_NOTE = ("all-in adjusted: his equity share of the pot when he went all in before 7th "
             f"street, less what he put in (stud-odds history's all-in luck; {DATABASE_DOCS})")
STARTS_NOTE = ("his hands whose hole cards are known; exact equity: the shipped table's, "
               "against one random hand (a group: the mean over his hands in it)")


def money(net: dict[str, float], named: bool = True) -> str:
    """Chips won by unit, ``+$2.00, +7 play money``; ``0`` when there are none."""
    from stud_odds.db.units import money_text

    return ", ".join(money_text(value, unit, named=named) for unit, value in net.items()) or "0"


def _amount(value: float, unit: str) -> str:
    return money({unit: value}, named=False)


def title(player: str, filters: dict[str, str], what: str) -> str:
    """A table's title: whose figures they are and the filters, ``Hero's stats of stud8``."""
    from stud_odds.db.stats import filters_text

    shown = filters_text(filters)
    return f"{player}'s {what}{' ' + shown if shown else ''}"


def import_view(result: ImportResult) -> View:
    """The summary, then each hand that could not be read under its file's name (a line of
    its own: never cut), then each file not imported with why."""
    from stud_odds.db.results import import_words

    view: View = [Line(f"{import_words('files', len(result.files))}: {result.sentence()}")]
    if result.passed_over:
        view.append(Line(f"{len(result.passed_over)} files in the folders are not text and "
                         "were passed over"))
    unread = [f for f in result.files if any(s.stud for s in f.skipped_hands)]
    if unread:
        view.append(Line("hands that could not be read:"))
    for file in unread:
        table = TextTable([Column("line", right=True), Column("hand", no_wrap=True),
                           Column("why it could not be read")])
        for record in (s for s in file.skipped_hands if s.stud):
            table.add(str(record.line), record.number or "", record.reason)
        view += [Line(file.path, style="bold"), table]
    if result.failed:
        view.append(Line("files not imported:"))
        view += [Line(f"  {file.error or ''}") for file in result.failed]
    return [*view, Line(f"database: {result.database}", style="dim")]


def _share(count: int, of: int | None) -> str:
    return f"{count:,} ({100 * count / of:.1f}%)" if of else f"{count:,}"


def _stats_lines(rows: list[StatsRow]) -> list[tuple[str, list[str]]]:
    """Each line of the stats table: its label and a cell per game."""
    from stud_odds.db.results import STATS_LABELS as LABEL
    from stud_odds.db.units import unit_order

    def line(key: str, show) -> tuple[str, list[str]]:
        return LABEL[key], [show(row) for row in rows]

    lines = [line("hands", lambda r: f"{r.hands:,}")]
    lines += [line(key, lambda r, key=key: _share(getattr(r, key), r.hands))
              for key in ("vpip", "complete", "saw_4th", "saw_5th", "saw_6th", "saw_7th",
                          "showdowns")]
    lines += [
        line("won_at_showdown", lambda r: _share(r.won_at_showdown, r.showdowns)),
        line("scoops", lambda r: _share(r.scoops, r.stud8_showdowns_won)
             if r.game in ("stud8", "all") and r.stud8_showdowns_won else "-"),
        line("bb_per_100", lambda r: "-" if r.bb_per_100 is None else f"{r.bb_per_100:+,.1f}"),
    ]
    # net won: a line per unit (money and chips are never added together)
    for unit in sorted({unit for row in rows for unit in row.net}, key=unit_order):
        lines.append((f"{LABEL['net']}, {unit}",
                      [_amount(row.net[unit], unit) if unit in row.net else "-"
                       for row in rows]))
    return lines


def stats_view(result: StatsResult) -> View:
    """A player's stats, a column per game, under its title (a line of its own: the table
    is narrow, and would wrap it)."""
    from stud_odds.db.results import STATS_NOTE

    rows = result.by_game
    table = TextTable([Column("", no_wrap=True), *(Column(row.game, right=True)
                                                   for row in rows)])
    for label, cells in _stats_lines(rows):
        table.add(label, *cells)
    return [Line(title(result.player, result.filters, "stats"), style="italic"), table,
            Line(f"{STATS_NOTE} ({DATABASE_DOCS})", style="dim")]


def luck_view(result: LuckResult) -> View:
    """The all-in hands, the totals by unit, and how the adjusted net is found."""
    from stud_odds.db.units import unit_order

    if result.all_in:
        hands = TextTable([Column("hand"), Column("game"),
                           *(Column(name, right=True) for name in (
                               "street", "equity", "luck", "running won", "running adjusted"))],
                          title=title(result.player, result.filters, "all-in hands"))
        for row in result.all_in:
            hands.add(row.number, row.game, str(row.all_in_street), f"{100 * row.equity:.1f}%",
                      _amount(row.luck, row.unit), _amount(row.running_net, row.unit),
                      _amount(row.running_adjusted, row.unit))
        view: View = [hands]
    else:
        view = [Line(f"{title(result.player, result.filters, 'hands')}: no all-in hand "
                     "before 7th street that reached a showdown")]
    totals = TextTable([Column(""), *(Column(name, right=True) for name in (
        "hands", "all in", "won", "all-in adjusted", "luck"))], title="totals")
    for unit, total in sorted(result.totals().items(), key=lambda item: unit_order(item[0])):
        totals.add(unit, f"{total['hands']:,}", f"{total['all_in_hands']:,}",
                   _amount(total["net"], unit), _amount(total["adjusted"], unit),
                   _amount(total["luck"], unit))
    note = LUCK_NOTE
    if result.computed:
        note += (f"; {result.computed} all-in equities computed now"
                 + (" and stored" if result.stored else
                    " (the database is read-only: not stored)"))
    return [*view, totals, Line(note, style="dim")]


def starts_view(result: StartsResult) -> View:
    """A table per game: his starting-hand classes, then the groups, beside the exact
    table's equity."""
    view: View = []
    for game in dict.fromkeys(row.game for row in result.by_start):
        table = TextTable([Column("start"), *(Column(name, right=True) for name in (
            "hands", "VPIP", "net per hand", "big bets per hand", "exact equity"))],
            title=f"{title(result.player, result.filters, 'starting hands')}: {game}")
        rows = [row for row in result.by_start if row.game == game]
        last_class = next((r for r in reversed(rows) if r.kind == "class"), None)
        for kind in ("class", "group"):
            for row in (r for r in rows if r.kind == kind):
                per_hand = {unit: value / row.hands for unit, value in row.net.items()}
                table.add(row.start, f"{row.hands:,}", f"{row.vpip_pct:.0f}%", money(per_hand),
                          "-" if row.bb_per_hand is None else f"{row.bb_per_hand:+,.2f}",
                          f"{100 * row.equity:.1f}%", ends_section=row is last_class)
        view.append(table)
    return [*view, Line(STARTS_NOTE, style="dim")]


def query_view(result: QueryResult) -> View:
    """The rows a query read, a column per result column (numbers to the right, as the
    first row has them), and how many."""
    first = result.data[0] if result.data else ()
    table = TextTable([Column(name, right=index < len(first)
                              and isinstance(first[index], int | float))
                       for index, name in enumerate(result.columns)])
    for row in result.data:
        table.add(*("" if value is None else str(value) for value in row))
    count = len(result.data)
    return [table, Line(f"{count:,} row{'s' if count != 1 else ''}", style="dim")]


def stats_csv(result: StatsResult) -> str:
    """A row per game; the net won last, a column per unit (``net_USD``)."""
    rows = result.rows()
    units = sorted({unit for row in rows for unit in row["net"]})
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    keys = [key for key in rows[0] if key != "net"]
    writer.writerow(keys + [f"net_{column_slug(unit)}" for unit in units])
    for row in rows:
        writer.writerow([csv_value(row[key]) for key in keys]
                        + [csv_value(row["net"].get(unit)) for unit in units])
    return out.getvalue()


def write_query_csv(result: QueryResult, stream: IO[str]) -> None:
    """A query's rows as CSV: the column names, then each row (NULL: an empty field)."""
    writer = csv.writer(stream, lineterminator="\n")
    writer.writerow(result.columns)
    for row in result.data:
        writer.writerow(["" if value is None else value for value in row])


__all__ = ["LUCK_NOTE", "STARTS_NOTE", "import_view", "luck_view", "money", "query_view",
           "starts_view", "stats_csv", "stats_view", "title", "write_query_csv"]
