"""``stud-odds batch``, ``replay`` and ``starting-hands``: study commands over the study API."""

from __future__ import annotations

import csv
import json
import sys
from pathlib import Path
from typing import Annotated

import typer
from rich import box
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from stud_odds.console import (
    console,
    error_console,
    fail,
)
from stud_odds.errors import StudOddsError


def _bar(value: float, width: int = 20) -> str:
    filled = round(value * width)
    return "█" * filled + "·" * (width - filled)


def batch(
    file: Annotated[Path, typer.Argument(help="Spots, one per line: .jsonl or .csv.")],
    out: Annotated[Path | None, typer.Option("--out", "-o", help="Write results here.")] = None,
    output_format: Annotated[str | None, typer.Option(
        "--format", help="jsonl or csv (default: from --out's suffix, else jsonl).")] = None,
    input_format: Annotated[str | None, typer.Option(
        "--input-format", help="jsonl or csv (default: from the file's suffix).")] = None,
    threads: Annotated[int | None, typer.Option(help="Threads (default: all cores).")] = None,
) -> None:
    """Run many spots from a JSON Lines or CSV file, writing each result as it completes.

    A line has the Python API's fields: game, hands, dead, folds, community,
    deck_rule, trials, precision, exact, seed (and an optional id).  Example line:

      {"id": "a", "game": "stud8", "hands": ["Ac2c/3c", "KsKh/4s"], "trials": "250k", "seed": 1}

    Bad lines are reported with their line number; the rest still run, and the
    exit status is 2 if any failed.

    Example: stud-odds batch spots.jsonl --out results.csv
    """
    from stud_odds.study import BATCH_CSV_FIELDS, batch_csv_rows, read_spots, run_batch

    if not file.exists():
        fail(f"no such file: {file}")
    kind = (input_format or ("csv" if file.suffix.lower() == ".csv" else "jsonl")).lower()
    writes = (output_format or ("csv" if out and out.suffix.lower() == ".csv" else "jsonl"))
    if kind not in ("jsonl", "csv") or writes.lower() not in ("jsonl", "csv"):
        fail("batch formats are jsonl and csv")
    writes = writes.lower()
    spots = list(read_spots(file.read_text(), kind))
    stream = out.open("w", newline="") if out else sys.stdout
    writer = csv.writer(stream, lineterminator="\n") if writes == "csv" else None
    if writer:
        writer.writerow(BATCH_CSV_FIELDS)

    def write(record: dict) -> None:
        if writer:
            writer.writerows(batch_csv_rows(record))
        else:
            stream.write(json.dumps(record) + "\n")
        stream.flush()  # results survive a later failure or Ctrl-C

    def report_error(number: int, exc: Exception) -> None:
        error_console.print(f"[bold red]line {number}:[/] {escape(str(exc))}", highlight=False,
                            soft_wrap=True)

    from rich.progress import Progress

    show_bar = error_console.is_terminal and out is not None
    try:
        with Progress(console=error_console, transient=True, disable=not show_bar) as progress:
            task = progress.add_task("spots", total=len(spots))

            def counted():
                for item in spots:
                    yield item
                    progress.advance(task)

            failures = run_batch(counted(), write, report_error, threads)
    except KeyboardInterrupt:
        error_console.print("[red]interrupted: the results so far are written[/]")
        raise typer.Exit(130) from None
    finally:
        if out:
            stream.close()
    if failures:
        error_console.print(f"[bold red]{failures} of {len(spots)} spots failed[/]")
        raise typer.Exit(2)


