"""Sampling's numpy twin (engine/twins/sampling.py) against the kernel: the same cards from
the same stream, so the same tallies, integer for integer; and the same answer whichever
one ran, cold (no kernel compiled) or warm."""

from __future__ import annotations

import itertools
import random
from dataclasses import replace

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from reference_spots import load_spots, scenario_of
from twin_helpers import cold_and_warm

from stud_odds import Scenario, equity
from stud_odds.cards import format_card
from stud_odds.engine import kernel_choice, running, sample
from stud_odds.engine.options import EquityTask
from stud_odds.engine.twins.sampling import _shuffled, _Words, sample_chunks, trial_keys
from stud_odds.errors import StudOddsError
from stud_odds.kernels.stream import GOLDEN, MIX1, MIX2, WORD_MASK
from stud_odds.report import to_json
from stud_odds.request.stop import Stop

SEEDS = np.random.SeedSequence(20261203).generate_state(5, np.uint64)
# chunks of different sizes, one empty: the twin cuts its blocks across chunks
TRIALS = np.array([700, 1, 0, 333, 41], np.int64)


def _same_tallies(scenario: Scenario, scooping_hands: bool = True) -> None:
    spot = running.spot_of(scenario, scooping_hands)
    ranges = running.ranges_of(scenario)
    game = scenario.game
    entry, _ = running.kernel("monte_carlo", game)
    tally = running.chunk_tally(len(SEEDS), len(scenario.hands))
    entry(spot, ranges, running.lookups(), SEEDS, TRIALS, tally)
    twin = sample_chunks(game.kernel_id, spot, ranges, running.lookups(), SEEDS, TRIALS)
    assert np.array_equal(twin.per_player, tally.per_player.sum(axis=0))
    assert np.array_equal(twin.classes, tally.classes.sum(axis=0))
    assert np.array_equal(twin.table, tally.table.sum(axis=0))
    assert twin.outcomes == TRIALS.sum()


def _mix(z: int) -> int:
    """splitmix64's finaliser in Python integers: the stream's definition, read plainly."""
    mask = (1 << 64) - 1
    z = ((z ^ (z >> 30)) * MIX1) & mask
    z = ((z ^ (z >> 27)) * MIX2) & mask
    return z ^ (z >> 31)


def test_trial_keys_are_the_documented_hash():
    seed = 0xDEADBEEF12345678
    keys = trial_keys(seed, 5).tolist()
    assert keys == [_mix((seed + (t + 1) * GOLDEN) & ((1 << 64) - 1)) for t in range(5)]
    assert WORD_MASK == (1 << 32) - 1


def _words(key: int):
    """A trial's 32-bit words in order, from its key: the stream's definition, read plainly."""
    mask = (1 << 64) - 1
    for m in itertools.count():
        output = _mix((key + (m + 1) * GOLDEN) & mask)
        yield output >> 32
        yield output & WORD_MASK


def _rejected_words(seed: int, size: int, needed: int) -> int:
    """How many words trial 0 of ``seed`` rejects dealing ``needed`` of ``size`` cards:
    Lemire's multiply-shift on a 32-bit word x and bound b rejects x when the low half of
    x * b falls below 2**32 % b."""
    words, rejected = _words(_mix((seed + GOLDEN) & ((1 << 64) - 1))), 0
    for i in range(needed):
        bound = size - i
        while ((next(words) * bound) & WORD_MASK) < (1 << 32) % bound:
            rejected += 1
    return rejected


# seeds whose trial 0 rejects a word dealing 8 of 46 cards (about one trial in 2 * 10**7):
# the kernel hashes a block of trials' words at once and deals such a trial again one
# word at a time, as the twin does
REJECTING_SEEDS = [19357707, 46855941, 72755354]


def test_a_trial_that_rejects_a_word_is_dealt_alike():
    """Each chunk's rejecting trial alone, and as trial 5 of 70 (seed - 5 * GOLDEN gives
    trial 5 trial 0's key): dealt again in its own column of a block, among others."""
    scenario = Scenario.build(["AhKh/Qh", "7c7d/2s"])
    spot = running.spot_of(scenario, False)
    assert len(spot.deck) == 46 and sum(spot.draws) == 8
    assert all(_rejected_words(seed, 46, 8) for seed in REJECTING_SEEDS)
    shifted = [(seed - 5 * GOLDEN) % (1 << 64) for seed in REJECTING_SEEDS]
    seeds = np.array(REJECTING_SEEDS + shifted, np.uint64)
    trials = np.array([1] * len(REJECTING_SEEDS) + [70] * len(shifted), np.int64)
    ranges = running.ranges_of(scenario)
    game = scenario.game
    entry, _ = running.kernel("monte_carlo", game)
    tally = running.chunk_tally(len(seeds), 2)
    entry(spot, ranges, running.lookups(), seeds, trials, tally)
    twin = sample_chunks(game.kernel_id, spot, ranges, running.lookups(), seeds, trials)
    assert np.array_equal(twin.classes, tally.classes.sum(axis=0))
    assert np.array_equal(twin.per_player, tally.per_player.sum(axis=0))


