"""``stud-odds history``: replay every stud hand of PokerStars hand-history files."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer

from stud_odds.cli import options
from stud_odds.cli.running import Scheduler, stopped
from stud_odds.console import console, error_console
from stud_odds.history.settings import (
    DEFAULT_PRECISION_POINTS,
    DEFAULT_SEED,
    DEFAULT_THREADS,
    trials_for,
)
from stud_odds.request.schema import OPTIONS


def history_command(
    files: Annotated[list[Path], typer.Argument(
        help="PokerStars hand-history files (other games in them are passed over).",
        metavar="FILE...", show_default=False)],
    hero: Annotated[str | None, typer.Option(
        metavar="NAME",
        help="Whose view the equities take (default: the player the file deals hole cards to)."
    )] = None,
    json_out: Annotated[bool, typer.Option(
        "--json", help="Print one JSON object per hand on stdout (the summary goes to stderr)."
    )] = False,
    out: Annotated[Path | None, typer.Option(
        "--out", "-o", metavar="FILE",
        help="Write one JSON object per hand to this file (JSON Lines).")] = None,
    resume: Annotated[bool, typer.Option(
        "--resume", help="Keep the hands already in --out and replay only the others.")] = False,
    precision: Annotated[str, options.schema_option(
        "precision", help="Standard error of every equity, at most, in percentage points: "
        "sets the deals per street (0.5 -> 10,000).", show_default=True)
    ] = str(DEFAULT_PRECISION_POINTS),
    seed: Annotated[str, options.schema_option("seed", show_default=True)] = str(DEFAULT_SEED),
    threads: Annotated[str, typer.Option(
        metavar="N", help="Threads per street (one is fastest at the default precision).")
    ] = str(DEFAULT_THREADS),
    scheduler: Scheduler = None,
    hand: Annotated[str | None, typer.Option(
        "--hand", metavar="ID",
        help="Print this hand street by street: each player's cards and equity, in the "
             "hero's view and at showdown.")] = None,
    list_hands: Annotated[bool, typer.Option(
        "--list", help="List the stud hands of the files (the ids --hand takes), replaying "
                       "none.")] = False,
) -> None:
    """Each player's equity on every street of real stud hands, and the hero's all-in luck.

    Reads PokerStars files of 7 Card Stud, Stud Hi/Lo and Razz (mixed games
    and tournaments too).  On each street the equity is what the hero could
    see (his cards, every upcard, folded upcards as dead cards); a second view
    turns face up every hand shown at the end.  A hand that cannot be read is
    skipped with a reason, and the exit status is then 2.  With --scheduler
    the hands are replayed on a Dask cluster and the output is the same.

    Example: stud-odds history "HH20240131 Alcyone II.txt" --out hands.jsonl
    """
    if list_hands:
        if hand is not None or out is not None or resume:
            from stud_odds.errors import StudOddsError

            raise StudOddsError("--list lists the hands: drop --hand, --out and --resume")
        _list(files, json_out)
        return
    points = options.read_option("precision", precision)
    trials_for(points, OPTIONS["precision"].flag)  # a replay's own floor, in this door's words
    seeded = options.read_option("seed", seed)
    threads_used = options.read_option("threads", threads)
    if hand is not None:
        _one_hand(files, hand, out, resume, json_out, hero, points, seeded, threads_used)
    else:
        _all_hands(files, out, resume, json_out, hero, points, seeded, threads_used, scheduler)


def _all_hands(files: list[Path], out: Path | None, resume: bool, json_out: bool,
               hero: str | None, precision: float, seed: int, threads: int,
               scheduler: str | None) -> None:
    """Every hand replayed, the records written, the summary printed."""
    from stud_odds.history.running import run
    from stud_odds.report.history import progress_bar, render_summary
    from stud_odds.study.common import StudyInterrupted

    try:
        with progress_bar(error_console) as progress:
            summary = run(files, out=out, resume=resume, hero=hero, precision=precision,
                          seed=seed, threads=threads, scheduler=scheduler,
                          echo=sys.stdout if json_out else None, progress=progress)
    except StudyInterrupted as stop:
        where = f"; results so far are in {out}" if out is not None else ""
        stopped(f"interrupted after {stop.done:,} of {stop.total:,} hands{where}")
    render_summary(summary, trials_for(precision), seed, out,
                   error_console if json_out else console)
    if summary.any_skipped:
        raise typer.Exit(2)


def _one_hand(files: list[Path], hand_id: str, out: Path | None, resume: bool, json_out: bool,
              hero: str | None, precision: float, seed: int, threads: int) -> None:
    """``--hand ID``: every hand of that id replayed and printed street by street."""
    from stud_odds.errors import StudOddsError
    from stud_odds.history.model import HandHistory
    from stud_odds.history.records import HAND_RECORD
    from stud_odds.history.replaying import replay_hand
    from stud_odds.history.running import check_files, check_options, hands_of
    from stud_odds.report.history import render_hand

    if out is not None or resume:
        raise StudOddsError("--hand prints one hand: drop --out and --resume")
    check_options(precision, seed, threads, hero)
    check_files(files)
    found = [item for item in hands_of(files) if item.id == hand_id.strip().lstrip("#")]
    if not found:
        raise StudOddsError(f"no hand #{hand_id} in {', '.join(map(str, files))}")
    for item in found:
        if not isinstance(item, HandHistory):
            raise StudOddsError(f"hand #{item.id} cannot be replayed: {item.reason}")
        result = replay_hand(item, hero=hero, precision=precision, seed=seed, threads=threads)
        if json_out:
            sys.stdout.write(HAND_RECORD.text(result.to_dict()))
        else:
            render_hand(result, console)


def _list(files: list[Path], json_out: bool) -> None:
    """``--list``: each stud hand's id (what --hand takes), game, stakes, time, players and
    whether it went to a showdown; a hand that cannot be read, with why."""
    import json

    from stud_odds.history.running import check_files, hands_of
    from stud_odds.report.history import hands_list_view, listed_hand
    from stud_odds.report.tables import print_view

    check_files(files)
    entries, unread = [], False
    for item in hands_of(files):
        entry = listed_hand(item)
        if entry is None:
            continue
        unread = unread or entry["skipped"] is not None
        if json_out:  # a line as soon as the hand is read
            sys.stdout.write(json.dumps(entry, ensure_ascii=False) + "\n")
        else:
            entries.append(entry)
    if not json_out:
        print_view(hands_list_view(entries), console)
    if unread:
        raise typer.Exit(2)


__all__ = ["history_command"]
