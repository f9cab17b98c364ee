"""Render equity results for people (rich tables) and machines (JSON, CSV)."""

from __future__ import annotations

import csv
import html
import io
import json
import math
from dataclasses import dataclass
from typing import Any, NamedTuple

from rich import box
from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, Group, RenderResult
from rich.measure import Measurement
from rich.table import Table
from rich.text import Text

from stud_odds.cards import UNKNOWN, format_card
from stud_odds.errors import StudOddsError
from stud_odds.results import EquityResult, Method, Rate, StoppedBy
from stud_odds.scenario import Scenario
from stud_odds.wording import plural

Z95 = 1.959964  # two-sided 95% normal quantile
SUIT_STYLES = {"c": "green", "d": "blue", "h": "red", "s": "bold"}  # the four-colour deck
HAND_MIN_WIDTH = 10  # "[As Ks 2d]": a hand folds after its hole cards, not inside them
UNLIMITED_WIDTH = 10_000  # a width no table reaches: to measure what it needs unwrapped


class PotOddsError(StudOddsError):
    """Pot and call sizes that cannot give pot odds."""


@dataclass(frozen=True)
class PotOdds:
    """Showdown-equity pot odds for the first player (the hero) facing a bet."""

    pot: float
    to_call: float
    equity: float

    def __post_init__(self) -> None:
        self.check(self.pot, self.to_call)

    @staticmethod
    def check(pot: float | None, to_call: float | None) -> None:
        """Refuse sizes that give no pot odds (checked before the work, and again here)."""
        if (pot is None) != (to_call is None):
            raise PotOddsError("pot odds need both --pot and --to-call")
        if pot is None or to_call is None:
            return
        for option, value in (("--pot", pot), ("--to-call", to_call)):
            if not math.isfinite(value):
                raise PotOddsError(f"{option} must be a number of chips, not {value}")
        if pot < 0 or to_call <= 0:
            raise PotOddsError("--pot must be at least 0 and --to-call more than 0")
        if not math.isfinite(pot + to_call):  # the odds divide by the pot after the call
            raise PotOddsError(f"--pot {pot:g} and --to-call {to_call:g} add up to more "
                               "chips than a number can hold: give smaller sizes")

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
    if result.method == Method.EXACT:
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


class Fitting:
    """The first layout whose unwrappable parts fit the width; else the last one, drawn as
    wide as it needs (the terminal wraps its lines): numbers are never cut to ``4…``."""

    def __init__(self, *layouts: Any) -> None:
        self.layouts = layouts

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        unlimited = options.update_width(UNLIMITED_WIDTH)
        for layout in self.layouts:
            needed = Measurement.get(console, unlimited, layout).minimum
            if needed <= options.max_width:
                break
        yield from console.render(layout, options.update_width(max(options.max_width,
                                                                    needed)))


def equity_table(scenario: Scenario, result: EquityResult, hands: bool = True) -> Table:
    """One row per player; without ``hands`` the hands are left to :func:`hands_list`."""
    # only the hand column may wrap: a long range folds, never a number. Each number
    # column is as wide as its widest cell, so that measuring the table (Fitting) and
    # rich's narrowing (wrappable columns first) both know it cannot shrink
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False, collapse_padding=True)
    table.add_column("#", justify="right", no_wrap=True,
                     min_width=len(str(len(result.players))))
    if hands:
        table.add_column("hand", overflow="fold", min_width=HAND_MIN_WIDTH)
    numbers = number_columns(result)
    for title, _, values, style in numbers:
        table.add_column(title, justify="right", no_wrap=True, style=style,
                         min_width=max(cell_len(text) for text in (title, *values)))
    for p in range(len(result.players)):
        row: list[Any] = [str(p + 1)]
        if hands:
            row.append(hand_text(scenario, p, result))
        table.add_row(*row, *(Text(values[p], style="bold") if field == Rate.EQUITY else values[p]
                              for _, field, values, _ in numbers))
    return table


class NumberColumn(NamedTuple):
    """One number column of the equity table: its title, the field it shows (``interval``
    for ±95%), each player's text as printed and its style."""

    title: str
    field: str
    cells: list[str]
    style: str | None = None


def number_columns(result: EquityResult) -> list[NumberColumn]:
    """The equity table's number columns, as every view of a result prints them."""
    decimals = percent_decimals(result)
    players = result.players

    def column(rate: Rate) -> NumberColumn:  # "high_win" is headed "high win"
        return NumberColumn(rate.replace("_", " "), rate,
                            [_percent(getattr(player, rate), decimals) for player in players])

    columns = [column(Rate.EQUITY)]
    if result.method == Method.MONTE_CARLO:
        columns.append(NumberColumn("±95%", "interval",
                                    [f"{Z95 * player.equity_se * 100:.{decimals}f}"
                                     for player in players], "dim"))
    if players[0].high_win is not None:
        columns += [column(Rate.HIGH_WIN), column(Rate.HIGH_TIE)]
    if players[0].low_win is not None:
        columns += [column(Rate.LOW_WIN), column(Rate.LOW_TIE)]
    return [*columns, column(Rate.SCOOP)]


