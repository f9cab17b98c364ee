"""stud-odds: equity and odds for Seven Card Stud, Stud Hi-Lo (eight or better) and Razz.

``import stud_odds`` is quick: the engine (numpy, and numba when a spot is run)
loads when one of its names is first used.
"""

from __future__ import annotations

import typing as _typing

from stud_odds.errors import StudOddsError
from stud_odds.lazy import lazy_names

# public name -> the module that defines it, imported on first use
_LAZY = {
    "CardError": "cards", "format_card": "cards", "format_cards": "cards",
    "parse_card": "cards", "parse_cards": "cards",
    "Cancelled": "engine", "EquityError": "engine", "equity": "engine", "is_warm": "engine",
    "warm_up": "engine",
    "Game": "games", "GameError": "games", "parse_game": "games",
    "OutsError": "next_cards", "OutsResult": "next_cards", "OutCard": "next_cards",
    "outs": "next_cards",
    "EquityResult": "results", "ExactProgress": "results", "PlayerEquity": "results",
    "RangeSize": "results",
    "Range": "ranges", "RangeError": "ranges",
    "DeckRule": "scenario", "Hand": "scenario", "Scenario": "scenario",
    "ScenarioError": "scenario",
}

if _typing.TYPE_CHECKING:
    from stud_odds.cards import CardError, format_card, format_cards, parse_card, parse_cards
    from stud_odds.engine import Cancelled, EquityError, equity, is_warm, warm_up
    from stud_odds.games import Game, GameError, parse_game
    from stud_odds.next_cards import OutCard, OutsError, OutsResult, outs
    from stud_odds.ranges import Range, RangeError
    from stud_odds.results import EquityResult, ExactProgress, PlayerEquity, RangeSize
    from stud_odds.scenario import DeckRule, Hand, Scenario, ScenarioError


def _version() -> str:
    import importlib.metadata as _metadata

    try:
        return _metadata.version("stud-odds")
    except _metadata.PackageNotFoundError:  # a source tree that is not installed
        return "0+unknown"


_lazy_getattr, _ = lazy_names(__name__, _LAZY)


def __getattr__(name: str) -> _typing.Any:
    if name == "__version__":  # read from the installed metadata only when asked
        globals()["__version__"] = _version()
        return globals()["__version__"]
    return _lazy_getattr(name)


def __dir__() -> list[str]:
    return sorted(__all__)


__all__ = [
    "Cancelled", "CardError", "DeckRule", "EquityError", "EquityResult", "ExactProgress", "Game",
    "GameError", "Hand", "OutCard", "OutsError", "OutsResult", "PlayerEquity", "Range",
    "RangeError", "RangeSize", "Scenario", "ScenarioError", "StudOddsError", "__version__",
    "equity", "format_card", "format_cards", "is_warm", "outs", "parse_card", "parse_cards",
    "parse_game", "warm_up",
]
