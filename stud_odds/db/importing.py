"""Importing hand-history files into the database: one transaction per file.

A file is read whole first, outside any lock (``db.readers``), into the rows of
its hands (``db.hand_rows``); then one ``BEGIN IMMEDIATE`` transaction inserts
them: ``INSERT OR IGNORE`` on the ``UNIQUE (site, number)`` key, so a hand
already stored (from this file or another) adds nothing.  A file is committed
whole or not at all: Ctrl-C or a kill leaves every file committed before it, and
importing again stores the rest.  Two imports at once take turns at the write lock.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Iterator
from datetime import UTC, datetime
from pathlib import Path

from stud_odds.db.hand_rows import SITE, StopAsked
from stud_odds.db.readers import FileRead, Readers, read_in_parts, read_whole_file
from stud_odds.db.results import ImportedFile, ImportResult
from stud_odds.db.schema import REFRESH_DAYS
from stud_odds.db.showing import shown_path
from stud_odds.db.store import DatabaseError, Store

SNIFF = 4096  # bytes read to tell a text file from another in a folder
CHUNK_BYTES = 32 << 20  # a larger file is read and written in parts, not held whole
CHUNK_HANDS = 20_000  # the stud hands of one part (about 60 MB of rows)
PARALLEL_BYTES = 8 << 20  # read files in worker processes when there is this much text


def _is_text(path: Path) -> bool:
    try:
        with open(path, "rb") as stream:
            head = stream.read(SNIFF)
    except OSError:
        return True  # let the import say why it cannot be read
    if head.startswith((b"\xff\xfe", b"\xfe\xff")):
        return True  # UTF-16 text: the reader says to save it as UTF-8
    return b"\x00" not in head


def collect_files(paths: Iterable[str | os.PathLike[str]]) -> tuple[list[Path], list[str]]:
    """The files to import, in order (a folder's files recursively, sorted, text files
    only, hidden ones left out), and the folders' files passed over as not text.  A path
    that does not exist is refused before any work."""
    files: list[Path] = []
    passed_over: list[str] = []
    seen: set[Path] = set()
    for given in paths:
        path = Path(given)
        if path.is_dir():
            found = []
            for folder, subfolders, names in os.walk(path):
                subfolders[:] = sorted(d for d in subfolders if not d.startswith("."))
                found.extend(Path(folder) / name for name in names if not name.startswith("."))
            for file in sorted(found):
                if file.is_file() and _is_text(file):
                    if file.resolve() not in seen:
                        seen.add(file.resolve())
                        files.append(file)
                else:
                    passed_over.append(shown_path(file))
        elif path.exists():
            if path.resolve() not in seen:
                seen.add(path.resolve())
                files.append(path)
        else:
            raise DatabaseError(f"there is no file or folder {shown_path(given)}")
    return files, passed_over


_INSERT_HAND = (
    "INSERT OR IGNORE INTO hands (site, number, game, time, time_zone, stakes, unit, "
    "small_bet, big_bet, ante, bring_in, tournament, table_name, hero, players, last_street, "
    "community, showdown, pot, rake, winners, line, file_id) "
    "VALUES (" + ", ".join("?" * 23) + ")")
_INSERT_SEAT = (
    "INSERT INTO seats (hand_id, seat, name, chips, hole, upcards, river, shown, folded, "
    "all_in, invested, won, vpip, complete) VALUES (" + ", ".join("?" * 14) + ")")
_INSERT_ACTION = ("INSERT INTO actions (hand_id, seq, street, seat, verb, amount, all_in) "
                  "VALUES (?, ?, ?, ?, ?, ?, ?)")


def _now() -> str:
    return datetime.now(UTC).strftime("%Y-%m-%d %H:%M:%S")


def import_file(store: Store, path: Path) -> ImportedFile:
    """Read one file and store its hands in one transaction; a file that cannot be read at
    all is reported in ``error`` and changes nothing."""
    return _write(store, read_whole_file(path))


def _write(store: Store, read: FileRead, before: ImportedFile | None = None) -> ImportedFile:
    """One file, or one part of a large file (``before``: what this import wrote of its
    earlier parts), in one transaction."""
    path, rows = read.path, read.rows
    if rows is None:
        return ImportedFile(shown_path(path), error=read.error)
    # a name that is not UTF-8 is stored as it is shown (SQLite text is UTF-8)
    absolute = shown_path(path.resolve())
    new = already = 0
    counts = [len(rows.hands), sum(1 for s in rows.skipped if s.stud), rows.other_games]
    if before is not None and not read.first:
        counts = [counts[0] + before.new + before.already, counts[1] + before.skipped,
                  counts[2] + before.other_games]
    with store.transaction() as cursor:
        # the file's counts as this import has read them so far, set, never added to: two
        # imports of one large file at once each write the whole file's counts with their
        # last part, whatever the order their parts took turns at the write lock in
        cursor.execute(
            "INSERT INTO files (path, size, modified, imported, hands, skipped, "
            "other_games) VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (path) DO UPDATE SET "
            "size = excluded.size, modified = excluded.modified, "
            "imported = excluded.imported, hands = excluded.hands, "
            "skipped = excluded.skipped, other_games = excluded.other_games",
            (absolute, read.size, read.modified, _now(), *counts))
        file_id = cursor.execute("SELECT id FROM files WHERE path = ?", (absolute,)).fetchone()[0]
        seat_rows, action_rows = [], []
        first = last = None
        for hand, players, actions in rows.hands:
            cursor.execute(_INSERT_HAND, (*hand, file_id))
            if cursor.rowcount != 1:
                already += 1
                continue
            new += 1
            hand_id = cursor.lastrowid
            first, last = first or hand_id, hand_id
            seat_rows.extend((hand_id, *player) for player in players)
            action_rows.extend((hand_id, *action) for action in actions)
        cursor.executemany(_INSERT_SEAT, seat_rows)
        cursor.executemany(_INSERT_ACTION, action_rows)
        if first is not None:
            # the new hands' ids run from first to last: ids only grow, and this
            # transaction holds the write lock
            cursor.execute(REFRESH_DAYS, (first, last))
        # what this file could not give: as read this time (a hand cut short while the
        # client was still writing the file is stored once it is whole)
        if read.first:
            cursor.execute("DELETE FROM skipped WHERE file_id = ?", (file_id,))
        cursor.executemany(
            "INSERT OR REPLACE INTO skipped (file_id, line, site, number, game, stud, reason) "
            "VALUES (?, ?, ?, ?, ?, ?, ?)",
            [(file_id, s.line, SITE, s.number, s.game, int(s.stud), s.reason)
             for s in rows.skipped])
    stud_skipped = tuple(s for s in rows.skipped if s.stud)
    return ImportedFile(shown_path(path), new=new, already=already, skipped=len(stud_skipped),
                        other_games=rows.other_games, skipped_hands=stud_skipped)


def _reads(files: list[Path], workers: int | None, stop: StopAsked | None = None
           ) -> Iterator[FileRead]:
    """Each file read, in order: in this process, or (many megabytes of text, several files,
    several cores) in ``workers`` processes while this one writes.  A file larger than
    ``CHUNK_BYTES`` is read here, in parts."""
    sizes = {}
    for file in files:
        try:
            sizes[file] = file.stat().st_size
        except OSError:
            sizes[file] = 0
    whole = [file for file in files if sizes[file] <= CHUNK_BYTES]
    if workers is None:
        cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") \
            else (os.cpu_count() or 1)
        enough = sum(sizes[file] for file in whole) >= PARALLEL_BYTES and len(whole) > 1
        workers = min(cores, 4) if enough else 1
    if workers <= 1 or len(whole) <= 1:
        wholes = (read_whole_file(file, stop) for file in whole)
        for file in files:
            yield from read_in_parts(file, CHUNK_HANDS, stop) if sizes[file] > CHUNK_BYTES \
                else (next(wholes),)
        return
    readers = Readers(whole, min(workers, len(whole)))
    finished = False
    try:
        for file in files:
            if sizes[file] > CHUNK_BYTES:
                yield from read_in_parts(file, CHUNK_HANDS, stop)
            else:
                yield readers.next()
        finished = True
    finally:
        readers.close(finished)


def _combined(before: ImportedFile, part: ImportedFile) -> ImportedFile:
    """Two parts of one large file's import as one."""
    return ImportedFile(before.path, before.new + part.new, before.already + part.already,
                        before.skipped + part.skipped, before.other_games + part.other_games,
                        part.error or before.error, before.skipped_hands + part.skipped_hands)


