"""What one range term means, as plain data: the atoms a term names and the term itself.

Pure Python: reading a range needs no numpy; ``tables`` turns atoms into masks over the
1,326 pairs of hole cards when combinations are first asked for.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from stud_odds.cards import ACE
from stud_odds.errors import StudOddsError


class RangeError(StudOddsError):
    """A range that cannot be read, or that allows no hole cards; the message says which term."""


@dataclass(frozen=True)
class Everything:
    """``random`` or ``xx``: any two hole cards."""


@dataclass(frozen=True)
class RankPairs:
    """Hole cards of these ranks: ``AK``, ``AKs``, ``AKo``, ``QQ+``, ``66-99``, ``A2-A5``."""

    pairs: frozenset[tuple[int, int]]  # (higher rank, lower rank); equal for a pocket pair
    suited: bool | None = None  # None: any suits; True: one suit; False: two suits


@dataclass(frozen=True)
class WithRank:
    """``Ax``: at least one hole card of this rank."""

    rank: int


@dataclass(frozen=True)
class ExactCards:
    """``AsKd``: exactly these two hole cards."""

    cards: tuple[int, int]  # ascending card ids


PAIR_KINDS = ("pair", "buried", "split", "trips")


@dataclass(frozen=True)
class Paired:
    """A paired three-card start (hole cards and door card), the paired rank within bounds.

    ``buried``: the hole cards pair each other, the door card is another rank; ``split``:
    one hole card pairs the door card; ``trips``: all three of a rank; ``pair``: any of
    the three.  Bounds are ace-high ranks in every game.
    """

    kind: str  # one of PAIR_KINDS
    low: int = 0
    high: int = ACE


SHAPE_KINDS = ("flush", "straight", "low")


@dataclass(frozen=True)
class Shape:
    """Three (the start) or four (the fourth-street hand) cards: one suit, one five-rank
    window (ace high or low), or distinct ranks no higher than ``top`` counting the ace as 1.
    """

    kind: str  # one of SHAPE_KINDS
    size: int  # 3: hole cards and door card; 4: and the fourth-street card
    top: int = 0  # low only: the highest ace-low rank allowed, ace = 1 .. king = 13


Atom = Everything | RankPairs | WithRank | ExactCards | Paired | Shape


def upcards_needed(atom: Atom) -> int:
    """How many of the player's first upcards the atom looks at (0, 1 or 2)."""
    if isinstance(atom, Paired):
        return 1
    if isinstance(atom, Shape):
        return atom.size - 2
    return 0


@dataclass(frozen=True)
class Term:
    """One term of a range: an atom, maybe excluded (``!``), with a weight (``@W``)."""

    atom: Atom
    text: str = field(compare=False)  # the atom as written, normalised: ``AKs``, ``pair9+``
    negated: bool = False
    weight: float = 1.0
    position: int = field(default=0, compare=False)  # 1-based character where it was read

    @property
    def where(self) -> str:
        """``'4flush' at character 7 of the range``, for messages."""
        place = f" at character {self.position}" if self.position else ""
        return f"'{self}'{place} of the range"

    def __str__(self) -> str:
        weight = "" if self.weight == 1 else f"@{self.weight!r}"
        return ("!" if self.negated else "") + self.text + weight


Group = tuple[Term, ...]  # terms separated by spaces: every one must hold


def is_exclusion_group(group: Group) -> bool:
    """A group of ``!`` terms only; it removes what it names from the whole range."""
    return all(term.negated for term in group)
