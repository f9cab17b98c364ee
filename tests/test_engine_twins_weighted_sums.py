"""twins/weighted_sums.py: its ways of looking up the summed weights (by set, a table, a
binary search) give the same tallies on spots where the twin takes either (the twin
against the kernels, integer for integer: test_engine_twins_exact.py); and the weighted
twin counts a heads-up spot without ranges as the heads-up kernels do."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from stud_odds import Scenario
from stud_odds.engine import running
from stud_odds.engine.twins import weighted_sums
from stud_odds.engine.twins.weighted import weighted_twin

SPOTS = [
    ("stud", ["AhKh/Qh8d5c", "[QQ+, AK]/7c6d2s"]),
    ("stud8", ["Ac2c/3c4d5h", "[A2, A3, KK]/Ks9c8d"]),
    ("razz", ["As2d/3c5h9d", "[A2, A3, 23]/Kh9c7c"]),
    ("stud8", ["[QQ+, A2, A3]/Qh8d4c", "[pair, 3flush]/Kd7c6s"]),
]


def _tallies(game: str, hands: list[str], scoops: bool) -> list:
    scenario = Scenario.build(hands, game=game)
    plan = scenario.plan
    ranges = tuple(plan.ranges[p] if p in plan.ranged_players else None for p in range(2))
    tallies = weighted_twin(scenario.game.kernel_id, running.spot_of(scenario, scoops), ranges,
                            running.lookups())
    return [tallies.outcomes] + [np.asarray(part, dtype=object).tolist() for part in
                                 (tallies.per_player, tallies.classes, tallies.table)]


# each way forced where it can be taken (by set is taken whenever it can)
WAYS = {
    "search": {"TABLE_CELLS": 0, "ROW_KEYS": 0},
    "table": {"TABLE_CELLS": 1 << 40, "CELLS_PER_QUESTION": 1 << 40, "ROW_KEYS": 0},
    "rows": {"ROW_KEYS": 1 << 40, "ROW_CELLS": 1 << 40},
}


@pytest.mark.parametrize("game, hands", SPOTS, ids=[h[1] for _, h in SPOTS])
@pytest.mark.parametrize("scoops", [False, True])
def test_every_way_gives_the_same_tallies(game, hands, scoops, monkeypatch):
    by_default = _tallies(game, hands, scoops)
    for way, settings_of_way in WAYS.items():
        with monkeypatch.context() as patched:
            for name, value in settings_of_way.items():
                patched.setattr(weighted_sums, name, value)
            assert _tallies(game, hands, scoops) == by_default, way


def test_rows_too_wide_for_a_set_are_searched(monkeypatch):
    """A card set asked about more often than a row holds: that lookup is searched, with
    the same tallies."""
    hands = ["AhKh/Qh8d", "7c7d/2s3s"]
    by_default = _tallies("stud", hands, False)
    monkeypatch.setattr(weighted_sums, "ROW_CELLS", 8)
    searched = []
    search = weighted_sums._Keys.by_search
    monkeypatch.setattr(weighted_sums._Keys, "by_search",
                        lambda keys, ranks: searched.append(1) or search(keys, ranks))
    assert _tallies("stud", hands, False) == by_default
    assert searched


def test_a_spot_may_take_both_ways():
    """On a 4th-street spot the small card sets are read from a table and the larger ones
    searched (their table would outgrow TABLE_CELLS)."""
    taken = []
    table, search = weighted_sums._Keys.by_table, weighted_sums._Keys.by_search
    patched = pytest.MonkeyPatch()
    patched.setattr(weighted_sums._Keys, "by_table",
                    lambda keys, ranks: taken.append("table") or table(keys, ranks))
    patched.setattr(weighted_sums._Keys, "by_search",
                    lambda keys, ranks: taken.append("search") or search(keys, ranks))
    patched.setattr(weighted_sums, "TABLE_CELLS", 1 << 16)
    try:
        _tallies("stud", ["AhKh/Qh8d", "[QQ+, AK]/7c6d"], False)
    finally:
        patched.undo()
    assert {"table", "search"} <= set(taken)


# heads-up spots without ranges are counted by the weighted twin, every completion weighing
# 1 (engine/exact.heads_up): integer for integer the heads-up kernels' tallies
def _unranged_same(scenario: Scenario, scoops: bool) -> None:
    from test_engine_twins_exact import _same

    from stud_odds.engine.headsup import heads_up_tallies

    spot = running.spot_of(scenario, scoops)
    if spot.shared_draw:  # the heads-up twin counts those, card by card
        return
    _same(weighted_twin(scenario.game.kernel_id, spot, (None, None), running.lookups()),
          heads_up_tallies(scenario.game, spot))


@pytest.mark.parametrize("hands", [
    ["AhKh/Qh", "7c7d/2s"], ["AhKh/Qh8d5c", "7c7d/2s3s9c"],
    # an unknown hand on third street: seconds of counting each, in the full suite only
    pytest.param(["Ac2c/3c4d", "xx/Ks9c"], marks=pytest.mark.slow),
    ["AhKhQd/Qh8d5c4s", "xxx/2s3s9c8c"]])
@pytest.mark.parametrize("game", ["stud", "stud8", "razz"])
@pytest.mark.parametrize("scoops", [False, True])
def test_heads_up_spots_counted_by_weights_as_the_kernels_count(hands, game, scoops):
    _unranged_same(Scenario.build(hands, game=game), scoops)


@pytest.mark.parametrize("game", ["stud", "stud8", "razz"])
@settings(max_examples=12, deadline=None, derandomize=True)
@given(seed=st.integers(0, 2**32), scoops=st.booleans())
def test_random_heads_up_spots_counted_by_weights_as_the_kernels_count(game, seed, scoops):
    from test_engine_twins_exact import _random_spot

    _unranged_same(_random_spot(game, seed, 2), scoops)


def test_a_negative_count_is_refused_not_looped_on():
    from stud_odds.engine.twins import weighted

    with pytest.raises(ArithmeticError):
        weighted._weighted_sum(np.ones(2, np.int64), np.array([3, -1]))
    with pytest.raises(ArithmeticError):
        weighted._exact_sums(np.zeros(2, np.int64), np.ones(2, np.int64), np.array([3, -1]), 1)
    assert weighted._weighted_sum(np.array([2, 5]), np.array([3, 1 << 40])) == 6 + (5 << 40)
