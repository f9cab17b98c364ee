"""The kernels' integer tallies, summed, and turned into an EquityResult."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from stud_odds.games import Game
from stud_odds.kernels.bundles import Tally
from stud_odds.kernels.codes import HIGH_CATEGORY_NAMES
from stud_odds.kernels.layout import (
    CLASS_COLUMNS,
    HIGH_CLASS_COLUMNS,
    HIGH_HALF,
    HIGH_TIE,
    HIGH_WIN,
    LOW_CLASS_COLUMNS,
    LOW_HALF,
    LOW_TIE,
    LOW_WIN,
    NO_LOW_COUNT,
    POT,
    SCOOP,
    SCOOP_CLASS_BASE,
    SHARE,
    SHARE_SQUARED,
    SPLIT,
    TABLE_COLUMNS,
    TALLY_COLUMNS,
)
from stud_odds.results import (
    EquityResult,
    Method,
    PlayerEquity,
    PotPart,
    RangeSize,
    StoppedBy,
)
from stud_odds.scenario import Scenario


@dataclass
class Tallies:
    """Integer tallies: one kernel call's, or the sum of many."""

    per_player: np.ndarray  # (players, TALLY_COLUMNS)
    classes: np.ndarray  # (players, CLASS_COLUMNS)
    table: np.ndarray  # (TABLE_COLUMNS,)
    outcomes: int = 0

    @classmethod
    def zeros(cls, players: int, outcomes: int = 0) -> Tallies:
        return cls(np.zeros((players, TALLY_COLUMNS), np.int64),
                   np.zeros((players, CLASS_COLUMNS), np.int64),
                   np.zeros(TABLE_COLUMNS, np.int64), outcomes)

    def tally(self) -> Tally:
        """The arrays as the kernels' bundle (the kernels add to them)."""
        return Tally(self.per_player, self.classes, self.table)

    def add(self, other: Tallies) -> None:
        """Add ``other``; sums too big for an int64 become Python ints and stay exact."""
        pairs = ((self.per_player, other.per_player), (self.classes, other.classes),
                 (self.table, other.table))
        if all(_fits_sum(mine, theirs) for mine, theirs in pairs):
            self.per_player += other.per_player
            self.classes += other.classes
            self.table += other.table
        else:
            self.per_player = narrowed(self.per_player.astype(object) + other.per_player)
            self.classes = narrowed(self.classes.astype(object) + other.classes)
            self.table = narrowed(self.table.astype(object) + other.table)
        self.outcomes += other.outcomes

    def equity_se(self) -> np.ndarray:
        n = max(self.outcomes, 1)
        mean = self.per_player[:, SHARE] / (POT * n)
        mean_square = self.per_player[:, SHARE_SQUARED] / (POT * POT * n)
        return np.sqrt(np.maximum(mean_square - mean * mean, 0.0) / n)


INT64_MAX = int(np.iinfo(np.int64).max)


def _fits_int64(largest: int) -> bool:
    """Whether counts of at most ``largest`` in size fit an int64: the one overflow check."""
    return largest <= INT64_MAX


def narrowed(counts: np.ndarray) -> np.ndarray:
    """Integer counts as int64 when every one fits, else as Python ints (an object array),
    which never overflow: the tallies of the largest heads-up spots need them."""
    if counts.dtype == np.int64:
        return counts
    if _fits_int64(max((abs(int(c)) for c in counts.flat), default=0)):
        return counts.astype(np.int64)
    return counts.astype(object)


def _fits_sum(mine: np.ndarray, theirs: np.ndarray) -> bool:
    """Whether int64 arrays add up without overflow (a quick bound)."""
    if mine.dtype != np.int64 or theirs.dtype != np.int64 or not mine.size:
        return mine.dtype == theirs.dtype == np.int64
    return _fits_int64(int(np.abs(mine).max()) + int(np.abs(theirs).max()))


