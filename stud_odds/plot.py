"""Optional PNG plots (the ``plot`` extra: pip install 'stud-odds[plot]')."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from stud_odds.errors import StudOddsError
from stud_odds.scenario.table import STREET_ORDINALS

if TYPE_CHECKING:
    from stud_odds.study import Replay, StartingHandResult


class PlotError(StudOddsError):
    """Plotting was asked for but matplotlib is not installed."""


def load_pyplot() -> Any:
    """matplotlib's pyplot, drawing to files only; PlotError when matplotlib is missing
    (the doors call it before any work, to refuse at once)."""
    try:
        import matplotlib

        matplotlib.use("Agg")  # files only: never needs a display
        import matplotlib.pyplot as pyplot
    except ImportError:
        raise PlotError(
            "plots need matplotlib: pip install 'stud-odds[plot]' (or pip install matplotlib)"
        ) from None
    return pyplot


def plot_replay(replay: Replay, path: str | Path) -> None:
    """Equity lines by street, one per player."""
    pyplot = load_pyplot()
    figure, axes = pyplot.subplots(figsize=(7, 4))
    streets = [s.street for s in replay.streets]
    for seat, row in enumerate(replay.equity_by_street()):
        points = [(street, 100 * e) for street, e in zip(streets, row, strict=True)
                  if e is not None]
        axes.plot(*zip(*points, strict=True), marker="o", label=f"player {seat + 1}")
    axes.set_xticks(streets, [STREET_ORDINALS[s] for s in streets])
    axes.set_ylim(0, 100)
    axes.set_ylabel("equity, % of the pot")
    axes.set_title(f"{replay.game.title}: equity by street")
    axes.legend()
    figure.tight_layout()
    figure.savefig(path, dpi=120, format="png")
    pyplot.close(figure)


def plot_starting_hands(results: list[StartingHandResult], path: str | Path) -> None:
    """Equity and scoop rate per class, grouped by rank pattern (trips, pairs, unpaired)."""
    pyplot = load_pyplot()
    figure, axes = pyplot.subplots(figsize=(9, 4.5))
    groups = {"trips": [], "pair": [], "no pair": []}
    for item in results:
        distinct = len({c >> 2 for c in item.hand.cards})
        groups[{1: "trips", 2: "pair", 3: "no pair"}[distinct]].append(item)
    for name, items in groups.items():
        if items:
            hero = [i.result.players[0] for i in items]
            axes.scatter([100 * h.equity for h in hero], [100 * h.scoop for h in hero], s=8,
                         label=f"{name} ({len(items)})", alpha=0.7)
    axes.set_xlabel("equity, % of the pot")
    axes.set_ylabel("scoop, % of deals")
    axes.set_title("Starting hands")
    axes.legend()
    figure.tight_layout()
    figure.savefig(path, dpi=120, format="png")
    pyplot.close(figure)
