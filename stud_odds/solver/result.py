"""What a river solve answers: the value, the exploitability, each seat's strategy.

``to_dict()`` is the JSON of docs/river.md (pinned by tests); ``rows()`` one plain dict
per (seat, history, hole cards), for pandas; ``summary()`` each decision's frequencies
and values by hand class, which :mod:`stud_odds.report.river` prints as the terminal, the
page and a notebook (``_repr_html_``) show them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np

from stud_odds.games import Game
from stud_odds.solver.combos import HoleCombos
from stud_odds.solver.summary import ClassLine, DecisionSummary
from stud_odds.solver.tree import ACTION_NAMES, Decision, Tree


def hand_classes(game: Game, high: np.ndarray, low: np.ndarray) -> list[str]:
    """Each hand's class in the game's words: ``two pair``; ``flush, 7-low``; ``8-low``."""
    from stud_odds.engine.running import lookups
    from stud_odds.kernels.codes import HIGH_CATEGORY_NAMES

    classes = lookups().classes
    low_names = dict(game.low_classes)
    if game is Game.RAZZ:
        return [low_names[int(c)] for c in classes.razz[low]]
    highs = [HIGH_CATEGORY_NAMES[int(c)] for c in classes.high[high]]
    if game is Game.STUD:
        return highs
    return [f"{h}, {low_names[int(c)]}" for h, c in zip(highs, classes.low8[low], strict=True)]


@dataclass(frozen=True, eq=False)
class SeatAnswer:
    """One seat's answer: per history where it acts, its average strategy (n, actions), each
    combo's reach (weight times the seat's chance of playing there times the weight of the
    other's combos it meets there), its counterfactual value there, and its own reach."""

    side: HoleCombos
    strategy: dict[str, np.ndarray]
    reach: dict[str, np.ndarray]
    value: dict[str, np.ndarray]
    own_reach: dict[str, np.ndarray]
    classes: list[str] = field(default_factory=list)
    strength: np.ndarray | None = None  # per combo, larger is better: orders the classes


@dataclass(frozen=True, eq=False)
class RiverResult:
    game: Game
    pot: float
    cap: int
    first: int  # the seat (1 or 2) that acts first
    value: tuple[float, float]  # per seat, big bets: what he wins minus what he puts in
    exploitability: float  # big bets: the sum of both best responses' gains
    iterations: int
    method: str
    seconds: float
    tree: Tree = field(repr=False)
    answers: tuple[SeatAnswer, SeatAnswer] = field(repr=False)

    def seat_of(self, decision: Decision) -> int:
        """The seat (1 or 2) that acts at ``decision``."""
        return self.first if decision.actor == 0 else 3 - self.first

    def to_dict(self) -> dict[str, Any]:
        strategy = []
        for decision in self.tree.decisions:
            seat = self.seat_of(decision)
            answer = self.answers[seat - 1]
            probabilities = answer.strategy[decision.history].tolist()
            for hole, row in zip(answer.side.holes(), probabilities, strict=True):
                strategy.append({"player": seat, "history": decision.history, "hole": hole,
                                 "actions": dict(zip(decision.actions, row, strict=True))})
        return {"game": self.game.value, "pot": self.pot, "cap": self.cap, "first": self.first,
                "value": list(self.value), "exploitability": self.exploitability,
                "iterations": self.iterations, "strategy": strategy}

    def rows(self) -> list[dict[str, Any]]:
        """One dict per (seat, history, hole cards): the hand class, the combo's weight, each
        action's frequency and the combo's value there (None where it never gets there)."""
        rows = []
        for decision in self.tree.decisions:
            seat = self.seat_of(decision)
            answer = self.answers[seat - 1]
            for i, hole in enumerate(answer.side.holes()):
                row: dict[str, Any] = {"player": seat, "history": decision.history,
                                       "hole": hole, "hand": answer.classes[i],
                                       "weight": float(answer.side.weight[i])}
                for a, action in enumerate(decision.actions):
                    row[ACTION_NAMES[action]] = float(answer.strategy[decision.history][i, a])
                row["value"] = combo_value(answer, decision.history, i)
                rows.append(row)
        return rows

    def combo(self, seat: int, hole: str) -> int | None:
        """The row of ``hole`` in seat ``seat``'s combos, or None."""
        return self.answers[seat - 1].side.find(hole)

    def summary(self, seat: int | None = None) -> list[DecisionSummary]:
        """Each decision (of ``seat`` only, when given) by hand class, best class first."""
        summaries = []
        meetings = sum(float(a.reach[""].sum()) for a in self.answers[self.first - 1:self.first])
        for decision in self.tree.decisions:
            acting = self.seat_of(decision)
            if seat is not None and acting != seat:
                continue
            answer = self.answers[acting - 1]
            history = decision.history
            reach = answer.reach[history]
            strategy = answer.strategy[history]
            groups: dict[str, list[int]] = {}
            for i, name in enumerate(answer.classes):
                groups.setdefault(name, []).append(i)
            strength = answer.strength if answer.strength is not None else np.zeros(len(reach))
            ordered = sorted(groups.items(), key=lambda item: -float(strength[item[1]].max()))
            lines = [_line(name, np.array(rows), answer, history, reach, strategy,
                           decision.actions) for name, rows in ordered]
            everyone = np.arange(len(reach))
            overall = _line("all", everyone, answer, history, reach, strategy, decision.actions)
            reached = float(reach.sum()) / meetings if meetings > 0 else 0.0
            summaries.append(DecisionSummary(acting, history, decision.actions, reached, lines,
                                             overall))
        return summaries

    def combo_line(self, seat: int, history: str, row: int) -> ClassLine:
        """Combo ``row`` of seat ``seat`` at its decision ``history``: named by its hole
        cards and hand class, ``AsKs2d (straight)``, its share 0 (it has none of its own)."""
        answer = self.answers[seat - 1]
        actions = next(d.actions for d in self.tree.decisions if d.history == history)
        strategy = answer.strategy[history][row].tolist()
        return ClassLine(f"{answer.side.hole(row)} ({answer.classes[row]})", 0.0,
                         dict(zip(actions, strategy, strict=True)),
                         combo_value(answer, history, row))

    def _repr_html_(self) -> str:
        from stud_odds.report.river import river_html

        return river_html(self)


def combo_value(answer: SeatAnswer, history: str, i: int) -> float | None:
    """A combo's value at a decision: its counterfactual value over the weight it meets."""
    own = float(answer.own_reach[history][i])
    reach = float(answer.reach[history][i])
    if reach <= 0 or own <= 0:
        return None
    return float(answer.value[history][i]) * own / reach


def _line(name: str, rows: np.ndarray, answer: SeatAnswer, history: str, reach: np.ndarray,
          strategy: np.ndarray, actions: tuple[str, ...]) -> ClassLine:
    weight = reach[rows]
    total = float(weight.sum())
    all_reach = float(reach.sum())
    if total <= 0:  # never played here: the strategy it would play, by combo weight
        weight = answer.side.weight[rows]
        frequencies = weight @ strategy[rows] / float(weight.sum())
        return ClassLine(name, 0.0, dict(zip(actions, frequencies.tolist(), strict=True)), None)
    frequencies = weight @ strategy[rows] / total
    value = float((answer.value[history][rows] * answer.own_reach[history][rows]).sum()) / total
    share = total / all_reach if all_reach > 0 else 0.0
    return ClassLine(name, share, dict(zip(actions, frequencies.tolist(), strict=True)), value)
