"""A stud showdown to evaluate, in three steps (pure Python, no numba):

- :mod:`~stud_odds.scenario.text`: text to cards (``parse_hand``, card lists);
- :mod:`~stud_odds.scenario.spot`: the validated spot (:class:`Scenario`);
- :mod:`~stud_odds.scenario.plan`: what is left to deal (:class:`DealPlan`), including
  the one decision of whether seventh street is a shared community card.

:mod:`~stud_odds.scenario.table` holds the table's sizes and owns the street structure:
cards down and up on each street, the cards left before seventh street;
:mod:`~stud_odds.scenario.hands` a player's :class:`Hand`, and a replayed hand on one
street (:class:`SeatCards`, :class:`StreetDeal`).
"""

from stud_odds.scenario.hands import Hand, SeatCards, StreetDeal, random_hand, street_deals
from stud_odds.scenario.plan import DealPlan, DeckRule, parse_deck_rule, seventh_street_is_shared
from stud_odds.scenario.spot import Scenario
from stud_odds.scenario.table import (
    DECK_SIZE,
    HOLE_CARDS,
    MAX_PLAYERS,
    MAX_UPCARDS,
    SEVENTH,
    SIXTH,
    STREET_NAMES,
    STREET_ORDINALS,
    STREETS,
    THIRD,
    ScenarioError,
    cards_left,
    down_cards,
    live_on,
    street_label,
    street_name,
    street_of,
    up_cards,
)
from stud_odds.scenario.text import RANDOM_HAND, parse_hand

__all__ = [
    "DECK_SIZE",
    "HOLE_CARDS",
    "MAX_PLAYERS",
    "MAX_UPCARDS",
    "RANDOM_HAND",
    "SEVENTH",
    "SIXTH",
    "STREETS",
    "STREET_NAMES",
    "STREET_ORDINALS",
    "THIRD",
    "DealPlan",
    "DeckRule",
    "Hand",
    "Scenario",
    "ScenarioError",
    "SeatCards",
    "StreetDeal",
    "cards_left",
    "down_cards",
    "live_on",
    "parse_deck_rule",
    "parse_hand",
    "random_hand",
    "seventh_street_is_shared",
    "street_deals",
    "street_label",
    "street_name",
    "street_of",
    "up_cards",
]
