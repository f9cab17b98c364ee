"""The compiler where nobody waits: one background process per cache compiles the kernels.

While a kernel is missing, its numpy twin answers (engine/twins/), and a
command that met the gap starts a process of its own (compiling_worker.py): it
compiles the kernels of the game asked first, then the rest, into the cache,
at a lower priority, and ends.  At most one runs per cache, however many
commands start at once: the starter takes an exclusive lock on the cache's
``compiling.lock`` and hands it to the process it starts (an inherited file
descriptor), which holds it until it ends, even when its starter has long
ended.  The process is a session of its own, so Ctrl-C in the terminal never
reaches it, and its output goes to ``compiling.log`` in the cache: its failure
never touches the foreground.  A killed compile leaves a cache that the next
command uses or rebuilds (running.compiled deletes a damaged one).

A library starts no process unasked: the command line and ``serve`` call
``allow()``, a program ``warm_up(background=True)``.  The environment
variable STUD_ODDS_BACKGROUND_COMPILE=0 turns it off everywhere.  This module
loads neither numpy nor numba, so the command line can allow it at no cost,
and imports nothing of the engine: the engine asks it
(kernel_choice.start_background_compile, warm), and only the worker drives the engine.

The process imports the very package that started it, wherever the command
was run: ``python -P`` puts no current folder on its path (run from a clone
after ``pip install .``, ``-m`` would otherwise import the clone's source,
whose kernels numba caches apart from the installed ones, and every later
command would compile in the foreground), PYTHONPATH names this package's
parent first where site-packages does not hold it (a checkout run as it is),
and it runs in the cache folder.  It checks that it did.
"""

from __future__ import annotations

import logging
import os
import subprocess
import sys
import threading
from pathlib import Path

from stud_odds import cache as kernel_cache
from stud_odds.games import Game

_log = logging.getLogger("stud_odds")

ENVIRONMENT = "STUD_ODDS_BACKGROUND_COMPILE"
LOCK_NAME = "compiling.lock"
LOG_NAME = "compiling.log"
NICENESS = 10  # the foreground's twin keeps its core
FIRST_QUESTIONS = ("headsup", "sample", "enumerate")  # warm.WARM_METHODS, most asked first
# the module the background process runs (named, not imported: it drives the engine, which
# imports this module)
WORKER = "stud_odds.compiling_worker"
# this package's folder: the background process imports this very copy
PACKAGE = os.path.dirname(os.path.abspath(__file__))

_lock = threading.Lock()
_allowed = False
_asked = False


def allow() -> None:
    """Let this process start the background compile when it finds a kernel missing (the
    command line and serve do; a library does not unless told)."""
    global _allowed
    _allowed = True


def enabled() -> bool:
    """Whether the background compile may run at all (STUD_ODDS_BACKGROUND_COMPILE=0: no)."""
    return os.environ.get(ENVIRONMENT, "1").strip() != "0"


def ask(kernel: str, game: Game) -> bool:
    """Kernel ``kernel`` (running.compiled's name) of ``game`` is missing:
    start the background compile, once per process, when allowed.  Whether one runs for
    this cache now (this one or another's)."""
    global _asked
    with _lock:
        if _allowed and not _asked and enabled():
            _asked = True
            start(kernel, game)
    return running_now()


def _lock_file() -> tuple[Path, int] | None:
    """The cache's folder and its lock file, open (the caller closes it); None when there
    is no cache, no file locking here, or the file cannot be opened."""
    folder = kernel_cache.location().folder
    if folder is None or not _can_lock():
        return None
    try:
        return folder, os.open(folder / LOCK_NAME, os.O_RDWR | os.O_CREAT, 0o600)
    except OSError:
        return None


def _locked(descriptor: int) -> bool:
    """Take the lock without waiting; False when another process holds it."""
    import fcntl

    try:
        fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        return False
    return True


def running_now() -> bool:
    """Whether a background compile holds this cache's lock now."""
    opened = _lock_file()
    if opened is None:
        return False
    try:
        return not _locked(opened[1])
    finally:
        os.close(opened[1])  # closing drops a lock taken just to look


def start(kernel: str, game: Game) -> bool:
    """Start the background compile (``kernel`` of ``game`` first, then that game's others)
    unless one holds the cache's lock, or there is no cache to keep its work in; whether
    this call started it."""
    opened = _lock_file()
    if opened is None:
        return False
    folder, descriptor = opened
    try:
        if not _locked(descriptor):
            return False  # another process is compiling into this cache
        try:
            with open(folder / LOG_NAME, "ab") as output:
                subprocess.Popen(
                    worker_command(kernel, game), cwd=folder, env=worker_environment(),
                    stdin=subprocess.DEVNULL, stdout=output, stderr=output,
                    pass_fds=(descriptor,), start_new_session=True, close_fds=True)
        except OSError as exc:
            _log.debug("the background compile did not start: %s", exc)
            return False
        return True
    finally:
        # the child holds the lock through its copy of the descriptor
        os.close(descriptor)


def worker_command(kernel: str, game: Game) -> list[str]:
    """The background process's command line: this Python, no current folder on its path
    (-P), this package's worker, the game by its name, told which package it must have
    imported."""
    return [sys.executable, "-P", "-m", WORKER, game.value, kernel, PACKAGE]


def worker_environment() -> dict[str, str]:
    """The background process's environment: this one, without a background compile of its
    own, and with this package's parent first on PYTHONPATH unless it is a site-packages
    folder (on the path anyway, after the standard library, which must stay first)."""
    environment = {**os.environ, ENVIRONMENT: "0"}
    parent = os.path.dirname(PACKAGE)
    if not _is_site_folder(parent):
        environment["PYTHONPATH"] = os.pathsep.join(filter(None, (parent,
                                                                  os.environ.get("PYTHONPATH"))))
    return environment


def _is_site_folder(folder: str) -> bool:
    import site

    sites = [*site.getsitepackages(), site.getusersitepackages()]
    return any(os.path.normcase(os.path.abspath(folder)) == os.path.normcase(os.path.abspath(s))
               for s in sites)


def _can_lock() -> bool:
    try:
        import fcntl  # noqa: F401 (POSIX only: elsewhere the kernels compile when first used)
    except ImportError:
        return False
    return True
