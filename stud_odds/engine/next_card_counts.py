"""The tallies after each card a player can receive next, counted in one heads-up sweep
(engine/headsup.py's, the player's completions the X side, or by numpy:
twins/weighted.next_card_rows); ``stud-odds outs`` reads them."""

from __future__ import annotations

import math
from collections.abc import Callable

import numpy as np

from stud_odds.games import Game
from stud_odds.kernels.bundles import Spot

from .awards import add_awards
from .pair_counting import PAIR_CLASSES, SWAP_PLAYERS, add_pair_classes
from .tallies import Tallies

# float64 adds integers exactly while every partial sum is below this
EXACT_FLOAT_SUM = 1 << 53


class NextCards:
    """A heads-up spot's tallies, and those after each card ``player`` can receive next:
    the deck's card at a position dealt to him (one card fewer to come for him, the
    other player's cards to come unchanged, the deck one card shorter), integer for
    integer what heads_up_tallies counts on those spots.

    One sweep counts them all.  A deal after card c is a deal of the spot before it
    whose completion for the player holds c: so the sweep (his completions the X
    side) keeps each of his completions' own outcome counts, and a card's counts are
    the sums over his completions that hold it.  Hand classes follow from how many
    deals each completion is in.  Scoops by hand class are not counted (a spot that
    tracks them is refused).  ``by_numpy``: counted by weighted counting's twin, every
    completion weighing 1 (the same counts; numba is not imported).
    """

    def __init__(self, game: Game, spot: Spot, player: int,
                 between: Callable[[], None] | None = None, threads: int = 1,
                 by_numpy: bool = False):
        if (len(spot.draws) != 2 or spot.shared_draw or int(spot.draws[player]) < 1
                or spot.track_scoops):
            raise ValueError("NextCards takes two players, a card to come for the player, "
                             "no community card and no scoops by hand class")
        n = len(spot.deck)
        between = between or (lambda: None)
        self.game, self.player, self.deck = game, player, n
        a, b = int(spot.draws[player]), int(spot.draws[1 - player])
        if by_numpy:
            from . import running
            from .twins.weighted import next_card_rows

            mine, theirs, per_row = next_card_rows(game.kernel_id, spot, player,
                                                   running.lookups(), between, threads)
            rows = (mine.combos, theirs.combos, mine.combos, per_row)
        else:
            mine, theirs, rows = _swept(game, spot, player, between, threads)
        mine_positions, theirs_positions, swept_positions, counts = rows
        # per card the counts of the swept rows holding it (a completion may be swept in
        # several tasks: each sweep's counts are his)
        self.per_card = _sums_by_card(swept_positions, counts, n)
        self.mine_classes = _classes_by_card(mine.pair_class, mine_positions, n)
        self.theirs_classes = _classes_by_card(theirs.pair_class, theirs_positions, n)
        self.sizes = a, b
        self.theirs_total = np.bincount(theirs.pair_class, minlength=PAIR_CLASSES)
        self.now = self._tallies(counts.sum(axis=0).reshape(4, 4), n, (a, b),
                                 np.bincount(mine.pair_class, minlength=PAIR_CLASSES),
                                 self.theirs_total)

    def tallies(self, position: int) -> Tallies:
        """The tallies once the deck's card at ``position`` is the player's."""
        a, b = self.sizes
        theirs = self.theirs_total - self.theirs_classes[position]  # those without it
        return self._tallies(self.per_card[position].reshape(4, 4), self.deck - 1, (a - 1, b),
                             self.mine_classes[position], theirs)

    def _tallies(self, counts: np.ndarray, n: int, sizes: tuple[int, int],
                 mine: np.ndarray, theirs: np.ndarray) -> Tallies:
        """The tallies of deals of his ``sizes[0]`` cards and the other's ``sizes[1]`` from
        ``n``: their outcome counts (his completions bit 0), and the completions of each
        class pair, his and the other's."""
        a, b = sizes
        tallies = Tallies.zeros(2)
        if a + b > n:
            return tallies
        me, other = self.player, 1 - self.player
        tallies.outcomes = math.comb(n, a) * math.comb(n - a, b)
        for player, per_class, deals in ((me, mine, math.comb(n - a, b)),
                                         (other, theirs, math.comb(n - b, a))):
            add_pair_classes(self.game.kernel_id, per_class * deals, tallies.classes[player])
        if me == 1:  # the counts have him as bit 0: make bit 0 player 0
            counts = counts[SWAP_PLAYERS][:, SWAP_PLAYERS]
        add_awards(self.game.kernel_id, counts, tallies)
        return tallies


