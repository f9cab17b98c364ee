"""``db query``: one SQL statement on a read-only connection.

Three locks, each enough alone: the connection is opened ``mode=ro``, it runs
with ``PRAGMA query_only``, and an authorizer lets a statement read and
nothing else (no ATTACH, no PRAGMA that sets anything, no write).
"""

from __future__ import annotations

import sqlite3

from stud_odds.db.results import QueryResult
from stud_odds.db.store import DatabaseError, Store

MAX_ROWS = 1_000_000  # a query's answer is held in memory: this many rows at most

_ALLOWED = {sqlite3.SQLITE_READ, sqlite3.SQLITE_SELECT, sqlite3.SQLITE_FUNCTION,
            getattr(sqlite3, "SQLITE_RECURSIVE", 33)}
# PRAGMAs that only read, whatever their argument (a table's or an index's name)
_READING_PRAGMAS = {"table_info", "table_xinfo", "table_list", "index_list", "index_info",
                    "index_xinfo", "foreign_key_list", "database_list", "collation_list",
                    "function_list", "pragma_list", "compile_options"}


class QueryError(DatabaseError):
    """A query that is refused or that SQLite cannot run."""


def _authorizer(action: int, arg1, arg2, database, trigger) -> int:
    if action in _ALLOWED:
        return sqlite3.SQLITE_OK
    if action == sqlite3.SQLITE_PRAGMA and arg1 in _READING_PRAGMAS:
        return sqlite3.SQLITE_OK
    return sqlite3.SQLITE_DENY


def query(store: Store, sql: str) -> QueryResult:
    """Run one read-only statement and return its columns and rows."""
    text = sql.strip().rstrip(";").strip()
    if not text:
        raise QueryError("the query is empty: give one SELECT statement")
    connection = store.read_connection()
    try:
        connection.set_authorizer(_authorizer)
        try:
            cursor = connection.execute(text)
        except sqlite3.ProgrammingError as error:
            if "one statement" in str(error):
                raise QueryError("give one SQL statement at a time (this one holds more "
                                 "than one)") from None
            raise QueryError(f"the query cannot run: {error}") from None
        except sqlite3.DatabaseError as error:
            message = str(error)
            if "authoriz" in message or "readonly" in message \
                    or "query_only" in message or "read-only" in message:
                raise QueryError("db query only reads: the statement would change the "
                                 "database or its connection, and was refused") from None
            raise QueryError(f"the query cannot run: {message}") from None
        columns = tuple(d[0] for d in cursor.description or ())
        rows = cursor.fetchmany(MAX_ROWS + 1)
        if len(rows) > MAX_ROWS:
            raise QueryError(f"the query returns more than {MAX_ROWS:,} rows: add a LIMIT")
        return QueryResult(columns, tuple(tuple(row) for row in rows))
    finally:
        connection.close()


__all__ = ["MAX_ROWS", "QueryError", "query"]
