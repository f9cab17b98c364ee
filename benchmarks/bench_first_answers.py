"""The first answers a player waits for, here and before, in one run (issue 39).

    python benchmarks/bench_first_answers.py [--against REF] [--runs N] [--only WORD]

Three kinds of wait, each the median of N runs (default 5), the trees taking
turns run by run so that both meet the same load (the machine may be shared:
compare the two columns of one run, not figures of different runs):

- cold: a first exact count against an unknown hand or a range, in a fresh
  install (new HOME and XDG_CACHE_HOME, nothing compiled; the background
  compile left as it is by default, and stopped after each command), and
  whether its JSON equals the warm answer's (but for the time);
- outs: ``outs AhKh/Qh 7c7d/2s`` in a new process, its kernels in the cache (a
  cache of the benchmark's own, the heads-up kernels compiled into it first);
- first: the README's first command, ``equity AhKh/Qh 7c7d/2s``, the same way,
  and a razz one against an unknown hand.

Printed per line: the wall seconds (median) and the CPU seconds of the command
(median: less swayed by other load than the wall), for this tree and REF (a git
revision of this repository or a folder holding a ``stud_odds`` package;
default: the commit before issue 39's work, ba48156), and their ratio.  A warm
line first runs its command once per tree, then times it.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench_enumeration import _source_of
from bench_first_use import _environment, _stop_background_compiles

BEFORE = "ba48156"  # the commit before issue 39's work
COLD = [
    ("razz vs an unknown hand", ["-g", "razz", "As2d/3c", "xx/Kh"]),
    ("stud8 vs a range, 4th street", ["-g", "stud8", "Ac2c/3c4d", "[A2, A3, KK]/Ks9c"]),
    ("stud vs a range, 4th street", ["AhKh/Qh8d", "[QQ+, AK]/7c6d"]),
]
WARM = [
    ("outs AhKh/Qh 7c7d/2s", ["outs", "AhKh/Qh", "7c7d/2s"]),
    ("equity AhKh/Qh 7c7d/2s", ["equity", "AhKh/Qh", "7c7d/2s"]),
    ("equity -g razz As2d/3c xx/Kh", ["equity", "-g", "razz", "As2d/3c", "xx/Kh"]),
]


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _timed(command: list[str], environment: dict[str, str], cwd: str
           ) -> tuple[float, float, str]:
    """(wall, CPU seconds, stdout) of ``python -m stud_odds COMMAND``."""
    cpu = _children_cpu()
    started = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "stud_odds", *command], env=environment,
                          capture_output=True, text=True, cwd=cwd)
    wall = time.perf_counter() - started
    if done.returncode:
        sys.exit(f"{' '.join(command)} failed:\n{done.stderr}")
    return wall, _children_cpu() - cpu, done.stdout


def cold(tree: Path, args: list[str]) -> tuple[float, float, str]:
    """(wall, CPU, JSON) of ``equity ARGS --json`` in a fresh install of ``tree``."""
    with tempfile.TemporaryDirectory(prefix="stud-odds-cold-") as folder:
        home = Path(folder)
        try:
            return _timed(["equity", *args, "--json"], _environment(tree, home), folder)
        finally:
            _stop_background_compiles(home)


def _warm_environment(tree: Path, home: Path) -> dict[str, str]:
    """A cache of the benchmark's own under ``home`` (what other programs do to the user's
    cache meanwhile cannot touch it), ``tree`` on the path, no background compile."""
    return _environment(tree, home) | {"STUD_ODDS_BACKGROUND_COMPILE": "0"}


def _prime(tree: Path, environment: dict[str, str], cwd: str) -> None:
    """Compile the heads-up kernels (the warm commands' kernels) into the cache."""
    script = "from stud_odds.engine.warm import warm_up; warm_up(['stud'], ['headsup'])"
    subprocess.run([sys.executable, "-c", script], env=environment, cwd=cwd, check=True)


def _without_time(text: str) -> dict:
    answer = json.loads(text)
    answer.pop("elapsed_s", None)
    return answer


def _row(label: str, samples: dict[str, list[tuple[float, float]]], note: str = "") -> None:
    cells, walls = [], []
    for name, runs in samples.items():
        wall = statistics.median(w for w, _ in runs)
        cpu = statistics.median(c for _, c in runs)
        walls.append(wall)
        cells.append(f"{name} {wall:6.2f} s ({cpu:5.2f} CPU)")
    ratio = f"   now/before {walls[0] / walls[1]:.2f}x" if len(walls) == 2 else ""
    print(f"{label:32} " + "   ".join(cells) + ratio + note, flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--against", default=BEFORE, help=f"default: {BEFORE}")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--only", default="", help="only the lines whose label has WORD")
    args = parser.parse_args()
    keep: list[tempfile.TemporaryDirectory] = []
    trees = {"now": Path(__file__).resolve().parents[1], "before": _source_of(args.against,
                                                                            keep)}
    print(f"{os.cpu_count()} cores, load {os.getloadavg()[0]:.1f}; median of {args.runs} "
          f"runs; before = {args.against}")
    for label, command in COLD:
        if args.only not in label:
            continue
        samples: dict[str, list[tuple[float, float]]] = {name: [] for name in trees}
        answers: dict[str, dict] = {}
        for _ in range(args.runs):
            for name, tree in trees.items():
                wall, cpu, out = cold(tree, command)
                samples[name].append((wall, cpu))
                answers[name] = _without_time(out)
        with tempfile.TemporaryDirectory(prefix="stud-odds-warm-") as folder:
            environment = _warm_environment(trees["now"], Path(folder))
            _prime(trees["now"], environment, folder)
            warm = _without_time(_timed(["equity", *command, "--json"], environment,
                                        folder)[2])
        _row("cold: " + label, samples,
             f"   same JSON as warm: {'yes' if answers['now'] == warm else 'NO'}")
    with tempfile.TemporaryDirectory(prefix="stud-odds-warm-") as folder:
        # a cache per tree: numba keys a kernel's files by its name, and two copies of one
        # source file would overwrite each other's compiled kernels turn by turn
        environments = {name: _warm_environment(tree, Path(folder) / name)
                        for name, tree in trees.items()}
        for name, tree in trees.items():
            _prime(tree, environments[name], folder)
        for label, command in WARM:
            if args.only not in label:
                continue
            for name in trees:  # load what the command needs once (the tables' files)
                _timed(command, environments[name], folder)
            samples = {name: [] for name in trees}
            for _ in range(args.runs):
                for name in trees:
                    wall, cpu, _ = _timed(command, environments[name], folder)
                    samples[name].append((wall, cpu))
            _row("warm: " + label, samples)
    print(f"load {os.getloadavg()[0]:.1f} at the end")


if __name__ == "__main__":
    main()
