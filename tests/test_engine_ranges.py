"""Equity against ranges (engine/ranged.py, the Monte Carlo kernel's range draws).

The proof is the mixture identity: the equity against a range is the
weight-averaged equity against each hole pair the range allows, each pair
written out as known cards and counted by the ordinary exact methods.
"""

import json
import random

import numpy as np
import pytest

from stud_odds.cards import format_cards
from stud_odds.engine import EquityError, equity, planning
from stud_odds.engine import ranged as ranged_engine
from stud_odds.ranges import Range
from stud_odds.scenario import Scenario

FIELDS = ("equity", "high_win", "high_tie", "low_win", "low_tie", "scoop")
TERMS = ["QQ+", "AK", "3flush", "pair", "3low", "A2-A5", "buried", "66-99", "Kx", "3straight",
         "split", "pair9+", "3low7", "AKs", "T9o", "random"]


def _values(result, player):
    data = result.players[player]
    return [getattr(data, field) for field in FIELDS]


def _mixture(hands: list[str], game: str, dead: str, ranged: list[int]) -> list[list[float]]:
    """Every player's results as the weighted mean over the ranged players' disjoint pairs,
    each choice a spot of known cards counted exactly."""
    scenario = Scenario.build(hands, game, dead=dead)
    choices = [list(scenario.plan.ranges[p]) for p in ranged]
    total = 0.0
    summed = np.zeros((len(hands), len(FIELDS)))

    def walk(level: int, chosen: list[tuple[int, int]], weight: float) -> None:
        nonlocal total
        if level == len(ranged):
            written = list(hands)
            for player, (first, second) in zip(ranged, chosen, strict=True):
                written[player] = format_cards((first, second)) + hands[player].split("]", 1)[1]
            result = equity(Scenario.build(written, game, dead=dead), method="exact")
            values = [[v if v is not None else 0.0 for v in _values(result, p)]
                      for p in range(len(hands))]
            summed[:] += weight * np.array(values)
            total += weight
            return
        for first, second, pair_weight in choices[level]:
            if all({first, second}.isdisjoint(pair) for pair in chosen):
                walk(level + 1, [*chosen, (first, second)], weight * pair_weight)

    walk(0, [], 1.0)
    return (summed / total).tolist()


def _random_spot(rng: random.Random, street: int, ranged_players: int):
    """Two players on ``street``, the first ``ranged_players`` of them with a small range."""
    deck = list(range(52))
    rng.shuffle(deck)
    hands = []
    for player in range(2):
        up = format_cards(deck[:street - 2])
        del deck[:street - 2]
        if player < ranged_players:
            terms = ", ".join(rng.sample(TERMS, 2))
            weight = rng.choice(["", "@0.5", "@0.25"])
            hands.append(f"[{terms}{weight}, {rng.choice(['AA', 'KQs', '2x'])}]/{up}")
        else:
            hands.append(format_cards(deck[:2]) + "/" + up)
            del deck[:2]
    dead = format_cards(deck[:rng.choice([0, 3, 8])])
    return hands, dead


@pytest.mark.parametrize("game", ["stud", "stud8", "razz"])
@pytest.mark.parametrize("street, seed", [(5, 1), (6, 2), (6, 3)])
def test_one_range_equals_the_weighted_mean_of_its_pairs(game, street, seed):
    rng = random.Random(f"{game}{street}{seed}")
    for _ in range(20):  # ranges too narrow for the dead cards are skipped
        hands, dead = _random_spot(rng, street, 1)
        try:
            scenario = Scenario.build(hands, game, dead=dead)
        except Exception:  # noqa: BLE001 (an empty range after card removal)
            continue
        if scenario.plan.ranges[0].count <= 15:
            break
    result = equity(scenario, method="exact")
    assert result.method == "exact"
    expected = _mixture(hands, game, dead, [0])
    for player in range(2):
        got = [v if v is not None else 0.0 for v in _values(result, player)]
        assert got == pytest.approx(expected[player], abs=1e-12)


@pytest.mark.parametrize("game", ["stud", "stud8", "razz"])
def test_two_ranges_equal_the_weighted_mean_over_disjoint_pairs(game):
    hands = ["[AA, KK@0.5, AKs]/Qd7h5c2s", "[AK, QQ@0.25, AQs]/Jh9h3c4d"]
    result = equity(Scenario.build(hands, game), method="exact")
    expected = _mixture(hands, game, "", [0, 1])
    for player in range(2):
        got = [v if v is not None else 0.0 for v in _values(result, player)]
        assert got == pytest.approx(expected[player], abs=1e-12)


