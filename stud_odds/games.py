"""The three games and the names users type for them."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from stud_odds.errors import StudOddsError


class GameError(StudOddsError):
    """An unknown game name."""


class Game(Enum):
    STUD = "stud"
    STUD8 = "stud8"
    RAZZ = "razz"

    @property
    def title(self) -> str:
        return _INFO[self].title

    @property
    def has_high(self) -> bool:
        """The pot (or half of it) goes to the best high hand."""
        return self is not Game.RAZZ

    @property
    def has_low(self) -> bool:
        """Part of the pot goes to a low hand (stud8's qualifying low, razz's whole pot)."""
        return self is not Game.STUD

    @property
    def kernel_id(self) -> int:
        """The integer the numba kernels use for this game."""
        return _INFO[self].kernel_id

    def __str__(self) -> str:
        return self.value


@dataclass(frozen=True)
class _GameInfo:
    title: str
    kernel_id: int
    aliases: tuple[str, ...]


# Kernel ids must match stud_odds.kernels.showdown (GAME_STUD, GAME_STUD8, GAME_RAZZ).
_INFO = {
    Game.STUD: _GameInfo(
        "Seven Card Stud", 0,
        ("stud", "stud-hi", "studhi", "stud-high", "7stud", "7-stud", "7cs", "seven-card-stud",
         "7-card-stud", "sevencardstud", "high"),
    ),
    Game.STUD8: _GameInfo(
        "Seven Card Stud Hi-Lo (eight or better)", 1,
        ("stud8", "stud-8", "stud/8", "stud-hilo", "stud-hi-lo", "studhilo", "stud-hl",
         "7s8", "7cs8", "stud8ob", "stud-8ob", "stud-eight", "hilo", "hi-lo", "7stud8",
         "stud-hi/lo", "stud-high-low"),
    ),
    Game.RAZZ: _GameInfo("Razz", 2, ("razz", "stud-lo", "stud-low", "7-razz")),
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
            f"'{name}' is not a game: use stud, stud8 (hi-lo eight or better) or razz"
        ) from None
