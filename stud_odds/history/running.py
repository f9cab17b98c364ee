"""A run over hand-history files: every stud hand replayed, in file order, here or on a cluster.

:func:`hand_outcome` is the task, one hand, the same here and on a cluster
(which takes them in blocks of :data:`HANDS_PER_TASK`); :func:`each_record`
puts the outcomes back in file order, counts them into a Summary and hands
each hand's JSON Lines object on.
"""

from __future__ import annotations

from collections.abc import Callable, Container, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from stud_odds.errors import StudOddsError
from stud_odds.history.model import HandHistory, SkippedHand
from stud_odds.history.replaying import replay, skipped_record
from stud_odds.history.summary import AllInLuck, Summary
from stud_odds.study.common import Runner, each_outcome, run_here

HANDS_PER_TASK = 25  # a cluster task: about a tenth of a second of work at the default precision


@dataclass(frozen=True)
class HandOutcome:
    """What replaying one hand gave: its JSON Lines object and what the summary counts."""

    record: dict[str, Any]
    skipped: str | None  # why it could not be replayed; None when it was
    luck: AllInLuck | None


def hand_outcome(hand: HandHistory, hero: str | None, precision: float, seed: int,
                 threads: int | None) -> HandOutcome:
    """Replay one hand (the task); a hand that cannot be replayed is an outcome too, skipped
    with its reason, never an exception that stops the others."""
    try:
        result = replay(hand, hero=hero, precision=precision, seed=seed, threads=threads)
    except Exception as error:  # noqa: BLE001 - one hand never stops the others
        reason = str(error) if isinstance(error, StudOddsError) else \
            f"the hand could not be replayed ({type(error).__name__}: {error})"
        skipped = SkippedHand(hand.id, reason, hand.game, True, hand.source, hand.line)
        return HandOutcome(skipped_record(skipped, hero if hero else hand.hero), reason, None)
    return HandOutcome(result.to_dict(), None, result.luck)


def where(item: HandHistory | SkippedHand) -> str:
    """``file:line`` of a hand's header."""
    return f"{Path(item.source).name}:{item.line}"


def each_record(items: Iterable[HandHistory | SkippedHand], summary: Summary,
                handle: Callable[[dict[str, Any] | None], None], *, done: Container[str],
                hero: str | None, precision: float, seed: int, threads: int | None,
                run: Runner = run_here, progress: Callable[[int], None] | None = None) -> None:
    """Replay every stud hand of ``items`` and ``handle`` its JSON Lines object, in order.

    Hands of other games are counted and passed over; a hand whose id is in
    ``done`` (already in the output) is counted and handed on as None.
    ``summary`` counts as the hands come back.  Ctrl-C: the runner hands
    over what had finished, then KeyboardInterrupt goes on.
    """
    def stud(items: Iterable[HandHistory | SkippedHand]) -> Iterator[HandHistory | SkippedHand]:
        for item in items:
            if isinstance(item, SkippedHand) and not item.stud:
                summary.other_games += 1
            else:
                yield item

    def to_run(item: HandHistory | SkippedHand) -> tuple | None:
        if isinstance(item, SkippedHand) or (item.id is not None and item.id in done):
            return None
        return (item, hero, precision, seed)

    def count(item: HandHistory | SkippedHand, outcome: HandOutcome | Exception | None) -> None:
        if outcome is None and item.id is not None and item.id in done:
            summary.resumed += 1
            handle(None)
            return
        if isinstance(outcome, Exception):  # a cluster task lost with its workers
            outcome = HandOutcome(skipped_record(
                SkippedHand(item.id, str(outcome), item.game, True, item.source, item.line),
                hero if hero else item.hero), str(outcome), None)
        if isinstance(item, SkippedHand):
            summary.skipped.append((item.id, where(item), item.reason))
            handle(skipped_record(item, hero))
            return
        if outcome.skipped is not None:
            summary.skipped.append((item.id, where(item), outcome.skipped))
        else:
            summary.games[item.game] += 1
            summary.showdowns += item.showdown
            if outcome.luck is not None:
                summary.luck.append(outcome.luck)
        handle(outcome.record)

    each_outcome(run(hand_outcome, stud(items), to_run, threads=threads, block=HANDS_PER_TASK,
                     progress=progress), count)


__all__ = ["HANDS_PER_TASK", "HandOutcome", "each_record", "hand_outcome", "where"]
