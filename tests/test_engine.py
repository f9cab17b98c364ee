"""equity(): exact against the reference spots, Monte Carlo within 4 standard errors."""

import pytest
from reference_spots import load_spots, scenario_of

from stud_odds.engine import EquityError, equity
from stud_odds.scenario import Scenario

SPOTS = load_spots()
EXACT = [s for s in SPOTS if s["method"] == "exact"]
SAMPLED = [s for s in SPOTS if s["method"] == "mc"]
FRACTIONS = ("high_win", "high_tie", "low_win", "low_tie", "scoop")


def _by_id(spot_id):
    return next(s for s in SPOTS if s["id"] == spot_id)


@pytest.mark.parametrize("spot", EXACT, ids=[s["id"] for s in EXACT])
def test_exact_spots(spot):
    scenario = scenario_of(spot)
    result = equity(scenario, method="exact")
    assert result.method == "exact"
    assert result.outcomes == spot["outcomes"] == scenario.plan.outcomes()
    assert result.shared_river == (spot["id"].startswith("sr_") and spot["rule"] == "casino")
    for player, expected in zip(result.players, spot["results"], strict=True):
        assert player.equity == pytest.approx(expected["equity"], abs=1e-6)
        assert player.equity_se == 0
        for name in FRACTIONS:
            if name in expected:
                # the reference fractions are exact counts printed to 8 decimals
                assert getattr(player, name) == pytest.approx(expected[name], abs=1e-8)
    assert sum(p.equity for p in result.players) == pytest.approx(1)


@pytest.mark.parametrize("spot", SAMPLED, ids=[s["id"] for s in SAMPLED])
def test_sampled_spots_within_four_standard_errors(spot):
    result = equity(scenario_of(spot), method="monte-carlo", trials=400_000, seed=11)
    assert result.outcomes == 400_000
    for player, expected in zip(result.players, spot["results"], strict=True):
        assert player.equity_se > 0
        assert abs(player.equity - expected["equity"]) < 4 * player.equity_se


@pytest.mark.parametrize("spot_id", ["stud_12", "stud8_14", "razz_18", "sr_7p_1fold_casino",
                                     "sr_7p_1fold_online", "stud8_12"])
def test_monte_carlo_agrees_with_enumeration(spot_id):
    scenario = scenario_of(_by_id(spot_id))
    exact = equity(scenario, method="exact")
    sampled = equity(scenario, method="monte-carlo", trials=300_000, seed=5)
    assert sampled.shared_river == exact.shared_river
    for e, s in zip(exact.players, sampled.players, strict=True):
        if s.equity_se == 0:  # a player who always wins or always loses
            assert s.equity == e.equity
        else:
            assert abs(s.equity - e.equity) < 4 * s.equity_se
        # a win rate p over n trials has standard error sqrt(p(1-p)/n)
        p = e.scoop
        assert abs(s.scoop - p) <= 4 * (p * (1 - p) / sampled.outcomes) ** 0.5 + 1e-12


def test_no_qualifying_low_gives_the_whole_pot_to_high():
    result = equity(scenario_of(_by_id("stud8_24")), method="exact")
    assert result.no_low == 1
    assert [p.equity for p in result.players] == [1, 0]
    assert result.players[0].scoop == 1 and result.players[0].low_win == 0


def test_quartered_low():
    result = equity(scenario_of(_by_id("stud8_16")), method="exact")
    assert [p.equity for p in result.players] == [0.5, 0.25, 0.25]
    assert [p.low_tie for p in result.players] == [0, 1, 1]
    assert [p.scoop for p in result.players] == [0, 0, 0]
    assert result.no_low == 0


def test_wheel_scoops():
    result = equity(scenario_of(_by_id("stud8_18")), method="exact")
    hero = result.players[0]
    assert (hero.equity, hero.scoop, hero.high_win, hero.low_win) == (1, 1, 1, 1)


def test_identical_hands_chop_without_scoop():
    result = equity(scenario_of(_by_id("stud8_20")), method="exact")
    assert [p.equity for p in result.players] == [0.5, 0.5]
    assert all(p.high_tie == 1 and p.low_tie == 1 and p.scoop == 0 for p in result.players)


def test_fields_per_game():
    stud = equity(Scenario.build(["AsKs/Qs", "2c2d/2h"]), trials=20_000, seed=1)
    assert stud.players[0].low_win is None and stud.no_low is None
    razz = equity(Scenario.build(["AsKs/Qs", "2c2d/3h"], game="razz"), trials=20_000, seed=1)
    assert razz.players[0].high_win is None and razz.players[0].low_win is not None
    stud8 = equity(Scenario.build(["AsKs/Qs", "2c2d/3h"], game="stud8"), trials=20_000, seed=1)
    assert 0 < stud8.no_low < 1


