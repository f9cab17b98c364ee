"""What the server's jobs do, in a worker thread: run a spot (at once or streamed live), replay
an uploaded hand-history file, and describe a spot's table for the page."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import asdict
from pathlib import Path
from typing import Any

from stud_odds.errors import StudOddsError
from stud_odds.request.spot import SpotRequest, refused_for_fields
from stud_odds.results import EquityResult, StoppedBy
from stud_odds.web.jobs import Superseded
from stud_odds.web.streams import Emit, blamed, event, json_line

PARTIAL_EVERY_S = 0.1  # live results at most this often (the first one at once)
# an exact count expected to take longer than this is preceded by a sampled estimate, to
# ESTIMATE_PRECISION (0.1 points: a few hundred thousand trials, a fraction of a second)
ESTIMATE_AFTER_S = 0.5
ESTIMATE_PRECISION = 0.1  # percentage points
CANCELLED = "the job was cancelled"


def pot_odds(spot: SpotRequest, result: EquityResult) -> Any:
    from stud_odds.pot_odds import PotOdds

    if spot.pot is None:
        return None
    return PotOdds(spot.pot, spot.to_call, result.players[0].equity)


def answer(spot: SpotRequest, result: EquityResult) -> dict[str, Any]:
    """The object ``stud-odds equity --json`` prints for the same spot and options."""
    from stud_odds.report import json_object

    return json_object(result, spot.classes, pot_odds(spot, result))


def displayed(spot: SpotRequest, result: EquityResult) -> dict[str, Any]:
    """The answer plus ``display``: the table's cells and the lines under it, exactly as the
    command prints them, so the page shows the command's text without its own rules."""
    from stud_odds.report import footer_lines, pot_odds_lines, table_cells
    from stud_odds.report.cells import hand_notes

    data = answer(spot, result)
    odds = pot_odds(spot, result)
    data["display"] = {
        "cells": table_cells(result),
        "hand_notes": hand_notes(result),  # a range's "87 combos" under its hand
        "lines": footer_lines(spot.scenario, result),
        "pot_odds": [] if odds is None else pot_odds_lines(odds),
        # as text: a seed is up to 2**63, more than a JavaScript number holds exactly
        "seed": None if result.seed is None else str(result.seed),
    }
    return data


@contextmanager
def superseded_if_cancelled() -> Iterator[None]:
    """The engine's Cancelled as the server's Superseded: the job was cancelled (a newer one
    from its page, the time limit, its client gone), and its stream or route says which."""
    from stud_odds.engine import Cancelled

    try:
        yield
    except Cancelled:
        raise Superseded(CANCELLED) from None


def _run(spot: SpotRequest, cancel: threading.Event, on_round: Any = None) -> EquityResult:
    from stud_odds.engine import ExactRefused, run_equity

    try:
        with superseded_if_cancelled():
            result = run_equity(spot.scenario, spot.stop, threads=spot.threads,
                                on_round=on_round, cancel=cancel)
    except ExactRefused as refused:  # the request asked with its own field
        raise refused_for_fields(refused) from None
    if result.stopped_by == StoppedBy.CANCELLED:
        raise Superseded(CANCELLED)
    return result


def equity_now(spot: SpotRequest, cancel: threading.Event) -> dict[str, Any]:
    """POST /api/equity: the final answer."""
    return answer(spot, _run(spot, cancel))


def outs_now(spot: SpotRequest, player: int, cancel: threading.Event) -> dict[str, Any]:
    """GET /api/outs: ``stud-odds outs --json``'s object for the spot's seat ``player``, and
    its summary line."""
    import stud_odds

    with superseded_if_cancelled():
        result = stud_odds.outs(spot.scenario, player, threads=spot.threads, cancel=cancel,
                                **spot.stop.as_keywords())
    return result.to_dict() | {"summary": result.summary()}


