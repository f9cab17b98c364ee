"""A stud showdown to evaluate, in three steps (pure Python, no numba):

- :mod:`~stud_odds.scenario.text`: text to cards (``parse_hand``, card lists);
- :mod:`~stud_odds.scenario.spot`: the validated spot (:class:`Scenario`);
- :mod:`~stud_odds.scenario.plan`: what is left to deal (:class:`DealPlan`), including
  the one decision of whether seventh street is a shared community card.

:mod:`~stud_odds.scenario.table` holds the table's sizes, street names and :class:`Hand`.
"""

from stud_odds.scenario.plan import DealPlan, DeckRule, parse_deck_rule, seventh_street_is_shared
from stud_odds.scenario.spot import Scenario
from stud_odds.scenario.table import (
    DECK_SIZE,
    HOLE_CARDS,
    MAX_PLAYERS,
    MAX_UPCARDS,
    STREET_NAMES,
    Hand,
    ScenarioError,
    random_hand,
    street_name,
)
from stud_odds.scenario.text import RANDOM_HAND, parse_hand

__all__ = [
    "DECK_SIZE",
    "HOLE_CARDS",
    "MAX_PLAYERS",
    "MAX_UPCARDS",
    "RANDOM_HAND",
    "STREET_NAMES",
    "DealPlan",
    "DeckRule",
    "Hand",
    "Scenario",
    "ScenarioError",
    "parse_deck_rule",
    "parse_hand",
    "random_hand",
    "seventh_street_is_shared",
    "street_name",
]
