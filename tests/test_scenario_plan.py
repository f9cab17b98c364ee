"""stud_odds.scenario.plan: the deck rule, the shared river, unseen cards, draws, deals."""

from math import comb

import pytest
from scenario_helpers import EXACT_SPOTS, SPOTS, build_spot, cards, sixth_street

from stud_odds.cards import parse_card
from stud_odds.scenario import (
    DeckRule,
    Scenario,
    ScenarioError,
    parse_deck_rule,
    seventh_street_is_shared,
)

# -- deck rule and the shared seventh street ---------------------------------------------------


def test_parse_deck_rule():
    assert parse_deck_rule("casino") is DeckRule.CASINO
    assert parse_deck_rule(" Online ") is DeckRule.ONLINE
    assert parse_deck_rule(DeckRule.ONLINE) is DeckRule.ONLINE
    with pytest.raises(ScenarioError, match="'home' is not a deck rule: use casino"):
        parse_deck_rule("home")


@pytest.mark.parametrize(
    "cards_left, live, rule, shared",
    [
        (4, 8, DeckRule.CASINO, True),  # all eight to the river
        (7, 7, DeckRule.CASINO, True),  # one folded on third street
        (10, 6, DeckRule.CASINO, False),  # two folded on third street
        (10, 7, DeckRule.CASINO, False),  # seven dealt in
        (8, 7, DeckRule.CASINO, True),  # one short of n + 2
        (9, 7, DeckRule.CASINO, False),
        (7, 7, DeckRule.ONLINE, False),
        (6, 7, DeckRule.ONLINE, True),
        (4, 8, DeckRule.ONLINE, True),
    ],
)
def test_seventh_street_is_shared(cards_left, live, rule, shared):
    assert seventh_street_is_shared(cards_left, live, rule) is shared


@pytest.mark.parametrize(
    "live, folds, rule, cards_left, shared",
    [
        (8, [], "casino", 4, True),
        (7, ["9d"], "casino", 7, True),
        (6, ["9d", "9c"], "casino", 10, False),
        (7, [], "casino", 10, False),
        (7, ["9d"], "online", 7, False),
        (8, [], "online", 4, True),
        (6, ["9d", "9c8c7c6c"], "casino", 7, True),  # a fold on sixth street counts 6 cards
    ],
)
def test_rule_examples_through_scenarios(live, folds, rule, cards_left, shared):
    scenario = sixth_street(live, folds=folds, deck_rule=rule)
    assert scenario.plan.cards_left == cards_left
    assert scenario.shared_river is shared


def test_dead_cards_count_as_dealt():
    assert not sixth_street(7).shared_river
    scenario = sixth_street(7, dead="2c 3c")
    assert scenario.plan.cards_left == 8
    assert scenario.shared_river


# -- street, random hands, unseen cards and draws ----------------------------------------------


@pytest.mark.parametrize(
    "hands, street",
    [
        (["AsKs/Qh", "xx/7d"], 3),
        (["AsKs/QhJh", "xx/7d6d"], 4),
        (["AsKs/QhJhTh", "xx/7d6d5d"], 5),
        (["AsKs/QhJhTh9c", "xx/7d6d5d4d"], 6),
        (["AsKs2d/QhJhTh9c", "xxx/7d6d5d4d"], 7),
    ],
)
def test_street(hands, street):
    assert Scenario.build(hands).street == street


@pytest.mark.parametrize(
    "hands, random_text",
    [
        (["AsKs/Qh", "random"], "xx/x"),
        (["random", "AsKs/QhJhTh"], "xx/xxx"),
        (["AsKs2d/QhJhTh9c", "Random "], "xxx/xxxx"),
        (["RANDOM", "random"], "xx/x"),
    ],
)
def test_random_opponent_is_on_the_street_of_the_others(hands, random_text):
    scenario = Scenario.build(hands)
    random_player = [text.strip().lower() for text in hands].index("random")
    assert str(scenario.hands[random_player]) == random_text


def test_heads_up_third_street():
    scenario = Scenario.build(["AsKs/Qh", "xx/7d"])
    assert len(scenario.plan.unseen) == 48
    assert parse_card("As") not in scenario.plan.unseen
    assert list(scenario.plan.unseen) == sorted(scenario.plan.unseen)
    assert scenario.plan.draws == (4, 6)
    assert scenario.plan.shared_draw == 0
    assert scenario.plan.known[1] == (parse_card("7d"),)


def test_unknown_hole_cards_are_drawn():
    scenario = build_spot(next(spot for spot in SPOTS if spot["id"] == "stud8_14"))
    assert len(scenario.plan.unseen) == 42
    assert scenario.plan.draws == (1, 3)
    assert scenario.plan.shared_draw == 0


