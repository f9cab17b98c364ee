"""``db query``: one SQL statement on a read-only connection, within a time limit.

Three locks, each enough alone against a write: the connection is opened ``mode=ro``, it
runs with ``PRAGMA query_only``, and an authorizer lets a statement read and nothing else
(no ATTACH, no transaction, no write, no PRAGMA that sets anything, none of the functions
SQLite counts as unsafe).  The statement runs in a thread of its own while the caller
waits, so that Ctrl-C (or the time limit) stops it at once with
``Connection.interrupt()``, whatever SQLite is doing.
"""

from __future__ import annotations

import math
import sqlite3
import threading
from typing import Any

from stud_odds.db.results import QueryResult
from stud_odds.db.store import DatabaseError, Store, check_text
from stud_odds.errors import shown

MAX_ROWS = 1_000_000  # a query's answer is held in memory: this many rows at most
MAX_TIME_S = 60.0  # a query still running after this long is stopped (max_time= to change)

_READING = {sqlite3.SQLITE_READ, sqlite3.SQLITE_SELECT, sqlite3.SQLITE_FUNCTION,
            getattr(sqlite3, "SQLITE_RECURSIVE", 33)}
# A PRAGMA's read form (no argument) only reads, but for these, which act when called bare
# (SQLite's pragma documentation): optimize runs ANALYZE, wal_checkpoint copies the -wal
# file into the database, incremental_vacuum frees pages, shrink_memory frees the cache.
_ACTING_PRAGMAS = frozenset({"optimize", "wal_checkpoint", "incremental_vacuum",
                             "shrink_memory"})
# PRAGMAs whose argument names what they read (a table, an index, a number of errors to
# list), not a value to set: every other PRAGMA given an argument sets something
_READING_PRAGMAS = frozenset({"table_info", "table_xinfo", "table_list", "index_list",
                              "index_info", "index_xinfo", "foreign_key_list",
                              "foreign_key_check", "integrity_check", "quick_check"})
# Functions a query may not call.  Python 3.11's sqlite3 cannot set SQLITE_DBCONFIG_DEFENSIVE
# or ..._ENABLE_FTS3_TOKENIZER (Connection.setconfig is 3.12's: _defensive sets them where it
# can), so the authorizer refuses the functions SQLite's "defense against the dark arts"
# names as unsafe with untrusted SQL: fts3_tokenizer() reads (one argument) and replaces
# (two) a pointer to C code, load_extension() loads a shared library; readfile(),
# writefile() and edit() are the sqlite3 shell's file functions, refused should a build
# register them.
_UNSAFE_FUNCTIONS = frozenset({"fts3_tokenizer", "load_extension", "readfile", "writefile",
                               "edit"})

_WRITE_REFUSED = ("db query only reads: the statement would change the database or its "
                  "connection, and was refused")


class QueryError(DatabaseError):
    """A query that is refused or that SQLite cannot run."""


class QueryTimedOut(QueryError):
    """A query stopped at its time limit (``max_time``); it changed nothing."""


def _authorizer(denied: list[tuple[Any, ...]]):
    def authorize(action: int, arg1, arg2, database, trigger) -> int:
        if action == sqlite3.SQLITE_FUNCTION and str(arg2).lower() in _UNSAFE_FUNCTIONS:
            denied.append((action, arg2))
            return sqlite3.SQLITE_DENY
        if action in _READING:
            return sqlite3.SQLITE_OK
        if action == sqlite3.SQLITE_PRAGMA:
            name = str(arg1).lower()
            if (arg2 is None and name not in _ACTING_PRAGMAS) or name in _READING_PRAGMAS:
                return sqlite3.SQLITE_OK
        denied.append((action, arg1))
        return sqlite3.SQLITE_DENY

    return authorize


def _defensive(connection: sqlite3.Connection) -> None:
    """SQLite's own switches for SQL from elsewhere, where this Python can set them (3.12's
    ``Connection.setconfig``): defensive mode, an untrusted schema, no fts3_tokenizer()."""
    setconfig = getattr(connection, "setconfig", None)
    if setconfig is None:
        return
    for name, on in (("SQLITE_DBCONFIG_DEFENSIVE", True),
                     ("SQLITE_DBCONFIG_TRUSTED_SCHEMA", False),
                     ("SQLITE_DBCONFIG_ENABLE_FTS3_TOKENIZER", False)):
        option = getattr(sqlite3, name, None)
        if option is not None:
            setconfig(option, on)


