"""stud_odds.rules.split: splitting a pot into chips and the odd chips (docs/rules.md)."""

import random
import re
from decimal import Decimal
from pathlib import Path

import pytest
import reference_eval
from rules_helpers import seats

from stud_odds.cards import format_cards
from stud_odds.games import Game
from stud_odds.rules import RulesError, split_pot

# The odd-chip rule (RULES.md, Robert's Rules of Poker "Ties"): between the halves to the high
# half; between tied highs to the highest card by suit; between tied lows and in razz to the
# lowest card by suit, aces low; all seven cards count; no player gets more than one.

def shares(split) -> dict[int, tuple[int, int]]:
    return {share.seat: (share.high_chips, share.low_chips) for share in split.shares}


def test_the_odd_chip_between_the_halves_goes_to_the_high_half():
    split = split_pot(7, 1, Game.STUD8, high_winners=[1], low_winners=[2])
    assert shares(split) == {1: (4, 0), 2: (0, 3)}
    assert split.reasons == (
        "the pot, 7 chips, does not halve evenly, so the odd chip goes to the high half: "
        "4 high, 3 low",
        "the high half, 4 chips, goes to seat 1",
        "the low half, 3 chips, goes to seat 2",
    )
    even = split_pot(8, 1, Game.STUD8, high_winners=[1], low_winners=[2])
    assert shares(even) == {1: (4, 0), 2: (0, 4)}
    assert even.reasons == ("the high half, 4 chips, goes to seat 1",
                            "the low half, 4 chips, goes to seat 2")


def test_quartered_pot_the_low_odd_chip_goes_to_the_lowest_card():
    # Seat 1 has the high; seats 2 and 3 tie for the low with 8-4-3-2-A.  The 11-chip pot
    # splits 6 high and 5 low; the low half quarters to 2 + 2, and its odd chip goes to the
    # lowest card by suit: the ace of hearts (seat 2) is below the ace of spades (seat 3).
    split = split_pot(
        11, 1, Game.STUD8,
        hands=seats("Kh Kd Kc 9s 9h 2c 3d", "Ah 2h 3h 4c 8d Qd Jc", "As 2s 3c 4d 8s Qs Jd"),
    )
    assert shares(split) == {1: (6, 0), 2: (0, 3), 3: (0, 2)}
    assert split.reasons == (
        "the pot, 11 chips, does not halve evenly, so the odd chip goes to the high half: "
        "6 high, 5 low",
        "the high half, 6 chips, goes to seat 1 (full house, kings full of nines)",
        "the low half, 5 chips, is split between seats 2 and 3 (8-4-3-2-A low each): 2 chips "
        "each, and the odd chip goes to seat 2, holding the lowest card by suit (aces low), the "
        "ace of hearts",
    )


def test_a_low_odd_chip_counts_every_card_the_ace_of_clubs_is_the_lowest():
    # Both play 8-4-3-2-A; seat 2 holds both the ace of hearts and the ace of clubs, and the
    # ace of clubs, the lowest card there is, wins the odd chip though the low needs one ace.
    hands = seats("Ad 2s 3c 4d 8s Qs Jd", "Ah 2h 3h 4c 8d Ac Jc", "Kh Kd Kc 9s 9h 2c 3d")
    split = split_pot(7, 1, Game.STUD8, hands=hands)
    assert shares(split) == {1: (0, 1), 2: (0, 2), 3: (4, 0)}
    assert split.reasons[-1].endswith("the odd chip goes to seat 2, holding the lowest card by "
                                      "suit (aces low), the ace of clubs")


def test_a_high_odd_chip_counts_cards_outside_the_five_that_make_the_hand():
    # Both play a queen-high straight; seat 1's ace of spades is not in its straight, but every
    # card counts, so it beats seat 2's queen of hearts, the best card in either straight.
    hands = seats("8c 9c Tc Jd Qd As 2c", "8d 9d Th Jh Qh 3s 4s")
    split = split_pot(3, 1, Game.STUD, hands=hands)
    assert shares(split) == {1: (2, 0), 2: (1, 0)}
    assert split.reasons == (
        "the pot, 3 chips, is split between seats 1 and 2 (straight, queen high each): 1 chip "
        "each, and the odd chip goes to seat 1, holding the highest card by suit, the ace of "
        "spades",
    )


