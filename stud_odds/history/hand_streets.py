"""A PokerStars hand's streets: the section markers, the cards dealt, the actions and the
cards shown, each checked as it comes.  Pure Python."""

from __future__ import annotations

import re
from decimal import Decimal

from stud_odds.cards import format_card
from stud_odds.history.hand_seats import SeatsPart, SeatState
from stud_odds.history.hand_text import Unreadable, amount_of, bracketed, show_cards
from stud_odds.history.model import Action
from stud_odds.scenario.table import (
    HOLE_CARDS,
    MAX_UPCARDS,
    SEVENTH,
    SIXTH,
    STREETS,
    THIRD,
    street_label,
    up_cards,
)

_COLLECTED = re.compile(r"(.+) collected (\S+) from (?:the )?(?:main |side )?pot")
_RETURNED = re.compile(r"Uncalled bet \((\S+)\) returned to (.+)")
_MARKERS = {
    "3rd STREET": 3, "4th STREET": 4, "5th STREET": 5, "6th STREET": 6, "RIVER": 7,
    "7th STREET": 7, "SHOW DOWN": 8, "SUMMARY": 9,
}
SHOWDOWN, SUMMARY = 8, 9
SECTION_NAMES = {0: "the start of the hand", **{s: street_label(s) for s in STREETS},
                  SHOWDOWN: "the showdown", SUMMARY: "the summary"}
_ALL_IN = " and is all-in"


