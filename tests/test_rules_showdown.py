"""stud_odds.rules.showdown: who shows first at the showdown (docs/rules.md)."""

import pytest
from rules_helpers import seats

from stud_odds.games import Game
from stud_odds.rules import RulesError, showdown_order

SHOWDOWN_UPCARDS = ("Ah Kd 3c 2d", "9s 9c 4h 2s", "Qc Jd 8h 6h")


def test_the_last_aggressor_shows_first():
    result = showdown_order(seats(*SHOWDOWN_UPCARDS), Game.STUD, last_aggressor=3)
    assert result.seat == 3
    assert result.order == (3, 1, 2)
    assert result.reason == "seat 3 shows first: it made the last bet or raise on the final round"


def test_without_a_bet_the_first_to_act_shows_first():
    result = showdown_order(seats(*SHOWDOWN_UPCARDS), Game.STUD)
    assert result.seat == 2
    assert result.order == (2, 3, 1)
    assert result.reason == ("seat 2 shows first: nobody bet on the final round, so the first "
                             "to act shows first, and a pair of nines with 4-2 (9s 9c 4h 2s) is "
                             "the best hand showing")
    assert showdown_order(seats(*SHOWDOWN_UPCARDS), Game.RAZZ).seat == 3
    assert showdown_order(seats(*SHOWDOWN_UPCARDS), Game.STUD, earliest_seat_first=True).seat == 1


def test_showdown_bad_input():
    with pytest.raises(RulesError, match="^on seventh street each seat shows 4 upcards, not 3$"):
        showdown_order(seats("Ah Kd 3c", "9s 9c 4h"), Game.STUD)
    with pytest.raises(RulesError, match="^the last aggressor's seat 4 is not a seat"):
        showdown_order(seats(*SHOWDOWN_UPCARDS), Game.STUD, last_aggressor=4)
