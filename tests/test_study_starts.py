"""Starting-hand classes and tables (stud_odds.study.starts): sampled, and the exact tables
shipped with stud-odds (stud_odds/data) with ``starting-hands`` against one random hand."""

import csv
import io
import math
import os
import random
import subprocess
import sys
from importlib import resources

import numpy as np
import pytest
from study_helpers import no_work, only_classes, runner

from stud_odds.cards import parse_card
from stud_odds.cli import app
from stud_odds.engine import equity
from stud_odds.games import Game
from stud_odds.scenario import Scenario
from stud_odds.study import StudyError, starting_hand_classes, starting_hands
from stud_odds.study.starts import (
    count_table,
    shipped_table,
    table_file,
    write_table,
)

DEALS = math.comb(49, 4) * math.comb(45, 7)  # per start: his four cards, the other's seven
SLOW = pytest.mark.skipif(not os.environ.get("STUD_ODDS_SLOW_TESTS"),
                          reason="minutes on 2 cores: set STUD_ODDS_SLOW_TESTS=1")


def shipped_text(game):
    return resources.files("stud_odds").joinpath("data", table_file(game)).read_text()


@pytest.mark.parametrize("game, classes", [(Game.STUD, 1755), (Game.STUD8, 1755),
                                           (Game.RAZZ, 455)])
def test_every_start_is_in_the_table_once_with_all_its_deals(game, classes):
    table = shipped_table(game)
    assert len(table) == classes
    assert sum(hands for hands, _, _ in table.values()) == math.comb(52, 3)
    for _, deals, outcomes in table.values():
        assert deals == DEALS and outcomes.sum() == DEALS


@pytest.mark.parametrize("game", list(Game))
def test_over_every_start_the_random_hand_does_as_well(game):
    """Random against random is fair: summed over the starts (by how many hands each
    class holds), the start wins each half exactly as often as the other hand."""
    total = sum(hands * outcomes for hands, _, outcomes in shipped_table(game).values())
    swap = [0, 2, 1, 3]
    assert np.array_equal(total, total[swap][:, swap])


def test_the_hi_lo_table_has_the_stud_table_as_its_high_half():
    """Stud hi-lo's high hand is stud's: summed over the low outcomes, its counts are the
    stud table's, start by start (two tables counted by different sweeps)."""
    stud = shipped_table(Game.STUD)
    for key, (_, _, outcomes) in shipped_table(Game.STUD8).items():
        assert np.array_equal(outcomes.sum(axis=1), stud[key][2].sum(axis=1))


@pytest.mark.parametrize("game", list(Game))
def test_the_equity_column_is_the_counts_awarded(game):
    """The file's equity column (for people reading it) is what the counts award."""
    written = {row["start"]: row["equity"]
               for row in csv.DictReader(io.StringIO(shipped_text(game)))}
    awarded = {row.hand.label: f"{row.result.players[0].equity:.12f}"
               for row in starting_hands(game)}
    assert written == awarded


def test_reading_a_table_loads_no_numba():
    code = ("import sys; from stud_odds.study import starting_hands; "
            "rows = starting_hands('stud8'); "
            "assert 'numba' not in sys.modules, 'numba loaded'; print(len(rows))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "1755"


@pytest.mark.slow
def test_the_shipped_stud_table_is_what_the_counting_gives():
    """The whole stud table counted afresh (about a minute) is the shipped file, byte for
    byte."""
    target = io.StringIO()
    write_table(Game.STUD, count_table(Game.STUD), target)
    assert target.getvalue() == shipped_text(Game.STUD)


@SLOW
@pytest.mark.parametrize("game", [Game.STUD8, Game.RAZZ])
def test_the_shipped_tables_are_what_the_counting_gives(game):
    target = io.StringIO()
    write_table(game, count_table(game), target)
    assert target.getvalue() == shipped_text(game)


@SLOW  # by default the chain holds without it: counting equals single spots on small decks
# (test_engine_starts) and the shipped stud table equals counting on the full deck (above)
def test_a_start_equals_its_single_spot_count():
    """One stud start against the heads-up exact count of the same spot (about 25 s)."""
    check_single_spots(Game.STUD, 1, seed=11)


@SLOW
@pytest.mark.parametrize("game", list(Game))
def test_twenty_starts_equal_their_single_spot_counts(game):
    check_single_spots(game, 20, seed=2026)


def check_single_spots(game, count, seed):
    rows = starting_hands(game)
    for row in random.Random(seed).sample(rows, count):
        spot = equity(Scenario.build([row.hand.text, "random"], game=game), method="exact")
        mine, theirs = row.result.players[0], spot.players[0]
        assert spot.outcomes == DEALS == row.result.outcomes
        assert (mine.equity, mine.high_win, mine.high_tie, mine.low_win, mine.low_tie,
                mine.scoop, mine.pot_shares) == (
            theirs.equity, theirs.high_win, theirs.high_tie, theirs.low_win, theirs.low_tie,
            theirs.scoop, theirs.pot_shares), row.hand.label


@SLOW
@pytest.mark.parametrize("game", list(Game))
def test_ten_starts_within_four_standard_errors_of_fifty_million_trials(game):
    rows = starting_hands(game)
    for row in random.Random(5).sample(rows, 10):
        sampled = equity(Scenario.build([row.hand.text, "random"], game=game),
                         method="monte-carlo", trials=50_000_000, seed=3)
        hero = sampled.players[0]
        assert abs(hero.equity - row.result.players[0].equity) < 4 * hero.equity_se


def test_razz_rows_are_sets_of_ranks():
    rows = starting_hands("razz")
    assert len(rows) == 455
    labels = [row.hand.label for row in rows]
    assert labels[0] == "A32" and "suited" not in " ".join(labels)
    assert sum(row.hand.count for row in rows) == 22_100


def test_a_door_rank_keeps_the_rows_holding_it():
    rows = starting_hands("stud", door="K")
    assert rows and all(row.hand.cards[2] >> 2 == 11 for row in rows)
    assert len(rows) == len([r for r in starting_hands("stud")
                             if 11 in [c >> 2 for c in r.hand.cards]])


def test_the_command_says_the_table_is_exact_and_shipped():
    result = runner.invoke(app, ["starting-hands", "-g", "stud8", "--top", "3"])
    assert result.exit_code == 0, result.output
    assert "exact, every deal counted (the table shipped with stud-odds)" in " ".join(
        result.stdout.split())
    assert "AAA rainbow" in result.stdout


@pytest.mark.parametrize("args, message", [
    (["--exact", "--opponents", "2"], "the exact table is against one random hand: drop "
                                      "--opponents 2"),
    (["--exact", "--vs", "AsAh/Ad"], "the exact table is against one random hand: drop --vs"),
    (["--exact", "-n", "1k"], "the exact table counts every deal: drop --trials"),
])
def test_exact_with_other_opponents_or_trials_is_refused(args, message):
    result = runner.invoke(app, ["starting-hands", *args])
    assert result.exit_code == 2
    assert message in result.stderr and "Traceback" not in result.output


def test_exact_is_refused_from_python_too():
    with pytest.raises(StudyError, match="drop --opponents 3"):
        starting_hands("stud", 3, exact=True)


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
