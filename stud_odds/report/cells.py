"""A result's numbers as printed, in plain text: the cells every view shows (the terminal
table, the web page, a notebook's HTML table) and the lines under the table.

No rich, and no import of ``results``: a result is read by its shape
(``result_terms.ShownResult``), so ``EquityResult._repr_html_`` draws on this module
without an import circle.
"""

from __future__ import annotations

import html
import math
from typing import TYPE_CHECKING, NamedTuple

from stud_odds.result_terms import (
    INTERVAL_UNIT,
    Z95,
    Method,
    Rate,
    ShownRange,
    ShownResult,
    StoppedBy,
)
from stud_odds.wording import plural

if TYPE_CHECKING:
    from stud_odds.pot_odds import PotOdds
    from stud_odds.scenario import Scenario

INTERVAL_TITLE = "±95%"  # the column of a sampled equity's 95% interval, in INTERVAL_UNIT
# what the lines under a sampled table say of the ± column
INTERVAL_NOTE = f"± is the 95% interval, in {INTERVAL_UNIT}"


def percent_decimals(result: ShownResult) -> int:
    """Decimals of a percentage that match the error bar: the last digit is the first uncertain."""
    if result.method == Method.EXACT:
        return 2
    half_width = Z95 * result.max_se * 100
    if half_width <= 0:
        return 2
    return max(0, min(4, math.ceil(-math.log10(half_width))))


def _percent(value: float | None, decimals: int) -> str:
    """``0.5478`` with 2 decimals is ``54.78%``; None is an empty cell."""
    return "" if value is None else f"{value * 100:.{decimals}f}%"


class NumberColumn(NamedTuple):
    """One number column of the equity table: its title, the field it shows (``interval``
    for ±95%), each player's text as printed and its style."""

    title: str
    field: str
    cells: list[str]
    style: str | None = None


def number_columns(result: ShownResult) -> list[NumberColumn]:
    """The equity table's number columns, as every view of a result prints them."""
    decimals = percent_decimals(result)
    players = result.players

    def column(rate: Rate) -> NumberColumn:  # "high_win" is headed "high win"
        return NumberColumn(rate.replace("_", " "), rate,
                            [_percent(getattr(player, rate), decimals) for player in players])

    columns = [column(Rate.EQUITY)]
    if result.method == Method.MONTE_CARLO:
        columns.append(NumberColumn(INTERVAL_TITLE, "interval",
                                    [f"{Z95 * player.equity_se * 100:.{decimals}f}"
                                     for player in players], "dim"))
    if players[0].high_win is not None:
        columns += [column(Rate.HIGH_WIN), column(Rate.HIGH_TIE)]
    if players[0].low_win is not None:
        columns += [column(Rate.LOW_WIN), column(Rate.LOW_TIE)]
    return [*columns, column(Rate.SCOOP)]


def table_cells(result: ShownResult) -> list[dict[str, str]]:
    """Per player, each number cell of the equity table as printed (``54.78%``), by field:
    ``equity``, ``interval`` (±95%, sampled results only), the win, tie and scoop fields."""
    columns = number_columns(result)
    return [{column.field: column.cells[p] for column in columns}
            for p in range(len(result.players))]


def combos_text(played: ShownRange) -> str:
    """The hole-card pairs a range allows, as a table shows them under it: ``87 combos``."""
    return plural(played.combos, "combo")


def hand_notes(result: ShownResult) -> list[str]:
    """Per player, the line under his hand: a range's ``87 combos``, else empty."""
    return ["" if player.range is None else combos_text(player.range)
            for player in result.players]


def html_table(result: ShownResult) -> str:
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
            hand += f"<br><small>{combos_text(player.range)}</small>"
        cells = [str(p + 1), hand, *(f"<b>{texts[p]}</b>" if field == Rate.EQUITY else texts[p]
                                     for _, field, texts, _ in numbers)]
        lines.append("<tr>" + "".join(f"<td>{cell}</td>" for cell in cells) + "</tr>")
    lines += ["</tbody>", "</table>"]
    return "\n".join(lines)


def footer_lines(scenario: Scenario, result: ShownResult) -> list[str]:
    """The lines under the table: how the result was found, and what the spot implies."""
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
            f"{result.elapsed_s:.2f} s ({stop}); {INTERVAL_NOTE}"
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


def pot_odds_lines(odds: PotOdds) -> list[str]:
    """The two lines of pot odds under the table."""
    return [
        f"pot odds: calling {odds.to_call:g} into {odds.pot:g} needs "
        f"{odds.required_equity * 100:.1f}% equity; player 1 has {odds.equity * 100:.1f}%",
        f"calling wins {odds.call_ev:+.2f} chips on average: {odds.decision.upper()} "
        "(showdown equity only: ignores bets on later streets)",
    ]


__all__ = ["INTERVAL_NOTE", "INTERVAL_TITLE", "Z95", "NumberColumn", "combos_text", "footer_lines",
           "hand_notes", "html_table", "number_columns", "percent_decimals", "pot_odds_lines",
           "table_cells"]
