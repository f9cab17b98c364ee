"""heads_up_tallies: bit-identical to the brute-force enumeration, and close to long sampling.

The brute force is the engine's own exact enumeration (engine.exact), run on
spots with enough dead cards that it takes a fraction of a second; every
tally, class and table column is compared, scooping hands included.
"""

import math
import os
import random

import numpy as np
import pytest

from stud_odds.cards import UNKNOWN, format_card
from stud_odds.engine import equity, headsup_work
from stud_odds.engine.awards import add_awards
from stud_odds.engine.exact import enumerate_deals
from stud_odds.engine.headsup import heads_up_tallies
from stud_odds.engine.headsup_work import heads_up_work
from stud_odds.engine.job import Job
from stud_odds.engine.running import spot_of
from stud_odds.engine.tallies import Tallies, class_names, summarise
from stud_odds.games import Game
from stud_odds.kernels.layout import (
    GAME_STUD8,
    HIGH_CLASS_COLUMNS,
    HIGH_TIE,
    HIGH_WIN,
    LOW_TIE,
    LOW_WIN,
    NO_LOW_COUNT,
    POT,
    SCOOP,
    SCOOP_CLASS_BASE,
    SHARE,
    SHARE_SQUARED,
)
from stud_odds.scenario import Hand, Scenario

BRUTE_FORCE_DEALS = 3_000_000  # the most deals a random spot gives the brute force


def _as_tuple(tallies):
    return tallies.per_player, tallies.classes, tallies.table, tallies.outcomes


def _heads_up(scenario, scoops=True, **options):
    return _as_tuple(heads_up_tallies(scenario.game, spot_of(scenario, scoops),
                                      **options))


def _brute_force(scenario, scoops=True):
    tallies, _ = enumerate_deals(scenario.game, spot_of(scenario, scoops), 2, None,
                                 Job())
    return _as_tuple(tallies)


def _assert_identical(got, expected):
    for name, ours, theirs in zip(("per-player tallies", "classes", "table"), got, expected,
                                  strict=False):
        np.testing.assert_array_equal(ours, theirs, err_msg=name)
    assert got[3] == expected[3]


def _label(scenario):
    text = f"{scenario.game}:" + "-".join(str(hand) for hand in scenario.hands)
    return text + (f"+{len(scenario.dead)}dead" if scenario.dead else "")


def _random_spot(rng, game, street, unknown):
    """Two random hands on `street` with `unknown` hole cards hidden, and as few dead cards
    as keep the brute force within BRUTE_FORCE_DEALS deals."""
    deck = list(range(52))
    rng.shuffle(deck)
    hands = []
    for _ in range(2):
        down = [deck.pop() for _ in range(3 if street == 7 else 2)]
        up = [deck.pop() for _ in range(street - len(down))]
        hands.append((down, up))
    hidden = 0
    while hidden < unknown:
        down = hands[rng.randrange(2)][0]
        i = rng.randrange(len(down))
        if down[i] != UNKNOWN:
            down[i] = UNKNOWN
            hidden += 1
    dead = []
    while True:
        scenario = Scenario(game=Game(game),
                            hands=tuple(Hand(tuple(d), tuple(u)) for d, u in hands),
                            dead=tuple(dead))
        if scenario.plan.outcomes() <= BRUTE_FORCE_DEALS:
            return scenario
        dead.append(deck.pop())


def _random_spots():
    rng = random.Random(14)
    spots = []
    for game in ("stud", "stud8", "razz"):
        for street in range(3, 8):
            for unknown in (0, rng.choice([1, 2, 3])):
                spots.append(_random_spot(rng, game, street, unknown))
    return spots


RANDOM_SPOTS = _random_spots()


@pytest.mark.parametrize("scenario", RANDOM_SPOTS, ids=[_label(s) for s in RANDOM_SPOTS])
def test_random_spots_identical_to_brute_force(scenario):
    assert not scenario.plan.shared_draw
    scoops = len(scenario.dead) % 2 == 0  # half of them also count the scooping hands
    _assert_identical(_heads_up(scenario, scoops), _brute_force(scenario, scoops))


def _spot(game, hands, dead="", deals=None):
    """A spot; with `deals`, the clubs, then diamonds... not in a hand are dead until the
    brute force has at most that many deals."""
    scenario = Scenario.build(hands, game=game, dead=dead)
    spare = [c for suit in range(4) for c in range(suit, 52, 4)
             if c not in scenario.plan.known[0] + scenario.plan.known[1]]
    while deals is not None and scenario.plan.outcomes() > deals:
        scenario = Scenario.build(hands, game=game, dead=list(scenario.dead) + [spare.pop(0)])
    return scenario


