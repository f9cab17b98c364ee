"""stud_odds.db stats: every figure against hands counted by hand (the sample files) and
against the history maker's truth (random hands), through Python and the command line."""

import csv
import io
import json
import random
from pathlib import Path

import pytest
from history_maker import _value, make_file, make_hand, write
from typer.testing import CliRunner

import stud_odds.db
from stud_odds.cli import app

DATA = Path(__file__).parent / "data" / "histories"


def run(*args):
    return CliRunner().invoke(app, ["db", *map(str, args)])


@pytest.fixture(scope="module")
def samples(tmp_path_factory):
    path = tmp_path_factory.mktemp("db") / "hands.sqlite"
    with stud_odds.db.open(path) as db:
        db.import_files([DATA])
    return path


def same(days, hands):
    """The daily sums give what the hands give (floats summed in another order)."""
    assert days.keys() == hands.keys()
    for key, value in days.items():
        if isinstance(value, float):
            assert value == pytest.approx(hands[key], rel=1e-12, abs=1e-12), key
        elif isinstance(value, dict):
            same(value, hands[key])
        else:
            assert value == hands[key], key


def figures(path, player, **filters):
    with stud_odds.db.open(path) as db:
        rows = db.stats(player, **filters).rows()
        for days, hands in zip(rows, db.stats(player, **filters, from_hands=True).rows(),
                               strict=True):
            same(days, hands)
        return {row["game"]: row for row in rows}


def test_bring_in_who_calls_the_completion_is_voluntary_and_who_folds_is_not(samples):
    # stud_cash.txt, counted by hand.  Jörg Müller: hand 1 brings in, calls Hero's
    # completion, folds on 4th; hand 2 folds on 3rd.  Antes 0.02, big bet 0.20.
    jorg = figures(samples, "Jörg Müller")["stud"]
    assert (jorg["hands"], jorg["vpip"], jorg["complete"]) == (2, 1, 0)
    assert (jorg["saw_4th"], jorg["saw_5th"], jorg["showdowns"]) == (1, 0, 0)
    assert jorg["net"] == {"USD": -0.14}  # 0.02 + 0.05 + 0.05, then 0.02
    assert jorg["bb_per_100"] == pytest.approx(100 * (-0.12 / 0.2 - 0.02 / 0.2) / 2)
    # Mr. Bean [NL]: hand 1 calls the completion, bets 4th and 5th, folds on 6th; hand 2
    # brings in for 0.05 and folds to Hero's completion: not voluntary
    bean = figures(samples, "Mr. Bean [NL]")["stud"]
    assert (bean["hands"], bean["vpip"], bean["complete"]) == (2, 1, 0)
    assert [bean[f"saw_{n}th"] for n in (4, 5, 6, 7)] == [1, 1, 1, 0]
    assert bean["net"] == {"USD": -0.59}  # 0.02+0.10+0.20+0.20, then 0.02+0.05
    assert bean["bb_per_100"] == pytest.approx(-147.5)


def test_hero_over_the_sample_files(samples):
    hero = figures(samples, "Hero", game="stud", stakes="$0.10/$0.20 USD")["stud"]
    # hand 1: completes, raises 4th, calls 5th, raises 6th and 7th, wins $3.52 at the
    # showdown having put in 1.52; hand 2: completes, everyone folds: +0.13
    assert (hero["hands"], hero["vpip"], hero["complete"]) == (2, 2, 2)
    assert [hero[f"saw_{n}th"] for n in (4, 5, 6, 7)] == [1, 1, 1, 1]
    assert (hero["showdowns"], hero["won_at_showdown"]) == (1, 1)
    assert hero["net"] == {"USD": 2.13}
    assert hero["bb_per_100"] == pytest.approx(100 * (2.00 / 0.2 + 0.13 / 0.2) / 2)


