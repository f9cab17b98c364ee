"""db query's limits: Ctrl-C and a time limit stop any statement at once, PRAGMAs read in
their read form, SQLite's unsafe functions are refused, text that is not UTF-8 is one
sentence (issue 37, items 11, 12 and 15)."""

import hashlib
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

import stud_odds.db
from stud_odds.cli import app
from stud_odds.cli.db import QUERY_MAX_TIME_S
from stud_odds.db.query import MAX_TIME_S, QueryError, QueryTimedOut
from stud_odds.errors import StudOddsError

DATA = Path(__file__).parent / "data" / "histories"
FOR_EVER = ("WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) "
            "SELECT count(*) FROM c")


def run(*args):
    return CliRunner().invoke(app, ["db", *map(str, args)])


@pytest.fixture(scope="module")
def imported(tmp_path_factory):
    path = tmp_path_factory.mktemp("query") / "hands.sqlite"
    with stud_odds.db.open(path) as db:
        db.import_files([DATA / "stud_cash.txt", DATA / "razz.txt"])
    return path


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_a_query_stops_at_its_time_limit_with_status_124(imported):
    started = time.monotonic()
    result = run("query", FOR_EVER, "--db", imported, "--max-time", "0.3")
    assert result.exit_code == 124, result.output
    assert result.stderr.strip() == (
        "error: the query ran past its time limit of 0.3 s and was stopped: add a LIMIT or a "
        "WHERE, or give it longer (--max-time SECONDS, 0 for no limit)")
    assert time.monotonic() - started < 30  # generous: the promise is 0.3 s
    with stud_odds.db.open(imported, read_only=True) as db, \
            pytest.raises(QueryTimedOut) as raised:
        db.query(FOR_EVER, max_time=0.2)
    assert isinstance(raised.value, StudOddsError)


def test_the_default_time_limit_is_documented_and_can_be_changed(imported):
    assert QUERY_MAX_TIME_S == MAX_TIME_S == 60
    shown = " ".join(run("query", "--help").stdout.split())
    assert "--max-time SECONDS" in shown and "[default: 60]" in shown
    assert "exit status 124" in shown
    docs = (Path(__file__).parent.parent / "docs" / "database.md").read_text()
    assert "--max-time SECONDS" in docs and "60 s" in docs
    for no_limit in ("0", "none", "None"):
        result = run("query", "SELECT 1", "--db", imported, "--max-time", no_limit, "--csv")
        assert (result.exit_code, result.stdout) == (0, "1\n1\n"), result.output
    for wrong in ("-1", "soon", "nan"):
        result = run("query", "SELECT 1", "--db", imported, "--max-time", wrong)
        assert result.exit_code == 2 and "is not a number of seconds" in result.stderr
    # the sentence quotes the value once, as typed (rich markup neither read nor escaped twice)
    result = run("query", "SELECT 1", "--db", imported, "--max-time", "[bold]")
    assert result.exit_code == 2
    assert "--max-time '[bold]' is not a number of seconds" in " ".join(result.stderr.split())
    with stud_odds.db.open(imported, read_only=True) as db, pytest.raises(QueryError):
        db.query("SELECT 1", max_time=-1)


