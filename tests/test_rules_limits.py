"""stud_odds.rules.limits: stakes and bet limits on each street (docs/rules.md)."""

from decimal import Decimal

import pytest

from stud_odds.games import Game
from stud_odds.rules import RulesError, bet_limits, parse_stakes


@pytest.mark.parametrize(
    "text, small, big, shown",
    [
        ("2/4", "2", "4", "2/4"),
        ("$2/$4", "2", "4", "$2/$4"),
        ("$0.50/$1", "0.50", "1", "$0.50/$1"),
        ("0.5 / 1", "0.5", "1", "0.50/1"),
        ("€.25/€.5", "0.25", "0.5", "€0.25/€0.50"),
    ],
)
def test_parse_stakes(text, small, big, shown):
    stakes = parse_stakes(text)
    assert (stakes.small, stakes.big) == (Decimal(small), Decimal(big))
    assert str(stakes) == shown


@pytest.mark.parametrize(
    "text, message",
    [
        ("1-2", "'1-2' is not a stakes format: write the small bet and the big bet with a slash, "
                "like 2/4 or $0.50/$1"),
        ("two/four", "'two/four' is not a stakes format"),
        ("2/4/8", "'2/4/8' is not a stakes format"),
        ("$2/€4", "the amounts mix currencies ($ and €)"),
        ("4/2", "the big bet in '4/2' is smaller than the small bet"),
        ("0/2", "the small bet in '0/2' must be more than nothing"),
    ],
)
def test_bad_stakes(text, message):
    with pytest.raises(RulesError) as caught:
        parse_stakes(text)
    assert str(caught.value).startswith(message)


def test_third_street_bring_in_and_completion():
    limits = bet_limits("$0.50/$1", Game.STUD, 3)
    assert limits.bet == Decimal("0.50")
    assert limits.bring_in == Decimal("0.25")
    assert limits.completion == Decimal("0.50")
    assert limits.max_raises == 3
    assert limits.cap == Decimal("2.00")
    assert limits.reason == (
        "third street: bets and raises are $0.50, the small bet; the bring-in is $0.25 (half the "
        "small bet) and may be completed to $0.50; the completion and 3 raises cap the round at "
        "$2 a player"
    )
    assert limits.to_dict()["bring_in"] == "0.25"


def test_bring_in_given_or_by_convention():
    assert bet_limits("$2/$4", Game.STUD, 3, bring_in="$1").bring_in == Decimal("1")
    assert bet_limits("2/4", Game.STUD, 3, bring_in_rule="quarter").bring_in == Decimal("0.50")
    # Rounded down to the cent: a quarter of $0.50 is $0.125.
    assert bet_limits("0.50/1", Game.STUD, 3, bring_in_rule="quarter").bring_in == Decimal("0.12")


@pytest.mark.parametrize("street, bet", [(3, "2"), (4, "2"), (5, "4"), (6, "4"), (7, "4")])
def test_small_bet_on_third_and_fourth_big_bet_after(street, bet):
    limits = bet_limits("2/4", Game.STUD8, street)
    assert limits.bet == Decimal(bet)
    assert limits.cap == 4 * Decimal(bet)
    assert (limits.bring_in is None) == (street != 3)


def test_fourth_street_open_pair_allows_the_big_bet_in_stud_only():
    stud = bet_limits("$2/$4", Game.STUD, 4, open_pair=True)
    assert stud.big_bet_allowed
    assert stud.bet == Decimal(2)
    assert stud.cap == Decimal(16)
    assert "an open pair shows, so any player may bet or raise $4" in stud.reason
    for game in (Game.STUD8, Game.RAZZ):
        other = bet_limits("$2/$4", game, 4, open_pair=True)
        assert not other.big_bet_allowed
        assert other.cap == Decimal(8)
        assert "has no open-pair rule, so fourth street stays at the small bet" in other.reason
    assert not bet_limits("$2/$4", Game.STUD, 4).big_bet_allowed


def test_raise_cap_options():
    assert bet_limits("2/4", Game.STUD, 5, max_raises=4).cap == Decimal(20)
    uncapped = bet_limits("2/4", Game.STUD, 5, heads_up_uncapped=True)
    assert uncapped.max_raises is None and uncapped.cap is None
    assert uncapped.to_dict()["cap"] is None
    assert uncapped.reason.endswith("raises are not capped, since the round began heads-up")


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"street": 3, "bring_in": "2"}, "the bring-in (2) must be less than the small bet (2)"),
        ({"street": 3, "bring_in_rule": "third"}, "'third' is not a bring-in rule: use half or "
                                                  "quarter (of the small bet)"),
        ({"street": 5, "open_pair": True}, "an open pair changes the bet only on fourth street, "
                                           "not on fifth street"),
        ({"street": 8}, "street 8 does not exist: stud streets run from 3 (third) to 7 "
                        "(seventh)"),
        ({"street": 4, "bring_in": "1"}, "the bring-in is posted on third street, not on fourth "
                                         "street"),
        ({"street": 4, "max_raises": 0}, "a betting round allows at least one raise, not 0"),
    ],
)
def test_bet_limits_bad_input(kwargs, message):
    with pytest.raises(RulesError) as caught:
        bet_limits("2/4", Game.STUD, **kwargs)
    assert str(caught.value) == message
