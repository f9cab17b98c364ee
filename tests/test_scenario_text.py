"""stud_odds.scenario.text: a player's DOWN/UP text to cards."""

import pytest
from scenario_helpers import cards

from stud_odds.cards import UNKNOWN, parse_card
from stud_odds.ranges import RangeError
from stud_odds.scenario import Hand, ScenarioError, parse_hand

# -- parsing hands ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text, down, up",
    [
        ("AsKs/Qh", "AsKs", "Qh"),
        ("as ks / qh", "AsKs", "Qh"),
        ("xx/7d", "xx", "7d"),
        ("Asx/7d", "Asx", "7d"),
        ("AsKs/QhJh", "AsKs", "QhJh"),
        ("AsKs/QhJhTh", "AsKs", "QhJhTh"),
        ("AsKs/QhJhTh9c", "AsKs", "QhJhTh9c"),
        ("AsKs2d/QhJhTh9c", "AsKs2d", "QhJhTh9c"),
        ("xx/x", "xx", "x"),
        ("10s10h/10d", "TsTh", "Td"),
    ],
)
def test_parse_hand_forms(text, down, up):
    hand = parse_hand(text)
    assert hand == Hand(down=cards(down), up=cards(up))


def test_hand_properties_and_text():
    hand = parse_hand("Asx/7dx")
    assert hand.size == 4
    assert hand.known == (parse_card("As"), parse_card("7d"))
    assert hand.unknown_count == 2
    assert hand.down == (parse_card("As"), UNKNOWN)
    assert str(hand) == "Asx/7dx"
    assert str(parse_hand("xxx/qhjhth9c")) == "xxx/QhJhTh9c"


def test_hand_shape_error_names_player_and_shape():
    with pytest.raises(ScenarioError, match=(
        r"^player 1's hand 'AsKs2d/Qh' has 3 down cards and 1 upcard, a shape no street has: "
        r"write DOWN/UP with two down cards \(three on seventh street\), e\.g\. AsKs/Qh$"
    )):
        parse_hand("AsKs2d/Qh", player=1)


@pytest.mark.parametrize(
    "text, shape",
    [
        ("As/Qh", "1 down card and 1 upcard"),
        ("AsKs/", "2 down cards and 0 upcards"),
        ("AsKs/QhJhTh9c8c", "2 down cards and 5 upcards"),
        ("AsKs2d/QhJhTh", "3 down cards and 3 upcards"),
    ],
)
def test_shapes_no_street_has(text, shape):
    with pytest.raises(ScenarioError, match=f"^hand '{text}' has {shape}, a shape no street"):
        parse_hand(text)


def test_missing_or_extra_slash():
    with pytest.raises(ScenarioError, match=r"^player 3's hand 'AsKsQh' has no '/': write the"):
        parse_hand("AsKsQh", player=3)
    with pytest.raises(ScenarioError, match="has more than one '/'"):
        parse_hand("AsKs/Qh/Jh")


def test_card_error_is_prefixed_with_the_player():
    with pytest.raises(ScenarioError, match=r"^player 2: 'Zs' is not a card: rank must be"):
        parse_hand("AsZs/Qh", player=2)
    with pytest.raises(ScenarioError, match=r"^player 1: As appears twice"):
        parse_hand("AsKs/As", player=1)


# -- ranges (docs/ranges.md) -----------------------------------------------------------------


@pytest.mark.parametrize(
    "text, down, up",
    [("[QQ+, AK]/Ah", "xx", "Ah"), ("[QQ+]x/Ah7c2d2s", "xxx", "Ah7c2d2s"),
     ("[QQ+]Kd/Ah7c2d2s", "xxKd", "Ah7c2d2s")],
)
def test_a_range_stands_for_the_two_hole_cards(text, down, up):
    hand = parse_hand(text)
    assert (hand.down, hand.up) == (cards(down), cards(up))
    assert hand.range is not None and str(hand) == text
    assert parse_hand(str(hand)) == hand


def test_a_bad_range_term_names_the_player_and_the_term():
    with pytest.raises(RangeError, match=r"^player 2: 'QZ' at character"):
        parse_hand("[QQ+, QZ]/Ah", player=2)
