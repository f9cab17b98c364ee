"""The compile cache can never break the program: no writable place, damaged files, first runs.

Each test runs stud-odds in a fresh process with its own cache folder, as a new
user would, on a sixth-street spot of 447,720 deals: too many for numpy
(engine/small.py), so the exact kernel of one game compiles.
"""

import os
import subprocess
import sys
from pathlib import Path

import pytest

SPOT = ["AsKs/QhJhTh9c", "xx/2s3h4h5d", "--json"]


def stud_odds(*args, cache=None, env=None, cwd=None):
    environment = {k: v for k, v in os.environ.items() if not k.startswith(("STUD_ODDS_",
                                                                             "NUMBA_"))}
    if cache is not None:
        environment["STUD_ODDS_CACHE_DIR"] = str(cache)
    environment.update(env or {})
    for name, value in list(environment.items()):
        if value is None:
            del environment[name]
    return subprocess.run([sys.executable, "-m", "stud_odds", *args], capture_output=True,
                          text=True, env=environment, cwd=cwd, timeout=600)


def folder_of(cache: Path) -> Path:
    (folder,) = [f for f in cache.iterdir() if (f / "VERSION").is_file()]
    return folder


def test_a_second_run_is_warm_and_gives_the_same_answer(tmp_path):
    cache = tmp_path / "missing" / "cache"  # not there yet: made on the first run
    first = stud_odds("equity", *SPOT, cache=cache)
    assert first.returncode == 0, first.stderr
    assert "compiling" in first.stderr
    second = stud_odds("equity", *SPOT, cache=cache)
    assert second.returncode == 0 and "compiling" not in second.stderr, second.stderr
    assert second.stdout.replace(_elapsed(second), "") == first.stdout.replace(
        _elapsed(first), "")
    folder = folder_of(cache)
    assert (folder / "tables" / "high_by_ranks.npy").is_file()
    assert any((folder / "numba").rglob("*.nbi"))


def _elapsed(run) -> str:
    return next(line for line in run.stdout.splitlines() if '"elapsed_s"' in line)


def test_an_unwritable_cache_falls_back_to_a_private_temporary_folder(tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    temporary = tmp_path / "tmp"
    temporary.mkdir()
    env = {"TMPDIR": str(temporary), "HOME": str(blocker / "home")}
    helped = stud_odds("--help", cache=blocker / "cache", env=env)
    assert helped.returncode == 0 and "Usage" in helped.stdout and not helped.stderr
    run = stud_odds("equity", *SPOT, cache=blocker / "cache", env=env)
    assert run.returncode == 0, run.stderr
    assert run.stderr.count("is not writable; caching in") == 1, run.stderr
    (private,) = temporary.iterdir()
    assert private.stat().st_mode & 0o077 == 0 and any(private.rglob("*.nbi"))
    again = stud_odds("equity", *SPOT, cache=blocker / "cache", env=env)
    assert again.returncode == 0 and "compiling" not in again.stderr, again.stderr


def test_nothing_writable_compiles_in_memory_and_says_so_once(tmp_path):
    """No folder can be written at all: kernels are compiled in memory (cache=False)."""
    script = ("import sys; import stud_odds.cache as c; "
              "c._writable_folder = lambda *args, **kwargs: False; "
              "from stud_odds.cli import main; sys.argv = ['stud-odds', *sys.argv[1:]]; main()")
    environment = {k: v for k, v in os.environ.items() if not k.startswith("NUMBA_")}
    environment["STUD_ODDS_CACHE_DIR"] = str(tmp_path / "cache")
    for args in (["--help"], ["equity", *SPOT]):
        run = subprocess.run([sys.executable, "-c", script, *args], capture_output=True,
                             text=True, env=environment, timeout=600)
        assert run.returncode == 0 and "Traceback" not in run.stderr, run.stderr
        assert run.stderr.count("nothing will be cached") == (args[0] == "equity")
    assert not any(tmp_path.rglob("*.nbi")) and not any(tmp_path.rglob("*.npy"))


def test_no_home_at_all(tmp_path):
    """HOME unset (and nothing set for the cache): every command still runs."""
    no_home = {"HOME": None, "XDG_CACHE_HOME": None, "TMPDIR": str(tmp_path)}
    for args in (["--help"], ["--version"], ["hand", "AsKsQsJsTs"]):
        run = stud_odds(*args, env=no_home, cwd=tmp_path)
        assert run.returncode == 0 and "Traceback" not in run.stderr, (args, run.stderr)


@pytest.mark.parametrize("damage", ["tables cut short", "kernel files garbage"])
def test_a_damaged_cache_is_rebuilt_with_one_warning(tmp_path, damage):
    cache = tmp_path / "cache"
    good = stud_odds("equity", *SPOT, cache=cache)
    assert good.returncode == 0, good.stderr
    folder = folder_of(cache)
    if damage == "tables cut short":
        tables = folder / "tables" / "high_by_ranks.npy"
        tables.write_bytes(tables.read_bytes()[:1000])
    else:
        compiled = list((folder / "numba").rglob("*.nb[ic]"))
        assert compiled
        for path in compiled:
            path.write_bytes(path.read_bytes()[:40] + b"\x00garbage")
    damaged = stud_odds("equity", *SPOT, cache=cache)
    assert damaged.returncode == 0, damaged.stderr
    assert "Traceback" not in damaged.stderr
    assert damaged.stderr.count(" damaged") == 1, damaged.stderr
    assert damaged.stdout.replace(_elapsed(damaged), "") == good.stdout.replace(_elapsed(good),
                                                                                "")
    again = stud_odds("equity", *SPOT, cache=cache)
    assert again.returncode == 0 and " damaged" not in again.stderr, again.stderr
