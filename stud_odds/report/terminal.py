"""A result for people at a terminal: rich tables of the cells in :mod:`.cells`.

The table never cuts a number: only the hand column wraps (a long range folds), and in
a terminal too narrow even for that (:class:`Fitting`) the numbers come first and the
hands are listed below them."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich import box
from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, Group, RenderResult
from rich.measure import Measurement
from rich.table import Table
from rich.text import Text

from stud_odds.cards import UNKNOWN, format_card
from stud_odds.report.cells import combos_text, footer_lines, number_columns, pot_odds_lines
from stud_odds.result_terms import Rate

if TYPE_CHECKING:
    from stud_odds.pot_odds import PotOdds
    from stud_odds.results import EquityResult
    from stud_odds.scenario import Scenario

SUIT_STYLES = {"c": "green", "d": "blue", "h": "red", "s": "bold"}  # the four-colour deck
HAND_MIN_WIDTH = 10  # "[As Ks 2d]": a hand folds after its hole cards, not inside them
UNLIMITED_WIDTH = 10_000  # a width no table reaches: to measure what it needs unwrapped


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
        text.append(f"\n{combos_text(played)}", style="dim")
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


def render(scenario: Scenario, result: EquityResult, classes: bool = False,
           odds: PotOdds | None = None) -> Group:
    """What ``stud-odds equity`` prints: the title, the table, its footer lines, the hand
    classes when asked and the pot odds when given."""
    title = Text(f"{scenario.game.title}", style="bold")
    parts: list[Any] = [title, equity_layout(scenario, result)]
    parts += [Text(line, style="dim") for line in footer_lines(scenario, result)]
    if classes:
        parts += [Text(""), classes_table(result)]
    if odds is not None:
        parts += [Text("")] + [Text(line) for line in pot_odds_lines(odds)]
    return Group(*parts)


__all__ = ["Fitting", "cards_text", "classes_table", "equity_layout", "equity_table",
           "hand_text", "hands_list", "render"]
