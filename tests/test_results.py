"""stud_odds.results: what a result says in JSON (``to_dict``), for hand-made results."""

import csv
import io
import json

import pytest

from stud_odds.games import Game
from stud_odds.results import (
    EquityResult,
    Method,
    PlayerEquity,
    PotPart,
    RangeSize,
    Rate,
    StoppedBy,
)
from stud_odds.scenario import DeckRule


def _player(hand: str, equity: float, **fields) -> PlayerEquity:
    values = dict(equity_se=0.01, high_win=equity, high_tie=0.0, low_win=None, low_tie=None,
                  scoop=equity)
    values.update(fields)
    return PlayerEquity(hand, equity, **values)


def _result(*players: PlayerEquity, **fields) -> EquityResult:
    values = dict(game="stud", method="monte-carlo", outcomes=1000, seed=7, elapsed_s=0.123456,
                  shared_river=False, no_low=None, deck_rule="casino")
    values.update(fields)
    return EquityResult(players=players, **values)


def test_a_result_in_json():
    result = _result(_player("AsKs/Qh", 0.6, equity_se=0.02), _player("xx/7d", 0.4))
    assert result.to_dict() == {
        "game": "stud", "method": "monte-carlo", "outcomes": 1000, "seed": 7,
        "elapsed_s": 0.1235, "shared_river": False, "no_low": None, "deck_rule": "casino",
        "stopped_by": "complete",
        "players": [
            {"hand": "AsKs/Qh", "equity": 0.6, "equity_se": 0.02, "high_win": 0.6,
             "high_tie": 0.0, "low_win": None, "low_tie": None, "scoop": 0.6},
            {"hand": "xx/7d", "equity": 0.4, "equity_se": 0.01, "high_win": 0.4,
             "high_tie": 0.0, "low_win": None, "low_tie": None, "scoop": 0.4},
        ],
    }
    assert result.max_se == 0.02
    json.dumps(result.to_dict(), allow_nan=False)  # strict JSON


def test_classes_only_when_asked_and_a_range_always():
    ranged = _player("[QQ+]/Ah", 0.5, classes={"one pair": 0.25},
                     range=RangeSize("QQ+", 18, 18.0))
    result = _result(ranged, _player("xx/7d", 0.5), stopped_by="precision")
    plain, full = (result.to_dict(include_classes=flag)["players"][0] for flag in (False, True))
    assert plain["range"] == {"text": "QQ+", "combos": 18, "weight": 18.0}
    assert "classes" not in plain and full["classes"] == {"one pair": 0.25}
    assert result.to_dict()["stopped_by"] == "precision"


@pytest.mark.parametrize("elapsed, shown", [(0.0, 0.0), (1.23449, 1.2345), (12.0, 12.0)])
def test_elapsed_seconds_are_rounded_to_four_places(elapsed, shown):
    assert _result(_player("AsKs/Qh", 1.0), elapsed_s=elapsed).to_dict()["elapsed_s"] == shown


@pytest.mark.parametrize("member", [*Method, *StoppedBy, *Rate, *PotPart, *Game, *DeckRule],
                         ids=repr)
def test_each_typed_field_is_written_as_its_value(member):
    """JSON, CSV and text show a member exactly as its plain value: the outputs stay
    byte-identical whether a field holds the member or the text."""
    value = member.value
    assert type(value) is str and member == value
    assert json.dumps(member) == json.dumps(value)
    assert json.dumps({member: 1}) == json.dumps({value: 1})
    assert f"{member}|{member:>14}|{member!s}" == f"{value}|{value:>14}|{value!s}"
    out = io.StringIO()
    csv.writer(out).writerow([member])
    assert out.getvalue() == f"{value}\r\n"


def test_a_result_with_members_is_the_same_json_as_with_text():
    players = (_player("AsKs/Qh", 0.6), _player("xx/7d", 0.4))
    typed = _result(*players, game=Game.STUD, method=Method.MONTE_CARLO,
                    deck_rule=DeckRule.CASINO, stopped_by=StoppedBy.TRIALS)
    text = _result(*players, stopped_by="trials")
    assert json.dumps(typed.to_dict()) == json.dumps(text.to_dict())
    assert list(typed.players[0].to_dict()) == ["hand", *Rate]
