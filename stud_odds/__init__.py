"""stud-odds: equity and odds for Seven Card Stud, Stud Hi-Lo (eight or better) and Razz.

``import stud_odds`` is quick: the engine (numpy, and numba when a spot is run)
loads when one of its names is first used.
"""

from __future__ import annotations

import typing as _typing

from stud_odds.errors import StudOddsError as StudOddsError  # eager: every error's base
from stud_odds.lazy import lazy_names

# the module -> the public names it defines, each module imported on first use
_lazy_getattr, __dir__, __all__ = lazy_names(__name__, {
    "cards": ("CardError", "format_card", "format_cards", "parse_card", "parse_cards"),
    "engine": ("Cancelled", "EquityError", "equity", "is_warm", "warm_up"),
    "games": ("Game", "GameError", "parse_game"),
    "next_cards": ("OutCard", "OutsError", "OutsResult", "outs"),
    "ranges": ("Range", "RangeError"),
    "results": ("EquityResult", "ExactProgress", "PlayerEquity", "RangeSize"),
    "scenario": ("DeckRule", "Hand", "Scenario", "ScenarioError"),
    "solver": ("RiverError", "RiverResult", "river"),
}, eager=("StudOddsError", "__version__"))


def _version() -> str:
    import importlib.metadata as _metadata

    try:
        return _metadata.version("stud-odds")
    except _metadata.PackageNotFoundError:  # a source tree that is not installed
        return "0+unknown"


def __getattr__(name: str) -> _typing.Any:
    if name == "__version__":  # read from the installed metadata only when asked
        globals()["__version__"] = _version()
        return globals()["__version__"]
    return _lazy_getattr(name)
