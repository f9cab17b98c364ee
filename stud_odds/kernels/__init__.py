"""numba kernels: plain int arrays in, integer values and tallies out.

Nothing here knows about parsing, scenarios or printing.
"""

from __future__ import annotations

import hashlib
from pathlib import Path


def _cache_dirs(here: Path) -> list[Path]:
    """Where numba may keep this package's compiled kernels."""
    dirs = [here / "__pycache__"]
    try:  # numba's fall-backs when __pycache__ is not writable
        from numba import config
        from numba.core.caching import _CacheLocator
        from numba.misc.appdirs import AppDirs

        subpath = _CacheLocator.get_suitable_cache_subpath(str(here / "__init__.py"))
        dirs.append(Path(AppDirs(appname="numba", appauthor=False).user_cache_dir) / subpath)
        if config.CACHE_DIR:
            dirs.append(Path(config.CACHE_DIR) / subpath)
    except (ImportError, AttributeError):
        pass
    return dirs


def _drop_stale_compiled_kernels() -> None:
    """numba checks a cached kernel only against its own source file, not the files it
    calls into, so when any kernel source changes every cached kernel here is dropped."""
    here = Path(__file__).parent
    digest = hashlib.sha1()
    for source in sorted(here.glob("*.py")):
        digest.update(source.read_bytes())
    for cache_dir in _cache_dirs(here):
        if not cache_dir.is_dir() and cache_dir.name != "__pycache__":
            continue  # numba has not used this fall-back: nothing stale in it
        stamp = cache_dir / "stud_odds_kernels.sha1"
        try:
            if stamp.exists() and stamp.read_text() == digest.hexdigest():
                continue
            if cache_dir.is_dir():
                for compiled in cache_dir.glob("*.nb[ic]"):
                    compiled.unlink()
            cache_dir.mkdir(parents=True, exist_ok=True)
            stamp.write_text(digest.hexdigest())
        except OSError:
            pass  # a read-only place: numba will not have cached anything there either


_drop_stale_compiled_kernels()
