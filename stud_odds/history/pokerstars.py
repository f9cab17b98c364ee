"""Read PokerStars hand histories of 7 Card Stud, 7 Card Stud Hi/Lo and Razz, streaming.

A file streams in as lines (:mod:`stud_odds.history.lines`).  Each hand runs
from its header line (``PokerStars Hand #...``, also after junk a crash left on
the line) to the next header or the end of the file; the lines between are
read by one small state machine that checks every card as it comes: a card
that is not a card, a card dealt twice, a street out of order, upcards that
change between streets, a showdown that does not match the cards dealt.  Any
of those skips that one hand with one sentence; the rest of the file goes on.
Lines this parser has no use for (chat, seats sitting out, "Betting is
capped") are passed over.

Pure Python: no numba, no numpy, nothing from the engine.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from functools import lru_cache
from typing import BinaryIO

from stud_odds.cards import RANKS, SUITS, CardError, format_card, parse_card
from stud_odds.games import Game
from stud_odds.history.lines import HistoryError, count_stud_hands, numbered_blocks
from stud_odds.history.model import Action, HandHistory, Player, SkippedHand
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

# "PokerStars Hand #1:", "PokerStars Game #1:", "PokerStars Zoom Hand #1:",
# "PokerStars Home Game Hand #1:"...
_HEADER = re.compile(r"PokerStars\b[^#]*?(?:Hand|Game) #(\d+):\s*(.*)")
_GAME = re.compile(r"\b(7 Card Stud Hi/Lo|7 Card Stud|Razz)\b", re.IGNORECASE)
_GAMES = {"7 card stud hi/lo": Game.STUD8, "7 card stud": Game.STUD, "razz": Game.RAZZ}
# the limits after the game: "($0.10/$0.20 USD)", "(Razz Limit, $0.10/$0.20)", "Level IV (50/100)"
_AMOUNT = r"[$€£]?\d[\d,]*(?:\.\d+)?"
_STAKES = re.compile(
    rf"[(,]\s*((?P<small>{_AMOUNT})/(?P<big>{_AMOUNT})(?: (?P<unit>[A-Z]{{3}}))?)\)")
_TOURNAMENT = re.compile(r"Tournament #(\d+)", re.IGNORECASE)
# "2019/07/16 2:36:31 CET [2019/07/15 20:36:31 ET]": each time and its zone, ET preferred
_TIME = re.compile(r"(\d{4})/(\d{1,2})/(\d{1,2}) (\d{1,2}):(\d{2}):(\d{2})(?: ([A-Z]{2,5}))?")
_SEAT = re.compile(r"Seat (\d+): (.+) \((\S+) in chips[^()]*\)")
_SUMMARY_SEAT = re.compile(r"Seat (\d+): (.*)")
_COLLECTED = re.compile(r"(.+) collected (\S+) from (?:the )?(?:main |side )?pot")
_RETURNED = re.compile(r"Uncalled bet \((\S+)\) returned to (.+)")
_MARKERS = {
    "3rd STREET": 3, "4th STREET": 4, "5th STREET": 5, "6th STREET": 6, "RIVER": 7,
    "7th STREET": 7, "SHOW DOWN": 8, "SUMMARY": 9,
}
SHOWDOWN, SUMMARY = 8, 9
_SECTION_NAMES = {0: "the start of the hand", **{s: street_label(s) for s in STREETS},
                  SHOWDOWN: "the showdown", SUMMARY: "the summary"}
_CARD_IDS = {rank + suit: r * 4 + s for r, rank in enumerate(RANKS) for s, suit in enumerate(SUITS)}
_ALL_IN = " and is all-in"


class _Bad(Exception):
    """One hand cannot be read; the message is the one sentence the user sees."""


@dataclass
class _State:
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


@lru_cache(maxsize=4096)  # a file repeats a few amounts (antes, bets) many times
def _chips(text: str) -> Decimal | None:
    try:
        value = Decimal(text.strip().lstrip("$€£").replace(",", ""))
    except InvalidOperation:
        return None
    return value if value.is_finite() and value >= 0 else None


def _amount(text: str, line: int) -> Decimal:
    """``$1,000.50``, ``€0.02``, ``1500`` -> Decimal."""
    value = _chips(text)
    if value is None:
        raise _Bad(f"line {line}: '{text}' is not an amount of chips")
    return value


def _cards(text: str, line: int) -> list[int]:
    """The cards of one bracket group's inside: ``Ah Kd 7c``."""
    tokens = text.split()
    cards = [_CARD_IDS.get(token) for token in tokens]
    if None in cards:  # not as PokerStars writes a card: let the general parser judge
        try:
            return [parse_card(token) for token in tokens]
        except CardError as error:
            raise _Bad(f"line {line}: {error}") from None
    return cards


