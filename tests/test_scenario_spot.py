"""stud_odds.scenario.spot: building, showing and validating a Scenario."""

import pytest
from scenario_helpers import SPOTS, build_spot, cards, sixth_street

from stud_odds.cards import CardError, format_card, parse_card, parse_cards
from stud_odds.games import Game
from stud_odds.ranges import Range, RangeError
from stud_odds.scenario import (
    DeckRule,
    Hand,
    Scenario,
    ScenarioError,
    parse_hand,
)
from stud_odds.scenario.plan import ranges_fit

# -- building, text and dict -------------------------------------------------------------------


def test_build_accepts_card_lists_ids_and_hands():
    scenario = Scenario.build(
        [parse_hand("AsKs/Qh"), "xx/7d"], game="Stud Hi-Lo", dead=["2c", parse_card("3d")],
        folds=[["9d"], "Tc"], deck_rule=DeckRule.ONLINE,
    )
    assert scenario.game is Game.STUD8
    assert scenario.dead == cards("2c3d")
    assert scenario.folds == (cards("9d"), cards("Tc"))
    assert scenario.deck_rule is DeckRule.ONLINE


def test_text_and_dict():
    scenario = Scenario.build(["AsKs/Qh", "xx/7d"], game="stud8", dead="2c 3d", folds=["9d"])
    assert str(scenario) == "stud8: AsKs/Qh vs xx/7d, dead 2c 3d, folded 9d"
    assert scenario.to_dict() == {
        "game": "stud8", "hands": ["AsKs/Qh", "xx/7d"], "dead": ["2c", "3d"],
        "folds": [["9d"]], "community": None, "deck_rule": "casino", "street": 3,
        "shared_river": False,
    }


def test_dict_builds_the_same_scenario():
    spot = next(spot for spot in SPOTS if spot["id"] == "sr_8p_stud_0")
    scenario = Scenario.build(spot["hands"], community=build_spot(spot).plan.unseen[0])
    data = scenario.to_dict()
    again = Scenario.build(
        data["hands"], data["game"], data["dead"], data["folds"], data["community"],
        data["deck_rule"],
    )
    assert again == scenario
    assert "community" in str(again)


# -- validation --------------------------------------------------------------------------------


def test_direct_construction_is_validated():
    with pytest.raises(ScenarioError, match="at least 2 live players, not 1"):
        Scenario(Game.STUD, (parse_hand("AsKs/Qh"),))
    with pytest.raises(ScenarioError, match=(
        r"^player 2's hand 'AsKs2d/Qh' has 3 down cards and 1 upcard, a shape no street has"
    )):
        Scenario(Game.STUD, (parse_hand("2c3c/4c"), Hand(cards("AsKs2d"), cards("Qh"))))
    with pytest.raises(ScenarioError, match="^52 in the dead cards is not a card id"):
        Scenario(Game.STUD, (parse_hand("2c3c/4c"), parse_hand("AsKs/Qh")), dead=(52,))
    # a huge id is quoted short, as every message quotes a value (errors.shown)
    with pytest.raises(ScenarioError, match="^a 401-digit number in the dead cards is not"):
        Scenario(Game.STUD, (parse_hand("2c3c/4c"), parse_hand("AsKs/Qh")), dead=(10**400,))
    with pytest.raises(CardError, match="^a 401-digit number is not a card id"):
        format_card(10**400)


@pytest.mark.parametrize(
    "live, folds, message",
    [
        (1, 0, "a showdown needs at least 2 live players, not 1"),
        (9, 0, "at most 8 players fit at a table, not 9 live players"),
        (7, 2, "at most 8 players fit at a table, not 7 live and 2 folded players"),
    ],
)
def test_player_count(live, folds, message):
    fold_cards = ["2c", "2d", "2h"][:folds]
    with pytest.raises(ScenarioError, match=message):
        Scenario.build(["random"] * live, folds=fold_cards)


@pytest.mark.parametrize(
    "options, message",
    [
        ({"dead": "As"}, "As is used twice: in player 1's hand and in the dead cards"),
        ({"hands": ["AsKs/Qh", "Qhx/2c"]}, "Qh is used twice: in player 1's hand and in player 2"),
        ({"dead": "2c 2c"}, "2c is used twice in the dead cards"),
        ({"folds": ["9d"], "dead": "9d"}, "9d is used twice: in the dead cards and in folded "),
        ({"hands": [Hand(cards("AsAs"), cards("Qh")), "xx/x"]}, "As is used twice in player 1's"),
    ],
)
def test_card_used_twice(options, message):
    options = {"hands": ["AsKs/Qh", "xx/7d"], **options}
    with pytest.raises(ScenarioError, match=message):
        Scenario.build(**options)


