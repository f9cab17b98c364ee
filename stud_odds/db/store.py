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
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import quote

from stud_odds.db.schema import MIGRATIONS, SCHEMA, SCHEMA_VERSION
from stud_odds.errors import StudOddsError

ENV = "STUD_ODDS_DB"
FILE_NAME = "hands.sqlite"
SQLITE_MAGIC = b"SQLite format 3\x00"
BUSY_TIMEOUT_S = 600.0  # another import holds the write lock: wait for it this long


class DatabaseError(StudOddsError):
    """A hand database that cannot be opened or used; one sentence says why."""


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


def _uri(path: Path, mode: str) -> str:
    return f"file:{quote(str(path.absolute()))}?mode={mode}"


def _sentence(path: Path, error: sqlite3.Error) -> str:
    text = str(error)
    if "malformed" in text or "not a database" in text or "corrupt" in text:
        return f"{path} is damaged (SQLite says: {text}); it was left as it is"
    if "readonly" in text or "read-only" in text:
        return f"{path} is read-only: stud-odds cannot write to it"
    if "locked" in text or "busy" in text:
        return (f"{path} is locked by another program for longer than "
                f"{BUSY_TIMEOUT_S:.0f} s; try again when it is done")
    return f"{path} cannot be used: {text}"


def check_file(path: Path) -> int | None:
    """The schema version of the stud-odds database at ``path``, None for a new (absent or
    empty) file; raises DatabaseError, writing nothing, for any file stud-odds must not
    open."""
    try:
        with open(path, "rb") as stream:
            head = stream.read(len(SQLITE_MAGIC))
    except FileNotFoundError:
        return None
    except IsADirectoryError:
        raise DatabaseError(f"{path} is a folder, not a database file") from None
    except OSError as error:
        raise DatabaseError(f"cannot read {path}: {error.strerror or error}") from None
    if not head:
        return None
    if head != SQLITE_MAGIC:
        raise DatabaseError(f"{path} is not a stud-odds database: it is not an SQLite file; "
                            "it was left as it is")
    # immutable: a WAL-mode file read alone gets no -wal and -shm files made beside it; with
    # a -wal file there (a writer at work, or one that was killed) its pages count too
    wal = Path(f"{path}-wal").exists()
    try:
        connection = sqlite3.connect(_uri(path, "ro" if wal else "ro&immutable=1"), uri=True)
    except sqlite3.Error as error:
        raise DatabaseError(_sentence(path, error)) from None
    try:
        tables = {name for (name,) in connection.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table'")}
        if not tables:
            return None
        if "schema_version" not in tables:
            raise DatabaseError(f"{path} is an SQLite file of another program, not a "
                                "stud-odds database; it was left as it is")
        row = connection.execute("SELECT max(version) FROM schema_version").fetchone()
    except sqlite3.Error as error:
        raise DatabaseError(_sentence(path, error)) from None
    finally:
        connection.close()
    version = row[0] if row else None
    if not isinstance(version, int):
        raise DatabaseError(f"{path} has no schema version: it is not a stud-odds database "
                            "this release can read; it was left as it is")
    if version > SCHEMA_VERSION:
        raise DatabaseError(_newer(path, version))
    return version


def _newer(path: Path, version: int) -> str:
    return (f"{path} was written by a newer stud-odds (schema version {version}; this "
            f"release reads up to {SCHEMA_VERSION}): upgrade stud-odds to open it; it was "
            "left as it is")


class Store:
    """One open database file: a connection, and the transactions that write to it."""

    def __init__(self, path: str | os.PathLike[str] | None = None, *, create: bool = True,
                 read_only: bool = False):
        self.path = resolve_path(path)
        version = check_file(self.path)
        exists = self.path.exists()
        if not exists and not create:
            raise DatabaseError(f"there is no hand database at {self.path}: import hands "
                                "first (stud-odds db import FILES)")
        writable = exists and os.access(self.path, os.W_OK)
        if exists and not read_only and not writable:
            read_only = True  # stats and queries still work; an import says why it cannot
        if read_only and version is not None and version < SCHEMA_VERSION:
            if not writable:
                raise DatabaseError(
                    f"{self.path} was written by an older stud-odds (schema version "
                    f"{version}) and is read-only, so it cannot be brought up to date")
            Store(self.path).close()  # migrate it first (in one transaction), then read
        self.read_only = read_only
        if read_only and version is None:
            if exists:
                raise DatabaseError(f"{self.path} is an empty file, not a hand database yet")
            raise DatabaseError(f"there is no hand database at {self.path}")
        try:
            if read_only:
                self.connection = sqlite3.connect(_uri(self.path, "ro"), uri=True,
                                                  timeout=BUSY_TIMEOUT_S,
                                                  isolation_level=None,
                                                  check_same_thread=False)
                self.connection.execute("PRAGMA query_only = ON")
            else:
                self.path.parent.mkdir(parents=True, exist_ok=True)
                self.connection = sqlite3.connect(
                    _uri(self.path, "rwc"), uri=True, isolation_level=None,
                    timeout=BUSY_TIMEOUT_S, check_same_thread=False)
                self._prepare(version)
        except OSError as error:
            raise DatabaseError(f"cannot create {self.path}: {error.strerror or error}") \
                from None
        except sqlite3.Error as error:
            raise DatabaseError(_sentence(self.path, error)) from None

    def _prepare(self, version: int | None) -> None:
        connection = self.connection
        connection.execute("PRAGMA journal_mode = WAL")
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
            raise DatabaseError(f"{self.path} is read-only: stud-odds cannot write to it")
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
        """A new connection that can only read: ``mode=ro`` and ``PRAGMA query_only``."""
        try:
            connection = sqlite3.connect(_uri(self.path, "ro"), uri=True,
                                         isolation_level=None, timeout=BUSY_TIMEOUT_S)
            connection.execute("PRAGMA query_only = ON")
        except sqlite3.Error as error:
            raise DatabaseError(_sentence(self.path, error)) from None
        return connection

    def close(self) -> None:
        self.connection.close()


__all__ = ["BUSY_TIMEOUT_S", "ENV", "DatabaseError", "Store", "check_file", "default_path",
           "resolve_path"]
