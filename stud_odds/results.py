"""Equity results: plain dataclasses with ``to_dict()`` for JSON.

Their vocabulary (Method, StoppedBy, Rate, PotPart, FINISHED) is defined in
``result_terms`` and exported here too; ``_repr_html_`` draws on ``report.cells``,
which needs only that vocabulary, never this module.

``method``, ``stopped_by``, ``game`` and ``deck_rule`` are str enums, compared as
members everywhere and shown as their values in JSON, CSV and text.  In a
notebook a result draws itself as the terminal table's columns (``_repr_html_``),
and ``rows()`` gives one plain dict per player, which ``pandas.DataFrame`` takes."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from stud_odds.games import Game
from stud_odds.report.cells import html_table
from stud_odds.result_terms import FINISHED, Method, PotPart, Rate, StoppedBy
from stud_odds.scenario.plan import DeckRule


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
        """The terminal table's columns as HTML, for Jupyter (no rich needed)."""
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


__all__ = ["FINISHED", "EquityResult", "ExactProgress", "Method", "PlayerEquity", "PotPart",
           "RangeSize", "Rate", "StoppedBy"]
