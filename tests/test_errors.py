"""One error family: every domain error is a StudOddsError (a ValueError), exported at the top;
one quoter of values, short and printable whatever it is given."""

import json

import pytest

import stud_odds
from stud_odds import StudOddsError
from stud_odds.cards import CardError
from stud_odds.engine import EquityError
from stud_odds.errors import SHOWN_CHARACTERS, digit_count, shown
from stud_odds.games import GameError
from stud_odds.plot import PlotError
from stud_odds.rules import RulesError
from stud_odds.scenario import ScenarioError
from stud_odds.study import StudyError


@pytest.mark.parametrize("error", [CardError, EquityError, GameError, PlotError, RulesError,
                                   ScenarioError, StudyError])
def test_every_domain_error_is_a_stud_odds_error(error):
    assert issubclass(error, StudOddsError) and issubclass(StudOddsError, ValueError)


def test_the_base_is_exported():
    assert stud_odds.StudOddsError is StudOddsError and "StudOddsError" in stud_odds.__all__


@pytest.mark.parametrize(("value", "quoted"), [
    ("\ud800", r"'\ud800'"),  # a lone surrogate: no encoder takes it
    ("\x1b[2J", r"'\x1b[2J'"),  # a terminal's escape: it would clear the screen
    ("a" * 300, "'aaaaaaaaaaaaaaaaaaaa'... (300 characters)"),
    ("1" * 5000, "a 5000-digit number"),  # a number as text, as an int: the same words
    (10**4999, "a 5000-digit number"),
    (-(10**400), "a negative 401-digit number"),
    (["\ud800"] * 1000, r"['\ud800', '\ud800', '\ud800', '\ud8..."),
    ({"\x00": 1}, r"{'\x00': 1}"),
    (1e-300, "1e-300"),
], ids=["surrogate", "escape", "long text", "long number text", "long int", "negative int",
        "long list", "control key", "tiny float"])
def test_the_quoter_is_short_and_printable(value, quoted):
    assert shown(value) == quoted
    assert quoted.isprintable() and len(quoted) <= SHOWN_CHARACTERS + 20


def test_every_sentence_prints_whatever_it_quotes():
    """A sentence that quotes its input as it came (a card, a game) still prints, logs and
    encodes as JSON."""
    error = GameError("'\ud800\x1b' is not a game")
    assert str(error) == r"'\ud800\x1b' is not a game"
    json.dumps({"error": str(error)}, ensure_ascii=False).encode("utf-8")


def test_digit_count_needs_no_decimal_text():
    for digits in (1, 18, 19, 20, 400, 4301, 10_000):
        assert digit_count(10 ** (digits - 1)) == digit_count(10**digits - 1) == digits
