"""Starting-hand classes and tables (stud_odds.study.starting)."""

import csv

import pytest
from study_helpers import no_work, only_classes, runner

from stud_odds.cli import app
from stud_odds.study import starting_hand_classes, starting_hands


def test_starting_hand_classes():
    classes = starting_hand_classes()
    assert len(classes) == 1755
    assert sum(c.count for c in classes) == 22_100
    counts = {c.label: c.count for c in classes}
    assert counts["AAA rainbow"] == 4 and counts["AKQ suited"] == 4
    assert counts["AKQ rainbow"] == 24
    kings = starting_hand_classes(door="K")
    assert all(c.cards[2] >> 2 == 11 for c in kings)


def test_starting_hands_table_is_ranked(monkeypatch):

    only_classes(monkeypatch, "AAA rainbow", "732 rainbow", "A32 suited")
    rows = starting_hands("stud8", 1, trials=20_000, seed=1)
    assert [r.hand.label for r in rows][0] in ("AAA rainbow", "A32 suited")
    assert rows[-1].hand.label == "732 rainbow"
    assert rows[0].result.players[0].low_win is not None


def test_a_table_that_fails_while_written_leaves_the_old_file(tmp_path, monkeypatch):

    only_classes(monkeypatch, "AAA rainbow")
    table = tmp_path / "table.csv"
    table.write_text("the old table\n")

    def broken(self, rows):
        self.writerow(rows[0])
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(csv.DictWriter, "writerows", broken)
    result = runner.invoke(app, ["starting-hands", "-n", "1k", "--out", str(table)])
    assert result.exit_code != 0
    assert table.read_text() == "the old table\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["table.csv"]


@pytest.mark.parametrize("top", ["0", "-5"])
def test_starting_hands_top_must_be_positive(top, monkeypatch):
    no_work(monkeypatch)
    result = runner.invoke(app, ["starting-hands", "-n", "1k", "--top", top])
    assert result.exit_code == 2 and f"--top must be at least 1 row, not {top}" in result.stderr
