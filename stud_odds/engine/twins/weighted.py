"""Weighted counting's twin: engine/weighted.py's exact tallies by numpy, without numba.

The same counting as the weighted kernels (kernels/weighted.py), by the sums of
twins/weighted_sums.py (a table of summed weights, or the heads-up twin's
sorting).  A ranged player's completions are those of a player whose hole cards
are unknown (his hole pair and his later cards together), each weighing W, the
summed weight (in millionths) of the range's hole pairs inside it; a player
without a range weighs 1 everywhere; completions that weigh nothing are dropped
before they are valued.  A pair of disjoint completions X and Y weighs W(X) * W(Y).

Every Y is entered once per subset S of it as the key (S, value) carrying its
weight; each X asks, for each of its subsets, the summed weight of the keys of
its S below its value, at or below it, and in all, and inclusion-exclusion over
the subsets gives the summed weight of the disjoint Y of each kind, exactly as
it gives their number unweighted.  Those sums times W(X), summed by outcome
(and, for scoops, by X's class), are the kernels' counts.

The weighted sums outgrow an int64 (about 2**95 on third street), so a sum of
W(X) times a per-row count is added in limbs small enough for int64 and
carried into Python ints (``_exact_sums``).  The result is integer for integer
the kernels' tallies.  Nothing here imports numba.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import partial

import numpy as np

from stud_odds.kernels.bundles import Lookups, Spot
from stud_odds.kernels.layout import (
    GAME_RAZZ,
    GAME_STUD8,
    LOW_CLASS_COLUMNS,
    SCOOP_CLASS_BASE,
)
from stud_odds.ranges import Combos
from stud_odds.scenario.table import HOLE_CARDS

from ..awards import add_awards
from ..pair_counting import PAIR_CLASSES, SWAP_PLAYERS, add_pair_classes, pair_weights
from ..pool import run_on_threads
from ..small import class_columns, combination_rows, hand_value_arrays
from ..tallies import Tallies, narrowed
from .headsup import BOTH, X_WINS, Y_WINS, low_bucket, passes, sweep_value
from .weighted_sums import (
    ASKED_AT_ONCE,
    CELLS_PER_QUESTION,
    TABLE_CELLS,
    card_sets_of_size,
    colex_binomials,
    weighted_pair_sums,
)

# bits of a per-row count taken at once: a weight (< 2**27) times such a limb, summed over
# up to 2**24 rows, stays below 2**63
_COUNT_LIMB_BITS = 12
_MOST_ROWS = 1 << 24
# seconds per entry (a completion's subset, sorted or looked up, with its weight) and per
# completion listed and weighed, on one core of a busy 2-core machine (a third-street
# range of three pairs against a known hand, 31 million entries: 1.4 CPU s; AhKh/Qh
# against 7c7d/2s, 5.2 million: 0.25 to 0.39 s), and the bytes each holds at once
_SECONDS_PER_ENTRY = 5e-8
_SECONDS_PER_COMPLETION = 3e-7
_BYTES_PER_LISTED = 24  # per card of a listed completion (its row, sorted, ranked)
_BYTES_PER_ROW = 150
_BYTES_PER_ENTRY = 40  # a sorted key, its summed weight and the sort's copy
_BYTES_PER_QUESTION = 64
_BYTES_PER_CELL = 24  # a table of summed weights' cell, its counts and their cumulative sum
_SHARED_SETS_MOST = 1 << 23  # card sets of one size kept for two players (int32: 32 MB)


class _Player:
    """One player's kept completions (weight above 0): their positions, weights, values
    (larger is better), stud8 low buckets, class pairs and card sets."""

    def __init__(self, game: int, spot: Spot, player: int, k: int, pairs: np.ndarray | None,
                 lookups: Lookups):
        n = len(spot.deck)
        # stud8's passes ask about the same rows' card sets again: they are kept (int32:
        # a set's number is below C(52, 7) < 2**31)
        self._sets: dict[int, np.ndarray] | None = {} if game == GAME_STUD8 else None
        self._keep_most = math.inf  # entries of one size kept
        if pairs is None:
            combos = combination_rows(n, k)
            self.weight = np.ones(len(combos), np.int64)
        else:
            combos = _ranged_combinations(n, k, pairs)
            self.weight = _completion_weights(combos, pairs)
        if len(combos) > _MOST_ROWS:
            raise ValueError("too many completions for weighted counting by numpy")
        self.combos, self.pairs, self.size = combos, pairs, k
        self.unweighted = pairs is None
        cards = np.asarray(spot.deck, np.int64)[combos]
        keys = int(spot.known_key[player]) + lookups.card_key[cards].sum(axis=1)
        bits = int(spot.known_bits[player]) | np.bitwise_or.reduce(lookups.card_bit[cards],
                                                                   axis=1)
        highs, lows = hand_value_arrays(game, keys[None], bits[None], lookups)
        high_class, low_class = class_columns(game, highs, lows, lookups)
        self.value = sweep_value(game, highs[0], lows[0])
        self.bucket = low_bucket(game, lows[0])
        self.pair_class = high_class[0] * LOW_CLASS_COLUMNS + low_class[0]

    def __len__(self) -> int:
        return len(self.weight)

    def share_card_sets(self, other: _Player) -> None:
        """Keep the card sets made for either player for both, when their completions are
        the same rows (two players without ranges, as many cards to come): each size is
        asked about by one and looked up by the other.  Kept while they are small."""
        if self.combos is other.combos:
            if self._sets is None:
                self._sets, self._keep_most = {}, _SHARED_SETS_MOST
            other._sets, other._keep_most = self._sets, self._keep_most

    def card_sets(self, rows: np.ndarray, size: int, deck: int) -> np.ndarray:
        """The ``rows``' subsets of ``size`` positions as numbers (card_sets_of_size)."""
        every_row = len(rows) == len(self.combos)  # rows are distinct: all of them
        kept = self._sets is not None and \
            len(self.combos) * math.comb(self.size, size) <= self._keep_most
        if not kept:
            return card_sets_of_size(self.combos if every_row else self.combos[rows], deck,
                                     size)
        if size not in self._sets:
            self._sets[size] = card_sets_of_size(self.combos, deck, size).astype(np.int32)
        sets = self._sets[size]
        return (sets if every_row else sets[rows]).astype(np.int64)


