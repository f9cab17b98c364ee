"""Render equity results for people (rich tables) and machines (JSON, CSV)."""

from __future__ import annotations

import csv
import html
import io
import json
import math
from dataclasses import dataclass
from typing import Any

from rich import box
from rich.console import Group
from rich.table import Table
from rich.text import Text

from stud_odds.cards import UNKNOWN, format_card
from stud_odds.results import EquityResult
from stud_odds.scenario import Scenario

Z95 = 1.959964  # two-sided 95% normal quantile
SUIT_STYLES = {"c": "green", "d": "blue", "h": "red", "s": "bold"}  # the four-colour deck


@dataclass(frozen=True)
class PotOdds:
    """Showdown-equity pot odds for the first player (the hero) facing a bet."""

    pot: float
    to_call: float
    equity: float

    @property
    def required_equity(self) -> float:
        return self.to_call / (self.pot + self.to_call)

    @property
    def call_ev(self) -> float:
        """Chips won on average by calling, against folding (0): future bets ignored."""
        return self.equity * (self.pot + self.to_call) - self.to_call

    @property
    def decision(self) -> str:
        return "call" if self.call_ev > 0 else "fold"

    def to_dict(self) -> dict[str, Any]:
        return {
            "pot": self.pot, "to_call": self.to_call, "required_equity": self.required_equity,
            "equity": self.equity, "call_ev": self.call_ev, "decision": self.decision,
        }


def percent_decimals(result: EquityResult) -> int:
    """Decimals of a percentage that match the error bar: the last digit is the first uncertain."""
    if result.method == "exact":
        return 2
    half_width = Z95 * result.max_se * 100
    if half_width <= 0:
        return 2
    return max(0, min(4, math.ceil(-math.log10(half_width))))


def _percent(value: float | None, decimals: int) -> str:
    return "" if value is None else f"{value * 100:.{decimals}f}%"


def cards_text(cards: tuple[int, ...]) -> Text:
    text = Text()
    for i, card in enumerate(cards):
        if i:
            text.append(" ")
        if card == UNKNOWN:
            text.append("??", style="dim")
        else:
            name = format_card(card)
            text.append(name, style=SUIT_STYLES[name[1]])
    return text


def hand_text(scenario: Scenario, player: int, result: EquityResult | None = None) -> Text:
    """Hole cards in brackets, then the upcards: ``[As Ks] Qh``; a range in its own
    brackets, with the pairs it allows on a second line: ``[QQ+, AK] Ah`` / ``27 combos``."""
    hand = scenario.hands[player]
    text = Text("[")
    if hand.range is None:
        text.append_text(cards_text(hand.down))
    else:
        text.append(str(hand.range), style="italic")
        if len(hand.down) > 2:
            text.append("] [")
            text.append_text(cards_text(hand.down[2:]))
    text.append("] ")
    text.append_text(cards_text(hand.up))
    played = None if result is None else result.players[player].range
    if played is not None:
        text.append(f"\n{plural(played.combos, 'combo')}", style="dim")
    return text


def table_cells(result: EquityResult) -> list[dict[str, str]]:
    """Per player, each cell of the equity table as printed (``54.78%``): ``equity``, the
    ``interval`` (±95%, sampled results only) and the game's win, tie and scoop columns."""
    decimals = percent_decimals(result)
    rows = []
    for player in result.players:
        cells = {"equity": _percent(player.equity, decimals)}
        if result.method == "monte-carlo":
            cells["interval"] = f"{Z95 * player.equity_se * 100:.{decimals}f}"
        cells.update((name, _percent(getattr(player, name), decimals))
                     for _, name in value_columns(result))
        rows.append(cells)
    return rows


def equity_table(scenario: Scenario, result: EquityResult) -> Table:
    sampled = result.method == "monte-carlo"
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False, collapse_padding=True)
    table.add_column("#", justify="right")
    table.add_column("hand", no_wrap=True)
    table.add_column("equity", justify="right", no_wrap=True)
    if sampled:
        table.add_column("±95%", justify="right", style="dim")
    columns = value_columns(result)
    for title, _ in columns:
        table.add_column(title, justify="right")
    for p, cells in enumerate(table_cells(result)):
        row: list[Any] = [str(p + 1), hand_text(scenario, p, result),
                          Text(cells["equity"], style="bold")]
        if sampled:
            row.append(cells["interval"])
        row += [cells[name] for _, name in columns]
        table.add_row(*row)
    return table


def value_columns(result: EquityResult) -> list[tuple[str, str]]:
    """(title, PlayerEquity field) of the fractions the equity table shows after ±95%."""
    columns = []
    if result.players[0].high_win is not None:
        columns += [("high win", "high_win"), ("high tie", "high_tie")]
    if result.players[0].low_win is not None:
        columns += [("low win", "low_win"), ("low tie", "low_tie")]
    columns.append(("scoop", "scoop"))
    return columns


