"""Starting-hand tables: each three-card class (equal up to suits) against random hands
or against one opponent's hand or range.

Against one random hand the table is exact: shipped with the package or counted
afresh (engine/starts.py, about a minute).  The shipped tables
(``stud_odds/data/starting-hands-GAME.csv``) hold, per class of starts, how many
of each start's deals end in each outcome: integers, from which every figure of
a row follows through the one pot award.  Razz ignores suits, so its table has a
row per set of ranks (455), not per suit class.  Reading one loads neither numba
nor the kernels.

Otherwise each class is sampled: :func:`starting_hand_result` is the task, one
class, the same here and on a cluster (which takes them in blocks of
:data:`CLASSES_PER_TASK`).

The starting-hand table has one module per floor, each named ``starts``: this one
(sampling and the shipped tables; the classes are ``start_classes``), engine/starts.py
(drives the exact count in short calls and checks every start's deals add up),
kernels/starts.py (the count), and db/starts.py (a player's own hands beside the table).
"""

from __future__ import annotations

import csv
import io
from collections.abc import Callable, Iterable
from dataclasses import replace
from functools import cache
from importlib import resources
from itertools import product
from typing import TYPE_CHECKING, Any

import numpy as np

from stud_odds.cards import format_card, format_cards, parse_cards
from stud_odds.checks import check_count, check_seed, check_threads, parse_trials
from stud_odds.engine import equity
from stud_odds.engine.awards import add_awards
from stud_odds.engine.tallies import Tallies, summarise
from stud_odds.errors import StudOddsError
from stud_odds.games import Game, parse_game
from stud_odds.kernels.layout import POT, SHARE
from stud_odds.results import EquityResult, Method, StoppedBy
from stud_odds.scenario import MAX_PLAYERS, Scenario, random_hand
from stud_odds.study.common import (
    Runner,
    StudyError,
    StudyInterrupted,
    each_outcome,
    finished,
    run_here,
)
from stud_odds.study.start_classes import (
    SUIT_RELABELLINGS,
    Key,
    StartingHand,
    StartingHandResult,
    ranked,
    start_key,
    starting_hand_classes,
)

if TYPE_CHECKING:  # the engine's counting loads numba: imported only to count afresh
    from stud_odds.engine.starts import StartCounts

# ---------------------------------------------------------------- the exact table

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

def table_file(game: Game) -> str:
    """The shipped table's name inside the package's data folder."""
    return f"starting-hands-{game.value}.csv"


def _equity(game: Game, deals: int, outcomes: np.ndarray) -> float:
    tallies = Tallies.zeros(2, deals)
    add_awards(game.kernel_id, outcomes, tallies)
    return float(tallies.per_player[0, SHARE] / (POT * deals))


def table_rows(game: Game, counted: Iterable[StartCounts]) -> list[dict]:
    """The rows of a table file from engine.starts' classes (razz: merged by ranks,
    which must agree exactly)."""
    rows: dict[Key, dict] = {}
    for start in counted:
        key = start_key(game, start.cards)
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


def write_table(game: Game, counted: Iterable[StartCounts], target: io.TextIOBase) -> None:
    """A table file (CSV) from engine.starts' classes."""
    writer = csv.DictWriter(target, FIXED_COLUMNS + [c[0] for c in OUTCOME_COLUMNS[game]],
                            lineterminator="\n")
    writer.writeheader()
    writer.writerows(table_rows(game, counted))


@cache
def _shipped_rows(game: Game) -> tuple[dict[str, str], ...]:
    text = resources.files("stud_odds").joinpath("data", table_file(game)).read_text("ascii")
    return tuple(csv.DictReader(io.StringIO(text)))


@cache
def shipped_table(game: Game) -> dict[Key, tuple[int, int, np.ndarray]]:
    """The shipped table: (hands, deals per start, outcome counts[high, low]) by class."""
    return _by_class(game, _shipped_rows(game))


@cache
def shipped_classes(game: Game) -> dict[Key, tuple[str, float]]:
    """The shipped table's classes: (name, equity against one random hand) by class."""
    return {start_key(game, _card_ids(row["cards"])): (row["start"], float(row["equity"]))
            for row in _shipped_rows(game)}


def _by_class(game: Game, rows: Iterable[dict]) -> dict[Key, tuple[int, int, np.ndarray]]:
    """A table's rows (as written or as read back) by class of starts."""
    table = {}
    for row in rows:
        outcomes = np.zeros((4, 4), object)  # deals * 1680**2 outgrows an int64
        for name, high, low in OUTCOME_COLUMNS[game]:
            outcomes[high, low] = int(row[name])
        key = start_key(game, _card_ids(row["cards"]))
        table[key] = (int(row["hands"]), int(row["deals"]), outcomes)
    return table


def _card_ids(text: str) -> list[int]:
    """The cards of a ``cards`` cell such as ``AsKs/Qh``."""
    return parse_cards(text.replace("/", ""))


def exact_starting_hands(game: Game, classes: list[StartingHand],
                         counted: Iterable[StartCounts] | None = None
                         ) -> list[StartingHandResult]:
    """The exact rows of ``classes`` (starting_hand_classes, maybe of one door rank), best
    first: from ``counted`` (engine.starts' classes) or the shipped table.  Razz
    rows are sets of ranks: the first class of each stands for all."""
    table = shipped_table(game) if counted is None else _by_class(
        game, table_rows(game, counted))
    results, seen = [], set()
    for hand in classes:
        key = start_key(game, hand.cards)
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


def count_table(game: Game, progress: Callable[[int, int], None] | None = None,
                threads: int | None = None) -> list[StartCounts]:
    """Count the whole table afresh (engine.starts: a minute or so on two cores)."""
    from stud_odds.engine.starts import start_table

    return start_table(game, progress=progress, threads=threads)


