"""``db luck --plot``: the all-in EV graph a tracker draws (the ``plot`` extra; matplotlib
is imported only here, when a plot is asked for).

A chart per unit (dollars, tournament chips and play money are never on one axis), each
with its two running lines over the hand count: what he won, solid and wide, and his
all-in adjusted net, dashed and drawn over it, so that where they agree both still show.
In big bets by default, so that one big game does not flatten the rest (a unit whose
hands have no known big bet is drawn in its money); in money on request.
"""

from __future__ import annotations

from pathlib import Path
from typing import IO, Any

from stud_odds.db.results import LuckResult, LuckRow
from stud_odds.db.units import SYMBOLS, unit_order

WIDTH = 8  # inches
CHART_HEIGHT = 3.6  # inches a chart
DPI = 100  # so the PNG is 800 pixels wide
WON_STYLE = {"color": "#1b7837", "linewidth": 3.0, "linestyle": "-", "zorder": 2}
ADJUSTED_STYLE = {"color": "#e66101", "linewidth": 1.8, "linestyle": (0, (5, 2)), "zorder": 3}


def units_of(result: LuckResult) -> list[str]:
    """The units of his hands, money first, then tournament chips, then play money."""
    return sorted({row.unit for row in result.hands}, key=unit_order)


def axis_label(unit: str, big_bets: bool) -> str:
    """The y axis's words: ``big bets``, ``USD ($)``, ``tournament chips``."""
    if big_bets:
        return "big bets"
    return f"{unit} ({SYMBOLS[unit]})" if unit in SYMBOLS else unit


def chart_lines(rows: list[LuckRow], money: bool) -> tuple[list[float], list[float], bool]:
    """The running won and all-in adjusted figures of one unit's hands, and whether they
    are in big bets (asked, and some hand's big bet known)."""
    big_bets = not money and any(row.big_bet for row in rows)
    if big_bets:
        return ([row.running_net_big_bets for row in rows],
                [row.running_adjusted_big_bets for row in rows], True)
    return [row.running_net for row in rows], [row.running_adjusted for row in rows], False


def luck_figure(result: LuckResult, money: bool = False) -> Any:
    """A matplotlib Figure with a chart (Axes) per unit: line 0 the running net ("won"),
    line 1 the running all-in adjusted net, over his hands in that unit (0 before the
    first, then 1, 2, ...)."""
    from stud_odds.plot import load_pyplot

    pyplot = load_pyplot()
    units = units_of(result)
    figure, charts = pyplot.subplots(len(units), 1, squeeze=False,
                                     figsize=(WIDTH, 1.0 + CHART_HEIGHT * len(units)))
    for axes, unit in zip(charts[:, 0], units, strict=True):
        rows = [row for row in result.hands if row.unit == unit]
        won, adjusted, big_bets = chart_lines(rows, money)
        count = list(range(len(rows) + 1))  # from 0 before his first hand, as a tracker
        axes.axhline(0, color="#888888", linewidth=0.8, zorder=1)
        axes.plot(count, [0.0, *won], label=f"won ({won[-1]:+,.2f})", **WON_STYLE)
        axes.plot(count, [0.0, *adjusted], label=f"all-in adjusted ({adjusted[-1]:+,.2f})",
                  **ADJUSTED_STYLE)
        axes.set_xlabel("hands")
        axes.set_ylabel(axis_label(unit, big_bets))
        axes.grid(True, color="#dddddd", linewidth=0.6)
        axes.margins(x=0.01)
        if len(rows) < 12:
            axes.set_xticks(count)
        all_in = sum(1 for row in rows if row.luck is not None)
        axes.set_title(f"{unit}: {len(rows):,} hand{'s' if len(rows) != 1 else ''}, "
                       f"{all_in} all in", fontsize=10)
        axes.legend(loc="best", fontsize=9)
    figure.suptitle(f"{result.player}: won and all-in adjusted", fontsize=12)
    figure.tight_layout()
    return figure


def plot_luck(result: LuckResult, target: str | Path | IO[bytes], money: bool = False) -> str:
    """Draw ``luck_figure(result, money)`` as a PNG (a path or a binary stream); returns
    what it drew, ``2 charts: USD, tournament chips``."""
    from stud_odds.plot import load_pyplot

    figure = luck_figure(result, money)
    figure.savefig(target, dpi=DPI, format="png")
    load_pyplot().close(figure)
    units = units_of(result)
    return f"{len(units)} chart{'s' if len(units) != 1 else ''}: {', '.join(units)}"


__all__ = ["axis_label", "chart_lines", "luck_figure", "plot_luck", "units_of"]
