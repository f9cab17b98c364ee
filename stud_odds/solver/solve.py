"""``river()``: a seventh-street spot solved, heads-up, at equilibrium (docs/river.md)."""

from __future__ import annotations

import os
import time
from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from stud_odds.checks import check_threads
from stud_odds.engine.options import Progress
from stud_odds.errors import StudOddsError, blame, shown
from stud_odds.games import Game, parse_game
from stud_odds.solver.cfr import CHECK_EVERY, Solver, new_player
from stud_odds.solver.combos import HoleCombos, RiverError, meeting, side_of
from stud_odds.solver.fields import DEFAULT_ACCURACY, read_accuracy, read_cap, read_pot
from stud_odds.solver.result import RiverResult, SeatAnswer, hand_classes
from stud_odds.solver.showdown import Matchup, compared_values
from stud_odds.solver.tree import betting_tree

if TYPE_CHECKING:
    from stud_odds.engine.job import Job

MAX_ITERATIONS = 100_000  # a safety net: the solve stops at its target long before
# showdown sums a second the numpy twin gathers, for the choice of kernel or twin
TWIN_GATHERS_PER_SECOND = 3e7
EXPECTED_ROUNDS = 300


def _spot(hands: Sequence[str], game: Game, dead: object, folds: object):
    from stud_odds.scenario import SEVENTH, Scenario, street_name

    with blame("hands"):
        if isinstance(hands, str) or not isinstance(hands, Sequence):
            raise RiverError(f"give the two players' hands as a list, not {shown(hands)}")
        if len(hands) != 2:
            raise RiverError(f"the river solver takes two live players, not {len(hands)}: it "
                             "solves heads-up spots")
        # a range that no card removal leaves is the hands' fault too
        scenario = Scenario.build(list(hands), game, dead=dead, folds=folds)
        if scenario.street != SEVENTH:
            raise RiverError(f"the river solver needs seventh-street hands (three hole cards "
                             f"and four upcards, like xxx/QhJhTh9c), not "
                             f"{street_name(scenario.street)} hands")
    return scenario


def _sides(scenario) -> tuple[HoleCombos, HoleCombos]:
    plan = scenario.plan
    ranges = plan.ranges or (None, None)
    sides = [side_of(hand, ranges[seat], plan.unseen)
             for seat, hand in enumerate(scenario.hands)]
    for seat in (0, 1):
        if not len(sides[seat]):
            with blame("hands", seat + 1):
                raise RiverError(f"player {seat + 1} has no hole cards left once the cards "
                                 "seen are removed")
    keep = [meeting(sides[0], sides[1]), meeting(sides[1], sides[0])]
    for seat in (0, 1):
        if not keep[seat].any():
            with blame("hands", seat + 1):
                raise RiverError(f"player {seat + 1}'s range has no combo left that can meet "
                                 f"player {2 - seat}'s hole cards")
    return sides[0].subset(keep[0]), sides[1].subset(keep[1])


def _values(game: Game, side: HoleCombos) -> tuple[np.ndarray, np.ndarray]:
    """(high, low) values of each combo's seven cards, as the kernels value them."""
    from stud_odds.engine.running import lookups
    from stud_odds.engine.small import hand_value_arrays

    tables = lookups()
    cards = np.concatenate([side.cards, np.tile(np.array(side.upcards, np.int64),
                                                (len(side), 1))], axis=1)
    keys = tables.card_key[cards].sum(axis=1)
    bits = np.bitwise_or.reduce(tables.card_bit[cards], axis=1)
    high, low = hand_value_arrays(game.kernel_id, keys[None], bits[None], tables)
    return high[0], low[0]


def _first_to_act(scenario, game: Game) -> int:
    """The seat (0-based) that acts first on seventh street, by the rules' owner."""
    from stud_odds.rules import first_to_act

    return first_to_act([hand.up for hand in scenario.hands], game, street=7).seat - 1


