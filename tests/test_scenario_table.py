"""stud_odds.scenario.table: the street structure (RULES.md, "The deal, street by street")
and a replayed hand on one street, which both replays (study and history) use."""

import pytest

from stud_odds.cards import UNKNOWN, parse_card, parse_cards
from stud_odds.scenario import (
    MAX_UPCARDS,
    STREETS,
    Hand,
    SeatCards,
    StreetDeal,
    cards_left,
    down_cards,
    random_hand,
    street_deals,
    street_label,
    street_name,
    street_of,
    up_cards,
)
from stud_odds.wording import plural


def test_cards_down_and_up_on_each_street():
    # RULES.md: two down and one up on third, an upcard a street to sixth, the river down
    assert [(down_cards(s), up_cards(s)) for s in STREETS] == [
        (2, 1), (2, 2), (2, 3), (2, 4), (3, 4)]
    assert all(down_cards(s) + up_cards(s) == s for s in STREETS)  # k cards on street k
    assert MAX_UPCARDS == 4


@pytest.mark.parametrize("down, up, street", [
    (2, 1, 3), (2, 4, 6), (3, 4, 7), (3, 3, None), (2, 0, None), (2, 5, None), (1, 1, None)])
def test_the_street_of_a_shape(down, up, street):
    assert street_of(down, up) == street


def test_street_words():
    assert street_name(3) == "third street" and street_label(7) == "7th street"
    assert [str(random_hand(s)) for s in (3, 7)] == ["xx/x", "xxx/xxxx"]


@pytest.mark.parametrize("live, folds, left", [
    (8, [], 4),  # RULES.md's examples: all eight to the river
    (7, [[0]], 7),  # eight dealt in, one folds on third street
    (6, [[0], [1]], 10),  # two fold on third street
    (7, [], 10),  # seven dealt in, all to the river
    (2, [[0, 1, 2]], 52 - 12 - 5),  # a folded player's hole cards count, seen or not
])
def test_cards_left_before_seventh_street(live, folds, left):
    assert cards_left(live, folds) == left
    assert cards_left(live, folds, dead=3) == left - 3


def _seat(text: str, folded: int | None = None, river: str | None = None) -> SeatCards:
    down, up = text.split("/")
    hole = tuple(parse_cards(down, allow_unknown=True))
    return SeatCards(hole, tuple(parse_cards(up)), river and parse_card(river), folded)


def test_a_hand_on_each_street():
    seat = _seat("AsKs/QhJhTh9c", river="2d")
    assert [str(seat.on_street(s)) for s in STREETS] == [
        "AsKs/Qh", "AsKs/QhJh", "AsKs/QhJhTh", "AsKs/QhJhTh9c", "AsKs2d/QhJhTh9c"]
    assert str(_seat("AsKs/QhJhTh9c").on_street(7)) == "AsKsx/QhJhTh9c"  # river not seen


def test_a_street_deal_folds_and_reveals():
    seats = [_seat("AsKs/QhJhTh9c"), _seat("7c7d/2s3h", folded=4), _seat("xx/8s8d", folded=4),
             _seat("QdJd/9s8h7c6c")]
    deal = StreetDeal.of(seats, 5, community_river=False)
    assert deal.live == (0, 3)
    assert deal.hands == (Hand(*map(tuple, (parse_cards("AsKs"), parse_cards("QhJhTh")))),
                          Hand(*map(tuple, (parse_cards("QdJd"), parse_cards("9s8h7c")))))
    # seen hole cards make a folded player's cards dead; unseen ones leave his upcards folded
    assert deal.dead == tuple(parse_cards("7c7d2s3h"))
    assert deal.folds == (tuple(parse_cards("8s8d")),)
    hidden = StreetDeal.of(seats, 5, community_river=False, folded_holes_seen=False)
    assert hidden.dead == () and hidden.folds == (tuple(parse_cards("2s3h")),
                                                  tuple(parse_cards("8s8d")))


def test_a_community_river_keeps_sixth_street_hands():
    seats = [_seat("AsKs/QhJhTh9c", river="2d"), _seat("QdJd/9s8h7c6c")]
    shared = StreetDeal.of(seats, 7, community_river=True)
    assert shared.community_river and [str(h) for h in shared.hands] == [
        "AsKs/QhJhTh9c", "QdJd/9s8h7c6c"]
    assert not StreetDeal.of(seats, 6, community_river=True).community_river


def test_street_deals_stop_when_one_player_is_left():
    seats = [_seat("AsKs/QhJhTh9c"), _seat("7c7d/2s3h", folded=4), _seat("xx/8s", folded=3)]
    assert [(d.street, d.live) for d in street_deals(seats, 7, community_river=False)] == [
        (3, (0, 1, 2)), (4, (0, 1))]
    assert [d.street for d in street_deals(seats[:1] * 2, 5, community_river=False)] == [3, 4, 5]
    assert UNKNOWN in street_deals(seats, 7, community_river=False)[0].hands[2].down


def test_plural_is_one_wording():
    assert [plural(1, "trial"), plural(2000, "trial"), plural(1755, "class")] == [
        "1 trial", "2,000 trials", "1,755 classes"]
