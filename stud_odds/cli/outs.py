"""``stud-odds outs``: what each card a player can receive next does to his chances
(the table and its formats: :mod:`stud_odds.report.outs`)."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Annotated

import typer

from stud_odds.cli import options
from stud_odds.console import console, fail

if TYPE_CHECKING:
    from stud_odds.next_cards import OutsResult


@options.spot_options(precision="each card's standard error (default 0.3)")
def outs_command(
    hands: options.HandTexts,
    player: options.SeatNumber = "1",
    *,
    spot: options.SpotFields,
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
    from stud_odds.cli.running import nothing_if_interrupted
    from stud_odds.engine import ExactRefused
    from stud_odds.next_cards import outs as table_of_outs
    from stud_odds.request import Door, SpotRequest
    from stud_odds.request.schema import SPOT_FIELDS

    if json_out and csv_out:
        fail("choose one of --json and --csv")
    seat = options.read_option("player", player)
    request = SpotRequest.from_fields({"hands": hands, **spot}, (*SPOT_FIELDS, "threads"),
                                      Door.COMMAND_LINE)
    try:
        with nothing_if_interrupted("table"):
            result = table_of_outs(request.scenario, seat, threads=request.threads,
                                   **request.stop.as_keywords())
    except ExactRefused as refused:
        fail(refused.for_option("--exact"))
    _show(result, json_out, csv_out)


def _show(result: OutsResult, json_out: bool, csv_out: bool) -> None:
    """Print the table as JSON, as CSV or as the terminal's table (report/outs.py)."""
    from stud_odds.report.outs import outs_csv, outs_json, outs_view
    from stud_odds.report.tables import print_view

    if json_out:
        print(outs_json(result))
    elif csv_out:
        sys.stdout.write(outs_csv(result))
    else:
        print_view(outs_view(result), console, crop=False)
