"""Street-by-street equities of hands read from histories, and the hero's all-in luck."""

import dataclasses
import json
import math
from pathlib import Path

import pytest
from typer.testing import CliRunner

from stud_odds.cards import format_card
from stud_odds.cli import app
from stud_odds.history import HandHistory, read, replay_hand, replaying
from stud_odds.history.replaying import deck_rule, street_seed
from stud_odds.history.settings import ReplayError, trials_for
from stud_odds.scenario import DeckRule

DATA = Path(__file__).parent / "data" / "histories"
RECORD_KEYS = {"id", "game", "stakes", "hero", "skipped", "streets", "showdown", "pot", "won"}
STREET_KEYS = {"street", "dead", "community", "players"}
PLAYER_KEYS = {"name", "hand", "equity", "equity_se"}
PRECISION = 2.0  # 625 deals a street keeps these tests quick; the CLI test uses the default


def hand(name, hand_id=None):
    hands = [h for h in read(DATA / name) if isinstance(h, HandHistory)]
    return next(h for h in hands if hand_id is None or h.id == hand_id)


def scenarios(views):
    return [str(view.scenario) for view in views]


def test_razz_views_see_what_the_hero_saw_and_what_was_shown():
    result = replay_hand(hand("razz.txt"), precision=PRECISION)
    assert scenarios(result.streets) == [
        "razz: xx/3s vs 9dTh/2c vs xx/Ah vs xx/Kc, online deck rule",
        "razz: xx/3s4d vs 9dTh/2cKd vs xx/Ah5c, folded Kc, online deck rule",
        # the hero folded on 4th street: his own cards are dead cards from then on
        "razz: xx/3s4d7h vs xx/Ah5c8c, dead 9d Th 2c Kd, folded Kc, online deck rule",
        "razz: xx/3s4d7hQs vs xx/Ah5c8c6s, dead 9d Th 2c Kd, folded Kc, online deck rule",
        "razz: xxx/3s4d7hQs vs xxx/Ah5c8c6s, dead 9d Th 2c Kd, folded Kc, online deck rule",
    ]
    assert scenarios(result.showdown) == [
        "razz: 8h9s/3s vs 9dTh/2c vs 2d3c/Ah vs xx/Kc, online deck rule",
        "razz: 8h9s/3s4d vs 9dTh/2cKd vs 2d3c/Ah5c, folded Kc, online deck rule",
        "razz: 8h9s/3s4d7h vs 2d3c/Ah5c8c, dead 9d Th 2c Kd, folded Kc, online deck rule",
        "razz: 8h9s/3s4d7hQs vs 2d3c/Ah5c8c6s, dead 9d Th 2c Kd, folded Kc, online deck rule",
        "razz: 8h9sTc/3s4d7hQs vs 2d3cJh/Ah5c8c6s, dead 9d Th 2c Kd, folded Kc, "
        "online deck rule",
    ]
    # at the end every live hand is face up: the showdown view is the result itself
    river = result.showdown[-1]
    assert [p.equity for p in river.result.players] == [0.0, 1.0]
    assert river.to_dict() == {
        "street": 7, "dead": ["9d", "Th", "2c", "Kd", "Kc"], "community": None,
        "players": [
            {"name": "xX_Razzle_Xx", "hand": "8h9sTc/3s4d7hQs", "equity": 0.0, "equity_se": 0.0},
            {"name": "Señor Low", "hand": "2d3cJh/Ah5c8c6s", "equity": 1.0, "equity_se": 0.0},
        ],
    }


def test_another_hero_sees_his_own_shown_cards_and_not_the_file_owners():
    result = replay_hand(hand("razz.txt"), hero="Señor Low", precision=PRECISION)
    assert scenarios(result.streets)[0] == \
        "razz: xx/3s vs xx/2c vs 2d3c/Ah vs xx/Kc, online deck rule"
    assert result.to_dict()["hero"] == "Señor Low"
    rail = replay_hand(hand("razz.txt"), hero="Nobody", precision=PRECISION)
    assert rail.hero is None and rail.to_dict()["hero"] is None
    assert scenarios(rail.streets)[0] == "razz: xx/3s vs xx/2c vs xx/Ah vs xx/Kc, online deck rule"


def test_community_card_and_players_folding_on_the_river():
    result = replay_hand(hand("community_river.txt"), precision=PRECISION)
    river = result.streets[-1]
    assert str(river.scenario) == (
        "stud: AcKc/8c9c9dTh vs xx/Tc7d8d3c vs xx/6c7h3sQh vs xx/Js2c9s8h vs xx/Jd4h9h2s vs "
        "xx/2d7c6d5h vs xx/Jh4c5dTd vs xx/Kh3d8s6s, community 6h, online deck rule")
    assert river.to_dict()["community"] == "6h" and river.to_dict()["dead"] == []
    shown = str(result.showdown[-1].scenario)
    assert "7sQs/6c7h3sQh" in shown and "KdKs/Jd4h9h2s" in shown and "xx/Tc7d8d3c" in shown
    assert deck_rule(result.hand) is DeckRule.ONLINE


