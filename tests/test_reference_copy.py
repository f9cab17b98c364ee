"""tests/data/reference_spots.json is a copy of ../shared/reference/spots.json."""

import json
from pathlib import Path

import pytest
from reference_spots import load_spots

SHARED = Path(__file__).resolve().parents[2] / "shared" / "reference" / "spots.json"


@pytest.mark.skipif(not SHARED.exists(), reason="no ../shared beside this checkout")
def test_copy_is_current():
    assert load_spots() == json.loads(SHARED.read_text())
