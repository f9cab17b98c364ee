"""A PokerStars hand's summary: the pot, the rake, the board and the cards shown there, and
the hand it all makes.  Pure Python."""

from __future__ import annotations

import re
from decimal import Decimal

from stud_odds.cards import format_card
from stud_odds.history.hand_streets import SECTION_NAMES, SUMMARY, StreetsPart
from stud_odds.history.hand_text import Unreadable, amount_of, show_cards
from stud_odds.history.model import HandHistory, Player

_SUMMARY_SEAT = re.compile(r"Seat (\d+): (.*)")


class SummaryPart(StreetsPart):
    """The summary and the end of a hand (a part of _Hand in pokerstars.py)."""

    def _summary(self, text: str, n: int) -> None:
        if text.startswith("Total pot "):
            self.pot = amount_of(text[10:].split(" ", 1)[0], n)
            rake = text.rfind("Rake ")
            if rake >= 0:
                self.rake = amount_of(text[rake + 5:].split(" ", 1)[0], n)
        elif text.startswith("Board ["):
            board = show_cards(text, n)
            if len(board) != 1 or (self.community is not None and board[0] != self.community):
                raise Unreadable(f"line {n}: the board {' '.join(map(format_card, board))} is not "
                                 "the community card dealt on 7th street")
            if self.community is None:
                self._claim(board[0], "the community card", n)
                self.community = board[0]
        elif text.startswith("Seat "):
            match = _SUMMARY_SEAT.fullmatch(text)
            state = self.by_seat.get(int(match.group(1))) if match else None
            if state is None or not match.group(2).startswith(state.name):
                return
            rest = match.group(2)[len(state.name):]
            for word in (" showed [", " mucked ["):
                at = rest.find(word)
                if at >= 0:
                    self._reveal(state, show_cards(rest[at:], n), n)
                    break

    def finish(self) -> HandHistory:
        if self.section != SUMMARY:
            where = SECTION_NAMES[self.section]
            raise Unreadable(f"the hand is cut short during {where}: it has no summary")
        players = [state for state in sorted(self.seats.values(), key=lambda s: s.seat)
                   if state.dealt]
        if not players:
            raise Unreadable("no cards are dealt in the hand")
        hero = next((state.name for state in players if state.hole_dealt), None)
        invested = sum((state.invested for state in self.seats.values()), Decimal(0))
        return HandHistory(
            id=self.id, game=self.game, stakes=self.stakes, big_bet=self.big_bet,
            unit=self.unit, tournament=self.tournament, table=self.table, hero=hero,
            players=tuple(
                Player(seat=s.seat, name=s.name, chips=s.chips, hole=tuple(s.hole),
                       upcards=tuple(s.up), river=s.river, shown=s.shown, folded=s.folded,
                       all_in=s.all_in, invested=s.invested, won=s.won)
                for s in players
            ),
            last_street=self.street, community=self.community, showdown=self.showdown,
            pot=self.pot if self.pot is not None else invested, rake=self.rake,
            source=self.source, line=self.line, time=self.time, time_zone=self.time_zone,
            small_bet=self.small_bet, ante=self.ante, bring_in=self.bring_in,
            actions=tuple(self.actions),
        )
