"""Heads-up exact tallies (engine/headsup.py): wall time per spot, and against the brute force.

    python benchmarks/bench_exact_headsup.py [--repeats R] [--scoops] [--threads T]
                                             [--fourth-street] [--ranges] [--random]

Each spot runs once to compile (or load the compiled kernels from the cache),
then --repeats times; the figure is the median wall time, and deals/s is the
spot's number of deals over it.  The brute force (the engine's enumeration of
every deal) is timed the same way on a fifth-street spot (and, with
--fourth-street, on a fourth-street one: 141 million deals) for the speed ratio.
The target is third street in under 10 s on 2 cores, with and without the
opponent's hole cards known.  Wall times on a shared machine are noisy: the
CPU seconds are printed too.

--ranges times a hand against ranges both ways in one run: every choice of
hole pairs counted on its own (the old way) and one weighted sweep
(engine/weighted.py), with the cost model's estimate for 2 threads (auto
counts exactly up to 10 s).  Goals on 2 cores: a third-street range of 100+
combinations under 2 s, of 500+ under 5 s.  --random times a known hand
against a random one on third street (9.6e12 deals; goal under 30 s).
--table times the whole exact starting-hand table of each game
(engine/starts.py: every start against one random hand) beside one start
counted on its own as above, in starts per minute both ways (goal: a table
in under an hour on 2 cores).
--twins times weighted counting's numpy twin (engine/twins/weighted.py) beside its
kernels on one thread, CPU seconds (the median; a shared machine sways the wall
far more), on the spots a first question sends to the twin (goal: within 5x).
"""

from __future__ import annotations

import argparse
import statistics
import time
from functools import partial

import numba
from bench_evaluators import cpu_model

from stud_odds.engine import exact, planning, ranged
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
RANGED = [  # label, hands
    ("3rd, 100+ combos", ["AhKh/Qh", "[99+, AK, AQ, AJ, 3flush]/Kd"]),
    ("3rd, 333 combos", ["AhKh/Qh", "[pair, 3flush, 3straight]/Kd"]),
    ("3rd, 500+ combos", ["AhKh/Qh", "[pair, 3flush, 3straight, Ax, Kx, Qx, Jx]/Kd"]),
    ("3rd, two ranges", ["[QQ+, AK, 3flush]/Qh", "[pair, 3straight@0.5]/Kd"]),
    ("5th, wide range", ["AhKh/Qh7c5s", "[random]/Kd8d6d"]),
]
PER_CHOICE_AT_MOST = 2_000  # choices counted one by one in the benchmark (0.1 s each)
RANDOM = ("3rd, against random", ["AhKh/Qh", "random"])
TWIN_SPOTS = [  # game, hands: weighted counting against a range
    ("stud8", ["Ac2c/3c4d", "[A2, A3, KK]/Ks9c"]),
    ("stud", ["AhKh/Qh8d", "[QQ+, AK]/7c6d"]),
    ("razz", ["As2d/3c5h", "[A2, A3, 23]/Kh9c"]),
    ("stud", ["AhKh/Qh", "[AA]/Kd"]),
]
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


def _heads_up(scenario: Scenario, scoops: bool, threads: int):
    return heads_up_tallies(scenario.game, spot_of(scenario, scoops), threads=threads)


def _time_heads_up(scenario: Scenario, args: argparse.Namespace) -> tuple[float, float]:
    _heads_up(scenario, args.scoops, args.threads)  # compile / load from the cache
    return _median_seconds(lambda: _heads_up(scenario, args.scoops, args.threads), args.repeats)


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

            def brute_force(spot=spot, game=scenario.game):
                return enumerate_deals(game, spot, args.threads, None, Job())

            brute_force()  # compile / load from the cache
            brute, _ = _median_seconds(brute_force, args.repeats)
            ours, _ = _time_heads_up(scenario, args)
            print(f"  {game:5s} {label:16s} {deals:>13,} deals  brute force {brute:8.4f} s "
                  f"({deals / brute:9.3g} deals/s)  heads-up {ours:8.4f} s "
                  f"({deals / ours:9.3g} deals/s)  {brute / ours:7.1f}x")


