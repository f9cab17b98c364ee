"""Outs (stud_odds/next_cards.py, `stud-odds outs`): each card's entry is the equity of the spot
with that card dealt, and the cards' mean is the spot's equity."""

from __future__ import annotations

import json
import random

import numpy as np
import pytest
from test_engine_brute_force import _brute_force
from typer.testing import CliRunner

from stud_odds import Scenario, equity
from stud_odds.cards import parse_card
from stud_odds.cli import app
from stud_odds.next_cards import NO_CHANGE, OutsError, _card_seed, _dealt, outs, outs_group
from stud_odds.result_terms import Z95, OutsGroup

EXACT_SPOTS = [
    ("stud", ["AhKh/Qh8d", "7c7d/2s3s"], {}),
    ("stud8", ["Ac2c/3c4d", "KsKh/4s9c"], {}),
    ("razz", ["As2s/3h7d", "xx/Ks5c"], {"dead": "4h 6c"}),
    ("stud", ["AhKh/Qh8d5c", "7c7d/2s3s9d", "QsJs/Ts3h4h"], {"folds": ["2d 5d"]}),
    ("stud8", ["Ac2c/3c4d5h6s", "KsKh/4s9c9d2h"], {}),  # sixth street: the last hole card
    ("razz", ["[3low6]/3h7d", "8s8c/Ks5c"], {}),  # a range
]


@pytest.mark.parametrize("game, hands, extra", EXACT_SPOTS,
                         ids=[f"{g}-{len(h)}way-{h[0]}" for g, h, _ in EXACT_SPOTS])
def test_exact_tables_hold_both_identities(game, hands, extra):
    scenario = Scenario.build(hands, game=game, **extra)
    table = outs(scenario, method="exact")
    assert table.method == "exact" and table.street == scenario.plan.street + 1
    assert [parse_card(card.card) for card in table.cards] == list(scenario.plan.unseen)
    if not scenario.plan.ranges:
        # each unseen card is equally likely to be his next: the mean is the equity now
        # (with a range, a card the range often holds is less likely to come)
        assert abs(np.mean([card.equity for card in table.cards]) - table.now.equity) < 1e-12
    rng = random.Random(len(hands))
    for card in rng.sample(table.cards, 3):
        dealt = _dealt(scenario, 0, parse_card(card.card), False)
        alone = equity(dealt, method="exact").players[0]
        assert abs(card.equity - alone.equity) < 1e-12
        assert card.scoop == pytest.approx(alone.scoop, abs=1e-12)
        assert card.change == pytest.approx(alone.equity - table.now.equity, abs=1e-12)


def test_another_seat_and_the_shared_card():
    hands = ["8hAs/3hQd2dQc", "Ks8s/7c7s6c6h", "3dJd/8c7hKd5c", "2s8d/Ah6d9c5h",
             "3s5d/Qh4s9d9s", "QsJc/Td3cJh4d", "7d2h/Ts9hAdAc", "KcTh/5sTc4cKh"]
    scenario = Scenario.build(hands)
    table = outs(scenario, player=3)
    assert table.community and table.player == 3 and table.method == "exact"
    assert len(table.cards) == len(scenario.plan.unseen)
    assert abs(np.mean([card.equity for card in table.cards]) - table.now.equity) < 1e-12
    card = table.cards[0]
    alone = equity(Scenario.build(hands, community=card.card)).players[2]
    assert abs(card.equity - alone.equity) < 1e-12


def test_against_brute_force_on_a_small_deck():
    scenario = Scenario.build(["AhKh/Qh8d5c4d", "7c7d/2s3s9c9d"], game="stud8",
                              dead="2c3c4c5s6s7s8s9sTsJsQsKsAsTcJcQcKc2h3h4h5h6h7h8h9hThJh")
    table = outs(scenario)
    for card in table.cards:
        expected, _ = _brute_force(_dealt(scenario, 0, parse_card(card.card), False))
        assert card.equity == pytest.approx(float(expected[0]), abs=1e-12)


def test_sampled_tables_are_seeded_per_card():
    scenario = Scenario.build(["AhKh/Qh", "7c7d/2s", "3c4c/5c"])
    table = outs(scenario, seed=7, precision=1)
    assert table.method == "monte-carlo" and table.seed == 7
    again = outs(scenario, seed=7, precision=1)
    assert table.cards == again.cards
    card = table.cards[5]
    alone = equity(_dealt(scenario, 0, parse_card(card.card), False), precision=1,
                   seed=_card_seed(7, parse_card(card.card))).players[0]
    assert card.equity == alone.equity and card.equity_se == alone.equity_se
    # the mean of the cards' equities estimates the equity now (within 4 standard errors)
    mean_se = np.sqrt(sum(card.equity_se ** 2 for card in table.cards)) / len(table.cards)
    assert abs(np.mean([c.equity for c in table.cards]) - table.now.equity) < 4 * np.hypot(
        mean_se, table.now.equity_se)