def table_cells(result: EquityResult) -> list[dict[str, str]]:
    """Per player, each number cell of the equity table as printed (``54.78%``), by field:
    ``equity``, ``interval`` (±95%, sampled results only), the win, tie and scoop fields."""
    columns = number_columns(result)
    return [{column.field: column.cells[p] for column in columns}
            for p in range(len(result.players))]


def hands_list(scenario: Scenario, result: EquityResult) -> Table:
    """The players' hands by number, for a terminal too narrow for a hand column."""
    grid = Table.grid(padding=(0, 2))
    grid.add_column(justify="right", no_wrap=True)
    grid.add_column(overflow="fold")
    for p in range(len(result.players)):
        grid.add_row(str(p + 1), hand_text(scenario, p, result))
    return grid


def equity_layout(scenario: Scenario, result: EquityResult) -> Fitting:
    """The table with a hand column; in a narrow terminal the numbers, then the hands."""
    return Fitting(equity_table(scenario, result),
                   Group(equity_table(scenario, result, hands=False), hands_list(scenario, result),
                         Text("")))


def html_table(result: EquityResult) -> str:
    """The equity table's columns as an HTML table (EquityResult._repr_html_, Jupyter)."""
    numbers = number_columns(result)
    titles = ["#", "hand", *(column.title for column in numbers)]
    if result.method == Method.EXACT:
        how = f"exact: {plural(result.outcomes, 'deal')}"
    else:
        how = f"Monte Carlo: {plural(result.outcomes, 'trial')}, seed {result.seed}"
    head = "".join(f"<th>{html.escape(title)}</th>" for title in titles)
    lines = ["<table>", f"<caption>{result.game}; {how}; {result.stopped_by}</caption>",
             f"<thead><tr>{head}</tr></thead>", "<tbody>"]
    for p, player in enumerate(result.players):
        hand = html.escape(player.hand)
        if player.range is not None:
            hand += f"<br><small>{plural(player.range.combos, 'combo')}</small>"
        cells = [str(p + 1), hand, *(f"<b>{texts[p]}</b>" if field == Rate.EQUITY else texts[p]
                                     for _, field, texts, _ in numbers)]
        lines.append("<tr>" + "".join(f"<td>{cell}</td>" for cell in cells) + "</tr>")
    lines += ["</tbody>", "</table>"]
    return "\n".join(lines)


def footer_lines(scenario: Scenario, result: EquityResult) -> list[str]:
    if result.method == Method.EXACT and result.outcomes == 1:
        lines = ["exact: every card is known, one showdown"]
    elif result.method == Method.EXACT and scenario.plan.ranges:
        choices = result.outcomes // scenario.plan.outcomes()
        lines = [f"exact: every one of {result.outcomes:,} deals over "
                 f"{plural(choices, 'choice')} of the ranged hole cards, weighted, "
                 f"{result.elapsed_s:.2f} s"]
    elif result.method == Method.EXACT:
        lines = [f"exact: every one of {result.outcomes:,} deals, {result.elapsed_s:.2f} s"]
    else:
        stop = {
            StoppedBy.PRECISION: "stopped at the precision target",
            StoppedBy.TIME: "stopped at the end of the first round past the --max-time limit",
            StoppedBy.CANCELLED: "CANCELLED: partial result",
            StoppedBy.TRIALS: "the trials asked for",
            StoppedBy.INTERRUPTED: "INTERRUPTED: partial result",
        }.get(result.stopped_by, result.stopped_by)
        lines = [
            f"Monte Carlo: {plural(result.outcomes, 'trial')}, seed {result.seed}, "
            f"{result.elapsed_s:.2f} s ({stop}); ± is the 95% interval"
        ]
        if result.stopped_by == StoppedBy.TIME:
            lines.append("a time limit makes the trial count, and so the numbers, depend on "
                         "this machine's speed: use --trials or --precision to repeat them")
    if result.shared_river:
        lines.append(
            f"seventh street is one shared community card: {scenario.plan.cards_left} cards left "
            f"for {len(scenario.hands)} players ({scenario.deck_rule} deck rule)"
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
    parts: list[Any] = [title, equity_layout(scenario, result)]
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


CSV_FIELDS = ("seat", "hand", *Rate, "game", "method", "outcomes", "seed")
# with --pot/--to-call, after the class columns: filled on player 1's row, empty on the others
POT_ODDS_FIELDS = ("pot", "to_call", "required_equity", "call_ev", "decision")


def to_csv(result: EquityResult, classes: bool = False, odds: PotOdds | None = None) -> str:
    class_names = list(result.players[0].classes) if classes else []
    odds_names = list(POT_ODDS_FIELDS) if odds is not None else []
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow([*CSV_FIELDS, *class_names, *odds_names])
    for seat, player in enumerate(result.players, start=1):
        data = player.to_dict()
        data.update(seat=seat, game=result.game, method=result.method,
                    outcomes=result.outcomes, seed=result.seed)
        row = ["" if data[f] is None else data[f] for f in CSV_FIELDS]
        row += [player.classes[name] for name in class_names]
        hero = odds.to_dict() if odds is not None and seat == 1 else {}
        writer.writerow(row + [hero.get(name, "") for name in odds_names])
    return out.getvalue()