@pytest.mark.parametrize("name, hand_id", [
    ("stud_cash.txt", "210000000001"), ("stud8_tournament.txt", None), ("razz.txt", None),
    ("community_river.txt", None), ("mixed_horse.txt", "240000000002"),
])
def test_every_street_matches_stud_odds_equity_on_the_same_cards(name, hand_id):
    """The default precision (10,000 deals); the same cards and seed through the CLI."""
    result = replay_hand(hand(name, hand_id), seed=11)
    runner = CliRunner()
    views = list(result.streets) + list(result.showdown or ())
    assert result.trials == 10_000
    for view in views:
        scenario = view.scenario
        args = ["equity", *map(str, scenario.hands), "-g", scenario.game.value,
                "--deck-rule", scenario.deck_rule.value, "-n", str(result.trials),
                "--seed", str(view.seed), "--json"]
        if scenario.dead:
            args += ["-d", " ".join(map(format_card, scenario.dead))]
        for upcards in scenario.folds:
            args += ["--fold", "".join(map(format_card, upcards))]
        if scenario.community is not None:
            args += ["--community", format_card(scenario.community)]
        answer = runner.invoke(app, args)
        assert answer.exit_code == 0, answer.output
        expected = json.loads(answer.stdout)["players"]
        got = view.to_dict()["players"]
        assert [p["hand"] for p in got] == [p["hand"] for p in expected]
        assert [(p["equity"], p["equity_se"]) for p in got] == \
            [(p["equity"], p["equity_se"]) for p in expected]
        assert view.seed == street_seed(11, result.hand.id, view.street)
        assert math.isclose(sum(p["equity"] for p in got), 1.0, abs_tol=1e-9)


def test_showdown_river_is_the_real_split_and_repeats_no_work():
    cash = replay_hand(hand("stud_cash.txt", "210000000001"), precision=PRECISION)
    assert [p.equity for p in cash.showdown[-1].result.players] == [1.0, 0.0]
    split = replay_hand(hand("stud8_tournament.txt"), precision=PRECISION)
    assert [p.equity for p in split.showdown[-1].result.players] == [0.5, 0.0, 0.5]
    # Bob mucked without showing: both views are the same streets, computed once
    mucked = replay_hand(hand("mixed_horse.txt", "240000000004"), precision=PRECISION)
    assert all(a is b for a, b in zip(mucked.streets, mucked.showdown, strict=True))
    # no showdown: no second view
    unshown = replay_hand(hand("mixed_horse.txt", "240000000002"), precision=PRECISION)
    assert unshown.showdown is None


def test_all_in_luck_of_the_hero():
    result = replay_hand(hand("stud8_tournament.txt"), precision=PRECISION)
    luck = result.luck
    fifth = result.showdown[2]
    assert fifth.street == 5
    share = fifth.equity_of("Hero")
    # all in on 5th street for 405: three players put in at least 405, one folded 10
    assert (luck.hand_id, luck.street, luck.pot, luck.won, luck.unit) == (
        "29356803850", 5, 1225.0, 0.0, "chips")
    assert luck.equity == share and 0.1 < share < 0.4
    assert luck.expected == pytest.approx(share * 1225)
    assert luck.luck == pytest.approx(-share * 1225)
    assert luck.luck_big_bets == pytest.approx(-share * 1225 / 120)
    # never all in: no luck to measure
    assert replay_hand(hand("stud_cash.txt", "210000000001"), precision=PRECISION).luck is None


def test_luck_takes_the_rake_out_of_the_pot():
    base = hand("stud8_tournament.txt")
    raked = dataclasses.replace(base, rake=base.pot / 10)
    luck = replay_hand(raked, precision=PRECISION).luck
    assert luck.expected == pytest.approx(luck.equity * 1225 * 0.9)


def test_seeds_follow_the_hand_not_the_file():
    alone = replay_hand(hand("razz.txt"), seed=5, precision=PRECISION)
    again = replay_hand(hand("razz.txt"), seed=5, precision=PRECISION)
    other = replay_hand(hand("razz.txt"), seed=6, precision=PRECISION)

    def equities(result):
        return [[p.equity for p in s.result.players] for s in result.streets]

    assert equities(alone) == equities(again)
    assert equities(alone) != equities(other)
    assert street_seed(5, "230000000001", 3) != street_seed(5, "230000000001", 4)
    assert street_seed(5, "230000000001", 3) != street_seed(5, "230000000002", 3)


def with_folds(base: HandHistory, folds: dict) -> HandHistory:
    """The hand with some players folding on 3rd street (their later upcards dropped)."""
    players = tuple(
        dataclasses.replace(p, folded=3, upcards=p.upcards[:1]) if p.name in folds else p
        for p in base.players)
    return dataclasses.replace(base, players=players)


