"""One error family: every domain error is a StudOddsError (a ValueError), exported at the top."""

import pytest

import stud_odds
from stud_odds import StudOddsError
from stud_odds.cards import CardError
from stud_odds.engine import EquityError
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
