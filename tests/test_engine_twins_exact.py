"""The exact counts' numpy twins (engine/twins/headsup.py, enumeration.py, weighted.py)
against their kernels, integer for integer, and against brute force; and the same answer
whichever ran."""

from __future__ import annotations

import json
import math
import os
import random
import subprocess
import sys

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from reference_spots import load_spots, scenario_of
from test_engine_brute_force import SPOTS as BRUTE_FORCE_SPOTS
from test_engine_brute_force import _brute_force
from test_engine_weighted import LATER_STREETS, THIRD_STREET, _label
from twin_helpers import cold_and_warm

from stud_odds import Scenario
from stud_odds.cards import format_card
from stud_odds.engine import running
from stud_odds.engine.exact import enumerate_deals
from stud_odds.engine.headsup import heads_up_tallies
from stud_odds.engine.job import Job
from stud_odds.engine.twins.enumeration import enumeration_twin, enumeration_twin_cost
from stud_odds.engine.twins.headsup import heads_up_twin, heads_up_twin_cost
from stud_odds.engine.twins.razz_ranks import razz_ranks_tallies
from stud_odds.engine.twins.weighted import weighted_twin
from stud_odds.engine.weighted import weighted_tallies
from stud_odds.errors import StudOddsError
from stud_odds.games import Game
from stud_odds.kernels.layout import POT, SHARE

# the spots held here: those the twins count in about a second or less
MOST_SECONDS = 1.5


def _same(first, second) -> None:
    assert first.outcomes == second.outcomes
    for mine, theirs in ((first.per_player, second.per_player), (first.classes, second.classes),
                         (first.table, second.table)):
        assert np.array_equal(np.asarray(mine, dtype=object), np.asarray(theirs, dtype=object))


def _heads_up_seconds(scenario: Scenario, scoops: bool) -> float:
    spot = running.spot_of(scenario, scoops)
    return heads_up_twin_cost(scenario.game.kernel_id, len(spot.deck),
                              [int(k) for k in spot.draws], bool(spot.shared_draw), scoops)[0]


def _enumeration_seconds(scenario: Scenario, scoops: bool) -> float:
    spot = running.spot_of(scenario, scoops)
    return enumeration_twin_cost(len(spot.deck), [int(k) for k in spot.draws],
                                 bool(spot.shared_draw), scoops)[0]


def _heads_up_same(scenario: Scenario, scoops: bool = True) -> None:
    spot = running.spot_of(scenario, scoops)
    game = scenario.game
    _same(heads_up_twin(game.kernel_id, spot, running.lookups()), heads_up_tallies(game, spot))


def _enumeration_same(scenario: Scenario, scoops: bool = True) -> None:
    spot = running.spot_of(scenario, scoops)
    game = scenario.game
    by_kernel, _ = enumerate_deals(game, spot, 2, None, Job())
    _same(enumeration_twin(game.kernel_id, spot, running.lookups()), by_kernel)


def _reference(players: str) -> list[dict]:
    spots = []
    for spot in load_spots():
        if spot["hands"] and any(hand.startswith("[") for hand in spot["hands"]):
            continue  # ranges are counted choice by choice, each by these
        scenario = scenario_of(spot)
        heads_up = len(scenario.hands) == 2
        seconds = (_heads_up_seconds if heads_up else _enumeration_seconds)(scenario, True)
        if (players == "two") == heads_up and seconds <= MOST_SECONDS:
            spots.append(spot)
    return spots


HEADS_UP = _reference("two")
MULTIWAY = _reference("more")


def test_the_reference_spots_cover_both_twins():
    assert len(HEADS_UP) >= 5 and len(MULTIWAY) >= 3


@pytest.mark.parametrize("spot", HEADS_UP, ids=[spot["id"] for spot in HEADS_UP])
def test_reference_spots_counted_heads_up_as_the_kernels_count_them(spot):
    _heads_up_same(scenario_of(spot))


@pytest.mark.parametrize("spot", MULTIWAY, ids=[spot["id"] for spot in MULTIWAY])
def test_reference_spots_enumerated_as_the_kernel_enumerates_them(spot):
    _enumeration_same(scenario_of(spot))


def _random_spot(game: str, seed: int, players: int) -> Scenario:
    """``players`` live players on fourth street or later, unknown hole cards, folds and
    dead cards (both deck rules: a shared card when the deck runs short)."""
    rng = random.Random(seed)
    while True:
        deck = rng.sample(range(52), 52)
        street = rng.randint(4 if players == 2 else 5, 7)
        ups = street - 2 if street < 7 else 4
        folds = [[format_card(deck.pop()) for _ in range(rng.randint(1, 4))]
                 for _ in range(rng.randint(0, 8 - players))]
        dead = [format_card(deck.pop()) for _ in range(rng.randint(0, 12))]
        hands = []
        for _ in range(players):
            downs = 2 + (street == 7)
            down = "".join("x" if rng.random() < 0.2 else format_card(deck.pop())
                           for _ in range(downs))
            hands.append(down + "/" + "".join(format_card(deck.pop()) for _ in range(ups)))
        try:
            scenario = Scenario.build(hands, game=game, dead=dead, folds=folds,
                                      deck_rule=rng.choice(["casino", "online"]))
        except StudOddsError:
            continue
        seconds = (_heads_up_seconds if players == 2 else _enumeration_seconds)(scenario, True)
        if seconds <= MOST_SECONDS / 3:
            return scenario


