"""The words of a result: how it was found (Method), why its count ended (StoppedBy),
a player's numbers (Rate) and parts of the pot (PotPart).

The lowest floor of the results: no stud_odds import, so the result dataclasses
(``results``) and the cells that show them (``report.cells``) both stand on it.
"""

from __future__ import annotations

from enum import StrEnum


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


# the stops of a whole result (a study writes only these): a partial one is not finished
FINISHED = frozenset({StoppedBy.COMPLETE, StoppedBy.TRIALS, StoppedBy.PRECISION,
                      StoppedBy.TIME})

__all__ = ["FINISHED", "Method", "PotPart", "Rate", "StoppedBy"]
