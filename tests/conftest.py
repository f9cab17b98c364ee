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

# A shell starts background jobs with Ctrl-C ignored, and child processes inherit that, so
# the Ctrl-C tests' children would rightly ignore SIGINT.  A handled signal is reset to the
# default in each child, which then catches Ctrl-C as any program run from a terminal does.
if signal.getsignal(signal.SIGINT) == signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)

# A command that finds a kernel missing would start a background compile: the tests that
# want one (test_compiling.py) turn it on for their own child processes.
os.environ["STUD_ODDS_BACKGROUND_COMPILE"] = "0"

import pytest


def pytest_sessionstart(session):
    """Every kernel in the cache before the first test: the command-line tests run the
    package in child processes, which answer with numpy (and say so on stderr) while a
    kernel is missing from the cache, and a fresh clone's kernels are its own (the cache
    marks a kernel compiled for its sources' path)."""
    from stud_odds.engine.warm import warm_up, warmth

    state = warmth()
    if state.compiled < state.total:
        warm_up()


def pytest_configure(config):
    config.addinivalue_line("markers", "twins: let numpy twins answer while a kernel is missing "
                                       "(elsewhere in-process calls use the kernels)")


@pytest.fixture(autouse=True)
def kernels_answer(request, monkeypatch):
    """In-process equity() calls use the kernels (compiled on first use), as a warm engine
    does: the suite tests the kernels, and the twins are held against them in
    test_engine_twins_*.py.  Tests marked ``twins`` see the engine as a fresh process does."""
    if request.node.get_closest_marker("twins") is None:
        from stud_odds.engine import kernel_choice

        monkeypatch.setattr(kernel_choice, "kernel_answers",
                            lambda *arguments, **keywords: True)
