"""weighted_tallies: one weighted sweep equals every choice of hole pairs counted on its own.

Each choice (a hole pair per ranged player, no card twice) is a spot with those
cards known, counted by the existing exact methods (heads-up counting, or the
brute-force enumeration on small decks); its integer tallies times the
choice's weight in millionths, summed in Python ints, must equal the weighted
sweep's tallies bit for bit.
"""

import itertools
import random

import numpy as np
import pytest

from stud_odds.cards import UNKNOWN
from stud_odds.engine.exact import enumerate_deals
from stud_odds.engine.headsup import heads_up_tallies
from stud_odds.engine.job import Job
from stud_odds.engine.pair_counting import WEIGHT_SCALE, exact_weights
from stud_odds.engine.running import spot_of
from stud_odds.engine.weighted import weighted_tallies
from stud_odds.games import Game
from stud_odds.ranges import Combos
from stud_odds.scenario import Hand, Scenario

GAMES = ("stud", "stud8", "razz")


def _random_range(rng, unseen, pairs):
    """``pairs`` random hole pairs of the unseen cards with random weights (six decimals)."""
    chosen = sorted(rng.sample(list(itertools.combinations(sorted(unseen), 2)), pairs))
    weight = [rng.choice([1.0, 0.5, 0.25, rng.randint(1, 10**6) / 10**6]) for _ in chosen]
    return Combos(np.array([a for a, _ in chosen], np.int64),
                  np.array([b for _, b in chosen], np.int64), np.array(weight, np.float64))


def _random_case(rng, game, street, ranged_players, unseen_left):
    """Two hands on ``street`` (a ranged player's hole cards unknown), dead cards leaving
    ``unseen_left`` unseen, and a random range per ranged player."""
    deck = list(range(52))
    rng.shuffle(deck)
    hands = []
    for player in range(2):
        down = [deck.pop() for _ in range(3 if street == 7 else 2)]
        up = [deck.pop() for _ in range(street - len(down))]
        if player in ranged_players:
            down[0] = down[1] = UNKNOWN
        hands.append(Hand(tuple(down), tuple(up)))
    known = {c for hand in hands for c in hand.down + hand.up if c != UNKNOWN}
    deck = [c for c in range(52) if c not in known]
    rng.shuffle(deck)
    dead = tuple(deck[unseen_left:])
    unseen = deck[:unseen_left]
    scenario = Scenario(game=Game(game), hands=tuple(hands), dead=dead)
    ranges = tuple(_random_range(rng, unseen, rng.randint(2, 6)) if p in ranged_players
                   else None for p in range(2))
    return scenario, ranges


def _choices(ranges):
    """Every choice: per player his pair's (cards, weight in millionths), or None."""
    per_player = [[None] if r is None else
                  [((int(a), int(b)), round(w * WEIGHT_SCALE)) for a, b, w in r]
                  for r in ranges]
    for choice in itertools.product(*per_player):
        cards = [c for pick in choice if pick for c in pick[0]]
        if len(set(cards)) == len(cards):
            yield choice


def _per_choice(scenario, ranges, count):
    """Sum over choices of weight x tallies, in Python ints."""
    summed = {"per_player": 0, "classes": 0, "table": 0, "outcomes": 0}
    for choice in _choices(ranges):
        hands = []
        for hand, pick in zip(scenario.hands, choice, strict=True):
            down = hand.down if pick is None else pick[0] + hand.down[2:]
            hands.append(Hand(tuple(down), hand.up))
        one = Scenario(game=scenario.game, hands=tuple(hands), dead=scenario.dead)
        tallies = count(one)
        weight = 1
        for pick in choice:
            weight *= 1 if pick is None else pick[1]
        for name in summed:
            value = getattr(tallies, name)
            summed[name] = summed[name] + weight * (
                value.astype(object) if isinstance(value, np.ndarray) else value)
    return summed


def _weighted(scenario, ranges):
    spot = spot_of(scenario, True)
    draws = spot.draws - np.array([2 * (r is not None) for r in ranges])
    return weighted_tallies(scenario.game, spot._replace(draws=draws), ranges)


def _heads_up(one):
    return heads_up_tallies(one.game, spot_of(one, True))


def _brute_force(one):
    return enumerate_deals(one.game, spot_of(one, True), 1, None, Job())[0]


def _assert_identical(got, expected):
    for name in ("per_player", "classes", "table"):
        np.testing.assert_array_equal(getattr(got, name).astype(object), expected[name],
                                      err_msg=name)
    assert got.outcomes == expected["outcomes"]


def _cases(streets, unseen_left, seed):
    rng = random.Random(seed)
    cases = []
    for game in GAMES:
        for street in streets:
            for ranged_players in ((1,), (0, 1), (0,)):
                cases.append(_random_case(rng, game, street, ranged_players, unseen_left))
    return cases


