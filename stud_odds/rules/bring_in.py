"""Who posts the bring-in on third street (docs/rules.md), from the door cards."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Any

from stud_odds.cards import SUIT_NAMES, card_name, format_card, suit_of
from stud_odds.games import Game, parse_game
from stud_odds.rules import common


@dataclass(frozen=True)
class BringIn:
    """The seat that posts the bring-in on third street, and why."""

    seat: int
    card: int
    reason: str

    def to_dict(self) -> dict[str, Any]:
        return {"seat": self.seat, "card": format_card(self.card), "reason": self.reason}


def _why_due(door_cards: Sequence[int], tied: list[int], due: int, razz: bool,
             rank_ties_by_seat: bool) -> str:
    """Why seat ``due`` (one of the ``tied`` seats) is due to bring in."""
    extreme = "highest" if razz else "lowest"
    if len(tied) == 1:
        return f"the {extreme} door card, {'aces low' if razz else 'aces high'}"
    others = [f"{card_name(door_cards[s - 1])} in seat {s}" for s in tied if s != due]
    why = f"it ties {common.and_list(others)} for the {extreme} door card, and "
    if rank_ties_by_seat:
        return why + f"seat {due} is nearest the dealer's left"
    other_suits = [SUIT_NAMES[suit_of(door_cards[s - 1])] for s in tied if s != due]
    compare = "above" if razz else "below"
    return why + (f"{SUIT_NAMES[suit_of(door_cards[due - 1])]} rank {compare} "
                  f"{common.and_list(other_suits)} ({common.SUIT_ORDER})")


def bring_in(
    door_cards: Sequence[int],
    game: Game | str = Game.STUD,
    *,
    all_in: Collection[int] = (),
    rank_ties_by_seat: bool = False,
) -> BringIn:
    """Who brings in, from the door cards in seat order (clockwise from the dealer's left).

    Stud and stud8: the lowest door card, aces high; razz: the highest, aces low.  A tie of
    rank goes to the lowest suit in stud (clubs < diamonds < hearts < spades) and the
    highest in razz, or with ``rank_ties_by_seat`` to the seat nearest the dealer's left.
    A seat in ``all_in`` (all-in from the ante) passes the bring-in on clockwise.
    """
    game = parse_game(game)
    common.check_seat_count(len(door_cards), "one door card")
    common.check_cards([[card] for card in door_cards])
    seats_all_in = common.check_seat_numbers(all_in, "all-in", len(door_cards))
    if len(seats_all_in) == len(door_cards):
        raise common.RulesError("every seat is all-in from the ante, so nobody brings in")

    razz = game is Game.RAZZ
    order = common.ace_low if razz else common.ace_high
    # The worst door card brings in: the lowest in stud, the highest in razz.
    worst = max if razz else min
    worst_rank = worst(order(card) // 4 for card in door_cards)
    tied = [seat for seat, card in enumerate(door_cards, 1) if order(card) // 4 == worst_rank]
    if rank_ties_by_seat:
        due = tied[0]
    else:
        due = worst(tied, key=lambda seat: suit_of(door_cards[seat - 1]))
    due_card = door_cards[due - 1]

    extreme = "highest" if razz else "lowest"
    why = _why_due(door_cards, tied, due, razz, rank_ties_by_seat)
    seat = due
    while seat in seats_all_in:
        seat = seat % len(door_cards) + 1
    if seat == due:
        return BringIn(due, due_card, f"seat {due} brings in with {card_name(due_card)}: {why}")
    path = common.clockwise_from(due, len(door_cards))
    skipped = path[1:path.index(seat)]  # all-in seats between the due seat and the bring-in
    passing = f" past all-in {common.seat_list(skipped)}" if skipped else ""
    card = door_cards[seat - 1]
    return BringIn(
        seat, card,
        f"seat {seat} brings in with {card_name(card)}: seat {due} would bring in with "
        f"{card_name(due_card)}, the {extreme} door card, but is all-in from the ante, so the "
        f"bring-in passes clockwise{passing}",
    )
