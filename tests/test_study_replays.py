"""Replays: each street's equity as the cards came (stud_odds.study.replays)."""

import pytest
from strict_json import loads
from study_helpers import runner

from stud_odds.cli import app
from stud_odds.engine import equity
from stud_odds.errors import StudOddsError
from stud_odds.scenario import Scenario, ScenarioError
from stud_odds.study import StudyError, parse_dealt_hand, replay_deal


def test_replay_equals_separate_equity_calls():
    hands = ["AsKs/Qh Jh Th 9c/2d", "7c7d/2s 3h 4h 5d/6c", "QdJd/9s 8s"]
    result = replay_deal(hands, trials=20_000, seed=9)
    assert [s.street for s in result.streets] == [3, 4, 5, 6, 7]
    assert result.streets[2].live == (0, 1)  # player 3 folded after fourth street
    fifth = Scenario.build(["AsKs/QhJhTh", "7c7d/2s3h4h"], folds=["9s8s"])
    assert result.streets[2].result.players[0].equity == \
        equity(fifth, trials=20_000, seed=9).players[0].equity
    seventh = Scenario.build(["AsKs2d/QhJhTh9c", "7c7d6c/2s3h4h5d"], folds=["9s8s"])
    assert result.streets[4].result.to_dict()["players"] == \
        equity(seventh, trials=20_000, seed=9).to_dict()["players"]
    assert result.equity_by_street()[2][2] is None


def test_replay_errors():
    with pytest.raises(StudyError, match="player 2 has a seventh-street card but only 1 upcard$"):
        replay_deal(["AsKs/Qh", "7c7d2h/2s"])
    with pytest.raises(StudyError, match="player 2 has 4 down cards before the '/'"):
        replay_deal(["AsKs/Qh", "7c7d2h3h/2s"])
    with pytest.raises(StudyError, match="at least two players"):
        replay_deal(["AsKs/Qh"])


@pytest.mark.parametrize("equity_syntax, dealt_syntax", [
    ("AsKs2d/QhJhTh9c", "AsKs/Qh Jh Th 9c/2d"),
    ("7c7d/2s3h4h5d", "7c7d/2s 3h 4h 5d"),
    ("QdJd/9s8s", "QdJd/9s 8s"),
    ("xxx/QhJhTh9c", "xx/Qh Jh Th 9c/x"),
])
def test_a_replayed_hand_is_written_as_equity_writes_it(equity_syntax, dealt_syntax):
    hand = parse_dealt_hand(equity_syntax, 1)
    assert hand == parse_dealt_hand(dealt_syntax, 1) and str(hand) == equity_syntax


@pytest.mark.parametrize("hands, community, message", [
    (["AsKs/Qh Jh Th 9c", "7c7d/2s 3h 4h 5d"], "2c", "no community card"),  # two players
    (["AsKs/Qh Jh Th 9c", "7c7d/2s 3h 4h 5d"], "Zz", "the community card"),
    (["AsKs/Qh Jh Th 9c", "7c7d/2s 3h 4h 5d"], "As", "As is used twice"),
])
def test_the_community_card_is_checked_before_any_street_is_computed(
        hands, community, message, monkeypatch):
    import stud_odds.study.replays as replays

    computed = []
    monkeypatch.setattr(replays, "equity", lambda *args, **kwargs: computed.append(args))
    with pytest.raises(StudOddsError, match=message):
        replay_deal(hands, trials=1000, seed=1, community=community)
    assert computed == []


def test_replay_with_a_shared_seventh_street_card():
    hands = ["8hAs/3h Qd 2d Qc", "Ks8s/7c 7s 6c 6h", "3dJd/8c 7h Kd 5c", "2s8d/Ah 6d 9c 5h",
             "3s5d/Qh 4s 9d 9s", "QsJc/Td 3c Jh 4d", "7d2h/Ts 9h Ad Ac", "KcTh/5s Tc 4c Kh"]
    result = replay_deal(hands, trials=5_000, seed=2, community="2c")
    seventh = result.streets[-1]
    assert seventh.street == 7 and seventh.result.shared_river and seventh.result.outcomes == 1
    sixth = result.streets[-2].result
    assert sixth.method == "exact" and sixth.shared_river and sixth.outcomes == 4
    assert result.streets[0].result.method == "monte-carlo"
    with pytest.raises(ScenarioError, match="community card"):
        replay_deal(hands[:2], trials=5_000, seed=2, community="2c")  # two players: no shared card


def test_replay_json_is_strict():
    result = runner.invoke(app, ["replay", "AsKs/Qh Jh Th 9c", "7c7d/2s 3h 4h 5d", "-n", "2000",
                                 "--seed", "3", "--json"])
    assert result.exit_code == 0
    data = loads(result.stdout)
    assert [s["street"] for s in data["streets"]] == [3, 4, 5, 6]


def test_a_plot_is_saved_whole_or_not_at_all(tmp_path, monkeypatch):
    pytest.importorskip("matplotlib", reason="--plot needs the plot extra")
    import stud_odds.plot as plot

    def broken(replay, target):
        if not hasattr(target, "write"):  # given a path: write half a chart under that name
            target = open(target, "wb")
        target.write(b"\x89PNG half a chart")
        target.flush()
        raise RuntimeError("the renderer failed")

    monkeypatch.setattr(plot, "plot_replay", broken)
    chart = tmp_path / "chart.png"
    result = runner.invoke(app, ["replay", "AsKs/Qh Jh", "7c7d/2s 3h", "-n", "1k", "--seed", "1",
                                 "--plot", str(chart)])
    assert result.exit_code != 0 and not chart.exists()
    assert list(tmp_path.iterdir()) == []


def test_the_replays_have_one_name_each():
    from stud_odds import history, study

    assert study.replay_deal is not history.replay_hand
    assert not hasattr(study, "replay") and not hasattr(history, "replay")
