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
