"""Helpers shared by the tests of stud_odds.scenario's modules."""

from reference_spots import load_spots

from stud_odds.cards import parse_cards
from stud_odds.scenario import Scenario

SPOTS = load_spots()
EXACT_SPOTS = [spot for spot in SPOTS if spot["method"] == "exact"]


def cards(text: str) -> tuple[int, ...]:
    """Card ids of a text, unknown cards (x) and repeats allowed."""
    return tuple(parse_cards(text, allow_unknown=True, unique=False))


def build_spot(spot: dict) -> Scenario:
    """The Scenario of a reference spot."""
    return Scenario.build(
        spot["hands"], spot["game"], spot["dead"], spot["folds"], spot["community"], spot["rule"]
    )


def sixth_street(players: int, **options) -> Scenario:
    """``players`` live players on sixth street, no card known."""
    return Scenario.build(["xx/xxxx"] * players, **options)