def test_community_card_used_twice():
    spot = next(spot for spot in SPOTS if spot["id"] == "sr_8p_stud_0")
    with pytest.raises(ScenarioError, match="As is used twice: in player 1's hand and in the comm"):
        Scenario.build(spot["hands"], community="As")


def test_live_players_on_different_streets():
    with pytest.raises(ScenarioError, match=(
        r"^player 2 has 5 cards \(fifth street\) but player 1 has 3 \(third street\): every live "
        r"player is on the same street$"
    )):
        Scenario.build(["AsKs/Qh", "xx/7d6d5d"])


@pytest.mark.parametrize(
    "hands, folds, message",
    [
        (["xx/xxxx"] * 2, ["2c3c4c5c6c"], "folded player 1 shows 5 upcards, but a stud player"),
        (["xx/xx"] * 2, ["2c", "2d3d4d"], r"folded player 2 shows 3 upcards but the live players "
         r"show only 2 \(fourth street\)"),
        (["xx/xx"] * 2, [""], "folded player 1 shows no upcards"),
    ],
)
def test_folded_player_upcards(hands, folds, message):
    with pytest.raises(ScenarioError, match=message):
        Scenario.build(hands, folds=folds)


def test_folded_player_may_have_folded_on_the_current_street():
    assert Scenario.build(["xx/xx"] * 2, folds=["2c3c"]).folds == (cards("2c3c"),)


def test_community_card_when_the_rule_deals_individual_cards():
    with pytest.raises(ScenarioError, match=(
        r"^there is no community card under the casino deck rule with U = 40 cards left for "
        r"n = 2 live players.*drop the community card 8d$"
    )):
        Scenario.build(["AsKs/QhJhTh9h", "2c3c/4c5c6c7c"], community="8d")


def test_community_card_online_rule_names_the_rule():
    with pytest.raises(ScenarioError, match="under the online deck rule with U = 7 cards left"):
        sixth_street(7, folds=["9d"], deck_rule="online", community="8d")


def test_community_card_with_seventh_street_hands():
    with pytest.raises(ScenarioError, match="community card 8d cannot go with seventh-street"):
        Scenario.build(["AsKs2d/QhJhTh9h", "2c3c4d/4c5c6c7c"], community="8d")


def test_community_card_before_sixth_street():
    with pytest.raises(ScenarioError, match="live players are on fourth street: give sixth-street"):
        Scenario.build(["xx/xx"] * 8, community="8d")


def test_seventh_street_hands_when_the_card_is_shared():
    with pytest.raises(ScenarioError, match=(
        r"^seventh street is one community card under the casino deck rule with U = 4 cards left "
        r"for n = 8 live players: give six-card hands and the community card instead"
    )):
        Scenario.build(["xxx/xxxx"] * 8)


def test_seventh_street_hands_allowed_when_individual():
    seventh = Scenario.build(["xxx/xxxx"] * 7)
    assert not seventh.shared_river
    assert seventh.plan.draws == (7,) * 7
    assert seventh.plan.shared_draw == 0
    assert sixth_street(7).plan.draws == (7,) * 7  # six unknown cards and the seventh to come


@pytest.mark.parametrize(
    "hands, dead, message",
    [
        (["xx/xxxx"] * 8, "2c 3c 4c 5c", "holds 0 cards but the live players need a card for "
         "seventh street$"),
        (["xx/x"] * 2, parse_cards("2c3c4c5c6c7c8c9cTcJcQcKcAc2d3d4d5d6d7d8d9dTdJdQdKdAd"
                                   "2h3h4h5h6h7h8h9hThJhQhKhAh2s"),
         "holds 6 cards but the live players need 6 more up to sixth street and a card for "
         "seventh street$"),
    ],
)
def test_deck_runs_out(hands, dead, message):
    with pytest.raises(ScenarioError, match="^the deck runs out: it " + message):
        Scenario.build(hands, dead=dead)


def test_folded_hole_cards_are_not_in_the_deck():
    folds = ["2c", "3c", "4c", "5c", "6c", "7c"]  # 18 cards dealt to the folded players
    dead = "8c9cTcJcQcKcAc 2d3d4d5d6d7d8d9dTdJdQdKdAd 2h3h"  # 22 more cards
    with pytest.raises(ScenarioError, match="it holds 6 cards but the live players need 6 more"):
        Scenario.build(["random"] * 2, dead=dead, folds=folds)