def test_same_seed_same_numbers_on_one_or_two_threads():
    scenario = scenario_of(_by_id("stud8_06"))
    one = equity(scenario, trials=200_000, seed=42, threads=1).to_dict(include_classes=True)
    many = equity(scenario, trials=200_000, seed=42, threads=3).to_dict(include_classes=True)
    other_seed = equity(scenario, trials=200_000, seed=43).to_dict()
    for result in (one, many, other_seed):
        result.pop("elapsed_s")
    assert one == many
    assert other_seed["players"] != one["players"]


def test_precision_target_is_met():
    result = equity(scenario_of(_by_id("stud_04")), precision=0.2, seed=3)
    assert result.stopped_by == "precision"
    assert result.max_se <= 0.002


def test_auto_enumerates_late_streets_and_samples_early_ones():
    assert equity(scenario_of(_by_id("stud_12"))).method == "exact"
    # enumerating 671,580 deals beats sampling a million, but not a thousand
    assert equity(scenario_of(_by_id("stud_12")), trials=1_000_000).method == "exact"
    assert equity(scenario_of(_by_id("stud_12")), trials=1000, seed=1).method == "monte-carlo"
    early = equity(scenario_of(_by_id("stud_04")), seed=1)
    assert early.method == "monte-carlo" and early.max_se <= 0.0005


def test_classes_sum_to_one():
    result = equity(scenario_of(_by_id("stud8_04")), trials=50_000, seed=2)
    for player in result.players:
        high = sum(v for k, v in player.classes.items() if "low" not in k)
        low = sum(v for k, v in player.classes.items() if "low" in k)
        assert high == pytest.approx(1) and low == pytest.approx(1)


@pytest.mark.parametrize(
    "options, message",
    [
        ({"method": "fast"}, "'fast' is not a method"),
        ({"trials": 0}, "the trial count must be a positive whole number"),
        ({"precision": 0}, "the precision must be a positive"),
        ({"method": "exact", "trials": 1000}, "exact enumeration takes no trial count"),
        ({"threads": 1000}, "threads must be between 1 and 256, not 1000"),
        ({"seed": -5}, "the seed must be a whole number from 0 to 2\\^64 - 1, not -5"),
        # one rule for seeds everywhere (a batch line refused these, the API took them)
        ({"seed": 2**64}, "the seed must be a whole number .*, not 18446744073709551616"),
        # a 400-digit number in any field is one short sentence, never OverflowError
        ({"trials": 10**400}, "about 10\\^400 trials would take days"),
        ({"seed": 10**400}, "not a 401-digit number"),
        ({"threads": 10**400}, "threads must be between 1 and 256, not a 401-digit number"),
        ({"precision": 10**400}, "the precision must be .*, not a 401-digit number"),
        ({"max_time": -10**400}, "the time limit must be .*, not a negative 401-digit number"),
        ({"trials": 10**15}, "1e\\+15 trials would take days: ask for at most 1e\\+12"),
    ],
)
def test_bad_options(options, message):
    with pytest.raises(EquityError, match=message):
        equity(Scenario.build(["AsKs/Qs", "2c2d/2h"]), **options)


def test_exact_refuses_what_would_take_hours_and_says_how_long():
    three_way = Scenario.build(["AsKs/Qs", "2c2d/2h", "7c7d/8h"])
    with pytest.raises(EquityError, match=r"exact enumeration of 5\.31e\+14 deals would take "
                                          r"about [\d,]+ days on 2 threads: use Monte Carlo"):
        equity(three_way, method="exact", threads=2)


def test_the_exact_refusal_speaks_to_a_python_caller():
    three_way = Scenario.build(["AsKs/Qs", "2c2d/2h", "7c7d/8h"])
    with pytest.raises(EquityError) as refused:
        equity(three_way, method="exact", threads=2)
    assert "(method='auto' or 'monte-carlo', not 'exact')" in str(refused.value)
    assert "--exact" not in str(refused.value)


@pytest.mark.parametrize("game", ["stud", "stud8", "razz"])
def test_heads_up_third_street_is_exact_by_default(game):
    result = equity(Scenario.build(["AsKs/Qs", "2c2d/2h"], game=game))
    assert result.method == "exact" and result.outcomes == 18_265_297_050