def river(
    hands: Sequence[str],
    game: str | Game = "stud",
    *,
    pot: float | str,
    cap: int | str | None = None,
    dead: str | Sequence[str | int] | None = (),
    folds: Sequence[str | Sequence[str | int]] | None = (),
    accuracy: float | str = DEFAULT_ACCURACY,
    threads: int | None = 2,
    progress: Progress | None = None,
    cancel: object | None = None,
    use_kernel: bool | None = None,
) -> RiverResult:
    """Solve the river heads-up: two seventh-street ``hands`` (``xxx/QhJhTh9c``,
    ``[QQ+, AK]x/QhJhTh9c``, ``AsKs2d/QhJhTh9c``), a ``pot`` of P big bets, at most ``cap``
    bets (default: a bet and the table's raises), until the exploitability is at most
    ``accuracy`` times P.

    ``progress(rounds, None)`` is called after each measure of the exploitability;
    ``cancel`` (anything with ``is_set()``) stops the solve with ``Cancelled`` (Ctrl-C:
    KeyboardInterrupt), never a partial answer.  ``use_kernel``: None lets the engine
    choose between the numba kernel and its numpy twin (the same numbers).
    """
    from stud_odds.engine.job import Job
    from stud_odds.engine.running import ctrl_c_as_flag

    parsed_game, threads = _read_game(game), check_threads(threads) or os.cpu_count() or 1
    pot_value = read_pot(pot)
    bets = read_cap(cap, parsed_game)
    target = read_accuracy(accuracy)
    scenario = _spot(hands, parsed_game, dead, folds)
    sides = _sides(scenario)
    first = _first_to_act(scenario, parsed_game)
    order = (first, 1 - first)  # seats by acting order
    raw = [_values(parsed_game, side) for side in sides]
    values = [compared_values(parsed_game.kernel_id, *pair) for pair in raw]
    tree = betting_tree(bets)
    matchups = [Matchup.of(parsed_game.kernel_id, sides[me].cards, values[me],
                           sides[1 - me].cards, values[1 - me]) for me in (0, 1)]
    players = tuple(new_player(sides[seat].weight, matchups[seat], tree, actor)
                    for actor, seat in enumerate(order))
    kernel = _choose_summing(matchups, len(tree.terminals), parsed_game, use_kernel)
    job = Job(cancel)
    started = time.perf_counter()
    with ctrl_c_as_flag(job.interrupted), job.kernels():
        summing = _summing(kernel, threads)
        solver = Solver(tree, pot_value, players, summing)  # type: ignore[arg-type]
        value_first, value_second, exploitability = _iterate(solver, job, target * pot_value,
                                                             progress)
        answers = _answers(solver, order, sides, parsed_game, raw)
    seconds = time.perf_counter() - started
    value = [0.0, 0.0]
    value[order[0]], value[order[1]] = value_first, value_second
    method = (f"discounted CFR, {solver.iterations:,} rounds in {seconds:.2f} s "
              f"({'numba kernel' if kernel else 'numpy twin'}); exploitability "
              f"{exploitability:.4g} big bets, {exploitability / pot_value:.3%} of the pot")
    return RiverResult(parsed_game, pot_value, bets, first + 1, (value[0], value[1]),
                       exploitability, solver.iterations, method, seconds, tree, answers)


def _read_game(game: str | Game) -> Game:
    try:
        return parse_game(game)
    except StudOddsError as error:
        error.field = "game"
        raise


def _iterate(solver: Solver, job: Job, most: float,
             progress: Progress | None) -> tuple[float, float, float]:
    """Rounds of the solver until its measured exploitability is at most ``most`` big bets
    (or MAX_ITERATIONS rounds): the values of the first and second to act, and the
    exploitability."""
    while True:
        for _ in range(CHECK_EVERY):
            job.share()
            solver.iterate()
        value_first, value_second, exploitability = solver.measure()
        if progress:  # rounds so far; how many are needed is not known before
            progress(solver.iterations, None)
        if exploitability <= most or solver.iterations >= MAX_ITERATIONS:
            return value_first, value_second, exploitability


