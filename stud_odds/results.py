"""Equity results: plain dataclasses with ``to_dict()`` for JSON."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from stud_odds.games import Game
from stud_odds.scenario.plan import DeckRule


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


@dataclass(frozen=True)
class RangeSize:
    """A player's range as played: its text, and the hole-card pairs (and their total
    weight) left once every seen card is removed."""

    text: str
    combos: int
    weight: float

    def to_dict(self) -> dict[str, Any]:
        return {"text": self.text, "combos": self.combos, "weight": self.weight}


@dataclass(frozen=True)
class PlayerEquity:
    """One live player's results; fractions are of all outcomes (trials or deals).

    ``classes``: how often the hand finishes in each high category and low
    class; ``pot_shares``: how often it takes the whole pot, exactly one half
    alone, some other part (a tied half, a quarter...), or nothing;
    ``scooping_hands``: which final hands took the whole pot.

    ``high_*`` are None in razz and ``low_*`` None in stud.  ``high_win`` counts
    outright best highs, ``high_tie`` shared best highs (``low_*`` likewise for
    the qualifying low, or razz's low); ``scoop`` counts taking the whole pot alone.
    """

    hand: str
    equity: float
    equity_se: float
    high_win: float | None
    high_tie: float | None
    low_win: float | None
    low_tie: float | None
    scoop: float
    classes: dict[str, float] = field(default_factory=dict)
    # what part of the pot the player took: scoop, high half, low half, split, nothing
    pot_shares: dict[str, float] = field(default_factory=dict)
    # the final hands this player scooped with, as fractions of all outcomes
    scooping_hands: dict[str, float] = field(default_factory=dict)
    range: RangeSize | None = None  # for a player whose hole cards come from a range

    def to_dict(self, include_classes: bool = False) -> dict[str, Any]:
        data: dict[str, Any] = {"hand": self.hand}
        data |= {rate.value: getattr(self, rate) for rate in Rate}
        if self.range is not None:
            data["range"] = self.range.to_dict()
        if include_classes:
            data["classes"] = dict(self.classes)
        return data


@dataclass(frozen=True)
class EquityResult:
    """Every live player's equity in one spot, and how it was found."""

    game: Game
    players: tuple[PlayerEquity, ...]
    method: Method  # EXACT or MONTE_CARLO
    outcomes: int  # deals enumerated or trials run
    seed: int | None  # None for exact enumeration
    elapsed_s: float
    shared_river: bool
    no_low: float | None  # stud8: fraction of outcomes where nobody has a qualifying low
    deck_rule: DeckRule
    stopped_by: StoppedBy = StoppedBy.COMPLETE

    @property
    def max_se(self) -> float:
        return max(p.equity_se for p in self.players)

    def to_dict(self, include_classes: bool = False) -> dict[str, Any]:
        return {
            "game": self.game,
            "method": self.method,
            "outcomes": self.outcomes,
            "seed": self.seed,
            "elapsed_s": round(self.elapsed_s, 4),
            "shared_river": self.shared_river,
            "no_low": self.no_low,
            "deck_rule": self.deck_rule,
            "stopped_by": self.stopped_by,
            "players": [p.to_dict(include_classes) for p in self.players],
        }

    def rows(self) -> list[dict[str, Any]]:
        """One plain dict per player (``pandas.DataFrame(result.rows())`` takes them): the
        player's number, then ``PlayerEquity.to_dict()`` with a range's fields flattened."""
        rows = []
        for number, player in enumerate(self.players, 1):
            row: dict[str, Any] = {"player": number, **player.to_dict()}
            played = row.pop("range", None)
            if played is not None:
                row |= {"range": played["text"], "range_combos": played["combos"],
                        "range_weight": played["weight"]}
            rows.append(row)
        return rows

    def _repr_html_(self) -> str:
        """The terminal table's columns as HTML, for Jupyter."""
        from stud_odds.report import html_table  # rich and the renderers load only when shown

        return html_table(self)


@dataclass(frozen=True)
class ExactProgress:
    """How far an exact count has got, for equity()'s ``on_round``: ``done`` of ``total``
    deals.  ``method`` is "headsup" (pairs of completions counted), "enumerate" (every
    deal walked) or "ranged" (every choice of the ranged hole cards counted): the values
    of engine.planning.Algorithm.  A partial count is biased, so it carries no equities."""

    method: str
    done: int
    total: int

    def to_dict(self) -> dict[str, Any]:
        return {"method": self.method, "done": self.done, "total": self.total}
