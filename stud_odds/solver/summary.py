"""A river decision by hand class, as the tables show it: plain figures beneath both the
result (:class:`~stud_odds.solver.result.RiverResult` computes them) and the report
(:mod:`stud_odds.report.river` prints them), so neither imports the other's floor."""

from __future__ import annotations

from dataclasses import dataclass

from stud_odds.solver.tree import ACTION_NAMES


@dataclass(frozen=True)
class ClassLine:
    """One hand class (or one combo) at one decision: its share of the combos there, the
    frequency of each action, and its value in big bets (None where it never gets there)."""

    name: str
    share: float
    frequencies: dict[str, float]
    value: float | None


@dataclass(frozen=True)
class DecisionSummary:
    seat: int
    history: str
    actions: tuple[str, ...]
    reached: float  # the chance the betting gets here
    lines: list[ClassLine]
    overall: ClassLine


def describe_history(history: str) -> str:
    """``check, bet`` for "kb"; ``the start`` for ""."""
    return ", ".join(ACTION_NAMES[a] for a in history) if history else "the start"


__all__ = ["ClassLine", "DecisionSummary", "describe_history"]
