"""``Range``: a parsed range, and ``Combos``: the hole cards it allows after card removal."""

from __future__ import annotations

import operator
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from stud_odds.cards import CardError, format_cards, parse_cards
from stud_odds.errors import excerpt, shown
from stud_odds.ranges.grammar import parse_groups
from stud_odds.ranges.terms import (
    Group,
    RangeError,
    Term,
    upcards_needed,
)
from stud_odds.scenario.table import MAX_UPCARDS

if TYPE_CHECKING:
    import numpy as np


Cards = str | Iterable[int | str]


@dataclass(frozen=True, eq=False)
class Combos:
    """The hole-card pairs a range allows, ascending by (first, second), with weights.

    ``first[i] < second[i]`` are card ids (int64), ``weight[i]`` is in (0, 1] (float64);
    the arrays are read-only and ready for a numba kernel.
    """

    first: np.ndarray
    second: np.ndarray
    weight: np.ndarray

    @property
    def count(self) -> int:
        return len(self.first)

    @property
    def total_weight(self) -> float:
        """The sum of the weights: the range's size in weighted combinations."""
        return float(self.weight.sum())

    def __len__(self) -> int:
        return self.count

    def __iter__(self) -> Iterator[tuple[int, int, float]]:
        """``(first, second, weight)`` per pair, as plain Python numbers."""
        return zip(self.first.tolist(), self.second.tolist(), self.weight.tolist(), strict=True)


def read_cards(cards: Cards, what: str) -> tuple[int, ...]:
    """Known cards given as text (``"Ah 7c"``), card texts or card ids."""
    parsed: list[int] = []
    try:
        for piece in [cards] if isinstance(cards, str) else list(cards):
            if isinstance(piece, str):
                parsed.extend(parse_cards(piece, unique=False))
                continue
            card = operator.index(piece)
            if not 0 <= card < 52:
                raise CardError(f"{shown(card)} is not a card id: ids run from 0 to 51")
            parsed.append(card)
    except CardError as error:
        raise RangeError(f"{what}: {error}") from None
    except TypeError:
        raise RangeError(f"{what}: give card text such as 'Ah 7c' or card ids, "
                         f"not {cards!r}") from None
    return tuple(parsed)


@dataclass(frozen=True)
class Range:
    """What a player's two third-street hole cards may be, parsed from text such as
    ``QQ+, AK, 3flush !pair@0.5``; ``str()`` writes it back in normal form.

    >>> Range.parse("QQ+, AKs").combos(dead="Ks").count  # 6 QQ + 3 KK + 6 AA + 3 AKs
    18
    """

    groups: tuple[Group, ...]  # commas: a union of groups; spaces: the terms of one group

    def __post_init__(self) -> None:
        if not self.groups or not all(self.groups):
            raise RangeError("a range needs at least one term in every group")
        for group in self.groups:
            for term in group:
                if not isinstance(term, Term):
                    raise RangeError(f"{term!r} is not a range term")

    @classmethod
    def parse(cls, text: str, *, offset: int = 0) -> Range:
        """Read a range, with or without its square brackets; ``offset`` shifts the character
        positions in messages when the text sits inside a longer string."""
        if not isinstance(text, str):
            raise RangeError(f"a range is text such as 'QQ+, AK', not {text!r}")
        inner = text.strip()
        if inner.startswith("[") and inner.endswith("]"):
            offset += text.index("[") + 1
            text = text[text.index("[") + 1:text.rindex("]")]
        return cls(parse_groups(text, offset))

    @property
    def upcards_needed(self) -> int:
        """How many of the player's first upcards the terms look at: 0 (rank terms only),
        1 (shapes of the three-card start) or 2 (four-card shapes)."""
        return max(upcards_needed(term.atom) for group in self.groups for term in group)

    def check_upcards(self, shown: int) -> None:
        """Raise if a term needs more upcards than the ``shown`` ones."""
        for group in self.groups:
            for term in group:
                needed = upcards_needed(term.atom)
                if needed > shown:
                    which = "door card" if needed == 1 else "first two upcards (door and fourth)"
                    raise RangeError(
                        f"{term.where} describes the hole cards with the {which}, but "
                        f"{'no upcard is' if not shown else 'only the door card is'} given"
                    )

    def combos(self, dead: Cards = (), *, upcards: Cards = ()) -> Combos:
        """The hole-card pairs allowed, with their weights, once the player's ``upcards``
        (in deal order; shapes look at the first one or two) and the ``dead`` cards (every
        other card known anywhere) are removed.  Raises ``RangeError`` when none is left."""
        up = read_cards(upcards, "the upcards")
        if len(up) > MAX_UPCARDS or len(set(up)) != len(up):
            raise RangeError(
                f"the upcards {format_cards(up, ' ')} are not a stud player's upcards: "
                f"give up to {MAX_UPCARDS} different cards in the order dealt"
            )
        blocked = tuple(sorted(set(read_cards(dead, "the dead cards")) | set(up)))
        self.check_upcards(len(up))
        from stud_odds.ranges import tables  # numpy loads only when combinations are needed

        weights = tables.base_weights(self.groups, up[:self.upcards_needed])
        index = tables.allowed(weights, blocked)
        if not len(index):
            raise RangeError(self._empty_reason(weights, blocked, up))
        first, second, weight = tables.FIRST[index], tables.SECOND[index], weights[index]
        for array in (first, second, weight):
            array.flags.writeable = False
        return Combos(first, second, weight)

    def _empty_reason(self, weights: np.ndarray, blocked: tuple[int, ...],
                      up: tuple[int, ...]) -> str:
        """Why nothing is left: the weights, the exclusions, the terms with these upcards,
        or the cards already seen (the first that explains it)."""
        from stud_odds.ranges import tables

        name = f"the range [{excerpt(str(self), 1)}] allows no hole cards"
        if not weights.any():
            named = tuple(tuple(term for term in group if not term.negated)
                          for group in self.groups if not tables.is_exclusion_group(group))
            named = tuple(group for group in named if group)
            whole = tuple(tuple(replace(term, weight=1.0) for term in group) for group in named)
            looked_at = up[:self.upcards_needed]
            if named and tables.base_weights(named, looked_at).any():
                return f"{name}: its exclusions remove every hand its other terms name"
            if whole and tables.base_weights(whole, looked_at).any():
                return f"{name}: every hand it names has weight 0"
            hint = ""
            if any(sum(not term.negated for term in group) > 1 for group in self.groups):
                hint = " (a space between terms means 'and': separate alternatives with commas)"
            shown = f" with the upcards {format_cards(up)}" if self.upcards_needed else ""
            return f"{name}{shown}{hint}"
        seen = sorted(tables.cards_in(weights) & set(blocked))
        shown = f" with the upcards {format_cards(up)}" if up else ""
        return (f"{name}{shown}: every pair it allows holds a card already seen "
                f"({format_cards(seen, ' ')})")

    def __str__(self) -> str:
        return ", ".join(" ".join(str(term) for term in group) for group in self.groups)
