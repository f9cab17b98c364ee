"""Where stud-odds keeps what it builds once: the evaluator tables and numba's compiled kernels.

One folder per version of the code that builds them::

    <user cache>/stud-odds/<version>-<digest>/
        VERSION        what made this folder (stud-odds, numba, numpy, Python versions);
                       its time is the folder's last use
        tables/        the evaluators' look-up tables, one .npy file each
        numba/         numba's cache=True files of our kernels (kernels/locator.py)
        compiled/      one empty file per kernel compiled here (for the first-run notice)

The digest covers every kernel source, so a changed kernel never meets an old
compiled one (numba alone checks only the file a kernel is defined in).  The
folder is decided, and made, only when the tables or a kernel are first needed:
answering a rules question touches no disk.  Our kernels alone are cached here;
numba's own settings, and other libraries' caches, are left as they are.  When
the user cache directory cannot be written (no home, a read-only home) a
private folder in the temporary directory is used; when nothing can be
written, kernels are compiled in memory every run.

``STUD_ODDS_CACHE_DIR`` overrides the user cache directory.
"""

from __future__ import annotations

import hashlib
import logging
import os
import shutil
import stat
import sys
import tempfile
import time
from dataclasses import dataclass
from functools import cache
from pathlib import Path

_log = logging.getLogger("stud_odds")

_KERNEL_SOURCES = Path(__file__).parent / "kernels"


def _package_version(distribution: str, package: str) -> str:
    """An installed distribution's version: from the name of the one .dist-info folder of
    it beside its package (``package``), else from importlib.metadata (which costs tens
    of milliseconds to import: a first answer waits for it)."""
    import importlib.util

    spec = importlib.util.find_spec(package)
    prefix = distribution.replace("-", "_") + "-"
    for folder in (spec.submodule_search_locations or []) if spec else []:
        found = list(Path(folder).parent.glob(f"{prefix}*.dist-info"))
        if len(found) == 1:
            return found[0].name[len(prefix):-len(".dist-info")]
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version(distribution)
    except PackageNotFoundError:
        return "unknown"


@cache
def code_digest() -> str:
    """A digest of everything a cached table or kernel was built from."""
    digest = hashlib.sha1()
    # the kernels and the game table they take their game ids from
    for source in [*sorted(_KERNEL_SOURCES.glob("*.py")), _KERNEL_SOURCES.parent / "games.py"]:
        digest.update(source.name.encode() + b"\0" + source.read_bytes())
    digest.update(f"{sys.version_info[:2]} {_package_version('numba', 'numba')} "
                  f"{_package_version('numpy', 'numpy')}".encode())
    return digest.hexdigest()[:16]


@dataclass(frozen=True)
class CacheLocation:
    folder: Path | None  # None: nothing can be written, compile in memory
    note: str | None = None  # why the usual place is not used, for the user

    @property
    def numba_dir(self) -> Path | None:
        return None if self.folder is None else self.folder / "numba"

    @property
    def tables_folder(self) -> Path | None:
        return None if self.folder is None else self.folder / "tables"


def _writable_folder(folder: Path, private: bool = False) -> bool:
    """Make ``folder`` (and its parents) and prove a file can be written in it."""
    try:
        folder.mkdir(parents=True, exist_ok=True, mode=0o700)
        if private:  # a shared temporary directory: only a folder of our own will do
            info = folder.stat()
            if info.st_uid != os.getuid() or info.st_mode & (stat.S_IWGRP | stat.S_IWOTH):
                return False
        with tempfile.TemporaryFile(dir=folder):
            pass
        return True
    except OSError:
        return False


def _user_cache_root() -> Path | None:
    configured = os.environ.get("STUD_ODDS_CACHE_DIR")
    if configured:
        return Path(configured)
    try:
        from platformdirs import user_cache_dir

        return Path(user_cache_dir("stud-odds", appauthor=False))
    except Exception:  # no home at all: platformdirs cannot name a place
        return None


@cache
def location() -> CacheLocation:
    """The cache folder for this version of the code, decided once per process."""
    name = f"{_package_version('stud-odds', 'stud_odds')}-{code_digest()}"
    root = _user_cache_root()
    if root is not None and _writable_folder(root / name):
        return CacheLocation(_ready(root / name))
    where = f"{root}" if root is not None else "the user cache directory"
    fallback = Path(tempfile.gettempdir()) / f"stud-odds-{os.getuid()}"
    if _writable_folder(fallback, private=True) and _writable_folder(fallback / name):
        return CacheLocation(_ready(fallback / name),
                             f"{where} is not writable; caching in {fallback} instead")
    return CacheLocation(None, f"{where} is not writable: nothing will be cached, so kernels "
                               "are compiled again on every run")


# a folder of other code of this version that no run has used this long is dropped
UNUSED_S = 24 * 3600


def _ready(folder: Path) -> Path:
    """Write the VERSION file (once), mark the folder used now, and drop folders of other
    code of the same version (a changed source tree) that no run has used for a day.  A
    folder in use is never dropped: two clones or installs of different code, run side by
    side, would otherwise delete each other's kernels under their feet and compile anew on
    every turn.  Other versions' folders are theirs to keep."""
    stamp = folder / "VERSION"
    try:
        if stamp.exists():
            os.utime(stamp)  # its time is when a run last used the folder
            return folder
        stamp.write_text(
            f"stud-odds {_package_version('stud-odds', 'stud_odds')}\ncode {code_digest()}\n"
            f"numba {_package_version('numba', 'numba')}\n"
            f"numpy {_package_version('numpy', 'numpy')}\n"
            f"python {sys.version.split()[0]}\n"
        )
        prefix = folder.name.rsplit("-", 1)[0] + "-"
        unused_since = time.time() - UNUSED_S
        for old in folder.parent.iterdir():
            if (old != folder and old.name.startswith(prefix)
                    and (old / "VERSION").is_file()
                    and (old / "VERSION").stat().st_mtime < unused_since):
                shutil.rmtree(old, ignore_errors=True)
    except OSError:
        pass
    return folder


def is_compiled(kernel: str) -> bool:
    """Whether ``kernel`` was compiled into this cache before (so loading is quick)."""
    folder = location().folder
    return folder is not None and (folder / "compiled" / kernel).exists()


def mark_compiled(kernel: str) -> None:
    folder = location().folder
    if folder is None:
        return
    try:
        (folder / "compiled").mkdir(exist_ok=True)
        (folder / "compiled" / kernel).touch()
    except OSError:
        pass  # only costs the first-run notice being shown again


def drop_compiled_kernels() -> None:
    """Delete every compiled kernel (they failed to load: damaged files)."""
    folder = location().folder
    if folder is None:
        return
    for name in ("numba", "compiled"):
        shutil.rmtree(folder / name, ignore_errors=True)


__all__ = ["CacheLocation", "code_digest", "drop_compiled_kernels",
           "is_compiled", "location", "mark_compiled"]
