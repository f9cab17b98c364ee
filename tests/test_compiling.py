"""The background compile (stud_odds/compiling.py): one per cache however many commands
start at once, none when turned off, and a killed one never breaks the next command."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from stud_odds.games import Game

pytestmark = [pytest.mark.skipif(sys.platform == "win32", reason="POSIX file locks"),
              pytest.mark.compile]

COMMAND = [sys.executable, "-m", "stud_odds", "equity", "AhKh/Qh8d", "7c7d/2s3s", "--json"]
STARTED = re.compile(r"background compile (\d+) started")


def _environment(cache: Path, background: bool) -> dict[str, str]:
    environment = {**os.environ, "STUD_ODDS_CACHE_DIR": str(cache)}
    environment.pop("STUD_ODDS_BACKGROUND_COMPILE", None)
    if not background:
        environment["STUD_ODDS_BACKGROUND_COMPILE"] = "0"
    return environment


def _log(cache: Path) -> str:
    logs = list(cache.rglob("compiling.log"))
    return "".join(path.read_text() for path in logs)


def _started(cache: Path, wait: float = 20.0) -> list[int]:
    """The pids of the background compiles that said they started (waiting for one)."""
    deadline = time.monotonic() + wait
    while True:
        pids = [int(pid) for pid in STARTED.findall(_log(cache))]
        if pids or time.monotonic() > deadline:
            return pids
        time.sleep(0.1)


def _stop(pid: int) -> None:
    """Kill a background compile (its own process group) and wait until it is gone."""
    try:
        os.killpg(pid, signal.SIGKILL)
    except ProcessLookupError:
        return
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return
        try:  # reap it if it is our child's child adopted by nobody in particular
            os.waitpid(pid, os.WNOHANG)
        except ChildProcessError:
            pass
        time.sleep(0.05)


def _running_now(cache: Path) -> bool:
    probe = ("from stud_odds import compiling; print(compiling.running_now())")
    answer = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                            env=_environment(cache, False), check=True)
    return answer.stdout.strip() == "True"


def test_two_cold_commands_start_one_background_compile(tmp_path):
    environment = _environment(tmp_path, True)
    commands = [subprocess.Popen(COMMAND, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                 text=True, env=environment) for _ in range(2)]
    try:
        outputs = [command.communicate(timeout=120) for command in commands]
        assert all(command.returncode == 0 for command in commands), outputs
        pids = _started(tmp_path)
        assert len(pids) == 1, _log(tmp_path)
        time.sleep(1.0)  # a second one would have said so by now
        assert len(STARTED.findall(_log(tmp_path))) == 1
        assert _running_now(tmp_path)
        # a third command while it runs starts none either
        subprocess.run(COMMAND, capture_output=True, env=environment, check=True, timeout=120)
        assert len(STARTED.findall(_log(tmp_path))) == 1
        assert any("compile in the background" in stderr for _, stderr in outputs)
    finally:
        for pid in _started(tmp_path, wait=0):
            _stop(pid)
    assert not _running_now(tmp_path)


def test_the_opt_out_starts_none(tmp_path):
    answer = subprocess.run(COMMAND, capture_output=True, text=True,
                            env=_environment(tmp_path, False), check=True, timeout=120)
    assert "answering with numpy" in answer.stderr
    time.sleep(0.5)
    assert not STARTED.findall(_log(tmp_path))
    assert not _running_now(tmp_path)


def test_a_killed_background_compile_leaves_a_cache_the_next_command_uses(tmp_path):
    subprocess.run(COMMAND, capture_output=True, env=_environment(tmp_path, True), check=True,
                   timeout=120)
    pids = _started(tmp_path)
    assert len(pids) == 1
    # killed mid-compile: once numba has begun writing the cache
    deadline = time.monotonic() + 120
    while not any(tmp_path.rglob("*.nbi")) and time.monotonic() < deadline:
        time.sleep(0.05)
    _stop(pids[0])
    assert not _running_now(tmp_path)  # the lock went with it
    # the next command answers, and warm_up loads or rebuilds what is there
    subprocess.run(COMMAND, capture_output=True, env=_environment(tmp_path, False), check=True,
                   timeout=120)
    warm = ("import stud_odds; stud_odds.warm_up(['stud'], ['headsup']); "
            "print(stud_odds.is_warm('stud', 'headsup'))")
    answer = subprocess.run([sys.executable, "-c", warm], capture_output=True, text=True,
                            env=_environment(tmp_path, False), timeout=300)
    assert answer.returncode == 0, answer.stderr
    assert "Traceback" not in answer.stderr and answer.stdout.strip() == "True"



# ---------------------------------------------------------------- the very package, any cwd


@pytest.fixture
def own_cache(tmp_path, monkeypatch):
    """This process's cache folder moved to a temporary one for the test, then back."""
    from stud_odds import cache

    monkeypatch.setenv("STUD_ODDS_CACHE_DIR", str(tmp_path / "cache"))
    cache.location.cache_clear()
    yield tmp_path / "cache"
    monkeypatch.undo()
    cache.location.cache_clear()