def test_tied_high_hands_the_seat_rule_is_an_option():
    hands = seats("Ah Kh Qh Jh 9h 2c 3d", "As Ks Qs Js 9s 2d 3c", "Ac Ad 7c 7d 2h 5s 6c")
    by_card = split_pot("$11", "$1", Game.STUD, hands=hands)
    assert shares(by_card) == {1: (5, 0), 2: (6, 0)}
    assert by_card.reasons[0].endswith("the odd chip goes to seat 2, holding the highest card "
                                       "by suit, the ace of spades")
    by_seat = split_pot("$11", "$1", Game.STUD, hands=hands, odd_chip_by_seat=True)
    assert shares(by_seat) == {1: (6, 0), 2: (5, 0)}
    assert by_seat.reasons[0].endswith("the odd chip goes to seat 1, nearest the dealer's left")


# Three nine-high straights: the highest cards by suit are Ah (seat 2), Kc (seat 1), Qs (seat 3).
THREE_STRAIGHTS = ("5c 6c 7d 8d 9s Kc 2s", "5d 6d 7h 8h 9c Ah 3c", "5h 6h 7c 8c 9d Qs 2d")


@pytest.mark.parametrize(
    "pot, expected",
    [
        (9, {1: (3, 0), 2: (3, 0), 3: (3, 0)}),
        (7, {1: (2, 0), 2: (3, 0), 3: (2, 0)}),
        (8, {1: (3, 0), 2: (3, 0), 3: (2, 0)}),  # two odd chips: one each, never both to seat 2
    ],
)
def test_odd_chips_of_a_three_way_tie_go_one_each_in_card_order(pot, expected):
    split = split_pot(pot, 1, Game.STUD, hands=seats(*THREE_STRAIGHTS))
    assert shares(split) == expected


def test_two_odd_chips_are_explained_in_order():
    split = split_pot(8, 1, Game.STUD, hands=seats(*THREE_STRAIGHTS))
    assert split.reasons == (
        "the pot, 8 chips, is split between seats 1, 2 and 3 (straight, nine high each): 2 chips "
        "each, and the 2 odd chips go one each to seats 2 and 1, in the order of their highest "
        "cards by suit: the ace of hearts and the king of clubs",
    )


def test_odd_chips_by_seat_go_one_each_from_the_dealers_left():
    split = split_pot(11, 1, Game.STUD, high_winners=[4, 2, 1, 3], odd_chip_by_seat=True)
    assert shares(split) == {1: (3, 0), 2: (3, 0), 3: (3, 0), 4: (2, 0)}
    assert split.reasons[0].endswith("the 3 odd chips go one each to seats 1, 2 and 3, nearest "
                                     "the dealer's left")


def test_razz_odd_chip_goes_to_the_lowest_card_by_suit():
    # Seats 1 and 2 tie 7-5-4-3-2; the deuce of clubs (seat 1) is below the deuce of diamonds.
    split = split_pot(5, 1, Game.RAZZ,
                      hands=seats("7h 5h 4d 3s 2c Kd Kc", "7s 5c 4c 3h 2d Qd Qc",
                                  "Ac Ad 7c 7d 2h 5s 6c"))
    assert shares(split) == {1: (0, 3), 2: (0, 2)}
    assert split.reasons == (
        "the pot, 5 chips, is split between seats 1 and 2 (7-5-4-3-2 low each): 2 chips each, "
        "and the odd chip goes to seat 1, holding the lowest card by suit (aces low), the deuce "
        "of clubs",
    )


def test_razz_a_paired_ace_outside_the_low_still_counts():
    # Both play 6-4-3-2-A; seat 2's second ace (clubs) plays no part in its low but is the
    # lowest card, so seat 2 takes the odd chip over seat 1's ace of diamonds.
    split = split_pot(3, 1, Game.RAZZ,
                      hands=seats("6s 4s 3s 2s Ad Ks Qs", "6h 4h 3h 2h Ah Ac Kh"))
    assert shares(split) == {1: (0, 1), 2: (0, 2)}


