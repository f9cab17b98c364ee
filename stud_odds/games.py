"""The three games, as data: names users type, kernel ids, which halves a pot has, the
low qualifier and the names of the hand classes.  Everything else reads this table.

>>> parse_game("Stud Hi-Lo").low_qualifier
8
>>> Game.RAZZ.low_classes[:2]
((0, 'paired'), (12, 'K-low'))
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from stud_odds.cards import ACE_LOW_RANKS
from stud_odds.errors import StudOddsError, shown


class GameError(StudOddsError):
    """An unknown game name."""


class Game(StrEnum):
    """A game; a str, so JSON and text show its name (``stud``)."""

    STUD = "stud"
    STUD8 = "stud8"
    RAZZ = "razz"

    @property
    def title(self) -> str:
        return _INFO[self].title

    @property
    def has_high(self) -> bool:
        """The pot (or half of it) goes to the best high hand."""
        return _INFO[self].has_high

    @property
    def has_low(self) -> bool:
        """Part of the pot goes to a low hand (stud8's qualifying low, razz's whole pot)."""
        return _INFO[self].low_worst is not None

    @property
    def low_qualifier(self) -> int | None:
        """The highest card a low may hold (8 in stud8), or None: every low counts (razz)
        or there is no low (stud)."""
        return _INFO[self].low_qualifier

    @property
    def kernel_id(self) -> int:
        """The integer the numba kernels and their numpy twins take for this game
        (kernels/layout.py's GAME_*).  Read only in the call into them: every other module
        takes and passes the Game (tests/test_layering.py holds it)."""
        return _INFO[self].kernel_id

    @property
    def low_classes(self) -> tuple[tuple[int, str], ...]:
        """(class, name) of the low hand classes, worst first: 0 for no low (stud8) or a
        paired hand (razz), then the ace-low rank of the low's top card (12 = ``K-low`` ..
        4 = ``5-low``); empty in stud."""
        info = _INFO[self]
        if info.low_worst is None:
            return ()
        tops = tuple((top, f"{ACE_LOW_RANKS[top]}-low") for top in range(info.low_worst, 3, -1))
        return ((0, "no low" if info.low_qualifier else "paired"), *tops)


@dataclass(frozen=True)
class _GameInfo:
    title: str
    kernel_id: int
    has_high: bool
    low_qualifier: int | None  # the worst card a qualifying low may hold
    low_worst: int | None  # the ace-low rank of the worst low's top card; None: no low
    aliases: tuple[str, ...]


_INFO = {
    Game.STUD: _GameInfo(
        "Seven Card Stud", 0, True, None, None,
        ("stud", "stud-hi", "studhi", "stud-high", "7stud", "7-stud", "7cs", "seven-card-stud",
         "7-card-stud", "sevencardstud", "high"),
    ),
    Game.STUD8: _GameInfo(
        "Seven Card Stud Hi-Lo (eight or better)", 1, True, 8, 7,
        ("stud8", "stud-8", "stud/8", "stud-hilo", "stud-hi-lo", "studhilo", "stud-hl",
         "7s8", "7cs8", "stud8ob", "stud-8ob", "stud-eight", "hilo", "hi-lo", "7stud8",
         "stud-hi/lo", "stud-high-low"),
    ),
    Game.RAZZ: _GameInfo("Razz", 2, False, None, 12, ("razz", "stud-lo", "stud-low", "7-razz")),
}
def _normal(name: str) -> str:
    """Case, spaces, dashes and underscores do not matter: 'Stud Hi-Lo' = 'stud-hilo'."""
    return "".join(ch for ch in name.lower() if ch not in " -_\t")


_BY_NAME = {_normal(alias): game for game, info in _INFO.items() for alias in info.aliases}


def parse_game(name: str | Game) -> Game:
    """``Game`` for a name such as ``stud``, ``7stud``, ``stud/8``, ``stud-hilo`` or ``razz``."""
    if isinstance(name, Game):
        return name
    try:
        return _BY_NAME[_normal(str(name))]
    except KeyError:
        raise GameError(
            f"{shown(name)} is not a game: use stud, stud8 (hi-lo eight or better) or razz"
        ) from None
