"""stud_odds.kernels.threads: numba's threading layer, for callers that must not import numba."""

import subprocess
import sys

_SCRIPT = """
from stud_odds.kernels.threads import threading_layer
before = threading_layer()
from stud_odds import Scenario, equity
equity(Scenario.build(["AsKs/Qh", "7c7d/2s", "xx/Kd"]), method="monte-carlo", trials=1000,
       seed=1, threads=2)
print(before, threading_layer())
"""


def test_no_layer_before_a_parallel_kernel_runs_then_numbas_choice():
    run = subprocess.run([sys.executable, "-c", _SCRIPT], capture_output=True, text=True,
                         timeout=600)
    assert run.returncode == 0, run.stderr
    before, after = run.stdout.split()
    assert before == "None" and after in ("tbb", "omp", "workqueue")