def _players(game: int, spot: Spot, who: list[tuple[int, int, np.ndarray | None]],
             lookups: Lookups, threads: int) -> list[_Player]:
    """The players (player, cards to come, pair weights or None) valued on up to
    ``threads`` threads, sharing their card sets when they can."""
    players: list[_Player | None] = [None] * len(who)

    def value(i: int) -> None:
        players[i] = _Player(game, spot, *who[i][:2], who[i][2], lookups)
    run_on_threads([partial(value, i) for i in range(len(who))], threads)
    players[0].share_card_sets(players[1])
    return players


def _ranged_combinations(n: int, k: int, pairs: np.ndarray) -> np.ndarray:
    """The k of range(n), one row each, that hold a pair weighing more than 0: listed from
    the pairs (each with every choice of its other cards, the duplicates of rows holding
    several pairs dropped) when that lists fewer rows than every k."""
    first, second = np.nonzero(np.triu(pairs > 0, 1))
    if len(first) * math.comb(n - HOLE_CARDS, k - HOLE_CARDS) >= math.comb(n, k):
        combos = combination_rows(n, k)
        return combos[np.flatnonzero(_completion_weights(combos, pairs))]
    others = combination_rows(n - HOLE_CARDS, k - HOLE_CARDS)
    rows = np.empty((len(first), len(others), k), np.int64)
    for i, (p, q) in enumerate(zip(first.tolist(), second.tolist(), strict=True)):
        rest = np.delete(np.arange(n), (p, q))
        rows[i, :, :HOLE_CARDS] = p, q
        rows[i, :, HOLE_CARDS:] = rest[others]
    rows = np.sort(rows.reshape(-1, k), axis=1)
    binom, rank = colex_binomials(n, k), np.zeros(len(rows), np.int64)
    for i in range(k):
        rank += binom[rows[:, i], i + 1]
    return rows[np.unique(rank, return_index=True)[1]]


def _completion_weights(combos: np.ndarray, pairs: np.ndarray) -> np.ndarray:
    """Each completion's weight: the summed pairs[p, q] of every two of its positions."""
    weight = np.zeros(len(combos), np.int64)
    k = combos.shape[1]
    for i in range(k):
        for j in range(i + 1, k):
            weight += pairs[combos[:, i], combos[:, j]]
    return weight


