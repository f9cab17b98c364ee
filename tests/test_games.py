import pytest

from stud_odds.games import Game, GameError, parse_game


@pytest.mark.parametrize(
    "name, game",
    [
        ("stud", Game.STUD), ("Stud-Hi", Game.STUD), ("7stud", Game.STUD),
        ("stud8", Game.STUD8), ("stud/8", Game.STUD8), ("stud-hilo", Game.STUD8),
        ("7s8", Game.STUD8), ("Stud Hi-Lo", Game.STUD8), ("razz", Game.RAZZ), ("RAZZ", Game.RAZZ),
    ],
)
def test_aliases(name, game):
    assert parse_game(name) is game


def test_unknown_game():
    with pytest.raises(GameError, match="'holdem' is not a game"):
        parse_game("holdem")


def test_what_each_game_uses():
    assert Game.STUD.has_high and not Game.STUD.has_low
    assert Game.STUD8.has_high and Game.STUD8.has_low
    assert Game.RAZZ.has_low and not Game.RAZZ.has_high
