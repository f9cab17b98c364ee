"""Monte Carlo trials per second and exact enumeration time, through the public API.

    python benchmarks/bench_equity.py [--trials N] [--repeats R] [--fourth-street]

Each spot is run once to compile (or load from the cache), then timed
--repeats times on one thread and on two; the figure is the median.  Peer
figures are NOT measured in this run (neither tool installs here): they are
one-thread rates of pokersource's C ``pokenum -mc`` and the Rust
``poker-equity`` package measured on 2026-12-02 on this project's 2-core
development machine, printed with that date; the ratio is ours over theirs.
"""

from __future__ import annotations

import argparse
import statistics
import time

from bench_evaluators import cpu_model

from stud_odds.engine import default_threads, equity
from stud_odds.scenario import Scenario

# (label, game, hands, pokenum M trials/s, poker-equity M trials/s), one thread,
# measured on PEERS_MEASURED on the project's 2-core development machine
PEERS_MEASURED = "2026-12-02"
SAMPLED_SPOTS = [
    ("stud heads-up 3rd", "stud", ["AhKh/Qh", "7c7d/2s"], 4.6, 2.0),
    ("stud8 heads-up 3rd", "stud8", ["AhKh/Qh", "7c7d/2s"], 4.8, 1.5),
    ("stud 4-way 3rd", "stud", ["AhKh/Qh", "7c7d/2s", "3c4c/5c", "JsTs/9s"], 0.85, None),
    ("stud 8-way 3rd, shared 7th", "stud",
     ["AhKh/Qd", "7c7d/2s", "3c4c/5c", "JsTs/9s", "6h6s/Kd", "2c3h/4h", "AcAd/Qc", "8d9d/Td"],
     None, 0.55),
]
EXACT_SPOTS = [("stud heads-up 5th", "stud", ["8s8d/3cKhKd", "9hTh/JhQh2c"])]
FOURTH_STREET = ("stud heads-up 4th", "stud", ["8s8d/3cKh", "9hTh/JhQh"])
TARGET = 1.5  # times pokenum, one thread


def _median_seconds(run, repeats: int) -> float:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def _peer(ours: float, peer: float | None, name: str) -> str:
    return f"  {name} {peer:5.2f} M ({ours / peer:4.1f}x)" if peer else ""


def _sampled(args: argparse.Namespace, threads: list[int]) -> None:
    print(f"\nMonte Carlo, {args.trials:,} trials, median of {args.repeats} runs, M trials/s "
          f"(peers: one thread, measured {PEERS_MEASURED}, not in this run)")
    print(f"  {'spot':28s}" + "".join(f" {t} thread{'s' if t > 1 else ' '}" for t in threads)
          + "  speed-up   one-thread peers")
    for label, game, hands, pokenum, rust in SAMPLED_SPOTS:
        scenario = Scenario.build(hands, game=game)

        rates = []
        for t in threads:
            def run(scenario=scenario, t=t):
                equity(scenario, method="monte-carlo", trials=args.trials, seed=1, threads=t)

            run()  # compile / load from cache, warm up the threads
            rates.append(args.trials / _median_seconds(run, args.repeats) / 1e6)
        line = f"  {label:28s}" + "".join(f" {r:9.2f}" for r in rates)
        line += f"  {rates[-1] / rates[0]:7.2f}x" if len(rates) > 1 else ""
        line += _peer(rates[0], pokenum, "pokenum") + _peer(rates[0], rust, "poker-equity")
        if pokenum and rates[0] < TARGET * pokenum:
            line += f"  (below the {TARGET}x pokenum target)"
        print(line)


def _exact(args: argparse.Namespace, threads: list[int]) -> None:
    spots = EXACT_SPOTS + ([FOURTH_STREET] if args.fourth_street else [])
    print(f"\nExact enumeration, median of {args.repeats} runs (fourth street: of 3)")
    for label, game, hands in spots:
        scenario = Scenario.build(hands, game=game)
        outcomes = scenario.plan.outcomes()
        repeats = 3 if outcomes > 10_000_000 else args.repeats
        cells = []
        for t in threads:
            equity(scenario, method="exact", threads=t)  # compile / load from cache
            seconds = _median_seconds(
                lambda s=scenario, t=t: equity(s, method="exact", threads=t), repeats)
            cells.append(f"{t} thread{'s' if t > 1 else ''}: {seconds:7.3f} s "
                         f"({outcomes / seconds / 1e6:5.1f} M deals/s)")
        print(f"  {label:20s} {outcomes:>11,} deals   " + "   ".join(cells))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--trials", type=int, default=2_000_000)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--fourth-street", action="store_true",
                        help="also enumerate a heads-up fourth-street spot (141M deals)")
    args = parser.parse_args()
    available = default_threads()
    threads = [1, 2] if available >= 2 else [1]
    print(f"CPU: {cpu_model()} ({available} threads available)")
    _sampled(args, threads)
    _exact(args, threads)


if __name__ == "__main__":
    main()
