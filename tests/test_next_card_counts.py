"""engine/next_card_counts.py's sums per card are integer for integer np.add.at's, the
float bincount's exact range and past it (the spots themselves: test_outs.py)."""

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
