"""Who shows first at the showdown (docs/rules.md), and the order after.

Without a bet on the final round the first to act shows first, so the best hand showing
comes from :mod:`stud_odds.rules.acting`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from stud_odds.games import Game, parse_game
from stud_odds.rules.acting import best_showing, check_upcards
from stud_odds.rules.common import check_seat_numbers, clockwise_from


@dataclass(frozen=True)
class Showdown:
    """The seat that shows its hand first, the order after it, and why."""

    seat: int
    order: tuple[int, ...]
    reason: str

    def to_dict(self) -> dict[str, Any]:
        return {"seat": self.seat, "order": list(self.order), "reason": self.reason}


def showdown_order(
    upcards: Sequence[Sequence[int]],
    game: Game | str = Game.STUD,
    *,
    last_aggressor: int | None = None,
    earliest_seat_first: bool = False,
    ties_by_suit: bool = False,
) -> Showdown:
    """Who shows first, from each live seat's four upcards in seat order.

    The last seat to bet or raise on the final round (``last_aggressor``) shows first.
    Without one, the seat that acts first shows first (best hand showing, as
    :func:`first_to_act`), or with ``earliest_seat_first`` the seat nearest the dealer's
    left.  Then the others show clockwise.
    """
    game = parse_game(game)
    check_upcards(upcards, 7)
    if last_aggressor is not None:
        (seat,) = check_seat_numbers([last_aggressor], "the last aggressor's", len(upcards))
        reason = f"seat {seat} shows first: it made the last bet or raise on the final round"
    elif earliest_seat_first:
        seat = 1
        reason = ("seat 1 shows first: nobody bet on the final round, and seat 1 is nearest "
                  "the dealer's left")
    else:
        seat, why = best_showing(upcards, game, ties_by_suit)
        reason = (f"seat {seat} shows first: nobody bet on the final round, so the first to "
                  f"act shows first, and {why}")
    return Showdown(seat, clockwise_from(seat, len(upcards)), reason)

