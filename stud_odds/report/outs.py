"""An outs table as printed (``stud-odds outs``): a row per card grouped by what it does,
the lines around it (:mod:`.tables` cells), and its CSV and JSON."""

from __future__ import annotations

import csv
import io
from typing import TYPE_CHECKING

from stud_odds.report.cells import INTERVAL_NOTE, INTERVAL_TITLE
from stud_odds.report.formats import strict_json
from stud_odds.report.tables import Column, Line, TextTable, View
from stud_odds.result_terms import Z95, OutsGroup

if TYPE_CHECKING:
    from stud_odds.next_cards import OutsResult

OUTS_CSV_FIELDS = ("card", "equity", "high_win", "high_tie", "low_win", "low_tie", "scoop",
                   "change", "group", "equity_se")
# a row's colour is its group's (OutsGroup.tone), as on the page
TONE_STYLES = {"better": "green", "worse": "red", "unclear": "italic"}


def outs_json(result: OutsResult) -> str:
    """The table as strict JSON (never NaN), indented."""
    return strict_json(result.to_dict())


def outs_csv(result: OutsResult) -> str:
    """A row per card: OUTS_CSV_FIELDS, an empty field where the game has no such rate."""
    out = io.StringIO()
    writer = csv.DictWriter(out, OUTS_CSV_FIELDS, lineterminator="\n")
    writer.writeheader()
    for card in result.cards:
        writer.writerow({key: "" if value is None else value
                         for key, value in card.to_dict().items()})
    return out.getvalue()


def rate_columns(result: OutsResult) -> list[tuple[str, str]]:
    """(title, field) of the table's rate columns, as the game has them."""
    columns = [("equity", "equity"), ("change", "change")]
    game = result.game
    if game.has_high:
        columns.append(("high win", "high_win"))
    if game.has_low:
        columns.append(("low win", "low_win"))
    if game.has_high and game.has_low:  # a scoop is winning both halves
        columns.append(("scoop", "scoop"))
    return columns


def outs_table(result: OutsResult) -> TextTable:
    """A row per card, under a row naming each group and its count; the ±95% column when
    the cards were sampled."""
    sampled = result.method != "exact"
    columns = rate_columns(result)
    table = TextTable([Column("card"), *(Column(name, right=True) for name, _ in columns),
                       *([Column(INTERVAL_TITLE, right=True)] if sampled else [])])
    for group in OutsGroup:
        cards = [card for card in result.cards if card.group == group]
        if not cards:
            continue
        table.add(f"{group} ({len(cards)})", style="bold")
        for card in cards:
            cells = [card.card]
            for name, field in columns:
                value = getattr(card, field)
                cells.append(f"{100 * value:+.2f}" if name == "change" else f"{100 * value:.2f}%")
            if sampled:
                cells.append(f"{100 * Z95 * (card.equity_se or 0.0):.2f}")
            table.add(*cells, style=TONE_STYLES.get(card.group.tone))
    return table


def outs_view(result: OutsResult) -> View:
    """The title, the equity now, the table, the summary and how it was found."""
    from stud_odds.scenario.table import street_name

    whose = "the community card" if result.community else f"seat {result.player}'s next card"
    if result.method == "exact":
        method = f"exact: every one of {result.outcomes:,} deals of every card's spot"
    else:
        method = f"sampled: {result.outcomes:,} trials, seed {result.seed}; {INTERVAL_NOTE}"
    return [Line(f"{result.game.title}: {whose} ({street_name(result.street)})", style="bold",
                 folds=True),
            Line(f"now: {100 * result.now.equity:.2f}%", folds=True), outs_table(result),
            Line(result.summary(), folds=True),
            Line(f"{method}, {result.elapsed_s:.2f} s", style="dim", folds=True)]


__all__ = ["OUTS_CSV_FIELDS", "TONE_STYLES", "outs_csv", "outs_json", "outs_table", "outs_view",
           "rate_columns"]
