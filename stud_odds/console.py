"""What every command shares: the consoles and the one way to report a user's mistake.

``StudOddsGroup``, the root command group, turns any ``StudOddsError``, and any usage
error click finds, into one red sentence and exit status 2 (``fail``), and a closed
output pipe (``| head``) into a quiet exit with status 141, for every command; it also
imports each command's module only when that command runs (``lazy_commands``)."""

from __future__ import annotations

import copy
import errno
import logging
import os
import sys
from typing import NoReturn

import typer
from rich.console import Console
from rich.markup import escape
from typer.core import TyperGroup

from stud_odds.errors import StudOddsError


class _Console(Console):
    """A rich console whose closed pipe ends the command like any other write's
    (StudOddsGroup), not with rich's own exit status 1."""

    def on_broken_pipe(self) -> None:
        self.quiet = True
        raise BrokenPipeError(errno.EPIPE, "the reader of the output has gone")


console = _Console()
error_console = _Console(stderr=True)
CLOSED_PIPE_EXIT = 141  # 128 + SIGPIPE: what `yes | head -1` leaves in a shell
# click's exceptions, from wherever this typer keeps click (0.28 carries its own copy)
click_errors = sys.modules[typer.BadParameter.__module__]


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

    # name -> "module:attribute" of a command (a function) or a command group (a
    # typer.Typer) imported only when it is run or its help is shown: a command pays for
    # no other command's imports.  A subclass fills it (cli/__init__.py); --help lists these
    # after the commands defined eagerly, in this order.
    lazy_commands: dict[str, str] = {}

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        _plain_help_types(self)

    def list_commands(self, ctx) -> list[str]:
        return [*super().list_commands(ctx),
                *(name for name in self.lazy_commands if name not in self.commands)]

    def get_command(self, ctx, cmd_name: str):
        if cmd_name not in self.commands and cmd_name in self.lazy_commands:
            command = _imported_command(cmd_name, self.lazy_commands[cmd_name],
                                        self.rich_markup_mode)
            _plain_help_types(command)
            self.commands[cmd_name] = command
        return super().get_command(ctx, cmd_name)

    def main(self, args=None, prog_name=None, complete_var=None, standalone_mode=True,
             **extra):
        """Run the command line: a usage error is one sentence and status 2, and a reader
        that closed the pipe (``| head``) ends the command quietly with status 141."""
        if not standalone_mode:  # a caller that handles click's exceptions itself
            return super().main(args, prog_name, complete_var, standalone_mode, **extra)
        try:
            code = super().main(args, prog_name, complete_var, False, **extra)
            sys.stdout.flush()  # a closed pipe shows here, not in Python's exit
        except BrokenPipeError:
            code = _closed_pipe()
        except click_errors.UsageError as exc:
            code = exc.exit_code
            if type(exc).__name__ != "NoArgsIsHelpError":  # that one printed the help
                error_console.print(f"[bold red]error:[/] {escape(_usage_sentence(exc))}",
                                    highlight=False, soft_wrap=True)
        except click_errors.ClickException as exc:
            exc.show()
            code = exc.exit_code
        except typer.Abort:
            error_console.print("[red]aborted[/]")
            code = 1
        sys.exit(code if isinstance(code, int) else 0)

    def invoke(self, ctx):
        try:
            return super().invoke(ctx)
        except StudOddsError as exc:
            fail(str(exc))
        except BrokenPipeError:
            raise typer.Exit(_closed_pipe()) from None
        except KeyboardInterrupt:  # a command with nothing finished to keep or report
            error_console.print("[red]interrupted[/]")
            raise typer.Exit(130) from None


def _imported_command(name: str, where: str, rich_markup_mode):
    """The click command of a lazy command (StudOddsGroup.lazy_commands), built as typer
    builds a command or group registered on the app."""
    import importlib

    module, attribute = where.split(":")
    target = getattr(importlib.import_module(module), attribute)
    if isinstance(target, typer.Typer):
        command = typer.main.get_group(target)  # a group of the app: no completion options
    else:
        one = typer.Typer(rich_markup_mode=rich_markup_mode, add_completion=False)
        one.command(name)(target)
        command = typer.main.get_command(one)
    command.name = name
    return command


def _closed_pipe() -> int:
    """Standard output's reader has gone (``stud-odds ... | head -1``): nothing more can be
    shown, so stop quietly, as Unix tools do, with the status a shell gives a program
    ended by SIGPIPE (README: "Exit status")."""
    try:  # else Python reports the closed pipe again when it flushes stdout at exit
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    except (OSError, ValueError):
        pass
    return CLOSED_PIPE_EXIT


def _usage_sentence(exc: Exception) -> str:
    """click's message about a command line as one sentence, pointing to the help."""
    message = exc.format_message().strip().rstrip(".")
    if message[:1].isupper() and message[1:2].islower():
        message = message[0].lower() + message[1:]
    ctx = getattr(exc, "ctx", None)
    command = ctx.command_path if ctx is not None else "stud-odds"
    return f"{message}; see {command} --help"


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
