"""A PokerStars hand's header line: where a hand begins, its game, stakes, tournament and
time (hand_text for the amounts).  Pure Python."""

from __future__ import annotations

import re

from stud_odds.games import Game
from stud_odds.history.hand_text import amount_of

# "PokerStars Hand #1:", "PokerStars Game #1:", "PokerStars Zoom Hand #1:",
# "PokerStars Home Game Hand #1:"...
HEADER = re.compile(r"PokerStars\b[^#]*?(?:Hand|Game) #(\d+):\s*(.*)")
STUD_GAME = re.compile(r"\b(7 Card Stud Hi/Lo|7 Card Stud|Razz)\b", re.IGNORECASE)
_GAMES = {"7 card stud hi/lo": Game.STUD8, "7 card stud": Game.STUD, "razz": Game.RAZZ}
# the limits after the game: "($0.10/$0.20 USD)", "(Razz Limit, $0.10/$0.20)", "Level IV (50/100)"
_AMOUNT = r"[$€£]?\d[\d,]*(?:\.\d+)?"
_STAKES = re.compile(
    rf"[(,]\s*((?P<small>{_AMOUNT})/(?P<big>{_AMOUNT})(?: (?P<unit>[A-Z]{{3}}))?)\)")
_TOURNAMENT = re.compile(r"Tournament #(\d+)", re.IGNORECASE)
# "2019/07/16 2:36:31 CET [2019/07/15 20:36:31 ET]": each time and its zone, ET preferred
_TIME = re.compile(r"(\d{4})/(\d{1,2})/(\d{1,2}) (\d{1,2}):(\d{2}):(\d{2})(?: ([A-Z]{2,5}))?")


class HeaderPart:
    """What the header says of a hand (the reader's first part: _Hand in pokerstars.py)."""

    def _read_header(self, description: str, line: int) -> None:
        match = STUD_GAME.search(description)
        assert match is not None  # the caller only builds stud hands
        self.game = _GAMES[match.group(1).lower()]
        stakes = _STAKES.search(description, match.end())
        self.stakes = stakes.group(1) if stakes else None
        self.big_bet = amount_of(stakes.group("big"), line) if stakes else None
        tournament = _TOURNAMENT.search(description)
        self.tournament = tournament.group(1) if tournament else None
        if self.tournament or not stakes:
            self.unit = "chips"
        else:
            symbol = stakes.group("big")[0]
            self.unit = stakes.group("unit") or (symbol if symbol in "$€£" else "chips")
        self.small_bet = amount_of(stakes.group("small"), line) if stakes else None
        self.time, self.time_zone = hand_time(description)


def hand_time(description: str) -> tuple[str | None, str | None]:
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


def game_name(words: str) -> str:
    """Another game's name from a header's description, without stakes: "Hold'em No Limit
    ($0.01/$0.02 USD)" is "Hold'em No Limit", "HORSE (Omaha Hi/Lo Limit, $2/$4 USD)" is
    "Omaha Hi/Lo Limit" (a mixed game names the game of the hand in brackets)."""
    tournament = re.match(r"Tournament #\d+,\s*\S+\s+(?:[A-Z]{3}\s+)?(.+)", words)
    if tournament:  # "Tournament #1, $1+$0.10 USD Hold'em No Limit": the game after the buy-in
        words = tournament.group(1)
    outer, _, inner = words.partition("(")
    game = inner.split(",")[0].strip(" )")
    return game if game and game[0] not in "$€£0123456789" else outer.strip() or words


def header_at(text: str) -> int:
    """Where a hand's header begins on the line, or -1.

    Anywhere on the line: a crashed client leaves half a line and NUL bytes
    before the next hand; but not inside a chat line that quotes one.
    """
    at = text.find("PokerStars")
    if at < 0 or (" Hand #" not in text and " Game #" not in text):
        return -1
    return at if at == 0 or ' said, "' not in text[:at] else -1


def junk(prefix: str) -> bool:
    """Whether what stands before a header is something (a line cut short), not padding."""
    return bool(prefix.replace("\x00", "").strip())
