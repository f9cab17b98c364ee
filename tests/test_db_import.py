"""stud-odds db import: hands keyed by site and number, one transaction per file, a kill
mid-import resumed, two imports at once, damaged files, folders."""

import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest
from history_maker import make_file, write
from typer.testing import CliRunner

import stud_odds.db
from stud_odds.cli import app

DATA = Path(__file__).parent / "data" / "histories"
GOOD_HANDS = 9  # the stud hands of tests/data/histories that can be read (14 less 5)


def run(*args, env=None):
    return CliRunner().invoke(app, ["db", *map(str, args)], env=env)


def counts(path):
    with sqlite3.connect(path) as connection:
        return tuple(connection.execute(f"SELECT count(*) FROM {table}").fetchone()[0]
                     for table in ("hands", "seats", "actions"))


def made_folder(folder: Path, files: int, hands: int, seed: int = 0) -> list:
    """``files`` history files of ``hands`` random hands each, every hand number different."""
    rng = random.Random(seed)
    folder.mkdir(parents=True, exist_ok=True)
    made = []
    for index in range(files):
        batch = make_file(rng, hands, first_id=500000000000 + index * 10_000)
        write(folder / f"HH{index:03d}.txt", batch)
        made.extend(batch)
    return made


def test_importing_again_adds_nothing_and_says_so(tmp_path):
    db = tmp_path / "hands.sqlite"
    first = run("import", DATA, "--db", db)
    assert first.exit_code == 0, first.output
    assert "6 files: 9 new, 0 already in the database" in " ".join(first.stdout.split())
    before = counts(db)
    again = run("import", DATA, "--db", db)
    assert again.exit_code == 0
    assert "0 new, 9 already in the database" in " ".join(again.stdout.split())
    assert counts(db) == before and before[0] == GOOD_HANDS
    # a hand already in from another file is "already" too: the key is site and number
    copy = tmp_path / "copy.txt"
    copy.write_bytes((DATA / "razz.txt").read_bytes())
    assert "0 new, 1 already" in run("import", copy, "--db", db).stdout


