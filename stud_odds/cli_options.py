"""The command line's options that describe a spot and how to compute it, defined once:
``equity`` and ``outs`` take the same ones (typer reads these annotations)."""

from __future__ import annotations

from typing import Annotated

import typer

Hands = Annotated[list[str], typer.Argument(
    help="One per live player: DOWN/UP, e.g. AsKs/Qh, xx/7d (unknown hole cards), "
         "AsKs2d/QhJhTh9c (seventh street), or 'random'.", show_default=False)]
GameName = Annotated[str, typer.Option("--game", "-g", help="stud, stud8 (hi-lo), razz.")]
Dead = Annotated[str, typer.Option("--dead", "-d", help="Other dead cards, e.g. '2c 9h'.")]
Folds = Annotated[list[str] | None, typer.Option(
    "--fold", help="A folded player's upcards (repeat per folded player).")]
Community = Annotated[str | None, typer.Option(
    help="The shared seventh-street card, when it has been dealt.")]
DeckRuleName = Annotated[str, typer.Option(
    help="When seventh street is one shared card: casino (needs n+2 cards) or online (n).")]
Trials = Annotated[str | None, typer.Option(
    "--trials", "-n", help="Monte Carlo trials: 100000, 250k, 2M, 1e6.")]
Exact = Annotated[bool, typer.Option("--exact", help="Enumerate every deal.")]
MaxTime = Annotated[float | None, typer.Option(help="Stop sampling after S seconds.")]
Seed = Annotated[int | None, typer.Option(help="Seed, for the same numbers again.")]
Threads = Annotated[int | None, typer.Option(help="Threads (default: all cores).")]
JsonOut = Annotated[bool, typer.Option("--json", help="Print one JSON object.")]


def precision_option(what: str) -> object:
    """--precision, in percentage points, of ``what``."""
    return typer.Option(help=f"Sample until {what} is at most this many percentage points "
                             "(e.g. 0.05).")
