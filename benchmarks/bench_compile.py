"""Cold compile time of every kernel, and the first commands a new user types, on an empty cache.

    python benchmarks/bench_compile.py [--against REF ...] [--only WORD]

Every figure comes from a fresh Python process with an empty cache of its own
(``STUD_ODDS_CACHE_DIR`` in a temporary folder), for this source tree and each
REF (a git commit, branch or tag of this repository, or a folder holding a
``stud_odds`` package), side by side in one run:

- each kernel (method x game) alone: the seconds numba takes to compile it,
  the evaluator tables already built, as wall and CPU time of that process
  (CPU time is the steadier figure on a shared machine: compiling is one
  thread);
- all nine kernels one after another in one process and one cache (what a
  warm-up or the test suite's first run pays; shared pieces compile once);
- the first command of each kind of question (issue 25's table), each in a
  fresh cache: its whole wall and the CPU of the process, start-up, tables,
  compiling and computing included.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench_enumeration import _source_of

METHODS = ("exact", "monte_carlo", "heads_up")
GAMES = ("stud", "stud8", "razz")
FIRST_COMMANDS = [
    ("stud heads-up counting", ["AhKh/Qh", "7c7d/2s"]),
    ("stud enumeration (one showdown)", ["AsKs2d/QhJhTh9c", "7c7d2s/8h9hTd2h"]),
    ("stud sampling", ["AhKh/Qh", "7c7d/2s", "xx/9d"]),
    ("stud8 sampling", ["-g", "stud8", "Ac2c/3c", "KsKh/4s", "xx/7h"]),
]

# run in the child: compile the kernels named in argv, print {kernel: [wall, cpu]}
_CHILD = """
import json, sys, time
from stud_odds.engine import running
from stud_odds.games import Game
running.lookups()  # the tables are not compiling: build them first
found = {}
for name in sys.argv[1:]:
    method, game_name = name.split()
    game = Game(game_name)
    if hasattr(running, "_GAME_NAMES"):  # a tree before issue 40: the kernels' integer
        game = game.kernel_id
    wall, cpu = time.perf_counter(), time.process_time()
    if method == "heads_up":
        from stud_odds.engine.headsup import heads_up_tallies
        tiny = running.tiny_spot(0)
        running.compiled("heads_up", game, lambda: heads_up_tallies(game, tiny))
    else:
        running.kernel(method, game)
    found[name] = [time.perf_counter() - wall, time.process_time() - cpu]
print(json.dumps(found))
"""


def _child_env(source: Path, cache: str) -> dict[str, str]:
    environment = {k: v for k, v in os.environ.items() if not k.startswith("NUMBA_")}
    return dict(environment, PYTHONPATH=str(source), STUD_ODDS_CACHE_DIR=cache)


def _compile(source: Path, kernels: list[str]) -> dict[str, list[float]]:
    with tempfile.TemporaryDirectory(prefix="stud-odds-cold-") as cache:
        done = subprocess.run([sys.executable, "-c", _CHILD, *kernels], capture_output=True,
                              text=True, env=_child_env(source, cache), cwd=source)
    if done.returncode:
        sys.exit(f"{source}: {done.stderr.strip()}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def _first_command(source: Path, args: list[str]) -> tuple[float, float]:
    """(wall, CPU seconds) of one cold ``stud-odds equity`` command."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    with tempfile.TemporaryDirectory(prefix="stud-odds-cold-") as cache:
        started = time.perf_counter()
        done = subprocess.run([sys.executable, "-m", "stud_odds", "equity", *args, "--seed", "1"],
                              capture_output=True, text=True, env=_child_env(source, cache),
                              cwd=source)
        wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode:
        sys.exit(f"{source}: stud-odds equity {' '.join(args)} failed:\n{done.stderr}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--against", action="append", default=[], metavar="REF",
                        help="a git revision or a folder with a stud_odds package (repeatable)")
    parser.add_argument("--only", default="", help="only the rows whose label holds this")
    args = parser.parse_args()
    keep: list[tempfile.TemporaryDirectory] = []
    sources = {"this tree": Path(__file__).resolve().parent.parent}
    sources |= {ref: _source_of(ref, keep) for ref in args.against}
    kernels = [f"{method} {game}" for method in METHODS for game in GAMES]
    rows: dict[str, dict[str, tuple[float, float]]] = {}  # label -> version -> (wall, cpu)

    def add(label: str, name: str, figures: tuple[float, float]) -> None:
        rows.setdefault(label, {})[name] = figures
        print(f"  {name}: {label}: {figures[0]:.1f} s wall, {figures[1]:.1f} s CPU",
              file=sys.stderr)

    jobs = [(f"compile {kernel}", lambda source, k=kernel: tuple(_compile(source, [k])[k]))
            for kernel in kernels]
    jobs.append(("all nine kernels, one cache", lambda source: tuple(
        map(sum, zip(*_compile(source, kernels).values(), strict=True)))))
    jobs += [(f"first {label}", lambda source, c=command: _first_command(source, c))
             for label, command in FIRST_COMMANDS]
    for label, measure in jobs:
        if args.only in label:
            for name, source in sources.items():  # the versions take turns, row by row
                add(label, name, measure(source))
    names = list(sources)
    print("seconds, wall / CPU, each in a fresh process with an empty cache")
    print(f"  {'':42s}" + "".join(f" {name[:16]:>16s}" for name in names))
    for label, figures in rows.items():
        print(f"  {label:42s}" + "".join(
            f" {figures[n][0]:7.1f} /{figures[n][1]:6.1f}" if n in figures else f" {'':>16s}"
            for n in names))


if __name__ == "__main__":
    main()
