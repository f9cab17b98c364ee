"""``stud-odds equity`` and ``stud-odds hand``: one spot's equity, one hand's value."""

from __future__ import annotations

import sys
import time
from contextlib import contextmanager
from typing import TYPE_CHECKING, Annotated

import typer

from stud_odds.cards import format_cards, parse_cards
from stud_odds.cli import options
from stud_odds.console import (
    console,
    error_console,
    fail,
)
from stud_odds.results import StoppedBy

if TYPE_CHECKING:
    from stud_odds.request import SpotRequest
    from stud_odds.results import EquityResult


PROGRESS_AFTER_S = 1.0  # show a progress bar only for runs longer than this


@contextmanager
def progress_reporter(enabled: bool):
    """A progress callback for equity() that draws a bar on stderr after about a second."""
    if not enabled:
        yield None
        return
    from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn

    started = time.perf_counter()
    state: dict = {}

    def update(done: int, total: int | None) -> None:
        if "bar" not in state:
            if time.perf_counter() - started < PROGRESS_AFTER_S:
                return
            bar = Progress(TextColumn("{task.description}"), BarColumn(),
                           TextColumn("{task.completed:,} of {task.total:,}"),
                           TimeElapsedColumn(), console=error_console, transient=True)
            bar.start()
            state["bar"] = bar
            state["task"] = bar.add_task("dealing", total=total or done)
        state["bar"].update(state["task"], completed=done, total=max(total or done, done))

    try:
        yield update
    finally:
        if "bar" in state:
            state["bar"].stop()


@options.spot_options(precision="every equity's standard error")
def equity_command(
    hands: options.HandTexts,
    *,
    spot: options.SpotFields,
    json_out: options.JsonOut = False,
    csv_out: Annotated[bool, typer.Option("--csv", help="Print CSV, one row per player.")] = False,
    classes: options.ClassesFlag = False,
    pot: options.Pot = None,
    to_call: options.ToCall = None,
) -> None:
    """Each player's equity, win, tie and scoop chances in a stud spot.

    Without a stopping option it enumerates every deal when that is quick,
    otherwise it samples until every standard error is at most 0.05 percentage
    points (about a million trials at most).

    Examples:

      stud-odds equity AhKh/Qh 7c7d/2s

      stud-odds equity -g stud8 Ac2c/3c KsKh/4s xx/7h -d '9c Td' --fold 5h
    """
    from stud_odds.request import Door, SpotRequest
    from stud_odds.request.schema import OUTPUT_FIELDS, SPOT_FIELDS

    if json_out and csv_out:
        fail("choose one of --json and --csv")
    request = SpotRequest.from_fields(
        {"hands": hands, **spot, "classes": classes, "pot": pot, "to_call": to_call},
        SPOT_FIELDS + OUTPUT_FIELDS + ("threads",), Door.COMMAND_LINE)
    result = _run_equity(request, quiet=json_out or csv_out)
    _print_equity(request, result, json_out, csv_out)


def _run_equity(spot: SpotRequest, quiet: bool) -> EquityResult:
    """The spot's equity with a progress bar on a terminal (unless ``quiet``); Ctrl-C
    during an enumeration ends the command with status 130."""
    from stud_odds.cli.running import nothing_if_interrupted
    from stud_odds.engine import ExactRefused, run_equity

    try:
        with nothing_if_interrupted("enumeration"), \
                progress_reporter(not quiet and error_console.is_terminal) as progress:
            return run_equity(spot.scenario, spot.stop, threads=spot.threads,
                              progress=progress)
    except ExactRefused as refused:
        fail(refused.for_option("--exact"))


def _print_equity(spot: SpotRequest, result: EquityResult, json_out: bool,
                  csv_out: bool) -> None:
    """The result as a table, JSON or CSV; a sampling stopped by Ctrl-C exits with 130."""
    from stud_odds.pot_odds import PotOdds
    from stud_odds.report import render, to_csv, to_json

    classes = spot.classes
    odds = None if spot.pot is None else PotOdds(spot.pot, spot.to_call,
                                                  result.players[0].equity)
    if json_out:
        print(to_json(result, classes, odds))
    elif csv_out:
        sys.stdout.write(to_csv(result, classes, odds))
    else:
        console.print(render(spot.scenario, result, classes, odds), crop=False)
    if result.stopped_by == StoppedBy.INTERRUPTED:
        raise typer.Exit(130)


def hand(
    cards: Annotated[list[str], typer.Argument(help="5 to 7 cards, e.g. 'As Ks Qs Js Ts 9d 9c'.")],
) -> None:
    """Value one hand for high, eight-or-better low and razz.

    Example: stud-odds hand AsKsQsJsTs9d9c
    """
    from stud_odds.describe import (
        describe_high,
        describe_low8,
        describe_razz,
        high_value,
        low8_value,
        razz_value,
    )

    parsed = parse_cards(cards)
    high = describe_high(high_value(parsed))
    low8 = describe_low8(low8_value(parsed))
    razz = describe_razz(razz_value(parsed))
    console.print(f"{format_cards(parsed, ' ')}", highlight=False)
    console.print(f"  high:            {high}", highlight=False)
    console.print(f"  eight-or-better: {low8}", highlight=False)
    console.print(f"  razz:            {razz}", highlight=False)
