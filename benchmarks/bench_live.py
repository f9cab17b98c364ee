"""The live engine: time to the first partial result and to the final one, beside equity().

    python benchmarks/bench_live.py [--repeats R] [--threads T]

Each spot is first run once (compiled or loaded from the cache, threads
started: warm), then, alternating, R times with ``on_round`` and R times
without it, in one run; the figures are medians.  "first" is the time from
calling equity() to the first on_round update (an EquityResult for sampling,
ExactProgress for an exact count), "final" the time to the returned result.
Goal (issue 20): first under 50 ms, final no slower than plain equity().
Then, on spots whose full run is long, the time from setting ``cancel`` (once
some work is done) to equity()'s return, for every method (goal: 0.2 s).
"""

from __future__ import annotations

import argparse
import statistics
import threading
import time

from stud_odds import Cancelled, ExactProgress, Scenario, equity, warm_up
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


# spots whose full run is long, to cancel once the work is under way
LONG_SPOTS = [
    ("heads-up counting", "stud8", ["AhKh/Qh", "xx/2s"], {"method": "exact"}),
    ("enumeration", "stud", ["AsKs/Qh6c8d", "7c7d/2s3s4s", "xx/9s9h2h"], {"method": "exact"}),
    ("ranged counting", "stud8", ["[22+, AK]/Ah", "7c7d/2s"], {"method": "exact"}),
    ("sampling", "stud", ["AhKh/Qh", "7c7d/2s", "xx/9d"], {"trials": 10**11, "seed": 1}),
    ("ranged sampling", "stud8", ["[22+, AK]/Ah", "7c7d/2s", "xx/9d"],
     {"trials": 10**11, "seed": 1}),
]


def _cancel_seconds(scenario: Scenario, options: dict, threads: int) -> float:
    """Seconds from setting the cancel token (once some work is done) to equity()'s return."""
    token, started = threading.Event(), threading.Event()
    set_at: list[float] = []

    def on_round(update: object) -> None:
        if not isinstance(update, ExactProgress) or update.done > 0:
            started.set()

    def cancel() -> None:
        started.wait()
        set_at.append(time.perf_counter())
        token.set()

    setter = threading.Thread(target=cancel)
    setter.start()
    try:
        equity(scenario, threads=threads, on_round=on_round, cancel=token, **options)
    except Cancelled:
        pass
    returned = time.perf_counter()
    started.set()
    setter.join()
    return returned - set_at[0]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--threads", type=int, default=default_threads())
    args = parser.parse_args()
    warm_up(games=["stud", "stud8"])
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
    print(f"\ncancel: from the set to the return, median of {args.repeats}, warm; milliseconds")
    for label, game, hands, options in LONG_SPOTS:
        scenario = Scenario.build(hands, game=game)
        _cancel_seconds(scenario, options, args.threads)  # warm
        waits = [_cancel_seconds(scenario, options, args.threads) for _ in range(args.repeats)]
        print(f"  {label:26s} {statistics.median(waits) * 1e3:8.1f}   "
              f"(most {max(waits) * 1e3:.1f})")


if __name__ == "__main__":
    main()