@pytest.mark.parametrize("game", ["stud", "stud8", "razz"])
@settings(max_examples=12, deadline=None, derandomize=True)
@given(seed=st.integers(0, 2**32), scoops=st.booleans())
def test_random_heads_up_spots_as_the_kernels_count_them(game, seed, scoops):
    _heads_up_same(_random_spot(game, seed, 2), scoops)


@pytest.mark.parametrize("game", ["stud", "stud8", "razz"])
@settings(max_examples=12, deadline=None, derandomize=True)
@given(seed=st.integers(0, 2**32), players=st.integers(2, 5), scoops=st.booleans())
def test_random_spots_enumerated_as_the_kernel_enumerates_them(game, seed, players, scoops):
    _enumeration_same(_random_spot(game, seed, players), scoops)


def test_a_shared_seventh_street_card_counted_alike():
    hands = ["8hAs/3hQd2dQc", "Ks8s/7c7s6c6h", "3dJd/8c7hKd5c", "2s8d/Ah6d9c5h",
             "3s5d/Qh4s9d9s", "QsJc/Td3cJh4d", "7d2h/Ts9hAdAc", "KcTh/5sTc4cKh"]
    scenario = Scenario.build(hands)
    assert scenario.plan.shared_river
    _enumeration_same(scenario)
    # heads-up, the rules share the card only with most of the deck dead: as the
    # kernels' driver sees such a spot
    spot = running.spot_of(Scenario.build(hands[:2], dead="".join(hands[2:]).replace("/", "")),
                           True)._replace(draws=np.zeros(2, np.int64), shared_draw=1)
    for game in Game:
        _same(heads_up_twin(game.kernel_id, spot, running.lookups()),
              heads_up_tallies(game, spot))


@pytest.mark.parametrize("scenario", BRUTE_FORCE_SPOTS, ids=range(len(BRUTE_FORCE_SPOTS)))
def test_the_twins_against_brute_force(scenario):
    expected, count = _brute_force(scenario)
    spot = running.spot_of(scenario, False)
    game = scenario.game.kernel_id
    twins = [enumeration_twin(game, spot, running.lookups())]
    if len(scenario.hands) == 2:
        twins.append(heads_up_twin(game, spot, running.lookups()))
    for tallies in twins:
        assert tallies.outcomes == count
        for p, share in enumerate(expected):
            assert tallies.per_player[p, SHARE] == share * POT * count


README_EXACT = [
    ["AhKh/Qh", "7c7d/2s"],
    # 12 million completions: razz by rank profiles (the kernel takes seconds to compare)
    pytest.param(["-g", "razz", "As2d/3c", "xx/Kh"], marks=pytest.mark.slow),
    ["-g", "stud8", "AhKh/Qh", "7c7d/2s"],
    ["-g", "razz", "As2s/3h", "7c7d/Ks"],
    ["AhKh/Qh8d5c", "7c7s/2s9c3d", "QsJs/Ts3h4h"],
    ["-g", "razz", "As2s/5d9cKh7h", "3c4c/6hQsJs8d", "--classes"],
]


@pytest.mark.parametrize("arguments", README_EXACT)
@pytest.mark.slow
def test_a_cold_exact_command_prints_what_a_warm_one_prints(arguments, tmp_path):
    """A fresh process with an empty cache (numpy) and one whose kernels are in memory
    print the same JSON, but for the elapsed time."""
    _, answer = cold_and_warm(arguments, tmp_path)
    assert answer["method"] == "exact"


# weighted counting (ranges, heads-up): random ranges on every street of the three games,
# a ranged player on either side or both (tests/test_engine_weighted.py's cases), and
# whole-deck spots a player asks
WEIGHTED_CASES = LATER_STREETS + THIRD_STREET


def _weighted_same(scenario: Scenario, ranges, scoops: bool = True) -> None:
    spot = running.spot_of(scenario, scoops)
    spot = spot._replace(draws=spot.draws - np.array([2 * (r is not None) for r in ranges]))
    game = scenario.game
    _same(weighted_twin(game.kernel_id, spot, ranges, running.lookups()),
          weighted_tallies(game, spot, ranges))


@pytest.mark.parametrize("case", WEIGHTED_CASES, ids=[_label(c) for c in WEIGHTED_CASES])
def test_weighted_counting_as_the_kernels_count(case):
    scenario, ranges = case
    _weighted_same(scenario, ranges)


