"""Outs tables, warm: stud_odds.outs() beside a loop of one equity() per card, in one run.

    python benchmarks/bench_outs.py [--repeats R] [--against TREE]

The spots are the issue's: heads-up on third street and on fifth (every card
exact), and three players on fourth street sampled to 0.3 points per card.
The kernels are compiled first (warm_up), and each figure is the median wall
time of R runs, the two ways taking turns.  The loop asks equity() of each
card's spot (the card dealt to player 1, an unseen card to the others) to the
same precision, as a script without outs() would.

--against TREE times outs() here and in TREE (a folder holding a ``stud_odds``
package, or a git revision: e.g. the commit before a change) instead, each
tree in a process of its own with a kernel cache of its own, the trees taking
turns run by run: the medians side by side (CPU seconds too: less swayed by
other load than the wall).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

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


def _worker(label: str) -> None:
    """One outs() of spot ``label`` (after one to load), as JSON: wall and CPU seconds."""
    _, hands, precision = next(spot for spot in SPOTS if spot[0] == label)
    scenario = Scenario.build(hands)
    _outs(scenario, precision)
    started, cpu = time.perf_counter(), time.process_time()
    _outs(scenario, precision)
    print(json.dumps([time.perf_counter() - started, time.process_time() - cpu]))


def _against(tree: str, repeats: int) -> None:
    sys.path.insert(0, str(Path(__file__).parent))
    from bench_enumeration import _source_of

    keep: list[tempfile.TemporaryDirectory] = []
    trees = {"now": Path(__file__).resolve().parents[1], "before": _source_of(tree, keep)}
    with tempfile.TemporaryDirectory(prefix="stud-odds-outs-") as folder:
        environments = {name: dict(os.environ, PYTHONPATH=str(source),
                                   STUD_ODDS_CACHE_DIR=str(Path(folder) / name),
                                   STUD_ODDS_BACKGROUND_COMPILE="0")
                        for name, source in trees.items()}
        for name, source in trees.items():  # each tree's stud kernels into its cache
            subprocess.run([sys.executable, "-c", "import stud_odds; stud_odds.warm_up(['stud'])"],
                           env=environments[name], cwd=source, check=True)
        print(f"{os.cpu_count()} cores, load {os.getloadavg()[0]:.1f}; outs() warm, median of "
              f"{repeats} runs, a process each; before = {tree}")
        for label, _, _ in SPOTS:
            runs: dict[str, list[list[float]]] = {name: [] for name in trees}
            for _ in range(repeats):
                for name, source in trees.items():
                    done = subprocess.run(
                        [sys.executable, __file__, "--worker", label], env=environments[name],
                        cwd=source, capture_output=True, text=True, check=True)
                    runs[name].append(json.loads(done.stdout.splitlines()[-1]))
            walls = {name: statistics.median(w for w, _ in times) for name, times in runs.items()}
            cells = "   ".join(f"{name} {walls[name]:6.2f} s "
                               f"({statistics.median(c for _, c in runs[name]):5.2f} CPU)"
                               for name in trees)
            print(f"  {label:24s} {cells}   now/before {walls['now'] / walls['before']:.2f}x")
        print(f"load {os.getloadavg()[0]:.1f} at the end")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--against", help="a tree or git revision to time outs() beside")
    parser.add_argument("--worker", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        return _worker(args.worker)
    if args.against:
        return _against(args.against, args.repeats)
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
    return None


if __name__ == "__main__":
    main()