def test_identical_hands_split_as_evenly_as_possible():
    # Both have a wheel: tied for high (straight, five high) and for low.  Seat 2 holds the
    # highest card (As) and the lowest (Ac), so the rule would give it both odd chips; no
    # player gets more than one, so the low half's goes to seat 1: 5 chips each.
    hands = seats("Ad 2d 3h 4s 5c Kd Qh", "As Ac 2c 3s 4h 5d Kc")
    split = split_pot(10, 1, Game.STUD8, hands=hands)
    assert shares(split) == {1: (2, 3), 2: (3, 2)}
    assert split.reasons == (
        "the high half, 5 chips, is split between seats 1 and 2 (straight, five high each): "
        "2 chips each, and the odd chip goes to seat 2, holding the highest card by suit, the "
        "ace of spades",
        "the low half, 5 chips, is split between seats 1 and 2 (5-4-3-2-A low each): 2 chips "
        "each, and the odd chip goes to seat 1, by the lowest card by suit (aces low) after "
        "seat 2, which already holds an odd chip of this pot: no player gets more than one",
    )


def test_the_high_hand_holding_the_odd_chip_between_the_halves_gets_no_second_one():
    # Seat 1 takes the high half alone, with the odd chip between the halves, and ties seat 2
    # for the low; seat 1 holds the lowest card (Ac), but already has an odd chip.
    hands = seats("Ac 2c 3c 4c 5c Kd Qh", "Ad 2d 3h 4s 5s Ks Qc")
    split = split_pot(7, 1, Game.STUD8, hands=hands)
    assert shares(split) == {1: (4, 1), 2: (0, 2)}
    # Named by seat, the same: seat 1 is nearest the dealer's left but already has one.
    by_seat = split_pot(7, 1, Game.STUD8, high_winners=[1], low_winners=[1, 2],
                        odd_chip_by_seat=True)
    assert shares(by_seat) == {1: (4, 1), 2: (0, 2)}
    assert by_seat.reasons[-1].endswith("the odd chip goes to seat 2, nearest the dealer's "
                                        "left after seat 1, which already holds an odd chip of "
                                        "this pot: no player gets more than one")


def test_when_every_tied_seat_already_has_an_odd_chip_the_rule_order_stands():
    # 10 chips: the high half (5) splits three ways with 2 odd chips, to seats 1 and 2; the
    # low half (5) splits between seats 1 and 2, who both hold one, so it goes by seat again.
    split = split_pot(10, 1, Game.STUD8, high_winners=[1, 2, 3], low_winners=[1, 2],
                      odd_chip_by_seat=True)
    assert shares(split) == {1: (2, 3), 2: (2, 2), 3: (1, 0)}
    assert split.reasons[-1].endswith("each of them already holds an odd chip of this pot, so "
                                      "the rule's order stands")


def test_quartered_pot_in_dollars_with_a_quarter_chip():
    # $2.75 is 11 quarters: $1.50 high (6), $1.25 low (5) quartered $0.50 + $0.50 + $0.25.
    split = split_pot(
        "$2.75", "$0.25", Game.STUD8,
        hands=seats("Kh Kd Kc 9s 9h 2c 3d", "As 2s 3c 4d 8s Qs Jd", "Ah 2h 3h 4c 8d Qd Jc"),
    )
    assert [(share.seat, share.amount) for share in split.shares] == [
        (1, Decimal("1.50")), (2, Decimal("0.50")), (3, Decimal("0.75"))]
    assert sum(share.amount for share in split.shares) == Decimal("2.75")
    assert split.reasons[-1] == (
        "the low half, 5 chips ($1.25), is split between seats 2 and 3 (8-4-3-2-A low each): "
        "2 chips ($0.50) each, and the odd chip goes to seat 3, holding the lowest card by suit "
        "(aces low), the ace of hearts"
    )
    assert split.to_dict()["shares"][2] == {"seat": 3, "chips": 3, "high_chips": 0,
                                            "low_chips": 3, "amount": "0.75"}


