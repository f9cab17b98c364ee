"""Heads-up razz counted by ranks: engine/headsup.py's exact tallies by numpy, for razz.

A razz hand is valued by its ranks alone (suits never count), so a player's
completion matters only through how many cards of each rank it holds, its rank
profile: four cards to come have at most C(16, 4) = 1,820 profiles where there
are 194,580 completions from 48 cards, six at most 18,564 where there are
12,271,512.  Two profiles a (X's) and b (Y's) are dealt together in

    prod over ranks r of C(d_r, a_r) * C(d_r - a_r, b_r)

ways, d_r being the unseen cards of rank r: which of them X gets, then which of
the rest Y gets.  For each X profile those weights over every Y profile, summed
in order of Y's value, give the deals X wins, ties and loses; summed over X's
profiles they are the kernels' outcome counts, turned into tallies by the same
award (awards.py), and the hand classes follow from each profile's deals.  So a
first razz question against an unknown hand (``equity -g razz As2d/3c xx/Kh``:
12 million completions, beyond the heads-up twin's memory) is counted in a
fraction of a second, integer for integer as the kernels count it.  Scoops by
hand class are not counted here (the kernels or the heads-up twin count them).
Nothing here imports numba.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from itertools import combinations_with_replacement

import numpy as np

from stud_odds.kernels.bundles import Lookups, Spot
from stud_odds.kernels.layout import (
    GAME_RAZZ,
    HIGH_CLASS_COLUMNS,
    LOW_CLASS_COLUMNS,
    SCOOP_CLASS_BASE,
)
from stud_odds.kernels.tables import RANK_SUM_MASK, RAZZ_CLASSES

from ..awards import add_awards
from ..running import each_shared_card
from ..tallies import Tallies
from .headsup import BOTH, X_WINS, Y_WINS

RANK_COUNT = 13  # ranks a profile counts cards of
# X profiles counted against every Y profile at once (memory: this many times the Y
# profiles, a few float64 arrays)
BLOCK = 256
# seconds per pair of profiles on one core of a busy 2-core machine (razz, a known hand
# against an unknown one on third street: 33.8 million pairs in about 0.5 s)
SECONDS_PER_PAIR = 2e-8


def _profiles(draws: int, available: np.ndarray) -> np.ndarray:
    """Every rank profile of ``draws`` cards (cards per rank, one row each) that the
    unseen cards allow."""
    if draws == 0:
        return np.zeros((1, RANK_COUNT), np.int64)
    picks = np.array(list(combinations_with_replacement(range(RANK_COUNT), draws)), np.int64)
    counts = np.zeros((len(picks), RANK_COUNT), np.int64)
    for column in range(draws):
        counts[np.arange(len(picks)), picks[:, column]] += 1
    return counts[(counts <= available).all(axis=1)]


def profile_count(deck: int, draws: int) -> int:
    """At most how many rank profiles ``draws`` cards have (every rank four times)."""
    return math.comb(RANK_COUNT + draws - 1, draws) if deck else 1


def _razz_values(known_key: int, profiles: np.ndarray, rank_keys: np.ndarray,
                 lookups: Lookups) -> np.ndarray:
    """Each profile's razz value, larger is better (the kernels' sweep value)."""
    keys = (known_key + profiles @ rank_keys) & RANK_SUM_MASK
    return RAZZ_CLASSES - lookups.evaluators.razz_by_ranks[keys].astype(np.int64)


def razz_ranks_tallies(spot: Spot, lookups: Lookups,
                       between: Callable[[], None] | None = None) -> Tallies:
    """engine.headsup.heads_up_tallies's razz tallies (no scoops by class), integer for
    integer, by rank profiles.  between() is called between steps: a stop it raises is
    seen there."""
    if len(spot.draws) != 2 or spot.track_scoops:
        raise ValueError("counting by ranks takes two razz players and no scoops by class")
    tallies = Tallies.zeros(2)
    for part in each_shared_card(spot):
        tallies.add(_counted(part, lookups, between or (lambda: None)))
    return tallies


def _deal_ways(available: np.ndarray, y: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(share, alone): a Y profile alone is dealt in ``alone`` ways, and X's i cards of rank
    r multiply that by share[r][i, j], where ways[r][i, j] counts the deals of i cards of
    rank r to X and j to Y."""
    ways = np.array([[[math.comb(int(d), i) * math.comb(int(d) - i, j) if i + j <= d else 0
                       for j in range(5)] for i in range(5)] for d in available], np.float64)
    share = np.divide(ways, ways[:, :1, :], out=np.zeros_like(ways), where=ways[:, :1, :] > 0)
    return share, np.prod(ways[np.arange(RANK_COUNT), 0, y], axis=1)


