"""What the ``stud-odds db`` commands share: their options and how a result is printed
(JSON, CSV or its tables, :mod:`stud_odds.report.db`)."""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import asdict, dataclass
from typing import TYPE_CHECKING, Annotated, Any

import typer

from stud_odds.cli.gathering import Command, gathered, parameter

if TYPE_CHECKING:
    from stud_odds.report.tables import View

DbOption = Annotated[
    str | None,
    typer.Option("--db", envvar="STUD_ODDS_DB", show_default=False, metavar="PATH",
                 help="The database file (default: hands.sqlite in the user data folder; "
                      "stud-odds db path prints it)."),
]
JsonOption = Annotated[bool, typer.Option("--json", help="Print JSON instead of a table.")]
CsvOption = Annotated[bool, typer.Option("--csv", help="Print CSV instead of a table.")]
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


@dataclass(frozen=True)
class HandsChosen:
    """The database a figures command reads (--db) and which of its hands: whose (--player),
    of which game and stakes, from and until when."""

    db: str | None
    player: str | None
    game: str | None
    stakes: str | None
    since: str | None
    until: str | None

    def filters(self) -> dict[str, str | None]:
        """All but the database, as Database.stats, luck and starts take them."""
        chosen = asdict(self)
        del chosen["db"]
        return chosen


def hands_chosen(whose: str = "hands") -> Callable[[Command], Command]:
    """The options of :class:`HandsChosen`, --db to --until, in the command's parameter
    ``chosen``; ``whose``: what --player picks, as the command words it."""
    player = Annotated[str | None, typer.Option(
        "--player", "-p", show_default=False,
        help=f"Whose {whose} (default: the player in most hands).")]
    return gathered("chosen", [
        parameter("db", DbOption), parameter("player", player), parameter("game", GameOption),
        parameter("stakes", StakesOption), parameter("since", SinceOption),
        parameter("until", UntilOption)], HandsChosen)


def print_json(data: Any) -> None:
    """``data`` as indented JSON on stdout."""
    from stud_odds.report.formats import json_text

    print(json_text(data))


def show(result: Any, as_json: bool, as_csv: bool, view: Callable[[Any], View],
          write_csv: Callable[[Any], None] | None = None) -> None:
    """Print ``result`` as JSON, as CSV (``write_csv``) or as its tables (``view``)."""
    if as_json:
        print_json(result.to_dict())
    elif as_csv and write_csv is not None:
        write_csv(result)
    else:
        from stud_odds.console import console
        from stud_odds.report.tables import print_view

        print_view(view(result), console)


def write_rows_csv(result: Any) -> None:
    """``result.rows()`` as CSV on stdout."""
    from stud_odds.report.formats import rows_csv

    sys.stdout.write(rows_csv(result.rows()))


def one_format(as_json: bool, as_csv: bool) -> None:
    """Refuse --json with --csv."""
    if as_json and as_csv:
        from stud_odds.db import DatabaseError

        raise DatabaseError("--json and --csv cannot be used together: choose one")



__all__ = ["CsvOption", "DbOption", "GameOption", "HandsChosen", "JsonOption", "SinceOption",
           "StakesOption", "UntilOption", "hands_chosen", "one_format", "print_json", "show",
           "write_rows_csv"]
