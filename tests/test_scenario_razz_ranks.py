"""Razz reads rank-only cards (A2/3): suits are given so that no card repeats, and the
answer is the same as with any suits."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from stud_odds import Scenario, ScenarioError, equity
from stud_odds.cli import app
from stud_odds.scenario.text import with_suits


def test_suits_are_given_first_free_first_and_never_repeat():
    assert with_suits(["A2/3", "As8/5", "random", "[3low6]/A", None]) == \
        ["Ah2s/3s", "As8s/5s", "random", "[3low6]/Ad", None]
    spot = Scenario.build(["A2/3", "A8/5"], game="razz", dead="A 3", folds=["A"])
    cards = [card for hand in spot.hands for card in hand.known] + list(spot.dead) + \
        [card for upcards in spot.folds for card in upcards]
    assert len(cards) == len(set(cards))


@pytest.mark.parametrize("ranks, suited", [
    (["A2/3", "K8/5"], ["As2d/3c", "Kh8d/5h"]),
    (["A2/3", "A2/5"], ["Ad2h/3s", "Ac2c/5d"]),
    (["A23/4567", "K8T/5692"], ["Ah2s3d/4h5h6h7h", "KhTh8h/5s6s9h2c"]),
])
def test_the_answer_is_the_same_as_with_any_suits(ranks, suited):
    by_ranks = equity(Scenario.build(ranks, game="razz"), method="exact")
    by_suits = equity(Scenario.build(suited, game="razz"), method="exact")
    assert [p.equity for p in by_ranks.players] == pytest.approx(
        [p.equity for p in by_suits.players], abs=1e-12)


def test_a_fifth_card_of_a_rank_and_other_games():
    with pytest.raises(ScenarioError, match="only four As"):
        Scenario.build(["AA/A", "AA/K"], game="razz")
    with pytest.raises(ScenarioError, match="suit must be one of"):
        Scenario.build(["A2/3", "K8/5"], game="stud")  # only razz ignores suits
    shown = CliRunner().invoke(app, ["equity", "-g", "razz", "A2/3", "K8/5"])
    assert shown.exit_code == 0 and "[As 2s] 3s" in shown.output