def check_max_time(max_time: float | str | None, name: str = "the time limit"
                   ) -> float | None:
    """``max_time`` as a limit in seconds, None for none (None, 0, infinity or the word
    none); refused in one sentence, naming ``name``, when it is not a number of seconds."""
    if max_time is None or (isinstance(max_time, str) and max_time.strip().lower() == "none"):
        return None
    try:
        seconds = float(max_time)
    except (TypeError, ValueError):
        seconds = math.nan
    if math.isnan(seconds) or seconds < 0:
        raise QueryError(f"{name} {shown(max_time)} is not a number of seconds: give seconds "
                         "from 0 up, or 0 or none for no limit")
    return None if seconds == 0 or math.isinf(seconds) else seconds


def query(store: Store, sql: str, max_time: float | None = MAX_TIME_S) -> QueryResult:
    """Run one read-only statement and return its columns and rows.

    ``max_time``: seconds after which the statement is stopped and ``QueryTimedOut`` raised
    (None or 0: no limit).  Ctrl-C stops it at once (``KeyboardInterrupt``)."""
    limit = check_max_time(max_time)
    text = check_text(sql.strip().rstrip(";").strip(), "the query")
    if not text:
        raise QueryError("the query is empty: give one SELECT statement")
    connection = store.read_connection()
    denied: list[tuple[Any, ...]] = []
    try:
        # functions in a view or trigger of the file run only when SQLite marks them safe
        connection.execute("PRAGMA trusted_schema = OFF")
        _defensive(connection)
        connection.set_authorizer(_authorizer(denied))
    except BaseException:
        connection.close()
        raise
    outcome: dict[str, Any] = {}

    def run() -> None:  # the statement, in its own thread; it owns the connection
        try:
            cursor = connection.execute(text)
            columns = tuple(d[0] for d in cursor.description or ())
            rows = cursor.fetchmany(MAX_ROWS + 1)
            outcome["result"] = columns, rows
        except Exception as error:  # handed to the caller's thread
            outcome["error"] = error
        finally:
            connection.close()

    worker = threading.Thread(target=run, name="stud-odds db query", daemon=True)
    worker.start()
    try:
        worker.join(limit)
        if worker.is_alive():
            _interrupt(connection)
            worker.join()
            if "result" not in outcome:
                raise QueryTimedOut(
                    f"the query ran past its time limit of {limit:g} s and was stopped: add "
                    "a LIMIT or a WHERE, or give it longer (--max-time SECONDS, 0 for no "
                    "limit)")
    except KeyboardInterrupt:
        _interrupt(connection)  # the statement stops at once; it changed nothing
        worker.join(1.0)
        raise
    if "error" in outcome:
        raise _refusal(outcome["error"], denied, store) from None
    columns, rows = outcome["result"]
    if len(rows) > MAX_ROWS:
        raise QueryError(f"the query returns more than {MAX_ROWS:,} rows: add a LIMIT")
    return QueryResult(columns, tuple(tuple(row) for row in rows))


def _interrupt(connection: sqlite3.Connection) -> None:
    try:
        connection.interrupt()
    except sqlite3.ProgrammingError:  # the statement ended (and closed it) meanwhile
        pass


def _refusal(error: Exception, denied: list[tuple[Any, ...]], store: Store) -> QueryError:
    """The sentence for a statement SQLite did not run, blaming its real cause."""
    message = str(error)
    if isinstance(error, sqlite3.ProgrammingError) and "one statement" in message:
        return QueryError("give one SQL statement at a time (this one holds more than one)")
    if denied:
        action, name = denied[0]
        if action == sqlite3.SQLITE_FUNCTION:
            return QueryError(f"db query does not call {name}(): SQLite counts it unsafe "
                              "(it reaches outside the database), so it was refused")
        return QueryError(_WRITE_REFUSED)
    name = getattr(error, "sqlite_errorname", "")
    if name == "SQLITE_READONLY":  # mode=ro or query_only stopped a write
        return QueryError(_WRITE_REFUSED)
    if name.startswith(("SQLITE_READONLY_", "SQLITE_CANTOPEN", "SQLITE_IOERR")):
        return QueryError(f"{store.name} cannot be read: {message}")
    if isinstance(error, UnicodeDecodeError) or "decode" in message:
        return QueryError(f"the query cannot run: a text value in {store.name} is not UTF-8 "
                          "(CAST it AS BLOB to see its bytes)")
    return QueryError(f"the query cannot run: {message}")


__all__ = ["MAX_ROWS", "MAX_TIME_S", "QueryError", "QueryTimedOut", "check_max_time", "query"]
