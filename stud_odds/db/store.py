"""Opening a hand database: where it lives, what is refused, how it is written.

A file is checked before anything writes to it: its first bytes (an SQLite
file?), then, on a read-only connection, its tables and schema version.  A
file that is not SQLite, is damaged, belongs to another program or was
written by a newer stud-odds is refused with one sentence and left exactly as
it was.  Only then is it opened for writing, put in WAL mode and, when it is
older, migrated.  Every write runs in one ``BEGIN IMMEDIATE`` transaction, and
a writer waits up to ``BUSY_TIMEOUT_S`` for another one to finish.
"""

from __future__ import annotations

import os
import shutil
import sqlite3
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import quote

from stud_odds.db.schema import MIGRATIONS, SCHEMA, SCHEMA_VERSION
from stud_odds.db.showing import shown_path
from stud_odds.errors import StudOddsError

ENV = "STUD_ODDS_DB"
FILE_NAME = "hands.sqlite"
SQLITE_MAGIC = b"SQLite format 3\x00"
BUSY_TIMEOUT_S = 600.0  # another import holds the write lock: wait for it this long


class DatabaseError(StudOddsError):
    """A hand database that cannot be opened or used; one sentence says why."""


class EmptyDatabase(DatabaseError):
    """No hand to show at all: no database file yet, or one that holds no hand (the page
    says to drop files, the command line to import them)."""


def default_path() -> Path:
    """The database file used when neither ``--db`` nor ``STUD_ODDS_DB`` names one: in the
    user data folder (``~/.local/share/stud-odds/hands.sqlite`` on Linux)."""
    from platformdirs import user_data_dir

    return Path(user_data_dir("stud-odds", appauthor=False)) / FILE_NAME


def resolve_path(path: str | os.PathLike[str] | None = None) -> Path:
    """``path`` if given, else ``$STUD_ODDS_DB`` if set, else :func:`default_path`."""
    if path is not None and str(path) != "":
        return Path(path).expanduser()
    env = os.environ.get(ENV, "")
    return Path(env).expanduser() if env else default_path()


def check_text(value: str, what: str) -> str:
    """``value`` if it is text SQLite can hold (UTF-8); else DatabaseError naming ``what``
    (``--player 'caf\\xe9'``) and the first byte that is not (a command line's byte in
    another encoding reaches Python as a lone surrogate)."""
    try:
        value.encode("utf-8")
    except UnicodeEncodeError as error:
        raise DatabaseError(
            f"{what} is not UTF-8 text: it holds {shown_path(value[error.start])} "
            f"at character {error.start + 1}, and the database holds UTF-8 text only") \
            from None
    return value


def _uri(path: Path, mode: str) -> str:
    # the path's bytes, %-quoted: a name that is not UTF-8 opens the very file it names
    return f"file:{quote(os.fsencode(path.absolute()))}?mode={mode}"


def _sentence(path: Path, error: sqlite3.Error) -> str:
    text, name = str(error), shown_path(path)
    if "malformed" in text or "not a database" in text or "corrupt" in text:
        return f"{name} is damaged (SQLite says: {text}); it was left as it is"
    if "readonly" in text or "read-only" in text:
        return f"{name} is read-only: stud-odds cannot write to it"
    if "locked" in text or "busy" in text:
        return (f"{name} is locked by another program for longer than "
                f"{BUSY_TIMEOUT_S:.0f} s; try again when it is done")
    return f"{name} cannot be used: {text}"


# SQLite's errors for a reader that cannot make or open the -shm (and -wal) files beside a
# WAL-mode database: its folder is read-only
_CANNOT_SHARE = {"SQLITE_READONLY_DIRECTORY", "SQLITE_CANTOPEN", "SQLITE_READONLY_CANTINIT",
                 "SQLITE_READONLY_CANTLOCK", "SQLITE_READONLY", "SQLITE_IOERR_LOCK"}


