"""The river solver's combos and showdown sums against brute force (pairs of combos,
valued card by card, the pot split by the one pot award, kernels.layout.share_out)."""

from __future__ import annotations

from itertools import combinations
from types import SimpleNamespace

import numpy as np
import pytest
import reference_eval

from stud_odds.cards import format_card, parse_cards
from stud_odds.games import Game
from stud_odds.kernels.layout import (
    POT,
    SHARE,
    TABLE_COLUMNS,
    TALLY_COLUMNS,
    share_out,
    sole_winner,
)
from stud_odds.solver.combos import side_of
from stud_odds.solver.showdown import Matchup, compared_values, disjoint_weight, sums_twin
from stud_odds.solver.solve import _sides, _spot, _values


def hand_values(game: Game, cards: list[int]) -> tuple:
    """(high, low) of seven cards by the slow reference evaluator: high larger better, low
    smaller better (None: no eight-or-better low)."""
    high = reference_eval.high(cards) if game is not Game.RAZZ else ()
    low = reference_eval.low8(cards) if game is Game.STUD8 else \
        reference_eval.razz(cards) if game is Game.RAZZ else ()
    return high, low


def _ranks(values: list, smaller_better: bool) -> dict:
    """Each value's rank, larger better; None (no low) -1."""
    ordered = sorted({value for value in values if value is not None},
                     reverse=smaller_better)
    return {None: -1, **{value: rank for rank, value in enumerate(ordered)}}


def _share_by_masks(game: Game) -> np.ndarray:
    """Player 0's share of the pot for each (high winners, low winners) mask, by share_out."""
    table = np.zeros((4, 4))
    for high_mask in range(4):
        for low_mask in range(4):
            if game is Game.STUD and low_mask or game is Game.RAZZ and (high_mask or not low_mask) \
                    or game is not Game.RAZZ and not high_mask:
                continue
            tally = SimpleNamespace(per_player=np.zeros((2, TALLY_COLUMNS), object),
                                    table=np.zeros(TABLE_COLUMNS, object))
            share_out(game.kernel_id, 2, high_mask, low_mask,
                      sole_winner(game.kernel_id, high_mask, low_mask), 1, tally)
            table[high_mask, low_mask] = tally.per_player[0, SHARE] / POT
    return table


def pair_shares(game: Game, mine: list[tuple[int, int]], theirs: list[tuple[int, int]]
                ) -> np.ndarray:
    """Player 0's share of the pot at the showdown of every pair of hands, valued one by one
    (hand_values), split by the one pot award (share_out)."""
    highs = _ranks([v[0] for v in mine + theirs], False)
    lows = _ranks([v[1] for v in mine + theirs], True)
    ranked = [[(highs[h], lows[lo]) for h, lo in side] for side in (mine, theirs)]
    a, b = np.array(ranked[0])[:, None, :], np.array(ranked[1])[None, :, :]
    high_mask = low_mask = np.zeros((len(mine), len(theirs)), np.int64)
    if game is not Game.RAZZ:
        high_mask = (a[..., 0] >= b[..., 0]) * 1 + (b[..., 0] >= a[..., 0]) * 2
    if game is not Game.STUD:
        best = np.maximum(a[..., 1], b[..., 1])
        low_mask = np.where(best >= 0, (a[..., 1] == best) * 1 + (b[..., 1] == best) * 2, 0)
    return _share_by_masks(game)[high_mask, low_mask]


def dead_but(hands: list[str], unseen: str) -> str:
    """Every card but the hands' own and ``unseen``: a short deck."""
    kept = set(parse_cards(unseen)) | {card for hand in hands
                                        for card in parse_cards(hand.split("/")[1])}
    kept |= {card for hand in hands if "[" not in hand
             for card in parse_cards(hand.split("/")[0], allow_unknown=True) if card >= 0}
    return " ".join(format_card(card) for card in range(52) if card not in kept)


SPOTS = [
    ("stud", ["xxx/QhJhTh9c", "[QQ+, AK]x/7c7d2s8h"], "As Ad Ks Kd Qs Qd Qc 3h 4h 5h Tc 6d"),
    ("stud8", ["[A2, A3, 23]x/4h5c9dKs", "[KK+]x/6h7h8h2c"], "Ad As Ac 2d 2h 3s 3c Kc Kh Ah 8c"),
    ("stud8", ["xxx/Ah2h3d9s", "xxx/4c5c6d7d"], "Ac 2c 3c 4d 5d 6c 7c 8s Kd Qh"),
    ("razz", ["[A2, 23]x/4h5c9dKs", "xxx/6h7h8h2c"], "Ac Ad Ah 2d 2s 3c 3d Ts 5s 4c Qd"),
]


