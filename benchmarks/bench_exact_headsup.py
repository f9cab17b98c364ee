"""Heads-up exact tallies (engine/headsup.py): wall time per spot, and against the brute force.

    python benchmarks/bench_exact_headsup.py [--repeats R] [--scoops] [--threads T]
                                             [--fourth-street]

Each spot runs once to compile (or load the compiled kernels from the cache),
then --repeats times; the figure is the median wall time, and deals/s is the
spot's number of deals over it.  The brute force (the engine's enumeration of
every deal) is timed the same way on a fifth-street spot (and, with
--fourth-street, on a fourth-street one: 141 million deals) for the speed ratio.
The target is third street in under 10 s on 2 cores, with and without the
opponent's hole cards known.  Wall times on a shared machine are noisy: the
CPU seconds are printed too.
"""

from __future__ import annotations

import argparse
import statistics
import time

import numba
from bench_evaluators import cpu_model

from stud_odds.engine.exact import enumerate_deals
from stud_odds.engine.headsup import heads_up_tallies
from stud_odds.engine.job import Job
from stud_odds.engine.running import spot_of
from stud_odds.scenario import Scenario

THIRD_STREET = [
    ("3rd, all known", ["AhKh/Qh", "7c7d/2s"]),
    ("3rd, hole cards unknown", ["AhKh/Qh", "xx/2s"]),
]
FIFTH_STREET = ("5th, all known", ["8s8d/3cKhKd", "9hTh/JhQh2c"])
FOURTH_STREET = ("4th, all known", ["8s8d/3cKh", "9hTh/JhQh"])
GAMES = ("stud", "stud8", "razz")
TARGET_SECONDS = 10.0


def _median_seconds(run, repeats: int) -> tuple[float, float]:
    """Median wall and CPU seconds of `repeats` runs."""
    wall, cpu = [], []
    for _ in range(repeats):
        started, cpu_started = time.perf_counter(), time.process_time()
        run()
        wall.append(time.perf_counter() - started)
        cpu.append(time.process_time() - cpu_started)
    return statistics.median(wall), statistics.median(cpu)


def _heads_up(scenario: Scenario, scoops: bool):
    return heads_up_tallies(scenario.game.kernel_id, spot_of(scenario, scoops))


def _time_heads_up(scenario: Scenario, args: argparse.Namespace) -> tuple[float, float]:
    _heads_up(scenario, args.scoops)  # compile / load from the cache
    return _median_seconds(lambda: _heads_up(scenario, args.scoops), args.repeats)


def _third_street(args: argparse.Namespace) -> None:
    print(f"\nThird street, heads_up_tallies, median of {args.repeats} runs"
          f"{', scooping hands counted' if args.scoops else ''}")
    for label, hands in THIRD_STREET:
        for game in GAMES:
            scenario = Scenario.build(hands, game=game)
            deals = scenario.plan.outcomes()
            wall, cpu = _time_heads_up(scenario, args)
            verdict = "" if wall < TARGET_SECONDS else f"  (over the {TARGET_SECONDS:.0f} s target)"
            print(f"  {game:5s} {label:24s} {' vs '.join(hands):18s} {deals:>17,} deals "
                  f"{wall:6.2f} s wall {cpu:6.2f} s CPU  {deals / wall:9.3g} deals/s{verdict}")


def _against_brute_force(args: argparse.Namespace) -> None:
    spots = [FIFTH_STREET] + ([FOURTH_STREET] if args.fourth_street else [])
    print(f"\nAgainst the brute force (engine enumeration), median of {args.repeats} runs")
    for label, hands in spots:
        for game in GAMES:
            scenario = Scenario.build(hands, game=game)
            deals = scenario.plan.outcomes()
            spot = spot_of(scenario, args.scoops)

            def brute_force(spot=spot, game=scenario.game.kernel_id):
                return enumerate_deals(game, spot, args.threads, None, Job())

            brute_force()  # compile / load from the cache
            brute, _ = _median_seconds(brute_force, args.repeats)
            ours, _ = _time_heads_up(scenario, args)
            print(f"  {game:5s} {label:16s} {deals:>13,} deals  brute force {brute:8.4f} s "
                  f"({deals / brute:9.3g} deals/s)  heads-up {ours:8.4f} s "
                  f"({deals / ours:9.3g} deals/s)  {brute / ours:7.1f}x")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--scoops", action="store_true", help="count the scooping hands too")
    parser.add_argument("--threads", type=int, default=numba.config.NUMBA_NUM_THREADS)
    parser.add_argument("--fourth-street", action="store_true",
                        help="also time the brute force on fourth street (141M deals)")
    args = parser.parse_args()
    numba.set_num_threads(args.threads)
    print(f"CPU: {cpu_model()}, {args.threads} of {numba.config.NUMBA_NUM_THREADS} threads")
    _third_street(args)
    _against_brute_force(args)


if __name__ == "__main__":
    main()