@pytest.mark.parametrize("change, se, leads, ahead_now, group", [
    # +0.14 points, ±0.31: not "improves"; the whole interval is within NO_CHANGE
    (0.0014, 0.0031 / Z95, False, False, OutsGroup.LITTLE_CHANGE),
    (0.0025, 0.0031 / Z95, False, False, OutsGroup.TOO_CLOSE),  # +0.25 ±0.31
    (-0.0030, 0.0031 / Z95, False, False, OutsGroup.TOO_CLOSE),
    (0.0025, 0.0031 / Z95, True, False, OutsGroup.TOO_CLOSE),  # nor a lead it cannot tell
    (-0.0025, 0.0031 / Z95, False, True, OutsGroup.TOO_CLOSE),
    (0.0014, 0.0, False, False, OutsGroup.LITTLE_CHANGE),  # exact: the same, told apart
    (0.0400, 0.0031 / Z95, False, False, OutsGroup.IMPROVES),
    (0.0400, 0.0031 / Z95, True, False, OutsGroup.TAKES_THE_LEAD),
    (-0.0400, 0.0031 / Z95, False, True, OutsGroup.HANDS_OVER_THE_LEAD),
    (-0.0400, 0.0, False, False, OutsGroup.HURTS),
])
def test_a_card_is_grouped_only_as_its_error_bar_can_tell(change, se, leads, ahead_now, group):
    assert outs_group(change, se, leads, ahead_now) is group


def test_a_sampled_tables_groups_hold_its_error_bars_and_its_summary_counts_its_colours():
    """No sampled card is called better or worse (or a change of lead) when the 95% interval
    of its change holds zero; the summary counts the cards in the colours' words."""
    table = outs(Scenario.build(["AhKh/Qh", "7c7d/2s", "3c4c/5c"]), seed=7)
    assert table.method == "monte-carlo"
    close = 0
    for card in table.cards:
        half_width = Z95 * np.hypot(card.equity_se, table.now.equity_se)
        told = abs(card.change) > half_width
        if card.group.verdict in ("improves", "hurts"):
            assert told and (card.change > 0) == (card.group.verdict == "improves"), card
        elif card.group is OutsGroup.TOO_CLOSE:
            close += 1
            assert not told and abs(card.change) + half_width > NO_CHANGE, card
    assert close  # this spot has such cards (+0.22 points, ±0.4)
    better = sum(card.group.verdict == "improves" for card in table.cards)
    worse = sum(card.group.verdict == "hurts" for card in table.cards)
    summary = table.summary()
    assert summary.startswith(f"{len(table.cards)} cards: {better} improve")
    assert f", {worse} hurt" in summary and f"{close} too close to call" in summary
    shown = CliRunner().invoke(app, ["outs", "AhKh/Qh", "7c7d/2s", "3c4c/5c", "--seed", "7"])
    assert f"too close to call ({close})" in shown.output
    assert "± is the 95% interval, in percentage points" in shown.output


def test_questions_without_an_answer():
    with pytest.raises(OutsError, match="no card to come"):
        outs(Scenario.build(["AhKh2c/Qh8d5c4d", "7c7d2d/2s3s9c9d"]))
    with pytest.raises(OutsError, match="player 3 is not at the table"):
        outs(Scenario.build(["AhKh/Qh", "7c7d/2s"]), player=3)


def test_the_command_line():
    runner = CliRunner()
    shown = runner.invoke(app, ["outs", "AhKh/Qh8d", "7c7d/2s3s"])
    assert shown.exit_code == 0, shown.output
    assert "takes the lead" in shown.output
    assert "44 cards: " in shown.output and " improve (" in shown.output
    answer = runner.invoke(app, ["outs", "-g", "stud8", "Ac2c/3c4d", "KsKh/4s9c", "--player",
                                 "2", "--json"])
    data = json.loads(answer.stdout)
    assert {"game", "method", "street", "player", "now", "cards", "outcomes"} <= set(data)
    assert data["player"] == 2 and data["street"] == 5 and len(data["cards"]) == 44
    assert set(data["cards"][0]) == {"card", "equity", "high_win", "high_tie", "low_win",
                                     "low_tie", "scoop", "change", "group"}
    table = Scenario.build(["Ac2c/3c4d", "KsKh/4s9c"], game="stud8")
    assert data["now"] == equity(table).players[1].to_dict()
    rows = runner.invoke(app, ["outs", "AhKh/Qh8d", "7c7d/2s3s", "--csv"]).stdout.splitlines()
    assert rows[0].startswith("card,equity,") and len(rows) == 45
    assert ",change,group," in rows[0] and rows[1].split(",")[8] in set(OutsGroup)
    for arguments, words in ((["AhKh2c/Qh8d5c4d", "7c7d2d/2s3s9c9d"], "no card to come"),
                             (["AhKh/Qh", "7c7d/2s", "-p", "5"], "not at the table"),
                             (["AhKh/Qh", "7c7d/Qh"], "Qh is used twice")):
        refused = runner.invoke(app, ["outs", *arguments])
        assert refused.exit_code == 2 and words in refused.output
        assert "Traceback" not in refused.output


