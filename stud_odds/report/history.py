"""A history run for people: the summary, the skipped hands, the all-in luck, one hand
street by street (rich tables), and the hands of the files (``history --list``);
:mod:`stud_odds.report.terminal` renders single spots."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path
from typing import Any

from rich import box
from rich.table import Table
from rich.text import Text

from stud_odds.cards import format_card
from stud_odds.history.model import HandHistory, SkippedHand
from stud_odds.history.replaying import HandReplay, StreetView
from stud_odds.history.summary import Summary
from stud_odds.report.tables import Column, Line, TextTable, View, print_view
from stud_odds.report.terminal import hand_text
from stud_odds.scenario.table import STREET_ORDINALS, street_label
from stud_odds.wording import plural

LUCK_ROWS = 20  # all-in hands listed one by one; the totals count them all


def _chips(value: float) -> str:
    return f"{value:,.0f}" if value == round(value) else f"{value:,.2f}"


def summary_view(summary: Summary, trials: int, seed: int, out: Path | None) -> View:
    """The counts of a run, the hands skipped and why, the hero's all-in luck."""
    view: View = [_counts_table(summary, out)]
    if summary.skipped:
        skipped = TextTable([Column("hand", no_wrap=True), Column("where", no_wrap=True),
                             Column("why")], title="skipped hands", ruled=True)
        for hand_id, where, reason in summary.skipped:
            skipped.add(hand_id or "?", where, reason)
        view.append(skipped)
    if summary.luck:
        view.append(luck_table(summary))
    if summary.cut_line_dropped:
        view.append(Line(f"{out} ended in a line cut short (a crash): it was dropped and its "
                         "hand replayed again", style="dim", folds=True))
    view.append(Line(
        f"equity on each street: {trials:,} deals (standard error at most "
        f"{50 / trials ** 0.5:.2f} points), or every deal where there are fewer; seed {seed}",
        style="dim", folds=True))
    if out:
        view.append(Line(f"one JSON object per hand in {out}", style="dim", folds=True))
    return view


def _counts_table(summary: Summary, out: Path | None) -> TextTable:
    """What was read, replayed, skipped and passed over, in hands."""
    games = ", ".join(f"{summary.games[g]:,} {g.value}"
                      for g in sorted(summary.games, key=lambda g: g.value))
    table = TextTable([Column("what"), Column("hands", right=True), Column("", style="dim")],
                      title=plural(summary.files, "file"), ruled=True, show_header=False)
    table.add("stud hands read", f"{summary.stud_hands:,}", "")
    table.add("replayed", f"{summary.replayed:,}", games)
    table.add("skipped", f"{len(summary.skipped):,}", "see below" if summary.skipped else "")
    table.add("went to showdown", f"{summary.showdowns:,}", "")
    table.add("hero all in before 7th street", f"{len(summary.luck):,}", "at a showdown")
    if summary.other_games:
        names = ", ".join(f"{name} {count:,}" for name, count
                          in summary.other_game_names.most_common())
        table.add("other games", f"{summary.other_games:,}", f"passed over ({names})")
    if summary.resumed:
        note = f"{summary.resumed_skipped:,} of them skipped then" if summary.resumed_skipped \
            else ""
        table.add(f"already in {out.name if out else 'the output'}", f"{summary.resumed:,}",
                  note)
    if summary.lines_ignored:
        table.add("lines outside any hand", f"{summary.lines_ignored:,}", "ignored")
    return table


def render_summary(summary: Summary, trials: int, seed: int, out: Path | None,
                   target: Any) -> None:
    """:func:`summary_view` on the console ``target``."""
    print_view(summary_view(summary, trials, seed, out), target)


def luck_table(summary: Summary) -> TextTable:
    """The hero's all-in hands (the first LUCK_ROWS) and the total luck."""
    from stud_odds.db.units import currency_code

    table = TextTable([Column(name, right=name != "hand", no_wrap=True) for name in (
        "hand", "street", "equity", "pot", "expected", "won", "luck", "big bets")],
        title="all-in luck: the hero all in before 7th street, at a showdown", ruled=True)
    for entry in summary.luck[:LUCK_ROWS]:
        table.add(entry.hand_id, STREET_ORDINALS[entry.street], f"{100 * entry.equity:.1f}%",
                  _chips(entry.pot), _chips(entry.expected), _chips(entry.won),
                  f"{entry.luck:+,.2f}",
                  "" if entry.luck_big_bets is None else f"{entry.luck_big_bets:+.2f}")
    totals, big_bets = summary.luck_totals()
    chips: dict[str, float] = {}
    for unit, value in totals.items():  # "$" and "USD" headers: the same dollars
        chips[currency_code(unit)] = chips.get(currency_code(unit), 0.0) + value
    if table.rows:  # a rule between the hands and the totals
        table.rows[-1] = replace(table.rows[-1], ends_section=True)
    for index, (unit, value) in enumerate(chips.items()):
        last = index == len(chips) - 1
        table.add(f"total ({unit})", "", "", "", "", "", f"{value:+,.2f}",
                  f"{big_bets:+.2f}" if last and big_bets is not None else "", style="bold")
    if len(summary.luck) > LUCK_ROWS:
        table.caption = f"{len(summary.luck) - LUCK_ROWS:,} more hands in the totals"
    return table