class _Reading:
    """How this file is read: the URI that opens it, and the private copy it names when the
    file cannot be read in place (see :func:`_reading`)."""

    def __init__(self, uri: str, copy: str | None = None):
        self.uri, self.copy = uri, copy

    def connect(self, **options) -> sqlite3.Connection:
        # a reader waits for a writer as long as a writer does (sqlite3's default: 5 s)
        options.setdefault("timeout", BUSY_TIMEOUT_S)
        return sqlite3.connect(self.uri, uri=True, **options)

    def remove(self) -> None:
        if self.copy is not None:
            shutil.rmtree(self.copy, ignore_errors=True)
            self.copy = None


def _wal_pages(path: Path) -> bool:
    """Whether ``path``'s -wal file holds pages not yet written into the file itself."""
    try:
        return os.path.getsize(f"{path}-wal") > 0
    except OSError:
        return False


def _reading(path: Path, untouched: bool = False) -> _Reading:
    """How to read ``path`` without writing anything: ``mode=ro``; where SQLite cannot make
    the -shm file that reading a WAL-mode file needs (a read-only folder), ``immutable=1``
    when no -wal file holds pages, else a private copy of the file and its -wal (nothing
    else would see those pages).  ``untouched``: a file that may not be ours yet (before
    its tables are checked), opened ``immutable=1`` unless its -wal holds pages, so that no
    -wal or -shm file is made beside it."""
    wal = _wal_pages(path)
    if untouched and not wal:
        return _Reading(_uri(path, "ro&immutable=1"))
    reading = _Reading(_uri(path, "ro"))
    try:
        probe = reading.connect()
        try:
            probe.execute("SELECT count(*) FROM sqlite_master").fetchone()
        finally:
            probe.close()
        return reading
    except sqlite3.Error as error:
        if getattr(error, "sqlite_errorname", "") not in _CANNOT_SHARE:
            raise
    if not _wal_pages(path):
        # nothing in a -wal file to miss; were a writer to start meanwhile (another user's,
        # the folder being writable to him), it would make a -wal file, and this read of
        # the file alone still sees a whole, committed state
        return _Reading(_uri(path, "ro&immutable=1"))
    folder = tempfile.mkdtemp(prefix="stud-odds-db-")
    copy = Path(folder) / "hands.sqlite"
    try:
        # the -wal file first: a checkpoint meanwhile leaves its pages in the file too
        shutil.copyfile(f"{path}-wal", f"{copy}-wal")
        shutil.copyfile(path, copy)
    except OSError as error:
        shutil.rmtree(folder, ignore_errors=True)
        raise DatabaseError(
            f"cannot read {shown_path(path)}: its folder is read-only and its -wal file holds "
            "changes not yet merged into it, which SQLite can read only beside it, and a "
            f"private copy could not be made ({error.strerror or error})") from None
    return _Reading(_uri(copy, "ro"), folder)


def check_file(path: Path) -> int | None:
    """The schema version of the stud-odds database at ``path``, None for a new (absent or
    empty) file; raises DatabaseError, writing nothing, for any file stud-odds must not
    open."""
    version, copy = _checked(path)
    if copy is not None:
        copy.remove()
    return version