# ---------------------------------------------------------------- sampled tables

CLASSES_PER_TASK = 8  # a cluster task: about a second of work at the default trials


def _against(hand: StartingHand, game: Game, opponents: int, vs: str | None) -> Scenario:
    """The class's spot: its representative against random opponents, or against the one
    opponent ``vs`` with the first suit relabelling (identity first) that leaves both
    players' cards apart (suits matter against his cards: the row names the hand used)."""
    if vs is None:
        return Scenario.build([hand.text] + ["random"] * opponents, game=game)
    for order in SUIT_RELABELLINGS:  # the identity first
        cards = tuple((card & ~3) | order[card & 3] for card in hand.cards)
        text = f"{format_cards(cards[:2])}/{format_card(cards[2])}"
        try:
            return Scenario.build([text, vs], game=game)
        except StudOddsError:
            continue
    raise StudyError(f"no suits of {hand.label} leave a hand for --vs '{vs}'")


def starting_hand_result(hand: StartingHand, game: Game, opponents: int, trials: int,
                         seed: int, vs: str | None, threads: int | None) -> EquityResult:
    """One class against ``opponents`` random hands, or the one hand or range ``vs`` (the
    task; every class has the same seed)."""
    return finished(equity(_against(hand, game, opponents, vs), method="monte-carlo",
                           trials=trials, seed=seed, threads=threads))


DEFAULT_TRIALS = 100_000  # per class, when a table is sampled


def uses_shipped_table(opponents: int, vs: str | None, trials: int | str | None) -> bool:
    """Whether starting_hands reads the exact table shipped with stud-odds: against one
    random hand, unless trials are asked for."""
    return opponents == 1 and vs is None and trials is None


def starting_hands(game: str | Game = "stud", opponents: int = 1, *,
                   trials: int | str | None = None, seed: int = 0, door: str | None = None,
                   threads: int | None = None,
                   progress: Callable[[int, int], None] | None = None,
                   run: Runner = run_here, vs: str | None = None,
                   exact: bool = False) -> list[StartingHandResult]:
    """Each starting-hand class against ``opponents`` random hands, or against the one
    opponent ``vs`` (a hand or a range such as ``[QQ+, AK]/Kd``), best equity first.

    Against one random hand the table is exact: read at once from the table
    shipped with stud-odds, or with ``exact`` counted afresh (about a minute on
    two cores); give ``trials`` to sample it instead.  Otherwise each class is
    sampled (``trials`` each, DEFAULT_TRIALS by default).

    ``run`` runs the sampled classes (here by default; see ``stud_odds.cluster``);
    ``progress(done, total)`` counts finished classes (counting afresh: table
    operations).  Ctrl-C raises StudyInterrupted whose ``partial`` is the
    finished sampled rows, ranked the same way and each marked ``interrupted``;
    an exact count is all or nothing (KeyboardInterrupt).
    """
    # every option is checked before the first class (each by its one checker)
    game, trials, seed, threads = _checked(game, opponents, trials, seed, threads, vs, exact)
    if exact or uses_shipped_table(opponents, vs, trials):
        counted = count_table(game, progress, threads) if exact else None
        return exact_starting_hands(game, starting_hand_classes(door), counted)
    trials = DEFAULT_TRIALS if trials is None else trials
    classes = starting_hand_classes(door)
    results: list[StartingHandResult] = []
    done = 0

    def advance(count: int) -> None:
        nonlocal done
        done += count
        if progress:
            progress(done, len(classes))

    def keep(hand: StartingHand, result: Any) -> None:
        if isinstance(result, Exception):  # a cluster task lost with its workers
            raise result
        results.append(StartingHandResult(hand, result))

    try:
        each_outcome(run(starting_hand_result, classes,
                         lambda hand: (hand, game, opponents, trials, seed, vs),
                         threads=threads, block=CLASSES_PER_TASK, progress=advance), keep)
    except KeyboardInterrupt:
        rows = [replace(row, interrupted=True) for row in ranked(results)]
        raise StudyInterrupted(len(results), len(classes), "class", partial=rows) from None
    return ranked(results)


def _checked(game: str | Game, opponents: int, trials: int | str | None, seed: int,
             threads: int | None, vs: str | None, exact: bool
             ) -> tuple[Game, int | None, int, int | None]:
    """starting_hands' options, each by its one checker: (game, trials, seed, threads)."""
    check_count(opponents, "opponents", 1, MAX_PLAYERS - 1)
    if exact and (opponents != 1 or vs is not None):
        raise StudyError("the exact table is against one random hand: drop "
                         + (f"--opponents {opponents}" if opponents != 1 else "--vs"))
    if exact and trials is not None:
        raise StudyError("the exact table counts every deal: drop --trials")
    seed, threads = check_seed(seed), check_threads(threads)
    game = parse_game(game)  # a bad game (or opponent) is refused before the first class
    trials = None if trials is None else parse_trials(trials)
    if vs is not None:
        if opponents != 1:
            raise StudyError(f"--vs is one opponent: drop --opponents {opponents}")
        try:
            Scenario.build([random_hand(3), vs], game=game)  # a Hand: it stays on third street
        except StudOddsError as error:
            raise StudyError(f"--vs '{vs}': {error}") from None
    return game, trials, seed, threads


__all__ = ["CLASSES_PER_TASK", "DEFAULT_TRIALS", "FIXED_COLUMNS", "OUTCOME_COLUMNS",
           "count_table", "exact_starting_hands", "shipped_classes", "shipped_table",
           "starting_hand_result", "starting_hands", "table_file", "table_rows",
           "uses_shipped_table", "write_table"]
