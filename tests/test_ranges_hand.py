"""A whole player written with a range: [TERMS]/UPCARDS, [TERMS]x/UPCARDS on seventh street."""

import pytest

from stud_odds.cards import UNKNOWN, parse_card, parse_cards
from stud_odds.ranges import Range, RangedHand, RangeError, is_ranged_hand, parse_ranged_hand


def cards(text: str) -> tuple[int, ...]:
    return tuple(parse_cards(text))


@pytest.mark.parametrize(
    "text, terms, third, up",
    [
        ("[QQ+, AK]/Ah", "QQ+, AK", None, "Ah"),
        ("[QQ+, AK, 3flush]/Ah7c", "QQ+, AK, 3flush", None, "Ah7c"),
        ("  [buried, split] / 7d ", "buried, split", None, "7d"),
        ("[QQ+]/Ah7c2d2s", "QQ+", None, "Ah7c2d2s"),  # sixth street
        ("[QQ+]x/Ah7c2d2s", "QQ+", UNKNOWN, "Ah7c2d2s"),
        ("[QQ+]Kd/Ah7c2d2s", "QQ+", parse_card("Kd"), "Ah7c2d2s"),
        ("[qq+]10d/ah 7c 2d 2s", "QQ+", parse_card("Td"), "Ah7c2d2s"),
        ("[3low !pair]/4h", "3low !pair", None, "4h"),
        ("[random]/Ah", "random", None, "Ah"),
    ],
)
def test_forms(text, terms, third, up):
    hand = parse_ranged_hand(text)
    assert hand == RangedHand(Range.parse(terms), cards(up), third)
    assert is_ranged_hand(text)
    assert parse_ranged_hand(str(hand)) == hand


def test_down_known_and_text():
    seventh = parse_ranged_hand("[QQ+]Kd/Ah7c2d2s")
    assert seventh.down == (UNKNOWN, UNKNOWN, parse_card("Kd"))
    assert seventh.known == cards("Kd Ah 7c 2d 2s")
    assert str(seventh) == "[QQ+]Kd/Ah7c2d2s"
    hidden = parse_ranged_hand("[QQ+]x/Ah7c2d2s")
    assert hidden.down == (UNKNOWN,) * 3
    assert hidden.known == cards("Ah 7c 2d 2s")
    assert str(hidden) == "[QQ+]x/Ah7c2d2s"
    third = parse_ranged_hand("[QQ+]/Ah")
    assert third.down == (UNKNOWN, UNKNOWN)
    assert str(third) == "[QQ+]/Ah"


def test_not_ranged():
    assert not is_ranged_hand("AsKs/Qh")
    assert not is_ranged_hand("random")
    assert is_ranged_hand(" [AK]/Qh")


def test_combos_remove_the_players_own_cards():
    # QQ+: 18 pairs, less the three with Ah (AA: 3 of 6 left), less the three with the known
    # third down card Kd (KK: 3 left): 6 + 3 + 3 = 12; dead Qs leaves QQ 3: 9
    hand = parse_ranged_hand("[QQ+]Kd/Ah7c2d2s")
    assert hand.combos().count == 12
    assert hand.combos("Qs").count == 9
    assert hand.combos([parse_card("Qs")]).count == 9


def test_shapes_read_the_first_upcards():
    # split with the door Ah on sixth street: one of Ac Ad As with any of the other 45 cards
    # that are not aces, not among the five known (Ah 7c 2d 2s Kd): 3 x (52 - 4 - 4) = 132
    hand = parse_ranged_hand("[split]Kd/Ah7c2d2s")
    assert hand.combos().count == 3 * 44
    # 4flush with Ah Kh: two of the other 11 hearts
    assert parse_ranged_hand("[4flush]/AhKh2c").combos().count == 55