HAND_PICKED = [
    # third street, everything known and with unknown hole cards (on either side)
    _spot("stud", ["AsKs/Qh", "8h8s/9s"], deals=10_000_000),
    _spot("stud8", ["As2s/3s", "KsKh/8s"], deals=10_000_000),
    _spot("razz", ["As2s/3s", "xx/8s"], deals=10_000_000),
    _spot("stud8", ["xx/As", "KsKh/8s"], deals=10_000_000),
    # nobody can make an eight-or-better low: every pot goes to the high
    _spot("stud8", ["KsKd/QhJcTd", "9s9h/TsJdQd"]),
    # both make the board straight: many chopped pots
    _spot("stud", ["5c6d/7h8s9cKd", "5d6h/7s8c9hQd"]),
    # the same low ranks: quartered lows and chopped pots in stud8
    _spot("stud8", ["As2d/3c4h", "Ad2s/3d4s"], "5c 6c 7c 8c 5d 6d 7d 8d 9c Tc Jc Qc Kc 9d Td"),
    # razz with paired boards: pairs against pairs
    _spot("razz", ["KsKd/QhQc", "JsJd/TcTh"], "2c 3c 4c 5c 6c 7c 8c 9c 2d 3d 4d 5d 6d 7d"),
    # seventh street: nothing to deal, or only the unknown hole cards
    _spot("stud8", ["As2s3d/4c5c6hKd", "7s8sKc/QdJd9h2h"]),
    _spot("razz", ["xx3d/4c5c6hKd", "7s8sKc/QdJd9h2h"]),
]


@pytest.mark.parametrize("scenario", HAND_PICKED, ids=[_label(s) for s in HAND_PICKED])
def test_hand_picked_spots_identical_to_brute_force(scenario):
    _assert_identical(_heads_up(scenario), _brute_force(scenario))


def test_no_low_spot_gives_every_pot_to_the_high():
    spot = HAND_PICKED[4]
    per_player, classes, table, outcomes = _heads_up(spot)
    assert table[NO_LOW_COUNT] == outcomes
    assert per_player[:, LOW_WIN].sum() == per_player[:, LOW_TIE].sum() == 0
    assert classes[:, HIGH_CLASS_COLUMNS].sum() == 2 * outcomes  # class 0: no low


def test_ties_are_counted_for_both_players():
    per_player, _, _, outcomes = _heads_up(HAND_PICKED[5])
    assert per_player[0, HIGH_TIE] == per_player[1, HIGH_TIE] > 0
    assert per_player[0, HIGH_WIN] + per_player[1, HIGH_WIN] + per_player[0, HIGH_TIE] \
        == outcomes


def _shared_river_spot(rng, game):
    """Heads-up on sixth street with most of the deck dead: one community card to come."""
    deck = list(range(52))
    rng.shuffle(deck)
    hands = [Hand((deck.pop(), deck.pop()), tuple(deck.pop() for _ in range(4)))
             for _ in range(2)]
    hands[1] = Hand((UNKNOWN, hands[1].down[1]), hands[1].up)
    return Scenario(game=Game(game), hands=tuple(hands), dead=tuple(deck[:37]))


@pytest.mark.parametrize("game", ["stud", "stud8", "razz"])
def test_shared_seventh_street_card_identical_to_brute_force(game):
    scenario = _shared_river_spot(random.Random(7), game)
    assert scenario.plan.shared_draw
    per_player, classes, table, outcomes = _heads_up(scenario)
    expected = _brute_force(scenario)
    np.testing.assert_array_equal(per_player, expected[0])
    np.testing.assert_array_equal(table, expected[2])
    assert outcomes == expected[3]
    # the brute force counts the classes of a player dealt before the shared card twice
    # (once on six cards), so classes are checked against it with each card dealt
    with_each_card = [
        _brute_force(Scenario(game=scenario.game, hands=scenario.hands, dead=scenario.dead,
                              community=card))
        for card in scenario.plan.unseen]
    np.testing.assert_array_equal(classes, sum(part[1] for part in with_each_card))
    assert sum(part[3] for part in with_each_card) == outcomes


@pytest.mark.parametrize("plan", ["by bucket", "halving"])
@pytest.mark.parametrize("scenario", [HAND_PICKED[1], HAND_PICKED[3], HAND_PICKED[6]],
                         ids=_label)
