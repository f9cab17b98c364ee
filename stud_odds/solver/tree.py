"""The river's betting: limit, one big bet a bet or raise, at most ``cap`` bets in all.

Players are numbered by when they act: 0 acts first, 1 second.  A history is the actions
so far, one letter each (k check, b bet, c call, f fold, r raise).  Each player may
check or bet when nothing is owed, and fold, call or raise when a bet is owed (raise
only while fewer than ``cap`` bets were made); two checks or a call end the betting at
the showdown, a fold gives the pot to the other.
"""

from __future__ import annotations

from dataclasses import dataclass, field

CHECK, BET, CALL, FOLD, RAISE = "k", "b", "c", "f", "r"
ACTION_NAMES = {CHECK: "check", BET: "bet", CALL: "call", FOLD: "fold", RAISE: "raise"}


@dataclass(frozen=True)
class Terminal:
    """Where the betting ends: ``put_in`` the bets each player (by acting order) put in,
    ``folder`` the player who folded (None at a showdown)."""

    history: str
    put_in: tuple[int, int]
    folder: int | None


@dataclass
class Decision:
    """A point where ``actor`` chooses among ``actions``; ``children[a]`` is the Decision
    or Terminal after action ``a``."""

    history: str
    actor: int
    actions: tuple[str, ...]
    children: list[Decision | Terminal] = field(default_factory=list)


@dataclass(frozen=True)
class Tree:
    root: Decision
    decisions: tuple[Decision, ...]  # in the order of the betting (parents first)
    terminals: tuple[Terminal, ...]


def betting_tree(cap: int) -> Tree:
    """Every history of the river's betting with at most ``cap`` bets in all."""
    decisions: list[Decision] = []
    terminals: list[Terminal] = []

    def grow(history: str, actor: int, bets: int, put_in: tuple[int, int]) -> Decision | Terminal:
        owed = bets > put_in[actor]
        if owed:
            actions = (FOLD, CALL) + ((RAISE,) if bets < cap else ())
        else:
            actions = (CHECK, BET)
        node = Decision(history, actor, actions)
        decisions.append(node)
        other = 1 - actor
        for action in actions:
            after = history + action
            if action == FOLD:
                child: Decision | Terminal = Terminal(after, put_in, actor)
            elif action == CALL:
                child = Terminal(after, (bets, bets), None)
            elif action == CHECK:
                child = (Terminal(after, put_in, None) if actor == 1
                         else grow(after, other, bets, put_in))
            else:  # a bet or a raise: one more bet, all of it put in by the actor
                raised = put_in[:actor] + (bets + 1,) + put_in[actor + 1:]
                child = grow(after, other, bets + 1, raised)
            if isinstance(child, Terminal):
                terminals.append(child)
            node.children.append(child)
        return node

    root = grow("", 0, 0, (0, 0))
    assert isinstance(root, Decision)
    return Tree(root, tuple(decisions), tuple(terminals))
