"""Importing hand-history files into the database: one transaction per file.

A file is read whole first (outside any lock), into the rows of its hands;
then one ``BEGIN IMMEDIATE`` transaction inserts them: ``INSERT OR IGNORE``
on the ``UNIQUE (site, number)`` key, so a hand already stored (from this file
or another) adds nothing.  A file is committed whole or not at all: Ctrl-C or
a kill leaves every file committed before it, and importing again stores the
rest.  Two imports at once take turns at the write lock.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from decimal import ROUND_HALF_EVEN, Decimal
from functools import lru_cache
from pathlib import Path

from stud_odds.cards import format_card
from stud_odds.db.results import ImportedFile, ImportResult, SkippedRecord
from stud_odds.db.schema import REFRESH_DAYS
from stud_odds.db.store import DatabaseError, Store, shown_path
from stud_odds.db.units import stored_unit
from stud_odds.history.lines import HistoryError
from stud_odds.history.model import HandHistory, SkippedHand

SITE = "PokerStars"
SNIFF = 4096  # bytes read to tell a text file from another in a folder
VPIP_VERBS = frozenset({"call", "complete", "raise", "bet"})
COMPLETE_VERBS = frozenset({"complete", "raise"})
_HUNDRED = Decimal(100)


StopAsked = Callable[[], bool]  # asked between parts: true once the import must end

_LARGEST = 2**62  # SQLite's integers are 64-bit: a larger amount is a damaged hand


class _TooLarge(ValueError):
    pass


@lru_cache(maxsize=8192)  # a file repeats a few amounts (antes, bets) many times
def _cents(amount: Decimal) -> int:
    value = int((amount * _HUNDRED).to_integral_value(ROUND_HALF_EVEN))
    if abs(value) >= _LARGEST:
        raise _TooLarge(f"an amount of chips is too large to store: {amount:.3g}")
    return value


def cents(amount: Decimal | None) -> int | None:
    """An amount as the database stores money: whole hundredths of its unit."""
    return None if amount is None else _cents(amount)


_CARD_TEXT = [format_card(card) for card in range(52)]


def _cards(cards: Iterable[int]) -> str | None:
    text = " ".join([_CARD_TEXT[card] for card in cards])
    return text or None


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


@dataclass
class _FileRows:
    hands: list[tuple]  # each: (hand row, seat rows, action rows)
    skipped: list[SkippedRecord]
    other_games: int


def _hand_rows(hand: HandHistory) -> tuple[tuple, list, list]:
    seats = {p.name: p.seat for p in hand.players}
    vpip: set[str] = set()
    complete: set[str] = set()
    actions = []
    for seq, action in enumerate(hand.actions):
        if action.street == 3 and action.verb in VPIP_VERBS:
            vpip.add(action.name)
            if action.verb in COMPLETE_VERBS:
                complete.add(action.name)
        actions.append((seq, action.street, seats.get(action.name, 0), action.verb,
                        _cents(action.amount), int(action.all_in)))
    players = [
        (p.seat, p.name, cents(p.chips), _cards(p.hole), _cards(p.upcards) or "",
         _CARD_TEXT[p.river] if p.river is not None else None, int(p.shown), p.folded,
         p.all_in, cents(p.invested), cents(p.won), int(p.name in vpip),
         int(p.name in complete))
        for p in hand.players
    ]
    row = (SITE, hand.id, str(hand.game), hand.time, hand.time_zone, hand.stakes,
           stored_unit(hand.unit, hand.tournament),
           cents(hand.small_bet), cents(hand.big_bet), cents(hand.ante), cents(hand.bring_in),
           hand.tournament, hand.table, hand.hero, len(hand.players), hand.last_street,
           format_card(hand.community) if hand.community is not None else None,
           int(hand.showdown), cents(hand.pot), cents(hand.rake),
           sum(1 for p in hand.players if p.won > 0), hand.line)
    return row, players, actions


CHUNK_BYTES = 32 << 20  # a larger file is read and written in parts, not held whole
CHUNK_HANDS = 20_000  # the stud hands of one part (about 60 MB of rows)


def _file_parts(path: Path, chunk: int, stop: StopAsked | None = None) -> Iterator[_FileRows]:
    """The hands of one file as rows to insert, and what was not read with its reason, in
    parts of at most ``chunk`` stud hands (at least one part).  Once ``stop()`` is true the
    reading ends early: its last part is cut short, and the writer, seeing stop() too,
    never writes it."""
    from stud_odds.history.pokerstars import read

    hands, skipped, other = [], [], 0
    yielded = False
    for item in read(path):
        if stop is not None and stop():
            yield _FileRows(hands, skipped, other)
            return
        if isinstance(item, HandHistory):
            try:
                hands.append(_hand_rows(item))
            except _TooLarge as error:
                skipped.append(SkippedRecord(shown_path(path), item.line, item.id, str(error),
                                             True, str(item.game)))
            if len(hands) >= chunk:
                yield _FileRows(hands, skipped, other)
                hands, skipped, other, yielded = [], [], 0, True
        elif isinstance(item, SkippedHand):
            other += not item.stud
            skipped.append(SkippedRecord(shown_path(path), item.line, item.id, item.reason,
                                         item.stud, str(item.game) if item.game else None))
    if not yielded and not hands and not skipped:
        from stud_odds.history.lines import count_stud_hands

        count_stud_hands(path)  # raises HistoryError saying why the file holds no hands
    yield _FileRows(hands, skipped, other)


def read_file(path: Path, stop: StopAsked | None = None) -> _FileRows:
    """Every hand of one file as rows to insert, and what was not read, with its reason."""
    return next(_file_parts(path, chunk=2**62, stop=stop))


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


@dataclass
class _Read:
    """One file read (in this process or a worker): its rows, or why it cannot be read."""

    path: Path
    rows: _FileRows | None
    size: int = 0
    modified: str = ""
    error: str | None = None
    first: bool = True  # the file's first part (a large file is written in parts)
    last: bool = True  # its last part


def _failed(path: Path, error: Exception, first: bool = True) -> _Read:
    message = str(error) if isinstance(error, HistoryError) else \
        f"cannot read {path}: {getattr(error, 'strerror', None) or error}"
    return _Read(path, None, error=shown_path(message), first=first)


def _modified(stat: os.stat_result) -> str:
    return datetime.fromtimestamp(stat.st_mtime, UTC).strftime("%Y-%m-%d %H:%M:%S")


def _read(path: Path, stop: StopAsked | None = None) -> _Read:
    """A whole file read (in a worker process, or here)."""
    try:
        rows = read_file(path, stop)
        stat = path.stat()
    except (HistoryError, OSError) as error:
        return _failed(path, error)
    return _Read(path, rows, stat.st_size, _modified(stat))


def _read_in_parts(path: Path, stop: StopAsked | None = None) -> Iterator[_Read]:
    """A large file read in parts of ``CHUNK_HANDS`` hands, each written on its own."""
    first = True
    try:
        stat = path.stat()
        parts = _file_parts(path, CHUNK_HANDS, stop)
        part = next(parts)
        for following in parts:  # one part ahead, to know which is the last
            yield _Read(path, part, stat.st_size, _modified(stat), first=first, last=False)
            first, part = False, following
        yield _Read(path, part, stat.st_size, _modified(stat), first=first)
    except (HistoryError, OSError) as error:
        yield _failed(path, error, first)


def import_file(store: Store, path: Path) -> ImportedFile:
    """Read one file and store its hands in one transaction; a file that cannot be read at
    all is reported in ``error`` and changes nothing."""
    return _write(store, _read(path))


def _write(store: Store, read: _Read, before: ImportedFile | None = None) -> ImportedFile:
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


PARALLEL_BYTES = 8 << 20  # read files in worker processes when there is this much text


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
                read: _Read | Exception = _read(path)
            except Exception as error:  # raised in the importer, as reading there would
                read = error
            connection.send(read)
    except (EOFError, OSError):  # the importer has gone
        pass


class _Readers:
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

    def next(self) -> _Read:
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
            read = _read(self.files[index])
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


def _reads(files: list[Path], workers: int | None, stop: StopAsked | None = None
           ) -> Iterator[_Read]:
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
        read_whole = (_read(file, stop) for file in whole)
        for file in files:
            yield from _read_in_parts(file, stop) if sizes[file] > CHUNK_BYTES \
                else (next(read_whole),)
        return
    readers = _Readers(whole, min(workers, len(whole)))
    finished = False
    try:
        for file in files:
            if sizes[file] > CHUNK_BYTES:
                yield from _read_in_parts(file, stop)
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


__all__ = ["SITE", "ImportStopped", "cents", "collect_files", "import_file", "import_files",
           "read_file"]
