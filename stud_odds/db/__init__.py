"""Your own hands: a SQLite database of every stud hand imported, with stats and queries.

>>> import stud_odds.db
>>> db = stud_odds.db.open("hands.sqlite")                    # doctest: +SKIP
>>> db.import_files(["HandHistory/"]).sentence()               # doctest: +SKIP
'646 new, 0 already in the database'
>>> db.stats(player="Hero").rows()                             # doctest: +SKIP
>>> db.luck(player="Hero").totals()                            # doctest: +SKIP
>>> db.starts(player="Hero").rows()                            # doctest: +SKIP
>>> db.query("SELECT game, count(*) FROM hands GROUP BY game").rows()  # doctest: +SKIP

The schema, the stats' definitions and the file's rules: docs/database.md.
Standard library ``sqlite3`` only.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from pathlib import Path

from stud_odds.db.query import MAX_TIME_S
from stud_odds.db.results import (
    ImportedFile,
    ImportResult,
    LuckResult,
    LuckRow,
    QueryResult,
    SkippedRecord,
    StartsResult,
    StartsRow,
    StatsResult,
    StatsRow,
)
from stud_odds.db.schema import SCHEMA_VERSION
from stud_odds.db.store import DatabaseError, Store, default_path, resolve_path


class Database:
    """An open hand database (``stud_odds.db.open``); use as a context manager or close()."""

    def __init__(self, path: str | os.PathLike[str] | None = None, *, create: bool = True,
                 read_only: bool = False):
        self.store = Store(path, create=create, read_only=read_only)

    @property
    def path(self) -> Path:
        return self.store.path

    @property
    def read_only(self) -> bool:
        return self.store.read_only

    def import_files(self, paths: Iterable[str | os.PathLike[str]],
                     progress: Callable[[ImportedFile, int], None] | None = None,
                     workers: int | None = None) -> ImportResult:
        """Import hand-history files and folders (recursively), one transaction a file
        (``workers``: processes reading files meanwhile; default: automatic)."""
        from stud_odds.db.importing import import_files

        if isinstance(paths, str | os.PathLike):
            paths = [paths]
        return import_files(self.store, paths, progress, workers)

    def stats(self, player: str | None = None, game: str | None = None,
              stakes: str | None = None, since: str | None = None,
              until: str | None = None, from_hands: bool | None = None) -> StatsResult:
        """A player's stats (default: the player in most hands), game by game
        (``from_hands``: summed over the hands, not their daily sums; see docs/database.md)."""
        from stud_odds.db.stats import stats

        return stats(self.store, player, game, stakes, since, until, from_hands)

    def luck(self, player: str | None = None, game: str | None = None,
             stakes: str | None = None, since: str | None = None,
             until: str | None = None,
             progress: Callable[[int, int], None] | None = None) -> LuckResult:
        """A player's net hand by hand in time order beside his all-in adjusted net
        (``stud-odds history``'s all-in luck), with running totals; the all-in figures are
        computed the first time (``progress(done, of)``) and stored."""
        from stud_odds.db.luck import luck

        return luck(self.store, player, game, stakes, since, until, progress)

    def starts(self, player: str | None = None, game: str | None = None,
               stakes: str | None = None, since: str | None = None,
               until: str | None = None) -> StartsResult:
        """A player's hands by starting-hand class and group (his hole cards known), beside
        the exact table's equity against a random hand."""
        from stud_odds.db.starts import starts

        return starts(self.store, player, game, stakes, since, until)

    def query(self, sql: str, max_time: float | None = MAX_TIME_S) -> QueryResult:
        """One SQL statement on a read-only connection, stopped after ``max_time`` seconds
        (``QueryTimedOut``; None or 0: no limit) or by Ctrl-C (``KeyboardInterrupt``)."""
        from stud_odds.db.query import query

        return query(self.store, sql, max_time)

    def close(self) -> None:
        self.store.close()

    def __enter__(self) -> Database:
        return self

    def __exit__(self, *exc) -> None:
        self.close()


def open(path: str | os.PathLike[str] | None = None, *, create: bool = True,  # noqa: A001
         read_only: bool = False) -> Database:
    """Open (or create) the hand database at ``path`` (default: ``$STUD_ODDS_DB``, else
    the user data folder's ``hands.sqlite``).  Raises ``DatabaseError`` (one sentence,
    the file left as it is) for a file that is not a stud-odds database, is damaged, or
    was written by a newer release."""
    return Database(path, create=create, read_only=read_only)


__all__ = ["SCHEMA_VERSION", "Database", "DatabaseError", "ImportResult", "ImportedFile",
           "LuckResult", "LuckRow", "QueryResult", "SkippedRecord", "StartsResult", "StartsRow",
           "StatsResult", "StatsRow", "default_path", "open",
           "resolve_path"]
