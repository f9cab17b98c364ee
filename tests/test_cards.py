import pytest

from stud_odds.cards import UNKNOWN, CardError, format_card, format_cards, parse_card, parse_cards


@pytest.mark.parametrize("text", ["As", "as", "AS", "aS"])
def test_case_insensitive(text):
    assert parse_card(text) == 12 * 4 + 3


def test_ids_follow_bring_in_order():
    assert parse_card("2c") == 0
    assert parse_card("2d") == 1
    assert parse_card("3c") == 4
    assert parse_card("As") == 51


@pytest.mark.parametrize("text", ["10s", "Ts", "ts", "10S"])
def test_ten(text):
    assert format_card(parse_card(text)) == "Ts"


@pytest.mark.parametrize("text", ["As Kd Qh", "As,Kd,Qh", "AsKdQh", "As, Kd  Qh", "as kd qh"])
def test_list_separators(text):
    assert format_cards(parse_cards(text), " ") == "As Kd Qh"


def test_tens_written_together():
    assert format_cards(parse_cards("10s10dJh")) == "TsTdJh"


def test_unknown_cards():
    assert parse_cards("xx", allow_unknown=True) == [UNKNOWN, UNKNOWN]
    assert parse_cards("As?*", allow_unknown=True) == [51, UNKNOWN, UNKNOWN]
    with pytest.raises(CardError, match="'x' is not allowed here"):
        parse_cards("xx")


def test_iterable_of_tokens():
    assert parse_cards(["As", "Kd"]) == [51, 11 * 4 + 1]


@pytest.mark.parametrize(
    "text, message",
    [
        ("Zs", "'Zs' is not a card: rank must be one of 2-9, T (or 10), J, Q, K, A"),
        ("Ab", "'Ab' is not a card: suit must be one of c, d, h, s"),
        ("1s", "'1s' is not a card: rank must be one of 2-9, T (or 10), J, Q, K, A"),
        ("A", "'A' is not a card: a suit (c, d, h or s) must follow the rank"),
        ("As Ks As", "As appears twice"),
        ("AsKsZh", "'Zh' is not a card"),
    ],
)
def test_errors_name_the_problem(text, message):
    with pytest.raises(CardError) as info:
        parse_cards(text)
    assert message in str(info.value)
    assert isinstance(info.value, ValueError)


def test_format_round_trip():
    for card in range(52):
        assert parse_card(format_card(card)) == card


def test_ace_low_order_has_one_owner():
    import numpy as np

    from stud_odds.cards import ACE_LOW_RANKS, RANKS, ace_low_rank

    assert ACE_LOW_RANKS == "A23456789TJQK"
    assert [ACE_LOW_RANKS[ace_low_rank(rank)] for rank in range(13)] == list(RANKS)
    assert ace_low_rank(np.arange(13)).tolist() == [*range(1, 13), 0]  # arrays alike
