"""``stud-odds db`` speed and size: importing generated histories, then stats over them.

    python benchmarks/bench_db.py [--hands 10000] [--files 10]

Hands come from tests/history_maker.py (random deals, mixed games, 2 to 8
players, cash stakes), written to ``--files`` files in a temporary folder.
Timed in-process through ``stud_odds.db``: the import of the folder into a
new database (reading included: the parser is most of it), the parser alone
on the same files (to tell reading from writing), the import without reading
workers and with them (as the command chooses), importing the folder again
(every hand already there), ``stats`` for the player in most hands and for
a named one, ``starts`` and ``luck`` for the player in most hands: ``luck``
first with ``--all-in`` of his showdown hands marked all in on 4th street
(the generated hands have no all-in; the mark gives the engine that many
hands' showdown views to compute and store), then again (all read back).
Size: the database file after a checkpoint, in bytes per hand.
Targets (issue 31, 2 cores): 3,000 hands/s imported, under 2 KB a hand,
stats over a million hands under 2 s.
"""

from __future__ import annotations

import argparse
import os
import random
import sqlite3
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from history_maker import make_file, write  # noqa: E402

import stud_odds.db  # noqa: E402
from stud_odds.history import read  # noqa: E402


def _timed(work):
    start, cpu = time.perf_counter(), time.process_time()
    value = work()
    return value, time.perf_counter() - start, time.process_time() - cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=10_000, help="hands to import")
    parser.add_argument("--files", type=int, default=10, help="files they are written to")
    parser.add_argument("--all-in", type=int, default=100,
                        help="showdown hands marked all in for luck's first run")
    args = parser.parse_args()
    print("load average before: {:.2f} {:.2f} {:.2f} (other work on the machine slows "
          "the wall-clock figures)".format(*os.getloadavg()))
    rng = random.Random(31)
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        histories = folder / "histories"
        histories.mkdir()
        per_file = -(-args.hands // args.files)
        made = 0
        for index in range(args.files):
            count = min(per_file, args.hands - made)
            if count <= 0:
                break
            write(histories / f"HH{index:04d}.txt",
                  make_file(rng, count, first_id=600000000000 + index * 1_000_000))
            made += count
        text_bytes = sum(p.stat().st_size for p in histories.iterdir())
        files = sorted(histories.iterdir())

        parsed, wall, cpu = _timed(lambda: sum(1 for f in files for _ in read(f)))
        print(f"parse alone: {parsed:,} hands in {wall:.2f} s wall, {cpu:.2f} s CPU: "
              f"{parsed / wall:,.0f} hands/s")

        with stud_odds.db.open(folder / "alone.sqlite") as alone:
            result, wall, cpu = _timed(lambda: alone.import_files([histories], workers=1))
        print(f"import, no workers: {result.new:,} hands in {wall:.2f} s wall, {cpu:.2f} s "
              f"CPU: {result.new / wall:,.0f} hands/s")
        path = folder / "hands.sqlite"
        db = stud_odds.db.open(path)
        result, wall, cpu = _timed(lambda: db.import_files([histories]))
        assert result.new == made, result.sentence()
        print(f"import: {result.new:,} hands ({text_bytes / 1e6:.1f} MB of text, "
              f"{len(files)} files, reading workers as the command chooses) in {wall:.2f} s "
              f"wall, {cpu:.2f} s CPU in the writing process: {result.new / wall:,.0f} hands/s"
              "  [target >= 3,000 hands/s]")
        again, wall, _ = _timed(lambda: db.import_files([histories]))
        print(f"import again: {again.sentence()} in {wall:.2f} s: "
              f"{again.already / wall:,.0f} hands/s")

        for player in (None, "Bob"):
            stats, wall, _ = _timed(lambda player=player: db.stats(player))
            total = stats.by_game[-1]
            print(f"stats {'(player in most hands)' if player is None else player}: "
                  f"{stats.player}, {total.hands:,} hands, in {wall * 1000:.0f} ms")

        starts, wall, _ = _timed(lambda: db.starts())
        known = sum(row.hands for row in starts.by_start if row.kind == "group")
        print(f"starts: {starts.player}, {known:,} hands with known hole cards, "
              f"{len(starts.by_start)} rows, in {wall * 1000:.0f} ms")
        player = starts.player
        with db.store.transaction() as cursor:  # the generated hands have no all-in
            cursor.execute(
                "UPDATE seats SET all_in = 4 WHERE name = ? AND folded IS NULL AND hand_id IN "
                "(SELECT id FROM hands WHERE showdown = 1 ORDER BY id LIMIT ?)",
                (player, args.all_in))
        luck, wall, cpu = _timed(lambda: db.luck(player))
        print(f"luck, first run: {len(luck.hands):,} hands, {luck.computed} all-in equities "
              f"computed and stored in {wall:.2f} s wall, {cpu:.2f} s CPU "
              f"({wall / max(luck.computed, 1) * 1000:.0f} ms a hand)")
        again_luck, wall, _ = _timed(lambda: db.luck(player))
        assert again_luck.computed == 0
        print(f"luck again: {len(again_luck.hands):,} hands, {len(again_luck.all_in)} all-in "
              f"read back, in {wall * 1000:.0f} ms")
        db.close()

        with sqlite3.connect(path) as connection:
            connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            rows = {table: connection.execute(f"SELECT count(*) FROM {table}").fetchone()[0]
                    for table in ("hands", "seats", "actions")}
        connection.close()
        size = path.stat().st_size + sum(
            p.stat().st_size for p in folder.glob("hands.sqlite-*"))
        print(f"size: {size / 1e6:.2f} MB for {rows['hands']:,} hands ({rows['seats']:,} "
              f"seats, {rows['actions']:,} actions): {size / rows['hands']:,.0f} bytes a hand"
              f" (the text: {text_bytes / rows['hands']:,.0f})  [target < 2,048]")
    print("load average after: {:.2f} {:.2f} {:.2f}".format(*os.getloadavg()))


if __name__ == "__main__":
    main()
