"""A batch on a Dask ``LocalCluster`` of 1, 2 and 4 worker processes: the speed-up per worker.

    python benchmarks/bench_cluster.py [--spots 200] [--trials 1M] [--workers 1,2,4]
                                       [--rounds 3]

Each worker is one process with one thread (``dask worker --nthreads 1``), so
N workers use N cores at most: the speed-up should be near N up to the cores
of the machine and flat beyond (on the 2-core machine this was written on, 4
workers cannot beat 2).  The clusters are started and warmed up first (the
kernels compiled or loaded, not timed); then every size runs the same batch
once per round, sizes interleaved, and the median wall time is reported.
A local run on one thread (``--threads 1``, no dask) shows what the cluster
adds per spot.  Every run must write the same records (all but the time each
spot took): the benchmark stops if one differs.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import time
from contextlib import ExitStack
from typing import Any

from distributed import LocalCluster

from stud_odds.cluster import runner
from stud_odds.study import read_spots, run_batch
from stud_odds.study.common import run_here

HANDS = [["AhKh/Qh", "7c7d/2s", "xx/9d"], ["Ac2c/3c", "KsKh/4s", "xx/7h", "5d6d/8d"],
         ["AsKs/QhJh", "7c7d/2s3h", "xx/9d9h"]]
GAMES = ["stud", "stud8", "razz"]


def spots_text(count: int, trials: str) -> str:
    """``count`` Monte Carlo spots: three-way and four-way, every game, a seed each."""
    lines = []
    for index in range(count):
        lines.append(json.dumps({"id": f"s{index}", "game": GAMES[index % 3],
                                 "hands": HANDS[index // 3 % 3], "trials": trials,
                                 "seed": index}))
    return "\n".join(lines) + "\n"


def run(text: str, run_with: Any, threads: int | None) -> tuple[float, list[dict]]:
    records: list[dict] = []
    start = time.perf_counter()
    run_batch(read_spots(text, "jsonl"), records.append, _fail, threads, run=run_with)
    return time.perf_counter() - start, records


def _fail(number: int, error: Exception) -> None:
    raise SystemExit(f"spot {number} failed: {error}")


def _same(records: list[dict]) -> list[dict]:
    return [{k: v for k, v in r.items() if k != "elapsed_s"} for r in records]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--spots", type=int, default=200)
    parser.add_argument("--trials", default="1M")
    parser.add_argument("--workers", default="1,2,4")
    parser.add_argument("--rounds", type=int, default=3)
    options = parser.parse_args()
    sizes = [int(n) for n in options.workers.split(",")]
    text = spots_text(options.spots, options.trials)
    print(f"{options.spots} spots of {options.trials} trials each (3- and 4-way, stud, stud8, "
          f"razz); {os.cpu_count()} cores here; median of {options.rounds} interleaved rounds")

    times: dict[Any, list[float]] = {n: [] for n in ["local", *sizes]}
    with ExitStack() as stack:
        ready = {}
        for n in sizes:
            local = stack.enter_context(LocalCluster(n_workers=n, threads_per_worker=1,
                                                     processes=True, dashboard_address=":0"))
            ready[n] = stack.enter_context(runner(local.scheduler_address, GAMES,
                                                  ("monte-carlo",)))  # warmed up
        _, reference = run(text, run_here, 1)  # also loads this process's kernels
        for _ in range(options.rounds):
            seconds, local_records = run(text, run_here, 1)
            times["local"].append(seconds)
            for n in sizes:
                seconds, records = run(text, ready[n], None)
                if _same(records) != _same(reference):
                    raise SystemExit(f"{n} workers wrote other records than the local run")
                times[n].append(seconds)

    task_seconds = sum(r["elapsed_s"] for r in local_records)
    local = statistics.median(times["local"])
    print(f"local, one thread, no dask: {local:6.2f} s  ({options.spots / local:5.1f} spots/s;"
          f" equity() calls {task_seconds:.2f} s of it)")
    first = statistics.median(times[sizes[0]])
    for n in sizes:
        wall = statistics.median(times[n])
        ideal = min(n, os.cpu_count() or 1) / min(sizes[0], os.cpu_count() or 1)
        print(f"{n} worker{'s' if n > 1 else ' '}:                  {wall:6.2f} s  "
              f"({options.spots / wall:5.1f} spots/s)  speed-up x{first / wall:.2f} over "
              f"{sizes[0]} (ideal on this machine x{ideal:g})")
    print("records identical to the local run in every round")


if __name__ == "__main__":
    main()