class ImportStopped(DatabaseError):
    """An import stopped by its ``stop()`` before the end: ``result`` holds what was
    committed (whole files, and the whole parts of the file it was in, as ``partial``),
    ``files`` how many files it was asked to import.  Importing again adds the rest."""

    def __init__(self, result: ImportResult, files: int, partial: ImportedFile | None) -> None:
        self.result, self.files, self.partial = result, files, partial
        whole = len(result.files) - (partial is not None)
        part = f" and part of {Path(partial.path).name}" if partial is not None else ""
        super().__init__(f"the import stopped with {whole} of {files} files{part} imported "
                         f"({result.new:,} new hands stored): import again to add the rest")


def import_files(store: Store, paths: Iterable[str | os.PathLike[str]],
                 progress: Callable[[ImportedFile, int], None] | None = None,
                 workers: int | None = None, stop: StopAsked | None = None) -> ImportResult:
    """Import files and folders (recursively, text files only), one transaction per file
    (per ``CHUNK_HANDS`` hands of a file larger than ``CHUNK_BYTES``), in order.

    ``progress(done, size)`` is called after each file is committed, with its size in
    bytes.  ``workers``: processes reading files while this one writes (default: one a
    core, up to 4, when there are several files and at least 8 MB of text; 1: none).
    ``stop()`` (once true, true for good: a deadline, a cancel) is asked before each file
    and each part is written, and while reading in this process: the import then ends
    with ImportStopped, every whole part committed and nothing of the others.
    """
    files, passed_over = collect_files(paths)
    if store.read_only:
        raise DatabaseError(store.why_read_only or f"{store.name} was opened read-only")
    done = []
    reads = _reads(files, workers, stop)
    so_far: ImportedFile | None = None  # a large file's parts written so far
    try:
        for read in reads:
            if stop is not None and stop():
                kept = (*done, so_far) if so_far is not None else tuple(done)
                raise ImportStopped(ImportResult(store.name, kept, tuple(passed_over)),
                                    len(files), so_far)
            result = _write(store, read, so_far)
            if so_far is not None and not read.first:
                result = _combined(so_far, result)
            so_far = None if read.last else result
            if so_far is not None:
                continue
            done.append(result)
            if progress is not None:
                try:
                    size = read.path.stat().st_size
                except OSError:
                    size = 0
                progress(result, size)
    finally:
        reads.close()  # Ctrl-C or an error: the reading processes stop now
    return ImportResult(store.name, tuple(done), tuple(passed_over))


__all__ = ["ImportStopped", "collect_files", "import_file", "import_files"]
