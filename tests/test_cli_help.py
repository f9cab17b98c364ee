"""Every command's --help as rendered: nothing its help texts say is lost to rich markup."""

import re

import pytest
import typer
from typer.testing import CliRunner

from stud_odds.cli import app

runner = CliRunner()


def _commands(command, path=()):
    yield path, command
    for name, sub in getattr(command, "commands", {}).items():
        yield from _commands(sub, (*path, name))


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
