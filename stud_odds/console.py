"""What every command shares: the consoles and the one way to report a user's mistake."""

from __future__ import annotations

from pathlib import Path
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


def _compiled_marker() -> Path:
    """A file that exists once this version's kernels have been compiled and cached."""
    from platformdirs import user_cache_dir

    from stud_odds import __version__

    return Path(user_cache_dir("stud-odds")) / f"compiled-{__version__}"


def announce_compiling() -> None:
    """Say so before the first run compiles the kernels (several seconds, once)."""
    if not _compiled_marker().exists():
        error_console.print("[dim]compiling the kernels (first run only)...[/]")


def mark_compiled() -> None:
    try:
        marker = _compiled_marker()
        marker.parent.mkdir(parents=True, exist_ok=True)
        marker.touch()
    except OSError:
        pass  # only costs the notice being shown again
