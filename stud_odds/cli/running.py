"""What the long-running commands share: ``--scheduler`` and the one way a command ends on
Ctrl-C (``batch``, ``history``, ``replay``, ``starting-hands``, ``scoop``; ``equity``,
``outs`` and ``river``, whose unfinished count means nothing)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Annotated, NoReturn, TypeVar

import typer
from rich.markup import escape

from stud_odds.console import error_console

_T = TypeVar("_T")
INTERRUPTED_EXIT = 130  # what a shell reports for a program stopped by SIGINT

# --scheduler, shared by batch, starting-hands and history
Scheduler = Annotated[str | None, typer.Option(
    "--scheduler", envvar="STUD_ODDS_SCHEDULER", metavar="ADDRESS", show_envvar=True,
    help="Run on the Dask cluster whose scheduler is at ADDRESS (e.g. tcp://10.0.0.5:8786); "
         "needs pip install 'stud-odds\\[cluster]'. See docs/cluster.md.")]


def stopped(message: str) -> NoReturn:
    """The one line a command prints when Ctrl-C stops it, then exit status 130."""
    error_console.print(f"[bold yellow]{escape(message)}[/]", highlight=False, soft_wrap=True)
    raise typer.Exit(INTERRUPTED_EXIT)


def interruptible(run: Callable[[], _T], message: Callable[[KeyboardInterrupt], str]) -> _T:
    """``run()``; Ctrl-C ends the command with ``message(stop)`` and exit status 130."""
    try:
        return run()
    except KeyboardInterrupt as stop:
        stopped(message(stop))


@contextmanager
def nothing_if_interrupted(what: str, *also: type[BaseException]) -> Iterator[None]:
    """A count whose part means nothing (an enumeration, the outs' table, the river's solve):
    Ctrl-C (or one of ``also``) ends the command with status 130, saying so."""
    try:
        yield
    except (KeyboardInterrupt, *also):
        error_console.print(f"[red]interrupted: the {what} did not finish, so there is nothing "
                            "to report[/]")
        raise typer.Exit(INTERRUPTED_EXIT) from None


__all__ = ["INTERRUPTED_EXIT", "Scheduler", "interruptible", "nothing_if_interrupted", "stopped"]