@pytest.mark.parametrize(
    "text, message",
    [
        ("QQ+/Ah", "player 3: hand 'QQ\\+/Ah' does not start with '\\['"),
        ("x[QQ+]/Ah", "does not start with '\\['"),
        ("[QQ+/Ah", "has no '\\]' closing its range"),
        ("[QQ+]Ah", "has no '/' after its range"),
        ("[QQ+]/Ah/Kd", "has more than one '/' after its range"),
        ("[QQ+]/", "shows 0 upcards"),
        ("[QQ+]/Ah7c2d2s3h", "shows 5 upcards"),
        ("[QQ+]/Ahx", "hides an upcard"),
        ("[QQ+]x/Ah", "has a third down card but 1 upcard:"),
        ("[QQ+]xx/Ah7c2d2s", "has 2 cards between the range and the slash"),
        ("[QQ+]/AhAh", "player 3: Ah appears twice"),
        ("[QQ+]Ah/Ah7c2d2s", "player 3: Ah appears twice"),
        ("[QQ+]/AhZz", "player 3: 'Zz' is not a card"),
        ("[QQ+, AKx]/Ah", "player 3: 'AKx' at character 7 of the range is not a range term"),
        ("  [AKx]/Ah", "player 3: 'AKx' at character 4 of the range"),
        ("[4flush]/Ah", "player 3: '4flush' at character 2 of the range describes the hole "
                        "cards with the first two upcards"),
        ("[]/Ah", "player 3: the range is empty"),
        ("[AsKd]/As", "player 3: the range \\[AsKd\\] allows no hole cards with the upcards As"),
        ("[AK QQ]/2c", "a space between terms means 'and'"),
        ("[trips]/7c7d7h", "allows no hole cards with the upcards 7c7d7h: every pair it allows "
                           "holds a card already seen \\(7d 7h\\)"),
    ],
)
def test_errors_name_the_player(text, message):
    with pytest.raises(RangeError, match=message):
        parse_ranged_hand(text, 3)


def test_errors_without_a_player():
    with pytest.raises(RangeError, match="^hand 'QQ\\+/Ah' does not start"):
        parse_ranged_hand("QQ+/Ah")


@pytest.mark.parametrize(
    "text, dead, count, weight",
    [  # the worked examples of docs/ranges.md
        ("[QQ+, AK, 3flush]/Ah", "", 93, 93),
        ("[buried, split]/7d", "", 216, 216),
        ("[QQ+]x/Ah7c2d2s", "", 15, 15),
        ("[QQ+]Kd/Ah7c2d2s", "", 12, 12),
        ("[3low, pair9+@0.5]/4h", "", 372, 354),
        ("[4low, 4flush@0.5]/4h5h", "As 2d", 241, 221),
        ("[3low7]/5d", "2c 3c 6h", 183, 183),
        ("[4low7 !pair]/5d7s", "3h", 144, 144),
        ("[!pair]/7c", "", 1056, 1056),
        ("[QQ+, AK@0.5]/2c", "", 34, 26),
    ],
)
def test_documented_examples(text, dead, count, weight):
    found = parse_ranged_hand(text).combos(dead)
    assert (found.count, found.total_weight) == (count, weight)


@pytest.mark.parametrize("text, reason", [
    ("[AK@0]/Ah", "every hand it names has weight 0"),
    ("[AK, !AK]/Ah7c", "its exclusions remove every hand its other terms name"),
    ("[pair, !pair]/Ah", "its exclusions remove every hand"),
])
def test_an_empty_range_blames_its_weights_or_exclusions_not_the_upcards(text, reason):
    with pytest.raises(RangeError, match=reason) as raised:
        parse_ranged_hand(text, 1)
    assert "upcard" not in str(raised.value)


@pytest.mark.parametrize("text", [
    "[" + "A" * 100_000 + "]/Ah",  # one huge term
    "[QQ+, AK@" + "5" * 100_000 + "]/Ah",  # a huge weight
    "[QQ+]/Ah, " + "x" * 100_000,  # huge upcards
    "[QQ+" + "x" * 100_000 + "/Ah",  # no closing bracket
    "[" + "QQ+ " * 30_000 + "AK]/Ah",  # a huge range that allows nothing
])
def test_a_range_error_quotes_a_short_window_never_the_whole_input(text):
    with pytest.raises(RangeError) as raised:
        parse_ranged_hand(text, 1)
    assert len(str(raised.value)) < 400