def replay(
    hands: Annotated[list[str], typer.Argument(
        help="Each player's cards as dealt: HOLE/UPCARDS/RIVER, e.g. 'AsKs/Qh Jh Th 9c/2d'. "
             "A hand that stops early folded after its last card.", show_default=False)],
    game: Annotated[str, typer.Option("--game", "-g", help="stud, stud8, razz.")] = "stud",
    trials: Annotated[str | None, typer.Option("--trials", "-n",
                                               help="Monte Carlo trials per street.")] = None,
    seed: Annotated[int | None, typer.Option(help="Seed for every street.")] = None,
    dead: Annotated[str, typer.Option("--dead", "-d", help="Other dead cards.")] = "",
    community: Annotated[str | None, typer.Option(
        help="The shared seventh-street card, when the deck ran short.")] = None,
    deck_rule: Annotated[str, typer.Option(
        help="When seventh street is one shared card: casino (n+2 cards) or online (n).")
    ] = "casino",
    json_out: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
    plot: Annotated[Path | None, typer.Option(help="Save an equity chart as PNG.")] = None,
) -> None:
    """Every player's equity on each street as the cards came.

    Example: stud-odds replay "AsKs/Qh Jh Th 9c/2d" "7c7d/2s 3h 4h 5d/6c" "QdJd/9s 8s"
    """
    from stud_odds.engine import parse_trials
    from stud_odds.plot import plot_replay
    from stud_odds.study import replay as run_replay

    try:
        trial_count = parse_trials(trials) if trials is not None else None
        result = run_replay(hands, game, trials=trial_count, seed=seed, dead=dead,
                            community=community, deck_rule=deck_rule)
        if plot:
            plot_replay(result, plot)
    except StudOddsError as exc:
        fail(str(exc))
    if json_out:
        print(json.dumps(result.to_dict(), indent=2))
        return
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False, title=result.game.title,
                  title_justify="left")
    table.add_column("#", justify="right")
    table.add_column("cards", no_wrap=True)
    names = {3: "3rd", 4: "4th", 5: "5th", 6: "6th", 7: "7th"}
    for street in result.streets:
        table.add_column(names[street.street], justify="right")
    rows = result.equity_by_street()
    for seat, row in enumerate(rows, start=1):
        table.add_row(str(seat), "".join(hands[seat - 1].split()),
                      *("fold" if e is None else f"{100 * e:.1f}%" for e in row))
    console.print(table)
    # a small chart: one bar per street for each player still in
    for seat, row in enumerate(rows, start=1):
        line = Text(f"player {seat}  ")
        for street, e in zip(result.streets, row, strict=True):
            if e is not None:
                line.append(f"{names[street.street]} {_bar(e, 6)} ")
        console.print(line, highlight=False)
    methods = {s.result.method for s in result.streets}
    console.print(Text(f"{' and '.join(sorted(methods))}; seed {result.seed}", style="dim"))
    if plot:
        console.print(f"chart saved to {plot}")


def starting_hands(
    game: Annotated[str, typer.Option("--game", "-g", help="stud, stud8, razz.")] = "stud",
    opponents: Annotated[int, typer.Option(help="Random opponents (1-7).")] = 1,
    trials: Annotated[str, typer.Option("--trials", "-n", help="Trials per class.")] = "100k",
    seed: Annotated[int, typer.Option(help="Seed for every class.")] = 0,
    door: Annotated[str | None, typer.Option(
        help="Only hands holding this rank, shown as the door card (e.g. A).")] = None,
    top: Annotated[int, typer.Option(help="Rows to show in the terminal.")] = 25,
    out: Annotated[Path | None, typer.Option("--out", "-o", help="Write the full table (CSV).")
                   ] = None,
    plot: Annotated[Path | None, typer.Option(help="Save equity vs scoop as PNG.")] = None,
    threads: Annotated[int | None, typer.Option(help="Threads (default: all cores).")] = None,
) -> None:
    """Every three-card starting hand (1,755 suit classes) against random opponents, ranked.

    Example: stud-odds starting-hands -g stud8 --opponents 1 -n 20k --out stud8.csv --top 20
    """
    from rich.progress import Progress

    from stud_odds.engine import parse_trials
    from stud_odds.plot import plot_starting_hands
    from stud_odds.study import starting_hand_classes
    from stud_odds.study import starting_hands as run_table

    try:
        trial_count = parse_trials(trials)
        classes = len(starting_hand_classes(door))
        with Progress(console=error_console, transient=True,
                      disable=not error_console.is_terminal) as progress:
            task = progress.add_task("starting hands", total=classes)
            results = run_table(game, opponents, trials=trial_count, seed=seed, door=door,
                                threads=threads,
                                progress=lambda done, total: progress.update(task, completed=done))
        if plot:
            plot_starting_hands(results, plot)
    except StudOddsError as exc:
        fail(str(exc))
    except KeyboardInterrupt:
        error_console.print("[red]interrupted[/]")
        raise typer.Exit(130) from None
    rows = [r.to_dict() for r in results]
    if out:
        with out.open("w", newline="") as stream:
            writer = csv.DictWriter(stream, fieldnames=list(rows[0]), lineterminator="\n")
            writer.writeheader()
            writer.writerows(rows)
    hands_total = sum(r["count"] for r in rows)
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False, title_justify="left",
                  title=f"{results[0].result.game}: {len(rows):,} classes ({hands_total:,} hands) "
                        f"vs {opponents} random, {trial_count:,} trials each")
    for name in ("rank", "hand", "class", "hands", "equity", "high", "low", "scoop"):
        table.add_column(name, justify="left" if name in ("hand", "class") else "right")
    for rank, row in enumerate(rows[:top], start=1):
        table.add_row(str(rank), row["hand"], row["class"], str(row["count"]),
                      f"{100 * row['equity']:.1f}%",
                      "" if row["high_win"] is None else f"{100 * row['high_win']:.1f}%",
                      "" if row["low_win"] is None else f"{100 * row['low_win']:.1f}%",
                      f"{100 * row['scoop']:.1f}%")
    console.print(table)
    if out:
        console.print(f"full table written to {out}")
    if plot:
        console.print(f"chart saved to {plot}")


