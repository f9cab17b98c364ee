"""Exact starting-hand tables against one random hand: shipped with the package, or counted
afresh (engine/start_table.py, about a minute).

The shipped tables (``stud_odds/data/starting-hands-GAME.csv``) hold, per class
of starts, how many of each start's deals end in each outcome: integers, from
which every figure of a row follows through the one pot award.  Razz ignores
suits, so its table has a row per set of ranks (455), not per suit class.
Reading one loads neither numba nor the kernels.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Callable, Iterable
from dataclasses import replace
from functools import cache
from importlib import resources
from itertools import product
from typing import TYPE_CHECKING

import numpy as np

from stud_odds.cards import parse_cards
from stud_odds.engine.awards import add_awards
from stud_odds.engine.tallies import Tallies, summarise
from stud_odds.games import Game, parse_game
from stud_odds.kernels.layout import POT, SHARE
from stud_odds.results import EquityResult, Method, StoppedBy
from stud_odds.scenario import Scenario
from stud_odds.study.common import StudyError
from stud_odds.study.starting import StartingHand, StartingHandResult, canonical, ranked

if TYPE_CHECKING:  # the engine's counting loads numba: imported only to count afresh
    from stud_odds.engine.start_table import StartCounts

# outcome columns: (name, high winners mask, low winners mask); the start is bit 0
_WINNERS = {"won": 1, "tied": 3, "lost": 2}
_LOWS = {"none": 0, "won": 1, "tied": 3, "lost": 2}
OUTCOME_COLUMNS = {
    Game.STUD: [(f"high_{name}", mask, 0) for name, mask in _WINNERS.items()],
    Game.RAZZ: [(f"low_{name}", 0, mask) for name, mask in _WINNERS.items()],
    Game.STUD8: [(f"high_{high}_low_{low}", _WINNERS[high], _LOWS[low])
                 for high, low in product(_WINNERS, _LOWS)],
}
FIXED_COLUMNS = ["start", "cards", "hands", "deals", "equity"]

Key = tuple[int, ...]


def table_file(game: Game) -> str:
    """The shipped table's name inside the package's data folder."""
    return f"starting-hands-{game.value}.csv"


def _key(game: Game, cards: Iterable[int]) -> Key:
    """A class of starts: equal up to suits, or in razz the same ranks."""
    if game is Game.RAZZ:
        return tuple(sorted(card >> 2 for card in cards))
    return canonical(tuple(cards))


def _equity(game: Game, deals: int, outcomes: np.ndarray) -> float:
    tallies = Tallies.zeros(2, deals)
    add_awards(game.kernel_id, outcomes, tallies)
    return float(tallies.per_player[0, SHARE] / (POT * deals))


def table_rows(game: str | Game, counted: Iterable[StartCounts]) -> list[dict]:
    """The rows of a table file from engine.start_table's classes (razz: merged by ranks,
    which must agree exactly)."""
    game = parse_game(game)
    rows: dict[Key, dict] = {}
    for start in counted:
        key = _key(game, start.cards)
        if key in rows:
            row = rows[key]
            if not np.array_equal(row["outcomes"], start.outcomes):
                raise ArithmeticError(f"razz starts {key} differ by suits")
            row["hands"] += start.hands
        else:
            rows[key] = {"cards": start.cards, "hands": start.hands, "deals": start.deals,
                         "outcomes": start.outcomes}
    out = []
    for row in rows.values():
        hand = StartingHand(tuple(sorted(row["cards"], reverse=True)), row["hands"],
                            suits_matter=game is not Game.RAZZ)
        cells = {name: int(row["outcomes"][high, low])
                 for name, high, low in OUTCOME_COLUMNS[game]}
        out.append({"start": hand.label, "cards": hand.text, "hands": row["hands"],
                    "deals": row["deals"],
                    "equity": f"{_equity(game, row['deals'], row['outcomes']):.12f}", **cells})
    return sorted(out, key=lambda row: (-float(row["equity"]), row["start"]))


def write_table(game: str | Game, counted: Iterable[StartCounts],
                target: io.TextIOBase) -> None:
    """A table file (CSV) from engine.start_table's classes."""
    game = parse_game(game)
    writer = csv.DictWriter(target, FIXED_COLUMNS + [c[0] for c in OUTCOME_COLUMNS[game]],
                            lineterminator="\n")
    writer.writeheader()
    writer.writerows(table_rows(game, counted))


@cache
def shipped_table(game: Game) -> dict[Key, tuple[int, int, np.ndarray]]:
    """The shipped table: (hands, deals per start, outcome counts[high, low]) by class."""
    text = resources.files("stud_odds").joinpath("data", table_file(game)).read_text("ascii")
    return _by_class(game, csv.DictReader(io.StringIO(text)))


def _by_class(game: Game, rows: Iterable[dict]) -> dict[Key, tuple[int, int, np.ndarray]]:
    """A table's rows (as written or as read back) by class of starts."""
    table = {}
    for row in rows:
        outcomes = np.zeros((4, 4), object)  # deals * 1680**2 outgrows an int64
        for name, high, low in OUTCOME_COLUMNS[game]:
            outcomes[high, low] = int(row[name])
        key = _key(game, _card_ids(row["cards"]))
        table[key] = (int(row["hands"]), int(row["deals"]), outcomes)
    return table


def _card_ids(text: str) -> list[int]:
    """The cards of a ``cards`` cell such as ``AsKs/Qh``."""
    return parse_cards(text.replace("/", ""))


def exact_starting_hands(game: str | Game, classes: list[StartingHand],
                         counted: Iterable[StartCounts] | None = None
                         ) -> list[StartingHandResult]:
    """The exact rows of ``classes`` (starting_hand_classes, maybe of one door rank), best
    first: from ``counted`` (engine.start_table's classes) or the shipped table.  Razz
    rows are sets of ranks: the first class of each stands for all."""
    game = parse_game(game)
    table = shipped_table(game) if counted is None else _by_class(
        game, table_rows(game, counted))
    results, seen = [], set()
    for hand in classes:
        key = _key(game, hand.cards)
        if key in seen:
            continue
        seen.add(key)
        if key not in table:
            raise StudyError(f"the exact {game.value} table has no row for {hand.label}")
        hands, deals, outcomes = table[key]
        if game is Game.RAZZ:
            hand = replace(hand, count=hands, suits_matter=False)
        results.append(StartingHandResult(hand, _result(game, hand, deals, outcomes)))
    return ranked(results)


def _result(game: Game, hand: StartingHand, deals: int, outcomes: np.ndarray) -> EquityResult:
    """The start's EquityResult from its counts: shares and pot parts, no hand classes (the
    table does not count them)."""
    tallies = Tallies.zeros(2, deals)
    add_awards(game.kernel_id, outcomes, tallies)
    result = summarise(Scenario.build([hand.text, "random"], game=game), tallies,
                       Method.EXACT, None, 0.0, StoppedBy.COMPLETE)
    players = tuple(replace(p, classes={}, scooping_hands={}) for p in result.players)
    return replace(result, players=players)


def count_table(game: str | Game,
                progress: Callable[[int, int], None] | None = None) -> list[StartCounts]:
    """Count the whole table afresh (engine.start_table: a minute or so on two cores)."""
    from stud_odds.engine.start_table import start_table

    return start_table(game, progress=progress)

