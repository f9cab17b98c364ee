"""Scoop studies (stud_odds.study.scoop and the scoop command)."""

import pytest
from strict_json import loads
from study_helpers import runner

from stud_odds.cli import app
from stud_odds.engine import equity
from stud_odds.errors import StudOddsError
from stud_odds.scenario import Scenario


def test_scoop_study_matches_the_equity_result():
    from stud_odds.study import scoop_study

    study = scoop_study("Ac2c/3c", 2, trials=50_000, seed=3)
    direct = equity(Scenario.build(["Ac2c/3c", "random", "random"], game="stud8"),
                    trials=50_000, seed=3, scooping_hands=True)
    assert study.hero == direct.players[0]
    data = study.to_dict()
    assert sum(data["pot_shares"].values()) == pytest.approx(1)
    assert sum(data["scooping_hands"].values()) == pytest.approx(data["scoop"])
    with pytest.raises(StudOddsError, match="opponents must be between 1 and 7"):
        scoop_study("Ac2c/3c", 9)


def test_scoop_command():
    result = runner.invoke(app, ["scoop", "As2d3c/4h5sKcKd", "8h7hQh/6d4d3sKs", "--json"])
    assert result.exit_code == 0
    data = loads(result.stdout)
    assert data["method"] == "exact" and data["scoop"] == 1
    assert data["scooping_hands"] == {"straight with a 5-low": 1.0}
    text = runner.invoke(app, ["scoop", "Ac2c/3c", "--opponents", "2", "-n", "20k",
                               "--seed", "1"]).stdout
    assert "scooping hands" in text and "low half" in text
    bad = runner.invoke(app, ["scoop", "Ac2c/3c", "--opponents", "0"])
    assert bad.exit_code == 2 and "opponents must be between 1 and 7" in bad.stderr


def test_scoop_refuses_opponents_given_twice():
    result = runner.invoke(app, ["scoop", "Ac2c/3c", "KsKh/4s", "--opponents", "3"])
    assert result.exit_code == 2
    assert "give the opponents' hands or --opponents, not both" in result.stderr
