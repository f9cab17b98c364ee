"""Output files: checked before the work starts, written so that a crash never leaves
half a file under the real name.

An output is a new file or a regular one; a symbolic link is written through
(the file it points to gets the output, the link stays a link); anything else
(a folder, a device, a pipe) and any input of the same command are refused.

>>> path = check_output_path("results.csv", inputs=["spots.jsonl"])  # doctest: +SKIP
>>> with atomic_writer(path) as stream:                               # doctest: +SKIP
...     stream.write("line,equity\\n")
"""

from __future__ import annotations

import os
import stat
import tempfile
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO

from stud_odds.errors import StudOddsError

PathLike = str | os.PathLike[str]


class OutputError(StudOddsError):
    """An output path that cannot be written."""


def written_path(path: PathLike) -> Path:
    """The file that writing ``path`` changes: ``path`` with every symbolic link followed."""
    return Path(os.path.realpath(path))


def check_output_path(path: PathLike, option: str = "--out",
                      inputs: Iterable[PathLike] = ()) -> Path:
    """``path`` as a Path once it is sure a file can be written there, else OutputError.

    Checked before any work is done, so a long run never ends in a failed write
    or in a destroyed input.  ``inputs`` are the files the command reads (and
    outputs it writes before this one): ``path`` must be none of them, by any
    name (links, ``..``, hard links).
    """
    given = Path(path)
    target = written_path(given)
    folder = target.parent
    if target.is_dir():
        raise OutputError(f"{option} {given} is a folder: give a file name")
    if target.is_symlink():  # realpath stops at a loop of links
        raise OutputError(f"{option} {given} is a loop of symbolic links: give a file name")
    if not folder.exists():
        named = given.parent
        link = "" if folder == Path(os.path.abspath(named)) else f" (a link to {folder})"
        raise OutputError(f"{option} {given}: the folder {named} does not exist{link}")
    if not folder.is_dir():
        raise OutputError(f"{option} {given}: {folder} is not a folder")
    if target.exists() and not target.is_file():
        raise OutputError(f"{option} {given} is not a regular file (a device, a pipe or a "
                          "socket): give a file name")
    if not os.access(folder, os.W_OK | os.X_OK):
        raise OutputError(f"{option} {given}: the folder {folder} is not writable")
    if target.exists() and not os.access(target, os.W_OK):
        raise OutputError(f"{option} {given} is read-only")
    for source in inputs:
        if _same_file(target, Path(source)):
            raise OutputError(f"{option} {given} is also the input {source}: writing it would "
                              "destroy it, so give another file name")
    return given


def _same_file(target: Path, other: Path) -> bool:
    """Whether writing ``target`` would change ``other`` (same device and inode, or, for a
    file not made yet, the same real path)."""
    try:
        return os.path.samestat(os.stat(target), os.stat(other))
    except OSError:  # one of them does not exist (yet)
        return target == written_path(other)


@contextmanager
def atomic_writer(path: PathLike, mode: str = "w", newline: str | None = "") -> Iterator[IO]:
    """Write to a temporary file beside ``path`` and rename it into place on success.

    On any exception (Ctrl-C included) the temporary file is removed and the
    real name is left as it was: a reader sees the old file or the whole new one.
    A symbolic link is written through: the file it leads to is replaced, the
    link is kept.  Whatever is not a regular file is never renamed over.
    """
    target = written_path(path)
    descriptor, temporary = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".part",
                                             dir=target.parent)
    try:
        binary = "b" in mode
        with os.fdopen(descriptor, mode, **({} if binary else {"newline": newline,
                                                              "encoding": "utf-8"})) as stream:
            yield stream
            stream.flush()
            os.fsync(stream.fileno())
        os.chmod(temporary, _mode_for(target, path))
        os.replace(temporary, target)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def _mode_for(target: Path, given: PathLike) -> int:
    """The permissions of the file being replaced, or the usual ones of a new file; refuses
    a target that became a folder, device or pipe after the check."""
    try:
        status = os.stat(target)
    except FileNotFoundError:
        return 0o666 & ~_umask()
    if not stat.S_ISREG(status.st_mode):
        raise OutputError(f"{given} is no longer a regular file: nothing was written")
    return status.st_mode & 0o7777


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


__all__ = ["OutputError", "atomic_writer", "check_output_path", "written_path"]