def equity_stream(spot: SpotRequest, cancel: threading.Event, emit: Emit) -> str:
    """GET /api/equity/stream: an ``estimate`` first when an exact count is long, then
    ``partial`` results and exact ``progress`` as they come (at most every
    PARTIAL_EVERY_S), then the last event: ``result`` or ``failure`` (cancelled or past
    the time limit: Superseded, which the stream turns into its failure event)."""
    import stud_odds

    last_sent = [-PARTIAL_EVERY_S]

    def on_round(update: Any) -> None:
        now = time.monotonic()
        if now - last_sent[0] < PARTIAL_EVERY_S:
            return
        last_sent[0] = now
        if isinstance(update, stud_odds.ExactProgress):
            emit(event("progress", update.to_dict()))
        else:
            emit(event("partial", displayed(spot, update)))

    try:
        _estimate_first(spot, cancel, emit)
        return event("result", displayed(spot, _run(spot, cancel, on_round)))
    except StudOddsError as error:
        return event("failure", blamed(error))


def _estimate_first(spot: SpotRequest, cancel: threading.Event, emit: Emit) -> None:
    """An ``estimate`` event (a sampled answer, marked as such) before an exact count that
    takes more than ESTIMATE_AFTER_S, so the page never shows a blank table meanwhile."""
    from stud_odds.engine import equity, plan_equity

    try:
        choice = plan_equity(spot.scenario, spot.stop, threads=spot.threads)
    except StudOddsError:
        return  # the run itself says why, in its failure event
    if not choice.exact or (choice.estimated_seconds or 0.0) <= ESTIMATE_AFTER_S:
        return
    estimate = equity(spot.scenario, method="monte-carlo", precision=ESTIMATE_PRECISION,
                      seed=spot.stop.seed if spot.stop.seed is not None else 1, cancel=cancel)
    if estimate.stopped_by == StoppedBy.CANCELLED:
        raise Superseded(CANCELLED)
    data = displayed(spot, estimate)
    data["estimate"] = {"exact_seconds": choice.estimated_seconds, "deals": choice.deals}
    emit(event("estimate", data))


def failure_event(message: str) -> str:
    return event("failure", {"error": message})


def history_stream(upload: Path, cancel: threading.Event, emit: Emit) -> str:
    """POST /api/history: each stud hand's ``history --json`` object of the uploaded file
    (``upload``: its temporary copy) as it is replayed, then one ``{"summary": ...}`` line
    (counts, skipped hands, the hero's all-in luck).  Cancelled or past the time limit, it
    raises Superseded: the stream's last line then says which."""
    from stud_odds.history.pokerstars import HistoryReader
    from stud_odds.history.running import each_record
    from stud_odds.history.settings import DEFAULT_PRECISION_POINTS, DEFAULT_SEED, DEFAULT_THREADS
    from stud_odds.history.summary import Summary

    summary = Summary(files=1)

    def handle(record: dict[str, Any] | None) -> None:
        if cancel.is_set():
            raise Superseded(CANCELLED)
        if record is not None:
            emit(json_line(record))

    with open(upload, "rb") as stream:
        # read as a stream, under the name "upload": the server's temporary path is not
        # the user's business
        reader = HistoryReader(stream)
        try:
            each_record(reader, summary, handle, hero=None,
                        precision=DEFAULT_PRECISION_POINTS, seed=DEFAULT_SEED,
                        threads=DEFAULT_THREADS)
        except StudOddsError as error:
            return json_line({"error": str(error)})
        summary.lines_ignored = reader.lines_ignored
        if not (summary.stud_hands or summary.other_games or summary.skipped):
            from stud_odds.history.lines import SNIFFED, why_no_hands

            stream.seek(0)
            why = why_no_hands(stream.read(SNIFFED))
            return json_line({"error": f"the file holds no hands: {why}"})
    chips, big_bets = summary.luck_totals()
    return json_line({"summary": {
        "stud_hands": summary.stud_hands, "replayed": summary.replayed,
        "other_games": summary.other_games,
        "other_game_names": dict(summary.other_game_names.most_common()),
        "showdowns": summary.showdowns,
        "skipped": [{"id": hand, "where": where, "reason": reason}
                    for hand, where, reason in summary.skipped],
        "luck": [asdict(entry) for entry in summary.luck],
        "luck_total": {"chips": chips, "big_bets": big_bets},
    }})


def history_failure(message: str) -> str:
    return json_line({"error": message})


def table_of(spot: SpotRequest) -> dict[str, Any]:
    """GET /api/spot: what the page shows about a spot before it is run: its street,
    whether seventh street is shared, who brings in or acts first, the command line."""
    scenario = spot.scenario
    return {
        "game": scenario.game.value,
        "street": scenario.street,
        "cards_left": scenario.plan.cards_left,
        "shared_river": scenario.shared_river,
        "acting": _acting(scenario),
        "command": spot.command(),
    }