def _checked(path: Path) -> tuple[int | None, _Reading | None]:
    """:func:`check_file`'s version, and the private copy it read, if it had to make one
    (a read-only folder, pages in the -wal file), for the caller to read too, then remove."""
    try:
        with open(path, "rb") as stream:
            head = stream.read(len(SQLITE_MAGIC))
    except FileNotFoundError:
        return None, None
    except IsADirectoryError:
        raise DatabaseError(f"{shown_path(path)} is a folder, not a database file") from None
    except OSError as error:
        raise DatabaseError(f"cannot read {shown_path(path)}: {error.strerror or error}") from None
    if not head:
        return None, None
    if head != SQLITE_MAGIC:
        raise DatabaseError(f"{shown_path(path)} is not a stud-odds database: it is not an "
                            "SQLite file; it was left as it is")
    # immutable: a WAL-mode file read alone gets no -wal and -shm files made beside it; with
    # a -wal file there (a writer at work, or one that was killed) its pages count too
    reading = None
    try:
        reading = _reading(path, untouched=True)
        connection = reading.connect()
    except sqlite3.Error as error:
        if reading is not None:
            reading.remove()
        raise DatabaseError(_sentence(path, error)) from None
    found = False
    try:
        tables = {name for (name,) in connection.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table'")}
        if not tables:
            return None, None
        if "schema_version" not in tables:
            raise DatabaseError(f"{shown_path(path)} is an SQLite file of another program, not a "
                                "stud-odds database; it was left as it is")
        row = connection.execute("SELECT max(version) FROM schema_version").fetchone()
        found = True
    except sqlite3.Error as error:
        raise DatabaseError(_sentence(path, error)) from None
    finally:
        connection.close()
        if not found:
            reading.remove()
    version = row[0] if row else None
    if not isinstance(version, int) or version > SCHEMA_VERSION:
        reading.remove()
    if not isinstance(version, int):
        raise DatabaseError(f"{shown_path(path)} has no schema version: it is not a stud-odds "
                            "database this release can read; it was left as it is")
    if version > SCHEMA_VERSION:
        raise DatabaseError(_newer(path, version))
    return version, reading if reading.copy is not None else None


def _into_wal(connection: sqlite3.Connection) -> None:
    """Put the file in WAL mode.  Turning a new file into WAL takes an exclusive lock and
    SQLite returns "locked" at once, without its busy handler, when another process holds
    any lock on it (two imports started at once on a new file): wait as a writer would."""
    deadline = time.monotonic() + BUSY_TIMEOUT_S
    pause = 0.001
    while True:
        try:
            connection.execute("PRAGMA journal_mode = WAL")
            return
        except sqlite3.OperationalError as error:
            if (getattr(error, "sqlite_errorname", "") != "SQLITE_BUSY"
                    or time.monotonic() + pause > deadline):
                raise
        time.sleep(pause)
        pause = min(pause * 2, 0.1)


def _newer(path: Path, version: int) -> str:
    return (f"{shown_path(path)} was written by a newer stud-odds (schema version {version}; this "
            f"release reads up to {SCHEMA_VERSION}): upgrade stud-odds to open it; it was "
            "left as it is")


class Store:
    """One open database file: a connection, and the transactions that write to it."""

    def __init__(self, path: str | os.PathLike[str] | None = None, *, create: bool = True,
                 read_only: bool = False):
        self.path = resolve_path(path)
        self.name = shown_path(self.path)  # as messages show it
        # a private copy check_file had to read (a read-only folder, pages in the -wal
        # file): this store reads it too, and removes it when closed
        version, self._reading = _checked(self.path)
        try:
            self._open(version, create, read_only)
        except BaseException:
            self.close()
            raise

    def _open(self, version: int | None, create: bool, read_only: bool) -> None:
        exists = self.path.exists()
        if not exists and not create:
            raise EmptyDatabase(f"there is no hand database at {self.name}: import hands "
                                "first (stud-odds db import FILES)")
        # writing a WAL-mode file makes -wal and -shm files beside it: its folder must be
        # writable too
        self.why_read_only = (f"{self.name} is read-only: stud-odds cannot write to it"
                              if exists and not os.access(self.path, os.W_OK) else
                              f"the folder of {self.name} is read-only: stud-odds cannot "
                              "write to the database there (SQLite writes its -wal and -shm "
                              "files beside it)"
                              if exists and not os.access(self.path.parent.absolute(), os.W_OK)
                              else None)
        writable = exists and self.why_read_only is None
        if exists and not read_only and not writable:
            read_only = True  # stats and queries still work; an import says why it cannot
        if read_only and version is not None and version < SCHEMA_VERSION:
            if not writable:
                raise DatabaseError(
                    f"{self.name} was written by an older stud-odds (schema version "
                    f"{version}) and is read-only, so it cannot be brought up to date")
            Store(self.path).close()  # migrate it first (in one transaction), then read
        self.read_only = read_only
        if read_only and version is None:
            if exists:
                raise DatabaseError(f"{self.name} is an empty file, not a hand database yet")
            raise DatabaseError(f"there is no hand database at {self.name}")
        try:
            if read_only:
                self.connection = self.read_connection()
            else:
                self.path.parent.mkdir(parents=True, exist_ok=True)
                self.connection = sqlite3.connect(
                    _uri(self.path, "rwc"), uri=True, isolation_level=None,
                    timeout=BUSY_TIMEOUT_S, check_same_thread=False)
                self._prepare(version)
        except OSError as error:
            raise DatabaseError(f"cannot create {self.name}: {error.strerror or error}") \
                from None
        except sqlite3.Error as error:
            raise DatabaseError(_sentence(self.path, error)) from None

    def _prepare(self, version: int | None) -> None:
        connection = self.connection
        _into_wal(connection)
        connection.execute("PRAGMA synchronous = NORMAL")  # WAL: a commit survives a crash
        connection.execute("PRAGMA foreign_keys = ON")
        with self.transaction() as cursor:
            # again inside the write lock: another process may have created it meanwhile
            has_table = cursor.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' "
                                       "AND name = 'schema_version'").fetchone()
            if not has_table:
                for statement in SCHEMA.split(";"):
                    if statement.strip():
                        cursor.execute(statement)
                cursor.execute("INSERT INTO schema_version (version) VALUES (?)",
                               (SCHEMA_VERSION,))
                return
            current = cursor.execute("SELECT max(version) FROM schema_version").fetchone()[0]
            if current > SCHEMA_VERSION:  # written meanwhile by a newer release
                raise DatabaseError(_newer(self.path, current))
            while current < SCHEMA_VERSION:  # migrations, oldest first, all or none
                for statement in MIGRATIONS[current].split(";"):
                    if statement.strip():
                        cursor.execute(statement)
                current += 1
                cursor.execute("UPDATE schema_version SET version = ?", (current,))

    @contextmanager
    def transaction(self) -> Iterator[sqlite3.Cursor]:
        """One write transaction: committed when the block ends, rolled back on any error
        (Ctrl-C included)."""
        if self.read_only:
            raise DatabaseError(self.why_read_only or f"{self.name} was opened read-only: "
                                "stud-odds does not write to it")
        cursor = self.connection.cursor()
        try:
            cursor.execute("BEGIN IMMEDIATE")
        except sqlite3.Error as error:
            raise DatabaseError(_sentence(self.path, error)) from None
        try:
            yield cursor
        except sqlite3.Error as error:  # a full disk, say: one sentence, nothing written
            if self.connection.in_transaction:
                self.connection.execute("ROLLBACK")
            raise DatabaseError(_sentence(self.path, error)) from None
        except BaseException:
            if self.connection.in_transaction:
                self.connection.execute("ROLLBACK")
            raise
        try:
            cursor.execute("COMMIT")
        except sqlite3.Error as error:
            if self.connection.in_transaction:
                self.connection.execute("ROLLBACK")
            raise DatabaseError(_sentence(self.path, error)) from None

    def read_connection(self) -> sqlite3.Connection:
        """A new connection that can only read (``mode=ro`` and ``PRAGMA query_only``), usable
        from any thread; it works whether or not the file's folder can be written."""
        try:
            if self._reading is None:
                self._reading = _reading(self.path)
            connection = self._reading.connect(isolation_level=None, timeout=BUSY_TIMEOUT_S,
                                               check_same_thread=False)
            connection.execute("PRAGMA query_only = ON")
        except sqlite3.Error as error:
            raise DatabaseError(_sentence(self.path, error)) from None
        return connection

    def close(self) -> None:
        connection = getattr(self, "connection", None)
        if connection is not None:
            connection.close()
        if self._reading is not None:
            self._reading.remove()
            self._reading = None


__all__ = ["BUSY_TIMEOUT_S", "ENV", "DatabaseError", "Store", "check_file", "check_text",
           "default_path", "resolve_path"]
