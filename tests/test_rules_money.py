"""stud_odds.rules.money: amounts of money are exact."""

from decimal import Decimal

import pytest

from stud_odds.rules import RulesError, format_money, parse_money


def test_money_is_exact():
    assert parse_money("$0.10", "the pot") == (Decimal("0.10"), "$")
    assert format_money(Decimal("0.1") + Decimal("0.2")) == "0.30"
    assert format_money(Decimal("2.500"), "$") == "$2.50"
    assert format_money(Decimal("0.125")) == "0.125"
    with pytest.raises(RulesError, match="not the float 0.1"):
        parse_money(0.1, "the pot")
