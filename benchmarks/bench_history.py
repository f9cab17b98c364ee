"""``stud-odds history`` speed: parsing alone, and replaying hands that reach 7th street.

    python benchmarks/bench_history.py [--hands 1000] [--parse-hands 20000] [--threads T]

Hands come from tests/history_maker.py (random deals, mixed games, 2 to 8
players, names with spaces, brackets, dots and accents), written to a
temporary folder.  Targets (issue #13): parsing at least 5,000 hands/s, and
1,000 hands with equity on every street in under a minute on 2 cores.

The replay is timed end to end through the command line (a subprocess,
``--out`` to a file), after a small warm-up run so that compiling the kernels
(first run only) is not counted.
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from history_maker import make_file, write  # noqa: E402

from stud_odds.history import HandHistory, read  # noqa: E402


def parse_speed(folder: Path, hands: int) -> None:
    path = folder / "parse.txt"
    write(path, make_file(random.Random(1), hands))
    size = path.stat().st_size
    timings, cpu = [], []
    for _ in range(3):
        start, start_cpu = time.perf_counter(), time.process_time()
        count = sum(isinstance(hand, HandHistory) for hand in read(path))
        timings.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
    best = min(timings)
    print(f"parse: {count:,} hands ({size / 1e6:.1f} MB, {count and size // count:,} bytes a "
          f"hand) in {best:.2f} s wall (best of 3): {count / best:,.0f} hands/s, "
          f"{size / 1e6 / best:.1f} MB/s; {count / min(cpu):,.0f} hands per CPU second  "
          "[target >= 5,000 hands/s]")


def replay_speed(folder: Path, hands: int, threads: int | None) -> None:
    rng = random.Random(2)
    # every hand reaches 7th street: 2 to 4 players there, 2 to 8 dealt in
    made = []
    for index in range(hands):
        players = rng.randint(2, 8)
        made.extend(make_file(rng, 1, first_id=400000000000 + index, players=players,
                              to_river=rng.randint(2, min(4, players))))
    path = folder / "replay.txt"
    write(path, made)
    warm = folder / "warm.txt"
    write(warm, made[:3])
    command = [sys.executable, "-m", "stud_odds", "history"]
    extra = ["--threads", str(threads)] if threads else []
    subprocess.run([*command, str(warm), "--out", str(folder / "warm.jsonl"), *extra],
                   check=True, capture_output=True)
    streets = sum(hand.last_street - 2 for hand in made)
    showdowns = sum(hand.showdown for hand in made)
    start, before = time.perf_counter(), os.times()
    done = subprocess.run([*command, str(path), "--out", str(folder / "replay.jsonl"), *extra],
                          capture_output=True, text=True)
    elapsed, after = time.perf_counter() - start, os.times()
    cpu = (after.children_user - before.children_user
           + after.children_system - before.children_system)
    if done.returncode != 0:
        sys.exit(f"stud-odds history failed ({done.returncode}):\n{done.stderr}")
    print(f"replay: {hands:,} hands to 7th street ({streets:,} streets, {showdowns:,} showdowns "
          f"with a second view) in {elapsed:.1f} s wall, {cpu:.1f} s CPU, "
          f"{elapsed / hands * 1000:.1f} ms a hand; {os.cpu_count()} cores"
          f"{f', {threads} threads' if threads else ''}  [target < 60 s for 1,000]")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=1000, help="hands to replay")
    parser.add_argument("--parse-hands", type=int, default=20000, help="hands to parse")
    parser.add_argument("--threads", type=int, default=None)
    args = parser.parse_args()
    print("load average before: {:.2f} {:.2f} {:.2f} (other work on the machine slows "
          "the wall-clock figures)".format(*os.getloadavg()))
    with tempfile.TemporaryDirectory() as folder:
        parse_speed(Path(folder), args.parse_hands)
        replay_speed(Path(folder), args.hands, args.threads)
    print("load average after: {:.2f} {:.2f} {:.2f}".format(*os.getloadavg()))


if __name__ == "__main__":
    main()