def html_table(result: EquityResult) -> str:
    """The equity table's columns as an HTML table (EquityResult._repr_html_, Jupyter)."""
    decimals = percent_decimals(result)
    sampled = result.method == "monte-carlo"
    columns = value_columns(result)
    titles = ["#", "hand", "equity"] + (["±95%"] if sampled else []) + [t for t, _ in columns]
    if result.method == "exact":
        how = f"exact: {plural(result.outcomes, 'deal')}"
    else:
        how = f"Monte Carlo: {plural(result.outcomes, 'trial')}, seed {result.seed}"
    lines = ["<table>", f"<caption>{result.game}; {how}; {result.stopped_by}</caption>",
             "<thead><tr>" + "".join(
        f"<th>{html.escape(t)}</th>" for t in titles) + "</tr></thead>", "<tbody>"]
    for p, player in enumerate(result.players):
        hand = html.escape(player.hand)
        if player.range is not None:
            hand += f"<br><small>{plural(player.range.combos, 'combo')}</small>"
        cells = [str(p + 1), hand, f"<b>{_percent(player.equity, decimals)}</b>"]
        if sampled:
            cells.append(f"{Z95 * player.equity_se * 100:.{decimals}f}")
        cells += [_percent(getattr(player, name), decimals) for _, name in columns]
        lines.append("<tr>" + "".join(f"<td>{cell}</td>" for cell in cells) + "</tr>")
    lines += ["</tbody>", "</table>"]
    return "\n".join(lines)


def plural(count: int, word: str) -> str:
    """``1 trial``, ``2,000 trials``."""
    return f"{count:,} {word}{'' if count == 1 else 's'}"


def footer_lines(scenario: Scenario, result: EquityResult) -> list[str]:
    if result.method == "exact" and result.outcomes == 1:
        lines = ["exact: every card is known, one showdown"]
    elif result.method == "exact" and scenario.plan.ranges:
        choices = result.outcomes // scenario.plan.outcomes()
        lines = [f"exact: every one of {result.outcomes:,} deals over "
                 f"{plural(choices, 'choice')} of the ranged hole cards, weighted, "
                 f"{result.elapsed_s:.2f} s"]
    elif result.method == "exact":
        lines = [f"exact: every one of {result.outcomes:,} deals, {result.elapsed_s:.2f} s"]
    else:
        stop = {
            "precision": "stopped at the precision target",
            "time": "stopped at the end of the first round past the --max-time limit",
            "cancelled": "CANCELLED: partial result",
            "trials": "the trials asked for",
            "interrupted": "INTERRUPTED: partial result",
        }.get(result.stopped_by, result.stopped_by)
        lines = [
            f"Monte Carlo: {plural(result.outcomes, 'trial')}, seed {result.seed}, "
            f"{result.elapsed_s:.2f} s ({stop}); ± is the 95% interval"
        ]
        if result.stopped_by == "time":
            lines.append("a time limit makes the trial count, and so the numbers, depend on "
                         "this machine's speed: use --trials or --precision to repeat them")
    if result.shared_river:
        lines.append(
            f"seventh street is one shared community card: {scenario.plan.cards_left} cards left "
            f"for {len(scenario.hands)} players ({scenario.deck_rule.value} deck rule)"
        )
    if result.no_low is not None:
        no_low = _percent(result.no_low, 1)
        lines.append(f"nobody makes an eight-or-better low {no_low} of the time")
    return lines


def classes_table(result: EquityResult) -> Table:
    """How often each player finishes with each hand class."""
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False, title="final hands", title_justify="left")
    table.add_column("hand class")
    for p in range(len(result.players)):
        table.add_column(f"#{p + 1}", justify="right")
    names = list(result.players[0].classes)
    for name in names:
        values = [player.classes[name] for player in result.players]
        table.add_row(name, *(f"{v * 100:.1f}%" if v else "-" for v in values))
    return table


def pot_odds_lines(odds: PotOdds) -> list[str]:
    return [
        f"pot odds: calling {odds.to_call:g} into {odds.pot:g} needs "
        f"{odds.required_equity * 100:.1f}% equity; player 1 has {odds.equity * 100:.1f}%",
        f"calling wins {odds.call_ev:+.2f} chips on average: {odds.decision.upper()} "
        "(showdown equity only: ignores bets on later streets)",
    ]


def render(scenario: Scenario, result: EquityResult, classes: bool = False,
           odds: PotOdds | None = None) -> Group:
    title = Text(f"{scenario.game.title}", style="bold")
    parts: list[Any] = [title, equity_table(scenario, result)]
    parts += [Text(line, style="dim") for line in footer_lines(scenario, result)]
    if classes:
        parts += [Text(""), classes_table(result)]
    if odds is not None:
        parts += [Text("")] + [Text(line) for line in pot_odds_lines(odds)]
    return Group(*parts)


def json_object(result: EquityResult, classes: bool = False,
                odds: PotOdds | None = None) -> dict[str, Any]:
    """The object ``equity --json`` prints (and the web API answers)."""
    data = result.to_dict(include_classes=classes)
    if odds is not None:
        data["pot_odds"] = odds.to_dict()
    return data


def to_json(result: EquityResult, classes: bool = False, odds: PotOdds | None = None) -> str:
    return json.dumps(json_object(result, classes, odds), indent=2, allow_nan=False)


CSV_FIELDS = ("seat", "hand", "equity", "equity_se", "high_win", "high_tie", "low_win",
              "low_tie", "scoop", "game", "method", "outcomes", "seed")


def to_csv(result: EquityResult, classes: bool = False) -> str:
    class_names = list(result.players[0].classes) if classes else []
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow([*CSV_FIELDS, *class_names])
    for seat, player in enumerate(result.players, start=1):
        data = player.to_dict()
        data.update(seat=seat, game=result.game, method=result.method,
                    outcomes=result.outcomes, seed=result.seed)
        row = ["" if data[f] is None else data[f] for f in CSV_FIELDS]
        writer.writerow(row + [player.classes[name] for name in class_names])
    return out.getvalue()