def class_names(game: Game) -> tuple[list[tuple[int, str]], list[tuple[int, str]]]:
    """(column, name) pairs of the hand classes reported for the game."""
    high = [(c, name) for c, name in enumerate(HIGH_CATEGORY_NAMES)] if game.has_high else []
    low = [(HIGH_CLASS_COLUMNS + low_class, name) for low_class, name in game.low_classes]
    return high, low


def _pot_shares(game: Game, row: np.ndarray, n: int) -> dict[str, float]:
    shares = {PotPart.SCOOP: row[SCOOP] / n}
    if game is Game.STUD8:
        shares |= {PotPart.HIGH_HALF: row[HIGH_HALF] / n, PotPart.LOW_HALF: row[LOW_HALF] / n}
    shares[PotPart.SPLIT] = row[SPLIT] / n
    shares[PotPart.NOTHING] = max(0.0, 1 - sum(shares.values()))
    return {part.value: float(value) for part, value in shares.items()}


def _scooping_hands(game: Game, counts: np.ndarray, n: int) -> dict[str, float]:
    """Labels such as 'straight with a 5-low' for the nonzero scoop counts, most common first."""
    high_names, low_names = class_names(game)
    high_by_column = dict(high_names)
    low_by_column = {c - HIGH_CLASS_COLUMNS: name for c, name in low_names}
    found = {}
    for index in np.flatnonzero(counts):
        high_class, low_class = divmod(int(index), LOW_CLASS_COLUMNS)
        if game is Game.STUD:
            label = high_by_column[high_class]
        elif game is Game.RAZZ:
            label = low_by_column[low_class]
        elif low_class == 0:
            label = f"{high_by_column[high_class]}, no low"
        else:
            low = low_by_column[low_class]
            label = f"{high_by_column[high_class]} with {'an' if low[0] == '8' else 'a'} {low}"
        found[label] = float(counts[index] / n)
    return dict(sorted(found.items(), key=lambda item: -item[1]))


def summarise(scenario: Scenario, tallies: Tallies, method: Method, seed: int | None,
              elapsed: float, stopped_by: StoppedBy) -> EquityResult:
    """The result of a spot from its tallies."""
    game = scenario.game
    n = max(tallies.outcomes, 1)
    se = tallies.equity_se() if method == Method.MONTE_CARLO else np.zeros(len(scenario.hands))
    high_names, low_names = class_names(game)
    players = []
    ranges = scenario.plan.ranges or (None,) * len(scenario.hands)
    for p, hand in enumerate(scenario.hands):
        row = tallies.per_player[p]
        pairs = ranges[p]
        fraction = row / n
        classes = {name: float(tallies.classes[p, c] / n) for c, name in high_names + low_names}
        players.append(PlayerEquity(
            hand=str(hand),
            equity=float(row[SHARE] / (POT * n)),
            equity_se=float(se[p]),
            high_win=float(fraction[HIGH_WIN]) if game.has_high else None,
            high_tie=float(fraction[HIGH_TIE]) if game.has_high else None,
            low_win=float(fraction[LOW_WIN]) if game.has_low else None,
            low_tie=float(fraction[LOW_TIE]) if game.has_low else None,
            scoop=float(fraction[SCOOP]),
            classes=classes,
            pot_shares=_pot_shares(game, row, n),
            scooping_hands=_scooping_hands(game, tallies.classes[p, SCOOP_CLASS_BASE:], n),
            range=None if pairs is None else RangeSize(str(hand.range), pairs.count,
                                                       pairs.total_weight),
        ))
    no_low = float(tallies.table[NO_LOW_COUNT] / n) if game is Game.STUD8 else None
    return EquityResult(
        game=game, players=tuple(players), method=method, outcomes=tallies.outcomes,
        seed=seed, elapsed_s=elapsed, shared_river=scenario.shared_river, no_low=no_low,
        deck_rule=scenario.deck_rule, stopped_by=stopped_by,
    )
