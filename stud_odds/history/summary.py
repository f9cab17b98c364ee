"""What a run over hand histories found: counts, skipped hands, the hero's all-in luck.

Pure Python (no engine): a run (:func:`stud_odds.history.running.run`) fills a
``Summary`` hand by hand; the command line renders it; tests read it directly.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from stud_odds.games import Game


@dataclass(frozen=True)
class AllInLuck:
    """The hero all in before 7th street: his expected share of the pot against his win.

    ``expected`` = the hero's showdown-view equity on the street he went all in
    x the pot he could win (every player's chips up to his own) x (1 - the
    rake's share of the whole pot).
    """

    hand_id: str
    street: int
    equity: float
    pot: float  # the chips the hero could win
    expected: float
    won: float
    luck: float  # won - expected, in chips
    luck_big_bets: float | None  # luck in big bets; None when the stakes are unknown
    unit: str  # what the chips are: "USD", "$", "chips"...


@dataclass
class Summary:
    """Counts over every hand read, and the reasons hands were skipped."""

    files: int = 0
    games: Counter[Game] = field(default_factory=Counter)  # stud hands replayed, by game
    other_games: int = 0  # hands of other games, passed over
    other_game_names: Counter[str] = field(default_factory=Counter)  # ... by the game's name
    # (hand id, file:line, reason) of each stud hand that could not be replayed
    skipped: list[tuple[str | None, str, str]] = field(default_factory=list)
    showdowns: int = 0
    luck: list[AllInLuck] = field(default_factory=list)
    lines_ignored: int = 0  # non-blank lines outside any hand
    resumed: int = 0  # hands already in the output file (--resume), not replayed again
    resumed_skipped: int = 0  # ... of which were skipped then
    cut_line_dropped: bool = False  # the output ended in a line a crash cut short (--resume)

    @property
    def replayed(self) -> int:
        return sum(self.games.values())

    @property
    def stud_hands(self) -> int:
        """Stud hands read this run: replayed or skipped."""
        return self.replayed + len(self.skipped)

    @property
    def any_skipped(self) -> bool:
        return bool(self.skipped) or self.resumed_skipped > 0

    def luck_totals(self) -> tuple[dict[str, float], float | None]:
        """Total luck per chip unit, and in big bets (None if some hand has no stakes)."""
        chips: dict[str, float] = {}
        for entry in self.luck:
            chips[entry.unit] = chips.get(entry.unit, 0.0) + entry.luck
        big_bets = [entry.luck_big_bets for entry in self.luck]
        total = None if None in big_bets else sum(b for b in big_bets if b is not None)
        return chips, total


__all__ = ["AllInLuck", "Summary"]
