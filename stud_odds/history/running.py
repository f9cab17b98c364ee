"""A run over hand-history files: every stud hand replayed, in file order, here or on a cluster,
each hand's record appended whole to the output as it finishes.

:func:`run` is the whole run behind ``stud-odds history``: it checks every
option and file before any work, resumes an output (:mod:`stud_odds.study.writing`,
the same writer as a batch), and returns a :class:`Summary`.
:func:`hand_outcome` is the task, one hand, the same here and on a cluster
(which takes them in blocks of :data:`HANDS_PER_TASK`); :func:`each_record`
puts the outcomes back in file order, counts them and hands each record on.
"""

from __future__ import annotations

import os
from collections import defaultdict
from collections.abc import Callable, Hashable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from itertools import islice
from pathlib import Path
from typing import IO, Any

from stud_odds.errors import StudOddsError
from stud_odds.history.lines import HistoryError, count_stud_hands
from stud_odds.history.model import HandHistory, SkippedHand
from stud_odds.history.pokerstars import HistoryReader
from stud_odds.history.records import HAND_RECORD, skipped_record
from stud_odds.history.replaying import replay_hand
from stud_odds.history.settings import (
    DEFAULT_PRECISION_POINTS,
    DEFAULT_SEED,
    DEFAULT_THREADS,
    trials_for,
)
from stud_odds.history.summary import AllInLuck, Summary
from stud_odds.study.common import Runner, StudyInterrupted, ctrl_c_held, each_outcome, run_here

HANDS_PER_TASK = 25  # a cluster task: about a tenth of a second of work at the default precision
_GAMES_PEEKED = 100  # the first stud hands name the games whose kernels workers warm up

Item = HandHistory | SkippedHand


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
        result = replay_hand(hand, hero=hero, precision=precision, seed=seed, threads=threads)
    except Exception as error:  # noqa: BLE001 - one hand never stops the others
        reason = str(error) if isinstance(error, StudOddsError) else \
            f"the hand could not be replayed ({type(error).__name__}: {error})"
        skipped = SkippedHand(hand.id, reason, hand.game, True, hand.source, hand.line)
        return HandOutcome(skipped_record(skipped, hero if hero else hand.hero), reason, None)
    return HandOutcome(result.to_dict(), None, result.luck)


def where(item: Item) -> str:
    """``file:line`` of a hand's header."""
    return f"{Path(item.source).name}:{item.line}"


def each_record(items: Iterable[Item], summary: Summary,
                handle: Callable[[dict[str, Any] | None], None], *,
                kept: Callable[[Item], bool | None] = lambda item: None,
                hero: str | None, precision: float, seed: int, threads: int | None,
                run: Runner = run_here, progress: Callable[[int], None] | None = None) -> None:
    """Replay every stud hand of ``items`` and ``handle`` its JSON Lines object, in order.

    Hands of other games are counted and passed over.  ``kept(hand)``, asked
    once per stud hand in file order, says whether the output already holds
    it (None: no; else whether it was skipped then): such a hand is counted
    and handed on as None.  ``summary`` counts as the hands come back.
    Ctrl-C: the runner hands over what had finished, then KeyboardInterrupt
    goes on.
    """
    def stud(items: Iterable[Item]) -> Iterator[tuple[Item, bool | None]]:
        for item in items:
            if isinstance(item, SkippedHand) and not item.stud:
                summary.other_games += 1
                summary.other_game_names[item.other_game or "another game"] += 1
            else:
                yield item, kept(item)

    def to_run(pair: tuple[Item, bool | None]) -> tuple | None:
        item, was_kept = pair
        if was_kept is not None or isinstance(item, SkippedHand):
            return None
        return (item, hero, precision, seed)

    def count(pair: tuple[Item, bool | None], outcome: HandOutcome | Exception | None) -> None:
        item, was_kept = pair
        if was_kept is not None:
            summary.resumed += 1
            summary.resumed_skipped += was_kept
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


def hands_of(files: Sequence[Path], summary: Summary | None = None) -> Iterator[Item]:
    """Every hand of the files in order; the lines outside any hand are counted per file."""
    for path in files:
        reader = HistoryReader(path)
        yield from reader
        if summary is not None:
            summary.lines_ignored += reader.lines_ignored