LATER_STREETS = _cases((4, 5, 6, 7), 22, 23)
THIRD_STREET = _cases((3,), 15, 24)


def _label(case):
    scenario, ranges = case
    return f"{scenario.game}:{scenario.hands[0].size}:" + "".join(
        "r" if r is not None else "k" for r in ranges)


@pytest.mark.parametrize("case", LATER_STREETS, ids=[_label(c) for c in LATER_STREETS])
def test_later_streets_identical_to_counting_each_choice(case):
    scenario, ranges = case
    _assert_identical(_weighted(scenario, ranges), _per_choice(scenario, ranges, _heads_up))


@pytest.mark.parametrize("case", THIRD_STREET, ids=[_label(c) for c in THIRD_STREET])
def test_third_street_identical_to_brute_force_of_each_choice(case):
    scenario, ranges = case
    _assert_identical(_weighted(scenario, ranges), _per_choice(scenario, ranges, _brute_force))


def test_weights_beyond_six_decimals_are_not_counted_in_millionths():
    pairs = (np.array([0, 1]), np.array([4, 5]))
    assert exact_weights(Combos(*pairs, np.array([0.5, 0.123456])))
    assert not exact_weights(Combos(*pairs, np.array([0.5, 0.1234567])))


def _equity_both_ways(hands, game, monkeypatch):
    """equity() with every choice counted on its own, then with the weighted sweep."""
    from stud_odds.engine import equity, planning

    scenario = Scenario.build(hands, game=game)
    counting = planning.ranged_counting
    results = []
    for weighted in (False, True):
        def chosen(*args, weighted=weighted):
            how, seconds = counting(*args)
            assert how is planning.Algorithm.WEIGHTED or not weighted, \
                "the spot should be counted weighted"
            return (how if weighted else planning.Algorithm.HEADS_UP), seconds
        monkeypatch.setattr(planning, "ranged_counting", chosen)
        results.append(equity(scenario, method="exact", threads=1, scooping_hands=True))
    return results


@pytest.mark.parametrize("game", GAMES)
def test_equity_against_a_range_is_the_same_either_way(game, monkeypatch):
    per_choice, sweep = _equity_both_ways(
        ["AhKh/Qh7c5s", "[99+, AK, 3flush@0.5, KQs@0.25]/Kd8d6d"], game, monkeypatch)
    assert sweep.outcomes == per_choice.outcomes
    for ours, theirs in zip(sweep.players, per_choice.players, strict=True):
        assert ours.equity == pytest.approx(theirs.equity, abs=1e-12)
        assert ours.scoop == pytest.approx(theirs.scoop, abs=1e-12)
        for name, value in theirs.classes.items():
            assert ours.classes[name] == pytest.approx(value, abs=1e-12)
        assert ours.scooping_hands.keys() == theirs.scooping_hands.keys()


def test_auto_sweeps_a_wide_third_street_range_and_no_longer_misjudges_each_choice():
    # counting these 333 choices one by one took 32 s on 2 cores, judged quick then
    from stud_odds.engine import planning, ranged
    from stud_odds.engine.planning import AUTO_EXACT_SECONDS, AUTO_THREADS

    scenario = Scenario.build(["AhKh/Qh", "[pair, 3flush, 3straight]/Kd"])
    plan = scenario.plan
    listed = ranged.choices(plan, planning.MAX_CHOICES)
    how, seconds = planning.ranged_counting(scenario.game, plan, listed, AUTO_THREADS)
    assert how is planning.Algorithm.WEIGHTED and seconds <= AUTO_EXACT_SECONDS
    deal = planning.Deal.of(plan)
    one_choice = planning.heads_up_seconds(scenario.game, deal._replace(deck=deal.deck - 2),
                                           AUTO_THREADS)
    assert (one_choice + planning.HEADS_UP_CALL_SECONDS) * len(listed) > AUTO_EXACT_SECONDS


def test_a_weighted_count_stops_between_kernel_calls_when_cancelled():
    import threading

    from stud_odds.engine import Cancelled, equity

    stop = threading.Event()
    seen = []

    def progress(done, total):
        seen.append(done)
        stop.set()

    from stud_odds.engine import planning, ranged

    scenario = Scenario.build(["AhKh/Qh7c", "[pair, 3flush, 3straight]/Kd8d"])
    listed = ranged.choices(scenario.plan, planning.MAX_CHOICES)
    how, _ = planning.ranged_counting(scenario.game, scenario.plan, listed, 1)
    assert how is planning.Algorithm.WEIGHTED
    with pytest.raises(Cancelled):
        equity(scenario, method="exact", progress=progress, cancel=stop, threads=1)
    assert len(seen) == 1 and 0 < seen[0] < scenario.plan.outcomes() * len(listed)
