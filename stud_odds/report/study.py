"""The study results for people: replay, starting-hand and scoop tables, as
:mod:`.tables` views drawn on a console.

The command line calls these after a study; :mod:`stud_odds.report.terminal` renders one
equity result, :mod:`stud_odds.report.history` a history run.
"""

from __future__ import annotations

import csv
import io
from typing import TYPE_CHECKING, Any

from stud_odds.report.tables import Column, Line, TextTable, View, print_view
from stud_odds.results import Method, Rate
from stud_odds.scenario.table import STREET_ORDINALS
from stud_odds.wording import plural

if TYPE_CHECKING:
    from rich.console import Console

    from stud_odds.study.replays import Replay
    from stud_odds.study.scoop import ScoopStudy

SCOOPING_HAND_ROWS = 12  # the most common final hands listed; the rest are in --json


def bar(value: float, width: int = 20) -> str:
    """A fraction as a bar of ``width`` cells: ``█████···``."""
    filled = round(value * width)
    return "█" * filled + "·" * (width - filled)


def replay_view(replay: Replay) -> View:
    """The equity table by street, a small chart of bars, the method and the seed."""
    table = TextTable([Column("#", right=True), Column("cards", no_wrap=True),
                       *(Column(STREET_ORDINALS[street.street], right=True)
                         for street in replay.streets)], title=replay.game.title, ruled=True)
    rows = replay.equity_by_street()
    for seat, row in enumerate(rows, start=1):
        table.add(str(seat), str(replay.hands[seat - 1]),
                  *("fold" if e is None else f"{100 * e:.1f}%" for e in row))
    view: View = [table]
    # a small chart: one bar per street for each player still in
    for seat, row in enumerate(rows, start=1):
        view.append(Line(f"player {seat}  " + "".join(
            f"{STREET_ORDINALS[street.street]} {bar(e, 6)} "
            for street, e in zip(replay.streets, row, strict=True) if e is not None),
            folds=True))
    methods = {s.result.method for s in replay.streets}
    return [*view, Line(f"{' and '.join(sorted(methods))}; seed {replay.seed}", style="dim",
                        folds=True)]


def render_replay(replay: Replay, target: Console) -> None:
    """:func:`replay_view` on the console ``target``."""
    print_view(replay_view(replay), target)


def starting_hands_csv(rows: list[dict[str, Any]]) -> str:
    """A starting-hand table's rows (``StartingHandResult.to_dict``) as CSV, every field as
    it is."""
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=list(rows[0]), lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    return out.getvalue()


def starting_hands_table(rows: list[dict[str, Any]], title: str, top: int) -> TextTable:
    """The ``top`` rows of a starting-hand table (rows as ``StartingHandResult.to_dict``)."""
    table = TextTable([Column(name, right=name not in ("hand", "class")) for name in (
        "rank", "hand", "class", "hands", "equity", "high", "low", "scoop")], title=title,
        ruled=True)
    for rank, row in enumerate(rows[:top], start=1):
        table.add(str(rank), row["hand"], row["class"], str(row["count"]),
                  *("" if row[rate] is None else f"{100 * row[rate]:.1f}%"
                    for rate in (Rate.EQUITY, Rate.HIGH_WIN, Rate.LOW_WIN, Rate.SCOOP)))
    return table


def render_starting_hands(rows: list[dict[str, Any]], title: str, top: int,
                          target: Console) -> None:
    """:func:`starting_hands_table` on the console ``target``."""
    print_view([starting_hands_table(rows, title, top)], target)


def starting_hands_title(game: str, rows: list[dict[str, Any]], against: str,
                         trials: int | None, counted_now: bool = False) -> str:
    """``stud8: 1,755 classes (22,100 hands) vs 1 random, 100,000 trials each``; with no
    trials the table is exact, counted now or read from the one shipped."""
    hands = sum(row["count"] for row in rows)
    how = (f"{plural(trials, 'trial')} each" if trials is not None
           else "exact, every deal counted just now" if counted_now
           else "exact, every deal counted (the table shipped with stud-odds)")
    return f"{game}: {plural(len(rows), 'class')} ({plural(hands, 'hand')}) vs {against}, {how}"


def scoop_view(study: ScoopStudy) -> View:
    """How often the hero takes what share of the pot, the hands that scooped, the method."""
    hero = study.hero
    against = ", ".join(study.to_dict()["opponents"])
    shares = TextTable([Column("the hero takes"), Column("how often", right=True),
                        Column("", no_wrap=True)], ruled=True)
    for name, value in hero.pot_shares.items():
        shares.add(name, f"{100 * value:.1f}%", bar(value))
    view: View = [Line(f"{study.result.game}: {hero.hand} against {against}", style="bold",
                       folds=True), shares]
    if hero.scooping_hands:
        hands = TextTable([Column("final hand"), Column("of all deals", right=True),
                           Column("of scoops", right=True)], title="scooping hands", ruled=True)
        for name, value in list(hero.scooping_hands.items())[:SCOOPING_HAND_ROWS]:
            hands.add(name, f"{100 * value:.2f}%", f"{100 * value / hero.scoop:.1f}%")
        view.append(hands)
    sampled = study.result.method == Method.MONTE_CARLO
    detail = f"seed {study.result.seed}" if sampled else "exact"
    outcomes = plural(study.result.outcomes, "trial" if sampled else "deal")
    return [*view, Line(f"equity {100 * hero.equity:.2f}%; {outcomes}, {detail}", style="dim",
                        folds=True)]


def render_scoop(study: ScoopStudy, target: Console) -> None:
    """:func:`scoop_view` on the console ``target``."""
    print_view(scoop_view(study), target)


__all__ = ["bar", "render_replay", "render_scoop", "render_starting_hands", "replay_view",
           "scoop_view", "starting_hands_csv", "starting_hands_table", "starting_hands_title"]
