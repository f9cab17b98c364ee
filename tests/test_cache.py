"""The compile cache can never break the program: no writable place, damaged files, first runs.

Each test runs stud-odds in a fresh process with its own cache folder, as a new
user would, on a fourth-street spot against unknown hole cards: too big for the
numpy twins' memory (engine/twins/), so heads-up counting's kernel compiles in
the foreground (the background compile is off, as everywhere in the suite) and
counts it in a fraction of a second.  The tests that need a cache a first run
filled (to load it, to damage it) take a copy of one filled once for the module.
"""

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.compile

SPOT = ["AhKh/Qh8d", "xx/9d2c", "--json"]


def _environment(cache=None, env=None) -> dict[str, str]:
    """This process's environment without stud-odds' and numba's settings, then ``cache``
    and ``env`` (a None value removes the name)."""
    environment = {k: v for k, v in os.environ.items() if not k.startswith(("STUD_ODDS_",
                                                                             "NUMBA_"))}
    environment["STUD_ODDS_BACKGROUND_COMPILE"] = "0"
    if cache is not None:
        environment["STUD_ODDS_CACHE_DIR"] = str(cache)
    environment.update(env or {})
    return {name: value for name, value in environment.items() if value is not None}


def stud_odds(*args, cache=None, env=None, cwd=None):
    return subprocess.run([sys.executable, "-m", "stud_odds", *args], capture_output=True,
                          text=True, env=_environment(cache, env), cwd=cwd, timeout=600)


def folder_of(cache: Path) -> Path:
    (folder,) = [f for f in cache.iterdir() if (f / "VERSION").is_file()]
    return folder


@pytest.fixture(scope="module")
def first_run(tmp_path_factory) -> tuple[Path, subprocess.CompletedProcess]:
    """A cache folder a first run made and filled (it compiles), and that run."""
    cache = tmp_path_factory.mktemp("first") / "missing" / "cache"  # made on the first run
    first = stud_odds("equity", *SPOT, cache=cache)
    assert first.returncode == 0, first.stderr
    return cache, first


def copy_of(first_run, tmp_path: Path) -> Path:
    copy = tmp_path / "cache"
    shutil.copytree(first_run[0], copy)
    return copy


def test_a_second_run_is_warm_and_gives_the_same_answer(first_run, tmp_path):
    first = first_run[1]
    assert "compiling" in first.stderr
    cache = copy_of(first_run, tmp_path)
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
def test_a_damaged_cache_is_rebuilt_with_one_warning(first_run, tmp_path, damage):
    cache, good = copy_of(first_run, tmp_path), first_run[1]
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


_OTHER_LIBRARY = '''
from numba import njit


@njit(cache=True)
def double(x):
    return 2 * x
'''

_NUMBA_FIRST = '''
import os, sys
import numba
sys.path.insert(0, sys.argv[1])
from stud_odds import Scenario, equity
result = equity(Scenario.build(["AhKh/Qh8d", "xx/9d2c"]))  # too big for numpy
import other_library
assert other_library.double(21) == 42
print(result.players[0].equity, os.environ.get("NUMBA_CACHE_DIR"), repr(numba.config.CACHE_DIR))
'''


@pytest.mark.parametrize("numba_cache_dir", [None, "theirs"])
def test_numba_imported_first_caches_our_kernels_with_us_and_moves_no_one_else(
        tmp_path, numba_cache_dir):
    """Imported after numba, beside a library with cached functions of its own: our kernels
    are cached in our folder (and load from it next time), the library's where numba puts
    it (its __pycache__, or NUMBA_CACHE_DIR when set), and numba's settings are untouched."""
    library = tmp_path / "library"
    library.mkdir()
    (library / "other_library.py").write_text(_OTHER_LIBRARY)
    theirs = None if numba_cache_dir is None else tmp_path / numba_cache_dir
    cache = tmp_path / "ours"
    env = {"STUD_ODDS_CACHE_DIR": str(cache),
           "NUMBA_CACHE_DIR": None if theirs is None else str(theirs)}
    runs = []
    for _ in range(2):
        runs.append(subprocess.run([sys.executable, "-c", _NUMBA_FIRST, str(library)],
                                   capture_output=True, text=True, timeout=600,
                                   env=_environment(cache=cache, env=env)))
        assert runs[-1].returncode == 0, runs[-1].stderr
        if len(runs) == 1:
            ours = {path: path.stat().st_mtime_ns for path in cache.rglob("*.nb[ic]")}
    assert runs[0].stdout == runs[1].stdout
    _, environment_value, config_value = runs[0].stdout.split()
    assert environment_value == str(theirs)  # "None" when unset
    assert config_value == repr("" if theirs is None else str(theirs))
    # ours: every kernel file in our folder, and the second run loaded them unchanged
    assert ours and all(folder_of(cache) / "numba" in path.parents for path in ours)
    assert {path: path.stat().st_mtime_ns for path in cache.rglob("*.nb[ic]")} == ours
    # theirs: where numba would have put them without us, and none of ours there
    where = library / "__pycache__" if theirs is None else theirs
    assert [path.name.split(".")[0] for path in where.rglob("*.nbi")] == ["other_library"]


