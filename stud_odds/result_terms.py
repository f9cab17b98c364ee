"""The words of a result: how it was found (Method), why its count ended (StoppedBy),
a player's numbers (Rate), parts of the pot (PotPart), what a next card does (OutsGroup)
and the unit of a sampled equity's error bar.

The lowest floor of the results: no stud_odds import, so the result dataclasses
(``results``) and the cells that show them (``report.cells``) both stand on it; the
cells read a result by its shape (:class:`ShownResult`), as ``results`` stands on them.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum
from typing import Protocol


class Method(StrEnum):
    """How a result was found: EXACT (every deal counted) or MONTE_CARLO (sampled); AUTO
    is only asked for (equity() then picks one of the two).  A str: JSON and text show
    the value."""

    AUTO = "auto"
    EXACT = "exact"
    MONTE_CARLO = "monte-carlo"


class StoppedBy(StrEnum):
    """Why a result's count ended."""

    COMPLETE = "complete"  # every deal counted (exact)
    TRIALS = "trials"  # the trials asked for were sampled
    PRECISION = "precision"  # every equity's standard error reached the target
    TIME = "time"  # the first round to end past max_time
    INTERRUPTED = "interrupted"  # Ctrl-C: the whole rounds sampled before it
    CANCELLED = "cancelled"  # the caller's cancel token: likewise
    RUNNING = "running"  # a partial result handed to equity()'s on_round


class Rate(StrEnum):
    """A player's numbers in a result, in the order shown: PlayerEquity's fields and the
    keys of its JSON, CSV and table columns (fractions of all outcomes)."""

    EQUITY = "equity"
    EQUITY_SE = "equity_se"
    HIGH_WIN = "high_win"
    HIGH_TIE = "high_tie"
    LOW_WIN = "low_win"
    LOW_TIE = "low_tie"
    SCOOP = "scoop"


class PotPart(StrEnum):
    """The keys of PlayerEquity.pot_shares: what part of the pot the player took."""

    SCOOP = "scoop"  # the whole pot, alone
    HIGH_HALF = "high half"  # exactly one half, alone (stud8)
    LOW_HALF = "low half"
    SPLIT = "split"  # some other part: a tied half, a quarter...
    NOTHING = "nothing"


# a sampled equity's error bar: the two-sided 95% normal quantile, and the unit of the
# interval's cells (they are equity percentages' differences, not percentages of them)
Z95 = 1.959964
INTERVAL_UNIT = "percentage points"


class OutsGroup(StrEnum):
    """What a card a player can receive next does to his chances (``stud-odds outs``' groups
    and the page's colours), in the order they are listed.  A sampled card whose change
    its 95% interval cannot tell from none is TOO_CLOSE, whatever its estimate says."""

    TAKES_THE_LEAD = "takes the lead"
    IMPROVES = "improves"
    LITTLE_CHANGE = "little change"
    TOO_CLOSE = "too close to call"
    HURTS = "hurts"
    HANDS_OVER_THE_LEAD = "hands over the lead"

    @property
    def verdict(self) -> str:
        """The colour's word: "improves" (green: improves or takes the lead), "hurts" (red:
        hurts or hands over the lead), "little change" (grey) or "too close to call"."""
        return {OutsGroup.TAKES_THE_LEAD: OutsGroup.IMPROVES,
                OutsGroup.HANDS_OVER_THE_LEAD: OutsGroup.HURTS}.get(self, self).value

    @property
    def tone(self) -> str:
        """The colour's key (the page's class ``out-<tone>``, the terminal's style): better,
        worse, same or unclear, one per verdict."""
        return {"improves": "better", "hurts": "worse", "little change": "same",
                "too close to call": "unclear"}[self.verdict]


# the stops of a whole result (a study writes only these): a partial one is not finished
FINISHED = frozenset({StoppedBy.COMPLETE, StoppedBy.TRIALS, StoppedBy.PRECISION,
                      StoppedBy.TIME})

class ShownRange(Protocol):
    """What a table shows of a player's range: a ``results.RangeSize``."""

    @property
    def combos(self) -> int: ...


class ShownPlayer(Protocol):
    """What a table shows of one player: a ``results.PlayerEquity``."""

    @property
    def hand(self) -> str: ...
    @property
    def range(self) -> ShownRange | None: ...
    @property
    def equity_se(self) -> float: ...
    @property
    def high_win(self) -> float | None: ...
    @property
    def low_win(self) -> float | None: ...


class ShownResult(Protocol):
    """What a table shows of a result: a ``results.EquityResult``, read by these attributes
    and a Rate's (``getattr(player, rate)``)."""

    @property
    def game(self) -> str: ...
    @property
    def method(self) -> Method: ...
    @property
    def stopped_by(self) -> StoppedBy: ...
    @property
    def outcomes(self) -> int: ...
    @property
    def seed(self) -> int | None: ...
    @property
    def elapsed_s(self) -> float: ...
    @property
    def max_se(self) -> float: ...
    @property
    def shared_river(self) -> bool: ...
    @property
    def no_low(self) -> float | None: ...
    @property
    def players(self) -> Sequence[ShownPlayer]: ...


__all__ = ["FINISHED", "INTERVAL_UNIT", "Z95", "Method", "OutsGroup", "PotPart", "Rate",
           "ShownPlayer", "ShownRange", "ShownResult", "StoppedBy"]
