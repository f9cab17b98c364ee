"""Enumeration's twin: kernels/enumerate.py's exact tallies by numpy, without numba.

The deal is cut as the kernel cuts it (exact.levels): every player still dealt
cards is a level, the one with the most completions last.  A choice of every
level but the last is a "parent": it fixes every other player's hand, so the
others' best high and low (and who holds them) are known.  The last player's
completions are each compared only with that best, into one of nine cells
(high: above, tied, below; the same for the low), as the kernel does.  Here the
parents are built whole, a level at a time (the disjoint combinations of the
level's cards with the parents so far), and the last level's completions are
compared with a block of parents at once, a completion that shares a card with
its parent left out.  Each parent's cells become outcome counts [high winners,
low winners], awarded once by the one pot award (small.award_winner_counts), and
the classes counted as the kernel counts them: the same tallies, integer for
integer.  Nothing here imports numba.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import numpy as np

from stud_odds.kernels.bundles import Lookups, Spot
from stud_odds.kernels.layout import (
    GAME_RAZZ,
    GAME_STUD,
    GAME_STUD8,
    HIGH_CLASS_COLUMNS,
    LOW_CLASS_COLUMNS,
    NOBODY_HIGH,
    NOBODY_LOW,
    SCOOP_CLASS_BASE,
    sole_winner,
)
from stud_odds.kernels.tables import NO_LOW

from ..deal_levels import level_choices, levels
from ..running import each_shared_card
from ..small import award_winner_counts, class_columns, hand_value_arrays
from ..tallies import Tallies
from .headsup import (
    BOTH,
    X_WINS,
    Y_WINS,
    Completions,
    Rows,
    card_sets,
    low_bucket,
    pair_counts,
    passes,
    sweep_value,
)

# stud8's low cell of the last player (0 alone best, 1 tied, 2 beaten) by the low winners
# of a pass of heads-up counting (X: the parent's best, Y: the completion)
LOW_CELL = {0: 1, X_WINS: 2, Y_WINS: 0, BOTH: 1}
COMPARISONS_PER_BLOCK = 1 << 21  # parent-completion comparisons at once (a few MB an array)
# seconds on one idle core of a 2-core machine (three-way fifth street: 396,000 parents of
# 11 card sets each and 666 completions, 1.5 s; with scoops 4.5-8 s): per card set a parent
# asks about, and per parent and completion compared one by one for the scoops
SECONDS_PER_ASKED_SET = 3e-7
SECONDS_PER_COMPARISON = 2.5e-8
BYTES_PER_COMPLETION = 200  # its cards, mask, values and classes
BYTES_PER_SET = 64  # a parent's card set: its key, question, sorted copies and counts


def _count_classes(game: int, classes: np.ndarray, high_class: np.ndarray,
                   low_class: np.ndarray, weight: int) -> None:
    """Hand classes counted ``weight`` times each (as kernels/showdown.count_classes)."""
    if game != GAME_RAZZ:
        classes[:HIGH_CLASS_COLUMNS] += np.bincount(high_class,
                                                    minlength=HIGH_CLASS_COLUMNS) * weight
    if game != GAME_STUD:
        classes[HIGH_CLASS_COLUMNS:SCOOP_CLASS_BASE] += np.bincount(
            low_class, minlength=LOW_CLASS_COLUMNS) * weight


def _with_player(game: int, best: list[np.ndarray], high: np.ndarray, low: np.ndarray,
                 bit: int) -> list[np.ndarray]:
    """best = [high, high winners, low, low winners] after one more player's hand."""
    best_high, high_mask, best_low, low_mask = best
    if game != GAME_RAZZ:
        high_mask = np.where(high > best_high, bit,
                             np.where(high == best_high, high_mask | bit, high_mask))
        best_high = np.maximum(best_high, high)
    if game != GAME_STUD:
        low_mask = np.where(low < best_low, bit,
                            np.where(low == best_low, low_mask | bit, low_mask))
        best_low = np.minimum(best_low, low)
    return [best_high, high_mask, best_low, low_mask]