@pytest.mark.parametrize("hands, game, dead", [
    (["[QQ+, AK]/Ah6d", "7c7d/2s5s"], "stud", ""),
    (["[3low@0.5, A2-A5]/4h5d7s9c", "KdKh/QcJs3s2h", "Qs9s/9d8h6d3h"], "stud8", "2c 3c"),
    (["[pair9+, AKs]/Ts8s2h3h", "[AK, QQ+]/9hQc4c5c", "4h4d/2d5dKc7c"], "stud", "Kh"),
    (["[3low5]/2h6s8c9d", "[A2-A5@0.3, 55-66]/3d7cTcJh", "KcQd/8dJdTh4s"], "razz", ""),
])
def test_sampling_draws_pairs_by_weight(hands, game, dead):
    """The kernel's draws against enumeration of the same spot: within 4 standard errors."""
    scenario = Scenario.build(hands, game, dead=dead)
    exact = equity(scenario, method="exact")
    sampled = equity(scenario, method="monte-carlo", trials=400_000, seed=7)
    for player in range(len(hands)):
        se = sampled.players[player].equity_se
        assert abs(sampled.players[player].equity - exact.players[player].equity) <= 4 * se


def test_the_same_seed_gives_the_same_numbers_on_any_thread_count():
    scenario = Scenario.build(["[QQ+, AK@0.5]/Ah", "[pair]/Kd", "xx/7s"])
    one = equity(scenario, trials=200_000, seed=3, threads=1)
    two = equity(scenario, trials=200_000, seed=3, threads=2)
    assert one.to_dict()["players"] == two.to_dict()["players"]


def test_result_names_the_range_and_its_size():
    scenario = Scenario.build(["[QQ+, AK@0.5]/Ah", "KsKd/7c"])
    data = json.loads(json.dumps(equity(scenario, trials=100_000, seed=1).to_dict()))
    # at 1: QQ 6, KK 1 (only Kh Kc left), AA 3 (Ah is his); at 0.5: AK 3 aces x 2 kings
    assert data["players"][0]["range"] == {"text": "QQ+, AK@0.5", "combos": 6 + 1 + 3 + 6,
                                           "weight": 6 + 1 + 3 + 6 * 0.5}
    assert "range" not in data["players"][1]


def test_auto_counts_cheap_ranges_exactly_and_samples_the_rest():
    assert equity(Scenario.build(["[QQ+]/Ah6d", "7c7d/2s5s"])).method == "exact"
    wide = Scenario.build(["[pair, 3flush]/Ah", "[random]/Kd", "xx/7s"])
    assert equity(wide, trials=50_000, seed=1).method == "monte-carlo"


def test_exact_refuses_what_would_take_too_long():
    wide = Scenario.build(["[random]/Ah", "[random]/Kd", "xx/7s", "xx/2c"])
    with pytest.raises(EquityError, match="exact"):
        equity(wide, method="exact")


def test_sampling_refuses_ranges_that_almost_never_fit(monkeypatch):
    scenario = Scenario.build(["[AA]/Kd", "[AA, QQ]/Ks", "xx/2c"])
    fit = ranged_engine.fit(scenario.plan,
                            ranged_engine.choices(scenario.plan, planning.MAX_CHOICES))
    # AA x AA: each of his 6 pairs leaves the other 1 of 6; AA x QQ all 36 fit; of 6 x 12
    assert fit == pytest.approx((6 + 36) / 72)
    monkeypatch.setattr(ranged_engine, "MIN_FIT", 0.6)
    with pytest.raises(EquityError, match=r"players 1 and 2 share a card"):
        equity(scenario, method="monte-carlo", trials=1000, seed=1)


def test_fit_estimate_without_a_list():
    scenario = Scenario.build(["[AA]/Kd", "[AA, QQ]/Ks", "xx/2c"])
    assert ranged_engine.fit(scenario.plan, None) == pytest.approx((6 + 36) / 72, abs=0.01)


def test_a_range_object_gives_the_combos_a_script_sees():
    combos = Range.parse("QQ+, AK").combos("Ks Kd", upcards="Ah")
    assert combos.count == 6 + 1 + 3 + 3 * 2


def test_a_refusal_names_a_time_a_reader_can_take_in():
    wide = Scenario.build(["[pair, 3flush]/Ah", "[random]/Kd", "xx/7s", "xx/8c"])
    with pytest.raises(EquityError, match="would take more than a century on"):
        equity(wide, method="exact")
