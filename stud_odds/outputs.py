"""Output files: checked before the work starts, written so that a crash never leaves
half a file under the real name.

>>> path = check_output_path("results.csv")     # doctest: +SKIP
>>> with atomic_writer(path) as stream:          # doctest: +SKIP
...     stream.write("line,equity\\n")
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO

from stud_odds.errors import StudOddsError


class OutputError(StudOddsError):
    """An output path that cannot be written."""


def check_output_path(path: str | os.PathLike[str], option: str = "--out") -> Path:
    """``path`` as a Path once it is sure a file can be written there, else OutputError.

    Checked before any work is done, so a long run never ends in a failed write.
    """
    target = Path(path)
    folder = target.parent if str(target.parent) else Path(".")
    if target.is_dir():
        raise OutputError(f"{option} {target} is a folder: give a file name")
    if not folder.exists():
        raise OutputError(f"{option} {target}: the folder {folder} does not exist")
    if not folder.is_dir():
        raise OutputError(f"{option} {target}: {folder} is not a folder")
    if not os.access(folder, os.W_OK | os.X_OK):
        raise OutputError(f"{option} {target}: the folder {folder} is not writable")
    if target.exists() and not os.access(target, os.W_OK):
        raise OutputError(f"{option} {target} is read-only")
    return target


@contextmanager
def atomic_writer(path: str | os.PathLike[str], mode: str = "w",
                  newline: str | None = "") -> Iterator[IO]:
    """Write to a temporary file beside ``path`` and rename it into place on success.

    On any exception (Ctrl-C included) the temporary file is removed and the
    real name is left as it was: a reader sees the old file or the whole new one.
    """
    target = Path(path)
    descriptor, temporary = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".part",
                                             dir=target.parent if str(target.parent) else ".")
    try:
        binary = "b" in mode
        with os.fdopen(descriptor, mode, **({} if binary else {"newline": newline,
                                                              "encoding": "utf-8"})) as stream:
            yield stream
            stream.flush()
            os.fsync(stream.fileno())
        if target.exists():  # keep the permissions of the file being replaced
            os.chmod(temporary, target.stat().st_mode & 0o7777)
        else:
            os.chmod(temporary, 0o666 & ~_umask())
        os.replace(temporary, target)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


__all__ = ["OutputError", "atomic_writer", "check_output_path"]
