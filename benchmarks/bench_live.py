"""The live engine: time to the first partial result and to the final one, beside equity().

    python benchmarks/bench_live.py [--repeats R] [--threads T]

Each spot is first run once (compiled or loaded from the cache, threads
started: warm), then, alternating, R times with ``on_round`` and R times
without it, in one run; the figures are medians.  "first" is the time from
calling equity() to the first on_round update (an EquityResult for sampling,
ExactProgress for an exact count), "final" the time to the returned result.
Goal (issue 20): first under 50 ms, final no slower than plain equity().
"""

from __future__ import annotations

import argparse
import statistics
import time

from stud_odds import Scenario, equity, warm_up
from stud_odds.engine import default_threads

# (label, game, hands, options): a river, a 3-way fifth street, a 5-way third street
SPOTS = [
    ("stud river, heads-up", "stud", ["AhKh9c/Qh2d3s4c", "7c7d8s/2s5h6d8d"], {}),
    ("stud 3-way 5th street", "stud", ["AsKs/Qh6c8d", "7c7d/2s3s4s", "xx/9s9h2h"],
     {"trials": 2_000_000, "seed": 1}),
    ("stud 5-way 3rd street", "stud",
     ["AhKh/Qh", "7c7d/2s", "3c4c/5c", "JsTs/9s", "xx/6d"], {"seed": 1}),
]


def _timed(scenario: Scenario, options: dict, threads: int, live: bool) -> tuple[float, float]:
    """(seconds to the first update or nan, seconds to the result)."""
    first: list[float] = []
    started = time.perf_counter()

    def on_round(update: object) -> None:
        if not first:
            first.append(time.perf_counter() - started)

    equity(scenario, threads=threads, on_round=on_round if live else None, **options)
    final = time.perf_counter() - started
    return (first[0] if first else float("nan")), final


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--threads", type=int, default=default_threads())
    args = parser.parse_args()
    warm_up(games=["stud"])
    print(f"median of {args.repeats} runs, {args.threads} threads, warm; milliseconds")
    print(f"  {'spot':26s} {'method':12s} {'first':>8s} {'final':>9s} {'plain':>9s}")
    for label, game, hands, options in SPOTS:
        scenario = Scenario.build(hands, game=game)
        method = equity(scenario, threads=args.threads, **options).method  # warm
        live, plain = [], []
        for _ in range(args.repeats):  # alternating, so that load on the machine hits both
            live.append(_timed(scenario, options, args.threads, True))
            plain.append(_timed(scenario, options, args.threads, False))
        first = statistics.median(f for f, _ in live) * 1e3
        final = statistics.median(f for _, f in live) * 1e3
        alone = statistics.median(f for _, f in plain) * 1e3
        print(f"  {label:26s} {method:12s} {first:8.1f} {final:9.1f} {alone:9.1f}")


if __name__ == "__main__":
    main()
