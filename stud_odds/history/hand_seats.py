"""A PokerStars hand's seats: who sits where with what, and finding a seated player's name
at the start of a line.  Pure Python."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from decimal import Decimal

from stud_odds.history.hand_text import Unreadable, amount_of

_SEAT = re.compile(r"Seat (\d+): (.+) \((\S+) in chips[^()]*\)")


@dataclass
class SeatState:
    """What is known of one seated player while the hand is read."""

    seat: int
    name: str
    chips: Decimal
    dealt: bool = False  # dealt into the hand (has a third-street card)
    hole: list[int] = field(default_factory=list)
    hole_dealt: bool = False  # the hole cards came from a "Dealt to" line (the file's owner)
    up: list[int] = field(default_factory=list)
    river: int | None = None
    shown: bool = False
    folded: int | None = None
    all_in: int | None = None
    invested: Decimal = Decimal(0)
    committed: Decimal = Decimal(0)  # on the current street
    won: Decimal = Decimal(0)

    def known(self) -> list[int]:
        return self.hole + self.up


class SeatsPart:
    """The seats of a hand (a part of _Hand in pokerstars.py)."""

    seats: dict[str, SeatState]
    by_seat: dict[int, SeatState]
    odd_names: bool

    def _seat(self, text: str, n: int) -> None:
        match = _SEAT.match(text)
        if not match:
            return  # e.g. "Seat 3: X out of hand": not dealt in
        seat, name = int(match.group(1)), match.group(2)
        if name in self.seats or seat in self.by_seat:
            raise Unreadable(f"line {n}: seat {seat} ({name}) is listed twice")
        state = SeatState(seat, name, amount_of(match.group(3), n))
        self.seats[name] = self.by_seat[seat] = state
        self.odd_names = self.odd_names or ": " in name

    def _find_name(self, text: str, after: str) -> tuple[SeatState, int] | None:
        """The seated player whose name starts ``text`` followed by ``after``, and where.

        Tried from the last ``after`` back, so the longest name wins: "PC [Mittel] [5c]"
        is PC [Mittel]'s door card even when a player called PC sits at the table too.
        """
        end = len(text)
        while (at := text.rfind(after, 0, end)) > 0:
            state = self.seats.get(text[:at])
            if state is not None:
                return state, at
            end = at
        return None