# heads-up spots whose every card's spot is counted heads-up: the spot and every card's
# spot counted in one sweep (engine.next_card_counts.NextCards)
HEADS_UP_SPOTS = [
    ("stud", ["AhKh/Qh8d", "7c7d/2s3s"], 0),
    ("stud8", ["Ac2c/3c4d", "KsKh/4s9c"], 1),
    ("razz", ["As2s/3h7d", "xx/Ks5c"], 0),
    ("razz", ["As2s/3h7d", "xx/Ks5c"], 1),
    ("stud8", ["Ac2c/3c4d5h", "KsKh/4s9c9d"], 0),
]


@pytest.mark.parametrize("game, hands, me", HEADS_UP_SPOTS,
                         ids=[f"{g}-{h[0]}-seat{m + 1}" for g, h, m in HEADS_UP_SPOTS])
def test_next_cards_count_each_cards_spot_as_heads_up_counting_does(game, hands, me):
    from stud_odds.engine import running
    from stud_odds.engine.headsup import heads_up_tallies
    from stud_odds.engine.next_card_counts import NextCards

    scenario = Scenario.build(hands, game=game, dead="Td 2h")
    counts = NextCards(scenario.game, running.spot_of(scenario, False), me)
    now = heads_up_tallies(scenario.game, running.spot_of(scenario, False))
    assert counts.now.outcomes == now.outcomes
    for name in ("per_player", "classes", "table"):
        assert np.array_equal(getattr(counts.now, name), getattr(now, name)), name
    unseen = list(enumerate(scenario.plan.unseen))
    if game == "razz":  # suits never count in razz: a card of each rank is every case (the
        # other spots check every position)
        unseen = list({card // 4: (position, card) for position, card in reversed(unseen)}
                      .values())
    for position, card in unseen:
        alone = heads_up_tallies(scenario.game,
                                 running.spot_of(_dealt(scenario, me, card, False), False))
        together = counts.tallies(position)
        assert together.outcomes == alone.outcomes
        for name in ("per_player", "classes", "table"):
            assert np.array_equal(getattr(together, name), getattr(alone, name)), (card, name)


def test_a_heads_up_table_values_the_completions_once_and_says_what_each_spot_says(
        monkeypatch):
    from stud_odds import engine

    # fourth street: every card's spot is counted heads-up
    scenario = Scenario.build(["Ac2c/3c", "KsKh/4s"], game="stud8", dead="Td 2h 9c 9s 5d")
    asked = []
    answer = engine.equity

    def counted(*args, **kwargs):
        asked.append(args[0])
        return answer(*args, **kwargs)

    monkeypatch.setattr(engine, "equity", counted)
    together = outs(scenario, player=2).to_dict()
    assert not asked  # the spot now and every card's spot counted in one sweep
    monkeypatch.setattr("stud_odds.next_cards._HeadsUpCards.of", lambda *args: None)
    each = outs(scenario, player=2).to_dict()
    assert len(asked) == 1 + len(scenario.plan.unseen)
    together.pop("elapsed_s"), each.pop("elapsed_s")
    assert json.dumps(together) == json.dumps(each)


def test_against_a_range_of_one_pair_the_outs_are_those_against_the_pair_known():
    # his range [7c7d] holds 7c in its one pair: 7c cannot come to seat 1 (it failed the
    # whole table), and every other card is counted as against 7c7d typed as known
    ranged = outs(Scenario.build(["AhKh/Qh", "[7c7d]/2s"]), seed=1)
    known = outs(Scenario.build(["AhKh/Qh", "7c7d/2s"]), seed=1)
    assert [card.card for card in ranged.cards] == [card.card for card in known.cards]
    assert len(ranged.cards) == 46 and "7c" not in [card.card for card in ranged.cards]
    assert [card.equity for card in ranged.cards] == [card.equity for card in known.cards]
    # a range of several pairs keeps every card some pair leaves free
    assert len(outs(Scenario.build(["AhKh/Qh8d5c", "[77]/2s3s4d"]), seed=1).cards) == 44