def test_both_stud8_plans_identical_to_brute_force(scenario, plan):
    _assert_identical(_heads_up(scenario, plan_name=plan), _brute_force(scenario))


@pytest.mark.parametrize("scenario", HAND_PICKED[:4] + RANDOM_SPOTS[::7],
                         ids=[_label(s) for s in HAND_PICKED[:4] + RANDOM_SPOTS[::7]])
@pytest.mark.parametrize("threads", [1, 2, 3])
def test_identical_to_brute_force_on_any_threads(scenario, threads):
    # on 1-3 lanes, cut into pieces (equity() would run such small spots on one thread): the
    # width is an argument, whatever numba's own thread count
    _assert_identical(_heads_up(scenario, threads=threads), _brute_force(scenario))


@pytest.mark.parametrize("scenario", [HAND_PICKED[3], _shared_river_spot(random.Random(7), "razz")],
                         ids=["third street", "shared river"])
def test_progress_reports_every_deal_once_done(scenario, monkeypatch):
    monkeypatch.setattr(headsup_work, "BATCH_WORK", 1000)  # many small kernel calls
    reports = []
    got = _heads_up(scenario, progress=lambda done, total: reports.append((done, total)))
    expected = _brute_force(scenario)
    np.testing.assert_array_equal(got[0], expected[0])  # (classes: see the shared river test)
    assert got[3] == expected[3]
    assert len(reports) > 1
    assert all(total == scenario.plan.outcomes() for _, total in reports)
    assert [done for done, _ in reports] == sorted(done for done, _ in reports)
    assert reports[-1] == (scenario.plan.outcomes(), scenario.plan.outcomes())


def _door_sum_identity(hero, dead, game):
    """A random opponent's tallies, and the sum over his every door card of the tallies
    against xx/DOOR: each of his seven-card completions is counted once per card of it
    that could be the door, so the sum is seven times the random opponent's."""
    random_spot = Scenario.build([hero, "random"], game=game, dead=dead)
    got = heads_up_tallies(random_spot.game, spot_of(random_spot, True))
    summed = None
    for door in random_spot.plan.unseen:
        with_door = Scenario.build([hero, "xx/" + format_card(int(door))], game=game, dead=dead)
        part = heads_up_tallies(with_door.game, spot_of(with_door, True))
        if summed is None:
            summed = part
        else:
            summed.add(part)
    return got, summed


@pytest.mark.parametrize("game", ["stud", "stud8", "razz"])
def test_random_opponent_is_the_sum_over_his_door_card(game):
    # dead cards leave 20 unseen: the identity, quickly, in every game
    dead = "2c 3d 4h 5s 6c 7d 8h 9s Tc Jd Qs Kc As 2d 3h 4s 5c 6d 7h 8s 9c Td Jh 3c 4c 5d 6s 7s 9d"
    got, summed = _door_sum_identity("AhKh/Qh", dead, game)
    for name in ("per_player", "classes", "table"):
        np.testing.assert_array_equal(7 * getattr(got, name), getattr(summed, name), err_msg=name)
    assert 7 * got.outcomes == summed.outcomes


@pytest.mark.skipif(not os.environ.get("STUD_ODDS_SLOW_TESTS"),
                    reason="4 to 13 minutes a game on 2 cores: set STUD_ODDS_SLOW_TESTS=1")
@pytest.mark.parametrize("game", ["stud", "stud8", "razz"])
def test_random_opponent_on_third_street_is_the_sum_over_his_door_card(game):
    # 9.6e12 deals: SHARE_SQUARED passes an int64 (Python ints, exact)
    got, summed = _door_sum_identity("AhKh/Qh", "", game)
    assert got.outcomes == math.comb(49, 4) * math.comb(45, 7)
    for name in ("per_player", "classes", "table"):
        np.testing.assert_array_equal(7 * getattr(got, name), getattr(summed, name), err_msg=name)