WEIGHTED_SPOTS = [
    ("stud", ["AhKh/Qh8d5c", "[QQ+, AK]/7c6d2s"]),
    ("stud8", ["Ac2c/3c4d5h", "[A2, A3, KK]/Ks9c8d"]),
    ("razz", ["As2d/3c5h", "[A2, A3, 23]/Kh9c"]),
    ("razz", ["[A2, A3, 23, A4]/5h6d7d", "[pair]/Kh9c8s"]),
]


@pytest.mark.parametrize("game, hands", WEIGHTED_SPOTS, ids=[h[1] for _, h in WEIGHTED_SPOTS])
@pytest.mark.parametrize("scoops", [False, True])
def test_ranges_a_player_asks_counted_as_the_kernels_count(game, hands, scoops):
    scenario = Scenario.build(hands, game=game)
    plan = scenario.plan
    _weighted_same(scenario, tuple(plan.ranges[p] if p in plan.ranged_players else None
                                   for p in range(2)), scoops)


RANGED_COLD = [
    ["-g", "stud8", "Ac2c/3c4d", "[A2, A3, KK]/Ks9c"],
    ["AhKh/Qh8d", "[QQ+, AK]/7c6d"],
]


@pytest.mark.parametrize("arguments", RANGED_COLD)
@pytest.mark.slow
def test_a_cold_count_against_a_range_prints_what_a_warm_one_prints(arguments, tmp_path):
    """Weighted counting answers a fresh process by numpy, compiling nothing, with the JSON
    the kernels give."""
    _, answer = cold_and_warm(arguments, tmp_path)
    assert answer["method"] == "exact"


def test_a_small_third_street_range_is_counted_by_the_twin_within_its_memory():
    """A range's completions are listed from its pairs: three pairs of aces on third street
    (about 490,000 completions, not the 12 million of an unknown hand) fit the twins'
    memory, so a first question against them compiles nothing in the foreground."""
    from stud_odds.engine.kernel_choice import TWIN_BYTES
    from stud_odds.engine.twins.weighted import weighted_twin_cost

    deck = 48  # AhKh/Qh against [AA]/Kd: four cards seen
    rows = [math.comb(deck, 4), 3 * math.comb(deck - 2, 4)]
    assert weighted_twin_cost(0, deck, [4, 6], rows, False)[1] <= TWIN_BYTES


def test_a_first_count_against_a_range_imports_no_numba(tmp_path):
    """Nothing compiled, the twin answers: planning the count (its weights' check) and
    counting it load no numba, whose import alone is most of a second."""
    code = ("import json, sys\n"
            "from stud_odds.cli import main\n"
            f"sys.argv = ['stud-odds', 'equity', *{RANGED_COLD[0]!r}, '--json']\n"
            "try:\n    main()\nexcept SystemExit as end:\n    assert not end.code, end.code\n"
            "print(json.dumps('numba' in sys.modules))\n")
    environment = {**os.environ, "STUD_ODDS_CACHE_DIR": str(tmp_path),
                   "STUD_ODDS_BACKGROUND_COMPILE": "0"}
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True, env=environment)
    answer, numba_imported = done.stdout.rsplit("\n", 2)[:2]
    assert json.loads(answer)["method"] == "exact"
    assert json.loads(numba_imported) is False


# razz heads-up by rank profiles (twins/razz_ranks.py)
RAZZ_SPOTS = [
    pytest.param(["As2d/3c", "xx/Kh"], {}, marks=pytest.mark.slow, id="xx/Kh"),
    (["As2s/3h7d", "xx/Ks5c"], {"dead": "4h 6c"}),
    (["Ah2h/3h", "xx/3c"], {"dead": "As Ad Ac 2s 2d"}),
    (["As2s/3h7dQc", "8c8d/Ks5c4c"], {"dead": "2c 3c 4d 5d 6h 7h 8h 9h Th Jh Qh Kh Ah"}),
]


def _razz_ranks_same(scenario: Scenario) -> None:
    spot = running.spot_of(scenario, False)
    _same(razz_ranks_tallies(spot, running.lookups()), heads_up_tallies(Game.RAZZ, spot))


@pytest.mark.parametrize("hands, extra", RAZZ_SPOTS)
def test_razz_counted_by_ranks_as_the_kernels_count(hands, extra):
    _razz_ranks_same(Scenario.build(hands, game="razz", **extra))


@settings(max_examples=12, deadline=None, derandomize=True)
@given(seed=st.integers(0, 2**32))
def test_random_razz_spots_counted_by_ranks_as_the_kernels_count(seed):
    _razz_ranks_same(_random_spot("razz", seed, 2))


def test_razz_by_ranks_takes_a_shared_card_too():
    hands = ["8hAs/3hQd2dQc", "Ks8s/7c7s6c6h"]
    spot = running.spot_of(Scenario.build(hands, game="razz", dead="3dJd8c7hKd5c2s8dAh6d9c5h"
                                          "3s5dQh4s9d9sQsJcTd3cJh4d7d2hTs9hAdAcKcTh5sTc4cKh"),
                           False)._replace(draws=np.zeros(2, np.int64), shared_draw=1)
    _same(razz_ranks_tallies(spot, running.lookups()), heads_up_tallies(Game.RAZZ, spot))
