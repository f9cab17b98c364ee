"""equity(): pick exact enumeration or Monte Carlo, run the kernels, summarise.

Monte Carlo runs in rounds of CHUNKS chunks; a round's size depends only on
the stopping rule, never on the machine, and chunk seeds come from
``SeedSequence(seed, spawn_key=(round,))``, so a seed reproduces the same
tallies on any number of threads.
"""

from __future__ import annotations

import math
import re
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from itertools import combinations

import numba
import numpy as np

from stud_odds.errors import StudOddsError
from stud_odds.games import Game
from stud_odds.hands import tables
from stud_odds.kernels.codes import CATEGORY_SHIFT, HIGH_CATEGORY_NAMES
from stud_odds.kernels.enumerate import COMMUNITY, enumerate_deals
from stud_odds.kernels.evaluate import NO_LOW
from stud_odds.kernels.montecarlo import monte_carlo
from stud_odds.kernels.showdown import (
    HIGH_CLASS_COLUMNS,
    HIGH_HALF,
    HIGH_TIE,
    HIGH_WIN,
    LOW_CLASS_COLUMNS,
    LOW_HALF,
    LOW_TIE,
    LOW_WIN,
    NO_LOW_COUNT,
    POT,
    SCOOP,
    SCOOP_CLASS_BASE,
    SHARE,
    SHARE_SQUARED,
    SPLIT,
    new_tallies,
)
from stud_odds.results import EquityResult, PlayerEquity
from stud_odds.scenario import Scenario

CHUNKS = 64  # fixed partition of every Monte Carlo round, whatever the thread count
FIRST_ROUND = 1 << 16  # trials in round 0; each later round doubles, up to LARGEST_ROUND
LARGEST_ROUND = 1 << 22
# auto mode enumerates when outcomes x players is at most this many hand evaluations
EXACT_BUDGET = 100_000_000
# --exact refuses spots beyond this many hand evaluations (far too long to wait for)
EXACT_LIMIT = 20_000_000_000
MAX_TRIALS = 10**12  # about a day of sampling
DEFAULT_PRECISION = 0.0005  # auto mode: stop when every equity's standard error is this small
DEFAULT_MAX_TIME = 60.0  # ... or after this many seconds
METHODS = ("auto", "exact", "monte-carlo")

Progress = Callable[[int, int | None], None]


class EquityError(StudOddsError):
    """Options that cannot be honoured (a bad method, trial count, precision...)."""


_COUNT = re.compile(r"^(\d+(?:\.\d*)?(?:e\d+)?)([km]?)$", re.IGNORECASE)


def parse_trials(text: str | int) -> int:
    """``250000``, ``250k``, ``2M``, ``1e6``, ``1_000_000`` -> a positive int."""
    if isinstance(text, int) and not isinstance(text, bool):
        if text <= 0:
            raise EquityError(f"the trial count must be positive, not {text}")
        return text
    cleaned = str(text).strip().replace("_", "").replace(",", "")
    if cleaned.startswith("-") or cleaned in ("0", "0k", "0m"):
        raise EquityError(f"the trial count must be positive, not {text}")
    match = _COUNT.match(cleaned)
    if not match:
        raise EquityError(f"'{text}' is not a trial count: write e.g. 100000, 250k, 2M or 1e6")
    value = float(match.group(1)) * {"": 1, "k": 1e3, "m": 1e6}[match.group(2).lower()]
    if value != int(value) or value < 1:
        raise EquityError(f"the trial count must be a positive whole number, not {text}")
    return int(value)


@dataclass
class _Tallies:
    """Integer tallies summed over blocks of work."""

    per_player: np.ndarray  # (players, TALLY_COLUMNS)
    classes: np.ndarray  # (players, CLASS_COLUMNS)
    table: np.ndarray  # (TABLE_COLUMNS,)
    outcomes: int = 0

    @classmethod
    def zeros(cls, players: int) -> _Tallies:
        tally, classes, table = new_tallies(1, players)
        return cls(tally[0], classes[0], table[0])

    def add(self, tally: np.ndarray, classes: np.ndarray, table: np.ndarray, outcomes: int) -> None:
        self.per_player += tally.sum(axis=0)
        self.classes += classes.sum(axis=0)
        self.table += table.sum(axis=0)
        self.outcomes += outcomes

    def equity_se(self) -> np.ndarray:
        n = max(self.outcomes, 1)
        mean = self.per_player[:, SHARE] / (POT * n)
        mean_square = self.per_player[:, SHARE_SQUARED] / (POT * POT * n)
        return np.sqrt(np.maximum(mean_square - mean * mean, 0.0) / n)