def test_every_hand_that_cannot_be_read_is_counted_with_its_reason(tmp_path):
    db = tmp_path / "hands.sqlite"
    result = run("import", DATA / "bad_hands.txt", DATA / "mixed_horse.txt", "--db", db,
                 "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert (data["new"], data["already"], data["skipped"], data["other_games"]) == (4, 0, 5, 2)
    reasons = {s["number"]: s["reason"] for s in data["skipped_hands"]}
    assert reasons["260000000003"] == "line 81: Jh is dealt to Hero and to Ben"
    assert reasons["260000000006"] == "the hand is cut short during 5th street: it has no summary"
    with stud_odds.db.open(db) as opened:
        stored = opened.query("SELECT number, stud, reason FROM skipped ORDER BY line").rows()
    assert len(stored) == 7 and sum(not row["stud"] for row in stored) == 2
    table = run("import", DATA / "bad_hands.txt", "--db", db)
    assert "260000000004" in table.stdout and "out of order" in table.stdout


def test_a_file_with_no_hands_is_reported_and_the_others_imported(tmp_path):
    junk = tmp_path / "junk.txt"
    junk.write_bytes(b"\x00\x01 binary junk\xff" * 100)
    result = run("import", junk, DATA / "razz.txt", "--db", tmp_path / "hands.sqlite")
    assert result.exit_code == 2
    assert f"error: 1 of 2 files not imported: {junk} (why: in the summary)" in result.stderr
    # why, said once (in the summary), not in the log, the summary and the error each
    assert (result.stdout + result.stderr).count("junk.txt holds no hands") == 1
    assert "1 new, 0 already in the database; 1 file not imported" in result.stdout
    assert "Traceback" not in result.output
    assert counts(tmp_path / "hands.sqlite")[0] == 1  # razz.txt is in


def test_folders_are_read_recursively_text_files_only(tmp_path):
    folder = tmp_path / "histories"
    (folder / "2024" / "02").mkdir(parents=True)
    (folder / "2024" / "02" / "razz.txt").write_bytes((DATA / "razz.txt").read_bytes())
    (folder / "stud.txt").write_bytes((DATA / "stud_cash.txt").read_bytes())
    (folder / "picture.png").write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" * 10)
    (folder / ".hidden.txt").write_bytes((DATA / "community_river.txt").read_bytes())
    with stud_odds.db.open(tmp_path / "hands.sqlite") as db:
        result = db.import_files([folder])
    assert [Path(f.path).name for f in result.files] == ["razz.txt", "stud.txt"]
    assert result.new == 3 and [Path(p).name for p in result.passed_over] == ["picture.png"]


def test_a_missing_path_is_refused_before_any_work(tmp_path):
    result = run("import", DATA / "razz.txt", tmp_path / "nope.txt", "--db",
                 tmp_path / "hands.sqlite")
    assert result.exit_code == 2
    assert result.stderr.startswith("error: there is no file or folder")
    assert not (tmp_path / "hands.sqlite").exists()


def test_db_path_default_env_and_option(tmp_path):
    default = run("path", env={"STUD_ODDS_DB": ""})
    assert default.exit_code == 0 and default.stdout.strip().endswith("hands.sqlite")
    assert run("path", env={"STUD_ODDS_DB": str(tmp_path / "a.db")}).stdout.strip() == \
        str(tmp_path / "a.db")
    assert run("path", "--db", tmp_path / "b.db").stdout.strip() == str(tmp_path / "b.db")
    # STUD_ODDS_DB is where import writes
    result = run("import", DATA / "razz.txt", env={"STUD_ODDS_DB": str(tmp_path / "a.db")})
    assert result.exit_code == 0 and counts(tmp_path / "a.db")[0] == 1


def _import_process(folder, db, *extra):
    return subprocess.Popen(
        [sys.executable, "-m", "stud_odds", "db", "import", str(folder), "--db", str(db),
         *extra], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


@pytest.mark.slow
def test_sigkill_mid_import_keeps_whole_files_and_the_next_run_finishes(tmp_path):
    made = made_folder(tmp_path / "hh", files=30, hands=120, seed=3)
    db = tmp_path / "hands.sqlite"
    process = _import_process(tmp_path / "hh", db)
    logged = []
    deadline = time.monotonic() + 120
    while len(logged) < 3 and time.monotonic() < deadline:  # three files committed
        line = process.stderr.readline()
        assert line, process.stdout.read()
        logged.append(line)
    process.send_signal(signal.SIGKILL)
    process.wait()
    with sqlite3.connect(db) as connection:
        assert connection.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        hands = connection.execute("SELECT count(*) FROM hands").fetchone()[0]
        per_file = connection.execute(
            "SELECT count(*) FROM hands GROUP BY file_id").fetchall()
    assert 360 <= hands < len(made)  # whole files only: 120 hands each
    assert all(n == (120,) for n in per_file) and hands == 120 * len(per_file)
    again = _import_process(tmp_path / "hh", db, "--json")
    out, err = again.communicate(timeout=300)
    assert again.returncode == 0, err
    result = json.loads(out)
    assert (result["new"], result["already"]) == (len(made) - hands, hands)
    assert counts(db) == (len(made), sum(len(h.players) for h in made),
                          counts(db)[2])
    with sqlite3.connect(db) as connection:
        assert connection.execute("SELECT count(DISTINCT number) FROM hands").fetchone() == (
            len(made),)
        assert connection.execute("SELECT count(*) FROM hands h WHERE NOT EXISTS (SELECT 1 "
                                   "FROM actions a WHERE a.hand_id = h.id)").fetchone() == (0,)


@pytest.mark.slow
def test_two_imports_at_once_lose_and_double_nothing(tmp_path):
    made = made_folder(tmp_path / "hh", files=12, hands=100, seed=4)
    db = tmp_path / "hands.sqlite"
    first = _import_process(tmp_path / "hh", db, "--json")
    second = _import_process(tmp_path / "hh", db, "--json")
    results = []
    for process in (first, second):
        out, err = process.communicate(timeout=300)
        assert process.returncode == 0, err
        results.append(json.loads(out))
    assert sum(r["new"] for r in results) == len(made)
    assert all(r["new"] + r["already"] == len(made) for r in results)
    assert counts(db)[:2] == (len(made), sum(len(h.players) for h in made))


@pytest.mark.parametrize("workers", ["1", "2"])
@pytest.mark.slow
def test_ctrl_c_keeps_committed_files(tmp_path, workers):
    made = made_folder(tmp_path / "hh", files=20, hands=100, seed=5)
    db = tmp_path / "hands.sqlite"
    process = _import_process(tmp_path / "hh", db, "--workers", workers)
    assert process.stderr.readline().startswith("imported ")
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=60)
    assert process.returncode == 130, err
    assert "interrupted" in err and "the same command imports the rest" in err
    assert "Traceback" not in err
    hands = counts(db)[0]
    assert hands % 100 == 0 and 100 <= hands <= len(made)
    with stud_odds.db.open(db) as opened:
        assert opened.import_files([tmp_path / "hh"]).new == len(made) - hands


@pytest.mark.skipif(not hasattr(os, "fork"), reason="POSIX only")
def test_the_python_api(tmp_path):
    with stud_odds.db.open(tmp_path / "hands.sqlite") as db:
        result = db.import_files(DATA / "stud_cash.txt")
        assert result.sentence() == "2 new, 0 already in the database"
        assert result.rows()[0]["new"] == 2
        stats = db.stats("Hero")
        assert stats.rows()[0]["hands"] == 2 and stats.to_dict()["player"] == "Hero"
        query = db.query("SELECT name, won FROM seats WHERE won > 0 ORDER BY won")
        assert query.columns == ("name", "won")
        assert query.rows() == [{"name": "Hero", "won": 20}, {"name": "Hero", "won": 352}]
        actions = db.query("SELECT verb, amount FROM actions JOIN hands ON hands.id = hand_id "
                           "WHERE number = '210000000002' AND street = 3 AND verb != 'ante' "
                           "ORDER BY seq").data
        assert actions == (("bring-in", 5), ("fold", 0), ("fold", 0), ("fold", 0),
                           ("complete", 10), ("fold", 0), ("return", 5), ("collect", 20))
        hand = db.query("SELECT time, time_zone, small_bet, big_bet, ante, bring_in, unit "
                        "FROM hands WHERE number = '210000000002'").rows()[0]
        assert hand == {"time": "2020-01-31 12:01:10", "time_zone": "ET", "small_bet": 10,
                        "big_bet": 20, "ante": 2, "bring_in": 5, "unit": "USD"}


def _dump(path):
    with sqlite3.connect(path) as connection:
        tables = [connection.execute(f"SELECT * FROM {table} ORDER BY 1, 2").fetchall()
                  for table in ("hands", "seats", "actions", "skipped")]
        days = connection.execute("SELECT * FROM player_days ORDER BY 1, 2, 3, 4, 5").fetchall()
    connection.close()
    # the big-bet sums, added part by part, may differ in floating point's last digit
    return tables + [[tuple(round(v, 9) if isinstance(v, float) else v for v in row)
                      for row in days]]


def test_reading_in_worker_processes_stores_the_same(tmp_path):
    made_folder(tmp_path / "hh", files=4, hands=30, seed=6)
    (tmp_path / "hh" / "bad.txt").write_bytes((DATA / "bad_hands.txt").read_bytes())
    results = []
    for workers in (1, 2):
        with stud_odds.db.open(tmp_path / f"{workers}.sqlite") as db:
            results.append(db.import_files([tmp_path / "hh"], workers=workers))
    assert results[0].rows() == results[1].rows() and results[0].new == 122
    assert _dump(tmp_path / "1.sqlite") == _dump(tmp_path / "2.sqlite")


def _children(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                found.append(int(entry.name))
    return found


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc")
@pytest.mark.slow
def test_sigkill_with_reading_workers_leaves_no_process_behind(tmp_path):
    made = made_folder(tmp_path / "hh", files=24, hands=120, seed=7)
    db = tmp_path / "hands.sqlite"
    process = _import_process(tmp_path / "hh", db, "--workers", "2")
    assert process.stderr.readline().startswith("imported ")
    readers = _children(process.pid)
    assert readers  # the reading processes (and multiprocessing's resource tracker)
    process.send_signal(signal.SIGKILL)
    process.wait()
    deadline = time.monotonic() + 10
    while any(Path(f"/proc/{pid}").exists() and "Z" not in
              Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
              for pid in readers if Path(f"/proc/{pid}").exists()) \
            and time.monotonic() < deadline:
        time.sleep(0.1)
    alive = [pid for pid in readers if Path(f"/proc/{pid}").exists()
             and "Z" not in Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]]
    assert alive == []
    hands = counts(db)[0]
    assert hands % 120 == 0 and hands < len(made)
    again = _import_process(tmp_path / "hh", db, "--workers", "2", "--json")
    out, err = again.communicate(timeout=300)
    assert again.returncode == 0, err
    assert json.loads(out)["new"] == len(made) - hands
    assert counts(db)[0] == len(made)


def test_an_amount_too_large_to_store_skips_that_hand_only(tmp_path):
    text = (DATA / "stud_cash.txt").read_text(encoding="utf-8")
    huge = text.replace("Seat 1: Hero ($10 in chips)", "Seat 1: Hero ($" + "9" * 40 + " in chips)",
                        1)
    assert huge != text
    (tmp_path / "huge.txt").write_text(huge, encoding="utf-8")
    with stud_odds.db.open(tmp_path / "hands.sqlite") as db:
        result = db.import_files([tmp_path / "huge.txt"])
    assert (result.new, result.skipped) == (1, 1)
    assert result.files[0].skipped_hands[0].reason == (
        "an amount of chips is too large to store: 1.00e+40")


@pytest.mark.parametrize("workers", [1, 2])
def test_a_large_file_is_written_in_parts_with_the_same_result(tmp_path, monkeypatch, workers):
    from stud_odds.db import importing

    folder = tmp_path / "hh"
    made_folder(folder, files=3, hands=30, seed=8)
    rng = random.Random(9)
    write(folder / "HH_large.txt", make_file(rng, 61, first_id=590000000000))
    (folder / "bad.txt").write_bytes((DATA / "bad_hands.txt").read_bytes())
    with stud_odds.db.open(tmp_path / "whole.sqlite") as db:
        whole = db.import_files([folder], workers=1)
    large = (folder / "HH_large.txt").stat().st_size
    monkeypatch.setattr(importing, "CHUNK_BYTES", large - 1)  # only HH_large.txt is large
    monkeypatch.setattr(importing, "CHUNK_HANDS", 7)  # in 9 parts
    with stud_odds.db.open(tmp_path / "parts.sqlite") as db:
        parts = db.import_files([folder], workers=workers)
        again = db.import_files([folder], workers=workers)
    assert parts.rows() == whole.rows() and parts.new == 90 + 61 + 2
    assert [s.reason for f in parts.files for s in f.skipped_hands] == \
        [s.reason for f in whole.files for s in f.skipped_hands]
    assert again.new == 0 and again.already == parts.new
    assert _dump(tmp_path / "parts.sqlite") == _dump(tmp_path / "whole.sqlite")
    for path in ("whole.sqlite", "parts.sqlite"):
        with sqlite3.connect(tmp_path / path) as connection:
            rows = connection.execute("SELECT path, hands, skipped, other_games FROM files "
                                      "ORDER BY path").fetchall()
        connection.close()
        if path == "whole.sqlite":
            expected = rows
    assert rows == expected and (str((folder / "HH_large.txt").resolve()), 61, 0, 0) in rows


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="POSIX signals")
@pytest.mark.parametrize("how", ["SIGTERM to the command's processes", "SIGKILL"])
@pytest.mark.slow
def test_a_killed_parallel_import_ends_cleanly(tmp_path, how):
    """Issue 37 item 16: no leaked-semaphore warning, the files committed kept whole."""
    made = made_folder(tmp_path / "hh", files=24, hands=120, seed=10)
    db = tmp_path / "hands.sqlite"
    process = subprocess.Popen(
        [sys.executable, "-m", "stud_odds", "db", "import", str(tmp_path / "hh"), "--db",
         str(db), "--workers", "2"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        text=True, start_new_session=True)
    assert process.stderr.readline().startswith("imported ")
    if how == "SIGKILL":
        process.send_signal(signal.SIGKILL)
    else:
        os.killpg(process.pid, signal.SIGTERM)
    # the pipe closes once every process that holds it (the resource tracker too) has ended
    _, err = process.communicate(timeout=60)
    assert process.returncode < 0
    assert [line for line in err.splitlines() if not line.startswith("imported ")] == []
    hands = counts(db)[0]
    assert hands % 120 == 0 and 120 <= hands < len(made)
    with stud_odds.db.open(db) as opened:
        assert opened.import_files([tmp_path / "hh"], workers=2).new == len(made) - hands


def _file_counts(db: Path, name: str) -> tuple:
    with sqlite3.connect(db) as connection:
        found = connection.execute("SELECT hands, skipped, other_games FROM files WHERE path "
                                   "LIKE ?", (f"%{name}",)).fetchall()
    connection.close()
    return found


def test_imports_of_one_large_file_at_once_count_its_hands_once(tmp_path, monkeypatch):
    """Issue 37 item 14: a file written in parts by two imports (threads, a connection
    each) whose parts take turns at the write lock, one part each in turn."""
    import threading

    from stud_odds.db import importing

    rng = random.Random(11)
    large = tmp_path / "HH_large.txt"
    write(large, make_file(rng, 61, first_id=590000000000))
    monkeypatch.setattr(importing, "CHUNK_BYTES", 1)
    monkeypatch.setattr(importing, "CHUNK_HANDS", 7)  # 9 parts
    write_part, turn = importing._write, threading.Condition()
    state = {"turn": 0, "done": set()}

    def in_turn(*args, **kwargs):
        me = threading.current_thread().name
        with turn:  # A's part, B's part, A's next part...: unless the other has finished
            turn.wait_for(lambda: state["turn"] % 2 == int(me[-1]) or state["done"])
        try:
            return write_part(*args, **kwargs)
        finally:
            with turn:
                state["turn"] += 1
                turn.notify_all()

    monkeypatch.setattr(importing, "_write", in_turn)
    db = tmp_path / "hands.sqlite"
    stud_odds.db.open(db).close()
    results = {}

    def import_it(which: int) -> None:
        with stud_odds.db.open(db) as database:
            results[which] = database.import_files([large], workers=1)
        with turn:
            state["done"].add(which)
            turn.notify_all()

    threads = [threading.Thread(target=import_it, args=(which,), name=f"import {which}")
               for which in (0, 1)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(120)
    assert state["turn"] == 18  # the two imports' nine parts each, in turn
    assert results[0].new + results[1].new == 61
    assert [r.new + r.already for r in results.values()] == [61, 61]
    assert _file_counts(db, "HH_large.txt") == [(61, 0, 0)]
    assert counts(db)[0] == 61


def test_a_reading_worker_killed_mid_import_loses_nothing(tmp_path):
    import multiprocessing

    made = made_folder(tmp_path / "hh", files=10, hands=40, seed=12)
    killed = []

    def progress(done, size):
        if not killed:  # a reading process dies (out of memory, say) after the first file
            readers = [p for p in multiprocessing.active_children()
                       if p.name == "stud-odds reader"]
            readers[0].kill()
            readers[0].join()
            killed.append(readers[0].pid)

    with stud_odds.db.open(tmp_path / "hands.sqlite") as db:
        result = db.import_files([tmp_path / "hh"], progress=progress, workers=2)
    assert killed and result.new == len(made) and not result.failed
    assert counts(tmp_path / "hands.sqlite")[0] == len(made)
