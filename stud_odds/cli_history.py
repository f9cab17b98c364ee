"""``stud-odds history``: replay every stud hand of PokerStars hand-history files."""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager, nullcontext
from pathlib import Path
from typing import IO, TYPE_CHECKING, Annotated, Any

import typer
from rich import box
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from stud_odds.cli_study import Scheduler
from stud_odds.console import console, error_console, fail
from stud_odds.history.settings import (
    DEFAULT_PRECISION,
    DEFAULT_SEED,
    DEFAULT_THREADS,
    trials_for,
)

if TYPE_CHECKING:
    from stud_odds.history.summary import Summary

LUCK_ROWS = 20  # all-in hands listed one by one; the totals count them all
GAMES_PEEKED = 100  # the first stud hands name the games whose kernels workers warm up


def history(
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
    precision: Annotated[float, typer.Option(
        metavar="POINTS",
        help="Standard error of every equity, at most, in percentage points: sets the deals "
             "per street (0.5 -> 10,000).")] = DEFAULT_PRECISION,
    seed: Annotated[int, typer.Option(
        metavar="N", help="Seed, for the same numbers again.")] = DEFAULT_SEED,
    threads: Annotated[int, typer.Option(
        metavar="N", help="Threads per street (one is fastest at the default precision).")
    ] = DEFAULT_THREADS,
    scheduler: Scheduler = None,
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
    from stud_odds.history.pokerstars import count_stud_hands
    from stud_odds.outputs import check_output_path

    trials = trials_for(precision)  # refuses nan, inf and out-of-range values first
    if seed < 0:
        fail(f"--seed must be a whole number from 0 up, not {seed}")
    if threads < 1:
        fail(f"--threads must be at least 1, not {threads}")
    for path in files:
        if not path.is_file():
            fail(f"{path} is not a file" if path.exists() else f"no such file: {path}")
    if resume and out is None:
        fail("--resume continues the file given with --out: give --out too")
    if out is not None:
        out = check_output_path(out, inputs=files)
    from stud_odds.cluster import runner
    from stud_odds.history.running import each_record
    from stud_odds.history.summary import Summary
    from stud_odds.study.common import ctrl_c_held

    summary = Summary(files=len(files))
    total: int | None = None  # stud hands in the files, once counted
    finished = 0  # stud hands in the output: resumed or written this run
    writing = False  # --out is being written (and so holds the hands finished)
    interrupted = broken_pipe = False
    stdout_json = sys.stdout if json_out else None
    try:
        previous = out if resume and out is not None and out.exists() else None
        keep, done, summary.resumed_skipped = _previous(previous) if previous else (0, set(), 0)
        total = sum(count_stud_hands(path) for path in files)
        games = _games_of(files) if scheduler else ()
        with runner(scheduler, games) as run, \
                (_writer(out, previous, keep) if out else nullcontext(None)) as stream, \
                _progress(total) as advance:
            writing = out is not None

            def write(record: dict | None) -> None:
                nonlocal finished
                with ctrl_c_held():  # whole hands only, also when more are handed over
                    if record is not None:
                        line = json.dumps(record, allow_nan=False) + "\n"
                        for target in (stream, stdout_json):
                            if target is not None:
                                target.write(line)
                                target.flush()  # whole hands survive a later Ctrl-C
                    finished += 1

            try:
                each_record(_hands(files, summary), summary, write, done=done, hero=hero,
                            precision=precision, seed=seed, threads=threads, run=run,
                            progress=advance)
            except KeyboardInterrupt:  # caught inside: the hands written so far are kept
                interrupted = True
            except BrokenPipeError:  # stdout closed by its reader (| head): stop quietly
                broken_pipe = True
    except KeyboardInterrupt:  # before the first hand, or while --out was put in place
        interrupted = True
    if broken_pipe:
        try:  # Python would report the closed pipe again when it flushes stdout at exit
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        except (OSError, ValueError):
            pass
        raise typer.Exit(141)  # as a program killed by SIGPIPE
    if interrupted:
        done_text = f"after {finished:,} of {total:,} hands" if total is not None \
            else "before the first hand"
        where = f"; results so far are in {out}" if writing else ""
        error_console.print(f"interrupted {done_text}{where}", highlight=False,
                            soft_wrap=True)
        raise typer.Exit(130)
    _render(summary, trials, seed, out, error_console if json_out else console)
    if summary.any_skipped:
        raise typer.Exit(2)


def _hands(files: list[Path], summary: Summary) -> Iterator[Any]:
    """Every hand of the files in order; the lines outside any hand are counted per file."""
    from stud_odds.history.pokerstars import HistoryReader

    for path in files:
        reader = HistoryReader(path)
        yield from reader
        summary.lines_ignored += reader.lines_ignored


def _games_of(files: list[Path]) -> set[str]:
    """The games of the first stud hands (what the workers warm up for)."""
    from itertools import islice

    from stud_odds.history.model import HandHistory
    from stud_odds.history.summary import Summary

    hands = (item for item in _hands(files, Summary()) if isinstance(item, HandHistory))
    return {hand.game.value for hand in islice(hands, GAMES_PEEKED)} or {"stud"}


def _previous(out: Path) -> tuple[int, set[str], int]:
    """How many bytes of an earlier --out to keep, their hand ids, how many were skipped.

    Read line by line (the file may be large).  A last line that is not whole
    JSON was cut short by a crash: it is dropped and its hand replayed again.
    Any other line that is not a hand result stops the run before it starts,
    so that nothing is overwritten by mistake.
    """
    keep, done, skipped = 0, set(), 0
    try:
        with out.open("rb") as stream:
            for number, raw in enumerate(stream, start=1):
                if not raw.strip():
                    keep += len(raw)
                    continue
                try:  # our lines end in a newline: one without was cut short
                    record = json.loads(raw) if raw.endswith(b"\n") else None
                    hand_id = record["id"]
                except (ValueError, TypeError, KeyError):
                    record = None
                if record is None:
                    if stream.read(1):
                        fail(f"--resume: line {number} of {out} is not a hand result: start "
                             "afresh without --resume, or give another --out")
                    break  # the last line, cut short: its hand is replayed again
                keep += len(raw)
                if hand_id is not None:
                    done.add(str(hand_id))
                skipped += record.get("skipped") is not None
    except OSError as error:
        fail(f"--resume cannot read {out}: {error.strerror or error}")
    return keep, done, skipped


@contextmanager
def _writer(out: Path, previous: Path | None, keep: int) -> Iterator[IO[str]]:
    """--out, written beside and renamed into place at the end (or at Ctrl-C), whole hands
    only; with --resume the kept lines of the earlier file come first."""
    from stud_odds.outputs import atomic_writer

    with atomic_writer(out, newline="\n") as stream:
        if previous is not None and keep:
            with previous.open("rb") as old:
                while keep > 0:
                    block = old.read(min(keep, 1 << 20))
                    if not block:
                        break
                    keep -= len(block)
                    stream.write(block.decode("utf-8", errors="replace"))
            stream.flush()
        yield stream


@contextmanager
def _progress(total: int) -> Iterator[Any]:
    """A bar over the stud hands on stderr, when stderr is a terminal."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeElapsedColumn

    bar = Progress(BarColumn(), MofNCompleteColumn(), "hands", TimeElapsedColumn(),
                   console=error_console, transient=True,
                   disable=not error_console.is_terminal)
    with bar:
        task = bar.add_task("hands", total=total)
        yield lambda count: bar.advance(task, count)


def _chips(value: float) -> str:
    return f"{value:,.0f}" if value == round(value) else f"{value:,.2f}"


def _render(summary: Summary, trials: int, seed: int, out: Path | None, target: Any) -> None:
    games = ", ".join(f"{summary.games[g]:,} {g.value}" for g in sorted(summary.games,
                                                                         key=lambda g: g.value))
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False, show_header=False,
                  title=f"{summary.files} file{'s' if summary.files != 1 else ''}",
                  title_justify="left")
    table.add_column("what")
    table.add_column("hands", justify="right")
    table.add_column("", style="dim")
    table.add_row("stud hands read", f"{summary.stud_hands:,}", "")
    table.add_row("replayed", f"{summary.replayed:,}", games)
    table.add_row("skipped", f"{len(summary.skipped):,}", "see below" if summary.skipped else "")
    table.add_row("went to showdown", f"{summary.showdowns:,}", "")
    table.add_row("hero all in before 7th street", f"{len(summary.luck):,}",
                  "at a showdown")
    if summary.other_games:
        table.add_row("other games", f"{summary.other_games:,}", "passed over")
    if summary.resumed:
        note = f"{summary.resumed_skipped:,} of them skipped then" if summary.resumed_skipped \
            else ""
        table.add_row(f"already in {out.name}", f"{summary.resumed:,}", note)
    if summary.lines_ignored:
        table.add_row("lines outside any hand", f"{summary.lines_ignored:,}", "ignored")
    target.print(table)
    if summary.skipped:
        skipped = Table(box=box.SIMPLE_HEAD, pad_edge=False, title="skipped hands",
                        title_justify="left")
        skipped.add_column("hand", no_wrap=True)
        skipped.add_column("where", no_wrap=True)
        skipped.add_column("why")
        for hand_id, where, reason in summary.skipped:
            skipped.add_row(hand_id or "?", escape(where), escape(reason))
        target.print(skipped)
    if summary.luck:
        _render_luck(summary, target)
    target.print(Text(
        f"equity on each street: {trials:,} deals (standard error at most "
        f"{50 / trials ** 0.5:.2f} points), or every deal where there are fewer; seed {seed}",
        style="dim"))
    if out:
        target.print(Text(f"one JSON object per hand in {out}", style="dim"))


def _render_luck(summary: Summary, target: Any) -> None:
    from stud_odds.history.model import STREET_LABELS

    table = Table(box=box.SIMPLE_HEAD, pad_edge=False, title_justify="left",
                  title="all-in luck: the hero all in before 7th street, at a showdown")
    for name in ("hand", "street", "equity", "pot", "expected", "won", "luck", "big bets"):
        table.add_column(name, justify="left" if name == "hand" else "right", no_wrap=True)
    for entry in summary.luck[:LUCK_ROWS]:
        table.add_row(entry.hand_id, STREET_LABELS[entry.street].split()[0],
                      f"{100 * entry.equity:.1f}%", _chips(entry.pot), _chips(entry.expected),
                      _chips(entry.won), f"{entry.luck:+,.2f}",
                      "" if entry.luck_big_bets is None else f"{entry.luck_big_bets:+.2f}")
    chips, big_bets = summary.luck_totals()
    table.add_section()
    for index, (unit, value) in enumerate(chips.items()):
        last = index == len(chips) - 1
        table.add_row(f"total ({unit})", "", "", "", "", "", f"{value:+,.2f}",
                      f"{big_bets:+.2f}" if last and big_bets is not None else "", style="bold")
    if len(summary.luck) > LUCK_ROWS:
        table.caption = f"{len(summary.luck) - LUCK_ROWS:,} more hands in the totals"
    target.print(table)


__all__ = ["history"]
