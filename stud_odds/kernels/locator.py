"""Where numba keeps our compiled kernels: stud-odds' cache folder, for our kernels alone.

numba asks each of its cache locator classes in turn where a ``cache=True``
function keeps its files; ours is asked first and answers only for functions
defined in this package, so their files go to :func:`stud_odds.cache.location`'s
``numba/`` folder.  Every other library's numba functions, and numba's own
settings (``NUMBA_CACHE_DIR``, ``numba.config.CACHE_DIR``), are left as they
are, whether numba was imported before stud-odds or not.
"""

from __future__ import annotations

from pathlib import Path

from numba.core.caching import CacheImpl, _CacheLocator, _SourceFileBackedLocatorMixin

from stud_odds.cache import location

_KERNELS = Path(__file__).resolve().parent


class KernelCacheLocator(_SourceFileBackedLocatorMixin, _CacheLocator):
    """numba's cache files of a kernel defined in stud_odds/kernels/, in our cache folder."""

    def __init__(self, py_func, py_file: str) -> None:
        numba_dir = location().numba_dir
        assert numba_dir is not None  # from_function checked
        self._py_file = py_file
        self._lineno = py_func.__code__.co_firstlineno
        self._cache_path = str(numba_dir / self.get_suitable_cache_subpath(py_file))

    def get_cache_path(self) -> str:
        return self._cache_path

    @classmethod
    def from_function(cls, py_func, py_file: str) -> KernelCacheLocator | None:
        # None: not ours (or nothing writable), numba asks its own locators
        if location().numba_dir is None or Path(py_file).resolve().parent != _KERNELS:
            return None
        return super().from_function(py_func, py_file)


def cache_kernels() -> bool:
    """Register :class:`KernelCacheLocator` (once); True when kernels may be cached on disk.

    Must run before a kernel is decorated: numba picks a function's locator then.
    """
    if location().numba_dir is None:
        return False
    if KernelCacheLocator not in CacheImpl._locator_classes:
        CacheImpl._locator_classes.insert(0, KernelCacheLocator)
    return True


__all__ = ["KernelCacheLocator", "cache_kernels"]
