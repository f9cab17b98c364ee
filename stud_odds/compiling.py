"""The compiler where nobody waits: one background process per cache compiles the kernels.

While a kernel is missing, its numpy twin answers (engine/twins/), and a
command that met the gap starts this module as a process of its own: it
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
loads neither numpy nor numba, so the command line can allow it at no cost.
"""

from __future__ import annotations

import logging
import os
import subprocess
import sys
import threading

from stud_odds import cache as kernel_cache
from stud_odds.games import Game

log = logging.getLogger("stud_odds")

ENVIRONMENT = "STUD_ODDS_BACKGROUND_COMPILE"
LOCK_NAME = "compiling.lock"
LOG_NAME = "compiling.log"
NICENESS = 10  # the foreground's twin keeps its core
FIRST_QUESTIONS = ("headsup", "sample", "enumerate")  # warm.WARM_METHODS, most asked first

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


def ask(kernel: str, game: int) -> bool:
    """Kernel ``kernel`` (running.compiled's name) of ``game`` (a kernel id) is missing:
    start the background compile, once per process, when allowed.  Whether one runs for
    this cache now (this one or another's)."""
    global _asked
    with _lock:
        if _allowed and not _asked and enabled():
            _asked = True
            start(kernel, game)
    return running_now()


def running_now() -> bool:
    """Whether a background compile holds this cache's lock now."""
    folder = kernel_cache.location().folder
    if folder is None or not _can_lock():
        return False
    import fcntl

    try:
        descriptor = os.open(folder / LOCK_NAME, os.O_RDWR | os.O_CREAT, 0o600)
    except OSError:
        return False
    try:
        fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        return True
    finally:
        os.close(descriptor)  # closing drops a lock taken just to look
    return False


def start(kernel: str, game: int) -> bool:
    """Start the background compile (``kernel`` of ``game`` first, then that game's others)
    unless one holds the cache's lock, or there is no cache to keep its work in; whether
    this call started it."""
    folder = kernel_cache.location().folder
    if folder is None or not _can_lock():
        return False
    import fcntl

    try:
        descriptor = os.open(folder / LOCK_NAME, os.O_RDWR | os.O_CREAT, 0o600)
    except OSError:
        return False
    try:
        try:
            fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            return False  # another process is compiling into this cache
        environment = {**os.environ, ENVIRONMENT: "0"}
        try:
            with open(folder / LOG_NAME, "ab") as output:
                subprocess.Popen(
                    [sys.executable, "-m", "stud_odds.compiling", _name(game), kernel],
                    stdin=subprocess.DEVNULL, stdout=output, stderr=output,
                    pass_fds=(descriptor,), start_new_session=True, env=environment,
                    close_fds=True)
        except OSError as exc:
            log.debug("the background compile did not start: %s", exc)
            return False
        return True
    finally:
        # the child holds the lock through its copy of the descriptor
        os.close(descriptor)


def _can_lock() -> bool:
    try:
        import fcntl  # noqa: F401 (POSIX only: elsewhere the kernels compile when first used)
    except ImportError:
        return False
    return True


def _name(game: int) -> str:
    return next(member.value for member in Game if member.kernel_id == game)


def compile_all(first_game: str, first_kernel: str | None = None) -> None:
    """Compile every kernel into the cache: ``first_kernel`` of ``first_game`` first, then
    that game's others (heads-up counting, sampling, enumeration: the README's order of
    first questions), then the other games'."""
    from stud_odds.engine.warm import GAMES, WARM_METHODS, warm_up
    from stud_odds.engine.weighted import weighted_kernels

    # sorted is stable: the kernel asked for first, then the others in FIRST_QUESTIONS' order
    methods = sorted(FIRST_QUESTIONS, key=lambda method: WARM_METHODS[method] != first_kernel)
    games = (first_game, *(other for other in GAMES if other != first_game))
    for game in games:
        for method in methods:
            warm_up([game], [method])
    for game in games:  # heads-up against ranges: the rarest first question
        weighted_kernels(Game(game).kernel_id)


def main(arguments: list[str]) -> int:
    try:
        os.nice(NICENESS)
    except OSError:
        pass
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    log.info("background compile %d started (%s first)", os.getpid(),
             " ".join(arguments) or "stud")
    compile_all(*arguments[:2]) if arguments else compile_all("stud")
    log.info("background compile %d done", os.getpid())
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
