"""Start-up, first run and memory, measured the way a user meets them: whole commands.

    python benchmarks/bench_startup.py [--repeats R] [--before CHECKOUT] [--small-only]

Prints the median wall time of R runs (default 5) of:
- a cold first run of ``stud-odds equity AhKh/Qh 7c7d/2s`` on a fresh cache
  (target: under 15 s on 2 cores), and the same command warm;
- ``stud-odds rules bring-in 7h 2c Kd`` (target: 0.25 s);
- ``stud-odds --version``, the start every command pays, and two small spots, a
  river and a sixth-street answer (target: 0.25 s each; counted with numpy, no
  numba loaded), with their CPU time, which a busy machine inflates
  less than the wall; with ``--before`` side by side with the same commands run
  from another checkout (``git worktree add /tmp/base <commit>``), the runs of
  the two interleaved so that both meet the same load;
and the wall time and peak memory (resident set size) of enumerating the
45,379,620 deals of ``AsKs2d/QhJhTh9c random`` (target: under 1 GB).
``--small-only`` measures the small spots alone.  Each command runs in a fresh
process (``python -m stud_odds``), so the figures include Python's own start.
The machine is shared: take the medians, not the single runs.
"""

from __future__ import annotations

import argparse
import os
import re
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench_evaluators import cpu_model


def _run(args: list[str], env: dict[str, str], checkout: Path | None = None
         ) -> tuple[float, str]:
    """Wall seconds of one command, and its output; the command must succeed.  With
    ``checkout``, the stud_odds package of that folder runs instead of this one."""
    if checkout is not None:  # and its own cache
        env = {**env, "PYTHONPATH": str(checkout),
               "STUD_ODDS_CACHE_DIR": f"{env['STUD_ODDS_CACHE_DIR']}/before"}
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "stud_odds", *args], capture_output=True,
                          text=True, env=env, cwd=checkout)
    seconds = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"stud-odds {' '.join(args)} failed:\n{done.stderr}")
    return seconds, done.stdout


def _cpu_seconds() -> float:
    """CPU seconds (user and system) of every finished child process so far."""
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return children.ru_utime + children.ru_stime


# small spots: a river (one showdown) and a sixth-street heads-up spot (1,560 deals),
# after --version, the start every command pays
SMALL_SPOTS = (["--version"],
               ["equity", "AsKs2d/QhJhTh9c", "7c7d2s/8h9hTd2h", "--json"],
               ["equity", "AhKh/9cQh2d3s", "7c7d/8s2s5h6d", "--json"])


def _small_spots(env: dict[str, str], repeats: int, before: Path | None) -> None:
    """Median wall and CPU of each small spot, here and (interleaved) in ``before``."""
    sides = {"now": None} | ({"before": before} if before else {})
    for args in SMALL_SPOTS:
        walls: dict[str, list[float]] = {side: [] for side in sides}
        cpus: dict[str, list[float]] = {side: [] for side in sides}
        outputs = {side: _without_times(_run(args, env, checkout)[1])  # warm: compiled
                   for side, checkout in sides.items()}
        for _ in range(repeats):
            for side, checkout in sides.items():
                cpu = _cpu_seconds()
                walls[side].append(_run(args, env, checkout)[0])
                cpus[side].append(_cpu_seconds() - cpu)
        figures = ", ".join(f"{side} {statistics.median(walls[side]):5.2f} s "
                            f"(CPU {statistics.median(cpus[side]):4.2f} s)" for side in sides)
        same = "" if len(sides) == 1 else \
            f"; same answer: {'yes' if len(set(outputs.values())) == 1 else 'NO'}"
        print(f"stud-odds {' '.join(args[:3]):39s} {figures} (target 0.25 s){same}")


def _without_times(output: str) -> str:
    """The output less its elapsed seconds (``0.31 s``), which differ from run to run."""
    return re.sub(r"\d+\.\d+ s\b|\"elapsed_s\": [\d.e-]+", "", output)


def _median(args: list[str], env: dict[str, str], repeats: int) -> float:
    _run(args, env)  # warm: the kernels are compiled and cached
    return statistics.median(_run(args, env)[0] for _ in range(repeats))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--before", type=Path, help="a checkout of the commit to compare with")
    parser.add_argument("--small-only", action="store_true", help="the small spots alone")
    options = parser.parse_args()
    # Bytecode is cached, as an installed package's is, and tables and kernels too, in
    # folders of our own: another source tree of the same version run meanwhile (a
    # colleague's checkout) would replace those of the user cache (cache.py).
    own = tempfile.TemporaryDirectory()
    env = {k: v for k, v in os.environ.items()
           if not k.startswith("NUMBA_") and k != "PYTHONDONTWRITEBYTECODE"}
    env |= {"PYTHONPYCACHEPREFIX": f"{own.name}/bytecode", "STUD_ODDS_CACHE_DIR": own.name}
    print(f"CPU: {cpu_model()} ({os.cpu_count()} cores); medians of {options.repeats} runs")
    if options.small_only:
        _small_spots(env, options.repeats, options.before)
        return

    first_command = ["equity", "AhKh/Qh", "7c7d/2s", "--seed", "1"]
    cold = []
    for _ in range(max(1, options.repeats // 2)):
        with tempfile.TemporaryDirectory() as cache:
            fresh = {**env, "STUD_ODDS_CACHE_DIR": cache}
            seconds, cold_output = _run(first_command, fresh)
            cold.append(seconds)
            _, warm_output = _run(first_command, fresh)
            same = _without_times(cold_output) == _without_times(warm_output)
    print(f"cold first run, {' '.join(first_command)}: {statistics.median(cold):6.2f} s "
          f"(target 15 s; same numbers as the warm run: {'yes' if same else 'NO'})")
    print(f"  the same, warm:                            "
          f"{_median(first_command, env, options.repeats):6.2f} s")
    args = ["rules", "bring-in", "7h", "2c", "Kd"]
    print(f"stud-odds {' '.join(args):39s} {_median(args, env, options.repeats):5.2f} s "
          "(target 0.25 s)")
    _small_spots(env, options.repeats, options.before)

    big = ["equity", "AsKs2d/QhJhTh9c", "random", "--json"]
    _run(big, env)  # warm
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", _REPORT_PEAK, *big], capture_output=True,
                          text=True, env=env)
    seconds = time.perf_counter() - start
    peak_kib = int(done.stderr.split("PEAK")[-1])
    print(f"enumerate 45,379,620 deals, {' '.join(big[1:3])}: {seconds:6.2f} s, "
          f"peak RSS {peak_kib / 1024:,.0f} MiB (target 1 GiB)")


# the command line, reporting its own peak resident set size (KiB) on exit
_REPORT_PEAK = (
    "import atexit, resource, sys\n"
    "atexit.register(lambda: print('PEAK', resource.getrusage(resource.RUSAGE_SELF).ru_maxrss,"
    " file=sys.stderr))\n"
    "from stud_odds.cli import main\n"
    "sys.argv = ['stud-odds', *sys.argv[1:]]\n"
    "main()\n"
)


if __name__ == "__main__":
    main()
