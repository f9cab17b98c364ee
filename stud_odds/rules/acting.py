"""Who acts first on fourth to seventh street (docs/rules.md): the best hand showing.

:mod:`stud_odds.rules.showdown` orders the showdown by the same hand showing when nobody
bet on the final round, through :func:`check_upcards` and :func:`best_showing`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from stud_odds.cards import (
    RANK_PLURALS,
    RANKS,
    card_name,
    format_cards,
    rank_of,
    rank_of_ace_low,
)
from stud_odds.games import Game, parse_game
from stud_odds.rules.common import (
    RulesError,
    ace_high,
    ace_low,
    and_list,
    check_cards,
    check_seat_count,
    clockwise_from,
)
from stud_odds.scenario import STREET_NAMES


def _showing_key(cards: Sequence[int], razz: bool) -> tuple[int, tuple[int, ...]]:
    """Compare hands showing: (category, ranks by count then rank, highest first).

    Category: 0 no pair, 1 pair, 2 two pair, 3 trips, 4 quads; straights and flushes do
    not count.  Ranks are ace-low in razz.  Larger is better in stud; smaller in razz.
    """
    ranks = [ace_low(card) // 4 if razz else rank_of(card) for card in cards]
    counts = Counter(ranks)
    grouped = tuple(sorted(counts, key=lambda r: (counts[r], r), reverse=True))
    most = max(counts.values())
    category = most if most >= 3 else list(counts.values()).count(2)
    return category, grouped


def _describe_showing(cards: Sequence[int], razz: bool) -> str:
    """``a pair of kings with 7``, ``two pair, nines and fours``, ``A-K-7 high``, ``7-5-A low``."""
    category, grouped = _showing_key(cards, razz)
    ranks = [rank_of_ace_low(r) if razz else r for r in grouped]
    chars = [RANKS[r] for r in ranks]
    if category == 0:
        return "-".join(chars) + (" low" if razz else " high")
    if category == 2:
        return f"two pair, {RANK_PLURALS[ranks[0]]} and {RANK_PLURALS[ranks[1]]}"
    name = {1: f"a pair of {RANK_PLURALS[ranks[0]]}", 3: f"three {RANK_PLURALS[ranks[0]]}",
            4: f"four {RANK_PLURALS[ranks[0]]}"}[category]
    kickers = chars[1:]
    return name + (f" with {'-'.join(kickers)}" if kickers else "")


@dataclass(frozen=True)
class FirstToAct:
    """The seat that acts first on fourth to seventh street, and why."""

    seat: int
    street: int
    showing: str
    cards: tuple[int, ...]
    order: tuple[int, ...]
    reason: str

    def to_dict(self) -> dict[str, Any]:
        return {
            "seat": self.seat, "street": self.street, "showing": self.showing,
            "cards": format_cards(self.cards, " "), "order": list(self.order),
            "reason": self.reason,
        }


def check_upcards(upcards: Sequence[Sequence[int]], street: int | None) -> int:
    """Each live seat's upcards checked, and the street they show.

    2 to 8 seats, real cards and none twice, every seat on one street: 2 up on fourth, 3 on
    fifth, 4 on sixth and seventh.  ``street`` (4 to 7) is checked against them, or found.
    """
    check_seat_count(len(upcards), "the upcards")
    check_cards(upcards)
    for seat, cards in enumerate(upcards, 1):
        if not cards:
            raise RulesError(f"seat {seat} has no upcard: give every live seat's upcards")
        if len(cards) > 4:
            raise RulesError(f"seat {seat} shows {len(cards)} upcards, but a stud hand "
                             "shows at most 4")
        if len(cards) != len(upcards[0]):
            raise RulesError(f"seat {seat} shows {len(cards)} upcards but seat 1 shows "
                             f"{len(upcards[0])}: every live seat is on the same street")
    shown = len(upcards[0])
    if shown == 1:
        raise RulesError("one upcard each is third street, where the bring-in acts first")
    if street is None:
        return shown + 2
    if street not in (4, 5, 6, 7):
        raise RulesError(f"first to act is decided on fourth to seventh street, not street "
                         f"{street}")
    expected = min(street - 2, 4)
    if shown != expected:
        raise RulesError(f"on {STREET_NAMES[street]} street each seat shows {expected} "
                         f"upcards, not {shown}")
    return street


def best_showing(
    upcards: Sequence[Sequence[int]], game: Game, ties_by_suit: bool
) -> tuple[int, str]:
    """The seat with the best hand showing and why (``a pair of kings (Kh Kd) is ...``)."""
    razz = game is Game.RAZZ
    keys = [_showing_key(cards, razz) for cards in upcards]
    best_key = min(keys) if razz else max(keys)
    tied = [seat for seat, key in enumerate(keys, 1) if key == best_key]
    order = ace_low if razz else ace_high

    def top_card(seat: int) -> int:
        return max(upcards[seat - 1], key=order)

    seat = max(tied, key=lambda s: order(top_card(s))) if ties_by_suit else tied[0]

    def shown(s: int) -> str:
        return format_cards(upcards[s - 1], " ")

    best = "the best low showing" if razz else "the best hand showing"
    why = f"{_describe_showing(upcards[seat - 1], razz)} ({shown(seat)})"
    if len(tied) == 1:
        return seat, f"{why} is {best}"
    others = and_list([f"seat {s} ({shown(s)})" for s in tied if s != seat])
    if ties_by_suit:
        decider = f"seat {seat} holds the highest card, {card_name(top_card(seat))}"
    else:
        decider = f"seat {seat} is nearest the dealer's left"
    return seat, f"{why} ties {others} for {best}, and {decider}"


def first_to_act(
    upcards: Sequence[Sequence[int]],
    game: Game | str = Game.STUD,
    *,
    street: int | None = None,
    ties_by_suit: bool = False,
) -> FirstToAct:
    """Who acts first on fourth to seventh street, from each live seat's upcards in seat order.

    The best hand showing acts first: quads > trips > two pair > pair > high cards in stud
    and stud8, the best low (pairs count against it) in razz.  Equal hands: the seat
    nearest the dealer's left, or with ``ties_by_suit`` the one holding the highest card
    (rank, then suit).  The street follows from the number of upcards (2 on fourth, 3 on
    fifth, 4 on sixth); pass ``street=7`` for seventh, which keeps sixth street's order.
    """
    game = parse_game(game)
    street = check_upcards(upcards, street)
    seat, why = best_showing(upcards, game, ties_by_suit)
    when = f"on {STREET_NAMES[street]} street"
    if street == 7:
        when += " as on sixth, since the seventh card is dealt face down"
    return FirstToAct(
        seat, street, _describe_showing(upcards[seat - 1], game is Game.RAZZ),
        tuple(upcards[seat - 1]), clockwise_from(seat, len(upcards)),
        f"seat {seat} acts first {when}: {why}",
    )
