"""stud_odds.kernels.threads: numba's threading layer, for callers that must not import numba."""

import subprocess
import sys

# sampling runs no parallel loop (its chunks run on the engine's threads): a loop of
# numba's own makes it choose a layer
_SCRIPT = """
from stud_odds.kernels.threads import threading_layer
before = threading_layer()
from stud_odds import Scenario, equity
equity(Scenario.build(["AsKs/Qh", "7c7d/2s", "xx/Kd"]), method="monte-carlo", trials=1000,
       seed=1, threads=2)
sampled = threading_layer()
import numba
@numba.njit(parallel=True)
def total(n):
    summed = 0
    for i in numba.prange(n):
        summed += i
    return summed
total(10)
print(before, sampled, threading_layer())
"""


def test_no_layer_before_a_parallel_loop_runs_then_numbas_choice():
    run = subprocess.run([sys.executable, "-c", _SCRIPT], capture_output=True, text=True,
                         timeout=600)
    assert run.returncode == 0, run.stderr
    before, sampled, after = run.stdout.split()
    assert before == sampled == "None" and after in ("tbb", "omp", "workqueue")
