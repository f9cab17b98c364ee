"""The engine's exact enumeration against a slow, independent one on random late-street spots.

The independent side deals with itertools, values hands with tests/reference_eval.py
and splits each pot with plain fractions, so it shares no code with the kernels.
"""

import random
from fractions import Fraction
from itertools import combinations

import pytest
from reference_eval import high, low8, razz

from stud_odds.cards import UNKNOWN, format_card
from stud_odds.engine import equity
from stud_odds.games import parse_game
from stud_odds.scenario import Hand, Scenario


def _deals(unseen, draws):
    """Every way to give draws[p] cards to each player in turn (unordered per player)."""
    if not draws:
        yield ()
        return
    for cards in combinations(unseen, draws[0]):
        rest = [c for c in unseen if c not in cards]
        for later in _deals(rest, draws[1:]):
            yield (cards, *later)


def _shares(game, hands):
    """Each player's share of one pot as a Fraction."""
    n = len(hands)
    shares = [Fraction(0)] * n

    def give(part, winners):
        for p in winners:
            shares[p] += part / len(winners)

    if game == "razz":
        values = [razz(h) for h in hands]
        give(Fraction(1), [p for p in range(n) if values[p] == min(values)])
        return shares
    highs = [high(h) for h in hands]
    high_winners = [p for p in range(n) if highs[p] == max(highs)]
    lows = [low8(h) for h in hands] if game == "stud8" else [None] * n
    qualified = [v for v in lows if v is not None]
    if not qualified:
        give(Fraction(1), high_winners)
    else:
        give(Fraction(1, 2), high_winners)
        give(Fraction(1, 2), [p for p in range(n) if lows[p] == min(qualified)])
    return shares


def _brute_force(scenario):
    game = scenario.game.value
    totals = [Fraction(0)] * len(scenario.hands)
    count = 0
    unseen = list(scenario.plan.unseen)
    for deal in _deals(unseen, list(scenario.plan.draws)):
        used = {c for cards in deal for c in cards}
        communities = [c for c in unseen if c not in used] if scenario.plan.shared_draw else [None]
        for community in communities:
            hands = []
            for p, cards in enumerate(deal):
                hand = list(scenario.plan.known[p]) + list(cards)
                if community is not None:
                    hand.append(community)
                hands.append(hand)
            for p, share in enumerate(_shares(game, hands)):
                totals[p] += share
            count += 1
    return [t / count for t in totals], count


def _random_spot(rng):
    """A random sixth- or seventh-street spot with few unknown cards."""
    game = rng.choice(["stud", "stud8", "razz"])
    players = rng.choice([2, 2, 3, 4])
    street = rng.choice([6, 7])
    deck = list(range(52))
    rng.shuffle(deck)
    hands = []
    for _ in range(players):
        down = [deck.pop() for _ in range(2 if street == 6 else 3)]
        up = [deck.pop() for _ in range(4)]
        hands.append((down, up))
    # hide up to two hole cards in all
    for _ in range(rng.choice([0, 1, 2]) if street == 7 else rng.choice([0, 1])):
        p = rng.randrange(players)
        i = rng.randrange(len(hands[p][0]))
        hands[p][0][i] = UNKNOWN
    dead = tuple(deck.pop() for _ in range(rng.choice([0, 3, 10])))
    return Scenario(
        game=parse_game(game),
        hands=tuple(Hand(tuple(d), tuple(u)) for d, u in hands),
        dead=dead,
    )


def _shared_river_spot(rng, game):
    deck = list(range(52))
    rng.shuffle(deck)
    hands = [Hand(tuple(deck.pop() for _ in range(2)), tuple(deck.pop() for _ in range(4)))
             for _ in range(8)]
    if rng.random() < 0.5:
        hands[0] = Hand((UNKNOWN, hands[0].down[1]), hands[0].up)
    return Scenario(game=parse_game(game), hands=tuple(hands))


def _small_random_spots(count, most_outcomes=1500):
    """Random spots small enough for the slow side (a few seconds in all)."""
    rng = random.Random(2026)
    spots = []
    while len(spots) < count:
        spot = _random_spot(rng)
        if spot.plan.outcomes() <= most_outcomes:
            spots.append(spot)
    return spots


SPOTS = _small_random_spots(24)
SPOTS += [_shared_river_spot(random.Random(100 + i), g) for i, g in
          enumerate(["stud", "stud8", "razz"])]


def _label(scenario):
    return f"{scenario.game}:" + ",".join(
        "".join(format_card(c) for c in h.down + h.up) for h in scenario.hands)


@pytest.mark.parametrize("scenario", SPOTS, ids=[_label(s) for s in SPOTS])
def test_exact_equity_matches_brute_force(scenario):
    expected, count = _brute_force(scenario)
    result = equity(scenario, method="exact")
    assert result.outcomes == count == scenario.plan.outcomes()
    for player, share in zip(result.players, expected, strict=True):
        assert player.equity == pytest.approx(float(share), abs=1e-12)