@pytest.mark.parametrize("args", [
    ["rules", "split", "11", "-g", "stud8", "Kh Kd Kc 9s 9h 2c 3d", "Ah 2h 3h 4c 8d Qd Jc",
     "As 2s 3c 4d 8s Qs Jd"],
    ["rules", "first-to-act", "Ah Kc", "Kh Kd", "7s 2d"],
    ["hand", "AsKsQsJsTs9d9c"],
])
def test_a_rules_or_hand_question_creates_no_cache_folder(tmp_path, args):
    """Answering a rule (or valuing one hand) builds no tables and compiles nothing, so it
    leaves a fresh home, and the temporary directory, as they were."""
    home, temporary = tmp_path / "home", tmp_path / "tmp"
    home.mkdir()
    temporary.mkdir()
    run = stud_odds(*args, env={"HOME": str(home), "XDG_CACHE_HOME": None,
                                "TMPDIR": str(temporary)}, cwd=tmp_path)
    assert run.returncode == 0 and not run.stderr, run.stderr
    assert not list(home.iterdir()) and not list(temporary.iterdir())


def test_a_folder_of_other_code_is_dropped_only_when_unused_for_a_day(tmp_path):
    """Two clones or installs of different code, run side by side, keep each other's
    kernels; a folder no run has used for a day goes when a new one is made."""
    cache = tmp_path / "cache"
    ask = ("from stud_odds import cache; print(cache.location().folder.name)")
    made = subprocess.run([sys.executable, "-c", ask], capture_output=True, text=True,
                          env=_environment(cache), timeout=120, check=True).stdout.strip()
    version = made.rsplit("-", 1)[0]
    folders = {}
    for name, age in (("stale", 25 * 3600), ("used", 3600)):
        folders[name] = cache / f"{version}-{name}"
        (folders[name] / "numba").mkdir(parents=True)
        (folders[name] / "VERSION").write_text("stud-odds\n")
        when = folders[name].stat().st_mtime - age
        os.utime(folders[name] / "VERSION", (when, when))
    shutil.rmtree(cache / made)  # the next run makes its folder anew
    again = subprocess.run([sys.executable, "-c", ask], capture_output=True, text=True,
                           env=_environment(cache), timeout=120, check=True).stdout.strip()
    assert again == made
    assert not folders["stale"].exists() and (folders["used"] / "numba").is_dir()


def test_a_package_version_is_read_from_its_dist_info_folder(tmp_path, monkeypatch):
    """The cache folder's name needs the installed versions: read from the .dist-info
    folder beside the package (importlib.metadata is not imported for a first answer),
    else from importlib.metadata."""
    from stud_odds import cache

    (tmp_path / "fake_pkg").mkdir()
    (tmp_path / "fake_pkg" / "__init__.py").write_text("")
    (tmp_path / "fake_pkg-1.2.3rc1+local.dist-info").mkdir()
    (tmp_path / "lone_pkg").mkdir()
    (tmp_path / "lone_pkg" / "__init__.py").write_text("")
    monkeypatch.syspath_prepend(str(tmp_path))
    assert cache._package_version("fake-pkg", "fake_pkg") == "1.2.3rc1+local"
    assert cache._package_version("lone-pkg", "lone_pkg") == "unknown"
    assert cache._package_version("no-such-thing", "no_such_thing") == "unknown"
