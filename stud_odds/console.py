"""What every command shares: the consoles and the one way to report a user's mistake."""

from __future__ import annotations

import copy
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


_TYPE_WORDS = {"str": "TEXT", "int": "INTEGER", "float": "NUMBER", "path": "PATH",
               "file": "PATH", "directory": "PATH"}


def _plain_type(label: str | None) -> str | None:
    """typer's ``<str>`` or ``<list[str]>`` as help text for people: ``TEXT``."""
    if not label or not (label.startswith("<") and label.endswith(">")):
        return label
    name = label.strip("<>")
    if name.startswith("list[") and name.endswith("]"):
        name = name[5:-1]
    return _TYPE_WORDS.get(name, name.upper())


def _plain_param(param) -> None:
    """typer (0.2x) labels option types with Python names: ``<str>``, ``<int>``."""
    make_metavar = param.make_metavar
    param.make_metavar = lambda *args, **kwargs: _plain_type(make_metavar(*args, **kwargs))
    if getattr(param, "param_type_name", "") == "argument":
        # an argument's type label is its type's name: give it a copy named in a word
        kind = copy.copy(param.type)
        kind.name = _plain_type(f"<{getattr(param.type, 'name', 'text')}>")
        param.type = kind


def _plain_help_types(command) -> None:
    """Show no type for on/off flags (--help included) and words, not Python type
    names, for the rest."""
    for param in command.params:
        _plain_param(param)
    make_help_option = command.get_help_option

    def help_option(ctx):
        option = make_help_option(ctx)
        if option is not None:
            _plain_param(option)
        return option

    command.get_help_option = help_option
    for sub in getattr(command, "commands", {}).values():
        _plain_help_types(sub)


class StudOddsGroup(TyperGroup):
    """The command group that turns every ``StudOddsError`` into one sentence and exit 2.

    The one place errors meet the edge: commands raise, they do not print errors.
    """

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        _plain_help_types(self)

    def invoke(self, ctx):
        try:
            return super().invoke(ctx)
        except StudOddsError as exc:
            fail(str(exc))
        except KeyboardInterrupt:  # a command with nothing finished to keep or report
            error_console.print("[red]interrupted[/]")
            raise typer.Exit(130) from None


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
