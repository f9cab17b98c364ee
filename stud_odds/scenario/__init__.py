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

from __future__ import annotations

from stud_odds.lazy import lazy_names

# the module -> the names it defines, each module imported on first use
__getattr__, __dir__, __all__ = lazy_names(__name__, {
    "table": ("DECK_SIZE", "HOLE_CARDS", "MAX_PLAYERS", "MAX_UPCARDS", "SEVENTH", "SIXTH",
              "STREETS", "STREET_NAMES", "STREET_ORDINALS", "THIRD", "ScenarioError",
              "cards_left", "down_cards", "live_on", "street_label", "street_name", "street_of",
              "up_cards"),
    "hands": ("Hand", "SeatCards", "StreetDeal", "random_hand", "street_deals"),
    "plan": ("DealPlan", "DeckRule", "parse_deck_rule", "seventh_street_is_shared"),
    "spot": ("Scenario",),
    "text": ("RANDOM_HAND", "parse_hand"),
})
