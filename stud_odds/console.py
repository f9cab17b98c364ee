"""What every command shares: the consoles and the one way to report a user's mistake."""

from __future__ import annotations

import logging
from typing import NoReturn

import typer
from rich.console import Console
from rich.markup import escape
from typer.core import TyperGroup

from stud_odds.errors import StudOddsError

console = Console()
error_console = Console(stderr=True)


def fail(message: str) -> NoReturn:
    """Print one red sentence on stderr and exit with status 2."""
    # escape: a message may quote text with brackets, e.g. pip install 'stud-odds[plot]'
    error_console.print(f"[bold red]error:[/] {escape(message)}", highlight=False,
                        soft_wrap=True)
    raise typer.Exit(2)


class StudOddsGroup(TyperGroup):
    """The command group that turns every ``StudOddsError`` into one sentence and exit 2.

    The one place errors meet the edge: commands raise, they do not print errors.
    """

    def invoke(self, ctx):
        try:
            return super().invoke(ctx)
        except StudOddsError as exc:
            fail(str(exc))


class _NoticeHandler(logging.Handler):
    """stud-odds' notices (compiling, a damaged cache) as dim lines on stderr, each once."""

    def __init__(self) -> None:
        super().__init__(logging.INFO)
        self.said: set[str] = set()

    def emit(self, record: logging.LogRecord) -> None:
        message = record.getMessage()
        if message not in self.said:
            self.said.add(message)
            style = "yellow" if record.levelno >= logging.WARNING else "dim"
            error_console.print(f"[{style}]{escape(message)}[/]", highlight=False,
                                soft_wrap=True)


def show_notices() -> None:
    """Print the engine's notices (it logs to the ``stud_odds`` logger) for a command."""
    logger = logging.getLogger("stud_odds")
    if not any(isinstance(h, _NoticeHandler) for h in logger.handlers):
        logger.addHandler(_NoticeHandler())
        logger.setLevel(logging.INFO)
        logger.propagate = False
