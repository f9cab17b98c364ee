import sys
from pathlib import Path

# tests import helper modules (reference_eval) by name
sys.path.insert(0, str(Path(__file__).parent))

import os

# CLI output is checked at a fixed terminal width; rich reads COLUMNS when a console is made
os.environ["COLUMNS"] = "80"
# the study commands run here unless a test gives them a cluster (a developer's own
# STUD_ODDS_SCHEDULER would send every test's work there)
os.environ.pop("STUD_ODDS_SCHEDULER", None)

import signal
from collections.abc import Iterator
from contextlib import contextmanager

# A shell starts background jobs with Ctrl-C ignored, and child processes inherit that, so
# the Ctrl-C tests' children would rightly ignore SIGINT.  A handled signal is reset to the
# default in each child, which then catches Ctrl-C as any program run from a terminal does.
if signal.getsignal(signal.SIGINT) == signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)

# A command that finds a kernel missing would start a background compile: the tests that
# want one (test_compiling.py) turn it on for their own child processes.
os.environ["STUD_ODDS_BACKGROUND_COMPILE"] = "0"

import pytest

# a test about one of these is slow as well: the fast loop, -m "not slow", leaves it out
SLOW_KINDS = ("browser", "cluster", "compile")


@pytest.hookimpl(tryfirst=True)  # before -m deselects by mark
def pytest_collection_modifyitems(config, items):
    for item in items:
        if any(item.get_closest_marker(kind) for kind in SLOW_KINDS):
            item.add_marker(pytest.mark.slow)


def pytest_collection_finish(session):
    """Every kernel in the cache once, before the first test, when a selected test may use
    one: the command-line tests run the package in child processes, which answer with numpy
    (and say so on stderr) while a kernel is missing from the cache, and an in-process
    test would otherwise pay the compile inside its own time.  A fresh clone's kernels are
    its own (the cache marks a kernel compiled for its sources' path).  The tests marked
    ``compile`` make caches of their own and need none of it."""
    if session.config.option.collectonly or all(
            item.get_closest_marker("compile") for item in session.items):
        return
    _warm_kernels(getattr(session.config, "workerinput", None))


def _warm_kernels(worker: dict | None) -> None:
    """Every kernel not in the cache compiled into it.  Under pytest-xdist the workers share
    the compile: each kernel under a lock of this run's, the first worker from the first
    kernel on and the second from the last back, so that each compiles about half."""
    from stud_odds.engine import running
    from stud_odds.engine.warm import WARM_METHODS, warm_up
    from stud_odds.engine.weighted import weighted_kernels
    from stud_odds.games import Game

    work = [(kind, game, lambda game=game, method=method: warm_up([game], [method]))
            for game in Game for method, kind in WARM_METHODS.items()]
    # weighted heads-up counting, which warm_up leaves to its first use
    work += [("weighted", game, lambda game=game: weighted_kernels(game))
             for game in Game]
    work = list(enumerate(work))
    if worker is None:
        locks = None
    else:
        locks = _locks_folder(worker)
        if int(worker["workerid"].removeprefix("gw")) % 2:
            work.reverse()
    for number, (kind, game, warm) in work:
        with _holding(locks, number):
            if not running.in_cache(kind, game):
                warm()


@contextmanager
def _holding(locks: Path | None, number: int) -> Iterator[None]:
    """Kernel ``number``'s lock of this run, while a worker compiles it (none: no xdist)."""
    if locks is None:
        yield
        return
    import fcntl

    try:
        locks.mkdir(exist_ok=True)
        lock = open(locks / f"{number}.lock", "w")
    except OSError:  # the other worker, done with every kernel, has removed the folder
        yield
        return
    with lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        yield


def _locks_folder(worker: dict) -> Path:
    import tempfile

    return Path(tempfile.gettempdir()) / f"stud-odds-tests-{worker['testrunuid']}"


def pytest_sessionfinish(session):
    """Each worker removes the run's lock files: a worker at its end has every kernel
    compiled or loaded, and one still warming up makes the folder again."""
    worker = getattr(session.config, "workerinput", None)
    if worker is not None:
        import shutil

        shutil.rmtree(_locks_folder(worker), ignore_errors=True)


@pytest.fixture(autouse=True)
def kernels_answer(request, monkeypatch):
    """In-process equity() calls use the kernels (in the cache since collection, loaded on
    first use), as a warm engine does: the suite tests the kernels, and the twins are held
    against them in test_engine_twins_*.py.  Tests marked ``twins`` see the engine as a
    fresh process does."""
    if request.node.get_closest_marker("twins") is None:
        from stud_odds.engine import kernel_choice

        monkeypatch.setattr(kernel_choice, "kernel_answers",
                            lambda *arguments, **keywords: True)