def test_pot_shares_and_scooping_hands_on_known_showdowns():
    wheel = equity(scenario_of(_by_id("stud8_18")), method="exact",
                   scooping_hands=True).players[0]
    assert wheel.scooping_hands == {"straight with a 5-low": 1.0}
    assert wheel.pot_shares == {"scoop": 1.0, "high half": 0.0, "low half": 0.0, "split": 0.0,
                                "nothing": 0.0}
    aces_up = equity(scenario_of(_by_id("stud8_24")), method="exact",
                     scooping_hands=True).players[0]
    assert aces_up.scooping_hands == {"two pair, no low": 1.0}
    quartered = equity(scenario_of(_by_id("stud8_16")), method="exact").players
    assert quartered[0].pot_shares["high half"] == 1 and quartered[1].pot_shares["split"] == 1
    high_only = equity(scenario_of(_by_id("stud8_22")), method="exact").players
    assert high_only[1].pot_shares["high half"] == 1 and high_only[0].pot_shares["low half"] == 1


@pytest.mark.parametrize("method", ["exact", "monte-carlo"])
def test_pot_shares_agree_with_the_equity(method):
    scenario = scenario_of(_by_id("stud8_12"))
    result = equity(scenario, method=method, scooping_hands=True,
                    **({"trials": 200_000, "seed": 4} if method == "monte-carlo" else {}))
    for player in result.players:
        shares = player.pot_shares
        assert sum(shares.values()) == pytest.approx(1)
        assert shares["scoop"] == player.scoop
        assert sum(player.scooping_hands.values()) == pytest.approx(player.scoop)
        halves = shares["scoop"] + (shares["high half"] + shares["low half"]) / 2
        # a split part is at most three quarters of a pot (a half plus a tied half)
        assert halves - 1e-12 <= player.equity <= halves + 0.75 * shares["split"] + 1e-12
    options = {"trials": 1000, "seed": 4} if method == "monte-carlo" else {}
    assert equity(scenario, method=method, **options).players[0].scooping_hands == {}


@pytest.mark.parametrize("spot", EXACT, ids=[s["id"] for s in EXACT])
def test_exact_spots_sampled_within_four_standard_errors(spot):
    result = equity(scenario_of(spot), method="monte-carlo", trials=100_000, seed=17)
    for player, expected in zip(result.players, spot["results"], strict=True):
        if player.equity_se == 0:  # the same result in every trial: it must be the exact one
            assert player.equity == pytest.approx(expected["equity"], abs=1e-6)
        else:
            assert abs(player.equity - expected["equity"]) < 4 * player.equity_se


@pytest.mark.parametrize("game", ["stud", "stud8", "razz"])
def test_completion_tables_give_the_same_tallies_as_valuing_every_deal(game, monkeypatch):
    """Enumeration looks each player's completions up in tables when that saves work;
    the tallies (classes and scooping hands included) must not change."""
    from stud_odds.engine import exact

    spot = Scenario.build(["AsKs/Qh6c8d", "7c7d/2s3s4s", "8hx/9s9h2h"], game=game,
                          dead="Ac Ad Ah 2c 2d 3c 3d 4c 4d 5c 5d 5h 6d 6h Tc Td Th Ts Jc Jh")
    assert spot.plan.outcomes() == 6_683_040
    tabled = equity(spot, method="exact", scooping_hands=True).to_dict(include_classes=True)
    monkeypatch.setattr(exact, "MAX_COMPLETIONS", 0)
    direct = equity(spot, method="exact", scooping_hands=True).to_dict(include_classes=True)
    for result in (tabled, direct):
        result.pop("elapsed_s")
    assert tabled == direct


def test_auto_picks_the_same_method_on_any_thread_count(monkeypatch):
    """auto enumerates by a cost estimate for a fixed two threads, never for the threads it
    runs on, so one thread and two give the same numbers."""
    from stud_odds.engine import planning

    spot = Scenario.build(["AhKh/Qh9c5d", "7c7d/2s3s4h", "QsJs/9s8s2c"])
    two_threads = planning.enumeration_seconds(planning.Deal.of(spot.plan), 2)
    assert spot.plan.outcomes() * 3 > planning.EXACT_BUDGET  # the estimate decides
    monkeypatch.setattr(planning, "AUTO_EXACT_SECONDS", two_threads * 1.5)  # < one thread's
    assert {equity(spot, seed=1, threads=t).method for t in (1, 2)} == {"exact"}
    monkeypatch.setattr(planning, "AUTO_EXACT_SECONDS", two_threads * 0.5)
    assert {equity(spot, seed=1, threads=t).method for t in (1, 2)} == {"monte-carlo"}