def test_stud8_split_pot_and_all_in_on_fifth_street(samples):
    # stud8_tournament.txt: Hero all in on 5th street and loses; Player0 (high) and
    # ZZ Top (low, and a side pot each) split: both won at the showdown, neither scooped
    zz = figures(samples, "ZZ Top")["stud8"]
    assert (zz["hands"], zz["vpip"], zz["complete"], zz["showdowns"]) == (1, 1, 1, 1)
    assert (zz["won_at_showdown"], zz["stud8_showdowns_won"], zz["scoops"]) == (1, 1, 0)
    assert zz["net"] == {"tournament chips": 732 - 525}
    assert zz["bb_per_100"] == pytest.approx(100 * 207 / 120)
    hero = figures(samples, "Hero", game="stud8")["stud8"]
    assert (hero["all_in_hands"], hero["showdowns"], hero["won_at_showdown"]) == (1, 1, 0)
    assert hero["saw_7th"] == 1  # all in, he is still dealt every card
    assert hero["net"] == {"tournament chips": -405}
    sitting_out = figures(samples, "Player5")["stud8"]  # posts, is dealt, folds
    assert (sitting_out["hands"], sitting_out["vpip"], sitting_out["net"]) == (
        1, 0, {"tournament chips": -10})


def test_shared_seventh_street_card_counts_as_seeing_seventh(samples):
    # community_river.txt: eight players check to the river, dealt as one shared card (6h);
    # Cat folds there, Eve calls and mucks at the showdown, Ben wins
    with stud_odds.db.open(samples) as db:
        hand = db.query("SELECT community, last_street, showdown, winners FROM hands "
                        "WHERE number = '250000000001'").data
        kept = db.query("SELECT count(*) FROM seats JOIN hands ON hands.id = hand_id WHERE "
                        "number = '250000000001' AND folded IS NULL").data[0][0]
    assert hand == (("6h", 7, 1, 1),) and kept == 4
    cat, eve = figures(samples, "Cat")["stud"], figures(samples, "Eve")["stud"]
    assert (cat["saw_7th"], cat["showdowns"], cat["net"]) == (1, 0, {"USD": -0.03})
    assert (eve["saw_7th"], eve["showdowns"], eve["won_at_showdown"]) == (1, 1, 0)
    assert eve["net"] == {"USD": -0.11}


def _truth(hands, name):
    """The maker's own account of one player's figures, game by game (cash: cents)."""
    out = {}
    for hand in hands:
        player = next((p for p in hand.players if p.name == name), None)
        if player is None:
            continue
        doors = sorted(hand.players, key=lambda p: _value(p.up[0], hand.game))
        opener = doors[-1] if hand.game == "razz" else doors[0]
        row = out.setdefault(hand.game, dict.fromkeys(
            ("hands", "vpip", "saw_4th", "saw_5th", "saw_6th", "saw_7th", "showdowns",
             "won_at_showdown", "stud8_showdowns_won", "scoops", "net"), 0))
        row["hands"] += 1
        row["vpip"] += player is not opener and player.folded != 3
        for street in (4, 5, 6, 7):
            row[f"saw_{street}th"] += hand.last_street >= street and (
                player.folded is None or player.folded >= street)
        showdown = hand.showdown and player.folded is None
        row["showdowns"] += showdown
        row["won_at_showdown"] += showdown and player.won > 0
        scoop_chance = showdown and player.won > 0 and hand.game == "stud8"
        row["stud8_showdowns_won"] += scoop_chance
        row["scoops"] += scoop_chance  # the maker's pot always goes to one player
        row["net"] += player.won - player.invested
    return out


