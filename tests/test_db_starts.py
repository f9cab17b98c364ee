"""stud_odds.db starts: Hero's starts in the sample files counted by hand, the groups, the
exact tables' classes and equities, and the command line."""

import csv
import io
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

import stud_odds.db
from stud_odds.cards import parse_cards
from stud_odds.cli import app
from stud_odds.db.starts import class_of, group_of
from stud_odds.games import Game

DATA = Path(__file__).parent / "data" / "histories"


def cli(*args):
    return CliRunner().invoke(app, ["db", *map(str, args)])


@pytest.fixture(scope="module")
def samples(tmp_path_factory):
    path = tmp_path_factory.mktemp("db") / "hands.sqlite"
    with stud_odds.db.open(path) as db:
        db.import_files([DATA])
    return path


def start(text: str) -> tuple[tuple[int, ...], int]:
    cards = parse_cards(text)
    return tuple(cards[:2]), cards[2]


@pytest.mark.parametrize(("cards", "group"), [
    ("2c 2d 2h", "trips"),
    ("Ah Ad 9c", "buried pair"),
    ("Ah 9c Ad", "split pair"),
    ("Ac Kc 8c", "three-flush"),
    ("Ac Kc Qc", "three-flush"),  # a flush before a straight
    ("Qd Kc Ah", "three-straight"),
    ("As 2h 3d", "three-straight"),  # the ace low
    ("Kd Ac 2h", "other"),  # no straight around the corner
    ("7s 2c Jd", "other"),
])
def test_groups(cards, group):
    assert group_of(*start(cards)) == group


def test_razz_groups_ignore_suits():
    assert group_of(*start("As 2s 3s")) == "three-flush"
    assert group_of(*start("As 2s 3s"), suits=False) == "three-straight"
    assert group_of(*start("9d Td Kd"), suits=False) == "other"


def test_classes_and_equities_are_the_shipped_tables():
    """The class and equity of a start are the starting-hands table's row for it."""
    for game in Game:
        text = (Path(stud_odds.db.__file__).parent.parent / "data"
                / f"starting-hands-{game.value}.csv").read_text()
        rows = list(csv.DictReader(io.StringIO(text)))
        for row in rows[::97]:
            cards = parse_cards(row["cards"].replace("/", ""))
            hole, door = tuple(cards[:2]), cards[2]
            assert class_of(game, hole, door) == (row["start"], float(row["equity"]))
            # the same class whatever the order or the suits' names
            swapped = tuple((card & ~3) | (3 - (card & 3)) for card in (door, *hole))
            assert class_of(game, swapped[1:], swapped[0]) == (row["start"],
                                                              float(row["equity"]))


# Hero's hands whose hole cards the sample files show, counted from the files:
# (game, class, group, vpip, net, unit)
HERO = [
    ("stud", "KQ5 (KQ suited)", "other", 1, 14.0, "play money"),  # bad_hands #1: Kh Qh 5c
    ("stud", "222 rainbow", "trips", 1, 14.0, "play money"),  # bad_hands #7: 2c 2d 2h
    ("stud", "AK8 suited", "three-flush", 1, -0.03, "USD"),  # community_river: Ac Kc 8c
    ("stud", "JJ4 rainbow", "buried pair", 1, 20.40, "USD"),  # mixed_horse: Jc Jd 4s
    ("stud", "AA9 rainbow", "buried pair", 1, 2.00, "USD"),  # stud_cash #1: Ah Ad 9c
    ("stud", "J72 rainbow", "other", 1, 0.13, "USD"),  # stud_cash #2: 7s 2c Jd, completes
    ("stud8", "A32 rainbow", "three-straight", 1, -405.0, "tournament chips"),  # As 2h 3d, all in
    ("razz", "T92", "other", 1, -2.10, "USD"),  # razz: 9d Th 2c, calls twice, folds 4th
    ("razz", "A32", "three-straight", 1, -6.20, "USD"),  # mixed_horse razz: As 2s 3s
]


def test_hero_counted_by_hand(samples):
    with stud_odds.db.open(samples) as db:
        result = db.starts("Hero")
    rows = {(row.game, row.kind, row.start): row for row in result.by_start}
    expected: dict[tuple, list] = {}
    for game, name, group, vpip, net, unit in HERO:
        for key in ((game, "class", name), (game, "group", group)):
            entry = expected.setdefault(key, [0, 0, {}])
            entry[0] += 1
            entry[1] += vpip
            entry[2][unit] = entry[2].get(unit, 0.0) + net
    assert rows.keys() == expected.keys()
    for key, (hands, vpip, net) in expected.items():
        row = rows[key]
        assert (row.hands, row.vpip) == (hands, vpip), key
        assert row.net == pytest.approx(net), key
    # a class's equity is its table's; a group's the mean over his hands in it
    assert rows["stud", "class", "AA9 rainbow"].equity == class_of(
        Game.STUD, *start("Ah Ad 9c"))[1]
    buried = rows["stud", "group", "buried pair"]
    assert buried.equity == pytest.approx(
        (class_of(Game.STUD, *start("Ah Ad 9c"))[1] + class_of(Game.STUD,
                                                               *start("Jc Jd 4s"))[1]) / 2)
    assert buried.to_dict()["net_per_hand"] == {"USD": pytest.approx(11.2)}
    assert buried.bb_per_hand == pytest.approx((2.00 / 0.20 + 20.40 / 4) / 2)
    # classes first (most hands first), then the groups in their order, game by game
    kinds = [(row.game, row.kind) for row in result.by_start]
    assert kinds == sorted(kinds, key=lambda k: (["stud", "stud8", "razz"].index(k[0]),
                                                 k[1] != "class"))
    groups = [row.start for row in result.by_start if row.game == "stud" and
              row.kind == "group"]
    assert groups == ["trips", "buried pair", "three-flush", "other"]


def test_only_hands_with_known_hole_cards(samples):
    with stud_odds.db.open(samples) as db:
        known = db.query("SELECT count(*) FROM seats WHERE name = 'Ben' "
                         "AND hole IS NOT NULL").data[0][0]
        result = db.starts("Ben")
    assert sum(row.hands for row in result.by_start if row.kind == "group") == known > 0
    with stud_odds.db.open(samples) as db, pytest.raises(stud_odds.db.DatabaseError,
                                                         match="no hand .* hole cards"):
        db.starts("Mr. Bean [NL]", game="razz")


def test_the_command_line(samples):
    result = cli("starts", "--db", samples, "--game", "stud")
    assert result.exit_code == 0, result.output
    for text in ("AA9 rainbow", "buried pair", "89.2%", "exact equity"):
        assert text in result.stdout
    result = cli("starts", "--db", samples, "--player", "Hero", "--json")
    data = json.loads(result.stdout)
    assert data["player"] == "Hero" and len(data["rows"]) == 16
    result = cli("starts", "--db", samples, "--game", "razz", "--csv")
    lines = result.stdout.splitlines()
    assert lines[0].startswith("player,game,kind,start,hands,vpip,vpip_pct,net_USD,")
    assert len(lines) == 1 + 4
    result = cli("starts", "--db", samples, "--since", "2021-01-01", "--until", "2021-12-31",
                 "--json")
    assert [row["start"] for row in json.loads(result.stdout)["rows"]] == ["T92", "other"]
