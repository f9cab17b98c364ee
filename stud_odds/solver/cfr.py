"""Discounted CFR over the river's betting, with vector updates over every combo at once.

Players by acting order (0 first).  The counterfactual value of player p's combo i at a
point of the betting is the sum over the other's combos j that share no card with i of
(j's weight times the other's chance of playing to that point) times p's payoff there:
what he wins minus what he put in on the river (a fold: minus his bets; the other's
fold: the pot and the other's bets; a showdown after x bets each: his share of P + 2x,
minus x).  Every such sum over j is a showdown sum (solver/showdown.py), one column per
end of the betting.

Discounted CFR (Brown and Sandholm 2019; alpha 1.5, beta 0, gamma 2), alternating
updates.  Every CHECK_EVERY rounds the exploitability of the average strategies is
measured (both best responses, Solver.measure) and the solve stops when it
is at most the target.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from stud_odds.solver.showdown import Matchup
from stud_odds.solver.tree import Decision, Terminal, Tree

ALPHA, BETA, GAMMA = 1.5, 0.0, 2.0
CHECK_EVERY = 10  # rounds between two measures of the exploitability
# Summing: (matchup, weights (n_other, columns), scored) -> sums (n_asking, groups, columns):
# the totals for every column, the scores for the first ``scored``
Summing = Callable[[Matchup, np.ndarray, int], np.ndarray]


@dataclass
class PlayerState:
    """One player's part: his combos' weights, what he asks of the other, and per decision
    of his, regrets and strategy sums (n, actions)."""

    weight: np.ndarray
    matchup: Matchup
    regret: dict[str, np.ndarray]
    strategy_sum: dict[str, np.ndarray]


def regret_matching(regret: np.ndarray) -> np.ndarray:
    """The current strategy: positive regrets in proportion, uniform where none is."""
    positive = np.maximum(regret, 0.0)
    total = positive.sum(axis=1, keepdims=True)
    none = total <= 0
    positive += none / regret.shape[1]  # uniform where no regret is positive
    total[none] = 1.0
    positive /= total
    return positive


class Solver:
    """The game of a tree, a pot and two players; ``summing`` computes the showdown sums
    (the kernel or its twin)."""

    def __init__(self, tree: Tree, pot: float, players: tuple[PlayerState, PlayerState],
                 summing: Summing):
        self.tree, self.pot, self.players, self.summing = tree, pot, players, summing
        self.iterations = 0
        # the ends of the betting, showdowns first (the only ones whose scores are summed)
        self.ends = tuple(sorted(tree.terminals, key=lambda end: end.folder is not None))
        self.showdowns = sum(end.folder is None for end in self.ends)
        # the weight of every meeting of two combos: values are divided by it
        first = players[0]
        total = summing(first.matchup, players[1].weight[:, None].copy(), 0)[:, 0, 0]
        self.meetings = float(first.weight @ total)
        self._current = [self._regret_matched(0), self._regret_matched(1)]

    # -- strategies ---------------------------------------------------------------------

    def _regret_matched(self, player: int) -> dict[str, np.ndarray]:
        return {history: regret_matching(regret)
                for history, regret in self.players[player].regret.items()}

    def current(self, player: int) -> dict[str, np.ndarray]:
        """The strategy regret matching plays now."""
        return self._current[player]

    def average(self, player: int) -> dict[str, np.ndarray]:
        """The average strategy; where the player never reached a decision, the current."""
        state = self.players[player]
        averages = {}
        for history, summed in state.strategy_sum.items():
            total = summed.sum(axis=1, keepdims=True)
            current = regret_matching(state.regret[history])
            averages[history] = np.where(total > 0, summed / np.where(total > 0, total, 1.0),
                                         current)
        return averages

    # -- one pass ------------------------------------------------------------------------

    def reaches(self, player: int, strategy: dict[str, np.ndarray]
                ) -> tuple[dict[str, np.ndarray], dict[str, np.ndarray]]:
        """``player``'s weight times his chance of playing to each decision and each end of
        the betting, by history."""
        at_decision: dict[str, np.ndarray] = {}
        at_end: dict[str, np.ndarray] = {}

        def down(node: Decision | Terminal, reach: np.ndarray) -> None:
            if isinstance(node, Terminal):
                at_end[node.history] = reach
                return
            at_decision[node.history] = reach
            for a, child in enumerate(node.children):
                down(child, reach * strategy[node.history][:, a] if node.actor == player
                     else reach)

        down(self.tree.root, self.players[player].weight)
        return at_decision, at_end

    def end_values(self, player: int, other_at_end: dict[str, np.ndarray]
                   ) -> dict[str, np.ndarray]:
        """``player``'s counterfactual value of each combo at each end of the betting."""
        ends = self.ends
        weights = np.stack([other_at_end[end.history] for end in ends], axis=1)
        state = self.players[player]
        sums = self.summing(state.matchup, weights, self.showdowns)
        share, total = state.matchup.share(sums), sums[:, 0]
        values = {}
        for t, end in enumerate(ends):
            mine, theirs = end.put_in[player], end.put_in[1 - player]
            if end.folder is None:
                values[end.history] = (self.pot + mine + theirs) * share[:, t] - mine * total[:, t]
            elif end.folder == player:
                values[end.history] = -mine * total[:, t]
            else:
                values[end.history] = (self.pot + theirs) * total[:, t]
        return values

    def values(self, player: int, strategy: dict[str, np.ndarray], other: dict[str, np.ndarray],
               best: bool = False, visit: Callable[[Decision, np.ndarray, np.ndarray], None]
               | None = None) -> np.ndarray:
        """``player``'s counterfactual values at the root when he plays ``strategy`` (or, with
        ``best``, a best response) against the other's ``other``; ``visit(decision, values
        of the actions, value)`` at each of his decisions, deepest first."""
        _, other_at_end = self.reaches(1 - player, other)
        end_values = self.end_values(player, other_at_end)

        def up(node: Decision | Terminal) -> np.ndarray:
            if isinstance(node, Terminal):
                return end_values[node.history]
            children = [up(child) for child in node.children]
            if node.actor != player:
                return np.sum(children, axis=0)
            stacked = np.stack(children, axis=1)
            if best:
                value = stacked.max(axis=1)
            else:
                value = (stacked * strategy[node.history]).sum(axis=1)
            if visit is not None:
                visit(node, stacked, value)
            return value

        return up(self.tree.root)

    # -- solving -------------------------------------------------------------------------

    def iterate(self) -> None:
        """One round: each player's regrets and average strategy updated in turn."""
        self.iterations += 1
        t = self.iterations
        positive = t ** ALPHA / (t ** ALPHA + 1)
        negative = t ** BETA / (t ** BETA + 1)
        averaging = (t / (t + 1)) ** GAMMA
        for player in (0, 1):
            self._update(player, positive, negative, averaging)

    def _update(self, player: int, positive: float, negative: float, averaging: float) -> None:
        """One player's regrets discounted and added to, his average strategy too."""
        state = self.players[player]
        strategy = self.current(player)
        own_at, _ = self.reaches(player, strategy)

        def visit(node: Decision, stacked: np.ndarray, value: np.ndarray) -> None:
            regret = state.regret[node.history]
            regret *= np.where(regret > 0, positive, negative)
            regret += stacked - value[:, None]
            summed = state.strategy_sum[node.history]
            summed *= averaging
            summed += own_at[node.history][:, None] * strategy[node.history]

        self.values(player, strategy, self.current(1 - player), visit=visit)
        self._current[player] = self._regret_matched(player)

    def root_value(self, player: int, values: np.ndarray) -> float:
        """A player's value of the game from his counterfactual values at the root."""
        return float((self.players[player].weight * values).sum()) / self.meetings

    def measure(self) -> tuple[float, float, float]:
        """(value of player 0, value of player 1, exploitability) of the average strategies,
        in big bets."""
        average = (self.average(0), self.average(1))
        value = self.root_value(0, self.values(0, average[0], average[1]))
        best = [self.root_value(p, self.values(p, average[p], average[1 - p], best=True))
                for p in (0, 1)]
        return value, self.pot - value, best[0] + best[1] - self.pot


def new_player(weight: np.ndarray, matchup: Matchup, tree: Tree, actor: int) -> PlayerState:
    mine = [d for d in tree.decisions if d.actor == actor]
    n = len(weight)
    return PlayerState(weight, matchup,
                  {d.history: np.zeros((n, len(d.actions))) for d in mine},
                  {d.history: np.zeros((n, len(d.actions))) for d in mine})
