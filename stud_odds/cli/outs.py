"""``stud-odds outs``: what each card a player can receive next does to his chances."""

from __future__ import annotations

import csv
import io
import json
import sys
from typing import TYPE_CHECKING, Annotated

import typer

from stud_odds.cli import options
from stud_odds.console import console, error_console, fail

if TYPE_CHECKING:
    from stud_odds.next_cards import OutsResult

CSV_FIELDS = ("card", "equity", "high_win", "high_tie", "low_win", "low_tie", "scoop", "change",
              "group", "equity_se")
# a row's colour is its group's (OutsGroup.tone), as on the page
_STYLES = {"better": "green", "worse": "red", "unclear": "italic"}


def outs_command(
    hands: options.HandTexts,
    player: options.SeatNumber = "1",
    game: options.GameName = "stud",
    dead: options.Dead = "",
    fold: options.Folds = None,
    community: options.Community = None,
    deck_rule: options.DeckRuleName = "casino",
    trials: options.Trials = None,
    precision: Annotated[str | None, options.precision_option(
        "each card's standard error (default 0.3)")] = None,
    exact: options.Exact = False,
    max_time: options.MaxTime = None,
    seed: options.Seed = None,
    threads: options.Threads = None,
    json_out: options.JsonOut = False,
    csv_out: Annotated[bool, typer.Option("--csv", help="Print CSV, one row per card.")] = False,
) -> None:
    """What each card a player can receive next does to his chances.

    For every card he has not seen: his equity (high, low, scoop) once it is his,
    and the change from now, exact where equity would be exact, grouped by what the
    card does.  His next card is an upcard on 4th to 6th street, his last hole card
    on 7th, or the shared seventh-street card when the deck runs short.

    Examples:

      stud-odds outs AhKh/Qh8d 7c7d/2s3s

      stud-odds outs -g stud8 Ac2c/3c4d KsKh/4s9c --player 2
    """
    from stud_odds.engine import ExactRefused
    from stud_odds.next_cards import outs as table_of_outs
    from stud_odds.request import Door, SpotRequest
    from stud_odds.request.schema import SPOT_FIELDS

    if json_out and csv_out:
        fail("choose one of --json and --csv")
    seat = options.read_option("player", player)
    spot = SpotRequest.from_fields(
        {"hands": hands, "game": game, "dead": dead, "folds": fold or None,
         "community": community, "deck_rule": deck_rule, "trials": trials,
         "precision": precision, "exact": exact, "max_time": max_time, "seed": seed,
         "threads": threads}, (*SPOT_FIELDS, "threads"), Door.COMMAND_LINE)
    try:
        result = table_of_outs(spot.scenario, seat, threads=spot.threads,
                               **spot.stop.as_keywords())
    except ExactRefused as refused:
        fail(refused.for_option("--exact"))
    except KeyboardInterrupt:
        error_console.print("[red]interrupted: the table did not finish, so there is nothing "
                            "to report[/]")
        raise typer.Exit(130) from None
    if json_out:
        print(json.dumps(result.to_dict(), indent=2, allow_nan=False))
    elif csv_out:
        sys.stdout.write(_csv(result))
    else:
        console.print(_table(result), crop=False)


def _csv(result: OutsResult) -> str:
    out = io.StringIO()
    writer = csv.DictWriter(out, CSV_FIELDS, lineterminator="\n")
    writer.writeheader()
    for card in result.cards:
        writer.writerow({key: "" if value is None else value
                         for key, value in card.to_dict().items()})
    return out.getvalue()


def _columns(result: OutsResult) -> list[tuple[str, str]]:
    """(title, field) of the table's rate columns, as the game has them."""
    columns = [("equity", "equity"), ("change", "change")]
    if result.game.value != "razz":
        columns.append(("high win", "high_win"))
    if result.game.value != "stud":
        columns.append(("low win", "low_win"))
    if result.game.value == "stud8":
        columns.append(("scoop", "scoop"))
    return columns


def _table(result: OutsResult):
    from rich.console import Group
    from rich.table import Table
    from rich.text import Text

    from stud_odds.report.cells import INTERVAL_NOTE, INTERVAL_TITLE
    from stud_odds.result_terms import Z95, OutsGroup
    from stud_odds.scenario.table import street_name

    whose = "the community card" if result.community else f"seat {result.player}'s next card"
    title = Text(f"{result.game.title}: {whose} ({street_name(result.street)})", style="bold")
    now = Text(f"now: {100 * result.now.equity:.2f}%")
    table = Table(box=None, header_style="bold")
    table.add_column("card")
    columns = _columns(result)
    for name, _ in columns:
        table.add_column(name, justify="right")
    if result.method != "exact":
        table.add_column(INTERVAL_TITLE, justify="right")
    for group in OutsGroup:
        cards = [card for card in result.cards if card.group == group]
        if not cards:
            continue
        table.add_row(Text(f"{group} ({len(cards)})", style="bold"))
        for card in cards:
            cells = [card.card]
            for name, field in columns:
                value = getattr(card, field)
                cells.append(f"{100 * value:+.2f}" if name == "change" else f"{100 * value:.2f}%")
            if result.method != "exact":
                cells.append(f"{100 * Z95 * (card.equity_se or 0.0):.2f}")
            table.add_row(*cells, style=_STYLES.get(card.group.tone))
    if result.method == "exact":
        method = f"exact: every one of {result.outcomes:,} deals of every card's spot"
    else:
        method = f"sampled: {result.outcomes:,} trials, seed {result.seed}; {INTERVAL_NOTE}"
    return Group(title, now, table, Text(result.summary()),
                 Text(f"{method}, {result.elapsed_s:.2f} s", style="dim"))
