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

Here: the file cut into hands, and each hand's lines handed to its reader by
what they are.  The reader's parts, by what they read, import one way:
hand_text (cards, chips, the error that skips a hand) <- hand_seats <-
hand_streets <- hand_summary, and hand_header.

Pure Python: no numba, no numpy, nothing from the engine.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from decimal import Decimal
from typing import BinaryIO

from stud_odds.history.hand_header import (
    HEADER,
    STUD_GAME,
    HeaderPart,
    game_name,
    header_at,
    junk,
)
from stud_odds.history.hand_seats import SeatState
from stud_odds.history.hand_streets import SUMMARY
from stud_odds.history.hand_summary import SummaryPart
from stud_odds.history.hand_text import Unreadable
from stud_odds.history.lines import HistoryError, count_stud_hands, numbered_blocks
from stud_odds.history.model import Action, HandHistory, SkippedHand


class _Hand(HeaderPart, SummaryPart):
    """The state machine reading the lines of one hand: each line to the part that reads it."""

    def __init__(self, hand_id: str, description: str, source: str, line: int):
        self.id, self.source, self.line = hand_id, source, line
        self._read_header(description, line)
        self.ante: Decimal | None = None
        self.bring_in: Decimal | None = None
        self.actions: list[Action] = []
        self.table: str | None = None
        self.seats: dict[str, SeatState] = {}
        self.by_seat: dict[int, SeatState] = {}
        self.odd_names = False  # some name holds ": " (then actions are matched by prefix)
        self.section = 0  # 0 before 3rd street, then 3..7, SHOWDOWN, SUMMARY
        self.street = 0  # the last street begun
        self.owner: dict[int, str] = {}  # card -> who holds it, to catch a card dealt twice
        self.community: int | None = None
        self.showdown = False
        self.pot: Decimal | None = None
        self.rake = Decimal(0)

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
                at = header_at(text)
                if at >= 0:
                    if at and junk(text[:at]):  # the line before the header was cut short
                        if hand is not None:
                            failed = self._skipped(hand, Unreadable(
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
        match = HEADER.match(text)
        game = STUD_GAME.search(text)
        if not match:
            reason = f"line {number}: the header '{_printable(text[:60])}' cannot be read"
            return SkippedHand(None, reason, None, game is not None, self.path, number)
        hand_id, description = match.group(1), match.group(2)
        if not game:
            words = description.split(" - ")[0].strip()
            name = game_name(words)
            return SkippedHand(hand_id, f"not a stud game: {words}", None, False, self.path,
                               number, name)
        try:
            return _Hand(hand_id, description, self.path, number)
        except Unreadable as error:
            return SkippedHand(hand_id, _printable(str(error)), None, True, self.path, number)

    def _finish(self, hand: _Hand) -> HandHistory | SkippedHand:
        try:
            return hand.finish()
        except Exception as error:  # noqa: BLE001
            return self._skipped(hand, error)

    def _skipped(self, hand: _Hand, error: Exception) -> SkippedHand:
        if isinstance(error, Unreadable):
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
