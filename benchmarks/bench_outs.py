"""Outs tables, warm: stud_odds.outs() beside a loop of one equity() per card, in one run.

    python benchmarks/bench_outs.py [--repeats R]

The spots are the issue's: heads-up on third street and on fifth (every card
exact), and three players on fourth street sampled to 0.3 points per card.
The kernels are compiled first (warm_up), and each figure is the median wall
time of R runs, the two ways taking turns.  The loop asks equity() of each
card's spot (the card dealt to player 1, an unseen card to the others) to the
same precision, as a script without outs() would.
"""

from __future__ import annotations

import argparse
import statistics
import time

from stud_odds import Scenario, equity, outs, warm_up
from stud_odds.next_cards import _dealt

SPOTS = [
    ("heads-up 3rd, exact", ["AhKh/Qh", "7c7d/2s"], None),
    ("heads-up 5th, exact", ["AhKh/Qh8d5c", "7c7d/2s3s9c"], None),
    ("3-way 4th, 0.3 points", ["AhKh/Qh8d", "7c7d/2s3s", "3c4c/5c6c"], 0.3),
]


def _loop(scenario: Scenario, precision: float | None) -> None:
    for card in scenario.plan.unseen:
        equity(_dealt(scenario, 0, card, False), precision=precision, seed=1)


def _outs(scenario: Scenario, precision: float | None) -> None:
    outs(scenario, precision=precision, seed=1)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    warm_up()
    print("wall seconds, warm, median of", args.repeats, "(2 cores)")
    print(f"  {'spot':24s} {'outs()':>8s} {'loop':>8s}  loop/outs")
    for label, hands, precision in SPOTS:
        scenario = Scenario.build(hands)
        times: dict[str, list[float]] = {"outs": [], "loop": []}
        for _ in range(args.repeats):
            for name, run in (("outs", _outs), ("loop", _loop)):
                started = time.perf_counter()
                run(scenario, precision)
                times[name].append(time.perf_counter() - started)
        mine, theirs = (statistics.median(times[name]) for name in ("outs", "loop"))
        print(f"  {label:24s} {mine:8.2f} {theirs:8.2f}  {theirs / mine:8.2f}x")


if __name__ == "__main__":
    main()