def _matchups(game_name: str, hands: list[str], dead: str):
    game = Game(game_name)
    scenario = _spot(hands, game, dead_but(hands, dead), ())
    sides = _sides(scenario)
    values = [compared_values(game.kernel_id, *_values(game, side)) for side in sides]
    return game, sides, Matchup.of(game.kernel_id, sides[0].cards, values[0], sides[1].cards,
                                   values[1])


@pytest.mark.parametrize(("game_name", "hands", "dead"), SPOTS)
def test_showdown_sums_match_every_pair(game_name, hands, dead):
    game, sides, matchup = _matchups(game_name, hands, dead)
    rng = np.random.default_rng(7)
    weights = rng.random((len(sides[1]), 3))
    out = np.zeros((len(sides[0]), matchup.queries.shape[1], 3))
    sums_twin(matchup.entries.owner, weights, matchup.queries, 2, out)
    share, total = matchup.share(out), out[:, 0]
    assert len(sides[1]) < 400  # brute force stays quick
    picked = rng.choice(len(sides[0]), size=min(12, len(sides[0])), replace=False)
    for i in picked:
        mine = sides[0].cards[i].tolist()
        expected_share = np.zeros(3)
        expected_total = np.zeros(3)
        shares = pair_shares(game, [hand_values(game, mine + list(sides[0].upcards))],
                             [hand_values(game, theirs + list(sides[1].upcards))
                              for theirs in sides[1].cards.tolist()])[0]
        for j, theirs in enumerate(sides[1].cards.tolist()):
            if set(mine) & set(theirs):
                continue
            expected_total += weights[j]
            expected_share += weights[j] * shares[j]
        assert total[i] == pytest.approx(expected_total, rel=1e-9, abs=1e-9)
        assert share[i, :2] == pytest.approx(expected_share[:2], rel=1e-9, abs=1e-9)


def test_combos_are_the_hole_cards_consistent_with_every_seen_card():
    """A short deck: most cards dead, so brute force lists every triple."""
    game, sides, _ = _matchups("stud", ["xxx/QhJhTh9c", "AsKsx/7c7d2s8h"], "Ah Kh Qs 5c 5d 3d")
    unseen = parse_cards("Ah Kh Qs 5c 5d 3d")
    first = {tuple(sorted(t)) for t in combinations(unseen + parse_cards("As Ks"), 3)}
    # player 1 never meets a combo holding the ace or king of spades
    meets = {t for t in first if not set(t) & set(parse_cards("As Ks"))
             and any(not set(t) & {*parse_cards("As Ks"), card} for card in unseen)}
    assert {tuple(row) for row in sides[0].cards.tolist()} == meets
    second = {tuple(sorted((*parse_cards("As Ks"), card))) for card in unseen}
    assert {tuple(row) for row in sides[1].cards.tolist()} == second


def test_a_combo_made_several_ways_weighs_their_sum():
    scenario = _spot(["[QQ@0.5]x/2c3c4c5d", "xxx/AcAdKsKh"], Game.STUD, "", ())
    side = side_of(scenario.hands[0], scenario.plan.ranges[0], scenario.plan.unseen)
    trips = side.find("QsQhQd")
    assert side.weight[trips] == pytest.approx(1.5)  # three pairs of queens, each 0.5
    other = side.find("QsQh7d")
    assert side.weight[other] == pytest.approx(0.5)


def test_disjoint_weight_counts_by_inclusion_exclusion():
    rng = np.random.default_rng(3)
    cards = np.sort(np.array([rng.choice(12, 3, replace=False) for _ in range(40)]), axis=1)
    other = np.sort(np.array([rng.choice(12, 3, replace=False) for _ in range(30)]), axis=1)
    weight = rng.random(30)
    expected = [sum(w for o, w in zip(other.tolist(), weight, strict=True)
                    if not set(o) & set(c)) for c in cards.tolist()]
    assert disjoint_weight(cards, other, weight) == pytest.approx(expected)


def test_a_combo_that_meets_nothing_is_left_out():
    hands = ["Ahxx/QhJhTh9c", "AsKsx/7c7d2s8h"]
    _, sides, _ = _matchups("stud", hands, "Kh Qs 5c 4d 3d")
    assert sorted(sides[1].holes()) == sorted(["AsKsKh", "AsKsQs", "AsKs5c", "AsKs4d",
                                               "AsKs3d"])
    assert sides[1].find("AsKsAh") is None  # every combo of player 1 holds the ace of hearts
    assert len(sides[0]) == 10