def _choose_summing(matchups: list[Matchup], columns: int, game: Game,
                    use_kernel: bool | None) -> bool:
    if use_kernel is not None:
        return use_kernel
    from stud_odds.engine import kernel_choice

    gathers = sum(m.queries.size // 3 * columns + len(m.entries.owner) * columns
                  for m in matchups)
    twin_seconds = 2 * EXPECTED_ROUNDS * gathers / TWIN_GATHERS_PER_SECOND
    kernel = kernel_choice.kernel_answers("river", game, twin_seconds)
    kernel_choice.start_background_compile("river", game, kernel, twin_seconds)
    return kernel


def _summing(kernel: bool, threads: int):
    """The showdown sums by the kernel (its pieces on ``threads`` threads) or the twin."""
    if not kernel:
        from stud_odds.solver.showdown import sums_twin

        def by_twin(matchup: Matchup, weights: np.ndarray, scored: int) -> np.ndarray:
            out = np.zeros((len(matchup.queries), matchup.queries.shape[1], weights.shape[1]))
            sums_twin(matchup.entries.owner, weights, matchup.queries, scored, out)
            return out
        return by_twin
    from stud_odds.engine.running import run_on_threads
    from stud_odds.solver.kernel import river_kernels

    running_sums, query_sums = river_kernels()

    def by_kernel(matchup: Matchup, weights: np.ndarray, scored: int) -> np.ndarray:
        owner, queries = matchup.entries.owner, matchup.queries
        weights = np.ascontiguousarray(weights)
        columns = weights.shape[1]
        running = np.empty((len(owner) + 1, columns))
        pieces = max(1, min(threads, columns, len(owner) // 20_000))
        run_on_threads([
            (lambda first=columns * k // pieces, last=columns * (k + 1) // pieces:
             running_sums(owner, weights, running, first, last)) for k in range(pieces)], pieces)
        n = len(queries)
        out = np.zeros((n, queries.shape[1], columns))
        pieces = max(1, min(threads, n // 2000))
        run_on_threads([
            (lambda start=n * k // pieces, end=n * (k + 1) // pieces:
             query_sums(running, queries, scored, start, end, out)) for k in range(pieces)],
            pieces)
        return out
    return by_kernel


def _decision_values(solver: Solver, actor: int, average: tuple[dict, dict]
                     ) -> dict[str, np.ndarray]:
    """Each combo's counterfactual value at each of ``actor``'s decisions."""
    values: dict[str, np.ndarray] = {}
    solver.values(actor, average[actor], average[1 - actor],
                  visit=lambda node, stacked, value: values.__setitem__(node.history, value))
    return values


def _answers(solver: Solver, order: tuple[int, int], sides: tuple[HoleCombos, HoleCombos],
             game: Game, raw: list[tuple[np.ndarray, np.ndarray]]) -> tuple[SeatAnswer, SeatAnswer]:
    """Per seat: its average strategy, and at each of its decisions each combo's reach
    weight and counterfactual value (for the summary by hand class)."""
    average = (solver.average(0), solver.average(1))
    answers: list[SeatAnswer | None] = [None, None]
    for actor, seat in enumerate(order):
        other_at, _ = solver.reaches(1 - actor, average[1 - actor])
        own_at, _ = solver.reaches(actor, average[actor])
        mine = [d for d in solver.tree.decisions if d.actor == actor]
        weights = np.stack([other_at[d.history] for d in mine], axis=1)
        totals = solver.summing(solver.players[actor].matchup, weights, 0)[:, 0]
        node_values = _decision_values(solver, actor, average)
        reach = {d.history: own_at[d.history] * totals[:, k] for k, d in enumerate(mine)}
        high, low = raw[seat]
        compared = compared_values(game.kernel_id, high, low)
        answers[seat] = SeatAnswer(sides[seat], average[actor], reach, node_values,
                                   {d.history: own_at[d.history] for d in mine},
                                   hand_classes(game, high, low),
                                   compared[1] if game is Game.RAZZ else compared[0])
    return answers[0], answers[1]  # type: ignore[return-value]


__all__ = ["river"]
