"""Small spots counted with numpy (engine/small.py): the kernels' tallies, integer for
integer, so the same answer byte for byte; and no numba in a process that only asks them."""

from __future__ import annotations

import json
import math
import os
import random
import subprocess
import sys
import threading
from dataclasses import replace

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from reference_spots import load_spots, scenario_of

from stud_odds import Cancelled, EquityError, Scenario, equity
from stud_odds.cards import format_card
from stud_odds.engine import exact, planning, running, small
from stud_odds.engine.job import Job
from stud_odds.report import to_json

LATE_SPOTS = [spot for spot in load_spots() if scenario_of(spot).plan.street >= 6]
RIVER = ["AsKs2d/QhJhTh9c", "7c7d2s/8h9hTd2h"]


def _by_kernels(scenario: Scenario):
    """The kernels' answer, as if the spot were not small."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(planning, "SMALL_DEALS", -1)
        return equity(scenario, method="exact", scooping_hands=True)


def _by_numpy(scenario: Scenario):
    """The numpy answer, however many deals the spot has."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(planning, "SMALL_DEALS", 10**9)
        return equity(scenario, method="exact", scooping_hands=True)


def _check_same_answer(scenario: Scenario) -> None:
    """The same tallies, result and JSON from numpy and from the kernels (elapsed time
    aside; scooping hands tracked, which only adds to the counting)."""
    spot = running.spot_of(scenario, scooping_hands=True)
    mine = small.small_tallies(scenario.game.kernel_id, spot, running.lookups())
    theirs, _ = exact.enumerate_deals(scenario.game, spot, 1, None, Job())
    assert mine.outcomes == theirs.outcomes == scenario.plan.outcomes()
    for column in ("per_player", "classes", "table"):
        assert np.array_equal(getattr(mine, column), getattr(theirs, column)), column
    numpy_result = replace(_by_numpy(scenario), elapsed_s=0.0)
    kernel_result = replace(_by_kernels(scenario), elapsed_s=0.0)
    assert numpy_result == kernel_result
    assert to_json(numpy_result, classes=True) == to_json(kernel_result, classes=True)


@pytest.mark.parametrize("spot", LATE_SPOTS, ids=[spot["id"] for spot in LATE_SPOTS])
def test_every_river_and_sixth_street_reference_spot_as_the_kernels_count_it(spot):
    _check_same_answer(scenario_of(spot))


def _random_small_spot(game: str, seed: int) -> Scenario:
    """A late-street spot of 2 to 8 live players: folds, dead cards, either deck rule, a
    shared seventh-street card to come or dealt, and hidden down cards while the spot
    stays small."""
    rng = random.Random(seed)
    deck = rng.sample(range(52), 52)
    live = rng.randint(2, 8)
    folds = [[deck.pop() for _ in range(rng.randint(1, 4))]
             for _ in range(rng.randint(0, 8 - live))]
    dead = [deck.pop() for _ in range(rng.randint(0, 3))]
    downs = [[deck.pop() for _ in range(2)] for _ in range(live)]
    ups = [[deck.pop() for _ in range(4)] for _ in range(live)]
    rule = rng.choice(["casino", "online"])
    community = None

    def build() -> Scenario:
        def shown(cards: list[int | None]) -> str:
            return "".join("x" if card is None else format_card(card) for card in cards)
        hands = [f"{shown(down)}/{shown(up)}" for down, up in zip(downs, ups, strict=True)]
        return Scenario.build(hands, game=game, dead=[format_card(c) for c in dead],
                              folds=[[format_card(c) for c in up] for up in folds],
                              community=community, deck_rule=rule)

    if rng.random() < 0.5 or build().plan.outcomes() > planning.SMALL_DEALS:  # to the river
        if build().plan.shared_river:
            community = format_card(deck.pop())
        else:
            for down in downs:
                down.append(deck.pop())
    hidden = [(p, i) for p, down in enumerate(downs) for i in range(len(down))]
    rng.shuffle(hidden)
    for p, i in hidden[:rng.randint(0, len(hidden))]:
        card, downs[p][i] = downs[p][i], None
        if build().plan.outcomes() > planning.SMALL_DEALS:
            downs[p][i] = card
    return build()


@pytest.mark.parametrize("game", ["stud", "stud8", "razz"])
@settings(max_examples=25, deadline=None, derandomize=True)
@given(seed=st.integers(0, 2**32))
def test_random_small_spots_as_the_kernels_count_them(game, seed):
    _check_same_answer(_random_small_spot(game, seed))


def test_a_river_spot_in_a_fresh_process_does_not_import_numba(tmp_path):
    """Neither when the evaluator tables are built (an empty cache) nor when they are
    loaded from the cache."""
    code = ("import json, sys\n"
            "from stud_odds.cli import main\n"
            f"sys.argv = ['stud-odds', 'equity', *{RIVER!r}, '--json', '--classes']\n"
            "try:\n    main()\nexcept SystemExit as end:\n    assert not end.code, end.code\n"
            "print(json.dumps('numba' in sys.modules))\n")
    environment = {**os.environ, "STUD_ODDS_CACHE_DIR": str(tmp_path)}
    for _ in ("tables built", "tables loaded"):
        done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                              check=True, env=environment)
        answer, numba_imported = done.stdout.rsplit("\n", 2)[:2]
        assert json.loads(answer)["players"][0]["equity"] == 1.0
        assert json.loads(numba_imported) is False
        assert any(tmp_path.rglob("high_by_ranks.npy"))
    assert not any(tmp_path.rglob("*.nbi"))


class CountedWithNumpy(Exception):
    pass


def test_the_threshold_picks_numpy_up_to_small_deals(monkeypatch):
    """A spot of SMALL_DEALS deals is counted with numpy; of one deal more, by a kernel."""
    def refuse(*args):
        raise CountedWithNumpy
    monkeypatch.setattr(small, "small_tallies", refuse)
    sixth = Scenario.build(["AhKh/9cQh2d3s", "7c7d/8s2s5h6d"])  # 40 x 39 deals
    monkeypatch.setattr(planning, "SMALL_DEALS", 1_559)
    assert equity(sixth).outcomes == 1_560
    monkeypatch.setattr(planning, "SMALL_DEALS", 1_560)
    with pytest.raises(CountedWithNumpy):
        equity(sixth)


def test_auto_with_fewer_trials_than_deals_still_samples():
    result = equity(Scenario.build(["AhKh/9cQh2d3s", "7c7d/8s2s5h6d"]), trials=1_000, seed=1)
    assert result.method == "monte-carlo" and result.outcomes == 1_000


def test_a_small_spot_sees_its_cancel_and_a_call_from_inside_on_round():
    river = Scenario.build(RIVER)

    cancelled = threading.Event()
    cancelled.set()
    with pytest.raises(Cancelled):
        equity(river, cancel=cancelled)

    def on_round(update):
        equity(river)
    with pytest.raises(EquityError, match="cannot be called from inside on_round"):
        equity(Scenario.build(["AhKh/Qh", "7c7d/2s", "xx/9d"]), trials=200_000, seed=1,
               on_round=on_round)


@pytest.mark.parametrize("n", range(0, 13))
def test_combination_rows_are_itertools_combinations_in_order(n):
    from itertools import combinations

    for k in range(0, 9):
        rows = small.combination_rows(n, k)
        assert rows.shape == (math.comb(n, k), k)
        assert rows.tolist() == [list(row) for row in combinations(range(n), k)]
