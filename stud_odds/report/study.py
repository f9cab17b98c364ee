"""The study results for people: replay, starting-hand and scoop tables (rich).

The command line calls these after a study; :mod:`stud_odds.report.terminal` renders one
equity result, :mod:`stud_odds.report.history` a history run.
"""

from __future__ import annotations

import csv
import io
from typing import TYPE_CHECKING, Any

from rich import box
from rich.table import Table
from rich.text import Text

from stud_odds.results import Method, Rate
from stud_odds.scenario.table import STREET_ORDINALS
from stud_odds.wording import plural

if TYPE_CHECKING:
    from stud_odds.study.replays import Replay
    from stud_odds.study.scoop import ScoopStudy

SCOOPING_HAND_ROWS = 12  # the most common final hands listed; the rest are in --json


def bar(value: float, width: int = 20) -> str:
    """A fraction as a bar of ``width`` cells: ``█████···``."""
    filled = round(value * width)
    return "█" * filled + "·" * (width - filled)


def render_replay(replay: Replay, target: Any) -> None:
    """The equity table by street, a small chart of bars, the method and the seed."""
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False, title=replay.game.title,
                  title_justify="left")
    table.add_column("#", justify="right")
    table.add_column("cards", no_wrap=True)
    for street in replay.streets:
        table.add_column(STREET_ORDINALS[street.street], justify="right")
    rows = replay.equity_by_street()
    for seat, row in enumerate(rows, start=1):
        table.add_row(str(seat), str(replay.hands[seat - 1]),
                      *("fold" if e is None else f"{100 * e:.1f}%" for e in row))
    target.print(table)
    # a small chart: one bar per street for each player still in
    for seat, row in enumerate(rows, start=1):
        line = Text(f"player {seat}  ")
        for street, e in zip(replay.streets, row, strict=True):
            if e is not None:
                line.append(f"{STREET_ORDINALS[street.street]} {bar(e, 6)} ")
        target.print(line, highlight=False)
    methods = {s.result.method for s in replay.streets}
    target.print(Text(f"{' and '.join(sorted(methods))}; seed {replay.seed}", style="dim"))


def starting_hands_csv(rows: list[dict[str, Any]]) -> str:
    """A starting-hand table's rows (``StartingHandResult.to_dict``) as CSV, every field as
    it is."""
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=list(rows[0]), lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    return out.getvalue()


def render_starting_hands(rows: list[dict[str, Any]], title: str, top: int,
                          target: Any) -> None:
    """The ``top`` rows of a starting-hand table (rows as ``StartingHandResult.to_dict``)."""
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False, title_justify="left", title=title)
    for name in ("rank", "hand", "class", "hands", "equity", "high", "low", "scoop"):
        table.add_column(name, justify="left" if name in ("hand", "class") else "right")
    for rank, row in enumerate(rows[:top], start=1):
        table.add_row(str(rank), row["hand"], row["class"], str(row["count"]),
                      *("" if row[rate] is None else f"{100 * row[rate]:.1f}%"
                        for rate in (Rate.EQUITY, Rate.HIGH_WIN, Rate.LOW_WIN, Rate.SCOOP)))
    target.print(table)


def starting_hands_title(game: str, rows: list[dict[str, Any]], against: str,
                         trials: int | None, counted_now: bool = False) -> str:
    """``stud8: 1,755 classes (22,100 hands) vs 1 random, 100,000 trials each``; with no
    trials the table is exact, counted now or read from the one shipped."""
    hands = sum(row["count"] for row in rows)
    how = (f"{plural(trials, 'trial')} each" if trials is not None
           else "exact, every deal counted just now" if counted_now
           else "exact, every deal counted (the table shipped with stud-odds)")
    return f"{game}: {plural(len(rows), 'class')} ({plural(hands, 'hand')}) vs {against}, {how}"


def render_scoop(study: ScoopStudy, target: Any) -> None:
    """How often the hero takes what share of the pot, the hands that scooped, the method."""
    hero = study.hero
    against = ", ".join(study.to_dict()["opponents"])
    target.print(Text(f"{study.result.game}: {hero.hand} against {against}", style="bold"))
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False)
    table.add_column("the hero takes")
    table.add_column("how often", justify="right")
    table.add_column("", no_wrap=True)
    for name, value in hero.pot_shares.items():
        table.add_row(name, f"{100 * value:.1f}%", bar(value))
    target.print(table)
    if hero.scooping_hands:
        hands_table = Table(box=box.SIMPLE_HEAD, pad_edge=False, title="scooping hands",
                            title_justify="left")
        hands_table.add_column("final hand")
        hands_table.add_column("of all deals", justify="right")
        hands_table.add_column("of scoops", justify="right")
        for name, value in list(hero.scooping_hands.items())[:SCOOPING_HAND_ROWS]:
            hands_table.add_row(name, f"{100 * value:.2f}%", f"{100 * value / hero.scoop:.1f}%")
        target.print(hands_table)
    method = study.result.method
    sampled = method == Method.MONTE_CARLO
    detail = f"seed {study.result.seed}" if sampled else "exact"
    outcomes = plural(study.result.outcomes, "trial" if sampled else "deal")
    target.print(Text(f"equity {100 * hero.equity:.2f}%; {outcomes}, {detail}", style="dim"))


__all__ = ["bar", "render_replay", "render_scoop", "render_starting_hands",
           "starting_hands_csv", "starting_hands_title"]
