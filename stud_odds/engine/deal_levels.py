"""How enumeration cuts a deal into levels, one per player still dealt cards: the kernel
(exact.py) and its numpy twin (twins/enumeration.py) cut it the same way, and
planning.py costs it so."""

from __future__ import annotations

import math
from collections.abc import Sequence

# the levels' value tables hold at most this many completions in all (int32: 16 MB)
MAX_COMPLETIONS = 1 << 22


def levels(deck: int, draws: Sequence[int]) -> list[tuple[int, int]]:
    """The levels of the deal from ``deck`` unseen cards, (player, cards): every player
    still dealt cards, the one with the most completions (that a table holds) last, in
    the inner loop; with nobody to deal, the last player with nothing (one showdown)."""
    dealt = [(p, int(k)) for p, k in enumerate(draws) if k > 0]
    if not dealt:
        return [(len(draws) - 1, 0)]
    sizes = [math.comb(deck, k) for _, k in dealt]
    fitting = [i for i, size in enumerate(sizes) if size <= MAX_COMPLETIONS]
    inner = max(fitting, key=lambda i: (sizes[i], i)) if fitting else sizes.index(min(sizes))
    return dealt[:inner] + dealt[inner + 1:] + [dealt[inner]]


def level_choices(deck: int, levels: list[tuple[int, int]]) -> list[int]:
    """Each level's number of combinations, given the cards the earlier levels took."""
    choices = []
    left = deck
    for _, k in levels:
        choices.append(math.comb(left, k) if left >= 0 else 0)
        left -= k
    return choices
