"""Exact enumeration (engine/exact.py, kernels/enumerate.py): however the deals are cut into
kernel calls, on any number of threads and in any order of the levels, the same tallies."""

import pytest

from stud_odds.engine import equity, exact, planning
from stud_odds.scenario import Scenario

FOLDED = "2c 2d 3c 3d 4c 4d 5c 5d 6c 6d 7c 7d 8c 8d 9c 9d Tc Td Jc Jd Qc Qd Kc Kd Ac Ad"
SPOTS = [
    # three levels, one with an unknown hole card: 166,320 deals
    (["AsKs/QhJh2h", "9hx/Th8h3s", "7h6h/5s4s3h"], FOLDED[:77]),
    # four levels and a shared seventh-street card: 75,600 deals
    (["AsKs/QhJh2h", "9hx/Th8h3s", "7h6h/5s4s3h", "Ah8s/Kh2s6s"], FOLDED[:68]),
    # one level alone (a hole card and the river): 528 deals
    (["AsKs2d/QhJhTh9c", "xx5h/2h3h4h6h", "7s8s9s/JsTsQsKd"], ""),
    # nothing left to deal: one showdown
    (["AsKs2d/QhJhTh9c", "8h5h9d/2h3h4h6h", "7s8s9s/JsTsQsKd"], ""),
    # eight players to the river: one shared seventh-street card
    (["x6c/Ks7hKcQd", "Td2d/9d5sKh2s", "4h3s/7s9hQh8c", "3hTs/2cJdKd5d", "4c3d/Th5c8h2h",
      "3c6s/7c5h7d6d", "9s9c/TcQc8dAc", "AsAh/JcAd8sQs"], ""),
]


def _result(scenario, **options):
    result = equity(scenario, method="exact", scooping_hands=True, **options)
    found = result.to_dict(include_classes=True)
    found.pop("elapsed_s")
    return found


@pytest.mark.parametrize("game", ["stud", "stud8", "razz"])
@pytest.mark.parametrize("deals, valued", [(1, 1), (97, 13), (5000, 7)])
def test_deals_cut_into_any_calls_give_the_same_tallies(game, deals, valued, monkeypatch):
    for hands, dead in SPOTS:
        scenario = Scenario.build(hands, game=game, dead=dead)
        whole = _result(scenario, threads=1)
        with monkeypatch.context() as patch:
            patch.setattr(exact, "DEALS_PER_CALL", deals)
            patch.setattr(exact, "VALUED_PER_CALL", valued)
            patch.setattr(planning, "ONE_THREAD_BELOW", {})  # the threads too
            assert _result(scenario, threads=3) == whole, hands


@pytest.mark.parametrize("game", ["stud", "stud8", "razz"])
def test_value_tables_and_order_of_the_levels_change_nothing(game, monkeypatch):
    """Without room for tables the parents' players are valued as they come and the
    smallest level, not the largest, is the inner loop (whose classes are counted from
    its table): every tally, class and scoop the same."""
    for hands, dead in SPOTS[:2]:
        scenario = Scenario.build(hands, game=game, dead=dead)
        tabled = _result(scenario)
        with monkeypatch.context() as patch:
            patch.setattr(exact, "MAX_COMPLETIONS", 0)
            assert _result(scenario) == tabled


def test_the_time_estimate_grows_with_the_deals_and_the_threads_share_it():
    from stud_odds.engine.planning import EXACT_SECONDS, Deal, enumeration_seconds

    fifth = Deal.of(Scenario.build(["AsKs/Qh6c8d", "7c7d/2s3s4s", "xx/9s9h2h"]).plan)
    fourth = Deal.of(Scenario.build(["AsKs/Qh6c", "7c7d/2s3s", "xx/9s9h"]).plan)
    assert 10 < enumeration_seconds(fifth, 2) < EXACT_SECONDS
    assert enumeration_seconds(fifth, 1) == 2 * enumeration_seconds(fifth, 2)
    assert enumeration_seconds(fourth, 2) > 100 * EXACT_SECONDS
