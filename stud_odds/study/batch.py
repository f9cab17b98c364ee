"""Running a batch: every spot of a file, each record handed on as soon as it is done.

:func:`run_spot` is the task, the same here and on a cluster; :func:`run_batch`
puts the results in input order and hands them to a writer.
"""

from __future__ import annotations

from collections.abc import Callable, Container, Iterable
from typing import Any

from stud_odds.engine import ExactRefused, run_equity
from stud_odds.errors import StudOddsError
from stud_odds.request.spot import SpotRequest, refused_for_fields
from stud_odds.results import EquityResult
from stud_odds.study.common import (
    Runner,
    StudyInterrupted,
    ctrl_c_held,
    each_outcome,
    finished,
    run_here,
)
from stud_odds.study.spots import spot_key


def batch_record(number: int, spot: SpotRequest, result: EquityResult) -> dict[str, Any]:
    """One output record: where the spot came from, the spot, and its result.

    No timings: a record depends only on the spot and its seed, so a batch
    resumed any number of times, or run on a cluster, ends byte for byte as
    one uninterrupted run.
    """
    numbers = {k: v for k, v in result.to_dict().items() if k != "elapsed_s"}
    return {"line": number, "id": spot.id, "spot": spot.scenario.to_dict(), **numbers}


def run_spot(spot: SpotRequest, threads: int | None) -> EquityResult | StudOddsError:
    """One spot's result, or the one-sentence mistake that stopped it (a value, not raised:
    a bad spot is reported, never retried)."""
    try:
        return finished(run_equity(spot.scenario, spot.stop,
                                   threads=spot.threads if threads is None else threads))
    except ExactRefused as refused:  # the line asked with its own field
        return refused_for_fields(refused)
    except StudOddsError as exc:
        return exc


def run_batch(spots: Iterable[tuple[int, SpotRequest | Exception]], write: Callable[[dict], None],
              report_error: Callable[[int, Exception], None], threads: int | None = None, *,
              skip: Container[tuple[str, str | int]] = frozenset(),
              total: int | None = None, run: Runner = run_here,
              progress: Callable[[int], None] | None = None) -> int:
    """Run every spot, handing each record to ``write`` as soon as it is done, in input order.

    A bad spot goes to ``report_error`` and the rest still run.  Spots whose
    :func:`spot_key` is in ``skip`` (already in the output) are passed over.
    ``run`` runs the spots (here by default; see ``stud_odds.cluster``) and
    tells ``progress`` as they finish.  Returns how many spots failed.  Ctrl-C
    raises StudyInterrupted counting the spots handled (written, failed or
    skipped) out of ``total``; a spot that was running is not written.
    """
    counts = {"failed": 0, "handled": 0}

    def to_run(item: tuple[int, SpotRequest | Exception]) -> tuple[SpotRequest] | None:
        number, spot = item
        if isinstance(spot, Exception) or spot_key(number, spot) in skip:
            return None
        return (spot,)

    def handle(item: tuple[int, SpotRequest | Exception], outcome: Any) -> None:
        number, spot = item
        with ctrl_c_held():
            error = spot if isinstance(spot, Exception) else outcome
            if isinstance(error, Exception):
                report_error(number, error)
                counts["failed"] += 1
            elif outcome is not None:
                write(batch_record(number, spot, outcome))
            counts["handled"] += 1

    try:
        each_outcome(run(run_spot, spots, to_run, threads=threads, progress=progress), handle)
    except KeyboardInterrupt:
        raise StudyInterrupted(counts["handled"], total, "spot",
                               failed=counts["failed"]) from None
    return counts["failed"]


__all__ = ["batch_record", "run_batch", "run_spot"]
