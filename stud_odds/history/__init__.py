"""Hand histories: read PokerStars stud files, replay each hand's equities street by street.

>>> from stud_odds.history import read, replay_hand     # doctest: +SKIP
>>> for hand in read("HH20200131 Alcyone II.txt"):      # doctest: +SKIP
...     if isinstance(hand, HandHistory):
...         print(hand.id, [s.to_dict() for s in replay_hand(hand).streets])

``run(files, out=...)`` is a whole run of ``stud-odds history`` (every hand
replayed and written, a Summary back).  Reading is pure Python; ``replay_hand`` and
``run`` load the engine (and numba) on first use.  The names below load their
modules on first use too, so the command line starts quickly.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from stud_odds.lazy import lazy_names

if TYPE_CHECKING:
    from stud_odds.history.lines import HistoryError, count_stud_hands
    from stud_odds.history.model import HandHistory, Player, SkippedHand
    from stud_odds.history.pokerstars import HistoryReader, read
    from stud_odds.history.replaying import HandReplay, StreetView, replay_hand
    from stud_odds.history.running import run
    from stud_odds.history.summary import AllInLuck, Summary

_LAZY = {
    "HandHistory": "model", "Player": "model", "SkippedHand": "model",
    "HistoryError": "lines", "HistoryReader": "pokerstars",
    "count_stud_hands": "lines", "read": "pokerstars", "run": "running",
    "HandReplay": "replaying", "StreetView": "replaying", "replay_hand": "replaying",
    "AllInLuck": "summary", "Summary": "summary",
}


__getattr__, __dir__ = lazy_names(__name__, _LAZY)


__all__ = [
    "AllInLuck", "HandHistory", "HandReplay", "HistoryError", "HistoryReader", "Player",
    "SkippedHand", "StreetView", "Summary", "count_stud_hands", "read",
    "replay_hand", "run",
]
