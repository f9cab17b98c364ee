"""stud_odds.rules.common: the seat and card checks every rules topic shares."""

import pytest
from rules_helpers import seats

from stud_odds.rules import RulesError, parse_seat_cards


def test_parse_seat_cards_names_the_seat():
    assert parse_seat_cards(["Kh Kd", "AhKc"]) == seats("Kh Kd", "Ah Kc")
    with pytest.raises(RulesError, match=r"^seat 2: 'Zz' is not a card"):
        parse_seat_cards(["Kh Kd", "Zz"])
