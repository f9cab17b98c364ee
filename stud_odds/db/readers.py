"""Reading hand-history files for an import: a file whole or in parts, here or in worker
processes that read the next files while the importer writes.

A file read is a :class:`FileRead`: its rows (``db.hand_rows``), or why it cannot be
read.  :class:`Readers` are the worker processes, one pipe each, killed with the
importer.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from stud_odds.db.hand_rows import FileRows, StopAsked, file_parts, read_file
from stud_odds.db.showing import shown_path
from stud_odds.history.lines import HistoryError


@dataclass
class FileRead:
    """One file read (in this process or a worker): its rows, or why it cannot be read."""

    path: Path
    rows: FileRows | None
    size: int = 0
    modified: str = ""
    error: str | None = None
    first: bool = True  # the file's first part (a large file is written in parts)
    last: bool = True  # its last part


def _failed(path: Path, error: Exception, first: bool = True) -> FileRead:
    message = str(error) if isinstance(error, HistoryError) else \
        f"cannot read {path}: {getattr(error, 'strerror', None) or error}"
    return FileRead(path, None, error=shown_path(message), first=first)


def _modified(stat: os.stat_result) -> str:
    return datetime.fromtimestamp(stat.st_mtime, UTC).strftime("%Y-%m-%d %H:%M:%S")


def read_whole_file(path: Path, stop: StopAsked | None = None) -> FileRead:
    """A whole file read (in a worker process, or here)."""
    try:
        rows = read_file(path, stop)
        stat = path.stat()
    except (HistoryError, OSError) as error:
        return _failed(path, error)
    return FileRead(path, rows, stat.st_size, _modified(stat))


def read_in_parts(path: Path, chunk: int, stop: StopAsked | None = None
                  ) -> Iterator[FileRead]:
    """A large file read in parts of ``chunk`` hands, each written on its own."""
    first = True
    try:
        stat = path.stat()
        parts = file_parts(path, chunk, stop)
        part = next(parts)
        for following in parts:  # one part ahead, to know which is the last
            yield FileRead(path, part, stat.st_size, _modified(stat), first=first, last=False)
            first, part = False, following
        yield FileRead(path, part, stat.st_size, _modified(stat), first=first)
    except (HistoryError, OSError) as error:
        yield _failed(path, error, first)


def _worker_start() -> None:
    """A reading process: Ctrl-C is the importer's to handle, and it dies with it."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:  # Linux: killed when the importer is (SIGKILL included), never left behind
        import ctypes

        ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass


def _reader_main(connection) -> None:
    """A reading process: reads each file it is sent and sends its rows back, until it is
    sent None or the importer has gone."""
    _worker_start()
    try:
        while (path := connection.recv()) is not None:
            try:
                read: FileRead | Exception = read_whole_file(path)
            except Exception as error:  # raised in the importer, as reading there would
                read = error
            connection.send(read)
    except (EOFError, OSError):  # the importer has gone
        pass


class Readers:
    """Worker processes reading ``files`` in order, file i by worker i mod n, each file's rows
    coming back through the pipe of the worker that read it.

    Each worker has a pipe of its own and shares nothing else with the importer: one killed
    at any moment (by the importer stopping, or with it) leaves no lock held and no
    semaphore behind, where a ``multiprocessing.Pool`` would (its queues' locks: a worker
    killed while holding one hangs the pool's shutdown, and a killed importer leaves their
    semaphores to the resource tracker, which warns of them as leaked)."""

    AHEAD = 2  # files a worker is given at once: it reads the next while this one writes

    def __init__(self, files: list[Path], count: int):
        import multiprocessing

        context = multiprocessing.get_context("spawn")
        self.files, self.sent, self.taken = files, 0, 0
        self.processes, self.pipes = [], []
        self.gone: set[int] = set()  # workers that ended: their files are read here
        for _ in range(count):
            mine, theirs = context.Pipe()
            process = context.Process(target=_reader_main, args=(theirs,), daemon=True,
                                      name="stud-odds reader")
            process.start()
            theirs.close()
            self.processes.append(process)
            self.pipes.append(mine)
        while self.sent < min(len(files), self.AHEAD * count):
            self._send()

    def _send(self) -> None:
        worker = self.sent % len(self.pipes)
        if worker not in self.gone:
            try:
                self.pipes[worker].send(self.files[self.sent])
            except OSError:
                self.gone.add(worker)
        self.sent += 1

    def next(self) -> FileRead:
        """The next file's rows, in order."""
        index, worker = self.taken, self.taken % len(self.pipes)
        self.taken += 1
        read = None
        if worker not in self.gone:
            try:
                read = self.pipes[worker].recv()
            except (EOFError, OSError):  # the worker ended (killed, out of memory)
                self.gone.add(worker)
        if read is None:
            read = read_whole_file(self.files[index])
        if self.sent < len(self.files):
            self._send()
        if isinstance(read, Exception):
            raise read
        return read

    def close(self, finished: bool) -> None:
        """Ends the workers: asked to (``finished``), else killed; either way joined."""
        for worker, (process, pipe) in enumerate(zip(self.processes, self.pipes,
                                                     strict=True)):
            if finished and worker not in self.gone:
                try:
                    pipe.send(None)
                except OSError:
                    pass
            else:
                process.kill()
        for process, pipe in zip(self.processes, self.pipes, strict=True):
            process.join(5 if finished else None)
            if process.is_alive():
                process.kill()
                process.join()
            pipe.close()


__all__ = ["FileRead", "Readers", "read_in_parts", "read_whole_file"]
