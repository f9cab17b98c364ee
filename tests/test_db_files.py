"""The database file: refused in one sentence and left byte for byte as it was when it is
not SQLite, damaged, another program's, newer than this release, or read-only; WAL mode,
the schema version, and the query command's read-only connection."""

import hashlib
import json
import os
import re
import sqlite3
import threading
from pathlib import Path

import pytest
from typer.testing import CliRunner

import stud_odds.db
from stud_odds.cli import app
from stud_odds.db import DatabaseError
from stud_odds.db.schema import SCHEMA_VERSION, TABLES
from stud_odds.errors import StudOddsError

DATA = Path(__file__).parent / "data" / "histories"


def run(*args):
    return CliRunner().invoke(app, ["db", *map(str, args)])


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def siblings(path: Path) -> set[str]:
    return {p.name for p in path.parent.iterdir()}


@pytest.fixture
def imported(tmp_path):
    path = tmp_path / "hands.sqlite"
    with stud_odds.db.open(path) as db:
        db.import_files([DATA / "stud_cash.txt", DATA / "razz.txt"])
    return path


def _refused_everywhere(path: Path, words: str) -> None:
    """Every command and the Python API refuse the file with one sentence; it is unchanged."""
    before, names = digest(path), siblings(path)
    for args in (["import", DATA / "razz.txt"], ["stats"], ["query", "SELECT 1"]):
        result = run(*args, "--db", path)
        assert result.exit_code == 2, (args, result.output)
        assert result.stderr.startswith("error: ") and words in result.stderr, result.stderr
        assert len(result.stderr.strip().split(". ")) == 1 and "Traceback" not in result.output
    with pytest.raises(DatabaseError, match=re.escape(words)) as raised:
        stud_odds.db.open(path)
    assert isinstance(raised.value, StudOddsError)
    assert digest(path) == before and siblings(path) == names


def test_a_file_that_is_not_sqlite_is_refused_untouched(tmp_path):
    path = tmp_path / "hands.sqlite"
    path.write_bytes(os.urandom(5000))
    _refused_everywhere(path, "it is not an SQLite file")


def test_a_damaged_database_is_refused_untouched(imported):
    data = bytearray(imported.read_bytes())
    assert len(data) >= 4096 * 3
    data[100:4096 * 3] = os.urandom(4096 * 3 - 100)  # the header is kept, the pages are not
    imported.write_bytes(bytes(data))
    _refused_everywhere(imported, "is damaged")


def test_another_programs_sqlite_file_is_refused_untouched(tmp_path):
    path = tmp_path / "other.sqlite"
    with sqlite3.connect(path) as connection:
        connection.execute("CREATE TABLE notes (text TEXT)")
        connection.execute("INSERT INTO notes VALUES ('mine')")
    connection.close()
    _refused_everywhere(path, "an SQLite file of another program")


def test_a_newer_schema_version_is_refused_untouched(imported):
    with sqlite3.connect(imported) as connection:
        connection.execute("UPDATE schema_version SET version = ?", (SCHEMA_VERSION + 1,))
    connection.close()  # the last connection: the WAL is checkpointed into the file
    _refused_everywhere(imported, f"written by a newer stud-odds (schema version "
                                  f"{SCHEMA_VERSION + 1}; this release reads up to "
                                  f"{SCHEMA_VERSION})")


def _read_only_checks(path: Path) -> None:
    before = digest(path)
    result = run("import", DATA / "stud8_tournament.txt", "--db", path)
    assert result.exit_code == 2
    assert result.stderr.strip() == f"error: {path} is read-only: stud-odds cannot write to it"
    assert run("stats", "--db", path).exit_code == 0  # reading still works
    assert run("query", "SELECT count(*) FROM hands", "--db", path, "--csv").stdout == \
        "count(*)\n3\n"
    assert digest(path) == before


def test_a_read_only_database_is_read_not_written(imported, monkeypatch):
    # root may write to any file, so the permission check is what is tested here; the test
    # below checks a real read-only file where the tests do not run as root
    with sqlite3.connect(imported) as connection:
        connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    connection.close()
    real_access = os.access
    monkeypatch.setattr(os, "access", lambda path, mode, **kw: False if mode == os.W_OK and
                        Path(path) == imported else real_access(path, mode, **kw))
    _read_only_checks(imported)


@pytest.mark.skipif(hasattr(os, "geteuid") and os.geteuid() == 0,
                    reason="root writes to read-only files")
def test_a_read_only_file(imported):
    imported.chmod(0o444)
    try:
        _read_only_checks(imported)
    finally:
        imported.chmod(0o644)


