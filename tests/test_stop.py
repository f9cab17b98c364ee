"""The Stop: read once at each door, carried as it is to the engine (precision in points all
the way), the one trials_needed(); and kernel or twin decided by one function that only
decides."""

from __future__ import annotations

import pytest

from stud_odds import Scenario
from stud_odds.checks import OptionError
from stud_odds.engine import EquityError, plan_equity, run_equity, sample
from stud_odds.games import Game
from stud_odds.history.settings import trials_for
from stud_odds.request import SpotRequest
from stud_odds.request.stop import Stop
from stud_odds.results import Method
from stud_odds.web.fields import MOST_TRIALS, RequestError, request_from_fields

HANDS = ["AhKh/Qh", "7c7d/2s", "xx/9d"]


@pytest.mark.parametrize("not_a_stop", [0.5, 0.005, {"precision": 0.5}, None,
                                        (Method.AUTO, None, 0.5, None, 1)])
def test_the_engine_takes_only_a_stop(not_a_stop):
    """A number of points, a fraction or a dict cannot stand in for a Stop: no unit slips in
    unread."""
    scenario = Scenario.build(HANDS)
    with pytest.raises(EquityError, match="the engine takes a Stop"):
        run_equity(scenario, not_a_stop, threads=1)
    with pytest.raises(EquityError, match="the engine takes a Stop"):
        plan_equity(scenario, not_a_stop)


def test_nothing_below_the_door_reads_the_stop_again(monkeypatch):
    """The SpotRequest's Stop goes to the engine as it is: with every reader of a Stop
    broken after the door, the spot still runs, and stops at its precision in points."""
    spot = SpotRequest.from_fields({"hands": HANDS, "precision": "0.1", "seed": "3"})
    assert spot.stop == Stop(precision=0.1, seed=3)

    def read_again(*arguments, **keywords):
        raise AssertionError("a Stop was read again below the door")

    for reader in ("checked", "from_given", "read"):
        monkeypatch.setattr(Stop, reader, read_again)
    monkeypatch.setattr("stud_odds.request.stop.check_precision", read_again)
    result = run_equity(spot.scenario, spot.stop, threads=1)
    # 0.1 points: 0.001 of the pot, which round 0 does not reach (0.1 of the pot would stop
    # there), and within the trials that precision needs (0.001 points would go on)
    assert result.stopped_by == "precision"
    assert result.max_se <= 0.001
    assert sample.FIRST_ROUND < result.outcomes <= 2 * spot.stop.trials_needed()


def test_every_door_reads_the_same_stop():
    by_fields = SpotRequest.from_fields({"hands": HANDS, "trials": "20k", "seed": 7,
                                         "max_time": "2.5"}).stop
    by_python = Stop.checked(trials="20k", seed=7, max_time=2.5)
    assert by_fields == by_python == Stop(Method.AUTO, 20_000, None, 2.5, 7)


def test_exact_with_a_target_is_refused_at_the_door_on_its_field():
    with pytest.raises(OptionError) as refused:
        request_from_fields({"hands": HANDS, "exact": True, "trials": 1000})
    assert str(refused.value) == "exact enumeration takes no trial count or precision target"
    assert refused.value.field == "exact"


def test_the_trials_a_precision_needs_are_one_rule():
    """0.25 / p^2, p as a fraction: the replay's deals per street and the server's cap."""
    assert Stop(precision=0.5).trials_needed() == trials_for(0.5) == 10_000
    assert Stop(precision=0.05).trials_needed() == 1_000_000
    assert Stop().trials_needed() is None
    finest = 100 * (0.25 / MOST_TRIALS) ** 0.5  # exactly MOST_TRIALS: allowed
    assert Stop(precision=finest).trials_needed() <= MOST_TRIALS
    request_from_fields({"hands": HANDS, "precision": finest})
    with pytest.raises(RequestError, match="may need more than"):
        request_from_fields({"hands": HANDS, "precision": finest * 0.99})


@pytest.mark.twins  # the real kernel_answers, not the suite's stand-in
def test_kernel_answers_only_decides(monkeypatch):
    """Deciding starts no background compile and notes nothing; the compile is asked by its
    own step."""
    from stud_odds.engine import kernel_choice, running

    asked = []
    monkeypatch.setattr("stud_odds.compiling.ask", lambda *kernel: asked.append(kernel))
    monkeypatch.setattr(running, "is_loaded", lambda name, game: False)
    monkeypatch.setattr(running, "in_cache", lambda name, game: False)
    assert kernel_choice.kernel_answers("exact", Game.STUD, twin_seconds=0.01) is False
    assert kernel_choice.kernel_answers("exact", Game.STUD, twin_seconds=10_000.0) is True
    assert kernel_choice.kernel_answers("exact", Game.STUD, 0.01, kernel_choice.TWIN_BYTES + 1)
    assert asked == []
    kernel_choice.start_background_compile("exact", Game.STUD, False, 0.01)
    assert asked == [("exact", Game.STUD)]