def test_awards_beyond_int64_stay_exact():
    counts = np.zeros((4, 4), np.int64)
    counts[1, 0] = 4 * 10**12  # player 0 wins the high, nobody has a low
    counts[3, 0] = 10**12  # a tied high
    tallies = Tallies.zeros(2)
    add_awards(GAME_STUD8, counts, tallies)
    shares = tallies.per_player[:, SHARE]
    squared = tallies.per_player[:, SHARE_SQUARED]
    assert list(shares) == [4 * 10**12 * POT + 10**12 * (POT // 2), 10**12 * (POT // 2)]
    assert list(squared) == [4 * 10**12 * POT**2 + 10**12 * (POT // 2)**2,
                             10**12 * (POT // 2)**2]
    assert squared[0] > np.iinfo(np.int64).max
    assert tallies.table[NO_LOW_COUNT] == 5 * 10**12
    small = Tallies.zeros(2)
    add_awards(GAME_STUD8, counts // 10**6, small)
    assert small.per_player.dtype == np.int64  # int64 whenever the tallies fit
    # sums of tallies that fit an int64 each, but not together (forty-nine door cards)
    part = Tallies.zeros(2)
    part.per_player[0, SHARE_SQUARED] = 5 * 10**18
    summed = Tallies.zeros(2)
    summed.add(part)
    summed.add(part)
    assert summed.per_player[0, SHARE_SQUARED] == 10**19


def test_work_estimate_grows_with_the_unknown_cards():
    assert heads_up_work(Game.STUD, 46, [4, 4]) < heads_up_work(Game.STUD, 48, [4, 6]) < 3e9
    assert heads_up_work(Game.STUD8, 46, [4, 4]) > heads_up_work(Game.STUD, 46, [4, 4])


# ---------------------------------------------------------------- third street, full deck

SAMPLED_TRIALS = 4_000_000
THIRD_STREET = [
    ("stud", ["AhKh/Qh", "7c7d/2s"]),
    ("stud8", ["As3d/5c", "KsQs/Js"]),
    ("razz", ["As2d/Kc", "4h5h/6c"]),
    # his unknown hole cards: seconds of counting
    pytest.param(("stud8", ["xx/Ah", "7c7d/2s"]), marks=pytest.mark.slow),
]


def _third_street_id(spot):
    game, hands = spot
    return f"{game}:{'-'.join(hands)}"


@pytest.mark.parametrize("spot", THIRD_STREET, ids=_third_street_id)
def test_third_street_within_four_standard_errors_of_long_sampling(spot):
    game, hands = spot
    scenario = Scenario.build(hands, game=game)
    per_player, classes, table, outcomes = _heads_up(scenario)
    assert outcomes == scenario.plan.outcomes()  # 18,265,297,050 deals with six cards known
    sampled = equity(scenario, method="monte-carlo", trials=SAMPLED_TRIALS, seed=2026)
    n = sampled.outcomes

    def close(exact, estimate, se):
        assert abs(exact - estimate) <= 4 * se + 1e-12, (exact, estimate, se)

    for p, player in enumerate(sampled.players):
        equity_exact = per_player[p, SHARE] / (POT * outcomes)
        close(equity_exact, player.equity, player.equity_se)
        for column, value in [(HIGH_WIN, player.high_win), (LOW_WIN, player.low_win),
                              (SCOOP, player.scoop)]:
            if value is not None:
                p_exact = per_player[p, column] / outcomes
                close(p_exact, value, math.sqrt(p_exact * (1 - p_exact) / n))
        for name, value in player.classes.items():
            column = _class_column(game, name)
            p_exact = classes[p, column] / outcomes
            close(p_exact, value, math.sqrt(p_exact * (1 - p_exact) / n))
    assert classes[:, SCOOP_CLASS_BASE:].sum(axis=1).tolist() == per_player[:, SCOOP].tolist()
    if sampled.no_low is not None:
        p_exact = table[NO_LOW_COUNT] / outcomes
        close(p_exact, sampled.no_low, math.sqrt(p_exact * (1 - p_exact) / n))


def _class_column(game, name):
    """The class column the engine reports under `name` (tallies.class_names' rule)."""
    high, low = class_names(Game(game))
    return dict((label, column) for column, label in high + low)[name]


def test_tallies_in_python_ints_give_the_same_result():
    # what a random opponent on third street returns (its SHARE_SQUARED passes an int64)
    scenario = Scenario.build(["AhKh/Qh", "random"], game="stud8",
                              dead="2c 3d 4h 5s 6c 7d 8h 9s Tc Jd Qs Kc As 2d 3h 4s 5c 6d 7h")
    tallies = heads_up_tallies(scenario.game, spot_of(scenario, True))
    expected = summarise(scenario, tallies, "exact", None, 0.0, "complete").to_dict()
    tallies.per_player = tallies.per_player.astype(object)
    tallies.table = tallies.table.astype(object)
    assert summarise(scenario, tallies, "exact", None, 0.0, "complete").to_dict() == expected
