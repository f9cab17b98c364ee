"""``stud-odds batch``: many spots from a JSON Lines or CSV file, each result written as it
completes, here or on a Dask cluster (``--scheduler``); ``--resume`` goes on after Ctrl-C.

docs/studies.md says what is kept when interrupted and how the files are written.
"""

from __future__ import annotations

import sys
from itertools import chain, islice
from pathlib import Path
from typing import IO, TYPE_CHECKING, Annotated, NoReturn

import typer
from rich.markup import escape

from stud_odds.cli import options
from stud_odds.cli.running import Scheduler, stopped
from stud_odds.console import error_console
from stud_odds.errors import StudOddsError
from stud_odds.outputs import check_output_path

if TYPE_CHECKING:
    from stud_odds.study import StudyInterrupted

_GAMES_PEEKED = 100  # a batch's first spots name the games whose kernels workers warm up


def _format(given: str | None, default: str, option: str) -> str:
    kind = (given or default).strip().lower()
    if kind not in ("jsonl", "csv"):
        raise StudOddsError(f"{option} must be jsonl or csv, not '{given}'")
    return kind


STDIN = Path("-")  # the spots come from standard input, as with Unix tools


def _open_input(file: Path) -> IO[bytes]:
    """The file of spots, read once from start to end (it may be a pipe: never seeked)."""
    if file == STDIN:
        return open(sys.stdin.fileno(), "rb", closefd=False)  # noqa: SIM115 - closed by with
    try:
        return file.open("rb")
    except FileNotFoundError:
        raise StudOddsError(f"no such file: {file}") from None
    except IsADirectoryError:
        raise StudOddsError(f"{file} is a folder: give the file of spots") from None
    except OSError as exc:
        raise StudOddsError(f"cannot read {file}: {exc.strerror or exc}") from None


def _batch_stopped(stop: StudyInterrupted, out: Path | None) -> str:
    from stud_odds.study import count_of

    message = f"interrupted after {count_of(stop.done, stop.total, 'spot')}"
    if stop.failed:
        message += f" ({stop.failed:,} failed)"
    if out is None:
        return message + "; the results so far were written to standard output"
    if stop.done == stop.failed:
        return message + f"; {out} holds no results yet"
    return (message + f"; the results so far are in {out} (run the same command with --resume "
            "to go on)")


def batch(
    file: Annotated[Path, typer.Argument(help="Spots, one per line: .jsonl or .csv; - reads "
                                              "standard input.",
                                         metavar="FILE", show_default=False)],
    out: Annotated[Path | None, typer.Option(
        "--out", "-o", help="Write results here, each as soon as it is done.", metavar="FILE")
    ] = None,
    output_format: Annotated[str | None, typer.Option(
        "--format", help="jsonl or csv (default: from --out's suffix, else jsonl).",
        metavar="FORMAT")] = None,
    input_format: Annotated[str | None, typer.Option(
        "--input-format", help="jsonl or csv (default: from the file's suffix).",
        metavar="FORMAT")] = None,
    resume: Annotated[bool, typer.Option(
        "--resume", help="Continue the --out file of an interrupted run: skip the spots "
                         "already in it, append the rest.", metavar="")] = False,
    threads: Annotated[str | None, options.schema_option(
        "threads", help="Threads per spot (default: all cores; on a cluster one per task).")
    ] = None,
    scheduler: Scheduler = None,
) -> None:
    """Run many spots from a JSON Lines or CSV file, writing each result as it completes.

    A line has the Python API's fields: game, hands, dead, folds, community,
    deck_rule, trials, precision, exact, seed, max_time (and an optional id).
    Example line:

      {"id": "a", "game": "stud8", "hands": ["Ac2c/3c", "KsKh/4s"], "trials": "250k", "seed": 1}

    Bad lines are reported with their line number; the rest still run, and the
    exit status is 2 if any failed.  Ctrl-C stops at once: finished spots are
    in --out, the running one is not, and --resume goes on from there.  With
    --scheduler the spots run on a Dask cluster and the output is the same.

    Example: stud-odds batch spots.jsonl --out results.csv
    """
    # before any file is opened; else every spot would fail alike, one line each
    threads_used = options.read_option("threads", threads)
    reads = _format(input_format, "csv" if file.suffix.lower() == ".csv" else "jsonl",
                    "--input-format")
    writes = _format(output_format, "csv" if out and out.suffix.lower() == ".csv" else "jsonl",
                     "--format")
    if resume and out is None:
        raise StudOddsError("--resume continues an output file: give it with --out")
    if out is not None:
        check_output_path(out, "--out", inputs=[Path("/dev/stdin") if file == STDIN else file])
    with _open_input(file) as source:
        try:
            failures, total = _run_batch(source, reads, out, writes, resume, threads_used,
                                         scheduler)
        except KeyboardInterrupt as stop:
            from stud_odds.study import StudyInterrupted

            if isinstance(stop, StudyInterrupted):
                stopped(_batch_stopped(stop, out))
            stopped("interrupted before the first spot ran" + (
                f"; {out} is as it was" if resume else ""))
    if failures:
        _failed(failures, total)


def _failed(failures: int, total: int | None) -> NoReturn:
    """Say how many spots failed (each was reported with its line) and exit with status 2."""
    from stud_odds.study import count_of

    error_console.print(f"[bold red]{count_of(failures, total, 'spot')} failed[/]",
                        highlight=False)
    raise typer.Exit(2)


def _run_batch(source: IO[bytes], reads: str, out: Path | None, writes: str, resume: bool,
               threads: int | None, scheduler: str | None) -> tuple[int, int | None]:
    """(failed spots, spots in the file); the output is whole records whatever happens."""
    from rich.progress import Progress

    from stud_odds.cluster import runner
    from stud_odds.study import count_spots, read_spots, run_batch
    from stud_odds.study.writing import BatchOutput

    total: int | None = None  # a pipe is read once: its spots are counted as they come
    if source.seekable():
        total = count_spots(source, reads)
        source.seek(0)
    spots = read_spots(source, reads)
    games: set[str] = set()
    if scheduler:  # the workers warm up for the games of the first spots
        first = list(islice(spots, _GAMES_PEEKED))
        games = {spot.scenario.game.value for _, spot in first
                 if not isinstance(spot, Exception)} or {"stud"}
        spots = chain(first, spots)

    def report_error(number: int, exc: Exception) -> None:
        error_console.print(f"[bold red]line {number}:[/] {escape(str(exc))}", highlight=False,
                            soft_wrap=True)

    # the cluster first: the output is not touched when it cannot be reached
    with runner(scheduler, games) as run, BatchOutput(writes, out, resume=resume) as output:
        if output.dropped_tail:
            error_console.print(f"[dim]{escape(str(out))} ended in a line cut short (a crash); "
                                "it was dropped and its spot runs again[/]", highlight=False)
        show_bar = error_console.is_terminal and out is not None
        with Progress(console=error_console, transient=True, disable=not show_bar) as progress:
            task = progress.add_task("spots", total=total)
            failures = run_batch(spots, output.write, report_error, threads,
                                 skip=output.done, total=total, run=run,
                                 progress=lambda count: progress.advance(task, count))
    return failures, total


__all__ = ["batch"]