def _threads(pid: int) -> int:
    try:
        return len(os.listdir(f"/proc/{pid}/task"))
    except OSError:
        return 0


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT")
def test_ctrl_c_stops_a_query_at_once_with_status_130(imported):
    process = subprocess.Popen(
        [sys.executable, "-m", "stud_odds", "db", "query", FOR_EVER, "--db", str(imported),
         "--max-time", "none"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 10
        # the statement runs in a thread of its own: wait for it (where /proc tells)
        while _threads(process.pid) < 2 and time.monotonic() < deadline:
            time.sleep(0.05)
        time.sleep(0.3)
        process.send_signal(signal.SIGINT)
        sent = time.monotonic()
        out, err = process.communicate(timeout=20)
        stopped_after = time.monotonic() - sent
    finally:
        process.kill()
        process.wait()
    assert process.returncode == 130, err
    assert err.strip() == "interrupted: the query was stopped (it only reads: nothing changed)"
    assert out == ""
    assert stopped_after < 5  # generous: the promise is within a second


@pytest.mark.parametrize("sql", [
    "PRAGMA integrity_check",
    "PRAGMA integrity_check(1)",
    "PRAGMA quick_check",
    "PRAGMA journal_mode",
    "PRAGMA main.journal_mode",
    "PRAGMA user_version",
    "PRAGMA page_count",
    "PRAGMA table_info(hands)",
])
def test_pragmas_read_in_their_read_form(imported, sql):
    before = digest(imported)
    result = run("query", sql, "--db", imported, "--csv")
    assert result.exit_code == 0, result.output
    assert len(result.stdout.splitlines()) >= 2
    assert digest(imported) == before


@pytest.mark.parametrize("sql", [
    "PRAGMA user_version = 7",
    "PRAGMA journal_mode = DELETE",
    "PRAGMA query_only(0)",
    "PRAGMA trusted_schema = 1",
    "PRAGMA optimize",
    "PRAGMA wal_checkpoint(TRUNCATE)",
    "PRAGMA wal_checkpoint",
    "PRAGMA incremental_vacuum",
])
def test_pragmas_that_set_or_act_are_refused(imported, sql):
    before = digest(imported)
    result = run("query", sql, "--db", imported)
    assert result.exit_code == 2, result.output
    assert result.stderr.strip() == ("error: db query only reads: the statement would change "
                                     "the database or its connection, and was refused")
    assert digest(imported) == before


@pytest.mark.parametrize("sql, function", [
    ("SELECT fts3_tokenizer('simple')", "fts3_tokenizer"),
    ("SELECT hex(FTS3_TOKENIZER('porter'))", "fts3_tokenizer"),
    ("SELECT fts3_tokenizer('simple', x'0000000000000000')", "fts3_tokenizer"),
    ("SELECT load_extension('/tmp/nowhere.so')", "load_extension"),
    ("SELECT count(*) FROM hands WHERE fts3_tokenizer('simple') IS NULL", "fts3_tokenizer"),
])
def test_sqlites_unsafe_functions_are_refused(imported, sql, function):
    result = run("query", sql, "--db", imported)
    assert result.exit_code == 2, result.output
    assert result.stderr.strip() == (
        f"error: db query does not call {function}(): SQLite counts it unsafe (it reaches "
        "outside the database), so it was refused")


def test_a_query_that_is_not_utf8_is_one_sentence(imported):
    sql = os.fsdecode(b"SELECT '\xff'")
    result = run("query", sql, "--db", imported)
    assert result.exit_code == 2, result.output
    assert result.stderr.strip() == ("error: the query is not UTF-8 text: it holds \\xff at "
                                     "character 9, and the database holds UTF-8 text only")
    # what SQLite gives back is UTF-8 text, shown as it is
    assert run("query", "SELECT 'café'", "--db", imported, "--csv").stdout == "'café'\ncafé\n"


def test_text_in_the_file_that_is_not_utf8_is_one_sentence(tmp_path):
    path = tmp_path / "hands.sqlite"
    with stud_odds.db.open(path) as db:
        db.import_files([DATA / "razz.txt"])
        with db.store.transaction() as cursor:  # as another program might have written it
            cursor.execute("UPDATE seats SET name = CAST(x'ff41' AS TEXT) WHERE seat = 1")
    result = run("query", "SELECT name FROM seats WHERE seat = 1", "--db", path)
    assert result.exit_code == 2, result.output
    assert result.stderr.strip() == (f"error: the query cannot run: a text value in {path} is "
                                     "not UTF-8 (CAST it AS BLOB to see its bytes)")
    blob = run("query", "SELECT CAST(name AS BLOB) FROM seats WHERE seat = 1", "--db", path,
               "--json")
    assert blob.exit_code == 0 and "ff41" in blob.stdout


def test_sqlites_defensive_switches_are_set_where_python_can(monkeypatch):
    import sqlite3

    from stud_odds.db import query as query_module

    for number, name in enumerate(("DEFENSIVE", "TRUSTED_SCHEMA", "ENABLE_FTS3_TOKENIZER")):
        monkeypatch.setattr(sqlite3, f"SQLITE_DBCONFIG_{name}", 1000 + number, raising=False)
    calls = []

    class Connection:  # Python 3.12's sqlite3.Connection.setconfig
        def setconfig(self, option, enable):
            calls.append((option, enable))

    query_module._defensive(Connection())
    assert calls == [(1000, True), (1001, False), (1002, False)]
