"""stud_odds.describe: hands valued for people and said in words (the kernels' own
evaluators: tests/test_kernels_evaluate.py)."""

import random

import pytest
from reference_eval import high as ref_high
from reference_eval import low8 as ref_low8
from reference_eval import low8_order, order
from reference_eval import razz as ref_razz

from stud_odds.cards import CardError, parse_cards
from stud_odds.describe import (
    describe_high,
    describe_low8,
    describe_razz,
    high_category,
    high_value,
    low8_value,
    razz_value,
)
from stud_odds.kernels.codes import FLUSH, STRAIGHT


@pytest.mark.parametrize("size", [5, 6, 7])
def test_any_size_agrees_with_reference(size):
    rng = random.Random(size)
    for _ in range(400):
        cards = rng.sample(range(52), 2 * size)
        a, b = cards[:size], cards[size:]
        assert order(high_value(a), high_value(b)) == order(ref_high(a), ref_high(b))
        assert low8_order(low8_value(a), low8_value(b)) == low8_order(ref_low8(a), ref_low8(b))
        assert order(razz_value(a), razz_value(b)) == order(ref_razz(a), ref_razz(b))


@pytest.mark.parametrize(
    "hand, high, low8, razz",
    [
        # a wheel is a straight for high and the best low at once
        ("Ac2d3h4s5c Kd Kh", "straight, five high", "5-4-3-2-A low", "5-4-3-2-A low"),
        ("As2s3s4s5s 9d 9h", "straight flush, five high", "5-4-3-2-A low", "5-4-3-2-A low"),
        # a flush that is also a qualifying low
        ("2h4h6h7h8h Kc Kd", "flush, eight high", "8-7-6-4-2 low", "8-7-6-4-2 low"),
        # nine-low does not qualify
        ("9c7d5h3s2c Kd Kh", "one pair, kings", "no low", "9-7-5-3-2 low"),
        # four suits present in a low
        ("Ac3d5h7s8c Kd Qh", "high card, ace", "8-7-5-3-A low", "8-7-5-3-A low"),
        # pairs count against a razz hand; the pair is the lowest one available
        ("KcKdKh7c7d4c4d", "full house, kings full of sevens", "no low",
         "two pair, sevens and fours"),
        ("AcAdAhAs2c2d3c", "four of a kind, aces", "no low", "two pair, deuces and aces"),
        ("AsKsQsJsTs 9c 9d", "royal flush", "no low", "Q-J-T-9-A low"),
        ("6c5d4h3s2c Ad Ah", "straight, six high", "5-4-3-2-A low", "5-4-3-2-A low"),
        ("QcQdQh4s4c 4d 2c", "full house, queens full of fours", "no low",
         "two pair, queens and fours"),
        # every razz category: three of a kind, a full house, four of a kind, one pair
        ("6c6d6h6s9c9d9h", "four of a kind, sixes", "no low", "full house, sixes and nines"),
        ("KcKdKhKsQcQdJc", "four of a kind, kings", "no low", "two pair, kings and queens"),
        ("KcKdKhKsQcQdQh", "four of a kind, kings", "no low", "full house, queens and kings"),
        ("5c5d5h5s4c", "four of a kind, fives", "no low", "four of a kind, fives"),
        ("3c3d3hKsQc", "three of a kind, threes", "no low", "three of a kind, threes"),
        ("TcTdJhQsKc", "one pair, tens", "no low", "one pair, tens"),
        ("AcKdQhJs9c", "high card, ace", "no low", "K-Q-J-9-A low"),
        ("JcJdJh2s2c", "full house, jacks full of deuces", "no low",
         "full house, jacks and deuces"),
    ],
)
def test_words(hand, high, low8, razz):
    cards = parse_cards(hand)
    assert describe_high(high_value(cards)) == high
    assert describe_low8(low8_value(cards)) == low8
    assert describe_razz(razz_value(cards)) == razz


def test_low_order_examples_from_the_rules():
    def low(text):
        return low8_value(parse_cards(text))

    assert low("8c6d4h2sAc") < low("8c7d6h5s3c")
    assert low("6c4d3h2sAc") < low("6c5d4h3s2c")
    assert low("5c4d3h2sAc") < low("6c4d3h2sAc")
    assert low("8c7d6h5s4c") is not None


def test_high_categories_are_ordered():
    straight = high_value(parse_cards("9c8d7h6s5c"))
    flush = high_value(parse_cards("Kc9c7c4c2c"))
    assert high_category(straight) == STRAIGHT and high_category(flush) == FLUSH
    assert flush > straight


@pytest.mark.parametrize("cards, message", [
    ([0, 1, 2, 3], "a hand is valued from 5 to 7 cards, not 4"),
    ([0, 1, 2, 3, 52], "52 is not a known card"),
    ([0, 1, 2, 3, 3], "2s appears twice"),
])
def test_a_bad_hand_is_one_card_error(cards, message):
    with pytest.raises(CardError, match=f"^{message}$"):
        high_value(cards)