def _ranges(args: argparse.Namespace) -> None:
    print(f"\nAgainst ranges, exact, per choice vs one weighted sweep, median of {args.repeats}"
          f" runs{', scooping hands counted' if args.scoops else ''}")
    for label, hands in RANGED:
        for game in GAMES:
            scenario = Scenario.build(hands, game=game)
            spot, plan = spot_of(scenario, args.scoops), scenario.plan
            listed = ranged.choices(plan, planning.MAX_CHOICES)
            model, seconds = planning.ranged_counting(scenario.game, plan, listed, 2)
            times = []
            for weighted in (False, True):
                if not weighted and len(listed) > PER_CHOICE_AT_MOST:
                    times.append(float("nan"))  # hours: not run
                    continue

                def run(weighted=weighted, game=scenario.game, spot=spot, plan=plan,
                        listed=listed):
                    if weighted:
                        return ranged.weighted_sweep_tallies(
                            game, spot, plan, plan.outcomes() * len(listed), args.threads,
                            None, Job())
                    return ranged.each_choice_tallies(game, spot, plan, listed,
                                                      exact.heads_up, args.threads, None, Job())
                run()  # compile / load from the cache
                times.append(_median_seconds(run, args.repeats)[0])
            print(f"  {game:5s} {label:18s} {len(listed):>6,} choices  per choice "
                  f"{times[0]:7.2f} s  weighted {times[1]:6.2f} s  {times[0] / times[1]:6.1f}x"
                  f"  (auto's model, 2 threads: {seconds:6.2f} s "
                  f"{'weighted' if model is planning.Algorithm.WEIGHTED else 'per choice'})")


def _random(args: argparse.Namespace) -> None:
    label, hands = RANDOM
    print(f"\n{label}, heads_up_tallies, one run each")
    for game in GAMES:
        scenario = Scenario.build(hands, game=game)
        wall, cpu = _median_seconds(
            lambda scenario=scenario: _heads_up(scenario, args.scoops, args.threads), 1)
        print(f"  {game:5s} {' vs '.join(hands):18s} {scenario.plan.outcomes():>17,} deals "
              f"{wall:6.2f} s wall {cpu:6.2f} s CPU")


def _twins(args: argparse.Namespace) -> None:
    from stud_odds.engine import running
    from stud_odds.engine.twins.weighted import weighted_twin
    from stud_odds.engine.weighted import weighted_tallies

    print(f"\nweighted counting, twin against kernels, one thread, median CPU s of "
          f"{args.repeats} runs{', scooping hands counted' if args.scoops else ''}")
    for game, hands in TWIN_SPOTS:
        scenario = Scenario.build(hands, game=game)
        spot, plan = spot_of(scenario, args.scoops), scenario.plan
        ranges = tuple(plan.ranges[p] if p in plan.ranged_players else None for p in range(2))
        question = (spot, ranges)
        weighted_tallies(scenario.game, *question)  # compile / load from the cache
        by_kernel = _median_seconds(partial(weighted_tallies, scenario.game, *question,
                                            threads=1), args.repeats)[1]
        by_twin = _median_seconds(partial(weighted_twin, scenario.game.kernel_id, *question,
                                          running.lookups()), args.repeats)[1]
        print(f"  {game:5s} {' vs '.join(hands):34s} kernels {by_kernel:6.2f} s  twin "
              f"{by_twin:6.2f} s  {by_twin / by_kernel:5.1f}x")


def _table(args: argparse.Namespace) -> None:
    from stud_odds.engine.starts import start_table

    label, hands = RANDOM
    print("\nthe exact starting-hand table (1,755 starts) beside one start on its own")
    for game in GAMES:
        scenario = Scenario.build(hands, game=game)
        one, one_cpu = _median_seconds(
            lambda scenario=scenario: _heads_up(scenario, False, args.threads), 1)
        table, table_cpu = _median_seconds(lambda game=scenario.game: start_table(game), 1)
        print(f"  {game:5s} table {table:7.1f} s wall {table_cpu:7.1f} s CPU "
              f"= {1755 * 60 / table:8.0f} starts/min | one start ({' vs '.join(hands)}) "
              f"{one:5.1f} s wall = {60 / one:4.1f} starts/min, "
              f"a table {1755 * one / 3600:4.1f} h")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--scoops", action="store_true", help="count the scooping hands too")
    parser.add_argument("--threads", type=int, default=numba.config.NUMBA_NUM_THREADS)
    parser.add_argument("--fourth-street", action="store_true",
                        help="also time the brute force on fourth street (141M deals)")
    parser.add_argument("--ranges", action="store_true",
                        help="only time ranges: per choice against one weighted sweep")
    parser.add_argument("--random", action="store_true",
                        help="only time a known hand against a random one on third street")
    parser.add_argument("--table", action="store_true",
                        help="only time the exact starting-hand tables (minutes)")
    parser.add_argument("--twins", action="store_true",
                        help="only time weighted counting's numpy twin beside its kernels")
    args = parser.parse_args()
    print(f"CPU: {cpu_model()}, {args.threads} of {numba.config.NUMBA_NUM_THREADS} threads")
    if args.ranges:
        _ranges(args)
    if args.random:
        _random(args)
    if args.table:
        _table(args)
    if args.twins:
        _twins(args)
    if not (args.ranges or args.random or args.table or args.twins):
        _third_street(args)
        _against_brute_force(args)


if __name__ == "__main__":
    main()