def _counted(spot: Spot, lookups: Lookups, between: Callable[[], None]) -> Tallies:
    """The tallies of a spot without a shared card to come."""
    tallies = Tallies.zeros(2)
    n = len(spot.deck)
    a, b = (int(k) for k in spot.draws)
    if a + b > n:
        return tallies
    deck = np.asarray(spot.deck, np.int64)
    rank_key = lookups.card_key[deck] & RANK_SUM_MASK
    rank_keys = np.unique(rank_key)
    # a card's rank: its place among the rank keys (razz reads only the rank sum)
    available = np.zeros(RANK_COUNT, np.int64)
    available[:len(rank_keys)] = np.bincount(np.searchsorted(rank_keys, rank_key))
    rank_keys = np.concatenate([rank_keys, np.zeros(RANK_COUNT - len(rank_keys), np.int64)])
    x, y = _profiles(a, available), _profiles(b, available)
    x_value = _razz_values(int(spot.known_key[0]), x, rank_keys, lookups)
    y_value = _razz_values(int(spot.known_key[1]), y, rank_keys, lookups)
    order = np.argsort(y_value, kind="stable")
    y, y_value = y[order], y_value[order]
    share, alone = _deal_ways(available, y)
    below_at = np.searchsorted(y_value, x_value, "left")
    at_most_at = np.searchsorted(y_value, x_value, "right")
    counts = np.zeros((4, 4), object)
    x_deals = np.zeros(len(x), np.float64)
    y_deals = np.zeros(len(y), np.float64)
    for start in range(0, len(x), BLOCK):
        held = x[start:start + BLOCK]
        weight = np.repeat(alone[None, :], len(held), axis=0)
        for rank in range(RANK_COUNT):  # only the ranks X holds change Y's ways
            holding = np.flatnonzero(held[:, rank])
            if len(holding):
                weight[holding] *= share[rank][held[holding, rank][:, None], y[None, :, rank]]
        # each weight is an integer (the float products' rounding is far below 1/2), and
        # every sum is an integer below 2**53: exact in float64
        np.rint(weight, out=weight)
        block = slice(start, start + BLOCK)
        running = np.zeros((len(weight), len(y) + 1), np.float64)
        np.cumsum(weight, axis=1, out=running[:, 1:])
        rows = np.arange(len(weight))
        below = running[rows, below_at[block]]
        at_most = running[rows, at_most_at[block]]
        every = running[:, -1]
        for winners, found in ((X_WINS, below), (BOTH, at_most - below),
                               (Y_WINS, every - at_most)):
            counts[0, winners] += int(found.sum())
        x_deals[block] = every
        y_deals += weight.sum(axis=0)
        between()
    add_awards(GAME_RAZZ, counts, tallies)  # razz: the low winners are the column
    for player, deals, value in ((0, x_deals, x_value), (1, y_deals, y_value)):
        low = RAZZ_CLASSES - value
        per_class = np.bincount(lookups.classes.razz[low], weights=deals,
                                minlength=LOW_CLASS_COLUMNS)
        tallies.classes[player, HIGH_CLASS_COLUMNS:SCOOP_CLASS_BASE] += np.rint(
            per_class).astype(np.int64)
    tallies.outcomes = math.comb(n, a) * math.comb(n - a, b)
    return tallies


def razz_ranks_cost(deck: int, draws: list[int], shared: bool) -> float:
    """About how long razz_ranks_tallies takes on one core."""
    pairs = profile_count(deck, draws[0]) * profile_count(deck, draws[1])
    return (deck if shared else 1) * pairs * SECONDS_PER_PAIR
