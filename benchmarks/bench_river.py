"""The river solver on the issue's goal spots: rounds, time and exploitability.

    python benchmarks/bench_river.py [--twin] [--threads N] [--only NAME]

Warm: the kernel is compiled (or loaded) before any clock starts; ``--twin`` times the
numpy twin instead (the cold path).  Each line: the spot, combos per seat, rounds of
discounted CFR, wall seconds (and CPU seconds, all threads: on a busy machine the wall
time says more about the load than the solver), and the exploitability reached (big bets
and share of the pot; the solve stops at 0.1% of the pot).  The goals (2 cores): any
range against any range (xxx against xxx, about 13,000 combos each) under 10 s, a few
hundred combos under 1 s.
"""

from __future__ import annotations

import argparse
import time

from stud_odds.solver import river
from stud_odds.solver.kernel import river_kernels

SPOTS = [
    ("stud xxx vs xxx", "stud", ["xxx/QhJhTh9c", "xxx/7c7d2s8h"], ""),
    ("stud8 xxx vs xxx", "stud8", ["xxx/Ah4c5d9s", "xxx/2c3h6h8h"], ""),
    ("razz xxx vs xxx", "razz", ["xxx/As4c7d9s", "xxx/2c3h6hKh"], ""),
    ("stud a few hundred", "stud", ["[AA, KK, QQ]x/QhJhTh9c", "[JJ, TT, 99]x/7c7d2s8h"],
     "2c 2d 3c 3d 4c 4d 5c 5d 6c 6d"),
    ("stud8 a few hundred", "stud8", ["[A2, A3, 23]x/4h5c9dKs", "[KK, QQ]x/6h7h8h2c"],
     "Tc Td Th Ts Jc Jd Jh Js 9c 9h"),
]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--twin", action="store_true", help="time the numpy twin")
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--pot", type=float, default=6.0)
    parser.add_argument("--only", help="run only the spots whose name holds this")
    arguments = parser.parse_args()
    if not arguments.twin:
        river_kernels()
    for name, game, hands, dead in SPOTS:
        if arguments.only and arguments.only not in name:
            continue
        started, cpu = time.perf_counter(), time.process_time()
        result = river(hands, game, pot=arguments.pot, dead=dead, threads=arguments.threads,
                       use_kernel=not arguments.twin)
        seconds, cpu = time.perf_counter() - started, time.process_time() - cpu
        sizes = "x".join(str(len(answer.side)) for answer in result.answers)
        print(f"{name:22} {sizes:>13} combos {result.iterations:5} rounds {seconds:7.2f} s "
              f"({cpu:.2f} CPU s)  "
              f"exploitability {result.exploitability:.4f} bb "
              f"({result.exploitability / result.pot:.3%})", flush=True)


if __name__ == "__main__":
    main()
