"""``stud-odds river``: how to bet and call seventh street heads-up, at equilibrium."""

from __future__ import annotations

import json
import sys
from typing import TYPE_CHECKING, Annotated

import typer

from stud_odds.cli import options
from stud_odds.console import console, error_console, fail

if TYPE_CHECKING:
    from stud_odds.solver import RiverResult


# the options, named once so the command's signature reads as a list
RiverHands = Annotated[list[str], typer.Argument(
    help="Two seventh-street hands, each as the other player sees it: three hole cards "
         "(a range and x, xxx, or known cards) and four upcards, e.g. xxx/QhJhTh9c, "
         "'[QQ+, AK]x/QhJhTh9c', AsKs2d/QhJhTh9c.", show_default=False)]
RiverPot = Annotated[str, typer.Option("--pot", help="The pot before the river's betting, in "
                                                "big bets (5.5 is fine).",
                                  show_default=False)]
RiverCap = Annotated[str | None, typer.Option(
    "--cap", help="Bets allowed in all on the river, 1 to 8 (default: the table rule, a "
                  "bet and three raises).", show_default=False)]
RiverAccuracy = Annotated[str, typer.Option(
    "--accuracy", help="Solve until the exploitability is at most this share of the pot.")]
ShownHole = Annotated[str | None, typer.Option(
    "--show", metavar="HOLE", help="Also show this combo's own line at every decision "
                                   "of the player who may hold it, e.g. AsKs2d.",
    show_default=False)]
RiverCsv = Annotated[bool, typer.Option(
    "--csv", help="Print CSV, one row per player, history and hole cards.")]


def river_command(
    hands: RiverHands,
    pot: RiverPot,
    game: options.GameName = "stud",
    cap: RiverCap = None,
    dead: options.Dead = "",
    fold: options.Folds = None,
    accuracy: RiverAccuracy = "0.001",
    show: ShownHole = None,
    json_out: options.JsonOut = False,
    csv_out: RiverCsv = False,
) -> None:
    """Solve the river heads-up: each player's betting and calling at equilibrium.

    The pot is P big bets, every bet and raise one big bet, the first to act the seat
    the rules name for seventh street; at most --cap bets in all.

    Examples:

      stud-odds river xxx/QhJhTh9c '[QQ+, AK]x/7c7d2s8h' --pot 6

      stud-odds river -g stud8 '[A2, A3, 23]x/4h5c9dKs' xxx/6h7h8h2c --pot 5.5 --show As2s3d
    """
    from stud_odds.cli.equity import progress_reporter
    from stud_odds.cli.running import nothing_if_interrupted
    from stud_odds.engine import Cancelled
    from stud_odds.errors import StudOddsError
    from stud_odds.report.river import river_csv, river_view
    from stud_odds.report.tables import print_view
    from stud_odds.solver import river

    if json_out and csv_out:
        fail("choose one of --json and --csv")
    try:
        with nothing_if_interrupted("solve", Cancelled), \
                progress_reporter(not (json_out or csv_out) and error_console.is_terminal) as bar:
            result = river(hands, game, pot=pot, cap=cap, dead=dead, folds=fold or None,
                           accuracy=accuracy, progress=bar)
        shown = _shown_rows(result, show) if show else []
    except StudOddsError as error:
        fail(str(error))
    if json_out:
        print(json.dumps(result.to_dict()))
    elif csv_out:
        sys.stdout.write(river_csv(result))
    else:
        print_view(river_view(result, shown), console)


def _shown_rows(result: RiverResult, hole: str) -> list[tuple[int, int]]:
    """(seat, row) of each player who may hold ``hole``; a RiverError when neither may."""
    from stud_odds.cards import CardError
    from stud_odds.errors import blame, shown
    from stud_odds.solver import RiverError

    with blame("show"):
        try:
            found = [(seat, result.combo(seat, hole)) for seat in (1, 2)]
        except CardError as error:
            raise RiverError(f"--show: {error}") from None
        except ValueError:  # not three cards
            raise RiverError(f"--show takes three hole cards, such as AsKs2d, not "
                             f"{shown(hole)}") from None
        rows = [(seat, row) for seat, row in found if row is not None]
        if not rows:
            raise RiverError(f"--show {hole} is not a combo either player can hold here")
    return rows
