"""Stud hands as read from a hand-history file: plain frozen dataclasses, no parsing here.

Cards are ints 0..51 as everywhere in stud-odds (``stud_odds.cards``); chip
amounts are ``Decimal`` so that sums of cents stay exact.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import NamedTuple

from stud_odds.games import Game
from stud_odds.scenario.table import live_on


@dataclass(frozen=True)
class Player:
    """One player dealt into a hand, with every card of his the file shows."""

    seat: int
    name: str
    chips: Decimal  # stack at the start of the hand
    hole: tuple[int, ...]  # the two third-street down cards when the file shows them, else ()
    upcards: tuple[int, ...]  # in the order dealt: one per street from 3rd to 6th street
    river: int | None  # the seventh-street down card when the file shows it
    shown: bool  # the cards were shown (at showdown, or "mucked [...]" in the summary)
    folded: int | None  # the street whose betting the player folded in; None if never
    all_in: int | None  # the street whose betting put the player all in (antes: 3rd street)
    invested: Decimal  # chips put into the pot, antes included, uncalled bets returned
    won: Decimal  # chips collected from the pot


class Action(NamedTuple):
    """One line of a hand's betting, in file order.

    ``verb`` is one of ``ante``, ``bring-in``, ``complete``, ``bet``, ``raise``, ``call``,
    ``check``, ``fold``, ``return`` (an uncalled bet given back) and ``collect`` (chips
    taken from a pot).  ``amount`` is the chips the line moves: put in by ``ante`` to
    ``raise`` (a raise's or a completion's extra over what the player had in on the
    street), given back by ``return``, taken by ``collect``; 0 for ``check`` and ``fold``.
    """

    street: int  # 3..7; antes are posted before 3rd street and count as 3rd street's
    name: str
    verb: str
    amount: Decimal
    all_in: bool = False


@dataclass(frozen=True)
class HandHistory:
    """One stud hand, read whole and checked card by card."""

    id: str
    game: Game
    stakes: str | None  # as written, e.g. "$0.10/$0.20 USD" or "50/100"
    big_bet: Decimal | None  # the larger of the two limits
    unit: str  # what the chips are: a currency ("USD", "$"), or "chips"
    tournament: str | None  # tournament number, None for a cash game
    table: str | None
    hero: str | None  # the player the file deals hole cards to (the file's owner)
    players: tuple[Player, ...]  # those dealt in, in seat order
    last_street: int  # the last street dealt, 3..7
    community: int | None  # the shared seventh-street card when the deck ran short
    showdown: bool  # the hand reached "*** SHOW DOWN ***"
    pot: Decimal  # the total pot ("Total pot" in the summary)
    rake: Decimal
    source: str  # the file it came from
    line: int  # the line of its header
    # added for the hand database (issue 31); defaults keep older constructions valid
    time: str | None = None  # from the header, "YYYY-MM-DD HH:MM:SS" (ET where the header has it)
    time_zone: str | None = None  # the zone written after that time ("ET", "CET"...)
    small_bet: Decimal | None = None  # the smaller of the two limits
    ante: Decimal | None = None  # the largest ante posted
    bring_in: Decimal | None = None  # the bring-in posted
    actions: tuple[Action, ...] = ()  # every betting line, in file order

    def player(self, name: str) -> Player | None:
        return next((p for p in self.players if p.name == name), None)

    def live(self, street: int) -> tuple[Player, ...]:
        """The players dealt the cards of ``street``, in seat order."""
        return tuple(p for p in self.players if live_on(street, p.folded))


@dataclass(frozen=True)
class SkippedHand:
    """A hand that is not replayed: another game, or a stud hand that cannot be read."""

    id: str | None  # None when even the header cannot be read
    reason: str  # one sentence
    game: Game | None  # the stud game when known
    stud: bool  # False for hands of other games (passed over, not an error)
    source: str
    line: int
    other_game: str | None = None  # another game's name as the header gives it ("Hold'em")


__all__ = ["Action", "HandHistory", "Player", "SkippedHand"]
