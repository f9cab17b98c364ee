"""Hand histories: read PokerStars stud files, replay each hand's equities street by street.

>>> from stud_odds.history import read, replay_hand     # doctest: +SKIP
>>> for hand in read("HH20200131 Alcyone II.txt"):      # doctest: +SKIP
...     if isinstance(hand, HandHistory):
...         print(hand.id, [s.to_dict() for s in replay_hand(hand).streets])

``run(files, out=...)`` is a whole run of ``stud-odds history`` (every hand
replayed and written, a Summary back).  Reading is pure Python; ``replay_hand`` and
``run`` load the engine (and numba) on first use.  The names below load their
modules on first use too, so the command line starts quickly.

The modules, importing one way: ``lines`` turns a file into lines (any line ends,
any size) and says why a file holds no hands; ``pokerstars`` cuts a file into hands
(``read``, ``HistoryReader``) and hands each line to the part of the hand's reader
that reads it: ``hand_text`` (cards, chips, the error that skips a hand) under
``hand_header``, ``hand_seats``, ``hand_streets`` and ``hand_summary`` (the finished
``HandHistory`` of ``model``); ``replaying`` replays one hand (``replay_hand``, each
street a ``StreetView`` in the hero's view and at showdown); ``settings`` is how hard
each street is worked; ``records`` is a hand's JSON Lines record and its schema;
``running`` is a whole run (options and files checked first, records appended,
resume by hand id and occurrence) and ``summary`` what it found.
"""

from __future__ import annotations

from stud_odds.lazy import lazy_names

# the module -> the names it defines, each module imported on first use
__getattr__, __dir__, __all__ = lazy_names(__name__, {
    "model": ("HandHistory", "Player", "SkippedHand"),
    "lines": ("HistoryError", "count_stud_hands"),
    "pokerstars": ("HistoryReader", "read"),
    "running": ("run",),
    "replaying": ("HandReplay", "StreetView", "replay_hand"),
    "summary": ("AllInLuck", "Summary"),
})
