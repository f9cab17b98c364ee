"""A river spot checked the slow way, from the solver's JSON alone: each pair of combos
valued card by card, the pot split by the one pot award (kernels.layout.share_out), the
betting walked by the rules of docs/river.md, dense matrices (small spots only)."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from test_river_showdown import hand_values, pair_shares

from stud_odds.cards import parse_cards
from stud_odds.games import Game


@dataclass
class Dense:
    """Both players (by acting order) of a solved spot: combos, weights, their strategies
    by history, and the pot share of every meeting pair (player 0's)."""

    pot: float
    cap: int
    holes: list[list[str]]
    weight: list[np.ndarray]
    strategy: list[dict[str, np.ndarray]]
    actions: dict[str, list[str]]
    share: np.ndarray  # (n0, n1): player 0's share of the pot; nan where they share a card
    meets: np.ndarray  # (n0, n1) bool

    def walk(self, player: int, strategies: list[dict[str, np.ndarray]], best: bool
             ) -> np.ndarray:
        """``player``'s counterfactual values at the root (a best response with ``best``)."""
        other = 1 - player
        share = np.where(self.meets, self.share, 0.0)
        mine = share if player == 0 else (np.where(self.meets, 1.0, 0.0) - share).T
        meet = (self.meets if player == 0 else self.meets.T).astype(float)

        def node(history: str, put: list[int], bets: int, actor: int,
                 reach: np.ndarray) -> np.ndarray:
            owed = bets > put[actor]
            actions = ["f", "c"] + (["r"] if bets < self.cap else []) if owed else ["k", "b"]
            assert actions == self.actions[history], (history, actions)
            values = []
            for a, action in enumerate(actions):
                after = history + action
                child_reach = reach * strategies[other][history][:, a] if actor == other \
                    else reach
                if action == "f":
                    won = -put[player] if actor == player else self.pot + put[other]
                    values.append(won * (meet @ child_reach))
                elif action == "c" or (action == "k" and actor == 1):
                    x = bets if action == "c" else 0
                    values.append((self.pot + 2 * x) * (mine @ child_reach)
                                  - x * (meet @ child_reach))
                elif action == "k":
                    values.append(node(after, put, bets, 1 - actor, child_reach))
                else:
                    raised = list(put)
                    raised[actor] = bets + 1
                    values.append(node(after, raised, bets + 1, 1 - actor, child_reach))
            stacked = np.stack(values, axis=1)
            if actor != player:
                return stacked.sum(axis=1)
            if best:
                return stacked.max(axis=1)
            return (stacked * strategies[player][history]).sum(axis=1)

        return node("", [0, 0], 0, 0, self.weight[other])

    def meetings(self) -> float:
        return float(self.weight[0] @ self.meets.astype(float) @ self.weight[1])

    def value(self, player: int, best: bool = False) -> float:
        values = self.walk(player, self.strategy, best)
        return float(self.weight[player] @ values) / self.meetings()

    def exploitability(self) -> float:
        return self.value(0, best=True) + self.value(1, best=True) - self.pot


def range_weights(holes: list[str], hand: str, seen: list[int]) -> np.ndarray:
    """The weight of each of ``holes`` in ``hand``'s written range: the sum over the ways of
    choosing its first two cards from the range (any third card), or 1 for xxx."""
    from stud_odds.ranges import Range

    down, up = hand.split("/")
    if "[" not in down:
        known = {card for card in parse_cards(down, allow_unknown=True) if card >= 0}
        return np.array([1.0 if known <= set(parse_cards(hole)) else 0.0 for hole in holes])
    upcards = parse_cards(up)
    pairs = Range.parse(down[:down.index("]") + 1]).combos(
        dead=[card for card in seen if card not in upcards], upcards=upcards)
    weight = {(first, second): w for first, second, w in pairs}
    totals = []
    for hole in holes:
        cards = sorted(parse_cards(hole))
        totals.append(sum(weight.get((a, b), 0.0) for a, b in
                          ((cards[0], cards[1]), (cards[0], cards[2]), (cards[1], cards[2]))))
    return np.array(totals)


def dense_from_json(answer: dict, hands: list[str], dead: str = "") -> Dense:
    """The spot the JSON answers, rebuilt from it and the hands' texts alone."""
    game = Game(answer["game"])
    first = answer["first"] - 1
    by_acting = [first, 1 - first]
    holes: list[list[str]] = [[], []]
    strategy: list[dict[str, dict[str, list[float]]]] = [{}, {}]
    actions: dict[str, list[str]] = {}
    for row in answer["strategy"]:
        actor = by_acting.index(row["player"] - 1)
        strategy[actor].setdefault(row["history"], {})[row["hole"]] = list(row["actions"].values())
        actions[row["history"]] = list(row["actions"])
        if row["hole"] not in holes[actor]:
            holes[actor].append(row["hole"])
    upcards = [parse_cards(hands[seat].split("/")[1]) for seat in by_acting]
    seen = [*parse_cards(dead), *upcards[0], *upcards[1]]
    weight = [range_weights(holes[p], hands[seat], seen) for p, seat in enumerate(by_acting)]
    cards = [[parse_cards(h) for h in holes[p]] for p in (0, 1)]
    meets = np.array([[not set(a) & set(b) for b in cards[1]] for a in cards[0]])
    values = [[hand_values(game, hole + upcards[p]) for hole in cards[p]] for p in (0, 1)]
    share = pair_shares(game, values[0], values[1])
    share[~meets] = np.nan
    arrays = [{history: np.array([rows[h] for h in holes[p]]) for history, rows in s.items()}
              for p, s in enumerate(strategy)]
    return Dense(answer["pot"], answer["cap"], holes, weight, arrays, actions, share, meets)