def _cell_winners(game: int, cell: int, best: list[np.ndarray], bit: int
                  ) -> tuple[np.ndarray, np.ndarray]:
    """(high winners, low winners) of the last player in ``cell`` (per half: 0 alone
    best, 1 tied, 2 beaten; stud8: 3 * high + low) against the others' ``best``."""
    best_high, high_mask, best_low, low_mask = best
    high_cell, low_cell = (cell // 3, cell % 3) if game == GAME_STUD8 else (cell, cell)
    high = np.zeros_like(high_mask)
    low = np.zeros_like(low_mask)
    if game != GAME_RAZZ:
        high = [np.full_like(high_mask, bit), high_mask | bit, high_mask][high_cell]
    if game != GAME_STUD:
        if low_cell == 0:
            low = np.full_like(low_mask, bit)
        elif low_cell == 2:
            low = low_mask
        else:  # a tie at "no low" wins nothing
            low = np.where((best_low != NO_LOW) | (game == GAME_RAZZ), low_mask | bit, 0)
    return high, low


def _parents(game: int, spot: Spot, plan: list[tuple[int, int]], rows: list[Completions],
             lookups: Lookups
             ) -> tuple[np.ndarray, np.ndarray, list[np.ndarray], list[np.ndarray]]:
    """Every choice of the levels but the last: (cards used, as masks; each choice's row
    in each level; the others' best [high, winners, low, winners]; each player's value
    (high << 16 | low) for the scoops), the players dealt nothing included."""
    n = len(spot.known_key)
    used = np.zeros(1, np.int64)
    picks: list[np.ndarray] = []
    for level in rows[:-1]:
        parent, row = np.nonzero((used[:, None] & level.mask[None, :]) == 0)
        used = used[parent] | level.mask[row]
        picks = [pick[parent] for pick in picks] + [row]
    count = len(used)
    best = [np.full(count, NOBODY_HIGH, np.int64), np.zeros(count, np.int64),
            np.full(count, NOBODY_LOW, np.int64), np.zeros(count, np.int64)]
    values = [np.zeros(count, np.int64) for _ in range(n)]
    dealt = {p: i for i, (p, _) in enumerate(plan)}
    for q in range(n):
        if q in dealt and dealt[q] == len(plan) - 1:
            continue  # the last level's player
        if q in dealt:
            level, row = rows[dealt[q]], picks[dealt[q]]
            high, low = level.high[row], level.low[row]
        else:
            highs, lows = hand_value_arrays(game, np.array([[spot.known_key[q]]]),
                                            np.array([[spot.known_bits[q]]]), lookups)
            high, low = np.broadcast_to(highs[0], count), np.broadcast_to(lows[0], count)
        values[q] = high.astype(np.int64) << 16 | low
        best = _with_player(game, best, high, low, 1 << q)
    return used, np.array(picks).reshape(len(picks), count), best, values


def _counted(game: int, spot: Spot, lookups: Lookups, between: Callable[[], None]) -> Tallies:
    """Every deal's tallies of a spot without a shared card to come."""
    n = len(spot.known_key)
    deck = len(spot.deck)
    plan = levels(deck, [int(k) for k in spot.draws])
    deals = math.prod(level_choices(deck, plan))
    tallies = Tallies.zeros(n, deals)
    if deals == 0:
        return tallies
    rows = [Completions(game, spot, p, k, lookups) for p, k in plan]
    last_player, last = plan[-1][0], rows[-1]
    used, picks, best, values = _parents(game, spot, plan, rows, lookups)
    between()
    per_parent = deals // len(used)  # every parent has as many deals below it
    # classes: every player's hand once per deal it is in
    dealt = {p for p, k in plan}
    for q in range(n):
        if q == last_player:
            _count_classes(game, tallies.classes[q], last.high_class, last.low_class,
                           deals // len(last.high))
        elif q in dealt:
            level = rows[[p for p, _ in plan].index(q)]
            row = picks[[p for p, _ in plan].index(q)]
            _count_classes(game, tallies.classes[q], level.high_class[row],
                           level.low_class[row], per_parent)
        else:
            _count_classes(game, tallies.classes[q], *(column[:1] for column in
                                                       _class_of(game, values[q], lookups)),
                           deals)
    # each parent's cells: the last level's completions disjoint from it, compared with its
    # best, counted as heads-up counting counts pairs (the parents ask, the completions
    # are asked)
    positions = np.sort(np.concatenate([level.combos[pick] for level, pick
                                        in zip(rows, picks, strict=False)]
                                       + [np.zeros((len(used), 0), np.int64)], axis=1), axis=1)
    largest = min(positions.shape[1], plan[-1][1])
    sets, sign, set_count = card_sets(positions, deck, largest)
    best_high, _, best_low, _ = best
    asking = Rows(sets, sign, sweep_value(game, best_high, best_low),
                  low_bucket(game, np.minimum(best_low, NO_LOW)), np.zeros(len(used), np.int64),
                  set_count)
    asked = Rows(*card_sets(last.combos, deck, largest)[:2],
                 sweep_value(game, last.high, last.low), low_bucket(game, last.low),
                 np.zeros(len(last.mask), np.int64), set_count)
    cells = np.zeros((len(used), 9), np.int64)
    for parent_rows, completion_rows, low in passes(game, asking, asked):
        below, at_most, every = pair_counts(asking, parent_rows, asked, completion_rows)
        low_cell = LOW_CELL[low] if game == GAME_STUD8 else 0
        # the completion below the parent's best: the others win (cell 2), tied (1), above (0)
        for high_cell, found in ((2, below), (1, at_most - below), (0, every - at_most)):
            cells[parent_rows, 3 * high_cell + low_cell if game == GAME_STUD8 else high_cell] \
                += found
        between()
    track_scoops = bool(spot.track_scoops)
    bit = 1 << last_player
    if track_scoops:
        _last_player_scoops(game, used, best, last, bit, tallies.classes[last_player], between)
    _award_cells(game, n, cells, best, bit, values, tallies, track_scoops, lookups)
    return tallies


def _last_player_scoops(game: int, used: np.ndarray, best: list[np.ndarray],
                        last: Completions, bit: int, classes: np.ndarray,
                        between: Callable[[], None]) -> None:
    """The last player's scoops by his hand's class, deal by deal: each block of parents
    against every completion of his, those sharing a card with the parent left out."""
    scoop_cells = _scoop_cells(game, best, bit)
    scoop_columns = last.high_class * LOW_CLASS_COLUMNS + last.low_class
    step = max(1, COMPARISONS_PER_BLOCK // len(last.mask))
    for start in range(0, len(used), step):
        end = min(start + step, len(used))
        free = (used[start:end, None] & last.mask[None, :]) == 0
        cell = _cells(game, last, [b[start:end, None] for b in best])
        parent, completion = np.nonzero(free & scoop_cells[start + np.arange(end - start)[:, None],
                                                           cell])
        classes[SCOOP_CLASS_BASE:] += np.bincount(scoop_columns[completion],
                                                  minlength=len(classes) - SCOOP_CLASS_BASE)
        between()


def _class_of(game: int, value: np.ndarray, lookups: Lookups) -> tuple[np.ndarray, np.ndarray]:
    """The class columns of hands valued high << 16 | low."""
    high, low = class_columns(game, (value >> 16)[None], (value & 0xFFFF)[None], lookups)
    return high[0], low[0]


def _cells(game: int, last: Completions, best: list[np.ndarray]) -> np.ndarray:
    """Each completion's cell against each parent's best (parents down, completions
    across), as kernels/enumerate._cell."""
    best_high, _, best_low, _ = best
    high_cell = (last.high <= best_high).astype(np.int8) + (last.high < best_high)
    low_cell = (last.low >= best_low).astype(np.int8) + (last.low > best_low)
    if game == GAME_STUD:
        return high_cell
    if game == GAME_RAZZ:
        return low_cell
    return 3 * high_cell + low_cell


def _cell_count(game: int) -> int:
    """Stud hi-lo's cells are 3 * high + low; the other games' one half's."""
    return 9 if game == GAME_STUD8 else 3


def _scoop_cells(game: int, best: list[np.ndarray], bit: int) -> np.ndarray:
    """(parents, 9): whether the last player takes the whole pot alone in each cell."""
    scoops = np.zeros((len(best[0]), 9), bool)
    for cell in range(_cell_count(game)):
        high, low = _cell_winners(game, cell, best, bit)
        scoops[:, cell] = _sole(game, high, low) == bit
    return scoops


def _sole(game: int, high: np.ndarray, low: np.ndarray) -> np.ndarray:
    """sole_winner of each (high winners, low winners), looked up once per distinct pair."""
    pairs, inverse = np.unique(np.stack([high, low]), axis=1, return_inverse=True)
    sole = np.array([sole_winner(game, int(h), int(lo)) for h, lo in pairs.T], np.int64)
    return sole[inverse.reshape(-1)]


def _award_cells(game: int, n: int, cells: np.ndarray, best: list[np.ndarray], bit: int,
                 values: list[np.ndarray], tallies: Tallies, track_scoops: bool,
                 lookups: Lookups) -> None:
    """Every parent's cells as outcome counts, awarded; with scoops tracked, the parents'
    players' scoops by their class (the last player's were counted per deal)."""
    outcome = np.zeros(1 << 2 * n, np.int64)
    for cell in range(_cell_count(game)):
        found = cells[:, cell]
        if not found.any():
            continue
        high, low = _cell_winners(game, cell, best, bit)
        code = high << n | low
        outcome += np.rint(np.bincount(code, found, minlength=len(outcome))).astype(np.int64)
        if track_scoops:
            sole = _sole(game, high, low)
            for q in range(n):
                mine = (sole == 1 << q) & (found > 0)
                if (1 << q) == bit or not mine.any():
                    continue
                high_class, low_class = _class_of(game, values[q][mine], lookups)
                columns = high_class * LOW_CLASS_COLUMNS + low_class
                tallies.classes[q, SCOOP_CLASS_BASE:] += np.rint(np.bincount(
                    columns, found[mine], minlength=tallies.classes.shape[1] - SCOOP_CLASS_BASE
                )).astype(np.int64)
    award_winner_counts(game, n, outcome, tallies)


def enumeration_twin(game: int, spot: Spot, lookups: Lookups,
                     between: Callable[[], None] | None = None) -> Tallies:
    """engine.exact.enumerate_deals's tallies, integer for integer, by numpy.

    between() is called between blocks of work (each a fraction of a second): a stop
    it raises is seen there."""
    tallies = Tallies.zeros(len(spot.known_key))
    for part in each_shared_card(spot):
        tallies.add(_counted(game, part, lookups, between or (lambda: None)))
    return tallies


def enumeration_twin_cost(deck: int, draws: list[int], shared: bool,
                          track_scoops: bool) -> tuple[float, int]:
    """About how long enumeration_twin takes on one core, and the bytes it holds at once
    (every level's completions, every parent's card sets)."""
    parts = deck if shared else 1
    deck -= shared
    plan = levels(deck, draws)
    parents = math.prod(level_choices(deck, plan)[:-1])
    used = sum(k for _, k in plan[:-1])
    asked_sets = sum(math.comb(used, s) for s in range(min(used, plan[-1][1]) + 1))
    completions = [math.comb(deck, k) for _, k in plan]
    seconds = (parents * asked_sets + sum(completions)) * SECONDS_PER_ASKED_SET
    held = sum(completions) * BYTES_PER_COMPLETION + parents * asked_sets * BYTES_PER_SET
    if track_scoops:
        seconds += parents * completions[-1] * SECONDS_PER_COMPARISON
    return parts * seconds, held