class StreetsPart(SeatsPart):
    """The streets of a hand (a part of _Hand in pokerstars.py)."""

    def _marker(self, text: str, n: int) -> None:
        close = text.find(" ***", 4)
        if close < 0:
            raise Unreadable(f"line {n}: the section marker '{text[:30]}' is not closed")
        name, rest = text[4:close], text[close + 4:].strip()
        section = _MARKERS.get(name)
        if section is None:
            raise Unreadable(f"line {n}: '*** {name} ***' is not a section of a stud hand")
        if section <= SEVENTH:
            expected = THIRD if self.street == 0 else self.street + 1
            if self.section > SEVENTH or section != expected:
                where = SECTION_NAMES[self.section]
                raise Unreadable(f"line {n}: {street_label(section)} comes after {where}, "
                                 f"out of order")
            self._close_street(n)
            self.section = self.street = section
            for state in self.seats.values():
                state.committed = Decimal(0)
            if section == SEVENTH and rest:  # "*** RIVER *** [6h]": the community card
                cards = bracketed(rest, n)
                if len(cards) != 1:
                    raise Unreadable(f"line {n}: the community card on 7th street is one card")
                self._claim(cards[0], "the community card", n)
                self.community = cards[0]
            return
        if self.section >= section or self.street == 0:
            where = SECTION_NAMES[self.section]
            raise Unreadable(f"line {n}: '*** {name} ***' comes after {where}, out of order")
        if self.section <= SEVENTH:
            self._close_street(n)
        self.section = section
        self.showdown = self.showdown or section == SHOWDOWN

    def _close_street(self, n: int) -> None:
        """Every player still in at the end of a street up to 6th was dealt its upcard."""
        street = self.street
        if not THIRD <= street <= SIXTH:
            return
        for state in self.seats.values():
            if state.dealt and (state.folded is None or state.folded >= street) \
                    and len(state.up) != up_cards(street):
                raise Unreadable(f"line {n}: {state.name} is dealt no card on "
                                 f"{street_label(street)}")

    def _claim(self, card: int, who: str, n: int) -> None:
        holder = self.owner.get(card)
        if holder is not None:
            whom = f"twice to {who}" if holder == who else f"to {holder} and to {who}"
            raise Unreadable(f"line {n}: {format_card(card)} is dealt {whom}")
        self.owner[card] = who

    def _dealt(self, text: str, n: int) -> None:
        found = self._find_name(text, " [")
        if found is None:
            name = text.split(" [")[0]
            raise Unreadable(f"line {n}: cards are dealt to '{name}', who has no seat in the hand")
        state, at = found
        rest = text[at + 1:]
        street = self.section
        if street not in STREETS:
            raise Unreadable(f"line {n}: cards are dealt to {state.name} outside a street "
                             f"(in {SECTION_NAMES[street]})")
        cards = bracketed(rest, n)
        if street == THIRD:
            self._third_street(state, cards, n)
            return
        if not state.dealt:
            raise Unreadable(f"line {n}: {state.name} is dealt cards on {street_label(street)} "
                             "without a card on 3rd street")
        if state.folded is not None and state.folded < street:
            raise Unreadable(f"line {n}: {state.name} is dealt a card on {street_label(street)} "
                             "after folding")
        # The file shows a player's upcards, or all his cards when it knows them (its
        # owner; a hand shown while all in): the cards before the new one are either.
        shapes = [state.up] + ([state.hole + state.up] if state.hole else [])
        if street == SEVENTH:
            seen = shapes + ([shape + [state.river] for shape in shapes]
                             if state.river is not None else [])
            if cards in seen:  # a river line repeating the cards: none is new
                return
        if not any(cards[:-1] == shape for shape in shapes):
            raise Unreadable(f"line {n}: {state.name}'s cards on {street_label(street)} do not "
                             "match the cards dealt before")
        new = cards[-1]
        if street == SEVENTH:
            if new == self.community:
                return
            if state.river is not None or len(state.up) != MAX_UPCARDS:
                raise Unreadable(f"line {n}: {state.name} is dealt a second card on 7th street")
            self._claim(new, state.name, n)
            state.river = new
            return
        if len(state.up) != up_cards(street - 1):
            raise Unreadable(f"line {n}: {state.name} is dealt a second card on "
                             f"{street_label(street)}")
        self._claim(new, state.name, n)
        state.up.append(new)

    def _third_street(self, state: SeatState, cards: list[int], n: int) -> None:
        if state.dealt:
            raise Unreadable(f"line {n}: {state.name} is dealt cards twice on 3rd street")
        if len(cards) not in (1, 3):
            raise Unreadable(f"line {n}: {state.name} is dealt {len(cards)} cards on 3rd street: "
                             "the file shows one upcard, or three cards to its owner")
        for card in cards:
            self._claim(card, state.name, n)
        state.dealt = True
        state.up = [cards[-1]]
        if len(cards) == THIRD:  # the owner sees his hole cards too
            state.hole, state.hole_dealt = cards[:HOLE_CARDS], True

    def _returned(self, text: str, n: int) -> None:
        match = _RETURNED.fullmatch(text)
        if match and match.group(2) in self.seats:
            state, amount = self.seats[match.group(2)], amount_of(match.group(1), n)
            state.invested -= amount
            state.committed -= amount
            self.actions.append(Action(self.street or THIRD, state.name, "return", amount))

    def _action(self, text: str, n: int) -> None:
        colon = text.find(": ")
        state = self.seats.get(text[:colon]) if colon > 0 else None
        verb = text[colon + 2:] if state else ""
        if state is None and self.odd_names:
            found = self._find_name(text, ": ")
            if found:
                state, verb = found[0], text[found[1] + 2:]
        if state is None:
            if " collected " in text:
                self._collected(text, n)
            return  # chat, "X joins the table", "Betting is capped"...
        all_in = verb.endswith(_ALL_IN)
        if all_in:
            verb = verb[: -len(_ALL_IN)]
        head, _, rest = verb.partition(" ")
        pay = None  # chips put in on this street
        street = self.street or THIRD
        if head == "calls" or head == "bets":
            pay = amount_of(rest.split(" ", 1)[0], n)
            kind = "call" if head == "calls" else "bet"
        elif head == "folds":
            if state.folded is None:
                state.folded = self.street or 3
            self.actions.append(Action(street, state.name, "fold", Decimal(0)))
        elif head == "checks":
            self.actions.append(Action(street, state.name, "check", Decimal(0)))
        elif head == "raises" or head == "completes":
            to = rest.rfind(" to ")
            if to < 0:
                raise Unreadable(f"line {n}: '{verb}' does not say to how much")
            pay = amount_of(rest[to + 4:].split(" ", 1)[0], n) - state.committed
            kind = "raise" if head == "raises" else "complete"
        elif head == "brings" and rest.startswith("in for "):
            pay = amount_of(rest[7:].split(" ", 1)[0], n)
            kind = "bring-in"
            self.bring_in = pay
        elif head == "posts":
            ante = amount_of(rest.rsplit(" ", 1)[-1], n)
            state.invested += ante  # the ante: dead money
            self.ante = ante if self.ante is None else max(self.ante, ante)
            self.actions.append(Action(THIRD, state.name, "ante", ante, all_in))
        elif head == "shows" and rest.startswith("["):
            self._reveal(state, show_cards(rest, n), n)
        if pay is not None:
            state.invested += pay
            state.committed += pay
            self.actions.append(Action(street, state.name, kind, pay, all_in))
        if all_in and state.all_in is None:
            state.all_in = self.street or THIRD  # antes are posted before 3rd street is dealt

    def _collected(self, text: str, n: int) -> None:
        match = _COLLECTED.match(text)
        if match and match.group(1) in self.seats:
            amount = amount_of(match.group(2), n)
            self.seats[match.group(1)].won += amount
            self.actions.append(Action(self.street or THIRD, match.group(1), "collect", amount))

    def _reveal(self, state: SeatState, cards: list[int], n: int) -> None:
        """Cards a player shows: two hole cards, the upcards, then the 7th-street card."""
        if not state.dealt:
            raise Unreadable(f"line {n}: {state.name} shows cards but was not dealt in")
        up = len(state.up)
        extra = cards[HOLE_CARDS + up:]
        if extra and extra[-1] == self.community:  # a room may list the shared card too
            extra = extra[:-1]
        if len(cards) < HOLE_CARDS + up or cards[HOLE_CARDS:HOLE_CARDS + up] != state.up \
                or len(extra) > 1 or (extra and up < MAX_UPCARDS):
            raise Unreadable(f"line {n}: {state.name} shows {' '.join(map(format_card, cards))}, "
                             "which does not match the upcards dealt")
        hole, river = cards[:HOLE_CARDS], (extra[0] if extra else None)
        if state.hole and state.hole != hole:
            raise Unreadable(f"line {n}: {state.name} shows the hole cards "
                             f"{format_card(hole[0])} {format_card(hole[1])}, not those dealt")
        if state.river is not None and river is not None and river != state.river:
            raise Unreadable(f"line {n}: {state.name} shows {format_card(river)} as the 7th-street "
                             "card, not the one dealt")
        if not state.hole:
            for card in hole:
                self._claim(card, state.name, n)
            state.hole = hole
        if river is not None and state.river is None:
            self._claim(river, state.name, n)
            state.river = river
        state.shown = True