def kept_in(found: Iterable[Hashable]) -> Callable[[Item], bool | None]:
    """``kept`` for :func:`each_record` from the (id, skipped) keys of an output's records.

    A hand is known by its id and which occurrence of that id it is (a file
    given twice, or files pasted together, repeat ids): the n-th hand with an
    id is in the output when the output holds n records with that id.
    """
    records: dict[str | None, list[bool]] = defaultdict(list)
    for hand_id, skipped in found:  # type: ignore[misc]
        records[hand_id].append(skipped)
    seen: dict[str | None, int] = defaultdict(int)

    def kept(item: Item) -> bool | None:
        occurrence = seen[item.id]
        seen[item.id] += 1
        previous = records.get(item.id, ())
        return previous[occurrence] if occurrence < len(previous) else None

    return kept


def check_files(files: Sequence[Path]) -> int:
    """The stud hands in ``files`` (for progress), once each is a file holding hands;
    else one sentence (a StudOddsError)."""
    if not files:
        raise HistoryError("give at least one hand-history file")
    for path in files:
        if not path.is_file():
            raise HistoryError(f"{path} is not a file" if path.exists() else
                               f"no such file: {path}")
    return sum(count_stud_hands(path) for path in files)


def check_options(precision: float, seed: int, threads: int | None, hero: str | None) -> None:
    """Refuse a bad option before any work, by the same checks the engine makes."""
    from stud_odds.engine.options import python_stop, python_threads

    trials_for(precision)
    python_stop(seed=seed)
    python_threads(threads)
    if hero is not None and (not isinstance(hero, str) or not hero.strip()):
        raise HistoryError(f"--hero must name a player, not {hero!r}")


def run(files: Sequence[str | os.PathLike[str]], *, out: str | os.PathLike[str] | None = None,
        resume: bool = False, hero: str | None = None,
        precision: float = DEFAULT_PRECISION_POINTS, seed: int = DEFAULT_SEED,
        threads: int | None = DEFAULT_THREADS, scheduler: str | None = None,
        echo: IO[str] | None = None,
        progress: Callable[[int, int], None] | None = None) -> Summary:
    """Replay every stud hand of ``files`` and return what the run found.

    Each hand's record is appended whole to ``out`` as it finishes (a killed
    run keeps every finished hand) and written to ``echo`` too; with
    ``resume`` the hands ``out`` already holds are kept and not replayed.
    Every option, file and the output are checked first: a mistake is one
    StudOddsError and nothing is written.  ``progress(done, total)`` follows
    the stud hands.  Ctrl-C raises StudyInterrupted counting the hands
    finished (kept or written); the hand that was running is not written.
    """
    from stud_odds.cluster import runner
    from stud_odds.outputs import check_output_path
    from stud_odds.study.writing import RecordOutput

    check_options(precision, seed, threads, hero)
    paths = [Path(file) for file in files]
    target = None if out is None else check_output_path(out, inputs=paths)
    if resume and target is None:
        raise HistoryError("--resume continues the file given with --out: give --out too")
    total = check_files(paths)
    summary = Summary(files=len(paths))
    finished = 0

    def write(record: dict[str, Any] | None) -> None:
        nonlocal finished
        with ctrl_c_held():  # whole hands only, also when more are handed over
            if record is not None:
                if output is not None:
                    output.write(record)
                if echo is not None:
                    echo.write(HAND_RECORD.text(record))
                    echo.flush()
            finished += 1
        if progress is not None:
            progress(finished, total)

    games = _games_of(paths) if scheduler else ()
    output = None
    try:
        with runner(scheduler, games) as run_tasks:  # the cluster first: out untouched if down
            output = RecordOutput(HAND_RECORD, target, resume=resume) if target else None
            summary.cut_line_dropped = output is not None and output.dropped_tail
            kept = kept_in(output.found.keys) if output is not None else (lambda item: None)
            try:
                each_record(hands_of(paths, summary), summary, write, kept=kept, hero=hero,
                            precision=precision, seed=seed, threads=threads, run=run_tasks)
            finally:
                if output is not None:
                    output.close()
    except KeyboardInterrupt:
        raise StudyInterrupted(finished, total, "hand", partial=summary) from None
    return summary


def _games_of(files: Sequence[Path]) -> set[str]:
    """The games of the first stud hands (what the workers warm up for)."""
    hands = (item for item in hands_of(files) if isinstance(item, HandHistory))
    return {hand.game.value for hand in islice(hands, _GAMES_PEEKED)} or {"stud"}


__all__ = ["_GAMES_PEEKED", "HANDS_PER_TASK", "HandOutcome", "check_files", "check_options",
           "each_record", "hand_outcome", "hands_of", "kept_in", "run", "where"]
