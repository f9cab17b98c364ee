"""Starting-hand classes and tables (stud_odds.study.starting)."""

import csv

import pytest
from study_helpers import no_work, only_classes, runner

from stud_odds.cards import parse_card
from stud_odds.cli import app
from stud_odds.engine import equity
from stud_odds.scenario import Scenario
from stud_odds.study import StudyError, starting_hand_classes, starting_hands


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
    assert result.exit_code == 2 and f"--top must be at least 1, not {top}" in result.stderr


@pytest.mark.parametrize("args, message", [
    (["--seed", str(2**64)], "--seed must be a whole number from 0 to 2^64 - 1"),
    (["--opponents", "9" * 400], "--opponents must be between 1 and 7, not a 400-digit number"),
    (["--threads", "1000"], "--threads must be between 1 and 256, not 1000"),
    (["-n", "9" * 400], "trials would take days"),
    (["--top", "9" * 400, "--seed", "-1"], "--seed must be a whole number"),
])
def test_starting_hands_checks_every_option_before_any_work_or_cluster(args, message,
                                                                      monkeypatch):
    no_work(monkeypatch)
    result = runner.invoke(app, ["starting-hands", *args, "--scheduler", "tcp://192.0.2.1:1"])
    assert result.exit_code == 2 and message in result.stderr and len(result.stderr) < 200


def test_starting_hands_against_a_range(monkeypatch):
    only_classes(monkeypatch, "AAA rainbow", "KKQ rainbow", "732 rainbow")
    rows = starting_hands("stud", 1, trials=20_000, seed=4, vs="[QQ+, AK]/Kd")
    # every class is played as it is written unless that holds his door card Kd; the
    # numbers are those of the same spot asked directly
    for row in rows:
        played = row.result.players[0].hand
        if parse_card("Kd") in row.hand.cards:
            assert "Kd" not in played and played.count("K") == row.hand.text.count("K")
        else:
            assert played == row.hand.text
    for row in rows:
        direct = equity(Scenario.build([row.result.players[0].hand, "[QQ+, AK]/Kd"]),
                        method="monte-carlo", trials=20_000, seed=4)
        assert row.result.players[0].equity == direct.players[0].equity
        assert row.result.players[1].range is not None


@pytest.mark.parametrize("vs, opponents, message", [
    ("[QZ]/Kd", 1, r"--vs '\[QZ\]/Kd': player 2: 'QZ' at character 2"),
    ("[QQ]/KdQc", 1, "player 2 has 4 cards"),
    ("[QQ+]/Kd", 2, "--vs is one opponent: drop --opponents 2"),
])
def test_starting_hands_refuses_a_bad_opponent_before_any_class(vs, opponents, message):
    with pytest.raises(StudyError, match=message):
        starting_hands("stud", opponents, trials=1000, vs=vs)
