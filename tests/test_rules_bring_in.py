"""stud_odds.rules.bring_in: who brings in on third street (docs/rules.md)."""

import pytest

from stud_odds.cards import parse_card, parse_cards
from stud_odds.games import Game, GameError
from stud_odds.rules import RulesError, bring_in


def test_two_deuces_showing_the_deuce_of_clubs_brings_in():
    result = bring_in(parse_cards("7h 2h Kd 2c"), Game.STUD)
    assert result.seat == 4
    assert result.card == parse_card("2c")
    assert result.reason == (
        "seat 4 brings in with the deuce of clubs: it ties the deuce of hearts in seat 2 for "
        "the lowest door card, and clubs rank below hearts (clubs < diamonds < hearts < spades)"
    )
    assert result.to_dict() == {"seat": 4, "card": "2c", "reason": result.reason}


def test_lowest_card_brings_in_and_aces_are_high_in_stud():
    result = bring_in(parse_cards("Ac 3s Kd"), "stud8")
    assert result.seat == 2
    assert result.reason == "seat 2 brings in with the three of spades: the lowest door card, " \
                            "aces high"


def test_razz_highest_card_brings_in_and_the_king_of_spades_always_does():
    assert bring_in(parse_cards("Kh 2c Ks Qd"), Game.RAZZ).seat == 3
    # A king is the highest razz card: the ace is low.
    result = bring_in(parse_cards("Ac Kc 7d"), Game.RAZZ)
    assert result.seat == 2
    assert result.reason == "seat 2 brings in with the king of clubs: the highest door card, " \
                            "aces low"


def test_razz_tie_of_rank_goes_to_the_higher_suit():
    result = bring_in(parse_cards("Qc Qd 5s"), Game.RAZZ)
    assert result.seat == 2
    assert "diamonds rank above clubs" in result.reason


def test_rank_tie_by_seat_option():
    result = bring_in(parse_cards("9s 2h 2c"), Game.STUD, rank_ties_by_seat=True)
    assert result.seat == 2
    assert result.reason.endswith("and seat 2 is nearest the dealer's left")


def test_all_in_from_the_ante_passes_the_bring_in_clockwise():
    # Seat 4 has the lowest card but is all-in; seats wrap round to seat 1.
    result = bring_in(parse_cards("Ah 9h Kd 2c"), Game.STUD, all_in=[4])
    assert result.seat == 1
    assert result.reason == (
        "seat 1 brings in with the ace of hearts: seat 4 would bring in with the deuce of clubs, "
        "the lowest door card, but is all-in from the ante, so the bring-in passes clockwise"
    )
    skipping = bring_in(parse_cards("Ah 9h Kd 2c"), Game.STUD, all_in=[4, 1])
    assert skipping.seat == 2
    assert skipping.reason.endswith("passes clockwise past all-in seat 1")


def test_an_all_in_seat_that_is_not_due_changes_nothing():
    assert bring_in(parse_cards("Ah 9h Kd 2c"), Game.STUD, all_in=[1, 2]).seat == 4


@pytest.mark.parametrize(
    "door_cards, kwargs, message",
    [
        (["7h", "7h"], {}, "7h appears twice: in seat 1 and in seat 2"),
        (["7h"], {}, "give one door card for 2 to 8 seats, not 1"),
        (["7h", "2c"], {"all_in": [1, 2]}, "every seat is all-in from the ante, so nobody "
                                           "brings in"),
        (["7h", "2c"], {"all_in": [3]}, "all-in seat 3 is not a seat: seats run from 1 to 2"),
    ],
)
def test_bring_in_bad_input(door_cards, kwargs, message):
    with pytest.raises(RulesError) as caught:
        bring_in([parse_card(card) for card in door_cards], Game.STUD, **kwargs)
    assert str(caught.value) == message


def test_unknown_game_is_a_game_error():
    with pytest.raises(GameError, match="'holdem' is not a game"):
        bring_in(parse_cards("7h 2c"), "holdem")
