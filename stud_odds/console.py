"""What every command shares: the consoles and the one way to report a user's mistake."""

from __future__ import annotations

from typing import NoReturn

import typer
from rich.console import Console
from rich.markup import escape

from stud_odds.cards import CardError
from stud_odds.games import GameError

console = Console()
error_console = Console(stderr=True)

# Errors in what the user typed (all ValueError subclasses): one red sentence, exit status 2.
USER_ERRORS: tuple[type[Exception], ...] = (CardError, GameError)


def fail(message: str) -> NoReturn:
    """Print one red sentence on stderr and exit with status 2."""
    # escape: a message may quote text with brackets, e.g. pip install 'stud-odds[plot]'
    error_console.print(f"[bold red]error:[/] {escape(message)}", highlight=False,
                        soft_wrap=True)
    raise typer.Exit(2)
