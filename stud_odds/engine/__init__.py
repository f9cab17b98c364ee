"""equity(): pick a method, run the kernels, summarise.

The methods: heads-up pairs of completions counted (``headsup``), every deal
enumerated (``exact``), or Monte Carlo (``sample``).  Each runs the kernels in
short calls, so a stop (Ctrl-C, ``cancel``, the time limit: ``job``) is seen
between them, with the same bundles of arrays (kernels/bundles.py).  A small
spot is counted with numpy instead (``small``).  numba and the kernels are
imported only when a spot needs them, and a kernel is compiled (or loaded from
the cache) before the clock of ``max_time`` starts.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import replace

import numpy as np

from stud_odds.kernels.bundles import Spot
from stud_odds.results import EquityResult, ExactProgress
from stud_odds.scenario import Scenario

from . import exact, ranged, running, small
from .job import Cancelled, CancelToken, Job
from .options import (
    MAX_THREADS,
    MAX_TRIALS,
    METHODS,
    EquityError,
    ExactRefused,
    Progress,
    Request,
    default_threads,
    parse_trials,
)
from .sample import monte_carlo
from .tallies import Tallies, summarise
from .warm import is_warm, warm_up

__all__ = [
    "DEFAULT_PRECISION", "EXACT_BUDGET", "MAX_THREADS", "MAX_TRIALS", "METHODS", "Cancelled",
    "EquityError", "ExactProgress", "ExactRefused", "Progress", "default_threads", "equity",
    "is_warm", "parse_trials", "warm_up",
]

# auto mode enumerates when outcomes x players is at most this many hand evaluations, or
# when the cost model (exact.enumeration_seconds, ranged.counting) says every deal takes
# at most AUTO_EXACT_SECONDS on AUTO_THREADS threads: a fixed count, so that auto picks
# the same method, and so gives the same numbers, on any thread count
EXACT_BUDGET = 100_000_000
AUTO_EXACT_SECONDS = 10
AUTO_THREADS = 2
# With no stopping option, sample until every equity's standard error is this small.  A
# pot share lies in [0, 1], so its variance is at most 1/4 and the target is always met
# by 1,000,000 trials: the default stop never depends on the clock.
DEFAULT_PRECISION = 0.0005


def _duration(seconds: float) -> str:
    """``about 40 seconds``, ``about 3 minutes``, ``about 12 days``, ``more than a century``."""
    if seconds >= 100 * 365 * 86400:
        return "more than a century"
    for unit, size in (("day", 86400), ("hour", 3600), ("minute", 60)):
        if seconds >= 2 * size:
            return f"about {seconds / size:,.0f} {unit}s"
    return f"about {seconds:,.0f} seconds"


def equity(
    scenario: Scenario,
    *,
    method: str = "auto",
    trials: int | str | None = None,
    precision: float | None = None,
    max_time: float | None = None,
    seed: int | None = None,
    threads: int | None = None,
    progress: Progress | None = None,
    scooping_hands: bool = False,
    on_round: Callable[[EquityResult | ExactProgress], None] | None = None,
    cancel: CancelToken | None = None,
) -> EquityResult:
    """Every live player's share of the pot, win/tie/scoop rates and hand classes.

    ``method``: ``auto`` enumerates every deal when that is cheap (and there
    are no more deals than the ``trials`` asked for), otherwise samples;
    ``exact`` always enumerates; ``monte-carlo`` always samples.
    Sampling stops at ``trials`` (an int, or text such as ``"250k"``), when
    every equity's standard error is at most ``precision`` (a fraction of the
    pot, e.g. 0.0005), or after ``max_time`` seconds of sampling, whichever
    comes first; with none given it stops at DEFAULT_PRECISION, which never
    depends on the machine (only ``max_time`` does).  The same ``seed`` gives
    the same numbers on any thread count (a random seed is chosen and reported
    when None).  ``threads`` defaults to every core this process may use.
    ``progress(done, total)`` is called as work completes.  With
    ``scooping_hands`` each player's ``scooping_hands`` says which final hands
    took the whole pot (it slows sampling by about a quarter).

    Live use (docs/architecture.md): ``on_round(update)`` is called as the work
    goes.  Sampling passes an EquityResult of the final shape (``stopped_by ==
    "running"``) after the first eighth of its first round (a first look), then
    after every round but the last; an exact count passes
    ExactProgress(method, done, total) (deals), never half-counted equities.
    The result itself is returned, not passed.  on_round runs on the calling
    thread between kernel calls, holding the kernels' turn: keep it quick (it
    cannot call equity() itself: EquityError).  ``cancel`` is anything with
    ``is_set()`` (a threading.Event), set from any thread: sampling then returns
    the whole rounds done with ``stopped_by == "cancelled"``, an exact count
    raises Cancelled.  Ctrl-C (on the main thread) stops the same way, with
    ``stopped_by == "interrupted"`` or KeyboardInterrupt.  ``max_time`` stops
    sampling at the first round that ends past it (``stopped_by == "time"``).

    Any number of threads may call equity() at once: the kernels run for one
    call at a time, the calls taking turns between short kernel calls, so a
    call may queue (and can be cancelled while it does).  The same seed gives
    the same numbers whatever else runs.  Bad arguments raise EquityError (a
    StudOddsError).
    """
    if not isinstance(scenario, Scenario):
        raise EquityError(f"equity() takes a Scenario (Scenario.build(...)), not {scenario!r}")
    request = Request(method, trials, precision, max_time, seed, threads, progress,
                      scooping_hands, on_round, cancel).checked()
    job = Job(request.cancel, request.max_time)
    with running.ctrl_c_as_flag(job.interrupted):
        result = _equity(scenario, request, job)
    if job.interrupted.is_set() and result.stopped_by != "interrupted":
        raise KeyboardInterrupt  # Ctrl-C came after the last check: hand it on, never lose it
    return result


def _equity(scenario: Scenario, request: Request, job: Job) -> EquityResult:
    started = time.perf_counter()
    game = scenario.game.kernel_id
    spot = running.spot_of(scenario, request.scooping_hands)
    if scenario.plan.ranges:
        return _ranged_equity(scenario, spot, request, job, started)
    method, threads = request.method, request.threads
    outcomes = scenario.plan.outcomes()
    evaluations = outcomes * len(scenario.hands)
    # enumerating is better than sampling whenever it is cheap and no bigger
    enumerate_if_cheap = method == "auto" and (request.trials is None
                                               or outcomes <= request.trials)
    if (method == "exact" or enumerate_if_cheap) and small.is_small(outcomes):
        return _small_equity(scenario, spot, request, job, started)
    if (method == "exact" or enumerate_if_cheap) and evaluations > exact.HEADS_UP_FROM:
        if exact.heads_up_feasible(game, spot) or (
                method == "exact"
                and exact.heads_up_feasible(game, spot, exact.HEADS_UP_EXACT_COMPLETIONS)):
            seconds = exact.heads_up_seconds(game, spot, threads)
            if method == "exact" and seconds > exact.EXACT_SECONDS:
                _refuse_exact(f"counting {outcomes:.3g} heads-up deals", seconds, threads)
            # two players: every deal counted without walking them, so always exact
            tallies, compiling = exact.heads_up(game, spot, threads,
                                                _counting(request, "headsup", outcomes), job)
            return summarise(scenario, tallies, "exact", None,
                             time.perf_counter() - started - compiling, "complete")
    seconds = exact.enumeration_seconds(spot, threads)
    if method == "exact" and seconds > exact.EXACT_SECONDS:
        _refuse_exact(f"exact enumeration of {outcomes:.3g} deals", seconds, threads)
    quick = (evaluations <= EXACT_BUDGET
             or exact.enumeration_seconds(spot, AUTO_THREADS) <= AUTO_EXACT_SECONDS)
    if method == "exact" or (enumerate_if_cheap and quick):
        tallies, compiling = exact.enumerate_deals(
            game, spot, threads, _counting(request, "enumerate", outcomes), job)
        return summarise(scenario, tallies, "exact", None,
                         time.perf_counter() - started - compiling, "complete")
    return _sample(scenario, spot, request, job, started)


def _small_equity(scenario: Scenario, spot: Spot, request: Request, job: Job,
                  started: float) -> EquityResult:
    """Every deal of a small spot counted with numpy (small.py): no numba, no turn at the
    kernels, a moment's work, so the stop is checked once."""
    outcomes = scenario.plan.outcomes()
    progress = _counting(request, "enumerate", outcomes)
    job.check_alone()
    tallies = small.small_tallies(scenario.game.kernel_id, spot, running.lookups())
    if progress:
        progress(tallies.outcomes, outcomes)
    return summarise(scenario, tallies, "exact", None, time.perf_counter() - started,
                     "complete")


