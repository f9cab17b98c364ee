"""The ``stud-odds`` command line: a thin typer layer over the Python API, one module per
command group, each imported only when its command runs (the quick question pays for no
other command's imports)."""

from __future__ import annotations

from typing import Annotated

import typer

from stud_odds.console import StudOddsGroup, console, show_notices


class _CommandLine(StudOddsGroup):
    """stud-odds' commands, each imported when used."""

    lazy_commands = {
        "equity": "stud_odds.cli.equity:equity_command",
        "hand": "stud_odds.cli.equity:hand",
        "scoop": "stud_odds.cli.study:scoop",
        "replay": "stud_odds.cli.study:replay_command",
        "starting-hands": "stud_odds.cli.study:starting_hands_command",
        "batch": "stud_odds.cli.batch:batch",
        "history": "stud_odds.cli.history:history_command",
        "outs": "stud_odds.cli.outs:outs_command",
        "serve": "stud_odds.cli.serve:serve",  # the web stack loads only when it runs
        "rules": "stud_odds.cli.rules:rules_app",
        "db": "stud_odds.cli.db:db_app",
        "river": "stud_odds.cli.river:river_command",
    }


app = typer.Typer(
    name="stud-odds",
    cls=_CommandLine,
    help="Equity and odds for Seven Card Stud, Stud Hi-Lo (eight or better) and Razz.",
    context_settings={"help_option_names": ["-h", "--help"]},
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode="rich",
)


def _version(value: bool) -> None:
    if value:
        from stud_odds import __version__

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
    show_notices()


def main() -> None:
    from stud_odds import compiling

    compiling.allow()  # a command that finds a kernel missing compiles it in the background
    _keep_freed_memory()
    app()


# glibc's mallopt parameters
_M_TRIM_THRESHOLD, _M_MMAP_THRESHOLD, _M_ARENA_MAX = -1, -3, -8


def _keep_freed_memory() -> None:
    """Let glibc's malloc keep freed memory for the next array, in a command's own process:
    numpy's temporaries of over 128 KB are otherwise each a fresh mmap whose pages fault
    in again, about a third of a first exact answer's time (and with one arena, the
    count's threads share what is kept).  Arrays over 32 MB are still given back at
    once, and freed memory over 256 MB at the top of the heap.  Elsewhere, nothing."""
    import ctypes

    try:
        mallopt = ctypes.CDLL(None).mallopt
    except (OSError, AttributeError):  # not glibc (macOS, Windows)
        return
    mallopt(_M_MMAP_THRESHOLD, 32 << 20)
    mallopt(_M_TRIM_THRESHOLD, 256 << 20)
    mallopt(_M_ARENA_MAX, 1)
