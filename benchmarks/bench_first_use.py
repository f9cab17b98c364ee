"""A new user's first minute: each first command in a fresh cache, here and before, in one run.

    python benchmarks/bench_first_use.py [--against REF ...] [--only WORD] [--no-serve]

Each command runs as ``python -m stud_odds ...`` in a process of its own with a
new, empty cache, HOME and XDG_CACHE_HOME (a fresh install's first run), for
this source tree and each REF (a git revision of this repository, or a folder
holding a ``stud_odds`` package; default: the commit before issue 29,
ba07a37), the trees taking turns command by command so that both meet the
same load.  Printed per command: the wall seconds until it exits and its own
CPU seconds (the background compile it starts is not counted: it runs in a
session of its own, and is stopped before the next command so that every
command meets an idle machine).  Then, warm (its kernels in the cache), the
README's first command in a new process, and ``serve``: the seconds from
start to the printed URL and to the first heads-up answer, cold.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import resource
import signal
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from bench_enumeration import _source_of

BEFORE = "ba07a37"  # the commit before issue 29
FIRST_COMMANDS = [
    ("stud heads-up counting", ["AhKh/Qh", "7c7d/2s"]),
    ("stud8 heads-up counting", ["-g", "stud8", "AhKh/Qh", "7c7d/2s"]),
    ("razz heads-up counting", ["-g", "razz", "As2s/3h", "7c7d/Ks"]),
    ("stud 3-way exact (fifth street)", ["AhKh/Qh8d5c", "7c7s/2s9c3d", "QsJs/Ts3h4h"]),
    ("stud sampling", ["AhKh/Qh", "7c7d/2s", "xx/9d"]),
    ("stud8 sampling", ["-g", "stud8", "AhKh/Qh", "7c7d/2s", "xx/9d"]),
    ("razz sampling", ["-g", "razz", "As2s/3h", "7c7d/Ks", "xx/9d"]),
]
WARM_COMMAND = ["AhKh/Qh", "7c7d/2s"]


def _environment(source: Path, home: Path) -> dict[str, str]:
    """A new user's environment: nothing cached, the source tree on the path."""
    (home / "cache").mkdir(parents=True, exist_ok=True)
    environment = {key: value for key, value in os.environ.items()
                   if not key.startswith("STUD_ODDS_")}
    return environment | {"PYTHONPATH": str(source), "HOME": str(home),
                          "XDG_CACHE_HOME": str(home / "cache"), "COLUMNS": "100"}


def _stop_background_compiles(home: Path) -> None:
    """End the background compile a command left (so the next one meets an idle machine):
    the processes of stud_odds.compiling whose HOME is ``home``."""
    for process in Path("/proc").glob("[0-9]*"):
        try:
            command = (process / "cmdline").read_bytes()
            environment = (process / "environ").read_bytes().split(b"\0")
        except OSError:
            continue
        if b"stud_odds.compiling" in command and f"HOME={home}".encode() in environment:
            try:
                os.kill(int(process.name), signal.SIGTERM)
            except ProcessLookupError:
                pass


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def first_command(source: Path, args: list[str], seed: bool = True) -> tuple[float, float, str]:
    """(wall, CPU seconds, output) of ``stud-odds equity ARGS`` on a fresh install."""
    with tempfile.TemporaryDirectory(prefix="stud-odds-first-") as folder:
        home = Path(folder)
        cpu = _children_cpu()
        started = time.perf_counter()
        done = subprocess.run([sys.executable, "-m", "stud_odds", "equity", *args,
                               *(["--seed", "1"] if seed else []), "--json"],
                              env=_environment(source, home), capture_output=True, text=True,
                              cwd=folder)
        wall = time.perf_counter() - started
        cpu = _children_cpu() - cpu
        _stop_background_compiles(home)
        if done.returncode:
            sys.exit(f"{source}: equity {' '.join(args)} failed:\n{done.stderr}")
        return wall, cpu, done.stdout


def warm_command(source: Path, args: list[str], repeats: int = 5) -> float:
    """Median wall of ``equity ARGS`` in new processes, its kernels in the cache."""
    with tempfile.TemporaryDirectory(prefix="stud-odds-warm-") as folder:
        environment = _environment(source, Path(folder))
        command = [sys.executable, "-m", "stud_odds", "equity", *args]
        script = "import stud_odds; stud_odds.warm_up()"
        subprocess.run([sys.executable, "-c", script], env=environment, check=True, cwd=folder)
        walls = []
        for _ in range(repeats):
            started = time.perf_counter()
            subprocess.run(command, env=environment, check=True, capture_output=True, cwd=folder)
            walls.append(time.perf_counter() - started)
        return sorted(walls)[len(walls) // 2]


def serve_times(source: Path) -> tuple[float, float]:
    """Seconds from ``serve`` starting to its URL, and to its first heads-up answer (cold)."""
    with tempfile.TemporaryDirectory(prefix="stud-odds-serve-") as folder:
        home = Path(folder)
        started = time.perf_counter()
        server = subprocess.Popen([sys.executable, "-m", "stud_odds", "serve", "--port", "0"],
                                  env=_environment(source, home), stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL, text=True, cwd=folder,
                                  start_new_session=True)
        try:
            line = server.stdout.readline()
            to_url = time.perf_counter() - started
            url = re.search(r"http://\S+/", line)[0]
            body = json.dumps({"hands": WARM_COMMAND}).encode()
            request = urllib.request.Request(url + "api/equity", data=body,
                                             headers={"Content-Type": "application/json",
                                                      "Origin": url.rstrip("/")})
            with urllib.request.urlopen(request, timeout=300) as answer:
                json.load(answer)
            return to_url, time.perf_counter() - started
        finally:
            os.killpg(server.pid, signal.SIGTERM)
            server.wait()
            _stop_background_compiles(home)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--against", action="append", help=f"default: {BEFORE}")
    parser.add_argument("--only", default="", help="only the commands whose label has WORD")
    parser.add_argument("--no-serve", action="store_true")
    args = parser.parse_args()
    keep: list[tempfile.TemporaryDirectory] = []
    trees = {"now": Path(__file__).resolve().parents[1]}
    for ref in args.against or [BEFORE]:
        trees[ref] = _source_of(ref, keep)
    print(f"{os.cpu_count()} cores; wall / CPU seconds of each first command, fresh cache")
    for label, command in FIRST_COMMANDS:
        if args.only not in label:
            continue
        cells = []
        for name, tree in trees.items():
            wall, cpu, _ = first_command(tree, command)
            cells.append(f"{name} {wall:5.1f} / {cpu:5.1f}")
        print(f"{label:34} " + "   ".join(cells))
    if not args.only:
        warm = "   ".join(f"{name} {warm_command(tree, WARM_COMMAND):5.2f}"
                           for name, tree in trees.items())
        print(f"{'warm: equity ' + ' '.join(WARM_COMMAND):34} {warm}   (median wall of 5)")
    if not args.no_serve:
        for name, tree in trees.items():
            to_url, to_answer = serve_times(tree)
            print(f"serve ({name}): URL after {to_url:.1f} s, first heads-up answer after "
                  f"{to_answer:.1f} s")


if __name__ == "__main__":
    main()
