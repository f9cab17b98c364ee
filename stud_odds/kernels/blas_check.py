"""numba's array functions, imported with a light check of scipy's BLAS.

When numba first loads or compiles a function it imports its array functions
(``numba.np.arraymath``), which check that BLAS can be had (``import
scipy.linalg.cython_blas``) so that ``np.dot`` would work.  That import runs
``scipy.linalg``'s ``__init__``, most of scipy's array layers with it: 0.15 s
of the README's first command on an idle 2-core machine (0.35 s loaded), for a
check our kernels never need (none calls BLAS).  ``import_array_functions``
imports ``numba.np.arraymath`` with scipy's BLAS module loaded alone, from its
own file, for just that import: numba's check finds the very module it asks
for and passes as before, and nothing of numba is changed.  The module is then
taken out of ``sys.modules`` again, so a later ``import scipy.linalg.cython_blas``
(numba compiling ``np.dot``, or the user's code) imports it the usual way, its
package with it.  Without scipy, or where its BLAS module is not a file of
its own, numba imports as usual.
"""

from __future__ import annotations

import importlib.util
import sys
from importlib.machinery import PathFinder

BLAS_MODULE = "scipy.linalg.cython_blas"  # what numba.np.linalg.ensure_blas imports
ARRAY_FUNCTIONS = "numba.np.arraymath"  # whose import calls ensure_blas


def import_array_functions() -> None:
    """Import numba's array functions (once), scipy's BLAS module loaded alone for their
    check when scipy is installed and its linear algebra not yet imported."""
    if ARRAY_FUNCTIONS in sys.modules:
        return
    module = None if "scipy.linalg" in sys.modules else _blas_module_alone()
    if module is None:
        importlib.import_module(ARRAY_FUNCTIONS)
        return
    sys.modules[BLAS_MODULE] = module
    try:
        importlib.import_module(ARRAY_FUNCTIONS)
    finally:
        if sys.modules.get(BLAS_MODULE) is module:
            del sys.modules[BLAS_MODULE]


def _blas_module_alone() -> object | None:
    """scipy.linalg.cython_blas loaded from its file without its package's ``__init__``;
    None when scipy is not installed or the module cannot be found or loaded so."""
    scipy = importlib.util.find_spec("scipy")
    if scipy is None or not scipy.submodule_search_locations:
        return None
    folders = [f"{folder}/linalg" for folder in scipy.submodule_search_locations]
    spec = PathFinder.find_spec(BLAS_MODULE, folders)
    if spec is None or spec.loader is None:
        return None
    try:
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
    except Exception:  # noqa: BLE001 (numba's own import then says what is wrong)
        return None
    return module


__all__ = ["import_array_functions"]
