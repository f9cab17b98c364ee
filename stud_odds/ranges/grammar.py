"""Range text -> groups of terms (docs/ranges.md has the grammar as EBNF).

Commas separate groups (a union), spaces separate the terms of one group (an
intersection).  Every mistake names the term as written and the character it starts at.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from stud_odds.cards import RANKS, SUITS
from stud_odds.errors import excerpt
from stud_odds.ranges.terms import (
    ACE,
    PAIR_KINDS,
    Atom,
    Everything,
    ExactCards,
    Group,
    Paired,
    RangeError,
    RankPairs,
    Shape,
    Term,
    WithRank,
)

_R = "(10|[2-9tjqka])"
_TWO_RANKS = re.compile(rf"{_R}{_R}([so]?)(\+?)")
_SPAN = re.compile(rf"{_R}{_R}([so]?)-{_R}{_R}([so]?)")
_WITH_RANK = re.compile(rf"{_R}x")
_EXACT = re.compile(rf"{_R}([cdhs]){_R}([cdhs])")
_PAIRED = re.compile(rf"({'|'.join(PAIR_KINDS)})(?:{_R}(?:(\+)|-{_R})?)?")
_SHAPE = re.compile(rf"([34])(flush|straight|low){_R}?")
_WEIGHT = re.compile(r"(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?")
_EVERYTHING = ("random", "xx")

TERMS_HELP = (
    "use rank pairs (AK, AKs, AKo, QQ, QQ+, 66-99, Ax, A2-A5), exact cards (AsKd), "
    "shapes (pair, buried, split, trips, 3flush, 3straight, 3low, 4flush, 4straight, "
    "4low, with bounds such as pair9+ or 3low7), random or xx"
)


class _Problem(Exception):
    """Why one term cannot be read; turned into a RangeError naming the term."""


def _rank(text: str) -> int:
    return RANKS.index("T" if text == "10" else text.upper())


def _suited(suffix: str) -> bool | None:
    return {"": None, "s": True, "o": False}[suffix]


def _ranks_text(high: int, low: int) -> str:
    return RANKS[high] + RANKS[low]


def _two_ranks(match: re.Match[str]) -> tuple[Atom, str]:
    first, second, suffix, plus = _rank(match[1]), _rank(match[2]), match[3], match[4]
    high, low = max(first, second), min(first, second)
    if high == low:
        if suffix:
            raise _Problem("is a pair, which is never suited or offsuit: write " +
                           _ranks_text(high, low) + plus)
        pairs = {(rank, rank) for rank in range(high, ACE + 1)} if plus else {(high, high)}
        return RankPairs(frozenset(pairs)), _ranks_text(high, low) + plus
    # AT+ as in hold'em tools: the kicker climbs to one below the top card (AT, AJ, AQ, AK)
    kickers = range(low, high) if plus else (low,)
    pairs = frozenset((high, kicker) for kicker in kickers)
    return RankPairs(pairs, _suited(suffix)), _ranks_text(high, low) + suffix + plus


def _span(match: re.Match[str]) -> tuple[Atom, str]:
    a, b = sorted((_rank(match[1]), _rank(match[2])), reverse=True)
    c, d = sorted((_rank(match[4]), _rank(match[5])), reverse=True)
    if match[3] != match[6]:
        raise _Problem("has a suited or offsuit mark on one end only: mark both ends, "
                       "e.g. A2s-A5s")
    if a == b and c == d and not match[3]:
        low, high = sorted((a, c))
        pairs = frozenset((rank, rank) for rank in range(low, high + 1))
        return RankPairs(pairs), f"{_ranks_text(low, low)}-{_ranks_text(high, high)}"
    if a == c and b != a and d != c:
        low, high = sorted((b, d))
        pairs = frozenset((a, kicker) for kicker in range(low, high + 1))
        text = f"{_ranks_text(a, low)}{match[3]}-{_ranks_text(a, high)}{match[3]}"
        return RankPairs(pairs, _suited(match[3])), text
    raise _Problem("is not a span: a span runs between two pairs (66-99) or two hands "
                   "with the same top card (A2-A5)")


def _with_rank(match: re.Match[str]) -> tuple[Atom, str]:
    rank = _rank(match[1])
    return WithRank(rank), RANKS[rank] + "x"


def _exact(match: re.Match[str]) -> tuple[Atom, str]:
    cards = [_rank(match[i]) * 4 + SUITS.index(match[i + 1]) for i in (1, 3)]
    text = "".join(RANKS[card >> 2] + SUITS[card & 3] for card in cards)
    if cards[0] == cards[1]:
        raise _Problem("names the same card twice")
    return ExactCards((min(cards), max(cards))), text


def _paired(match: re.Match[str]) -> tuple[Atom, str]:
    kind = match[1]
    if match[2] is None:
        return Paired(kind), kind
    first = _rank(match[2])
    if match[3]:
        return Paired(kind, first, ACE), f"{kind}{RANKS[first]}+"
    last = first if match[4] is None else _rank(match[4])
    low, high = sorted((first, last))
    text = f"{kind}{RANKS[low]}" + ("" if low == high else f"-{RANKS[high]}")
    return Paired(kind, low, high), text


def _shape(match: re.Match[str]) -> tuple[Atom, str]:
    size, kind = int(match[1]), match[2]
    if kind != "low":
        if match[3]:
            raise _Problem(f"has a rank bound, which only pairs and lows take: write {size}{kind}")
        return Shape(kind, size), f"{size}{kind}"
    if match[3] is None:
        return Shape(kind, size, 8), f"{size}low"  # eight or lower, as in stud8
    top = 1 if _rank(match[3]) == ACE else _rank(match[3]) + 2  # ace-low: A = 1 .. K = 13
    if top < size:
        lowest = "-".join("A234"[:size])
        raise _Problem(f"bounds a {size}-card low below {lowest}, the lowest there is")
    return Shape(kind, size, top), f"{size}low{RANKS[_rank(match[3])]}"


_READERS: tuple[tuple[re.Pattern[str], Callable[[re.Match[str]], tuple[Atom, str]]], ...] = (
    (_TWO_RANKS, _two_ranks),
    (_SPAN, _span),
    (_WITH_RANK, _with_rank),
    (_EXACT, _exact),
    (_PAIRED, _paired),
    (_SHAPE, _shape),
)


def _atom(text: str) -> tuple[Atom, str]:
    lowered = text.lower()
    if lowered in _EVERYTHING:
        return Everything(), lowered
    for pattern, reader in _READERS:
        match = pattern.fullmatch(lowered)
        if match:
            return reader(match)
    raise _Problem(f"is not a range term: {TERMS_HELP}")


def _weight(text: str) -> float:
    if not _WEIGHT.fullmatch(text.lower()):
        raise _Problem(f"has weight '{excerpt(text, 1)}', which is not a number from 0 to 1")
    weight = float(text)
    if not 0 <= weight <= 1:
        raise _Problem(f"has weight {excerpt(text, 1)}: weights run from 0 to 1")
    return weight


def _term(token: str) -> Term:
    negated = token.startswith("!")
    body = token[1:] if negated else token
    atom_text, at, weight_text = body.partition("@")
    if not atom_text:
        raise _Problem("has no term " + ("after '!'" if not at else "before its weight"))
    if "@" in weight_text:
        raise _Problem("has more than one weight")
    weight = _weight(weight_text) if at else 1.0
    if negated and at:
        raise _Problem("puts a weight on an exclusion, which only removes hands: weigh "
                       "what you keep instead, e.g. [!pair, pair@0.5]")
    atom, text = _atom(atom_text)
    if negated and isinstance(atom, Everything):
        raise _Problem("excludes every hand")
    return Term(atom, text, negated, weight)


def parse_groups(text: str, offset: int = 0) -> tuple[Group, ...]:
    """The groups of a range such as ``QQ+, AK, 3flush !pair``; positions in messages are
    1-based characters of ``text``, plus ``offset`` when it sits inside a longer string."""
    if not text.strip():
        raise RangeError("the range is empty: give terms such as QQ+, AK, 3flush")
    groups: list[Group] = []
    start = 0
    for piece in text.split(","):
        tokens = list(re.finditer(r"\S+", piece))
        if not tokens:
            comma = start if start else len(piece) + 1  # the comma before it, else after it
            raise RangeError(f"the range has an empty group next to the comma at character "
                             f"{offset + comma}: remove the extra comma")
        terms = []
        for token in tokens:
            position = offset + start + token.start() + 1
            try:
                term = _term(token[0])
            except _Problem as problem:
                raise RangeError(f"'{excerpt(token[0], 1)}' at character {position} of the range "
                                 f"{problem}") from None
            terms.append(Term(term.atom, term.text, term.negated, term.weight, position))
        groups.append(tuple(terms))
        start += len(piece) + 1
    return tuple(groups)
