"""Pot odds: whether the first player's showdown equity pays for a call."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from stud_odds.errors import StudOddsError


class PotOddsError(StudOddsError):
    """Pot and call sizes that cannot give pot odds."""


@dataclass(frozen=True)
class PotOdds:
    """Showdown-equity pot odds for the first player (the hero) facing a bet."""

    pot: float
    to_call: float
    equity: float

    def __post_init__(self) -> None:
        self.check(self.pot, self.to_call)

    @staticmethod
    def check(pot: float | None, to_call: float | None) -> None:
        """Refuse sizes that give no pot odds (checked before the work, and again here)."""
        if (pot is None) != (to_call is None):
            raise PotOddsError("pot odds need both --pot and --to-call")
        if pot is None or to_call is None:
            return
        for option, value in (("--pot", pot), ("--to-call", to_call)):
            if not math.isfinite(value):
                raise PotOddsError(f"{option} must be a number of chips, not {value}")
        if pot < 0 or to_call <= 0:
            raise PotOddsError("--pot must be at least 0 and --to-call more than 0")
        if not math.isfinite(pot + to_call):  # the odds divide by the pot after the call
            raise PotOddsError(f"--pot {pot:g} and --to-call {to_call:g} add up to more "
                               "chips than a number can hold: give smaller sizes")

    @property
    def required_equity(self) -> float:
        return self.to_call / (self.pot + self.to_call)

    @property
    def call_ev(self) -> float:
        """Chips won on average by calling, against folding (0): future bets ignored."""
        return self.equity * (self.pot + self.to_call) - self.to_call

    @property
    def decision(self) -> str:
        return "call" if self.call_ev > 0 else "fold"

    def to_dict(self) -> dict[str, Any]:
        return {
            "pot": self.pot, "to_call": self.to_call, "required_equity": self.required_equity,
            "equity": self.equity, "call_ev": self.call_ev, "decision": self.decision,
        }


__all__ = ["PotOdds", "PotOddsError"]