def test_the_schema_is_versioned_and_in_wal_mode(imported):
    with sqlite3.connect(imported) as connection:
        assert connection.execute("PRAGMA journal_mode").fetchone() == ("wal",)
        assert connection.execute("SELECT version FROM schema_version").fetchall() == [
            (SCHEMA_VERSION,)]
        tables = {name for (name,) in connection.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table'")}
    assert tables == set(TABLES)
    docs = (Path(__file__).parent.parent / "docs" / "database.md").read_text()
    with sqlite3.connect(imported) as connection:
        for table in TABLES:  # every table and column is documented
            assert f"### `{table}`" in docs, table
            for column in connection.execute(f"PRAGMA table_info({table})"):
                assert f"| `{column[1]}` |" in docs, (table, column[1])


def test_an_empty_file_becomes_a_database(tmp_path):
    path = tmp_path / "new.sqlite"
    path.touch()
    with stud_odds.db.open(path) as db:
        assert db.import_files([DATA / "razz.txt"]).new == 1


def test_a_new_file_locked_by_another_program_is_waited_for(tmp_path):
    # turning a new file into WAL mode gets "locked" at once, without SQLite's busy wait,
    # while another process holds a lock on it: two imports started at once on a new file
    path = tmp_path / "new.sqlite"
    path.touch()
    other = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    other.execute("BEGIN IMMEDIATE")
    releaser = threading.Timer(0.3, other.rollback)
    releaser.start()
    try:
        with stud_odds.db.open(path) as db:
            assert db.import_files([DATA / "razz.txt"]).new == 1
    finally:
        releaser.join()
        other.close()
    with sqlite3.connect(path) as connection:
        assert connection.execute("PRAGMA journal_mode").fetchone() == ("wal",)


def test_stats_on_a_missing_database_create_nothing(tmp_path):
    path = tmp_path / "missing.sqlite"
    result = run("stats", "--db", path)
    assert result.exit_code == 2 and "there is no hand database at" in result.stderr
    assert not path.exists()


# -- db query ------------------------------------------------------------------------------

@pytest.mark.parametrize("sql", [
    "DELETE FROM hands",
    "DROP TABLE seats",
    "INSERT INTO schema_version VALUES (9)",
    "UPDATE seats SET won = 0",
    "CREATE TABLE mine (x)",
    "PRAGMA query_only = 0",
    "PRAGMA journal_mode = DELETE",
    "VACUUM",
    "ATTACH DATABASE 'elsewhere.sqlite' AS other",
    "BEGIN",
    "WITH gone AS (SELECT 1) DELETE FROM hands",
])
def test_query_refuses_every_write(imported, sql, tmp_path):
    before = digest(imported)
    result = run("query", sql, "--db", imported)
    assert result.exit_code == 2, result.output
    assert result.stderr.strip() == ("error: db query only reads: the statement would change "
                                     "the database or its connection, and was refused")
    assert digest(imported) == before and not (tmp_path / "elsewhere.sqlite").exists()


def test_query_prints_a_table_json_and_csv(imported):
    sql = "SELECT game, count(*) AS hands, sum(pot) AS pot FROM hands GROUP BY game ORDER BY game"
    table = run("query", sql, "--db", imported)
    assert table.exit_code == 0
    assert table.stdout.split() == ["game", "hands", "pot", "razz", "1", "2490", "stud", "2",
                                    "390", "2", "rows"]
    assert json.loads(run("query", sql, "--db", imported, "--json").stdout) == {
        "columns": ["game", "hands", "pot"], "rows": [["razz", 1, 2490], ["stud", 2, 390]]}
    assert run("query", sql, "--db", imported, "--csv").stdout == \
        "game,hands,pot\nrazz,1,2490\nstud,2,390\n"
    info = run("query", "PRAGMA table_info(hands)", "--db", imported, "--json")
    assert info.exit_code == 0 and len(json.loads(info.stdout)["rows"]) > 20


@pytest.mark.parametrize("sql, words", [
    ("SELECT 1; SELECT 2", "give one SQL statement at a time"),
    ("SELECT * FROM nowhere", "the query cannot run: no such table: nowhere"),
    ("   ", "the query is empty"),
])
def test_query_mistakes_are_one_sentence(imported, sql, words):
    result = run("query", sql, "--db", imported)
    assert result.exit_code == 2 and words in result.stderr
    assert "Traceback" not in result.output


def test_an_older_file_is_migrated_in_one_transaction(imported, monkeypatch):
    import stud_odds.db.store as store

    monkeypatch.setattr(store, "SCHEMA_VERSION", SCHEMA_VERSION + 1)
    broken = {SCHEMA_VERSION: "ALTER TABLE hands ADD COLUMN note TEXT; SELECT * FROM nowhere"}
    monkeypatch.setattr(store, "MIGRATIONS", broken)
    with pytest.raises(DatabaseError, match="no such table: nowhere"):
        stud_odds.db.open(imported)
    with sqlite3.connect(imported) as connection:  # all or nothing: still the old file
        assert connection.execute("SELECT version FROM schema_version").fetchall() == [
            (SCHEMA_VERSION,)]
        assert "note" not in {c[1] for c in connection.execute("PRAGMA table_info(hands)")}
    connection.close()
    monkeypatch.setattr(store, "MIGRATIONS", {SCHEMA_VERSION: "ALTER TABLE hands ADD COLUMN "
                                                              "note TEXT"})
    # reading it (db stats, db query) brings it up to date first too
    with stud_odds.db.open(imported, read_only=True) as db:
        assert db.read_only
        assert db.query("SELECT version FROM schema_version").data == ((SCHEMA_VERSION + 1,),)
        assert db.query("SELECT count(note), count(*) FROM hands").data == ((0, 3),)
