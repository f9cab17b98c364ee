"""``stud-odds replay``, ``starting-hands`` and ``scoop``: study commands over the study API
(``batch`` is :mod:`stud_odds.cli.batch`).

Each command checks its options and output paths before any work, raises
StudOddsError for a user's mistake (the root command group prints it and
exits 2), and turns Ctrl-C (StudyInterrupted) into one line and exit 130 in
one place.  docs/studies.md says what each keeps when interrupted.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import IO, Annotated, Any

import typer

from stud_odds.cli import options
from stud_odds.cli.running import Scheduler, interruptible
from stud_odds.console import console, error_console
from stud_odds.errors import StudOddsError
from stud_odds.outputs import atomic_writer, check_output_path
from stud_odds.report.formats import strict_json
from stud_odds.report.study import starting_hands_csv
from stud_odds.wording import plural


def _check_plot(plot: Path | None, inputs: list[Path] | None = None) -> None:
    """Refuse --plot before the work: a path that cannot be written, or no matplotlib."""
    if plot is None:
        return
    check_output_path(plot, "--plot", inputs=inputs or [])
    from stud_odds.plot import load_pyplot

    load_pyplot()


def _save_plot(draw: Callable[[Any, IO[bytes]], None], data: Any, path: Path) -> None:
    """Draw into a temporary file beside ``path``, renamed into place once whole."""
    with atomic_writer(path, "wb") as stream:
        draw(data, stream)


def _write_table(path: Path, rows: list[dict[str, Any]]) -> None:
    with atomic_writer(path) as stream:
        stream.write(starting_hands_csv(rows))


def replay_command(
    hands: Annotated[list[str], typer.Argument(
        help="Each player's cards as equity writes them, DOWN/UP with the upcards in the "
             "order dealt, e.g. 'AsKs2d/QhJhTh9c' (the third down card is the river). A hand "
             "that stops early folded after its last card. HOLE/UPCARDS/RIVER "
             "('AsKs/Qh Jh Th 9c/2d') is read too.", metavar="HANDS",
        show_default=False)],
    game: Annotated[str, typer.Option("--game", "-g", help="stud, stud8, razz.",
                                      metavar="GAME")] = "stud",
    trials: Annotated[str | None, options.schema_option(
        "trials", "-n", help="Monte Carlo trials per street.")] = None,
    seed: Annotated[str | None, options.schema_option(
        "seed", help="Seed for every street.")] = None,
    dead: Annotated[str, typer.Option("--dead", "-d", help="Other dead cards.",
                                      metavar="CARDS")] = "",
    community: Annotated[str | None, typer.Option(
        help="The shared seventh-street card, when the deck ran short.", metavar="CARD")] = None,
    deck_rule: Annotated[str, typer.Option(
        help="When seventh street is one shared card: casino (n+2 cards) or online (n).",
        metavar="RULE")] = "casino",
    json_out: Annotated[bool, typer.Option("--json", help="Print one JSON object.",
                                           metavar="")] = False,
    plot: Annotated[Path | None, typer.Option(help="Save an equity chart as PNG.",
                                              metavar="FILE")] = None,
) -> None:
    """Every player's equity on each street as the cards came.

    Ctrl-C stops at once and prints nothing but a line saying how far it got.

    Example: stud-odds replay AsKs2d/QhJhTh9c 7c7d6c/2s3h4h5d QdJd/9s8s
    """
    _check_plot(plot)
    from stud_odds.plot import plot_replay
    from stud_odds.report.study import render_replay
    from stud_odds.study import replay_deal

    result = interruptible(
        lambda: replay_deal(hands, game, trials=options.read_option("trials", trials),
                            seed=options.read_option("seed", seed), dead=dead,
                            community=community, deck_rule=deck_rule),
        lambda stop: _replay_stopped(stop, plot))
    if plot is not None:
        _save_plot(plot_replay, result, plot)
    if json_out:
        print(strict_json(result.to_dict()))
        return
    render_replay(result, console)
    if plot:
        console.print(f"chart saved to {plot}")


def _replay_stopped(stop: KeyboardInterrupt, plot: Path | None) -> str:
    from stud_odds.study import StudyInterrupted, count_of

    done = (f"after {count_of(stop.done, stop.total, 'street')}"
            if isinstance(stop, StudyInterrupted) else "before the first street")
    return f"interrupted {done}; nothing was printed" + (" or saved" if plot else "")


def starting_hands_command(
    game: Annotated[str, typer.Option("--game", "-g", help="stud, stud8, razz.",
                                      metavar="GAME")] = "stud",
    opponents: Annotated[int, typer.Option(help="Random opponents (1-7).", metavar="N")] = 1,
    vs: Annotated[str | None, typer.Option(
        "--vs", help="One opponent instead: a hand or range, e.g. '[QQ+, AK]/Kd'.",
        metavar="HAND")] = None,
    trials: Annotated[str | None, options.schema_option(
        "trials", "-n", help="Sample each class with N trials (default 100k; against one "
        "random hand the table is exact unless N is given).")] = None,
    exact: Annotated[bool, typer.Option(
        "--exact", help="Count the exact table against one random hand afresh (about a minute) "
        "instead of reading the one shipped.")] = False,
    seed: Annotated[str, options.schema_option("seed", help="Seed for every class.",
                                               show_default=True)] = "0",
    door: Annotated[str | None, typer.Option(
        help="Only hands holding this rank, shown as the door card (e.g. A).", metavar="RANK")
    ] = None,
    top: Annotated[int, typer.Option(help="Rows to show in the terminal.", metavar="N")] = 25,
    out: Annotated[Path | None, typer.Option(
        "--out", "-o", help="Write the full table (CSV).", metavar="FILE")] = None,
    plot: Annotated[Path | None, typer.Option(help="Save equity vs scoop as PNG.",
                                              metavar="FILE")] = None,
    threads: Annotated[str | None, options.schema_option(
        "threads", help="Threads per class (default: all cores; on a cluster one per task).")
    ] = None,
    scheduler: Scheduler = None,
) -> None:
    """Every three-card starting hand (1,755 suit classes) against random opponents, ranked.

    Against one random hand the table is exact, every deal counted: read at once
    from the table shipped with stud-odds (razz: one row per set of ranks), or
    counted afresh with --exact.  With more opponents, --vs or -n the classes
    are sampled.  With --vs each class plays one opponent's hand or range (docs/ranges.md); the
    hand column then shows the suits played against his cards.  Ctrl-C stops at
    once; with --out the finished rows are written, each marked
    stopped_by=interrupted.  With --scheduler the classes run on a Dask
    cluster and the table is the same.

    Example: stud-odds starting-hands -g stud8 --out stud8.csv --top 20
    """
    trials_per_class, seed_used, threads_used = _check_starting_options(
        top, opponents, trials, seed, threads, out, plot)
    from stud_odds.study.starts import DEFAULT_TRIALS, uses_shipped_table

    counted = exact or uses_shipped_table(opponents, vs, trials)
    if counted and scheduler is not None:  # (perhaps set in the environment for every command)
        error_console.print("the exact table needs no cluster: --scheduler is not used",
                            style="dim", highlight=False)
        scheduler = None
    results = interruptible(
        lambda: _starting_table(game, opponents, vs, trials_per_class, seed_used, door,
                                threads_used, scheduler, exact),
        lambda stop: _table_stopped(stop, out, plot))
    against = vs if vs is not None else f"{opponents} random"
    sampled = None if counted else trials_per_class or DEFAULT_TRIALS
    _show_starting_table(results, against, sampled, exact, top, out, plot)


def _show_starting_table(results: list, against: str, sampled: int | None, counted_now: bool,
                         top: int, out: Path | None, plot: Path | None) -> None:
    """Write --out and --plot, then print the top rows under a title saying how the table
    was found."""
    from stud_odds.plot import plot_starting_hands
    from stud_odds.report.study import render_starting_hands, starting_hands_title

    rows = [r.to_dict() for r in results]
    if out is not None:
        _write_table(out, rows)
    if plot is not None:
        _save_plot(plot_starting_hands, results, plot)
    title = starting_hands_title(str(results[0].result.game), rows, against, sampled,
                                 counted_now)
    render_starting_hands(rows, title, top, console)
    if out:
        console.print(f"full table written to {out}")
    if plot:
        console.print(f"chart saved to {plot}")


def _check_starting_options(top: int, opponents: int, trials: str | None, seed: str,
                            threads: str | None, out: Path | None, plot: Path | None
                            ) -> tuple[int | None, int, int | None]:
    """Every option before any work (a cluster is not even reached), each by its one
    checker: the trials per class (None: not given), the seed and the threads."""
    from stud_odds.checks import check_count
    from stud_odds.scenario import MAX_PLAYERS

    check_count(top, "--top", 1)
    check_count(opponents, "--opponents", 1, MAX_PLAYERS - 1)
    trials_per_class = options.read_option("trials", trials)
    seed_used, threads_used = options.read_option("seed", seed), options.read_option("threads",
                                                                                      threads)
    if out is not None:
        check_output_path(out, "--out")
    _check_plot(plot, inputs=[out] if out is not None else [])
    return trials_per_class, seed_used, threads_used


def _starting_table(game: str, opponents: int, vs: str | None, trials: int | None, seed: int,
                    door: str | None, threads: int | None, scheduler: str | None,
                    exact: bool) -> list:
    """The starting-hand table, here or on a cluster, with a progress bar on a terminal."""
    from rich.progress import Progress

    from stud_odds.cluster import runner
    from stud_odds.games import parse_game
    from stud_odds.study.starts import starting_hand_classes, starting_hands

    classes = len(starting_hand_classes(door))
    game_played = parse_game(game)  # refused before connecting to any cluster
    with runner(scheduler, [game_played], ("monte-carlo",)) as run, \
            Progress(console=error_console, transient=True,
                     disable=not error_console.is_terminal) as progress:
        task = progress.add_task("counting every deal" if exact else "starting hands",
                                 total=classes)
        return starting_hands(game_played, opponents, trials=trials, seed=seed, door=door,
                              threads=threads, run=run, vs=vs, exact=exact,
                              progress=lambda done, total: progress.update(
                                  task, completed=done, total=total))


def _table_stopped(stop: KeyboardInterrupt, out: Path | None, plot: Path | None) -> str:
    """Keep the finished rows of an interrupted table, each marked, and say so."""
    from stud_odds.study import StudyInterrupted, count_of

    if not isinstance(stop, StudyInterrupted):
        return "interrupted before the first class finished; nothing was written"
    message = f"interrupted after {count_of(stop.done, stop.total, 'class')}"
    rows = [row.to_dict() for row in stop.partial or ()]
    if out is not None and rows:
        _write_table(out, rows)
        message += (f"; {out} holds {plural(len(rows), 'finished row')}, each marked "
                    "stopped_by=interrupted")
    elif out is not None:
        message += "; nothing was written"
    else:
        message += "; nothing was written (with --out the finished rows are kept)"
    return message + ("; no chart was saved" if plot else "")


def scoop(
    hands: Annotated[list[str], typer.Argument(
        help="The hero's hand, then any opponents' hands (else --opponents random ones).",
        metavar="HANDS", show_default=False)],
    opponents: Annotated[int | None, typer.Option(
        help="Random opponents, when no opponents' hands are given (default 1).", metavar="N")
    ] = None,
    game: Annotated[str, typer.Option("--game", "-g", help="stud8 (default), stud, razz.",
                                      metavar="GAME")] = "stud8",
    trials: Annotated[str | None, options.schema_option(
        "trials", "-n", help="Monte Carlo trials.")] = None,
    seed: options.Seed = None,
    dead: Annotated[str, typer.Option("--dead", "-d", help="Other dead cards.",
                                      metavar="CARDS")] = "",
    fold: Annotated[list[str] | None, typer.Option(
        "--fold", help="A folded player's upcards (repeat per folded player).",
        metavar="CARDS")] = None,
    json_out: Annotated[bool, typer.Option("--json", help="Print one JSON object.",
                                           metavar="")] = False,
) -> None:
    """How often a hand scoops, takes one half, a split part or nothing; what scoops.

    Example: stud-odds scoop Ac2c/3c --opponents 3
    """
    if hands[1:] and opponents is not None:
        raise StudOddsError(f"give the opponents' hands or --opponents, not both "
                            f"({plural(len(hands) - 1, 'hand')} given and "
                            f"--opponents {opponents})")
    from stud_odds.report.study import render_scoop
    from stud_odds.study import scoop_study

    study = interruptible(
        lambda: scoop_study(hands[0], hands[1:] or (1 if opponents is None else opponents),
                            game, dead=dead, folds=fold or [],
                            trials=options.read_option("trials", trials),
                            seed=options.read_option("seed", seed)),
        _scoop_stopped)
    if json_out:
        print(strict_json(study.to_dict()))
    else:
        render_scoop(study, console)


def _scoop_stopped(stop: KeyboardInterrupt) -> str:
    from stud_odds.study import StudyInterrupted, count_of

    done = (f"after {count_of(stop.done, stop.total, stop.unit)}"
            if isinstance(stop, StudyInterrupted) and stop.done else "before any result")
    return f"interrupted {done}; nothing was printed"