def test_the_worker_runs_without_the_current_folder_on_its_path_in_the_cache_folder(
        own_cache, monkeypatch):
    """Run from a clone, ``python -m`` would import the clone's source: the worker's command
    line keeps the current folder off its path, and it runs in the cache folder."""
    from stud_odds import compiling

    started = []
    monkeypatch.setattr(compiling.subprocess, "Popen",
                        lambda command, **options: started.append((command, options)))
    assert compiling.start("monte_carlo", Game.STUD)
    ((command, options),) = started
    assert command[:4] == [sys.executable, "-P", "-m", compiling.WORKER]
    assert command[-1] == compiling.PACKAGE == str(Path(compiling.__file__).parent)
    assert Path(options["cwd"]).parent == own_cache  # the cache folder, not the caller's
    assert options["env"]["STUD_ODDS_BACKGROUND_COMPILE"] == "0"


def test_the_worker_imports_the_package_that_started_it_from_any_folder(own_cache, tmp_path,
                                                                        monkeypatch):
    """Started from a folder holding another stud_odds (a clone's source), the background
    compile still imports the package that started it, and says which in its log."""
    from stud_odds import compiling

    clone = tmp_path / "clone"
    (clone / "stud_odds").mkdir(parents=True)
    (clone / "stud_odds" / "__init__.py").write_text('raise SystemExit("the clone\'s copy")\n')
    monkeypatch.chdir(clone)
    monkeypatch.delenv("STUD_ODDS_BACKGROUND_COMPILE")
    assert compiling.start("monte_carlo", Game.STUD)
    pids = _started(own_cache)
    try:
        assert len(pids) == 1, _log(own_cache)
        said = re.search(r"background compile \d+ started \(.*\) from (.*)", _log(own_cache))
        assert said and said.group(1) == compiling.PACKAGE
        cwd = Path(f"/proc/{pids[0]}/cwd")
        if cwd.exists():
            assert cwd.resolve() == compiling_folder(own_cache)
    finally:
        for pid in pids:
            _stop(pid)


def compiling_folder(cache: Path) -> Path:
    return next(path.parent for path in cache.rglob("compiling.lock")).resolve()


def test_a_worker_that_imported_another_package_stops_and_says_so(tmp_path, caplog):
    from stud_odds import compiling_worker

    with caplog.at_level("INFO", logger="stud_odds"):
        assert compiling_worker.compile_in_background(["stud", "monte_carlo",
                                                       str(tmp_path)]) == 2
    assert f"not the package that started it ({tmp_path})" in caplog.text


# ---------------------------------------------------------------- a compile in the foreground


@pytest.fixture
def nothing_compiled(monkeypatch):
    """running.compiled sees every kernel as neither loaded nor in the cache, and marks
    nothing."""
    from stud_odds import cache
    from stud_odds.engine import running

    monkeypatch.setattr(running, "_READY", set())
    monkeypatch.setattr(cache, "is_compiled", lambda marker: False)
    monkeypatch.setattr(cache, "mark_compiled", lambda marker: None)
    return running


def _compile_notices(caplog) -> list[str]:
    return [record.getMessage() for record in caplog.records
            if "compil" in record.getMessage()]


def test_a_foreground_compile_says_which_kernel_and_why(nothing_compiled, caplog):
    running = nothing_compiled
    with caplog.at_level("INFO", logger="stud_odds"):
        running.compiled("exact", Game.RAZZ, lambda: None)
        with running.compiling_because("stud_odds.warm_up() was asked to"):
            running.compiled("heads_up", Game.STUD, lambda: None)
    (off, asked) = _compile_notices(caplog)
    assert off.startswith("compiling the razz enumeration kernel here first")
    assert off.endswith("the spot is too big for its numpy twin and the background compile "
                        "is off (STUD_ODDS_BACKGROUND_COMPILE=0)")
    assert "heads-up counting kernel" in asked and asked.endswith("warm_up() was asked to")


@pytest.mark.twins
def test_a_kernel_compiled_because_numpy_would_be_slower_says_so(nothing_compiled, caplog,
                                                                 monkeypatch):
    from stud_odds.engine import kernel_choice

    running = nothing_compiled
    monkeypatch.setattr("stud_odds.compiling.ask", lambda kernel, game: True)
    with caplog.at_level("INFO", logger="stud_odds"):
        assert kernel_choice.kernel_answers("monte_carlo", Game.STUD, twin_seconds=600.0)
        kernel_choice.start_background_compile("monte_carlo", Game.STUD, True, twin_seconds=600.0)
        running.compiled("monte_carlo", Game.STUD, lambda: None)
    (notice,) = _compile_notices(caplog)
    assert notice.endswith("numpy's twin would take about 600 s, longer than compiling it "
                           "(the background compile has not reached it yet)")