def test_quartered_pot_with_money_and_the_seat_rule():
    split = split_pot("$2.50", "$0.25", Game.STUD8, high_winners=[2], low_winners=[3, 1],
                      odd_chip_by_seat=True)
    # 10 chips: 5 high, 5 low; the low half gives 2 each and the odd chip to seat 1.
    assert shares(split) == {1: (0, 3), 2: (5, 0), 3: (0, 2)}
    assert [share.amount for share in split.shares] == [Decimal("0.75"), Decimal("1.25"),
                                                       Decimal("0.50")]
    assert split.reasons[1] == ("the low half, 5 chips ($1.25), is split between seats 1 and 3: "
                                "2 chips ($0.50) each, and the odd chip goes to seat 1, nearest "
                                "the dealer's left")


def test_the_community_card_places_nobody():
    # Eight players to the river share the ace of spades.  Seats 1 and 2 tie with a pair of
    # aces, K-Q-7 kickers.  The shared ace is the highest card of both and in every hand, so
    # each is placed by its best card of its own: seat 2's ace of hearts beats seat 1's ace
    # of clubs (taking the shared ace as either seat's would tie them).
    hands = seats("Kh Qc 7d 2c 3d Ac As", "Kd Qd 7h 2d 3h Ah As", "Kc 9s 8s 6h 4c 2h As",
                  "Ks Jc Td 9c 6d 4d As", "Qh Jd Th 8d 5c 3c As", "Qs Jh 9h 8c 6c 4s As",
                  "Js Ts 9d 7c 5d 3s As", "Tc 8h 7s 5s 2s 4h As")
    split = split_pot(5, 1, Game.STUD, hands=hands)
    assert shares(split) == {1: (2, 0), 2: (3, 0)}
    assert split.reasons[0].endswith(
        "the odd chip goes to seat 2, holding the highest card by suit, the ace of hearts; the "
        "community card, the ace of spades, is in every hand and places nobody")


def test_a_community_card_that_is_not_the_best_card_changes_nothing():
    hands = seats("8c 9c Tc Jd Qd As 2h", "8d 9d Th Jh Qh 3s 2h")
    split = split_pot(3, 1, Game.STUD, hands=hands)
    assert shares(split) == {1: (2, 0), 2: (1, 0)}
    assert split.reasons[0].endswith("the ace of spades")


def test_no_qualifying_low_the_high_hand_scoops():
    split = split_pot(9, 1, Game.STUD8,
                      hands=seats("Kh Kd Kc 9s 9h 2c 3d", "Ah 2h 3h 9c Td Qd Jc"))
    assert shares(split) == {1: (9, 0)}
    assert split.reasons == (
        "no hand qualifies for low, so the high hand takes the whole pot",
        "the pot, 9 chips, goes to seat 1 (full house, kings full of nines)",
        "seat 1 scoops",
    )


def test_no_qualifying_low_tied_highs_split_the_whole_pot_by_the_high_rule():
    split = split_pot(9, 1, Game.STUD8,
                      hands=seats("Ah Kh Qh Jh 9h Tc 2d", "As Ks Qs Js 9s 3c 2c"))
    assert shares(split) == {1: (4, 0), 2: (5, 0)}
    assert split.reasons[1].endswith("the odd chip goes to seat 2, holding the highest card by "
                                     "suit, the ace of spades")


def test_a_wheel_is_a_straight_for_high_and_the_best_low():
    split = split_pot(10, 1, Game.STUD8,
                      hands=seats("Ac 2d 3h 4s 5c Kd Kh", "Qc Qd Jh 7s 6c 8d 9h"))
    assert shares(split) == {1: (5, 5)}
    assert split.reasons[0] == "the high half, 5 chips, goes to seat 1 (straight, five high)"
    assert split.reasons[-1] == "seat 1 scoops"


