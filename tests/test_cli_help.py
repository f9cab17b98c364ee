"""Every command's --help as rendered: nothing its help texts say is lost to rich markup."""

import re

import pytest
import typer
from typer.testing import CliRunner

from stud_odds.cli import app

runner = CliRunner()


def _commands(command, path=()):
    """Every command under ``command``, those imported only when used included."""
    yield path, command
    if hasattr(command, "list_commands"):
        context = typer.Context(command)
        for name in command.list_commands(context):
            yield from _commands(command.get_command(context, name), (*path, name))


def _bracketed():
    """(command path, each bracketed text in its help or its parameters' help)."""
    for path, command in _commands(typer.main.get_command(app)):
        texts = [command.help or ""] + [getattr(p, "help", None) or "" for p in command.params]
        for text in texts:
            for found in re.findall(r"\[[^\]\n]*\]", text):
                yield path, found


def _flat(text: str) -> str:
    """Rendered help without its box lines and line breaks."""
    return " ".join(re.sub(r"[│╭╮╰╯─]", " ", text).split())


BRACKETED = sorted(set(_bracketed()))


def test_the_help_texts_hold_brackets_to_check():
    assert {text for _, text in BRACKETED} >= {"[cluster]", "[QQ+, AK]"}


@pytest.mark.parametrize("path, text", BRACKETED)
def test_every_bracketed_text_is_rendered(path, text):
    shown = runner.invoke(app, [*path, "--help"])
    assert shown.exit_code == 0
    assert _flat(text.replace("\\[", "[")) in _flat(shown.stdout), (path, text)


def test_equity_help_promises_no_time_cap():
    shown = _flat(runner.invoke(app, ["equity", "--help"]).stdout)
    assert "60 s" not in shown and "at most 0.05 percentage points" in shown


EVERY_COMMAND = ["equity", "hand", "scoop", "replay", "starting-hands", "batch", "history",
                 "outs", "serve", "rules", "db"]


def test_the_help_lists_every_command_with_its_help_in_order():
    shown = runner.invoke(app, ["--help"], terminal_width=200).stdout
    rows = [line.strip("│ ").split(None, 1) for line in shown.splitlines()
            if line.startswith("│ ") and not line.startswith("│ -")]
    listed = [row for row in rows if row and row[0] in EVERY_COMMAND]
    assert [name for name, _ in listed] == EVERY_COMMAND
    root = typer.main.get_command(app)
    for name, help_text in listed:
        command = root.get_command(typer.Context(root), name)
        # the first line of its help (rich wraps the rest)
        assert command.get_short_help_str(200).startswith(help_text.strip()), name


def test_the_walk_reaches_every_subcommand():
    paths = {path for path, _ in _commands(typer.main.get_command(app))}
    assert {("outs",), ("serve",), ("rules", "split"), ("db", "import")} <= paths
