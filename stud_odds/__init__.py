"""stud-odds: equity and odds for Seven Card Stud, Stud Hi-Lo (eight or better) and Razz."""

from importlib.metadata import PackageNotFoundError, version

from stud_odds.cards import CardError, format_card, format_cards, parse_card, parse_cards
from stud_odds.engine import EquityError, equity
from stud_odds.errors import StudOddsError
from stud_odds.games import Game, GameError, parse_game
from stud_odds.results import EquityResult, PlayerEquity
from stud_odds.scenario import DeckRule, Hand, Scenario, ScenarioError

try:
    __version__ = version("stud-odds")
except PackageNotFoundError:  # running from a source tree that is not installed
    __version__ = "0+unknown"

__all__ = [
    "CardError", "DeckRule", "EquityError", "EquityResult", "Game", "GameError", "Hand",
    "PlayerEquity", "Scenario", "ScenarioError", "StudOddsError", "__version__", "equity",
    "format_card", "format_cards", "parse_card", "parse_cards", "parse_game",
]