def test_a_player_of_one_class_in_every_trial_is_counted_whole():
    """Four aces on fourth street are quads in every trial: a block's 64 trials all count
    in one class's bit field (showdown.count_block_classes), which holds them whole."""
    scenario = Scenario.build(["AhAd/AcAs", "7c7d/2s3s"])
    _same_tallies(scenario)
    spot = running.spot_of(scenario, False)
    entry, _ = running.kernel("monte_carlo", scenario.game)
    tally = running.chunk_tally(1, 2)
    entry(spot, running.ranges_of(scenario), running.lookups(), SEEDS[:1],
          np.array([640], np.int64), tally)
    assert tally.classes[0, 0, 7] == 640  # high class 7: four of a kind


def _swapped_in_a_deck(places: np.ndarray, size: int) -> np.ndarray:
    """Each trial's dealt places, (needed, trials), by swapping in a deck: the partial
    Fisher-Yates the twin runs, read plainly."""
    dealt = np.empty_like(places)
    for trial in range(places.shape[1]):
        deck = list(range(size))
        for i, place in enumerate(places[:, trial]):
            deck[i], deck[place] = deck[place], deck[i]
            dealt[i, trial] = deck[i]
    return dealt


def test_the_kernel_finds_each_dealt_card_without_a_deck():
    """kernels/montecarlo._block_sources deals what swapping in a deck deals, whatever the
    swaps: random places, no swap at all, every swap with the deck's last place, and
    places that come up again and again."""
    from numba import njit

    from stud_odds.kernels.montecarlo import HASHED_TOGETHER, _block_sources

    @njit
    def sources_of(places):
        moved = np.zeros_like(places)
        found = np.zeros_like(places)
        _block_sources(places.shape[0], places, moved, found)
        return found

    rng = np.random.default_rng(39)
    for size, needed in [(46, 8), (28, 25), (52, 52), (3, 3)]:
        low = np.arange(needed)[:, None]
        cases = [rng.integers(low, size, (needed, HASHED_TOGETHER)),
                 np.repeat(low, HASHED_TOGETHER, axis=1),
                 np.full((needed, HASHED_TOGETHER), size - 1),
                 np.maximum(low, rng.integers(0, 3, (needed, HASHED_TOGETHER)) + needed - 3)]
        for places in cases:
            places = places.astype(np.uint8)
            assert np.array_equal(sources_of(places), _swapped_in_a_deck(places, size))


def _chi_square_bound(cells: int, z: float = 5.0) -> float:
    """The chi-square statistic of ``cells`` equally likely cells that a uniform deal
    exceeds with probability about 3 in 10**7 (z = 5, Wilson and Hilferty's cube)."""
    k = cells - 1
    return k * (1 - 2 / (9 * k) + z * (2 / (9 * k)) ** 0.5) ** 3


def _chi_square(observed: np.ndarray) -> float:
    expected = observed.sum() / observed.size
    return float(((observed - expected) ** 2 / expected).sum())


def test_the_deal_is_uniform_place_by_place_and_in_pairs():
    """400,000 trials of 8 of 46 cards as the stream deals them (the twin's cards are the
    kernel's, tests above): each place's card and the first and last places' ordered pair
    of cards are uniform, each statistic under the bound a uniform deal exceeds about 3
    times in 10**7 (a deal that never gives a place the deck's last card fails, and so
    does one that gives a place one card 12% less often)."""
    size, needed, trials = 46, 8, 400_000
    cards = _shuffled(_Words(trial_keys(20261205, trials)), np.arange(size), needed, None)
    for place in range(needed):
        observed = np.bincount(cards[:, place], minlength=size)
        assert _chi_square(observed) < _chi_square_bound(size), place
    pairs = np.bincount(cards[:, 0] * size + cards[:, -1], minlength=size * size)
    pairs = pairs.reshape(size, size)[~np.eye(size, dtype=bool)]  # the same card twice: never
    assert _chi_square(pairs) < _chi_square_bound(size * (size - 1))


MULTIWAY = [spot for spot in load_spots() if len(spot["hands"]) > 2]


@pytest.mark.parametrize("spot", MULTIWAY, ids=[spot["id"] for spot in MULTIWAY])
def test_the_reference_spots_as_the_kernel_samples_them(spot):
    _same_tallies(scenario_of(spot))


RANGED = [
    ("stud", ["[QQ+,AKs]/9d", "7c7d/2s", "[22-99]/3c"]),
    ("stud8", ["[3low7]/2d", "xx/Kd", "[QQ+]/Ah"]),
    ("razz", ["[3low6]/3h", "[pair]/Kc", "xx/7s", "As2s/4d"]),
    ("stud", ["[AA@0.3,KK]/Qs", "[AA,KK@0.5]/Qd"]),  # weights; pairs that often clash
]


@pytest.mark.parametrize("game, hands", RANGED)
def test_ranged_players_draw_the_same_pairs(game, hands):
    _same_tallies(Scenario.build(hands, game=game))