def _bracketed(text: str, line: int) -> list[int]:
    """The cards of ``[Ah Kd 7c] [2s]`` in order; anything else around the brackets is an error."""
    if not (text.startswith("[") and text.endswith("]")):
        raise _Bad(f"line {line}: expected cards in brackets, found '{text[:20]}'")
    inside = text[1:-1].replace("] [", " ")
    if "[" in inside or "]" in inside:
        raise _Bad(f"line {line}: the brackets of cards in '{text[:30]}' do not pair up")
    return _cards(inside, line)


def _show_cards(text: str, line: int) -> list[int]:
    """The cards of ``shows [..] (description)`` or ``showed [..] and won``: the first group."""
    start, end = text.find("["), text.find("]")
    if start < 0 or end < start:
        raise _Bad(f"line {line}: the cards shown are not in brackets")
    return _cards(text[start + 1:end], line)


class _Hand:
    """The state machine reading the lines of one hand."""

    def __init__(self, hand_id: str, description: str, source: str, line: int):
        self.id, self.source, self.line = hand_id, source, line
        match = _GAME.search(description)
        assert match is not None  # the caller only builds stud hands
        self.game = _GAMES[match.group(1).lower()]
        stakes = _STAKES.search(description, match.end())
        self.stakes = stakes.group(1) if stakes else None
        self.big_bet = _amount(stakes.group("big"), line) if stakes else None
        tournament = _TOURNAMENT.search(description)
        self.tournament = tournament.group(1) if tournament else None
        if self.tournament or not stakes:
            self.unit = "chips"
        else:
            symbol = stakes.group("big")[0]
            self.unit = stakes.group("unit") or (symbol if symbol in "$€£" else "chips")
        self.small_bet = _amount(stakes.group("small"), line) if stakes else None
        self.time, self.time_zone = _time(description)
        self.ante: Decimal | None = None
        self.bring_in: Decimal | None = None
        self.actions: list[Action] = []
        self.table: str | None = None
        self.seats: dict[str, _State] = {}
        self.by_seat: dict[int, _State] = {}
        self.odd_names = False  # some name holds ": " (then actions are matched by prefix)
        self.section = 0  # 0 before 3rd street, then 3..7, SHOWDOWN, SUMMARY
        self.street = 0  # the last street begun
        self.owner: dict[int, str] = {}  # card -> who holds it, to catch a card dealt twice
        self.community: int | None = None
        self.showdown = False
        self.pot: Decimal | None = None
        self.rake = Decimal(0)

    # -- lines -----------------------------------------------------------------------

    def read(self, text: str, n: int) -> None:
        first = text[:1]  # one comparison before each startswith: most lines are actions
        if first == "*" and text.startswith("*** "):
            self._marker(text, n)
        elif first == "D" and text.startswith("Dealt to "):
            self._dealt(text[9:], n)
        elif self.section == SUMMARY:
            self._summary(text, n)
        elif first == "S" and self.section == 0 and text.startswith("Seat "):
            self._seat(text, n)
        elif first == "T" and text.startswith("Table '"):
            end = text.find("'", 7)
            self.table = text[7:end] if end > 0 else text[7:]
        elif first == "U" and text.startswith("Uncalled bet ("):
            self._returned(text, n)
        elif text:
            self._action(text, n)

    def _seat(self, text: str, n: int) -> None:
        match = _SEAT.match(text)
        if not match:
            return  # e.g. "Seat 3: X out of hand": not dealt in
        seat, name = int(match.group(1)), match.group(2)
        if name in self.seats or seat in self.by_seat:
            raise _Bad(f"line {n}: seat {seat} ({name}) is listed twice")
        state = _State(seat, name, _amount(match.group(3), n))
        self.seats[name] = self.by_seat[seat] = state
        self.odd_names = self.odd_names or ": " in name

    def _marker(self, text: str, n: int) -> None:
        close = text.find(" ***", 4)
        if close < 0:
            raise _Bad(f"line {n}: the section marker '{text[:30]}' is not closed")
        name, rest = text[4:close], text[close + 4:].strip()
        section = _MARKERS.get(name)
        if section is None:
            raise _Bad(f"line {n}: '*** {name} ***' is not a section of a stud hand")
        if section <= SEVENTH:
            expected = THIRD if self.street == 0 else self.street + 1
            if self.section > SEVENTH or section != expected:
                where = _SECTION_NAMES[self.section]
                raise _Bad(f"line {n}: {street_label(section)} comes after {where}, "
                           f"out of order")
            self._close_street(n)
            self.section = self.street = section
            for state in self.seats.values():
                state.committed = Decimal(0)
            if section == SEVENTH and rest:  # "*** RIVER *** [6h]": the community card
                cards = _bracketed(rest, n)
                if len(cards) != 1:
                    raise _Bad(f"line {n}: the community card on 7th street is one card")
                self._claim(cards[0], "the community card", n)
                self.community = cards[0]
            return
        if self.section >= section or self.street == 0:
            raise _Bad(f"line {n}: '*** {name} ***' comes after {_SECTION_NAMES[self.section]}, "
                       "out of order")
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
                raise _Bad(f"line {n}: {state.name} is dealt no card on "
                           f"{street_label(street)}")

    def _find_name(self, text: str, after: str) -> tuple[_State, int] | None:
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

    def _claim(self, card: int, who: str, n: int) -> None:
        holder = self.owner.get(card)
        if holder is not None:
            whom = f"twice to {who}" if holder == who else f"to {holder} and to {who}"
            raise _Bad(f"line {n}: {format_card(card)} is dealt {whom}")
        self.owner[card] = who

    def _dealt(self, text: str, n: int) -> None:
        found = self._find_name(text, " [")
        if found is None:
            name = text.split(" [")[0]
            raise _Bad(f"line {n}: cards are dealt to '{name}', who has no seat in the hand")
        state, at = found
        rest = text[at + 1:]
        street = self.section
        if street not in STREETS:
            raise _Bad(f"line {n}: cards are dealt to {state.name} outside a street "
                       f"(in {_SECTION_NAMES[street]})")
        cards = _bracketed(rest, n)
        if street == THIRD:
            self._third_street(state, cards, n)
            return
        if not state.dealt:
            raise _Bad(f"line {n}: {state.name} is dealt cards on {street_label(street)} "
                       "without a card on 3rd street")
        if state.folded is not None and state.folded < street:
            raise _Bad(f"line {n}: {state.name} is dealt a card on {street_label(street)} "
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
            raise _Bad(f"line {n}: {state.name}'s cards on {street_label(street)} do not "
                       "match the cards dealt before")
        new = cards[-1]
        if street == SEVENTH:
            if new == self.community:
                return
            if state.river is not None or len(state.up) != MAX_UPCARDS:
                raise _Bad(f"line {n}: {state.name} is dealt a second card on 7th street")
            self._claim(new, state.name, n)
            state.river = new
            return
        if len(state.up) != up_cards(street - 1):
            raise _Bad(f"line {n}: {state.name} is dealt a second card on "
                       f"{street_label(street)}")
        self._claim(new, state.name, n)
        state.up.append(new)

    def _third_street(self, state: _State, cards: list[int], n: int) -> None:
        if state.dealt:
            raise _Bad(f"line {n}: {state.name} is dealt cards twice on 3rd street")
        if len(cards) not in (1, 3):
            raise _Bad(f"line {n}: {state.name} is dealt {len(cards)} cards on 3rd street: "
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
            state, amount = self.seats[match.group(2)], _amount(match.group(1), n)
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
            pay = _amount(rest.split(" ", 1)[0], n)
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
                raise _Bad(f"line {n}: '{verb}' does not say to how much")
            pay = _amount(rest[to + 4:].split(" ", 1)[0], n) - state.committed
            kind = "raise" if head == "raises" else "complete"
        elif head == "brings" and rest.startswith("in for "):
            pay = _amount(rest[7:].split(" ", 1)[0], n)
            kind = "bring-in"
            self.bring_in = pay
        elif head == "posts":
            ante = _amount(rest.rsplit(" ", 1)[-1], n)
            state.invested += ante  # the ante: dead money
            self.ante = ante if self.ante is None else max(self.ante, ante)
            self.actions.append(Action(THIRD, state.name, "ante", ante, all_in))
        elif head == "shows" and rest.startswith("["):
            self._reveal(state, _show_cards(rest, n), n)
        if pay is not None:
            state.invested += pay
            state.committed += pay
            self.actions.append(Action(street, state.name, kind, pay, all_in))
        if all_in and state.all_in is None:
            state.all_in = self.street or THIRD  # antes are posted before 3rd street is dealt

    def _collected(self, text: str, n: int) -> None:
        match = _COLLECTED.match(text)
        if match and match.group(1) in self.seats:
            amount = _amount(match.group(2), n)
            self.seats[match.group(1)].won += amount
            self.actions.append(Action(self.street or THIRD, match.group(1), "collect", amount))

    def _reveal(self, state: _State, cards: list[int], n: int) -> None:
        """Cards a player shows: two hole cards, the upcards, then the 7th-street card."""
        if not state.dealt:
            raise _Bad(f"line {n}: {state.name} shows cards but was not dealt in")
        up = len(state.up)
        extra = cards[HOLE_CARDS + up:]
        if extra and extra[-1] == self.community:  # a room may list the shared card too
            extra = extra[:-1]
        if len(cards) < HOLE_CARDS + up or cards[HOLE_CARDS:HOLE_CARDS + up] != state.up \
                or len(extra) > 1 or (extra and up < MAX_UPCARDS):
            raise _Bad(f"line {n}: {state.name} shows {' '.join(map(format_card, cards))}, "
                       "which does not match the upcards dealt")
        hole, river = cards[:HOLE_CARDS], (extra[0] if extra else None)
        if state.hole and state.hole != hole:
            raise _Bad(f"line {n}: {state.name} shows the hole cards "
                       f"{format_card(hole[0])} {format_card(hole[1])}, not those dealt")
        if state.river is not None and river is not None and river != state.river:
            raise _Bad(f"line {n}: {state.name} shows {format_card(river)} as the 7th-street "
                       "card, not the one dealt")
        if not state.hole:
            for card in hole:
                self._claim(card, state.name, n)
            state.hole = hole
        if river is not None and state.river is None:
            self._claim(river, state.name, n)
            state.river = river
        state.shown = True

    def _summary(self, text: str, n: int) -> None:
        if text.startswith("Total pot "):
            self.pot = _amount(text[10:].split(" ", 1)[0], n)
            rake = text.rfind("Rake ")
            if rake >= 0:
                self.rake = _amount(text[rake + 5:].split(" ", 1)[0], n)
        elif text.startswith("Board ["):
            board = _show_cards(text, n)
            if len(board) != 1 or (self.community is not None and board[0] != self.community):
                raise _Bad(f"line {n}: the board {' '.join(map(format_card, board))} is not "
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
                    self._reveal(state, _show_cards(rest[at:], n), n)
                    break

    # -- the end ---------------------------------------------------------------------

    def finish(self) -> HandHistory:
        if self.section != SUMMARY:
            where = _SECTION_NAMES[self.section]
            raise _Bad(f"the hand is cut short during {where}: it has no summary")
        players = [state for state in sorted(self.seats.values(), key=lambda s: s.seat)
                   if state.dealt]
        if not players:
            raise _Bad("no cards are dealt in the hand")
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


def _time(description: str) -> tuple[str | None, str | None]:
    """The hand's time from its header as ``YYYY-MM-DD HH:MM:SS`` and its zone: the ET time
    where the header gives several (``2:36:31 CET [2019/07/15 20:36:31 ET]``), else the
    first; (None, None) when it has none."""
    found = [match for match in _TIME.finditer(description)
             if 1 <= int(match.group(2)) <= 12 and 1 <= int(match.group(3)) <= 31]
    if not found:
        return None, None
    match = next((m for m in found if m.group(7) == "ET"), found[0])
    year, month, day, hour, minute, second, zone = match.groups()
    return (f"{year}-{int(month):02d}-{int(day):02d} {int(hour):02d}:{minute}:{second}",
            zone)


def _game_name(words: str) -> str:
    """Another game's name from a header's description, without stakes: "Hold'em No Limit
    ($0.01/$0.02 USD)" is "Hold'em No Limit", "HORSE (Omaha Hi/Lo Limit, $2/$4 USD)" is
    "Omaha Hi/Lo Limit" (a mixed game names the game of the hand in brackets)."""
    tournament = re.match(r"Tournament #\d+,\s*\S+\s+(?:[A-Z]{3}\s+)?(.+)", words)
    if tournament:  # "Tournament #1, $1+$0.10 USD Hold'em No Limit": the game after the buy-in
        words = tournament.group(1)
    outer, _, inner = words.partition("(")
    game = inner.split(",")[0].strip(" )")
    return game if game and game[0] not in "$€£0123456789" else outer.strip() or words


def _header_at(text: str) -> int:
    """Where a hand's header begins on the line, or -1.

    Anywhere on the line: a crashed client leaves half a line and NUL bytes
    before the next hand; but not inside a chat line that quotes one.
    """
    at = text.find("PokerStars")
    if at < 0 or (" Hand #" not in text and " Game #" not in text):
        return -1
    return at if at == 0 or ' said, "' not in text[:at] else -1


def _junk(prefix: str) -> bool:
    """Whether what stands before a header is something (a line cut short), not padding."""
    return bool(prefix.replace("\x00", "").strip())


_CONTROLS = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]+")


def _printable(text: str) -> str:
    """``text`` with each run of control characters (NUL bytes...) named, never raw."""
    if not _CONTROLS.search(text):
        return text
    return _CONTROLS.sub(lambda run: f"<{len(run.group())} control characters>"
                         if len(run.group()) > 1 else f"<\\x{ord(run.group()):02x}>", text)


class HistoryReader:
    """Iterate the hands of one file: ``HandHistory`` for a stud hand, ``SkippedHand`` else.

    ``lines_ignored`` counts the non-blank lines outside any hand (junk) once
    the iteration is done.
    """

    def __init__(self, source: str | os.PathLike[str] | BinaryIO, name: str = "upload"):
        """``source``: a file's path, or a binary stream (an upload held in memory, read
        as it is; ``name`` stands for its path in the hands' ``source``)."""
        self.stream = None if isinstance(source, str | os.PathLike) else source
        self.path = name if self.stream is not None else os.fspath(source)
        self.lines_ignored = 0

    def __iter__(self) -> Iterator[HandHistory | SkippedHand]:
        if self.stream is not None:
            yield from self._hands(self.stream)
            return
        try:
            stream = open(self.path, "rb")  # noqa: SIM115 - closed by the with below
        except OSError as error:
            raise HistoryError(f"cannot read {self.path}: {error.strerror or error}") from None
        with stream:
            yield from self._hands(stream)

    def _hands(self, stream: BinaryIO) -> Iterator[HandHistory | SkippedHand]:
        hand: _Hand | None = None
        failed: SkippedHand | None = None  # the current hand, once it cannot be read
        in_other_game = False
        read = None  # the current hand's line reader
        for number, lines in numbered_blocks(stream):
            for text in lines:
                number += 1
                at = _header_at(text)
                if at >= 0:
                    if at and _junk(text[:at]):  # the line before the header was cut short
                        if hand is not None:
                            failed = self._skipped(hand, _Bad(
                                f"line {number}: the hand is cut short mid-line, where the "
                                "next hand's header begins"))
                            hand = None
                        elif failed is None and not in_other_game:
                            self.lines_ignored += 1
                    if hand is not None:
                        yield self._finish(hand)
                    elif failed is not None:
                        yield failed
                    hand, read, failed, in_other_game = None, None, None, False
                    started = self._start(text[at:], number)
                    if isinstance(started, _Hand):
                        hand, read = started, started.read
                    elif started.stud:
                        failed = started
                    else:
                        in_other_game = True
                        yield started
                elif read is not None:
                    try:
                        read(text, number)
                    except Exception as error:  # noqa: BLE001 - one hand never stops the file
                        failed = self._skipped(hand, error)
                        hand = read = None
                elif failed is None and not in_other_game and text:
                    self.lines_ignored += 1
        if hand is not None:
            yield self._finish(hand)
        elif failed is not None:
            yield failed

    def _start(self, text: str, number: int) -> _Hand | SkippedHand:
        match = _HEADER.match(text)
        game = _GAME.search(text)
        if not match:
            reason = f"line {number}: the header '{_printable(text[:60])}' cannot be read"
            return SkippedHand(None, reason, None, game is not None, self.path, number)
        hand_id, description = match.group(1), match.group(2)
        if not game:
            words = description.split(" - ")[0].strip()
            name = _game_name(words)
            return SkippedHand(hand_id, f"not a stud game: {words}", None, False, self.path,
                               number, name)
        try:
            return _Hand(hand_id, description, self.path, number)
        except _Bad as error:
            return SkippedHand(hand_id, _printable(str(error)), None, True, self.path, number)

    def _finish(self, hand: _Hand) -> HandHistory | SkippedHand:
        try:
            return hand.finish()
        except Exception as error:  # noqa: BLE001
            return self._skipped(hand, error)

    def _skipped(self, hand: _Hand, error: Exception) -> SkippedHand:
        if isinstance(error, _Bad):
            reason = str(error)
        else:  # a bug here must not stop the file either; say what it was
            reason = f"the hand could not be read ({type(error).__name__}: {error})"
        return SkippedHand(hand.id, _printable(reason), hand.game, True, self.path, hand.line)


def read(path: str | os.PathLike[str]) -> Iterator[HandHistory | SkippedHand]:
    """Every hand in a PokerStars hand-history file, in file order, read as it streams.

    Yields a ``HandHistory`` for each stud, stud hi-lo and razz hand, a
    ``SkippedHand`` (``stud=False``) for each hand of another game and a
    ``SkippedHand`` (``stud=True``, with the reason) for each stud hand that
    cannot be read.  Raises ``HistoryError`` if the file cannot be opened.
    """
    return iter(HistoryReader(path))


__all__ = ["HistoryError", "HistoryReader", "count_stud_hands", "read"]
