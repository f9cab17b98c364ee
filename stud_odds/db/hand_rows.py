"""A hand history as the database's rows: hands, seats and actions, money in hundredths.

Pure reading, no database: each file's hands become the rows ``db.importing``
inserts (read in this process, or in a reading process of ``db.readers``), and a
hand whose amounts cannot be stored is skipped with its reason.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from decimal import ROUND_HALF_EVEN, Decimal
from functools import lru_cache
from pathlib import Path

from stud_odds.cards import format_card
from stud_odds.db.results import SkippedRecord
from stud_odds.db.showing import shown_path
from stud_odds.db.units import stored_unit
from stud_odds.history.model import HandHistory, SkippedHand

SITE = "PokerStars"
VPIP_VERBS = frozenset({"call", "complete", "raise", "bet"})
COMPLETE_VERBS = frozenset({"complete", "raise"})
StopAsked = Callable[[], bool]  # asked between parts: true once the import must end
_HUNDRED = Decimal(100)


_LARGEST = 2**62  # SQLite's integers are 64-bit: a larger amount is a damaged hand


class _TooLarge(ValueError):
    pass


@lru_cache(maxsize=8192)  # a file repeats a few amounts (antes, bets) many times
def _cents(amount: Decimal) -> int:
    value = int((amount * _HUNDRED).to_integral_value(ROUND_HALF_EVEN))
    if abs(value) >= _LARGEST:
        raise _TooLarge(f"an amount of chips is too large to store: {amount:.3g}")
    return value


def cents(amount: Decimal | None) -> int | None:
    """An amount as the database stores money: whole hundredths of its unit."""
    return None if amount is None else _cents(amount)


_CARD_TEXT = [format_card(card) for card in range(52)]


def _cards(cards: Iterable[int]) -> str | None:
    text = " ".join([_CARD_TEXT[card] for card in cards])
    return text or None


@dataclass
class FileRows:
    """One file's (or one part's) hands as rows, and what was not read."""

    hands: list[tuple]  # each: (hand row, seat rows, action rows)
    skipped: list[SkippedRecord]
    other_games: int


def hand_rows(hand: HandHistory) -> tuple[tuple, list, list]:
    """A hand's row, its seats' rows and its actions' rows, as the tables take them."""
    seats = {p.name: p.seat for p in hand.players}
    vpip: set[str] = set()
    complete: set[str] = set()
    actions = []
    for seq, action in enumerate(hand.actions):
        if action.street == 3 and action.verb in VPIP_VERBS:
            vpip.add(action.name)
            if action.verb in COMPLETE_VERBS:
                complete.add(action.name)
        actions.append((seq, action.street, seats.get(action.name, 0), action.verb,
                        _cents(action.amount), int(action.all_in)))
    players = [
        (p.seat, p.name, cents(p.chips), _cards(p.hole), _cards(p.upcards) or "",
         _CARD_TEXT[p.river] if p.river is not None else None, int(p.shown), p.folded,
         p.all_in, cents(p.invested), cents(p.won), int(p.name in vpip),
         int(p.name in complete))
        for p in hand.players
    ]
    row = (SITE, hand.id, str(hand.game), hand.time, hand.time_zone, hand.stakes,
           stored_unit(hand.unit, hand.tournament),
           cents(hand.small_bet), cents(hand.big_bet), cents(hand.ante), cents(hand.bring_in),
           hand.tournament, hand.table, hand.hero, len(hand.players), hand.last_street,
           format_card(hand.community) if hand.community is not None else None,
           int(hand.showdown), cents(hand.pot), cents(hand.rake),
           sum(1 for p in hand.players if p.won > 0), hand.line)
    return row, players, actions


def file_parts(path: Path, chunk: int, stop: StopAsked | None = None) -> Iterator[FileRows]:
    """The hands of one file as rows to insert, and what was not read with its reason, in
    parts of at most ``chunk`` stud hands (at least one part).  Once ``stop()`` is true the
    reading ends early: its last part is cut short, and the writer, seeing stop() too,
    never writes it."""
    from stud_odds.history.pokerstars import read

    hands, skipped, other = [], [], 0
    yielded = False
    for item in read(path):
        if stop is not None and stop():
            yield FileRows(hands, skipped, other)
            return
        if isinstance(item, HandHistory):
            try:
                hands.append(hand_rows(item))
            except _TooLarge as error:
                skipped.append(SkippedRecord(shown_path(path), item.line, item.id, str(error),
                                             True, str(item.game)))
            if len(hands) >= chunk:
                yield FileRows(hands, skipped, other)
                hands, skipped, other, yielded = [], [], 0, True
        elif isinstance(item, SkippedHand):
            other += not item.stud
            skipped.append(SkippedRecord(shown_path(path), item.line, item.id, item.reason,
                                         item.stud, str(item.game) if item.game else None))
    if not yielded and not hands and not skipped:
        from stud_odds.history.lines import count_stud_hands

        count_stud_hands(path)  # raises HistoryError saying why the file holds no hands
    yield FileRows(hands, skipped, other)


def read_file(path: Path, stop: StopAsked | None = None) -> FileRows:
    """Every hand of one file as rows to insert, and what was not read, with its reason."""
    return next(file_parts(path, chunk=2**62, stop=stop))


__all__ = ["COMPLETE_VERBS", "SITE", "VPIP_VERBS", "FileRows", "StopAsked", "cents",
           "file_parts", "hand_rows", "read_file"]
