"""Monte Carlo trial rate against ranges, as a share of the same spot with ``xx`` hole cards.

    python benchmarks/bench_ranges.py [--trials N] [--repeats R]

Each pair of spots differs only in one player's hole cards: a range in one,
``xx`` (any two cards) in the other.  Both are sampled on one thread, timed in
CPU seconds, interleaved; the figure is the median ratio of trial rates over
--repeats rounds (issue #12's target: at least 0.70).  ``[random]`` is a range
that allows every pair, so its ratio is the pure cost of drawing from a range.
"""

from __future__ import annotations

import argparse
import statistics
import time

from bench_evaluators import cpu_model

from stud_odds.engine import equity
from stud_odds.scenario import Scenario

TARGET = 0.70
SPOTS = [  # label, game, hands with xx, hands with a range
    ("stud 3rd, [random] vs xx", "stud",
     ["xx/Ah", "7c7d/2s", "xx/9d"], ["[random]/Ah", "7c7d/2s", "xx/9d"]),
    ("stud heads-up 3rd", "stud", ["xx/Ah", "7c7d/2s"], ["[QQ+, AK, 3flush]/Ah", "7c7d/2s"]),
    ("stud 3-way 3rd", "stud",
     ["xx/Ah", "7c7d/2s", "xx/9d"], ["[QQ+, AK, 3flush]/Ah", "7c7d/2s", "xx/9d"]),
    ("stud 5-way 3rd", "stud",
     ["xx/Ah", "7c7d/2s", "xx/9d", "xx/Jc", "xx/4h"],
     ["[QQ+, AK, 3flush]/Ah", "7c7d/2s", "xx/9d", "xx/Jc", "xx/4h"]),
    ("stud8 3-way 3rd, two ranges", "stud8",
     ["xx/Ah", "xx/2s", "xx/9d"], ["[3low]/Ah", "[3low, pair]/2s", "xx/9d"]),
    ("razz 3-way 5th", "razz",
     ["xx/Ah6d8c", "7c7d/2s3h4h", "xx/9dTdJd"], ["[3low7@0.5, A2-A5]/Ah6d8c", "7c7d/2s3h4h",
                                                  "xx/9dTdJd"]),
]


def _rate(scenario: Scenario, trials: int) -> float:
    started = time.process_time()
    equity(scenario, method="monte-carlo", trials=trials, seed=1, threads=1)
    return trials / (time.process_time() - started)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--trials", type=int, default=1_000_000)
    parser.add_argument("--repeats", type=int, default=5)
    options = parser.parse_args()
    print(f"machine: {cpu_model()}; one thread, CPU time, median of {options.repeats}")
    print(f"{'spot':34} {'xx M/s':>8} {'range M/s':>10} {'ratio':>6}")
    worst = 1.0
    for label, game, plain, ranged in SPOTS:
        spots = [Scenario.build(plain, game), Scenario.build(ranged, game)]
        for scenario in spots:  # compile or load the kernel, build the range tables
            _rate(scenario, 20_000)
        rates: list[list[float]] = [[], []]
        for _ in range(options.repeats):
            for which, scenario in enumerate(spots):
                rates[which].append(_rate(scenario, options.trials))
        ratio = statistics.median(r / x for x, r in zip(*rates, strict=True))
        worst = min(worst, ratio)
        print(f"{label:34} {statistics.median(rates[0]) / 1e6:8.2f} "
              f"{statistics.median(rates[1]) / 1e6:10.2f} {ratio:6.2f}")
    print(f"lowest ratio {worst:.2f} (target {TARGET:.2f}): "
          f"{'met' if worst >= TARGET else 'NOT met'}")


if __name__ == "__main__":
    main()