def _rule_by_the_book(pot: int, game: Game, hands: list[list[int]]) -> dict[int, int]:
    """The odd-chip rule restated without the module's code, for the randomized test below.

    Hands are valued by the slow reference evaluator.  A seat's standing for an odd chip is
    its whole hand sorted best card first, compared card by card (so a community card,
    being in every hand, ties and the next card decides); high: highest card by suit first,
    low: lowest first, aces low.  Seats already holding an odd chip of the pot go last.
    """
    def ace_low(card: int) -> int:
        return (card // 4 + 1) % 13 * 4 + card % 4

    def best(value) -> list[int]:
        values = {seat: value(cards) for seat, cards in enumerate(hands, 1)}
        real = [v for v in values.values() if v is not None]
        return [seat for seat, v in values.items() if real and v == min(real)]

    high = best(lambda cards: tuple(-x for x in reference_eval.high(cards)))
    if game is Game.RAZZ:
        parts, high = [(pot, best(reference_eval.razz), True)], []
    else:
        low = best(reference_eval.low8) if game is Game.STUD8 else []
        parts = ([(pot - pot // 2, high, False), (pot // 2, low, True)] if low
                 else [(pot, high, False)])
    held = set(high) if len(parts) == 2 and len(high) == 1 and pot % 2 else set()
    chips = dict.fromkeys(range(1, len(hands) + 1), 0)
    for count, winners, low in parts:
        def standing(seat: int, low: bool = low) -> list[int]:
            if low:
                return sorted(ace_low(card) for card in hands[seat - 1])
            return sorted(-card for card in hands[seat - 1])

        each, odd = divmod(count, len(winners))
        order = sorted(sorted(winners, key=standing), key=lambda seat: seat in held)
        for seat in winners:
            chips[seat] += each
        for seat in order[:odd]:
            chips[seat] += 1
            held.add(seat)
    return {seat: n for seat, n in chips.items() if n}


@pytest.mark.parametrize("game", list(Game))
def test_random_ties_follow_the_rule_as_written(game):
    # Ties are made by giving seats the same ranks with the suits shifted (a shifted flush
    # is still a flush), sometimes with a shared community card; other seats are random.
    rng = random.Random(f"odd chips {game.value}")
    checked = 0
    while checked < 150:
        deck = list(range(52))
        rng.shuffle(deck)
        community = [deck.pop()] if rng.random() < 0.3 else []
        own = 7 - len(community)
        base = deck[:own]
        tied = rng.randint(2, 4)
        hands = [[rank_of_card // 4 * 4 + (rank_of_card % 4 + shift) % 4
                  for rank_of_card in base] for shift in rng.sample(range(4), tied)]
        used = {card for hand in hands for card in hand} | set(community)
        if len(used) != tied * own + len(community):
            continue  # a shifted suit landed on a card already dealt
        rest = [card for card in deck if card not in used]
        for _ in range(rng.randint(0, 7 - tied)):
            hands.append([rest.pop() for _ in range(own)])
        rng.shuffle(hands)
        hands = [hand + community for hand in hands]
        pot = rng.randint(1, 40)
        split = split_pot(pot, 1, game, hands=hands)
        # A winner whose part is too small for a chip is listed with 0 chips: compare the rest.
        assert {share.seat: share.chips for share in split.shares if share.chips} == \
            _rule_by_the_book(pot, game, hands), (pot, [format_cards(h, " ") for h in hands])
        checked += 1


@pytest.mark.parametrize(
    "better, worse",
    [
        ("8h 6h 4d 2s Ac Kd Kc", "8c 7c 6d 5s 3h Qd Qc"),  # 8-6-4-2-A beats 8-7-6-5-3
        ("6h 4h 3d 2s Ac Kd Kc", "6c 5c 4d 3s 2h Qd Qc"),  # 6-4-3-2-A beats 6-5-4-3-2
    ],
)
def test_rule_book_low_comparisons(better, worse):
    split = split_pot(2, 1, Game.STUD8, hands=seats(worse, better))
    assert shares(split)[2][1] == 1


def _worked_examples() -> list[tuple[str, int, list[str], list[int]]]:
    """docs/rules.md's odd-chip rows with hands: game, chips, hands, each seat's chips."""
    text = (Path(__file__).resolve().parents[1] / "docs" / "rules.md").read_text("utf-8")
    rows = []
    for line in text.splitlines():
        match = re.fullmatch(r"\| (\w+), (\d+) chips \| (.+?) \| ([\d /]+) \| .+ \|", line)
        if match:
            hands = re.findall(r"\d: `([^`]+)`", match[3])
            rows.append((match[1], int(match[2]), hands, [int(n) for n in match[4].split("/")]))
    return rows


def test_the_worked_examples_in_the_docs_are_what_split_pot_gives():
    examples = _worked_examples()
    assert len(examples) >= 7
    for game, pot, hands, chips in examples:
        split = split_pot(pot, 1, game, hands=seats(*hands))
        got = {share.seat: share.chips for share in split.shares}
        assert [got.get(seat, 0) for seat in range(1, len(hands) + 1)] == chips, (game, hands)


SEVEN = list(range(7))


@pytest.mark.parametrize(
    "pot, chip, kwargs, message",
    [
        ("$10.30", "$0.25", {"high_winners": [1]}, "the pot ($10.30) is not a whole number of "
                                                   "$0.25 chips"),
        ("ten", "1", {"high_winners": [1]}, "'ten' is not an amount for the pot: write it like "
                                            "12 or $12.50"),
        ("0", "1", {"high_winners": [1]}, "the pot must be more than nothing, not 0"),
        ("$10", "€1", {"high_winners": [1]}, "the amounts mix currencies ($ and €)"),
        ("10", "1", {}, "give the players' final hands or the winning seats"),
        ("10", "1", {"high_winners": [1], "hands": [SEVEN]},
         "give the players' hands or the winners, not both"),
        ("10", "1", {"low_winners": [1]}, "stud high pays the whole pot to the best high hand: "
                                          "give the high winners"),
        ("10", "1", {"high_winners": [9]}, "high winner seat 9 is not a seat: seats run from 1 "
                                           "to 8"),
        ("11", "1", {"high_winners": [1, 2]}, "an odd chip of the pot goes to the highest card "
                                              "by suit, which needs the tied players' cards: "
                                              "give the hands, or give the odd chip by seat"),
        ("10", "1", {"hands": [[0, 1, 2, 3, 4]]},
         "seat 1 has 5 cards, but a final hand has 7 (with the community card, if one was dealt)"),
        ("10", "1", {"hands": [SEVEN, list(range(7, 13))]},
         "seat 2 has 6 cards, but a final hand has 7 (with the community card, if one was dealt)"),
        ("10", "1", {"hands": [SEVEN, [0, *range(7, 13)], list(range(13, 20))]},
         "2c appears twice: in seat 1 and in seat 2"),
        ("10", "1", {"hands": [SEVEN, [0, 1, *range(7, 12)]]},
         "2c 2d are in every hand, but only one community card is ever dealt"),
        ("10", "1", {"hands": [[0, 0, *range(2, 7)], [0, *range(7, 13)]]},
         "2c appears twice in seat 1"),
    ],
)
def test_split_bad_input(pot, chip, kwargs, message):
    with pytest.raises(RulesError) as caught:
        split_pot(pot, chip, Game.STUD, **kwargs)
    assert str(caught.value) == message


def test_a_tied_low_named_by_seat_needs_the_cards_for_its_odd_chip():
    with pytest.raises(RulesError) as caught:
        split_pot(10, 1, Game.STUD8, high_winners=[1], low_winners=[2, 3])
    assert str(caught.value) == ("an odd chip of the low half goes to the lowest card by suit, "
                                 "which needs the tied players' cards: give the hands, or give "
                                 "the odd chip by seat")


def test_razz_winners_are_low_winners():
    assert shares(split_pot(6, 1, Game.RAZZ, low_winners=[2])) == {2: (0, 6)}
    with pytest.raises(RulesError, match="^razz pays the whole pot to the best low"):
        split_pot(6, 1, Game.RAZZ, high_winners=[2])
