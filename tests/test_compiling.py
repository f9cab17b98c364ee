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

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX file locks")

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
