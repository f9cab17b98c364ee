"""engine/next_card_counts.py: its sums per card are integer for integer np.add.at's, the
float bincount's exact range and past it; counted by numpy, the same tallies as by the
kernels (the spots themselves: test_outs.py)."""

import numpy as np
import pytest

from stud_odds.engine.next_card_counts import EXACT_FLOAT_SUM, _sums_by_card


def _scattered(positions: np.ndarray, counts: np.ndarray, n: int) -> list[list[int]]:
    """The sums in Python ints, row by row."""
    sums = [[0] * counts.shape[1] for _ in range(n)]
    for row, cards in enumerate(positions.tolist()):
        for card in cards:
            for column, value in enumerate(counts[row].tolist()):
                sums[card][column] += value
    return sums


@pytest.mark.parametrize("largest", [100_000, EXACT_FLOAT_SUM // 50, (1 << 60) // 50])
def test_sums_by_card_are_exact(largest):
    rng = np.random.default_rng(7)
    n, rows = 12, 40
    positions = np.sort(np.array([rng.choice(n, 3, replace=False) for _ in range(rows)]),
                        axis=1)
    counts = rng.integers(0, largest, (rows, 16), dtype=np.int64)
    counts[:, 5] = 0  # a column no row counts in
    counts[0, :4] = largest - 1  # odd sums past 2**53 round as floats
    assert _sums_by_card(positions, counts, n).tolist() == _scattered(positions, counts, n)


def _same(first, second) -> bool:
    return first.outcomes == second.outcomes and all(
        np.array_equal(np.asarray(mine, dtype=object), np.asarray(theirs, dtype=object))
        for mine, theirs in ((first.per_player, second.per_player),
                             (first.classes, second.classes), (first.table, second.table)))


@pytest.mark.parametrize("game, hands, player", [
    ("stud", ["AhKh/Qh", "7c7d/2s"], 0),
    ("stud8", ["Ac2c/3c4d", "KsKh/4s9c"], 1),
    ("razz", ["As2s/3h7d", "8s8c/Ks5c"], 1),
    ("stud8", ["AhKh/Qh8d5c", "xx/2s3s9c"], 0),
    ("razz", ["As2d/3c5h", "xx/Kh9c"], 0),
])
def test_by_numpy_the_same_tallies_after_every_card(game, hands, player):
    """NextCards by numpy (weighted counting's twin, numba not needed) counts what the
    kernels' sweep counts, now and after every card."""
    from stud_odds import Scenario
    from stud_odds.engine import running
    from stud_odds.engine.next_card_counts import NextCards

    scenario = Scenario.build(hands, game=game)
    spot = running.spot_of(scenario, False)
    by_kernels = NextCards(scenario.game, spot, player)
    by_numpy = NextCards(scenario.game, spot, player, by_numpy=True)
    assert _same(by_numpy.now, by_kernels.now)
    for position in range(len(spot.deck)):
        assert _same(by_numpy.tallies(position), by_kernels.tallies(position)), position