@cache
def _class_maps() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Per value: high category, eight-or-better low class, razz low class (showdown.py)."""
    t = tables()
    high = np.zeros(len(t.high_codes) + 1, np.int64)
    high[1:] = t.high_codes >> CATEGORY_SHIFT
    low8 = np.zeros(NO_LOW + 1, np.int64)  # NO_LOW stays class 0
    for value in range(1, 256):
        low8[value] = value.bit_length() - 1  # top card, ace-low rank (7 = eight)
    razz = np.where(t.razz_codes >> CATEGORY_SHIFT == 0, (t.razz_codes >> 16) & 0xF, 0)
    return high, low8, razz.astype(np.int64)


def _pot_shares(game: Game, row: np.ndarray, n: int) -> dict[str, float]:
    shares = {"scoop": row[SCOOP] / n}
    if game is Game.STUD8:
        shares |= {"high half": row[HIGH_HALF] / n, "low half": row[LOW_HALF] / n}
    shares["split"] = row[SPLIT] / n
    shares["nothing"] = max(0.0, 1 - sum(shares.values()))
    return {name: float(value) for name, value in shares.items()}


def _scooping_hands(game: Game, counts: np.ndarray, n: int) -> dict[str, float]:
    """Labels such as 'straight with a 5-low' for the nonzero scoop counts, most common first."""
    high_names, low_names = _class_names(game)
    high_by_column = dict(high_names)
    low_by_column = {c - HIGH_CLASS_COLUMNS: name for c, name in low_names}
    found = {}
    for index in np.flatnonzero(counts):
        high_class, low_class = divmod(int(index), LOW_CLASS_COLUMNS)
        if game is Game.STUD:
            label = high_by_column[high_class]
        elif game is Game.RAZZ:
            label = low_by_column[low_class]
        elif low_class == 0:
            label = f"{high_by_column[high_class]}, no low"
        else:
            low = low_by_column[low_class]
            label = f"{high_by_column[high_class]} with {'an' if low[0] == '8' else 'a'} {low}"
        found[label] = float(counts[index] / n)
    return dict(sorted(found.items(), key=lambda item: -item[1]))


def _class_names(game: Game) -> tuple[list[tuple[int, str]], list[tuple[int, str]]]:
    """(column, name) pairs of the hand classes reported for the game."""
    high = [(c, name) for c, name in enumerate(HIGH_CATEGORY_NAMES)] if game.has_high else []
    low: list[tuple[int, str]] = []
    # low class = ace-low rank of the low's top card (4 = five), worst first
    tops = range(7, 3, -1) if game is Game.STUD8 else range(12, 3, -1)
    if game.has_low:
        low = [(HIGH_CLASS_COLUMNS, "no low" if game is Game.STUD8 else "paired")]
        low += [(HIGH_CLASS_COLUMNS + top, f"{'A23456789TJQK'[top]}-low") for top in tops]
    return high, low


class _KernelInput:
    """A scenario as the kernels see it: plain arrays and ints."""

    def __init__(self, scenario: Scenario, scooping_hands: bool):
        t = tables()
        self.track_scoops = int(scooping_hands)
        self.game = scenario.game.kernel_id
        self.players = len(scenario.hands)
        self.deck = np.array(scenario.unseen, np.int64)
        self.known_key = np.zeros(self.players, np.int64)
        self.known_bits = np.zeros(self.players, np.int64)
        for p in range(self.players):
            for card in scenario.known_cards(p):
                self.known_key[p] += t.card_key[card]
                self.known_bits[p] |= t.card_bit[card]
        self.draws = np.array(scenario.draws, np.int64)
        self.shared_draw = int(scenario.shared_draw)
        self.card_key = t.card_key
        self.card_bit = t.card_bit
        self.tables = (t.high_by_ranks, t.high_by_flush, t.razz_by_ranks, t.low8_by_mask)
        self.classes_of = _class_maps()


def _summarise(scenario: Scenario, tallies: _Tallies, method: str, seed: int | None,
               elapsed: float, stopped_by: str) -> EquityResult:
    game = scenario.game
    n = max(tallies.outcomes, 1)
    se = tallies.equity_se() if method == "monte-carlo" else np.zeros(len(scenario.hands))
    high_names, low_names = _class_names(game)
    players = []
    for p, hand in enumerate(scenario.hands):
        row = tallies.per_player[p]
        fraction = row / n
        classes = {name: float(tallies.classes[p, c] / n) for c, name in high_names + low_names}
        players.append(PlayerEquity(
            hand=str(hand),
            equity=float(row[SHARE] / (POT * n)),
            equity_se=float(se[p]),
            high_win=float(fraction[HIGH_WIN]) if game.has_high else None,
            high_tie=float(fraction[HIGH_TIE]) if game.has_high else None,
            low_win=float(fraction[LOW_WIN]) if game.has_low else None,
            low_tie=float(fraction[LOW_TIE]) if game.has_low else None,
            scoop=float(fraction[SCOOP]),
            classes=classes,
            pot_shares=_pot_shares(game, row, n),
            scooping_hands=_scooping_hands(game, tallies.classes[p, SCOOP_CLASS_BASE:], n),
        ))
    no_low = float(tallies.table[NO_LOW_COUNT] / n) if game is Game.STUD8 else None
    return EquityResult(
        game=game.value, players=tuple(players), method=method, outcomes=tallies.outcomes,
        seed=seed, elapsed_s=elapsed, shared_river=scenario.shared_river, no_low=no_low,
        deck_rule=scenario.deck_rule.value, stopped_by=stopped_by,
    )


def _exact(kernel: _KernelInput, progress: Progress | None) -> _Tallies:
    levels = [(p, int(k)) for p, k in enumerate(kernel.draws) if k > 0]
    if kernel.shared_draw:
        levels.append((COMMUNITY, 1))
    if not levels:
        levels = [(COMMUNITY, 0)]  # nothing left to deal: one showdown
    level_player = np.array([p for p, _ in levels], np.int64)
    level_k = np.array([k for _, k in levels], np.int64)
    first_k = int(level_k[0])
    first_rows = np.array(list(combinations(range(len(kernel.deck)), first_k)), np.int64)
    first_rows = first_rows.reshape(-1, first_k) if first_k else np.zeros((1, 0), np.int64)
    rest = 1
    remaining = len(kernel.deck) - int(level_k[0])
    for k in level_k[1:]:
        rest *= math.comb(remaining, int(k))
        remaining -= int(k)
    tallies = _Tallies.zeros(kernel.players)
    # batches of about 20M deals keep the progress bar moving, with at least
    # CHUNKS rows each so that every thread has work
    batch = max(CHUNKS, 20_000_000 // max(rest, 1))
    for start in range(0, len(first_rows), batch):
        rows = first_rows[start:start + batch]
        blocks = min(len(rows), 4 * CHUNKS)
        tally, classes, table = new_tallies(blocks, kernel.players)
        enumerate_deals(kernel.game, kernel.deck, kernel.known_key, kernel.known_bits,
                        level_player, level_k, rows, blocks, kernel.card_key, kernel.card_bit,
                        kernel.tables, kernel.classes_of, kernel.track_scoops, tally, classes,
                        table)
        tallies.add(tally, classes, table, len(rows) * rest)
        if progress:
            progress(tallies.outcomes, len(first_rows) * rest)
    return tallies


def _chunk_seeds(seed: int, round_number: int) -> np.ndarray:
    sequence = np.random.SeedSequence(seed, spawn_key=(round_number,))
    return sequence.generate_state(CHUNKS, np.uint64)


def _monte_carlo(kernel: _KernelInput, seed: int, trials: int | None, precision: float | None,
                 max_time: float | None, progress: Progress | None,
                 started: float) -> tuple[_Tallies, str]:
    tallies = _Tallies.zeros(kernel.players)
    round_number = 0
    while True:
        size = min(FIRST_ROUND << round_number, LARGEST_ROUND)
        if trials is not None:
            size = min(size, trials - tallies.outcomes)
        per_chunk = np.full(CHUNKS, size // CHUNKS, np.int64)
        per_chunk[: size % CHUNKS] += 1
        tally, classes, table = new_tallies(CHUNKS, kernel.players)
        try:
            monte_carlo(kernel.game, _chunk_seeds(seed, round_number), per_chunk, kernel.deck,
                        kernel.known_key, kernel.known_bits, kernel.draws, kernel.shared_draw,
                        kernel.card_key, kernel.card_bit, kernel.tables, kernel.classes_of,
                        kernel.track_scoops, tally, classes, table)
            tallies.add(tally, classes, table, size)
        except KeyboardInterrupt:
            return tallies, "interrupted"
        round_number += 1
        max_se = float(tallies.equity_se().max())
        if progress:
            total = trials
            if total is None and precision is not None and max_se > 0:
                total = max(tallies.outcomes, int(tallies.outcomes * (max_se / precision) ** 2))
            progress(tallies.outcomes, total)
        if trials is not None and tallies.outcomes >= trials:
            return tallies, "trials"
        if precision is not None and max_se <= precision:
            return tallies, "precision"
        if max_time is not None:
            elapsed = time.perf_counter() - started
            next_size = min(FIRST_ROUND << round_number, LARGEST_ROUND)
            if elapsed * (1 + next_size / tallies.outcomes) > max_time:
                return tallies, "time"


def equity(
    scenario: Scenario,
    *,
    method: str = "auto",
    trials: int | None = None,
    precision: float | None = None,
    max_time: float | None = None,
    seed: int | None = None,
    threads: int | None = None,
    progress: Progress | None = None,
    scooping_hands: bool = False,
) -> EquityResult:
    """Every live player's share of the pot, win/tie/scoop rates and hand classes.

    ``method``: ``auto`` enumerates every deal when that is cheap (and there
    are no more deals than the ``trials`` asked for), otherwise samples;
    ``exact`` always enumerates; ``monte-carlo`` always samples.
    Sampling stops at ``trials``, when every equity's standard error is at
    most ``precision`` (a fraction of the pot, e.g. 0.0005), or after
    ``max_time`` seconds, whichever comes first; with none given it stops at
    DEFAULT_PRECISION or DEFAULT_MAX_TIME.  The same ``seed`` gives the same
    numbers on any thread count (a random seed is chosen and reported when
    None).  ``progress(done, total)`` is called as work completes.  With
    ``scooping_hands`` each player's ``scooping_hands`` says which final hands
    took the whole pot (it slows sampling by about a quarter).
    """
    if method not in METHODS:
        raise EquityError(f"'{method}' is not a method: use auto, exact or monte-carlo")
    if trials is not None and trials <= 0:
        raise EquityError(f"the trial count must be positive, not {trials}")
    if trials is not None and trials > MAX_TRIALS:
        raise EquityError(f"{trials:.3g} trials would take days: ask for at most {MAX_TRIALS:.0e}")
    if seed is not None and seed < 0:
        raise EquityError(f"the seed must be a whole number from 0 up, not {seed}")
    if precision is not None and not precision > 0:
        raise EquityError(f"the precision must be a positive standard error, not {precision}")
    if max_time is not None and not max_time > 0:
        raise EquityError(f"the time limit must be positive, not {max_time} seconds")
    if method == "exact" and (trials is not None or precision is not None):
        raise EquityError("exact enumeration takes no trial count or precision target")
    if threads is not None and not 1 <= threads <= numba.config.NUMBA_NUM_THREADS:
        raise EquityError(
            f"threads must be between 1 and {numba.config.NUMBA_NUM_THREADS}, not {threads}"
        )
    if threads is None:
        return _equity(scenario, method, trials, precision, max_time, seed, progress,
                       scooping_hands)
    previous = numba.get_num_threads()
    numba.set_num_threads(threads)
    try:
        return _equity(scenario, method, trials, precision, max_time, seed, progress,
                       scooping_hands)
    finally:
        numba.set_num_threads(previous)


def _equity(scenario: Scenario, method: str, trials: int | None, precision: float | None,
            max_time: float | None, seed: int | None, progress: Progress | None,
            scooping_hands: bool) -> EquityResult:
    started = time.perf_counter()
    kernel = _KernelInput(scenario, scooping_hands)
    outcomes = scenario.outcomes()
    evaluations = outcomes * kernel.players
    if method == "exact" and evaluations > EXACT_LIMIT:
        raise EquityError(
            f"exact enumeration of {outcomes:.3g} deals would take too long: "
            "use Monte Carlo (drop --exact) or a later street"
        )
    sampling_asked = trials is not None or precision is not None
    if method == "exact" or (
        # enumerating is better than sampling whenever it is cheap and no bigger
        method == "auto" and evaluations <= EXACT_BUDGET
        and (trials is None or outcomes <= trials)
    ):
        tallies = _exact(kernel, progress)
        return _summarise(scenario, tallies, "exact", None,
                          time.perf_counter() - started, "complete")

    if seed is None:
        seed = int(np.random.SeedSequence().entropy % (1 << 63))
    if not sampling_asked and max_time is None:
        precision, max_time = DEFAULT_PRECISION, DEFAULT_MAX_TIME
    tallies, stopped_by = _monte_carlo(kernel, seed, trials, precision, max_time, progress,
                                       started)
    return _summarise(scenario, tallies, "monte-carlo", seed, time.perf_counter() - started,
                      stopped_by)