def test_deck_rule_follows_what_the_file_dealt():
    shared = hand("community_river.txt")  # 8 players to the river, 4 cards left
    assert deck_rule(shared) is DeckRule.ONLINE
    # 7 to the river and 7 cards left: online deals 7 cards, a card room shares one
    assert deck_rule(with_folds(shared, {"Ann"})) is DeckRule.CASINO
    with pytest.raises(ReplayError, match="^7th street is a community card although 10 cards "
                                          "are left for 6 players, enough for one each$"):
        deck_rule(with_folds(shared, {"Ann", "Cat"}))
    with pytest.raises(ReplayError, match="^each of 8 players gets a 7th-street card, but "
                                          "only 4 cards are left in the deck$"):
        deck_rule(dataclasses.replace(shared, community=None))
    assert deck_rule(hand("razz.txt")) is DeckRule.ONLINE


def test_record_is_strict_json_with_the_issue_fields():
    result = replay_hand(hand("stud8_tournament.txt"), precision=PRECISION)
    record = json.loads(json.dumps(result.to_dict(), allow_nan=False))
    assert set(record) == RECORD_KEYS
    assert (record["id"], record["game"], record["stakes"], record["hero"], record["skipped"],
            record["pot"]) == ("29356803850", "stud8", "60/120", "Hero", None, 1465)
    assert record["won"] == {"Player0": 733, "Hero": 0, "ZZ Top": 732, "Player5": 0}
    for view in record["streets"] + record["showdown"]:
        assert set(view) == STREET_KEYS
        assert all(set(p) == PLAYER_KEYS for p in view["players"])
    assert [v["street"] for v in record["streets"]] == [3, 4, 5, 6, 7]
    cash = replay_hand(hand("stud_cash.txt", "210000000001"), precision=PRECISION).to_dict()
    assert cash["pot"] == 3.7 and cash["won"]["Hero"] == 3.52


def test_precision_is_a_number_of_deals():
    assert trials_for(0.5) == 10_000 and trials_for(1) == 2_500 and trials_for(2) == 625
    for bad in (float("nan"), float("inf"), 0, -1, 51, True, "1"):
        with pytest.raises(ReplayError, match="^the precision must be a positive number of "
                                              "percentage points such as 0.05, at most 50"):
            trials_for(bad)
    with pytest.raises(ReplayError, match="^the precision must be at least 0.01 percentage "
                                          "points for a replay"):
        trials_for(0.005)


def test_an_interrupted_street_is_never_a_result(monkeypatch):
    real = replaying.equity

    def interrupted(*args, **kwargs):
        return dataclasses.replace(real(*args, **kwargs), stopped_by="interrupted")

    monkeypatch.setattr(replaying, "equity", interrupted)
    with pytest.raises(KeyboardInterrupt):
        replay_hand(hand("razz.txt"), precision=PRECISION)


def test_random_hands_views_show_exactly_what_was_seen(tmp_path):
    import random

    from history_maker import make_file, write

    from stud_odds.history.settings import ReplayError as Error

    made = make_file(random.Random(3), 60)
    path = tmp_path / "made.txt"
    write(path, made)
    for truth, parsed in zip(made, read(path), strict=True):
        result = replay_hand(parsed, precision=5)  # 100 deals: the views are what is tested
        by_name = {p.name: p for p in truth.players}
        for view in result.streets:
            k = view.street
            shared = k == 7 and truth.community is not None
            for name, text in zip(view.names, map(str, view.scenario.hands), strict=True):
                p = by_name[name]
                ups = "".join(p.up[: min(k, 6) - 2])
                if name == "Hero":
                    river = p.river if k == 7 and not shared else ""
                    assert text == "".join(p.hole) + river + "/" + ups
                else:
                    assert text == ("xxx/" if k == 7 and not shared else "xx/") + ups
            assert math.isclose(sum(pl.equity for pl in view.result.players), 1, abs_tol=1e-9)
            folded = [p for p in truth.players if p.folded is not None and p.folded < k]
            seen_dead = set(view.to_dict()["dead"])
            for p in folded:
                assert set(p.up) <= seen_dead
                assert (set(p.hole) <= seen_dead) == (p.name == "Hero")
        assert (result.showdown is None) == (not truth.showdown)
    # fuzzed hands that still parse replay or fail with a sentence, never anything else
    rng = random.Random(17)
    sources = [p.read_bytes() for p in sorted(DATA.glob("*.txt"))]
    for _ in range(150):
        data = bytearray(rng.choice(sources))
        for _ in range(3):
            at = rng.randrange(len(data))
            data[at:at + rng.randint(0, 30)] = bytes(rng.randrange(32, 127)
                                                      for _ in range(rng.randint(0, 30)))
        path.write_bytes(bytes(data))
        for item in read(path):
            if isinstance(item, HandHistory):
                try:
                    replay_hand(item, precision=5)
                except Error as error:
                    assert str(error) and "\n" not in str(error)