def _random_spot(game: str, seed: int) -> Scenario:
    """2 to 8 players on any street, unknown hole cards, folds, dead cards, either deck
    rule (a shared seventh-street card when the deck runs short), now and then a range."""
    rng = random.Random(seed)
    while True:
        deck = rng.sample(range(52), 52)
        live = rng.randint(2, 8)
        street = rng.randint(3, 7)
        ups = street - 2 if street < 7 else 4
        folds = [[format_card(deck.pop()) for _ in range(rng.randint(1, 4))]
                 for _ in range(rng.randint(0, 8 - live))]
        dead = [format_card(deck.pop()) for _ in range(rng.randint(0, 4))]
        hands = []
        for _ in range(live):
            downs = 2 + (street == 7)
            down = "".join("x" if rng.random() < 0.3 else format_card(deck.pop())
                           for _ in range(downs))
            if rng.random() < 0.15:
                down = rng.choice(["[QQ+]", "[pair]", "[3flush]", "[3low8]"])
            hands.append(down + "/" + "".join(format_card(deck.pop()) for _ in range(ups)))
        try:
            return Scenario.build(hands, game=game, dead=dead, folds=folds,
                                  deck_rule=rng.choice(["casino", "online"]))
        except StudOddsError:
            continue  # a range with no pair left, too many cards: draw another spot


@pytest.mark.parametrize("game", ["stud", "stud8", "razz"])
@settings(max_examples=15, deadline=None, derandomize=True)
@given(seed=st.integers(0, 2**32), scooping_hands=st.booleans())
def test_random_spots_as_the_kernel_samples_them(game, seed, scooping_hands):
    _same_tallies(_random_spot(game, seed), scooping_hands)


def test_a_shared_seventh_street_card_is_dealt_alike():
    hands = ["8hAs/3hQd2dQc", "Ks8s/7c7s6c6h", "3dJd/8c7hKd5c", "2s8d/Ah6d9c5h",
             "3s5d/Qh4s9d9s", "QsJc/Td3cJh4d", "7d2h/Ts9hAdAc", "KcTh/5sTc4cKh"]
    scenario = Scenario.build(hands)
    assert scenario.plan.shared_river
    _same_tallies(scenario)


@pytest.mark.twins
def test_equity_answers_the_same_with_the_twin_and_with_the_kernel(monkeypatch):
    """Rounds, first looks and stops all the same: the whole result is equal."""
    scenario = Scenario.build(["AhKh/Qh", "7c7d/2s", "xx/9d"], game="stud8")
    looks = {}

    def answer(use_kernel: bool):
        monkeypatch.setattr(kernel_choice, "kernel_answers",
                            lambda *arguments, **keywords: use_kernel)
        monkeypatch.setattr(running, "in_cache", lambda *arguments: use_kernel)
        seen = looks.setdefault(use_kernel, [])
        result = equity(scenario, trials=300_000, seed=9, scooping_hands=True,
                        on_round=lambda partial: seen.append(replace(partial, elapsed_s=0.0)))
        return replace(result, elapsed_s=0.0)

    by_twin, by_kernel = answer(False), answer(True)
    assert by_twin == by_kernel
    assert to_json(by_twin, classes=True) == to_json(by_kernel, classes=True)
    assert looks[False] == looks[True] and len(looks[True]) >= 2


def test_the_twin_counts_on_any_number_of_threads(monkeypatch):
    monkeypatch.setattr(running, "in_cache", lambda *arguments: False)  # numpy throughout
    scenario = Scenario.build(["AhKh/Qh", "7c7d/2s", "xx/9d"], game="razz")
    spot, ranges = running.spot_of(scenario, False), running.ranges_of(scenario)
    stop = Stop.checked("monte-carlo", 50_000, seed=3)
    answers = []
    for threads in (1, 2, 3):
        calls = sample._Calls(scenario.game, spot, ranges, EquityTask(stop, threads))
        answers.append(calls(SEEDS, TRIALS))
    for other in answers[1:]:
        assert np.array_equal(other.per_player, answers[0].per_player)
        assert np.array_equal(other.classes, answers[0].classes)


README_SAMPLED = [
    ["AhKh/Qh", "7c7d/2s", "xx/9d", "--seed", "1"],
    ["[QQ+,AK,3flush]/Ah", "[pair]/Kd", "xx/7s", "--seed", "1"],
    ["-g", "stud8", "Ac2c/3c", "KsKh/4s", "xx/7h", "5d6d/8d", "-d", "9c Td 2s", "--fold", "5h",
     "--fold", "Qc", "--seed", "1"],
]


@pytest.mark.parametrize("arguments", README_SAMPLED)
@pytest.mark.slow
def test_a_cold_command_prints_what_a_warm_one_prints(arguments, tmp_path):
    """A fresh process with an empty cache (numpy) and one whose kernels are in memory
    print the same JSON, but for the elapsed time."""
    cold, _ = cold_and_warm(arguments, tmp_path)
    assert "answering with numpy" in cold.stderr
