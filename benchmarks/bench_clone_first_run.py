"""Run from the project's own folder: a clone, a plain ``pip install .``, commands run there.

    python benchmarks/bench_clone_first_run.py [--keep]

Clones this repository (its last commit) into a temporary folder, makes a
virtual environment that takes numpy, numba and the rest from this Python's
site-packages, installs the clone into it with ``pip install --no-deps .`` (not
editable; pip fetches its build backend as usual), and with a fresh HOME and
XDG_CACHE_HOME runs the README's first commands from inside the clone: first
cold (the background compile starts), then once the background compile has
finished, then the same warm commands from another folder.  Printed per
command: wall seconds, and the stderr line if any (a foreground compile says
so there).  Warm, the clone and the other folder should take the same time
(issue 37: they took 9-47 s against 0.7-0.9 s when the background compile
imported the clone's source and filled the cache for another copy).
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
COMMANDS = [
    ["equity", "AhKh/Qh", "7c7d/2s"],
    ["equity", "AsKs/Qh", "7c7d/2s", "xx/Jd", "--seed", "1"],
    ["equity", "-g", "stud8", "Ac2c/3c", "KsKh/4s", "xx/7h", "-d", "9c Td", "--fold", "5h",
     "--seed", "1"],
]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--keep", action="store_true", help="keep the temporary folder")
    arguments = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="stud-odds-clone-"))
    try:
        clone, script, environment = _install(work)
        print(f"clone {clone}, installed as {script}\n")
        _run_all("cold, from the clone", script, clone, environment)
        log = _wait_for_background_compile(work / "cache")
        print(f"\nbackground compile: {log}\n")
        _run_all("warm, from the clone", script, clone, environment)
        _run_all("warm, from another folder", script, work, environment)
    finally:
        if arguments.keep:
            print(f"\nkept {work}")
        else:
            shutil.rmtree(work, ignore_errors=True)


def _install(work: Path) -> tuple[Path, Path, dict[str, str]]:
    clone = work / "clone"
    subprocess.run(["git", "clone", "-q", str(ROOT), str(clone)], check=True)
    venv = work / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    python = venv / "bin" / "python"
    site = subprocess.run([str(python), "-c", "import sysconfig; "
                           "print(sysconfig.get_paths()['purelib'])"],
                          capture_output=True, text=True, check=True).stdout.strip()
    # the dependencies from this environment, appended after the venv's own packages
    Path(site, "dependencies.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    subprocess.run([str(python), "-m", "pip", "install", "-q", "--no-deps", "."], cwd=clone,
                   check=True)
    environment = {name: value for name, value in os.environ.items()
                   if not name.startswith(("STUD_ODDS_", "NUMBA_", "PYTHON"))}
    environment.update(HOME=str(work / "home"), XDG_CACHE_HOME=str(work / "cache"))
    (work / "home").mkdir()
    return clone, venv / "bin" / "stud-odds", environment


def _run_all(title: str, script: Path, folder: Path, environment: dict[str, str]) -> None:
    print(title)
    for command in COMMANDS:
        started = time.perf_counter()
        run = subprocess.run([str(script), *command], cwd=folder, capture_output=True,
                             text=True, env=environment, timeout=600)
        seconds = time.perf_counter() - started
        said = " ".join(run.stderr.split())
        print(f"  {seconds:5.1f} s  {' '.join(command)}" + (f"  | {said[:160]}" if said else ""))


def _wait_for_background_compile(cache: Path, limit: float = 900) -> str:
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        logs = list(cache.rglob("compiling.log"))
        text = "".join(log.read_text() for log in logs)
        if " done" in text or "stopped" in text:
            lines = [line for line in text.splitlines() if "background compile" in line]
            return " / ".join(lines)
        time.sleep(1)
    return "still running"


if __name__ == "__main__":
    main()