def test_a_kernel_marked_compiled_that_numba_compiles_anyway_says_so(nothing_compiled,
                                                                     caplog, monkeypatch):
    """The cache's mark said compiled, but numba found nothing it could load (its files
    belong to another copy of the sources): the compile is not silent."""
    running = nothing_compiled
    monkeypatch.setattr("stud_odds.cache.is_compiled", lambda marker: True)
    monkeypatch.setitem(running._KINDS, "exact", ("enumeration", 0.02))
    with caplog.at_level("INFO", logger="stud_odds"):
        running.compiled("exact", Game.STUD, lambda: time.sleep(0.05))
    (notice,) = _compile_notices(caplog)
    assert "numba found no usable copy in the cache: it was compiled here" in notice


def test_a_kernel_is_marked_compiled_for_its_own_sources_alone(tmp_path, monkeypatch):
    """numba finds a kernel's compiled files again only for a source at the same path with
    the same modification time: another copy (a clone beside the installed package), or
    a reinstall, has marks of its own."""
    import shutil

    from stud_odds.engine import running

    here = running._cache_marker("monte_carlo", Game.STUD)
    copy = tmp_path / "kernels"
    shutil.copytree(running._KERNEL_SOURCES, copy)
    monkeypatch.setattr(running, "_KERNEL_SOURCES", copy)
    running._sources_stamp.cache_clear()
    try:
        elsewhere = running._cache_marker("monte_carlo", Game.STUD)
        first = next(copy.glob("*.py"))
        os.utime(first, ns=(first.stat().st_atime_ns, first.stat().st_mtime_ns + 10**9))
        running._sources_stamp.cache_clear()
        reinstalled = running._cache_marker("monte_carlo", Game.STUD)
    finally:
        monkeypatch.undo()
        running._sources_stamp.cache_clear()
    assert len({here, elsewhere, reinstalled}) == 3
    assert here == running._cache_marker("monte_carlo", Game.STUD)
    assert all(marker.startswith("monte_carlo@") for marker in (here, elsewhere))


# ---------------------------------------------------------------- as a user meets it

ROOT = Path(__file__).resolve().parent.parent


def _installed_copy(tmp_path: Path) -> Path:
    """A virtual environment holding a copy of this package as a plain (not editable) ``pip
    install .`` lays it out: the package in site-packages, its dist-info, the ``stud-odds``
    script; numpy, numba and the rest from this environment.  Its Python."""
    import shutil
    import sysconfig

    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    python = venv / "bin" / "python"
    site = Path(subprocess.run([str(python), "-c", "import sysconfig; "
                                "print(sysconfig.get_paths()['purelib'])"],
                               capture_output=True, text=True, check=True).stdout.strip())
    shutil.copytree(ROOT / "stud_odds", site / "stud_odds",
                    ignore=shutil.ignore_patterns("__pycache__"))
    info = site / "stud_odds-0.1.0.dist-info"
    info.mkdir()
    from importlib.metadata import version

    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: stud-odds\n"
                                   f"Version: {version('stud-odds')}\n")
    (site / "dependencies.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    script = venv / "bin" / "stud-odds"
    script.write_text(f"#!{python}\nimport sys\nfrom stud_odds.cli import main\n"
                      "sys.exit(main())\n")
    script.chmod(0o755)
    return venv


def test_run_from_the_clone_the_second_command_loads_what_the_first_compiled(tmp_path):
    """A clone, a plain install of it, and commands run from inside the clone (a fresh
    home): the background compile fills the cache of the installed package, so the next
    command loads its kernel instead of compiling it in the foreground."""
    import shutil

    clone = tmp_path / "clone"
    shutil.copytree(ROOT / "stud_odds", clone / "stud_odds",
                    ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / "pyproject.toml", clone)
    venv = _installed_copy(tmp_path)
    environment = {name: value for name, value in os.environ.items()
                   if not name.startswith(("STUD_ODDS_", "NUMBA_", "PYTHON"))}
    environment.update(HOME=str(tmp_path / "home"), XDG_CACHE_HOME=str(tmp_path / "cache"))
    spot = ["equity", "AsKs/Qh", "7c7d/2s", "xx/Jd", "--seed", "1", "--json"]

    def stud_odds(*args: str, **extra: str) -> subprocess.CompletedProcess:
        run = subprocess.run([str(venv / "bin" / "stud-odds"), *args], cwd=clone,
                             capture_output=True, text=True, env={**environment, **extra},
                             timeout=600)
        assert run.returncode == 0, run.stderr
        return run

    cache = tmp_path / "cache"
    first = stud_odds(*spot)
    assert "compile in the background" in first.stderr
    pids = _started(cache)
    try:
        assert len(pids) == 1, _log(cache)
        deadline = time.monotonic() + 600  # sampling's kernel is compiled first
        while not any(cache.rglob("compiled/monte_carlo*")):
            assert time.monotonic() < deadline and "Traceback" not in _log(cache), _log(cache)
            time.sleep(0.5)
        # ten million trials: numpy would take longer than loading the kernel
        second = stud_odds(*spot, "-n", "10M", NUMBA_DEBUG_CACHE="1")
        said = second.stdout + second.stderr
        assert "data loaded from" in said and "data saved to" not in said, said
        assert "compiling" not in second.stderr
        assert f"from {venv}" in _log(cache)  # the installed package, not the clone's
    finally:
        for pid in pids:
            _stop(pid)
