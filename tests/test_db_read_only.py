"""A hand database in a folder its reader cannot write to (issue 37, item 13): stats and
queries read it, a clean WAL file and one whose -wal file still holds pages alike, nothing
is made beside it, and an import blames the folder."""

import json
import os
import shutil
import sqlite3
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

import stud_odds.db

DATA = Path(__file__).parent / "data" / "histories"
GOOD_HANDS = 9  # the stud hands of tests/data/histories that can be read
ROOT = hasattr(os, "geteuid") and os.geteuid() == 0



@pytest.fixture
def folder(tmp_path):
    inner = tmp_path / "hands"
    inner.mkdir()
    yield inner
    inner.chmod(0o755)


def _can_mount() -> bool:
    if not ROOT or shutil.which("unshare") is None:
        return False
    temp = tempfile.gettempdir()
    probe = subprocess.run(["unshare", "-m", "sh", "-c", f"mount --bind -o ro {temp} {temp}"],
                           capture_output=True, timeout=30)
    return probe.returncode == 0


pytestmark = [
    pytest.mark.skipif(sys.platform == "win32", reason="POSIX permissions"),
    pytest.mark.skipif(ROOT and not _can_mount(),
                       reason="root writes anywhere, and cannot mount a read-only folder here"),
]


def as_reader(folder: Path, *args: str) -> subprocess.CompletedProcess:
    """``stud-odds db ARGS`` as a reader who cannot write to ``folder``: for root, whom
    permissions do not stop, the folder is mounted read-only in a mount namespace of the
    command's own."""
    command = [sys.executable, "-m", "stud_odds", "db", *args]
    if ROOT:
        command = ["unshare", "-m", "sh", "-c",
                   'mount --bind -o ro "$0" "$0" && exec "$@"', str(folder), *command]
    return subprocess.run(command, capture_output=True, text=True, timeout=120,
                          env={**os.environ, "TMPDIR": str(_temporary(folder))})


def _temporary(folder: Path) -> Path:
    """The reader's own temporary folder (its private copies go there), beside ``folder``."""
    temporary = folder.parent / "tmp"
    temporary.mkdir(exist_ok=True)
    return temporary


_FOLDER_READ_ONLY = ("error: the folder of {} is read-only: stud-odds cannot write to the "
                     "database there (SQLite writes its -wal and -shm files beside it)")


def _read_only_reads(path: Path) -> None:
    folder = path.parent
    names = sorted(os.listdir(folder))
    folder.chmod(0o555)
    stats = as_reader(folder, "stats", "--db", str(path), "--player", "Hero", "--json")
    assert stats.returncode == 0, stats.stderr
    assert json.loads(stats.stdout)["rows"][-1]["hands"] > 0
    query = as_reader(folder, "query", "SELECT count(*) FROM hands", "--db", str(path), "--csv")
    assert (query.returncode, query.stdout) == (0, f"count(*)\n{GOOD_HANDS}\n"), query.stderr
    pragma = as_reader(folder, "query", "PRAGMA integrity_check", "--db", str(path), "--csv")
    assert (pragma.returncode, pragma.stdout) == (0, "integrity_check\nok\n"), pragma.stderr
    write = as_reader(folder, "query", "DELETE FROM hands", "--db", str(path))
    assert write.returncode == 2
    assert write.stderr.strip() == ("error: db query only reads: the statement would change "
                                    "the database or its connection, and was refused")
    imported = as_reader(folder, "import", str(DATA / "razz.txt"), "--db", str(path))
    assert imported.returncode == 2
    # a read-only mount (root's test) makes the file read-only too; chmod, the folder only
    assert imported.stderr.strip() == (f"error: {path} is read-only: stud-odds cannot write to "
                                       "it" if ROOT else _FOLDER_READ_ONLY.format(path))
    assert sorted(os.listdir(folder)) == names  # nothing made beside it
    assert not list(_temporary(folder).iterdir())  # the private copies removed


def test_a_clean_wal_database_in_a_read_only_folder_is_read(folder):
    path = folder / "hands.sqlite"
    with stud_odds.db.open(path) as db:
        db.import_files([DATA])
    assert sorted(os.listdir(folder)) == ["hands.sqlite"]  # the -wal merged and removed
    with sqlite3.connect(path) as connection:
        assert connection.execute("PRAGMA journal_mode").fetchone() == ("wal",)
    connection.close()
    path.chmod(0o644)
    _read_only_reads(path)


def test_a_leftover_wal_file_in_a_read_only_folder_is_read_whole(folder, tmp_path):
    # the hands are committed to the -wal file only, as a killed writer leaves them
    source = tmp_path / "source.sqlite"
    stud_odds.db.open(source).close()
    keeper = sqlite3.connect(source)  # an open connection: the -wal is not merged on close
    keeper.execute("SELECT count(*) FROM hands").fetchone()
    with stud_odds.db.open(source) as db:
        db.store.connection.execute("PRAGMA wal_autocheckpoint = 0")
        db.import_files([DATA])
    path = folder / "hands.sqlite"
    shutil.copyfile(f"{source}-wal", f"{path}-wal")
    shutil.copyfile(source, path)
    keeper.close()
    for name in (path, f"{path}-wal"):
        os.chmod(name, 0o644)
    alone = sqlite3.connect(f"file:{path}?immutable=1", uri=True)
    assert alone.execute("SELECT count(*) FROM hands").fetchone() == (0,)  # all in the -wal
    alone.close()
    assert os.path.getsize(f"{path}-wal") > 0
    _read_only_reads(path)


def test_an_import_into_a_read_only_folder_blames_the_folder(tmp_path, monkeypatch):
    from typer.testing import CliRunner

    from stud_odds.cli import app

    path = tmp_path / "hands.sqlite"
    stud_odds.db.open(path).close()
    real_access = os.access
    monkeypatch.setattr(os, "access", lambda name, mode, **kw: False if mode == os.W_OK and
                        Path(name) == tmp_path else real_access(name, mode, **kw))
    result = CliRunner().invoke(app, ["db", "import", str(DATA / "razz.txt"), "--db", str(path)])
    assert result.exit_code == 2
    assert result.stderr.strip() == _FOLDER_READ_ONLY.format(path)