def _counting(request: Request, method: str, total: int) -> Progress | None:
    """The progress(done, total) an exact count reports to: the caller's ``progress`` and
    ``on_round`` (as ExactProgress, told at once that the count has begun)."""
    progress, on_round = request.progress, request.on_round
    if on_round is None:
        return progress
    on_round(ExactProgress(method, 0, total))

    def report(done: int, total: int) -> None:
        if progress:
            progress(done, total)
        on_round(ExactProgress(method, done, total))
    return report


def _refuse_exact(what: str, seconds: float, threads: int) -> None:
    raise ExactRefused(f"{what} would take {_duration(seconds)} on {threads} "
                       f"thread{'s' if threads > 1 else ''}")


def _ranged_equity(scenario: Scenario, spot: Spot, request: Request, job: Job,
                   started: float) -> EquityResult:
    """A spot with ranges: every choice of the ranged players' hole pairs counted
    exactly when that is quick (or asked for), else sampled."""
    game, plan, method = scenario.game.kernel_id, scenario.plan, request.method
    listed = ranged.choices(plan) if method != "monte-carlo" else None
    if listed is not None:
        how = ranged.counting(game, spot, plan, listed, request.threads)
        deals = plan.outcomes() * len(listed)
        if method == "exact" and how.seconds > exact.EXACT_SECONDS:
            _refuse_exact(f"counting {deals:.3g} deals over {len(listed):,} choices of "
                          "hole cards", how.seconds, request.threads)
        quick = (ranged.counting(game, spot, plan, listed, AUTO_THREADS).seconds
                 <= AUTO_EXACT_SECONDS and (request.trials is None or deals <= request.trials))
        if method == "exact" or quick:
            tallies, compiling = ranged.exact_tallies(
                game, spot, plan, listed, how, request.threads,
                _counting(request, "ranged", deals), job)
            return summarise(scenario, tallies, "exact", None,
                             time.perf_counter() - started - compiling, "complete")
    elif method == "exact":
        raise ExactRefused(f"the ranges allow more than {ranged.MAX_CHOICES:,} choices of "
                           "hole cards, too many to count exactly")
    ranged.check_fit(plan, listed)
    return _sample(scenario, spot, request, job, started)


def _sample(scenario: Scenario, spot: Spot, request: Request, job: Job,
            started: float) -> EquityResult:
    if request.seed is None:
        request = replace(request, seed=int(np.random.SeedSequence().entropy % (1 << 63)))
    if request.trials is None and request.precision is None and request.max_time is None:
        request = replace(request, precision=DEFAULT_PRECISION)
    on_round = request.on_round

    def partial(tallies: Tallies) -> None:
        on_round(summarise(scenario, tallies, "monte-carlo", request.seed, job.elapsed(),
                           "running"))

    tallies, stopped_by, compiling = monte_carlo(scenario.game.kernel_id, spot,
                                                 running.ranges_of(scenario), request, job,
                                                 partial if on_round else None)
    return summarise(scenario, tallies, "monte-carlo", request.seed,
                     time.perf_counter() - started - compiling, stopped_by)