def _disjoint_weight(player: _Player, other: _Player, deck: int) -> np.ndarray:
    """Per row of ``player``, the summed weight of the other player's completions that
    share no card with it (kernels/weighted.disjoint_pair_weights)."""
    free = deck - player.size
    if other.pairs is None:
        return np.full(len(player.weight), math.comb(free, other.size), np.int64)
    later = math.comb(free - HOLE_CARDS, other.size - HOLE_CARDS)
    touching = other.pairs.sum(axis=1)
    total = np.full(len(player.weight), int(touching.sum()) // 2, np.int64)
    combos = player.combos
    for i in range(player.size):
        total -= touching[combos[:, i]]
        for j in range(i + 1, player.size):
            total += other.pairs[combos[:, i], combos[:, j]]
    return later * total


def _exact_sums(groups: np.ndarray, weight: np.ndarray, count: np.ndarray,
                size: int) -> np.ndarray:
    """out[g] = the sum over rows of group g of weight * count, as Python ints (weights
    below 2**27, counts at least 0, at most _MOST_ROWS rows)."""
    out = np.zeros(size, object)
    count = _counts(count)
    shift = 0
    while count.any():
        part = np.zeros(size, np.int64)
        np.add.at(part, groups, weight * (count & ((1 << _COUNT_LIMB_BITS) - 1)))
        out += part.astype(object) * (1 << shift)
        count >>= _COUNT_LIMB_BITS
        shift += _COUNT_LIMB_BITS
    return out


def _class_tallies(game: int, player: _Player, other: _Player, deck: int,
                   classes: np.ndarray) -> int:
    """The player's hand classes, each row once per weighted deal it is in, into
    ``classes`` (Python ints); returns the weighted deals."""
    per_pair = _exact_sums(player.pair_class, player.weight,
                           _disjoint_weight(player, other, deck), PAIR_CLASSES)
    add_pair_classes(game, per_pair, classes)
    return int(per_pair.sum())


def weighted_twin(game: int, spot: Spot, ranges: tuple[Combos | None, Combos | None],
                  lookups: Lookups, between: Callable[[], None] | None = None,
                  threads: int = 1) -> Tallies:
    """engine.weighted.weighted_tallies's tallies, integer for integer, by numpy.

    spot: the kernels' bundle (spot.draws without the ranged players' hole cards, no
    community card to come); ranges: per player his Combos or None.  between() is
    called between steps: a stop it raises is seen there.  Up to ``threads`` threads
    share the work (the same tallies on any number).
    """
    if spot.shared_draw or len(spot.draws) != 2:
        raise ValueError("weighted counting takes two players and no community card to come")
    between = between or (lambda: None)
    n = len(spot.deck)
    draws = [int(k) + HOLE_CARDS * (r is not None) for k, r in zip(spot.draws, ranges,
                                                                    strict=True)]
    tallies = Tallies.zeros(2)
    if sum(draws) > n:
        return tallies
    players = _players(game, spot, [(p, draws[p], None if ranges[p] is None else
                                     pair_weights(spot.deck, ranges[p])) for p in (0, 1)],
                       lookups, threads)
    between()
    classes = tallies.classes.astype(object)
    deals = _class_tallies(game, players[0], players[1], n, classes[0])
    _class_tallies(game, players[1], players[0], n, classes[1])
    between()
    # X: the player with fewer kept completions (player 0 on equal counts), as the kernels
    px = 0 if len(players[0].weight) <= len(players[1].weight) else 1
    x, y = players[px], players[1 - px]
    counts, scoops = _counted(game, bool(spot.track_scoops), x, y, n, between, threads)
    if px == 1:  # the counts have X as bit 0: make bit 0 player 0
        counts = counts[SWAP_PLAYERS][:, SWAP_PLAYERS]
    add_awards(game, counts, tallies)
    if spot.track_scoops:
        classes[px, SCOOP_CLASS_BASE:] += scoops[0]
        classes[1 - px, SCOOP_CLASS_BASE:] += scoops[1]
    tallies.classes = narrowed(classes)
    tallies.outcomes = deals
    return tallies


def _counted(game: int, track_scoops: bool, x: _Player, y: _Player, deck: int,
             between: Callable[[], None], threads: int
             ) -> tuple[np.ndarray, list[np.ndarray]]:
    """The weighted outcome counts [high winners, low winners] and X's and Y's scoops by
    class pair (Python ints).

    Per pass, the side with more subset entries asks the other (whose fewer entries are
    the ones sorted): the pairs it wins, ties and loses are the counts either way.  A
    side scoops the disjoint rows below it when it takes the low too or nobody does."""
    counts = np.zeros((4, 4), object)
    scoops = [np.zeros(PAIR_CLASSES, object), np.zeros(PAIR_CLASSES, object)]
    shared = min(x.size, y.size)
    for x_rows, y_rows, low in passes(game, x, y):
        sides = ((x, x_rows, X_WINS), (y, y_rows, Y_WINS))
        entries = [len(rows) * sum(math.comb(side.size, s) for s in range(shared + 1))
                   for side, rows, _ in sides]
        asker = 1 if entries[1] > entries[0] else 0
        (side, rows, wins), (other, other_rows, _) = sides[asker], sides[1 - asker]
        below_of = {}
        below, at_most, every = weighted_pair_sums(side, rows, other, other_rows, deck,
                                                   threads)
        below_of[asker] = below
        for high, found in ((wins, below), (BOTH, at_most - below),
                            (X_WINS + Y_WINS - wins, every - at_most)):
            counts[(0, high) if game == GAME_RAZZ else (high, low)] += _weighted_sum(
                side.weight[rows], found)
        between()
        if not track_scoops:
            continue
        for p, (side, rows, wins) in enumerate(sides):
            if low in (wins, 0):
                if p not in below_of:
                    other, other_rows, _ = sides[1 - p]
                    below_of[p] = weighted_pair_sums(side, rows, other, other_rows, deck,
                                                     threads)[0]
                    between()
                scoops[p] += _exact_sums(side.pair_class[rows], side.weight[rows],
                                         below_of[p], PAIR_CLASSES)
    return counts, scoops


def next_card_rows(game: int, spot: Spot, player: int, lookups: Lookups,
                   between: Callable[[], None], threads: int = 1
                   ) -> tuple[_Player, _Player, np.ndarray]:
    """For the tallies after each card (engine/next_card_counts.NextCards) by numpy, a
    heads-up spot without ranges: ``player``'s completions, the other's, and for each of
    his its outcome counts [row, high winners * 4 + low winners] (his bit 0), as the
    heads-up kernels' sweep counts them per row.  He asks in every pass."""
    n = len(spot.deck)
    mine, theirs = _players(game, spot, [(p, int(spot.draws[p]), None)
                                         for p in (player, 1 - player)], lookups, threads)
    between()
    per_row = np.zeros((len(mine), 16), np.int64)
    for rows, other_rows, low in passes(game, mine, theirs):
        below, at_most, every = weighted_pair_sums(mine, rows, theirs, other_rows, n,
                                                   threads)
        for high, found in ((X_WINS, below), (BOTH, at_most - below),
                            (Y_WINS, every - at_most)):
            per_row[rows, high if game == GAME_RAZZ else high * 4 + low] += found
        between()
    return mine, theirs, per_row


def _weighted_sum(weight: np.ndarray, count: np.ndarray) -> int:
    """The sum of weight * count, exactly (_exact_sums' bounds)."""
    total, shift, count = 0, 0, _counts(count)
    while count.any():
        total += int((weight * (count & ((1 << _COUNT_LIMB_BITS) - 1))).sum()) << shift
        count >>= _COUNT_LIMB_BITS
        shift += _COUNT_LIMB_BITS
    return total


def _counts(count: np.ndarray) -> np.ndarray:
    """A copy of per-row counts to take apart in limbs: a negative one (a wrong sum) would
    never shift down to 0, so it is refused rather than looped on."""
    if len(count) and count.min() < 0:
        raise ArithmeticError("weighted counting summed a negative count")
    return count.copy()


def weighted_twin_cost(game: int, deck: int, sizes: list[int], rows: list[int],
                       track_scoops: bool) -> tuple[float, int]:
    """About how long weighted_twin takes on one core for completions of ``sizes`` cards
    from ``deck``, about ``rows`` of each kept (listed from a range's pairs when that
    lists fewer than every completion: ``rows`` are those listed; stud8 and scoops
    about twice), and the bytes it holds at once (the sorted entries of one size of
    card sets or a table of their sums, a bounded share of the asking side's; stud8
    keeps every row's sets)."""
    shared = range(min(sizes) + 1)
    per_side = [[r * math.comb(k, s) for s in shared] for k, r in zip(sizes, rows, strict=True)]
    entries = sum(map(sum, per_side))
    passes = (2 if game == GAME_STUD8 else 1) * (2 if track_scoops else 1)
    seconds = passes * entries * _SECONDS_PER_ENTRY + sum(rows) * _SECONDS_PER_COMPLETION
    sorted_side = min(per_side, key=sum)  # the side with fewer entries is the one sorted
    held = (max(r * k for k, r in zip(sizes, rows, strict=True)) * _BYTES_PER_LISTED
            + sum(rows) * _BYTES_PER_ROW + (4 * entries if game == GAME_STUD8 else 0)
            + max(sorted_side) * _BYTES_PER_ENTRY + ASKED_AT_ONCE * _BYTES_PER_QUESTION
            + min(TABLE_CELLS, CELLS_PER_QUESTION * max(map(max, per_side))) * _BYTES_PER_CELL)
    return seconds, held
