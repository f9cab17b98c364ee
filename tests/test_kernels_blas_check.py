"""numba's first load in a process with our kernels does not import scipy.linalg (its BLAS
check finds scipy's BLAS module loaded alone: kernels/blas_check.py), and BLAS stays
numba's and the user's as before."""

import subprocess
import sys

import pytest

pytest.importorskip("scipy")


def _run(code: str) -> str:
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True)
    return done.stdout.split()


FIRST_COMPILE = """
import sys
import stud_odds.kernels as kernels
kernels.CACHE_KERNELS  # what every kernel module reads before its first kernel
from numba import njit
@njit
def one():
    return 1
assert one() == 1
from numba.np import arraymath
print('scipy.linalg' in sys.modules, 'scipy.linalg.cython_blas' in sys.modules,
      arraymath._HAVE_BLAS)
"""


def test_numba_first_compile_imports_no_scipy_linalg():
    assert _run(FIRST_COMPILE) == ["False", "False", "True"]


def test_blas_is_had_the_usual_way_afterwards():
    """numba's np.dot and scipy.linalg's own import still work, cython_blas an attribute of
    its package as usual."""
    code = FIRST_COMPILE + """
import numpy as np
import scipy.linalg.cython_blas as blas
import scipy.linalg
assert scipy.linalg.cython_blas is blas
@njit
def dot(a, b):
    return np.dot(a, b)
print(dot(np.ones(3), np.ones(3)), scipy.linalg.solve(np.eye(2), np.ones(2)).sum())
"""
    assert _run(code)[3:] == ["3.0", "2.0"]
