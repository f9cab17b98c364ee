"""Pot odds: whether the first player's showdown equity pays for a call.

:class:`PotOdds` keeps only its own invariant (:class:`PotOddsError`); the doors' words
for ``--pot`` and ``--to-call`` are the option schema's (stud_odds.request.schema)."""

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
        # the doors read --pot and --to-call through the option schema, which words the
        # mistake for its reader; this is the value's own invariant, for Python callers
        sizes = (self.pot, self.to_call, self.pot + self.to_call)
        if not all(math.isfinite(size) for size in sizes) or self.pot < 0 or self.to_call <= 0:
            raise PotOddsError(f"pot odds need a pot of 0 chips or more and a call of more "
                               f"than 0, not {self.pot:g} and {self.to_call:g}")

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
