"""Exhaustive enumeration (and sampling) speed per thread, against another version in the same run.

    python benchmarks/bench_enumeration.py [--against REF ...] [--repeats R]
                                           [--spots WORD] [--monte-carlo] [--twins]

Every figure is measured in this run: each version (this source tree, and
each REF: a git commit, branch or tag of this repository, or a folder holding
a ``stud_odds`` package) runs in its own Python process with its own compiled
-kernel cache, on one thread, one spot after another, after a first untimed
call of each spot (compiling or loading the kernels).  The versions take turns,
--repeats rounds, and the figure is the median over the rounds of deals (or
trials) per CPU-second: CPU time, not wall time, because the machine is
shared.  The kernels are compiled (warm_up) before any spot; --twins adds a
column of this tree's numpy twins (engine/twins/), which answer while a kernel
is not compiled yet.  With --monte-carlo the sampled spots are timed instead (2 million
trials, seed 1).

The spots are 4th and 5th street, 3- and 4-way, every game, with unknown
hole cards and dead cards (folded players' upcards) so that one enumeration
takes a second or two.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from io import BytesIO
from pathlib import Path

HERE = Path(__file__).resolve().parent
SOURCE = HERE.parent

FOLDED = "2c 2d 3c 3d 4c 4d 5c 5d 6c 6d 7c 7d 8c 8d 9c 9d Tc Td Jc Jd Qc Qd Kc Kd Ac Ad"
# (label, hands, dead cards): every game is timed on each
ENUMERATED = [
    ("3-way 4th", ["AsKs/QhJh", "9h9s/Th8h", "7h6h/5s4s"], FOLDED[:68]),
    ("3-way 4th, xx", ["Asx/QhJh", "9h9s/Th8h", "7h6h/5s4s"], FOLDED[:74]),
    ("3-way 5th", ["AsKs/QhJh2h", "9h9s/Th8h3s", "7h6h/5s4s3h"], FOLDED[:26]),
    ("3-way 5th, xx", ["AsKs/QhJh2h", "9hx/Th8h3s", "7h6h/5s4s3h"], FOLDED[:47]),
    ("4-way 4th", ["AsKs/QhJh", "9h9s/Th8h", "7h6h/5s4s", "Ah2s/Kh3s"], FOLDED[:65]),
    ("4-way 5th, xx", ["AsKs/QhJh2h", "9hx/Th8h3s", "7h6h/5s4s3h", "Ah8s/Kh2s6s"],
     FOLDED[:53]),
]
SAMPLED = [
    ("heads-up 3rd", ["AhKh/Qh", "7c7d/2s"], ""),
    ("3-way 3rd", ["AhKh/Qh", "7c7d/2s", "3c4c/5c"], ""),
    ("3-way 5th", ["AsKs/QhJh2h", "9h9s/Th8h3s", "7h6h/5s4s3h"], ""),
]
GAMES = ("stud", "stud8", "razz")
TRIALS = 2_000_000


def _worker(spots: list[tuple[str, list[str], str]], monte_carlo: bool, twins: bool) -> None:
    """Time every spot once (after an untimed call) and print {label: [count, CPU s]}:
    by the kernels (compiled first), or with ``twins`` by their numpy twins."""
    from stud_odds.engine import equity, kernel_choice, running
    from stud_odds.scenario import Scenario

    if twins:
        kernel_choice.kernel_answers = lambda *arguments, **keywords: False
        running.in_cache = lambda *arguments: False
    else:
        from stud_odds import warm_up

        warm_up(GAMES, ["sample" if monte_carlo else "enumerate"])

    options = ({"method": "monte-carlo", "trials": TRIALS, "seed": 1} if monte_carlo
               else {"method": "exact"})
    found = {}
    for label, hands, dead in spots:
        for game in GAMES:
            scenario = Scenario.build(hands, game=game, dead=dead)
            equity(scenario, threads=1, **options)  # compile, or load from the cache
            started = time.process_time()
            result = equity(scenario, threads=1, **options)
            found[f"{game} {label}"] = [result.outcomes, time.process_time() - started]
    print(json.dumps(found))


def _source_of(ref: str, keep: list[tempfile.TemporaryDirectory]) -> Path:
    """A folder holding the stud_odds package of `ref` (a folder, or a git revision)."""
    if (Path(ref) / "stud_odds").is_dir():
        return Path(ref).resolve()
    archive = subprocess.run(["git", "-C", str(SOURCE), "archive", ref, "stud_odds"],
                             capture_output=True, check=True).stdout
    folder = tempfile.TemporaryDirectory(prefix="stud-odds-bench-")
    keep.append(folder)
    with tarfile.open(fileobj=BytesIO(archive)) as tar:
        tar.extractall(folder.name, filter="data")
    return Path(folder.name)


def _run(source: Path, cache: Path, args: argparse.Namespace, twins: bool
         ) -> dict[str, list[float]]:
    env = dict(os.environ, PYTHONPATH=str(source), STUD_ODDS_CACHE_DIR=str(cache),
               STUD_ODDS_BACKGROUND_COMPILE="0")
    command = [sys.executable, str(Path(__file__).resolve()), "--worker",
               "--spots", args.spots] + (["--monte-carlo"] if args.monte_carlo else []) \
        + (["--twins"] if twins else [])
    done = subprocess.run(command, env=env, capture_output=True, text=True, cwd=source)
    if done.returncode:
        sys.exit(f"{source}: {done.stderr.strip().splitlines()[-1]}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def _spots(args: argparse.Namespace) -> list[tuple[str, list[str], str]]:
    spots = SAMPLED if args.monte_carlo else ENUMERATED
    return [spot for spot in spots if args.spots in spot[0]]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--against", action="append", default=[], metavar="REF",
                        help="a git revision or a folder with a stud_odds package (repeatable)")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--spots", default="", help="only the spots whose label holds this")
    parser.add_argument("--monte-carlo", action="store_true",
                        help=f"time sampling ({TRIALS:,} trials) instead of enumeration")
    parser.add_argument("--twins", action="store_true",
                        help="time this tree's numpy twins too (a column of their own)")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        _worker(_spots(args), args.monte_carlo, args.twins)
        return
    keep: list[tempfile.TemporaryDirectory] = []
    versions = {"this tree": SOURCE} | {ref: _source_of(ref, keep) for ref in args.against}
    if args.twins:
        versions["numpy twins"] = SOURCE
    caches = {name: Path(tempfile.gettempdir()) / f"stud-odds-bench-cache-{i}-{os.getuid()}"
              for i, name in enumerate(versions)}
    rates: dict[str, dict[str, list[float]]] = {name: {} for name in versions}
    for round_number in range(args.repeats):
        for name, source in versions.items():  # the versions take turns
            twins = name == "numpy twins"
            for label, (count, seconds) in _run(source, caches[name], args, twins).items():
                rates[name].setdefault(label, []).append(count / seconds)
        print(f"round {round_number + 1} of {args.repeats} done", file=sys.stderr)
    unit = "trials" if args.monte_carlo else "deals"
    names = list(versions)
    print(f"M {unit} per CPU-second, one thread, median of {args.repeats} interleaved rounds")
    print(f"  {'spot':24s}" + "".join(f" {name[:14]:>14s}" for name in names)
          + "".join(f"  vs {name[:10]:>10s}" for name in names[1:]))
    for label in rates[names[0]]:
        medians = [statistics.median(rates[name][label]) / 1e6 for name in names]
        print(f"  {label:24s}" + "".join(f" {m:14.1f}" for m in medians)
              + "".join(f"  {medians[0] / m:12.2f}x" for m in medians[1:]))


if __name__ == "__main__":
    main()
