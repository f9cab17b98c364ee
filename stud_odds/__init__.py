"""stud-odds: equity and odds for Seven Card Stud, Stud Hi-Lo (eight or better) and Razz."""

from importlib.metadata import PackageNotFoundError, version

from stud_odds.cards import CardError, format_card, format_cards, parse_card, parse_cards
from stud_odds.games import Game, GameError, parse_game

try:
    __version__ = version("stud-odds")
except PackageNotFoundError:  # running from a source tree that is not installed
    __version__ = "0+unknown"

__all__ = [
    "CardError", "Game", "GameError", "__version__", "format_card", "format_cards",
    "parse_card", "parse_cards", "parse_game",
]
