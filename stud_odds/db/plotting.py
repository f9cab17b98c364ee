"""``db luck --plot``: the two running lines, won and all-in adjusted, over the hand count
(the ``plot`` extra; matplotlib is imported only here, when a plot is asked for)."""

from __future__ import annotations

from pathlib import Path
from typing import IO, Any

from stud_odds.db.results import LuckResult
from stud_odds.db.store import DatabaseError

SIZE = (8, 4.5)  # inches
DPI = 100  # so the PNG is 800 x 450 pixels


def luck_unit(result: LuckResult) -> str:
    """The one unit of the hands; several cannot be drawn on one axis."""
    return one_unit(row.unit for row in result.hands)


def one_unit(given) -> str:
    """The one unit among ``given``, else one sentence (DatabaseError)."""
    units = sorted(set(given))
    if len(units) > 1:
        raise DatabaseError(f"the hands are in several units ({', '.join(units)}) and one "
                            "plot draws one: choose with --stakes or --game")
    return units[0]


def luck_figure(result: LuckResult) -> Any:
    """A matplotlib Figure: line 0 the running net ("won"), line 1 the running all-in
    adjusted net, over the hand count (1, 2, ...)."""
    from stud_odds.plot import _pyplot

    pyplot = _pyplot()
    unit = luck_unit(result)
    count = list(range(1, len(result.hands) + 1))
    figure, axes = pyplot.subplots(figsize=SIZE)
    axes.plot(count, [row.running_net for row in result.hands], label="won")
    axes.plot(count, [row.running_adjusted for row in result.hands],
              label="all-in adjusted")
    axes.axhline(0, color="grey", linewidth=0.5)
    axes.set_xlabel("hands")
    axes.set_ylabel(unit)
    all_in = len(result.all_in)
    axes.set_title(f"{result.player}: won and all-in adjusted "
                   f"({all_in} all-in hand{'s' if all_in != 1 else ''})")
    axes.legend()
    figure.tight_layout()
    return figure


def plot_luck(result: LuckResult, target: str | Path | IO[bytes]) -> None:
    """Draw ``luck_figure(result)`` as a PNG (a path or a binary stream)."""
    from stud_odds.plot import _pyplot

    figure = luck_figure(result)
    figure.savefig(target, dpi=DPI, format="png")
    _pyplot().close(figure)


__all__ = ["luck_figure", "luck_unit", "one_unit", "plot_luck"]
