"""``stud-odds rules ...``: bring-in, first to act, limits, chip splits, showdown order."""

from __future__ import annotations

import typer

rules_app = typer.Typer(
    help="Table rules: who brings in, who acts first, bet sizes, splitting a pot into chips.",
    no_args_is_help=True,
)