def _swept(game: Game, spot: Spot, player: int, between: Callable[[], None], threads: int):
    """The kernels' sweep (engine/headsup.py), his completions the X side: his completions
    and the other's, and (his positions, the other's, the swept rows' positions, the
    swept rows' outcome counts [row, high winners * 4 + low winners])."""
    from stud_odds.kernels import layout
    from stud_odds.kernels.completions import POSITION_MASK

    from .headsup import _Completions, _count, _side, sweep_setup
    from .headsup_work import plan_sweeps, tasks_of

    n = len(spot.deck)
    if n > POSITION_MASK + 1:
        raise ValueError(f"a deck of {n} cards does not fit the packed positions")
    a, b = int(spot.draws[player]), int(spot.draws[1 - player])
    low_bucket = layout.low_buckets()
    mine = _Completions(game, spot, player, low_bucket, between, threads)
    theirs = _Completions(game, spot, 1 - player, low_bucket, between, threads)
    between()
    setup = sweep_setup(game, n, (a, b), False)
    plan = plan_sweeps(mine, theirs, setup.levels, setup.cost_x, setup.cost_y)
    x_take, y_take, tasks, costs = tasks_of(mine, theirs, plan, setup.cost_x, setup.cost_y,
                                            between, threads)
    swept = (_side(mine, x_take, setup.x_subsets), _side(theirs, y_take, setup.y_subsets))
    between()
    _, _, _, per_take = _count(game, False, (tasks, costs), swept, setup.tables,
                               lambda _: between(), threads, per_row=True)
    return mine, theirs, (_positions(mine.packed, a), _positions(theirs.packed, b),
                          _positions(swept[0].packed, a), per_take.reshape(len(x_take), 16))


def _positions(packed: np.ndarray, k: int) -> np.ndarray:
    """Each packed completion's ``k`` positions, a row each (the kernels' packing)."""
    from stud_odds.kernels.completions import POSITION_BITS, POSITION_MASK

    return np.stack([(packed >> (POSITION_BITS * i)) & POSITION_MASK for i in range(k)],
                    axis=1)


def _sums_by_card(positions: np.ndarray, counts: np.ndarray, n: int) -> np.ndarray:
    """[card position, column]: the sums of ``counts``' rows over the rows whose
    ``positions`` hold the card, integer for integer.

    A bincount per column and position (np.add.at's scatter of whole rows took most of
    ``outs``' sweep); its float sums are exact while a column's sum of magnitudes stays
    below 2**53 (the counts of deals of a heads-up spot: planning.py keeps them below
    2**48), else that column is summed in integers."""
    sums = np.zeros((n, counts.shape[1]), np.int64)
    for column in np.flatnonzero(counts.any(axis=0)):
        values = counts[:, column]
        if int(np.abs(values).sum()) >= EXACT_FLOAT_SUM:
            for i in range(positions.shape[1]):
                np.add.at(sums[:, column], positions[:, i], values)
            continue
        weights = values.astype(np.float64)
        for i in range(positions.shape[1]):
            sums[:, column] += np.bincount(positions[:, i], weights, n).astype(np.int64)
    return sums


def _classes_by_card(pair_class: np.ndarray, positions: np.ndarray, n: int) -> np.ndarray:
    """[card position, class pair]: how many of the completions holding the card are of
    each class pair."""
    by_card = np.zeros(n * PAIR_CLASSES, np.int64)
    for i in range(positions.shape[1]):
        by_card += np.bincount(positions[:, i] * PAIR_CLASSES + pair_class,
                               minlength=n * PAIR_CLASSES)
    return by_card.reshape(n, PAIR_CLASSES)