def _street_title(view: StreetView) -> str:
    scenario = view.scenario
    dead = list(scenario.dead) + [card for upcards in scenario.folds for card in upcards]
    parts = [street_label(view.street)]
    if dead:
        parts.append("dead " + " ".join(map(format_card, dead)))
    if scenario.community is not None:
        parts.append(f"community card {format_card(scenario.community)}")
    return ", ".join(parts)


def street_table(view: StreetView, showdown: StreetView | None, hero: str | None,
                 view_title: str | None = None) -> Table:
    """One street: each live player's cards and equity as the hero saw them, and at showdown
    (``view_title``: the cards column's title, for a table of the showdown view alone)."""
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False, title=_street_title(view),
                  title_justify="left")
    table.add_column("player", no_wrap=True)
    table.add_column(view_title or (f"{hero}'s view" if hero else "from the rail"),
                     no_wrap=True)
    table.add_column("equity", justify="right", no_wrap=True)
    if showdown is not None:
        table.add_column("at showdown", no_wrap=True)
        table.add_column("equity", justify="right", no_wrap=True)
    for index, name in enumerate(view.names):
        row: list[Any] = [Text(name, style="bold" if name == hero else ""),
                          hand_text(view.scenario, index),
                          f"{100 * view.result.players[index].equity:.1f}%"]
        if showdown is not None:
            shown = showdown.names.index(name)
            row += [hand_text(showdown.scenario, shown),
                    f"{100 * showdown.result.players[shown].equity:.1f}%"]
        table.add_row(*row)
    return table


def render_hand(result: HandReplay, target: Any) -> None:
    """A hand street by street: a table per street, then the pot and who won it."""
    hand = result.hand
    title = f"hand {hand.id}: {hand.game.value}" + (f" {hand.stakes}" if hand.stakes else "")
    target.print(Text(title + (f", hero {result.hero}" if result.hero else ""), style="bold"))
    showdowns = {view.street: view for view in result.showdown or ()}
    for view in result.streets:
        table = street_table(view, showdowns.get(view.street), result.hero)
        if view.street in showdowns and _wider_than(table, target):
            # both views side by side do not fit (7th street's seven cards, a long name):
            # one under the other, rather than a cut column
            table = street_table(view, None, result.hero)
            target.print(table)
            table = street_table(showdowns[view.street], None, result.hero, "at showdown")
            table.title = None
        target.print(table)
    winners = ", ".join(f"{p.name} {_chips(float(p.won))}" for p in hand.players if p.won)
    target.print(Text(f"pot {_chips(float(hand.pot))}" + (f"; won: {winners}" if winners else "")
                      + ("" if result.showdown else "; no showdown"), style="dim"))


def _wider_than(table: Table, target: Any) -> bool:
    """Whether ``table`` needs more columns than the console ``target`` has."""
    from rich.console import Console
    from rich.measure import Measurement

    if not isinstance(target, Console):
        return False
    unbounded = target.options.update_width(10 * target.width)
    return Measurement.get(target, unbounded, table).maximum > target.width


def listed_hand(item: HandHistory | SkippedHand) -> dict[str, Any] | None:
    """A hand as ``history --list`` lists it (its JSON line): its id (what --hand takes),
    game, stakes, time, players and whether it went to a showdown, or why it cannot be
    read; None for another game's hand (history passes it over)."""
    if isinstance(item, HandHistory):
        return {"id": item.id, "game": item.game.value, "stakes": item.stakes,
                "time": item.time, "players": len(item.players), "showdown": item.showdown,
                "skipped": None}
    if not item.stud:
        return None
    return {"id": item.id, "game": item.game.value if item.game else None, "stakes": None,
            "time": None, "players": None, "showdown": None, "skipped": item.reason}


def hands_list_view(entries: list[dict[str, Any]]) -> View:
    """The hands listed (:func:`listed_hand`) as a table, then why each unreadable one
    cannot be read."""
    table = TextTable([Column("hand", no_wrap=True), Column("game", no_wrap=True),
                       Column("stakes", no_wrap=True), Column("time", no_wrap=True),
                       Column("players", right=True, no_wrap=True), Column("")],
                      title="the hands --hand takes")
    for entry in entries:
        note = ("unreadable" if entry["skipped"] is not None
                else "showdown" if entry["showdown"] else "")
        table.add(entry["id"] or "?", entry["game"] or "", entry["stakes"] or "",
                  (entry["time"] or "")[:16],
                  "" if entry["players"] is None else str(entry["players"]), note)
    return [table, *(Line(f"{entry['id'] or '?'} cannot be read: {entry['skipped']}")
                     for entry in entries if entry["skipped"] is not None)]


@contextmanager
def progress_bar(console: Any) -> Iterator[Callable[[int, int], None]]:
    """``progress(done, total)`` drawing a bar over the hands, when ``console`` is a terminal."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeElapsedColumn

    bar = Progress(BarColumn(), MofNCompleteColumn(), "hands", TimeElapsedColumn(),
                   console=console, transient=True, disable=not console.is_terminal)
    with bar:
        task = bar.add_task("hands", total=None)
        yield lambda done, total: bar.update(task, completed=done, total=total)


__all__ = ["LUCK_ROWS", "hands_list_view", "listed_hand", "luck_table", "progress_bar",
           "render_hand", "render_summary", "street_table", "summary_view"]