@pytest.mark.parametrize("seed", [1, 2])
def test_every_figure_matches_the_makers_truth(tmp_path, seed):
    rng = random.Random(seed)
    hands = make_file(rng, 150, first_id=400000000000 + seed * 1000)
    hands += [make_hand(rng, 410000000000 + seed * 1000 + n, game="stud8", players=8,
                        to_river=8) for n in range(5)]  # shared 7th-street cards
    write(tmp_path / "made.txt", hands)
    with stud_odds.db.open(tmp_path / "hands.sqlite") as db:
        assert db.import_files([tmp_path / "made.txt"]).new == len(hands)
        assert db.query("SELECT count(*) FROM hands WHERE community IS NOT NULL").data[0][0] \
            >= 5
        for name in ("Hero", "Bob", "Señor Low"):
            truth = _truth(hands, name)
            got = {row["game"]: row for row in db.stats(name).rows()}
            for by_day, by_hand in zip(db.stats(name).rows(),
                                       db.stats(name, from_hands=True).rows(), strict=True):
                same(by_day, by_hand)
            for game, expected in truth.items():
                row = got[game]
                assert row["complete"] == 0  # the maker never completes
                for key, value in expected.items():
                    if key == "net":
                        assert row["net"] == {"USD": pytest.approx(value / 100)}
                        assert row["net_big_bets"] == pytest.approx(value / 20)
                        assert row["bb_per_100"] == pytest.approx(100 * value / 20
                                                                  / expected["hands"])
                    else:
                        assert row[key] == value, (name, game, key)
            if len(truth) > 1:
                total = got["all"]
                assert total["hands"] == sum(t["hands"] for t in truth.values())
                assert total["vpip"] == sum(t["vpip"] for t in truth.values())


def test_default_player_is_the_one_in_most_hands(samples):
    with stud_odds.db.open(samples) as db:
        assert db.stats().player == "Hero"
        result = db.stats(game="razz")
        assert result.player == "Hero" and [r["game"] for r in result.rows()] == ["razz"]
        assert [r["game"] for r in db.stats("Hero").rows()] == ["stud", "stud8", "razz", "all"]


def test_since_and_until_use_the_hands_time(samples):
    # stud_cash.txt's hands are 2020/01/31 12:00:00 and 12:01:10 ET
    day = figures(samples, "Hero", since="2020-01-31", until="2020-01-31")
    assert day["stud"]["hands"] == 2 and set(day) == {"stud"}
    with stud_odds.db.open(samples) as db:  # a time of day: counted from the hands
        later = {row["game"]: row for row in db.stats(
            "Hero", since="2020-01-31 12:01", until="2020-12-31").rows()}
        assert later["stud"]["hands"] == 1
        with pytest.raises(stud_odds.db.DatabaseError, match="need the hands"):
            db.stats("Hero", since="2020-01-31 12:01", from_hands=False)
    # and community_river.txt's, 2019/07/15 20:36:31 ET (its header's CET time is not used)
    with stud_odds.db.open(samples) as db:
        assert db.stats("Hero", until="2020-01-31 12:00:30").rows()[0]["hands"] == 2
    with pytest.raises(stud_odds.db.DatabaseError, match="Hero plays no hand up to 2009-06-13 "
                                                         "in "):
        figures(samples, "Hero", until="2009-06-13")  # the first: 2009-06-14


def test_stats_command_table_json_and_csv(samples):
    table = run("stats", "--db", samples, "--player", "Mr. Bean [NL]")
    assert table.exit_code == 0, table.output
    assert "Mr. Bean [NL]" in table.stdout and "VPIP" in table.stdout
    assert "1 (50.0%)" in table.stdout and "net won, USD" in table.stdout
    assert "-$0.59" in table.stdout and "Mr. Bean [NL]'s stats" in table.stdout
    data = json.loads(run("stats", "--db", samples, "--json").stdout)
    assert data["player"] == "Hero" and data["rows"][-1]["game"] == "all"
    rows = list(csv.DictReader(io.StringIO(run("stats", "--db", samples, "--csv").stdout)))
    assert [r["game"] for r in rows] == ["stud", "stud8", "razz", "all"]
    assert rows[0]["net_USD"] and rows[1]["net_tournament_chips"] == "-405"


@pytest.mark.parametrize("args, words", [
    (["--player", "Nobody"], "Nobody plays no hand in"),
    (["--game", "holdem"], "holdem"),
    (["--since", "last tuesday"], "--since 'last tuesday' is not a date"),
    (["--json", "--csv"], "--json and --csv cannot be used together"),
])
def test_stats_mistakes_are_one_sentence(samples, args, words):
    result = run("stats", "--db", samples, *args)
    assert result.exit_code == 2
    assert words in result.stderr and "Traceback" not in result.output
    assert len(result.stderr.strip().splitlines()) <= 2
