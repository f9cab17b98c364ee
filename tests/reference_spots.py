"""The reference spots (a copy of ../shared/reference/spots.json) as scenarios."""

from __future__ import annotations

import json
from pathlib import Path

from stud_odds.scenario import Scenario

SPOTS_FILE = Path(__file__).parent / "data" / "reference_spots.json"


def load_spots() -> list[dict]:
    return json.loads(SPOTS_FILE.read_text())


def scenario_of(spot: dict) -> Scenario:
    return Scenario.build(
        spot["hands"], game=spot["game"], dead=spot["dead"], folds=spot["folds"],
        community=spot["community"], deck_rule=spot["rule"],
    )
