"""The command line's options that describe a spot and how to compute it, made from the
option schema (:mod:`stud_odds.request.schema`): each option's flag, help and metavar come
from there, and every value is read as text and parsed by the schema's one reader, so the
command line accepts and refuses exactly what a batch line or the web page does, with the
same sentence.  ``equity`` and ``outs`` take the same ones, listed once (:func:`spot_options`:
typer reads the annotations, :func:`~stud_odds.cli.gathering.gathered` hands them to the
command as one value).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any

import typer

from stud_odds.cli.gathering import Command, gathered, parameter
from stud_odds.request.schema import OPTIONS, Door


def schema_option(name: str, *aliases: str, help: str | None = None,
                  show_default: bool = False) -> Any:
    """The typer option of the schema's ``name`` (its flag and metavar), read as text; a
    command may word its help for itself, and show a default it has."""
    option = OPTIONS[name]
    return typer.Option(option.flag, *aliases, help=help or option.help, metavar=option.metavar,
                        show_default=show_default)


def _flag(name: str, help: str | None = None) -> Any:
    option = OPTIONS[name]
    return typer.Option(option.flag, help=help or option.help)


HandTexts = Annotated[list[str], typer.Argument(help=OPTIONS["hands"].help, show_default=False)]
GameName = Annotated[str, typer.Option(OPTIONS["game"].flag, "-g", help=OPTIONS["game"].help)]
Dead = Annotated[str, typer.Option(OPTIONS["dead"].flag, "-d", help=OPTIONS["dead"].help)]
Folds = Annotated[list[str] | None, schema_option("folds")]
Community = Annotated[str | None, schema_option("community")]
DeckRuleName = Annotated[str, typer.Option(OPTIONS["deck_rule"].flag,
                                           help=OPTIONS["deck_rule"].help)]
Trials = Annotated[str | None, schema_option("trials", "-n")]
Exact = Annotated[bool, _flag("exact")]
MaxTime = Annotated[str | None, schema_option("max_time")]
Seed = Annotated[str | None, schema_option("seed")]
Threads = Annotated[str | None, schema_option("threads")]
ClassesFlag = Annotated[bool, _flag("classes")]
Pot = Annotated[str | None, schema_option("pot")]
ToCall = Annotated[str | None, schema_option("to_call")]
SeatNumber = Annotated[str, schema_option("player", "-p")]
JsonOut = Annotated[bool, typer.Option("--json", help="Print one JSON object.")]


def precision_option(what: str) -> Any:
    """--precision, in percentage points, of ``what``."""
    return schema_option("precision", help=f"Sample until {what} is at most this many "
                                           "percentage points (e.g. 0.05).")


SpotFields = dict[str, Any]  # a spot's options by the schema's field names, hands aside


def _spot_fields(fold: list[str] | None, **given: Any) -> SpotFields:
    """The spot's options as the schema's fields (``--fold``, given no time: no folds)."""
    return {**given, "folds": fold or None}


def spot_options(precision: str) -> Callable[[Command], Command]:
    """The options that describe a spot and how to compute it, --game to --threads, in the
    command's parameter ``spot`` (:data:`SpotFields`); ``precision`` is what --precision
    bounds, as the command words it."""
    return gathered("spot", [
        parameter("game", GameName, "stud"), parameter("dead", Dead, ""),
        parameter("fold", Folds), parameter("community", Community),
        parameter("deck_rule", DeckRuleName, "casino"), parameter("trials", Trials),
        parameter("precision", Annotated[str | None, precision_option(precision)]),
        parameter("exact", Exact, False), parameter("max_time", MaxTime),
        parameter("seed", Seed), parameter("threads", Threads)], _spot_fields)


def read_option(name: str, value: Any) -> Any:
    """A command-line option's value, read by the schema (None when not given)."""
    return OPTIONS[name].parse(value, Door.COMMAND_LINE)
