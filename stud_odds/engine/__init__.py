"""equity(): ask planning.choose() for a method, run it, summarise.

The methods: heads-up pairs of completions counted (``headsup``), every deal
enumerated (``exact``), every choice of ranged hole cards counted (``ranged``,
``weighted``), or Monte Carlo (``sample``).  Each runs the kernels in
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

from stud_odds.checks import MAX_THREADS, MAX_TRIALS, parse_trials
from stud_odds.kernels.bundles import Spot
from stud_odds.request.stop import METHODS, Stop
from stud_odds.results import EquityResult, ExactProgress, Method, StoppedBy
from stud_odds.scenario import Scenario

from . import exact, ranged, running, small
from .job import Cancelled, CancelToken, Job
from .options import (
    EquityError,
    EquityTask,
    ExactRefused,
    Progress,
    default_threads,
    python_hooks,
    python_stop,
    python_threads,
)
from .planning import EXACT_BUDGET, Algorithm, Choice, choose
from .sample import monte_carlo
from .tallies import Tallies, summarise
from .warm import is_warm, warm_up

__all__ = [
    "DEFAULT_PRECISION", "EXACT_BUDGET", "MAX_THREADS", "MAX_TRIALS", "METHODS", "Cancelled",
    "EquityError", "ExactProgress", "ExactRefused", "Progress", "Stop", "default_threads",
    "equity", "is_warm", "parse_trials", "plan_equity", "planned", "run_equity", "warm_up",
]

# With no stopping option, sample until every equity's standard error is this small.  A
# pot share lies in [0, 1], so its variance is at most 1/4 and the target is always met
# by 1,000,000 trials: the default stop never depends on the clock.
DEFAULT_PRECISION = 0.05  # percentage points


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
    every equity's standard error is at most ``precision`` (in percentage
    points, e.g. 0.05), or after ``max_time`` seconds of sampling, whichever
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
    stop = python_stop(method, trials, precision, max_time, seed)
    python_hooks(progress, on_round, cancel)
    return run_equity(scenario, stop, threads=python_threads(threads), progress=progress,
                      scooping_hands=bool(scooping_hands), on_round=on_round, cancel=cancel)


def run_equity(scenario: Scenario, stop: Stop, *, threads: int | None = None,
               progress: Progress | None = None, scooping_hands: bool = False,
               on_round: Callable[[EquityResult | ExactProgress], None] | None = None,
               cancel: CancelToken | None = None) -> EquityResult:
    """equity() of a Stop read at its door (a SpotRequest's), taken as it is: nothing in it
    is checked, renamed or converted again.  ``threads``: None for every core."""
    task = EquityTask(_stop_only(stop), threads or default_threads(), progress,
                      scooping_hands, on_round, cancel)
    job = Job(task.cancel, stop.max_time)
    with running.ctrl_c_as_flag(job.interrupted):
        result = _equity(scenario, task, job)
    if job.interrupted.is_set() and result.stopped_by != StoppedBy.INTERRUPTED:
        raise KeyboardInterrupt  # Ctrl-C came after the last check: hand it on, never lose it
    return result


def _stop_only(stop: object) -> Stop:
    """The engine takes a Stop, made by a door's reader, and nothing that looks like one
    (a number of points or a fraction, a dict): a unit cannot slip in unread."""
    if not isinstance(stop, Stop):
        raise EquityError(f"the engine takes a Stop read at a door (Stop.read, Stop.checked), "
                          f"not {stop!r}")
    return stop


def planned(scenario: Scenario, *, method: str = "auto", trials: int | str | None = None,
            precision: float | None = None, max_time: float | None = None,
            threads: int | None = None) -> Choice:
    """How equity() would answer the spot with these options, and about how long an exact
    count takes (``Choice.estimated_seconds``), without running it: a server shows a
    quick sampled estimate first when the count is long.  Raises as equity() would."""
    return plan_equity(scenario, python_stop(method, trials, precision, max_time, None),
                       threads=python_threads(threads))


def plan_equity(scenario: Scenario, stop: Stop, *, threads: int | None = None) -> Choice:
    """planned() of a Stop read at its door, taken as it is."""
    return choose(scenario.plan, _stop_only(stop), threads or default_threads(), scenario.game)


def _equity(scenario: Scenario, task: EquityTask, job: Job) -> EquityResult:
    started = time.perf_counter()
    choice = choose(scenario.plan, task.stop, task.threads, scenario.game)
    spot = running.spot_of(scenario, task.scooping_hands)
    if choice.method is Algorithm.MONTE_CARLO:  # on the Choice's threads, as every method
        return _sample(scenario, spot, replace(task, threads=choice.threads), job, started)
    if choice.method is Algorithm.SMALL:  # numpy: no numba, no turn at the kernels
        progress = _counting(task, Algorithm.ENUMERATE, choice.deals)
        job.check_alone()
        tallies = small.small_tallies(scenario.game.kernel_id, spot, running.lookups())
        if progress:
            progress(tallies.outcomes, choice.deals)
        compiling = 0.0
    else:
        tallies, compiling = _count(scenario, spot, choice,
                                    _counting(task, choice.method, choice.deals), job)
    return summarise(scenario, tallies, Method.EXACT, None,
                     time.perf_counter() - started - compiling, StoppedBy.COMPLETE)


def _count(scenario: Scenario, spot: Spot, choice: Choice, progress: Progress | None,
           job: Job) -> tuple[Tallies, float]:
    """The exact tallies by the chosen kernels, and the seconds spent compiling them."""
    game, threads = scenario.game, choice.threads
    if choice.method is Algorithm.HEADS_UP:
        return exact.heads_up(game, spot, threads, progress, job,
                              kernel_seconds=choice.estimated_seconds or 0.0)
    if choice.method is Algorithm.ENUMERATE:
        return exact.enumerate_deals(game, spot, threads, progress, job)
    if choice.ranged_by is Algorithm.WEIGHTED:
        return ranged.weighted_sweep_tallies(game, spot, scenario.plan, choice.deals, threads,
                                             progress, job)
    count = exact.heads_up if choice.ranged_by is Algorithm.HEADS_UP else exact.enumerate_deals
    return ranged.each_choice_tallies(game, spot, scenario.plan, choice.choices, count,
                                      threads, progress, job)


def _counting(task: EquityTask, method: Algorithm, total: int) -> Progress | None:
    """The progress(done, total) an exact count reports to: the caller's ``progress`` and
    ``on_round`` (as ExactProgress, told at once that the count has begun)."""
    progress, on_round = task.progress, task.on_round
    if on_round is None:
        return progress
    on_round(ExactProgress(method, 0, total))

    def report(done: int, total: int) -> None:
        if progress:
            progress(done, total)
        on_round(ExactProgress(method, done, total))
    return report


def _sample(scenario: Scenario, spot: Spot, task: EquityTask, job: Job,
            started: float) -> EquityResult:
    stop = task.stop
    if stop.seed is None:
        stop = replace(stop, seed=int(np.random.SeedSequence().entropy % (1 << 63)))
    if not stop.sampling_stop_given:
        stop = replace(stop, precision=DEFAULT_PRECISION)
    task = replace(task, stop=stop)
    on_round = task.on_round

    def partial(tallies: Tallies) -> None:
        on_round(summarise(scenario, tallies, Method.MONTE_CARLO, stop.seed, job.elapsed(),
                           StoppedBy.RUNNING))

    tallies, stopped_by, compiling = monte_carlo(scenario.game, spot, running.ranges_of(scenario),
                                                 task, job, partial if on_round else None)
    return summarise(scenario, tallies, Method.MONTE_CARLO, stop.seed,
                     time.perf_counter() - started - compiling, stopped_by)
