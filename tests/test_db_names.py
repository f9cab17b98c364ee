"""Names that are not UTF-8 (issue 37, item 12): a file name, a --db path, a --player
value with a byte of another encoding.  Paths are shown and stored with the byte as
``\\xe9``; a value that must match UTF-8 text in the database is refused in one sentence."""

import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

import stud_odds.db
from stud_odds.cli import app
from stud_odds.db.showing import shown_path

DATA = Path(__file__).parent / "data" / "histories"
CAFE = os.fsdecode(b"caf\xe9.txt")  # Latin-1 "café.txt", as Python names it on Linux

pytestmark = pytest.mark.skipif(sys.platform in ("win32", "darwin"),
                                reason="file names that are not UTF-8: Linux file systems")


def run(*args):
    return CliRunner().invoke(app, ["db", *args])


def test_shown_path_escapes_what_is_not_utf8():
    assert shown_path(CAFE) == "caf\\xe9.txt"
    assert shown_path(Path("/tmp") / CAFE) == "/tmp/caf\\xe9.txt"
    assert shown_path(b"/tmp/\xff.sqlite") == "/tmp/\\xff.sqlite"
    assert shown_path("\ud800") == "\\ud800"
    assert shown_path("café/ok") == "café/ok"


def test_a_file_name_that_is_not_utf8_is_imported_with_the_files_after_it(tmp_path):
    folder = tmp_path / "hh"
    folder.mkdir()
    (folder / CAFE).write_bytes((DATA / "razz.txt").read_bytes())
    (folder / "zz.txt").write_bytes((DATA / "stud_cash.txt").read_bytes())
    db = tmp_path / "hands.sqlite"
    # the real command, its output a pipe in UTF-8: what is printed must encode
    process = subprocess.run(
        [sys.executable, "-m", "stud_odds", "db", "import", str(folder), "--db", str(db),
         "--json"], capture_output=True, timeout=120,
        env={**os.environ, "PYTHONIOENCODING": "utf-8"})
    assert process.returncode == 0, process.stderr.decode(errors="replace")
    assert b"Traceback" not in process.stderr
    result = json.loads(process.stdout)
    assert result["new"] == 3
    assert [f["path"] for f in result["files"]] == [str(folder) + "/caf\\xe9.txt",
                                                    str(folder / "zz.txt")]
    assert f"imported {folder}/caf\\xe9.txt: 1 new".encode() in process.stderr
    with sqlite3.connect(db) as connection:
        paths = [path for (path,) in connection.execute("SELECT path FROM files ORDER BY id")]
    connection.close()
    assert paths == [str(folder.resolve()) + "/caf\\xe9.txt", str((folder / "zz.txt").resolve())]
    table = run("import", str(folder), "--db", str(db))  # again: the same rows, in a table
    assert table.exit_code == 0, table.output
    assert "0 new, 3 already in the database" in " ".join(table.stdout.split())
    with sqlite3.connect(db) as connection:
        assert connection.execute("SELECT count(*) FROM files").fetchone() == (2,)
    connection.close()


def test_a_database_path_that_is_not_utf8(tmp_path):
    db = tmp_path / os.fsdecode(b"\xff.sqlite")
    shown = f"{tmp_path}/\\xff.sqlite"
    imported = run("import", str(DATA / "razz.txt"), "--db", str(db))
    assert imported.exit_code == 0, imported.output
    assert f"database: {shown}" in imported.stdout
    assert os.fsencode(db.name) in os.listdir(os.fsencode(tmp_path))  # that very name
    assert run("path", "--db", str(db)).stdout.strip() == shown
    assert run("stats", "--db", str(db)).exit_code == 0
    query = run("query", "SELECT count(*) FROM hands", "--db", str(db), "--csv")
    assert query.stdout == "count(*)\n1\n"
    missing = run("stats", "--player", "Nobody", "--db", str(db))
    assert missing.exit_code == 2 and f"Nobody plays no hand in {shown}" in missing.stderr
    with stud_odds.db.open(db) as database:
        assert database.stats().rows()[0]["hands"] == 1


@pytest.mark.parametrize("option", ["--player", "--stakes", "--game", "--since"])
@pytest.mark.parametrize("command", ["stats", "luck", "starts"])
def test_a_filter_that_is_not_utf8_is_one_sentence(tmp_path, command, option):
    db = tmp_path / "hands.sqlite"
    with stud_odds.db.open(db) as database:
        database.import_files([DATA / "razz.txt"])
    value = os.fsdecode(b"caf\xe9")
    result = run(command, "--db", str(db), option, value)
    assert result.exit_code == 2, result.output
    assert result.stderr.strip() == (
        f"error: {option} 'caf\\xe9' is not UTF-8 text: it holds \\xe9 at character 4, and "
        "the database holds UTF-8 text only")
