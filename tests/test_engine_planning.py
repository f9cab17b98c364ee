"""planning.choose(): the method for a table of representative spots, pinned.

choose() only plans: nothing here is counted, so it is quick.  Every method
here is the one the engine took for these spots before planning.py existed
(checked against the commit before it, spot by spot, with each option).
"""

import pytest

from stud_odds.engine import EquityError, ExactRefused, planning, ranged
from stud_odds.engine.options import python_stop
from stud_odds.engine.planning import Algorithm, choose
from stud_odds.scenario import Scenario

A = Algorithm
RIVER = ["AsKs2d/QhJhTh9c", "7c7d2s/8h9hTd2h"]
SIXTH = ["AhKh/9cQh2d3s", "7c7d/8s2s5h6d"]  # 1,560 deals
THREE_WAY_FIFTH = ["AhKh/Qh9c5d", "7c7d/2s3s4h", "QsJs/9s8s2c"]
THREE_WAY_FIFTH_UNKNOWN = ["AsKs/Qh6c8d", "7c7d/2s3s4s", "xx/9s9h2h"]
HEADS_UP_THIRD = ["AhKh/Qh", "7c7d/2s"]
AGAINST_RANDOM = ["AhKh/Qh", "xx/2s"]
THREE_WAY_THIRD = ["AhKh/Qh", "7c7d/2s", "xx/9d"]
FIVE_WAY_THIRD = ["AhKh/Qh", "7c7d/2s", "QsJs/9s", "Tc9c/8d", "5h5d/3c"]
RANGED_FIFTH = ["[QQ+]/Ah5d6d", "7c7d/2s3d4h"]
RANGED_THIRD = ["AhKh/Qh", "[pair, 3flush, 3straight]/Kd"]
RANGED_THREE_WAY = ["[QQ+]/Ah", "[AK]/Kd", "xx/7s"]


def _choice(hands, game="stud", method="auto", trials=None, threads=2):
    scenario = Scenario.build(hands, game=game)
    return choose(scenario.plan, python_stop(method, trials), threads, scenario.game)


@pytest.mark.parametrize("hands, game, method, trials, expected", [
    (RIVER, "stud", "auto", None, A.SMALL),
    (RIVER, "stud", "exact", None, A.SMALL),
    (SIXTH, "stud", "auto", 10**7, A.SMALL),
    (SIXTH, "stud", "auto", 1000, A.MONTE_CARLO),  # fewer trials than deals: sampled
    (SIXTH, "stud", "monte-carlo", None, A.MONTE_CARLO),
    (THREE_WAY_FIFTH, "stud", "auto", None, A.ENUMERATE),
    (THREE_WAY_FIFTH, "stud", "auto", 10**7, A.MONTE_CARLO),
    (THREE_WAY_FIFTH_UNKNOWN, "stud", "auto", None, A.MONTE_CARLO),  # about 20 s
    (THREE_WAY_FIFTH_UNKNOWN, "stud", "exact", None, A.ENUMERATE),
    (HEADS_UP_THIRD, "stud", "auto", None, A.HEADS_UP),
    (HEADS_UP_THIRD, "stud", "exact", None, A.HEADS_UP),
    (AGAINST_RANDOM, "stud", "auto", None, A.HEADS_UP),
    (["AhKh/Qh5d6d", "xx/2s3d4d"], "stud8", "auto", None, A.HEADS_UP),
    (THREE_WAY_THIRD, "stud", "auto", None, A.MONTE_CARLO),
    (FIVE_WAY_THIRD, "stud", "auto", None, A.MONTE_CARLO),
    (RANGED_THREE_WAY, "stud", "auto", None, A.MONTE_CARLO),
])
def test_the_method_of_each_spot(hands, game, method, trials, expected):
    assert _choice(hands, game, method, trials).method is expected


@pytest.mark.parametrize("hands, by", [(RANGED_FIFTH, A.ENUMERATE),
                                       (RANGED_THIRD, A.WEIGHTED)])
def test_ranged_heads_up_counts_every_choice(hands, by):
    choice = _choice(hands)
    assert (choice.method, choice.ranged_by) == (A.RANGED, by)
    assert choice.deals == Scenario.build(hands).plan.outcomes() * len(choice.choices)


@pytest.mark.parametrize("hands, message", [
    (THREE_WAY_THIRD, "exact enumeration of 3.51e+16 deals would take about 711 days on "
                      "2 threads"),
    (["AsKs/Qh6c", "7c7d/2s3s", "xx/9s9h"], "exact enumeration of 3.96e+13 deals would "
                                           "take about 19 hours on 2 threads"),
    (RANGED_THREE_WAY, "counting 2.53e+18 deals over 72 choices of hole cards would take "
                       "more than a century on 2 threads"),
])
def test_exact_too_big_is_refused_from_the_same_estimate(hands, message):
    with pytest.raises(ExactRefused) as refused:
        _choice(hands, method="exact")
    assert refused.value.problem == message


def test_the_estimate_is_what_exact_is_refused_by(monkeypatch):
    seconds = _choice(THREE_WAY_FIFTH_UNKNOWN, method="exact").estimated_seconds
    monkeypatch.setattr(planning, "EXACT_SECONDS", seconds * 0.99)
    with pytest.raises(ExactRefused, match=f"would take about {seconds:.0f} seconds on 2 "):
        _choice(THREE_WAY_FIFTH_UNKNOWN, method="exact")


def test_auto_decides_on_fixed_threads_and_runs_on_the_threads_asked_for():
    one, four = (_choice(THREE_WAY_FIFTH, threads=t) for t in (1, 4))
    assert one.method is four.method is A.ENUMERATE
    assert one.threads == 1 and four.threads == 4
    assert one.estimated_seconds == pytest.approx(4 * four.estimated_seconds)


def test_small_work_runs_on_one_thread():
    assert planning.threads_for(A.ENUMERATE, planning.ONE_THREAD_BELOW[A.ENUMERATE] - 1, 8) == 1
    assert planning.threads_for(A.ENUMERATE, planning.ONE_THREAD_BELOW[A.ENUMERATE], 8) == 8
    assert planning.threads_for(A.MONTE_CARLO, 1, 8) == 8
    assert _choice(["AsKs/Qh6c8dTd", "7c7d/2s3s4s5s", "9s9h/2h3h4h5d"], threads=8).threads == 1
    assert _choice(SIXTH, threads=8).threads == 1


def test_ranges_that_almost_never_fit_are_refused_for_sampling(monkeypatch):
    monkeypatch.setattr(ranged, "MIN_FIT", 0.6)
    with pytest.raises(EquityError, match="players 1 and 2 share a card"):
        _choice(["[AA]/Kd", "[AA, QQ]/Ks", "xx/2c"], method="monte-carlo")