def _acting(scenario: Any) -> dict[str, Any] | None:
    """Who brings in (third street) or acts first (later streets), from the live seats'
    upcards, when every upcard is known."""
    from stud_odds.cards import UNKNOWN
    from stud_odds.rules import bring_in, first_to_act

    upcards = [hand.up[:4] for hand in scenario.hands]
    if any(UNKNOWN in cards for cards in upcards) or len(upcards) < 2:
        return None
    try:
        if scenario.street == 3:
            return {"bring_in": bring_in([cards[0] for cards in upcards],
                                         scenario.game).to_dict()}
        return {"first_to_act": first_to_act(upcards, scenario.game,
                                             street=scenario.street).to_dict()}
    except StudOddsError:
        return None


__all__ = ["answer", "equity_now", "equity_stream", "failure_event",
           "history_failure", "history_stream", "displayed", "superseded_if_cancelled",
           "table_of"]


# ---- "My hands": the hand database a server was started with (serve --db) ----------------

def db_import(path: Any, upload: Path, name: str, cancel: threading.Event
              ) -> tuple[dict[str, Any], bool]:
    """POST /api/db/import: one uploaded hand-history file (``upload``: its temporary
    copy, ``name``: the user's name for it) into the database, stopping between its parts
    once ``cancel`` is set (the time limit, the client gone): ``db import --json``'s object
    of what was stored, with its sentence, and whether it stopped before the end.  The
    answer names the user's file and the database's file name, never a path of the
    server's."""
    import stud_odds.db
    from stud_odds.db.importing import ImportStopped, import_files

    with _database_named(path), stud_odds.db.open(path) as database:
        try:
            result, stopped = import_files(database.store, [upload], workers=1,
                                           stop=cancel.is_set), False
        except ImportStopped as stop:
            result, stopped = stop.result, True
    answer = _renamed(result.to_dict(), {str(upload): name, str(upload.resolve()): name})
    answer["database"] = Path(result.database).name
    return answer | {"sentence": result.sentence()}, stopped


@contextmanager
def _database_named(path: Any) -> Iterator[None]:
    """The database's mistakes as the page is told them: the file's name, not where the
    server keeps it (``hands.sqlite holds no hands: ...``)."""
    from stud_odds.web.fields import RequestError

    try:
        yield
    except StudOddsError as error:
        name = Path(path).name
        message = _renamed(str(error), {str(Path(path).resolve()): name, str(path): name})
        renamed = RequestError(message)
        renamed.field, renamed.seat = error.field, error.seat
        raise renamed from None


def _renamed(data: Any, names: dict[str, str]) -> Any:
    """``data`` with each of ``names``' keys, wherever it appears in its text, as its value."""
    if isinstance(data, str):
        for old, new in names.items():
            data = data.replace(old, new)
        return data
    if isinstance(data, dict):
        return {key: _renamed(value, names) for key, value in data.items()}
    if isinstance(data, list | tuple):
        return [_renamed(value, names) for value in data]
    return data


def db_answer(path: Any, what: str, player: str | None, game: str | None,
              cancel: threading.Event) -> dict[str, Any]:
    """GET /api/db/stats, /luck, /starts: ``db stats|luck|starts --json``'s object.  Luck
    computes the all-in figures it lacks, storing them as it goes: it stops once ``cancel``
    is set (the time limit), and asking again goes on from there."""
    import stud_odds.db

    def stop_when_cancelled(done: int, of: int) -> None:
        if cancel.is_set():
            raise Superseded(CANCELLED)

    from stud_odds.db.store import EmptyDatabase

    options = {"progress": stop_when_cancelled} if what == "luck" else {}
    with _database_named(path):
        try:
            with stud_odds.db.open(path, create=False) as database:
                answer = getattr(database, what)(player=player or None, game=game or None,
                                                 **options)
        except EmptyDatabase:  # the page's way in is the drop zone, not the command line
            raise EmptyDatabase(f"{Path(path).name} holds no hands yet: drop PokerStars "
                                "hand-history files above (or choose them) to add them") \
                from None
    return answer.to_dict()
