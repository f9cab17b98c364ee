"""Start-up, first run and memory, measured the way a user meets them: whole commands.

    python benchmarks/bench_startup.py [--repeats R]

Prints the median wall time of R runs (default 5) of:
- a cold first run of ``stud-odds equity AhKh/Qh 7c7d/2s`` on a fresh cache
  (target: under 15 s on 2 cores), and the same command warm;
- ``stud-odds --version`` and ``stud-odds rules bring-in 7h 2c Kd`` (target: 0.25 s);
- a warm ``equity`` answer on a river spot (target: 0.6 s);
and the wall time and peak memory (resident set size) of enumerating the
45,379,620 deals of ``AsKs2d/QhJhTh9c random`` (target: under 1 GB).
Each command runs in a fresh process (``python -m stud_odds``), so the figures
include Python's own start.  The machine is shared: take the medians, not the
single runs.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time

from bench_evaluators import cpu_model


def _run(args: list[str], env: dict[str, str]) -> tuple[float, str]:
    """Wall seconds of one command, and its output; the command must succeed."""
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "stud_odds", *args], capture_output=True,
                          text=True, env=env)
    seconds = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"stud-odds {' '.join(args)} failed:\n{done.stderr}")
    return seconds, done.stdout


def _without_times(output: str) -> str:
    """The output less its elapsed seconds (``0.31 s``), which differ from run to run."""
    return re.sub(r"\d+\.\d+ s\b", "", output)


def _median(args: list[str], env: dict[str, str], repeats: int) -> float:
    _run(args, env)  # warm: the kernels are compiled and cached
    return statistics.median(_run(args, env)[0] for _ in range(repeats))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5)
    options = parser.parse_args()
    env = {k: v for k, v in os.environ.items() if not k.startswith("NUMBA_")}
    print(f"CPU: {cpu_model()} ({os.cpu_count()} cores); medians of {options.repeats} runs")

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
    for args, target in ((["--version"], 0.25), (["rules", "bring-in", "7h", "2c", "Kd"], 0.25),
                         (["equity", "AsKs2d/QhJhTh9c", "7c7d3c/2s3h4h5d"], 0.6)):
        seconds = _median(args, env, options.repeats)
        print(f"stud-odds {' '.join(args):37s} {seconds:6.2f} s (target {target} s)")

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
