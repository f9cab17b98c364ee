"""The ``stud-odds`` command line: a thin typer layer over the Python API."""

from __future__ import annotations

from typing import Annotated

import typer

from stud_odds import __version__
from stud_odds.cards import format_cards, parse_cards
from stud_odds.cli_rules import rules_app
from stud_odds.console import USER_ERRORS, console, fail

app = typer.Typer(
    name="stud-odds",
    help="Equity and odds for Seven Card Stud, Stud Hi-Lo (eight or better) and Razz.",
    context_settings={"help_option_names": ["-h", "--help"]},
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
app.add_typer(rules_app, name="rules")


def _version(value: bool) -> None:
    if value:
        console.print(f"stud-odds {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: Annotated[
        bool,
        typer.Option("--version", callback=_version, is_eager=True, help="Show the version."),
    ] = False,
) -> None:
    """Equity and odds for Seven Card Stud, Stud Hi-Lo (eight or better) and Razz."""


@app.command()
def hand(
    cards: Annotated[list[str], typer.Argument(help="5 to 7 cards, e.g. 'As Ks Qs Js Ts 9d 9c'.")],
) -> None:
    """Value one hand for high, eight-or-better low and razz.

    Example: stud-odds hand AsKsQsJsTs9d9c
    """
    from stud_odds.hands import (
        describe_high,
        describe_low8,
        describe_razz,
        high_value,
        low8_value,
        razz_value,
    )

    try:
        parsed = parse_cards(cards)
        high = describe_high(high_value(parsed))
        low8 = describe_low8(low8_value(parsed))
        razz = describe_razz(razz_value(parsed))
    except USER_ERRORS as exc:
        fail(str(exc))
    console.print(f"{format_cards(parsed, ' ')}", highlight=False)
    console.print(f"  high:            {high}", highlight=False)
    console.print(f"  eight-or-better: {low8}", highlight=False)
    console.print(f"  razz:            {razz}", highlight=False)


def main() -> None:
    app()