def scoop(
    hands: Annotated[list[str], typer.Argument(
        help="The hero's hand, then any opponents' hands (else --opponents random ones).",
        show_default=False)],
    opponents: Annotated[int, typer.Option(help="Random opponents when none are given.")] = 1,
    game: Annotated[str, typer.Option("--game", "-g", help="stud8 (default), stud, razz.")
                    ] = "stud8",
    trials: Annotated[str | None, typer.Option("--trials", "-n", help="Monte Carlo trials.")
                      ] = None,
    seed: Annotated[int | None, typer.Option(help="Seed, for the same numbers again.")] = None,
    dead: Annotated[str, typer.Option("--dead", "-d", help="Other dead cards.")] = "",
    fold: Annotated[list[str] | None, typer.Option(
        "--fold", help="A folded player's upcards (repeat per folded player).")] = None,
    json_out: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
) -> None:
    """How often a hand scoops, takes one half, a split part or nothing; what scoops.

    Example: stud-odds scoop Ac2c/3c --opponents 3
    """
    from stud_odds.engine import parse_trials
    from stud_odds.study import scoop_study

    try:
        trial_count = parse_trials(trials) if trials is not None else None
        study = scoop_study(hands[0], hands[1:] or opponents, game, dead=dead, folds=fold or [],
                            trials=trial_count, seed=seed)
    except StudOddsError as exc:
        fail(str(exc))
    if json_out:
        print(json.dumps(study.to_dict(), indent=2))
        return
    hero = study.hero
    against = ", ".join(study.to_dict()["opponents"])
    console.print(Text(f"{study.result.game}: {hero.hand} against {against}", style="bold"))
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False)
    table.add_column("the hero takes")
    table.add_column("how often", justify="right")
    table.add_column("", no_wrap=True)
    for name, value in hero.pot_shares.items():
        table.add_row(name, f"{100 * value:.1f}%", _bar(value))
    console.print(table)
    if hero.scooping_hands:
        hands_table = Table(box=box.SIMPLE_HEAD, pad_edge=False, title="scooping hands",
                            title_justify="left")
        hands_table.add_column("final hand")
        hands_table.add_column("of all deals", justify="right")
        hands_table.add_column("of scoops", justify="right")
        for name, value in list(hero.scooping_hands.items())[:12]:
            hands_table.add_row(name, f"{100 * value:.2f}%", f"{100 * value / hero.scoop:.1f}%")
        console.print(hands_table)
    method = study.result.method
    detail = f"seed {study.result.seed}" if method == "monte-carlo" else "exact"
    console.print(Text(f"equity {100 * hero.equity:.2f}%; {study.result.outcomes:,} "
                       f"{'trials' if method == 'monte-carlo' else 'deals'}, {detail}",
                       style="dim"))