@pytest.mark.parametrize(
    "options, message",
    [
        ({"game": "holdem"}, "'holdem' is not a game"),
        ({"deck_rule": "home"}, "'home' is not a deck rule"),
        ({"dead": "Zs"}, "^the dead cards: 'Zs' is not a card"),
        ({"dead": "x"}, "^the dead cards: 'x' is not allowed here"),
        ({"folds": ["9d", "9q"]}, "^folded player 2's upcards: '9q' is not a card"),
        ({"community": "As Kd"}, "^the community card is one card, not 'As Kd'"),
        ({"hands": "AsKs/Qh xx/7d"}, "give the hands as a list"),
    ],
)
def test_bad_input(options, message):
    options = {"hands": ["AsKs/Qh", "xx/7d"], **options}
    with pytest.raises(ScenarioError, match=message):
        Scenario.build(**options)


@pytest.mark.parametrize(
    "options, message",
    [
        ({"hands": [1, 2]}, "^player 1's hand must be text such as 'AsKs/Qh'"),
        ({"hands": None}, "^give the hands as a list, one per live player"),
        ({"hands": b"AsKs/Qh"}, "^give the hands as a list"),
        ({"hands": [b"AsKs/Qh", "xx/7d"]}, "^player 1's hand must be text"),
        ({"dead": 5}, "^the dead cards must be card text such as '2c 9h' or a list of cards"),
        ({"dead": b"2c"}, "^the dead cards must be card text"),
        ({"dead": [2.0]}, "^the dead cards: 2.0 is not a card"),
        ({"folds": [5]}, "^folded player 1's upcards must be card text"),
        ({"folds": "5h"}, "^give the folded players' upcards as a list, one entry per folded"),
        ({"folds": 5}, "^give the folded players' upcards as a list"),
        ({"community": 5.0}, "^the community card must be card text such as '2c' or an id"),
        ({"community": b"2c"}, "^the community card must be card text"),
    ],
)
def test_every_wrong_type_is_one_sentence(options, message):
    options = {"hands": ["AsKs/Qh", "xx/7d"], **options}
    with pytest.raises(ScenarioError, match=message) as raised:
        Scenario.build(**options)
    assert "\n" not in str(raised.value)


def test_none_means_no_dead_cards_and_no_folds():
    assert Scenario.build(["AsKs/Qh", "xx/7d"], dead=None, folds=None) == \
        Scenario.build(["AsKs/Qh", "xx/7d"])


# -- ranges ------------------------------------------------------------------------------------


def test_a_range_that_seen_cards_empty_names_the_player_and_the_cards():
    with pytest.raises(RangeError, match=r"^player 1: the range \[KK\] allows no hole cards "
                                         r"with the upcards Ah: .*\(Kd Kh Ks\)"):
        Scenario.build(["[KK]/Ah", "KsKh/2d", "KdQd/3d"])


@pytest.mark.parametrize("hands", [
    ["[AA]/As", "[AA]/Ks"],  # three aces left: two disjoint pairs need four
    ["[AA]/Kd", "[AA]/Ks", "AcQd/2s"],
    ["[AsAh, AsAd]/2c", "[AhAd]/3c"],
])
def test_ranges_that_cannot_be_held_together(hands):
    with pytest.raises(RangeError, match="ranges of players 1 and 2 cannot all be held"):
        Scenario.build(hands)


@pytest.mark.parametrize("hands", [
    ["[AA, KK]/2h", "[AA]/3c", "[AA]/4d"],  # AA twice uses all four aces, KK for the third
    ["[AA]/Ac", "xx/2c"],  # rolled-up aces
])
def test_ranges_that_fit(hands):
    Scenario.build(hands)


def test_ranges_fit_gives_up_to_a_yes_after_its_budget():
    aces = Range.parse("AsAh").combos()
    assert not ranges_fit([aces, None, aces])
    assert ranges_fit([aces, None, aces], budget=1)


@pytest.mark.parametrize("hands", [["AsKs/QhJh", "xx/x"], ["xx/x", "AsKs/QhJhTh"],
                                   ["AsKs2d/QhJhTh9c", "xx/x", "xx/xx"]])
def test_an_unseen_hand_is_on_the_street_of_the_others_like_random(hands):
    unseen = Scenario.build(hands)
    random = Scenario.build(["random" if "x" in hand[:2] else hand for hand in hands])
    assert unseen == random and len({hand.size for hand in unseen.hands}) == 1
