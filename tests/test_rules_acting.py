"""stud_odds.rules.acting: who acts first on fourth to seventh street (docs/rules.md)."""

import pytest
from rules_helpers import seats

from stud_odds.games import Game
from stud_odds.rules import RulesError, first_to_act


def test_a_pair_of_kings_showing_acts_before_ace_king():
    result = first_to_act(seats("Ah Kc", "Kh Kd", "7s 2d"), Game.STUD)
    assert result.seat == 2
    assert result.street == 4
    assert result.order == (2, 3, 1)
    assert result.reason == ("seat 2 acts first on fourth street: a pair of kings (Kh Kd) is "
                             "the best hand showing")
    assert result.to_dict()["seat"] == 2
    assert result.to_dict()["cards"] == "Kh Kd"


@pytest.mark.parametrize(
    "better, worse, showing",
    [
        ("2c 2d 2h 2s", "Ac Ad Ah Kd", "four deuces"),
        ("3c 3d 3h 4s", "Ac Ad Kh Kd", "three threes with 4"),
        ("3c 3d 4h 4s", "Ac Ad Kh Qd", "two pair, fours and threes"),
        ("2c 2d 3h 4s", "Ah Kh Qh Jh", "a pair of deuces with 4-3"),  # flushes do not count
        ("2c 2d 3h 4s", "9s Th Jc Qd", "a pair of deuces with 4-3"),  # nor straights
        ("Ac Kd 3h 2s", "As Qd Jh Ts", "A-K-3-2 high"),
    ],
)
def test_stud_showing_hands_rank(better, worse, showing):
    result = first_to_act(seats(worse, better), Game.STUD)
    assert result.seat == 2
    assert result.street == 6
    assert result.showing == showing


def test_stud8_uses_the_high_hand_showing():
    assert first_to_act(seats("Ac 2d 3h", "9c 9d 4s"), "stud8").seat == 2


def test_equal_hands_showing_go_to_the_seat_nearest_the_dealers_left():
    result = first_to_act(seats("7s 2d", "Ah Kd", "As Kc"), Game.STUD)
    assert result.seat == 2
    assert result.reason == ("seat 2 acts first on fourth street: A-K high (Ah Kd) ties seat 3 "
                             "(As Kc) for the best hand showing, and seat 2 is nearest the "
                             "dealer's left")


def test_equal_hands_showing_by_highest_card_by_suit_option():
    result = first_to_act(seats("7s 2d", "Ah Kd", "As Kc"), Game.STUD, ties_by_suit=True)
    assert result.seat == 3
    assert result.reason.endswith("and seat 3 holds the highest card, the ace of spades")


def test_razz_best_low_showing_acts_first_and_pairs_count_against_it():
    result = first_to_act(seats("Ah Ad 2c", "Kc Qd Js", "8c 7d 6s", "7c 6d 5s"), Game.RAZZ)
    assert result.seat == 4
    assert result.reason == ("seat 4 acts first on fifth street: 7-6-5 low (7c 6d 5s) is the "
                             "best low showing")
    # The pair of aces is the worst razz hand here: even K-Q-J beats it.
    assert first_to_act(seats("Ah Ad 2c", "Kc Qd Js"), Game.RAZZ).seat == 2


def test_razz_aces_are_low_and_a_lower_pair_is_better():
    assert first_to_act(seats("Kc 2d", "Ac 3d"), Game.RAZZ).seat == 2
    assert first_to_act(seats("3c 3d", "2c 2s"), Game.RAZZ).showing == "a pair of deuces"


def test_seventh_street_keeps_sixth_street_order():
    upcards = seats("Ah Kd 3c 3d", "9s 9c 4h 2s", "Qc Jd 8h 6h")
    sixth = first_to_act(upcards, Game.STUD)
    seventh = first_to_act(upcards, Game.STUD, street=7)
    assert sixth.street == 6 and seventh.street == 7
    assert seventh.seat == sixth.seat == 2
    assert seventh.reason.startswith("seat 2 acts first on seventh street as on sixth, since the "
                                     "seventh card is dealt face down: a pair of nines")


@pytest.mark.parametrize(
    "upcards, street, message",
    [
        (["Kh Kd", "", "7s 2d"], None, "seat 2 has no upcard: give every live seat's upcards"),
        (["Kh Kd", "Ah Kh"], None, "Kh appears twice: in seat 1 and in seat 2"),
        (["Kh Kh", "Ah Kc"], None, "Kh appears twice in seat 1"),
        (["Kh Kd", "Ah Kc 2d"], None, "seat 2 shows 3 upcards but seat 1 shows 2: every live "
                                      "seat is on the same street"),
        (["Kh", "Ah"], None, "one upcard each is third street, where the bring-in acts first"),
        (["Kh Kd 2c 3c 4c", "Ah Ac 2d 3d 4d"], None, "seat 1 shows 5 upcards, but a stud hand "
                                                     "shows at most 4"),
        (["Kh Kd", "Ah Kc"], 5, "on fifth street each seat shows 3 upcards, not 2"),
        (["Kh Kd"], None, "give the upcards for 2 to 8 seats, not 1"),
    ],
)
def test_first_to_act_bad_input(upcards, street, message):
    with pytest.raises(RulesError) as caught:
        first_to_act(seats(*upcards), Game.STUD, street=street)
    assert str(caught.value) == message