def test_everything_known_removes_cards_from_unseen():
    scenario = Scenario.build(
        ["AsKs/Qh", "2c3c/4c"], dead="5d 6d", folds=["7h", "8h"], deck_rule="online"
    )
    removed = {parse_card(card) for card in ("As", "Ks", "Qh", "2c", "3c", "4c",
                                              "5d", "6d", "7h", "8h")}
    assert set(scenario.plan.unseen) == set(range(52)) - removed
    # The folded players' hole cards are not known, so they stay among the unseen cards.
    assert len(scenario.plan.unseen) == 42


def test_shared_river_to_come():
    scenario = Scenario.build(["random"] * 8)
    assert scenario.shared_river
    assert scenario.plan.draws == (6,) * 8  # hole cards, door card, fourth to sixth street
    assert scenario.plan.shared_draw == 1
    assert scenario.plan.outcomes() == _product_of_combinations(52, [6] * 8) * (52 - 48)


def test_shared_river_on_sixth_street_of_a_folded_table():
    scenario = build_spot(next(spot for spot in SPOTS if spot["id"] == "sr_7p_1fold_casino"))
    assert len(scenario.plan.unseen) == 9  # 7 never dealt + the folded player's 2 hole cards
    assert scenario.plan.draws == (0,) * 7
    assert scenario.plan.shared_draw == 1
    assert scenario.street == 6


def test_known_community_card():
    spot = next(spot for spot in SPOTS if spot["id"] == "sr_8p_stud_0")
    unseen = build_spot(spot).plan.unseen
    community = unseen[0]
    scenario = Scenario.build(spot["hands"], community=community)
    assert scenario.shared_river
    assert scenario.street == 7
    assert scenario.plan.draws == (0,) * 8
    assert scenario.plan.shared_draw == 0
    assert scenario.plan.unseen == unseen[1:]
    assert scenario.plan.outcomes() == 1
    assert scenario.plan.known[0] == cards("8hAs3hQd2dQc") + (community,)


def _product_of_combinations(unseen: int, draws: list[int]) -> int:
    total = 1
    for draw in draws:
        total *= comb(unseen, draw)
        unseen -= draw
    return total


@pytest.mark.parametrize("spot", EXACT_SPOTS, ids=[spot["id"] for spot in EXACT_SPOTS])
def test_outcomes_of_exact_reference_spots(spot):
    scenario = build_spot(spot)
    assert scenario.plan.outcomes() == spot["outcomes"]
    if "shared_river" in spot:
        assert scenario.shared_river is spot["shared_river"]


def test_outcomes_deal_in_seat_order():
    scenario = Scenario.build(["AcAd/7s2h", "KcQc/JcTc"])
    assert scenario.plan.outcomes() == 141181040  # C(44, 3) * C(41, 3)


# -- ranges ------------------------------------------------------------------------------------


def test_ranged_hole_cards_are_drawn_from_the_range_not_the_deck():
    scenario = Scenario.build(["[QQ+, AK]/Ah", "7c7d/2s", "xx/9d"])
    plan = scenario.plan
    assert plan.draws == (4, 4, 6)  # the range gives player 1's two hole cards
    assert plan.ranged_players == (0,)
    # QQ 6 + KK 6 + AA 3 (Ah is his) + AK 3*4 = 27; no seen card blocks these
    assert plan.ranges[0].count == 27 and plan.ranges[1] is None
    remaining = 52 - 5 - 2  # five cards seen, two held by the range
    assert plan.outcomes() == comb(remaining, 4) * comb(remaining - 4, 4) * comb(remaining - 8, 6)


def test_every_seen_card_blocks_range_pairs_but_his_own_upcard_shapes_them():
    # pair with the door Ah: AA (3) or a split ace (3 aces x 48 others... minus blocked)
    plan = Scenario.build(["[AA, KK]/Ah", "KsQs/2c"], dead="Ad").plan
    # AA from As Ac: 1 pair; KK from Kh Kd Kc: 3 pairs
    assert plan.ranges[0].count == 4


def test_an_upcard_dealt_unseen_to_a_ranged_player_leaves_his_range_as_it_was():
    # outs deals every opponent an unseen next upcard; his range reads the upcards seen
    from dataclasses import replace

    from stud_odds.cards import UNKNOWN

    scenario = Scenario.build(["AhKh/Qh", "[QQ+]/Kd"])
    me, ranged = scenario.hands
    dealt = replace(scenario, hands=(replace(me, up=me.up + (parse_card("9c"),)),
                                     replace(ranged, up=ranged.up + (UNKNOWN,))))
    assert dealt.plan.ranges[1].count == scenario.plan.ranges[1].count == 7  # QQ 3, KK 1, AA 3
    assert dealt.plan.draws[1] == scenario.plan.draws[1]  # the unseen upcard is a draw already


def test_no_range_no_range_table():
    assert Scenario.build(["AsKs/Qh", "xx/7d"]).plan.ranges == ()
