"""Scripted analysis: batches of spots, street-by-street replays, starting-hand tables.

Everything here is built on :func:`stud_odds.engine.equity`; nothing deals cards itself.

Ctrl-C: every study raises :class:`StudyInterrupted` (a ``KeyboardInterrupt``)
saying how much finished and carrying the finished part; a result the engine
returns as ``stopped_by == "interrupted"`` is never passed on as finished.
"""

from __future__ import annotations

import csv
import io
import json
import math
import signal
import threading
from collections.abc import Callable, Container, Iterable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, replace
from itertools import combinations, permutations
from typing import IO, Any

import numpy as np

from stud_odds.cards import UNKNOWN, CardError, format_card, format_cards, parse_cards
from stud_odds.engine import equity, parse_trials
from stud_odds.errors import StudOddsError
from stud_odds.games import Game, parse_game
from stud_odds.results import EquityResult, PlayerEquity
from stud_odds.scenario import Hand, Scenario


class StudyError(StudOddsError):
    """Bad input to a study: a batch line, a replayed hand, an option."""


class StudyInterrupted(KeyboardInterrupt):
    """Ctrl-C stopped a study: ``done`` of ``total`` ``unit`` (spots, streets, classes,
    trials) had finished.

    ``partial`` is what finished, for a caller that wants to keep it: a batch's
    count of failed spots is ``failed``; starting hands give the finished rows
    (each marked interrupted), a replay the finished streets, a scoop study the
    partial sample (or None).  A subclass of KeyboardInterrupt, so code that
    does not know it still stops as on any Ctrl-C.
    """

    def __init__(self, done: int, total: int | None, unit: str, partial: Any = None,
                 failed: int = 0):
        super().__init__(f"interrupted after {count_of(done, total, unit)}")
        self.done, self.total, self.unit = done, total, unit
        self.partial, self.failed = partial, failed


_PLURALS = {"class": "classes"}


def plural(count: int, word: str) -> str:
    """``1 spot``, ``2 spots``, ``1,755 classes``."""
    return f"{count:,} {word if count == 1 else _PLURALS.get(word, word + 's')}"


def count_of(done: int, total: int | None, unit: str) -> str:
    """``37 of 120 spots`` (the noun agrees with the total), or ``37 spots`` with no total."""
    if total is None:
        return plural(done, unit)
    return f"{done:,} of {plural(total, unit)}"


def _finished(result: EquityResult) -> EquityResult:
    """``result``, unless Ctrl-C cut its sample short: a partial sample is not a result."""
    if result.stopped_by == "interrupted":
        raise KeyboardInterrupt
    return result


@contextmanager
def _ctrl_c_held() -> Iterator[None]:
    """Hold Ctrl-C while a finished item is written and counted, then deliver it.

    So a file never holds half a record and the count says what the file holds.
    Signals only reach the main thread; elsewhere there is nothing to hold.
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    caught: list[int] = []
    previous = signal.signal(signal.SIGINT, lambda number, frame: caught.append(number))
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, signal.default_int_handler if previous is None else previous)
        if caught:
            signal.raise_signal(signal.SIGINT)  # the handler restored above acts on it now


# ---------------------------------------------------------------- batches


SPOT_FIELDS = ("id", "game", "hands", "dead", "folds", "community", "deck_rule", "trials",
               "precision", "exact", "seed", "max_time")
MAX_SEED = 2**64 - 1
MAX_LINE_BYTES = 1 << 20  # a spot is a short line; a longer one is refused, never read whole
_YES = ("1", "true", "yes", "y")
_NO = ("0", "false", "no", "n")


@dataclass(frozen=True)
class Spot:
    """One line of a batch: a scenario and how to run it."""

    scenario: Scenario
    id: str | None = None
    method: str = "auto"
    trials: int | None = None
    precision: float | None = None
    max_time: float | None = None
    seed: int | None = None

    def run(self, threads: int | None = None) -> EquityResult:
        return equity(self.scenario, method=self.method, trials=self.trials,
                      precision=self.precision, max_time=self.max_time, seed=self.seed,
                      threads=threads)


def spot_key(number: int, spot: Spot) -> tuple[str, str | int]:
    """What names a spot for ``--resume``: its id, or its line number when it has none."""
    return ("id", spot.id) if spot.id is not None else ("line", number)


def _show(value: Any) -> str:
    """A value as a message quotes it: short, one line, JSON's words for JSON's constants."""
    if value is None or isinstance(value, bool):
        return json.dumps(value)
    if isinstance(value, float) and not math.isfinite(value):
        return json.dumps(value)  # NaN, Infinity, -Infinity
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _absent(value: Any) -> bool:
    """null, a missing field and an empty CSV cell all mean "not given"."""
    return value is None or (isinstance(value, str) and not value.strip())


def _text(data: Mapping[str, Any], name: str, example: str) -> str | None:
    value = data.get(name)
    if _absent(value):
        return None
    if not isinstance(value, str):
        raise StudyError(f"'{name}' must be a text such as {example}, not {_show(value)}")
    return value


def _texts(value: Any, name: str, expected: str) -> list[str]:
    if not isinstance(value, list | tuple) or not all(isinstance(v, str) for v in value):
        raise StudyError(f"'{name}' must be {expected}, not {_show(value)}")
    return list(value)


def _id(value: Any) -> str | None:
    if _absent(value):
        return None
    if isinstance(value, int) and not isinstance(value, bool):
        return str(value)
    if not isinstance(value, str):
        raise StudyError(f"'id' must be a text or a whole number, not {_show(value)}")
    if not value.isprintable():  # ids are written back one per CSV line
        raise StudyError(f"'id' must be one line of printable text, not {_show(value)}")
    return value


def _whole(value: Any, name: str) -> int:
    """A whole number from an int, an integral float (JSON's 1e6) or a text; bools refused."""
    if isinstance(value, bool):
        raise StudyError(f"'{name}' must be a whole number, not {_show(value)}")
    if isinstance(value, float):
        if not math.isfinite(value) or value != int(value):
            raise StudyError(f"'{name}' must be a whole number, not {_show(value)}")
        return int(value)
    if isinstance(value, int):
        return value
    if isinstance(value, str):
        try:
            return int(value.strip().replace("_", ""))
        except ValueError:  # also texts of more digits than Python converts
            pass
    raise StudyError(f"'{name}' must be a whole number, not {_show(value)}")


def _positive(data: Mapping[str, Any], name: str, unit: str) -> float | None:
    """An optional positive, finite number: nan, inf and bools are refused by name."""
    value = data.get(name)
    if _absent(value):
        return None
    number = None
    if isinstance(value, int | float) and not isinstance(value, bool):
        number = float(value)
    elif isinstance(value, str):
        try:
            number = float(value)
        except ValueError:
            pass
    if number is None or not math.isfinite(number) or number <= 0:
        raise StudyError(f"'{name}' must be a positive number of {unit}, not {_show(value)}")
    return number


def trial_count(value: Any, name: str = "'trials'") -> int | None:
    """A trial count from a batch field or a --trials option (``name`` says which):
    a positive whole number, or a text such as "250k", "2M", "1e6"; None when not given."""
    if _absent(value):
        return None
    if isinstance(value, str):
        return parse_trials(value)
    count = _whole(value, name.strip("'"))
    if count <= 0:
        raise StudyError(f"{name} must be a positive whole number, not {_show(value)}")
    return count


def _seed(value: Any) -> int | None:
    if _absent(value):
        return None
    seed = _whole(value, "seed")
    if not 0 <= seed <= MAX_SEED:
        raise StudyError(f"'seed' must be a whole number from 0 to 2^64 - 1, not {_show(value)}")
    return seed


def _exact(value: Any) -> bool:
    if _absent(value):
        return False
    if isinstance(value, bool):
        return value
    if isinstance(value, str) and value.strip().lower() in _YES + _NO:
        return value.strip().lower() in _YES
    raise StudyError(f"'exact' must be true or false, not {_show(value)}")


def spot_from_dict(data: Mapping[str, Any]) -> Spot:
    """A Spot from a dict with the Python API's field names (see SPOT_FIELDS).

    Every field is checked for its type before use, so a bad one is named in a
    StudyError: ``hands`` is a list of texts, one per live player (a text is
    refused: in JSON there is no guessing how it splits); ``dead`` a text or a
    list of texts; ``folds`` one text of upcards per folded player; ``trials``
    a positive whole number or a text such as "250k"; ``precision`` and
    ``max_time`` positive finite numbers; ``seed`` 0 to 2^64 - 1; ``exact``
    true or false.  null (None) means the field is not given.
    """
    if not isinstance(data, Mapping):
        raise StudyError(f"a spot is an object of fields ({', '.join(SPOT_FIELDS)}), "
                         f"not {_show(data)}")
    unknown = sorted(str(name) for name in set(data) - set(SPOT_FIELDS))
    if unknown:
        raise StudyError(f"unknown field {_show(unknown[0])}: fields are {', '.join(SPOT_FIELDS)}")
    hands = data.get("hands")
    if isinstance(hands, str):
        raise StudyError(f"'hands' must be a list with one text per live player, e.g. "
                         f"[\"AsKs/Qh\", \"xx/7d\"], not the text {_show(hands)}")
    if _absent(hands) or hands == []:
        raise StudyError("a spot needs 'hands', one per live player")
    hands = _texts(hands, "hands", "one text per live player, e.g. [\"AsKs/Qh\", \"xx/7d\"]")
    folds = [] if _absent(data.get("folds")) else _texts(
        data["folds"], "folds", "one text of upcards per folded player, e.g. [\"5h\", \"Qd\"]")
    dead = data.get("dead")
    if _absent(dead):
        dead = ()
    elif not isinstance(dead, str):
        dead = _texts(dead, "dead", "a text of cards or a list of them, e.g. \"2c 9h\"")
    exact = _exact(data.get("exact"))
    return Spot(
        scenario=Scenario.build(
            hands, game=_text(data, "game", "\"stud8\"") or "stud", dead=dead, folds=folds,
            community=_text(data, "community", "\"2c\""),
            deck_rule=_text(data, "deck_rule", "\"casino\"") or "casino",
        ),
        id=_id(data.get("id")),
        method="exact" if exact else "auto",
        trials=trial_count(data.get("trials")),
        precision=_positive(data, "precision", "the pot (a standard error, e.g. 0.001)"),
        max_time=_positive(data, "max_time", "seconds"),
        seed=_seed(data.get("seed")),
    )


def _spot_from_csv_row(row: Mapping[str, str]) -> Spot:
    """CSV cells are texts: hands are space-separated, folded players ';'-separated."""
    data: dict[str, Any] = dict(row)
    if isinstance(data.get("hands"), str):
        data["hands"] = data["hands"].split()
    if isinstance(data.get("folds"), str):
        data["folds"] = [group for group in data["folds"].split(";") if group.strip()]
    return spot_from_dict(data)


def _numbered_lines(stream: IO[bytes]) -> Iterator[tuple[int, bytes | None]]:
    """(line number, bytes) streamed; None for a line over MAX_LINE_BYTES, skipped unread."""
    number = 0
    while line := stream.readline(MAX_LINE_BYTES + 1):
        number += 1
        if len(line) > MAX_LINE_BYTES and not line.endswith(b"\n"):
            while (rest := stream.readline(MAX_LINE_BYTES)) and not rest.endswith(b"\n"):
                pass
            yield number, None
        else:
            yield number, line


def _decode(number: int, line: bytes | None) -> str:
    """The line as text, or a StudyError naming what is wrong with its bytes."""
    if line is None:
        raise StudyError(f"the line is longer than {MAX_LINE_BYTES:,} bytes: a spot is one "
                         "short line")
    try:
        return line.decode("utf-8-sig" if number == 1 else "utf-8")
    except UnicodeDecodeError as exc:
        raise StudyError(f"the line is not UTF-8 text (byte 0x{line[exc.start]:02x} at "
                         f"column {exc.start + 1})") from None


def _is_spot_line(line: bytes | None) -> bool:
    """JSON Lines: blank lines and '#' comments are not spots."""
    return line is None or bool(line.strip()) and not line.lstrip().startswith(b"#")


def _as_stream(source: str | bytes | IO[bytes]) -> IO[bytes]:
    if isinstance(source, str):
        return io.BytesIO(source.encode("utf-8", "surrogatepass"))
    if isinstance(source, bytes):
        return io.BytesIO(source)
    return source


def _json_spot(number: int, line: bytes | None) -> Spot:
    text = _decode(number, line)
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise StudyError(f"not JSON: {exc.msg} at column {exc.colno}") from None
    except RecursionError:
        raise StudyError("not a spot: the JSON is nested too deeply") from None
    except ValueError:  # an integer of more digits than Python converts
        raise StudyError("not a spot: a number has too many digits") from None
    if not isinstance(data, dict):
        raise StudyError(f"a line must be a JSON object ({{\"hands\": [...], ...}}), "
                         f"not {_json_kind(data)}")
    return spot_from_dict(data)


def _json_kind(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true or false"
    return {list: "an array", str: "a string"}.get(type(value), "a number")


def _csv_records(lines: Iterable[tuple[int, bytes | None]]
                 ) -> Iterator[tuple[int, list[str] | StudyError]]:
    """(first line number, cells or the error) per CSV record, blank records skipped.

    Lines whose bytes cannot be read are fed to the CSV reader as empty lines
    and the record holding one is reported as that line's error.
    """
    problems: dict[int, StudyError] = {}

    def texts() -> Iterator[str]:
        for number, line in lines:
            try:
                yield _decode(number, line)
            except StudyError as exc:
                problems[number] = exc
                yield "\n"

    reader = csv.reader(texts())
    while True:
        first = reader.line_num + 1
        try:
            cells = next(reader)
        except StopIteration:
            return
        except csv.Error as exc:
            yield first, StudyError(f"not CSV: {exc}")
            continue
        bad = [n for n in range(first, reader.line_num + 1) if n in problems]
        if bad:
            yield bad[0], problems.pop(bad[0])
            for n in bad[1:]:
                problems.pop(n)
        elif any(cell.strip() for cell in cells):
            yield first, cells


def read_spots(source: str | bytes | IO[bytes], format: str = "jsonl"
               ) -> Iterator[tuple[int, Spot | StudOddsError]]:
    """(line number, Spot or the error that line raised) per spot of a JSONL or CSV source.

    ``source`` is the text, or a binary stream read one line at a time (so a
    file of any size is never held in memory).  A line with bytes that are not
    UTF-8, bad JSON, wrong types or an impossible spot gives an error for that
    line only; the next line is read as usual.
    """
    stream = _as_stream(source)
    if format == "jsonl":
        for number, line in _numbered_lines(stream):
            if not _is_spot_line(line):
                continue
            try:
                yield number, _json_spot(number, line)
            except StudOddsError as exc:
                yield number, exc
    elif format == "csv":
        records = _csv_records(_numbered_lines(stream))
        header: list[str] | None = None
        for number, cells in records:
            if isinstance(cells, StudyError):
                yield number, cells
                continue
            if header is None:
                header = [name.strip() for name in cells]
                unknown = [name for name in header if name and name not in SPOT_FIELDS]
                if unknown:
                    yield number, StudyError(f"unknown column '{unknown[0]}' in the header: "
                                             f"columns are {', '.join(SPOT_FIELDS)}")
                    return
                continue
            if len(cells) > len(header):
                yield number, StudyError(f"the line has {len(cells)} cells but the header "
                                         f"names {len(header)} columns")
                continue
            try:
                yield number, _spot_from_csv_row(
                    {name: cell for name, cell in zip(header, cells, strict=False) if name})
            except StudOddsError as exc:
                yield number, exc
    else:
        raise StudyError(f"'{format}' is not a batch format: use jsonl or csv")


def count_spots(source: str | bytes | IO[bytes], format: str = "jsonl") -> int:
    """How many lines ``read_spots`` will yield for the same source, reading it cheaply."""
    stream = _as_stream(source)
    if format == "jsonl":
        return sum(_is_spot_line(line) for _, line in _numbered_lines(stream))
    if format == "csv":
        return max(0, sum(1 for _ in _csv_records(_numbered_lines(stream))) - 1)  # the header
    raise StudyError(f"'{format}' is not a batch format: use jsonl or csv")


def batch_record(number: int, spot: Spot, result: EquityResult) -> dict[str, Any]:
    """One output record: where the spot came from, the spot, and its result."""
    return {"line": number, "id": spot.id, "spot": spot.scenario.to_dict(), **result.to_dict()}


BATCH_CSV_FIELDS = ("line", "id", "game", "seat", "hand", "equity", "equity_se", "high_win",
                    "high_tie", "low_win", "low_tie", "scoop", "method", "outcomes", "seed",
                    "shared_river", "no_low")


def batch_csv_rows(record: dict[str, Any]) -> list[list[Any]]:
    rows = []
    for seat, player in enumerate(record["players"], start=1):
        values = {**record, **player, "seat": seat}
        rows.append(["" if values[f] is None else values[f] for f in BATCH_CSV_FIELDS])
    return rows


def run_batch(spots: Iterable[tuple[int, Spot | Exception]], write: Callable[[dict], None],
              report_error: Callable[[int, Exception], None], threads: int | None = None, *,
              skip: Container[tuple[str, str | int]] = frozenset(),
              total: int | None = None) -> int:
    """Run every spot, handing each record to ``write`` as soon as it is done.

    A bad spot goes to ``report_error`` and the rest still run.  Spots whose
    :func:`spot_key` is in ``skip`` (already in the output) are passed over.
    Returns how many spots failed.  Ctrl-C raises StudyInterrupted counting
    the spots handled (written, failed or skipped) out of ``total``; the spot
    that was running is not written.
    """
    failures = handled = 0
    try:
        for number, spot in spots:
            if isinstance(spot, Exception):
                with _ctrl_c_held():
                    report_error(number, spot)
                    failures, handled = failures + 1, handled + 1
                continue
            if spot_key(number, spot) in skip:
                handled += 1
                continue
            try:
                result = _finished(spot.run(threads))
            except StudOddsError as exc:
                with _ctrl_c_held():
                    report_error(number, exc)
                    failures, handled = failures + 1, handled + 1
                continue
            with _ctrl_c_held():
                write(batch_record(number, spot, result))
                handled += 1
    except KeyboardInterrupt:
        raise StudyInterrupted(handled, total, "spot", failed=failures) from None
    return failures


# ---------------------------------------------------------------- replays


@dataclass(frozen=True)
class DealtHand:
    """A player's cards in the order dealt: two hole cards, up to four upcards, the river."""

    hole: tuple[int, ...]
    upcards: tuple[int, ...]
    river: int | None  # None when not dealt (folded) or not given

    @property
    def last_street(self) -> int:
        """The last street this player received a card on (a shorter hand folded)."""
        return 2 + len(self.upcards) + (self.river is not None)

    def on_street(self, street: int) -> Hand:
        if street <= 6:
            return Hand(self.hole, self.upcards[: street - 2])
        return Hand(self.hole + (UNKNOWN if self.river is None else self.river,), self.upcards)


def parse_dealt_hand(text: str, player: int) -> DealtHand:
    """``"AsKs/Qh Jh Th 9c/2d"``: hole cards / upcards in street order / seventh-street card."""
    parts = text.split("/")
    where = f"player {player}"
    if not 2 <= len(parts) <= 3:
        raise StudyError(f"{where}: write HOLE/UPCARDS[/RIVER], e.g. 'AsKs/Qh Jh Th 9c/2d'")
    try:
        hole = tuple(parse_cards(parts[0], allow_unknown=True))
        upcards = tuple(parse_cards(parts[1]))
        river = parse_cards(parts[2], allow_unknown=True) if len(parts) == 3 else []
    except CardError as exc:
        raise StudyError(f"{where}: {exc}") from None
    if len(hole) != 2:
        raise StudyError(f"{where} has {len(hole)} hole cards before the '/': stud deals two")
    if not 1 <= len(upcards) <= 4:
        raise StudyError(f"{where} has {len(upcards)} upcards: stud deals one to four")
    if len(river) > 1:
        raise StudyError(f"{where}: seventh street is one card, not {len(river)}")
    if river and len(upcards) < 4:
        raise StudyError(f"{where} has a seventh-street card but only {len(upcards)} upcards")
    river_card = river[0] if river else None
    return DealtHand(hole, upcards, river_card)


@dataclass(frozen=True)
class StreetEquity:
    street: int
    live: tuple[int, ...]  # 0-based seats still in
    result: EquityResult


@dataclass(frozen=True)
class Replay:
    game: Game
    hands: tuple[DealtHand, ...]
    streets: tuple[StreetEquity, ...]
    seed: int  # used on every street

    def equity_by_street(self) -> list[list[float | None]]:
        """[player][street] equity, None once the player has folded."""
        table: list[list[float | None]] = [[None] * len(self.streets) for _ in self.hands]
        for column, street in enumerate(self.streets):
            for player, seat in enumerate(street.live):
                table[seat][column] = street.result.players[player].equity
        return table

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game.value,
            "seed": self.seed,
            "streets": [
                {"street": s.street, "live_seats": [seat + 1 for seat in s.live],
                 **s.result.to_dict()}
                for s in self.streets
            ],
        }


def replay(hands: Iterable[str], game: str | Game = "stud", *, trials: int | None = None,
           seed: int | None = None, dead: str = "", community: str | None = None,
           deck_rule: str = "casino", threads: int | None = None) -> Replay:
    """Every live player's equity on each street as the cards came.

    A player whose cards stop early folded after the last card shown: from the
    next street on, that player's upcards are a folded player's.  With
    ``community`` seventh street is that shared card.  Each street is one
    :func:`equity` call with the same seed.  Ctrl-C raises StudyInterrupted
    whose ``partial`` is the Replay of the streets that finished.
    """
    dealt = tuple(parse_dealt_hand(text, seat) for seat, text in enumerate(hands, start=1))
    if len(dealt) < 2:
        raise StudyError("a replay needs at least two players")
    parsed_game = parse_game(game)
    if seed is None:  # one seed for every street, reported so the replay can be repeated
        seed = int(np.random.SeedSequence().entropy % (1 << 63))
    last = 7 if community is not None else max(hand.last_street for hand in dealt)
    plan = []  # (street, live seats) while at least two players are in
    for street in range(3, last + 1):
        live = tuple(seat for seat, hand in enumerate(dealt) if hand.last_street >= min(street, 6)
                     and (street < 7 or hand.last_street >= 6))
        if len(live) < 2:
            break
        plan.append((street, live))
    streets: list[StreetEquity] = []
    try:
        for street, live in plan:
            folded = [dealt[seat].upcards[: street - 2] for seat in range(len(dealt))
                      if seat not in live]
            shared = street == 7 and community is not None
            scenario = Scenario.build(
                [dealt[seat].on_street(6 if shared else street) for seat in live], game=game,
                dead=dead, folds=[up for up in folded if up],
                community=community if shared else None, deck_rule=deck_rule,
            )
            result = _finished(equity(scenario, trials=trials, seed=seed, threads=threads))
            streets.append(StreetEquity(street, live, result))
    except KeyboardInterrupt:
        raise StudyInterrupted(len(streets), len(plan), "street",
                               partial=Replay(parsed_game, dealt, tuple(streets), seed)) from None
    return Replay(parsed_game, dealt, tuple(streets), seed)


# ---------------------------------------------------------------- starting hands

_SUIT_ORDER = tuple(permutations(range(4)))


def _canonical(cards: tuple[int, ...]) -> tuple[int, ...]:
    """The same hand under the suit relabelling that gives the smallest sorted ids."""
    return min(tuple(sorted(c - (c & 3) + order[c & 3] for c in cards)) for order in _SUIT_ORDER)


@dataclass(frozen=True)
class StartingHand:
    """A class of three-card starting hands equal up to suits; ``cards`` is one of them."""

    cards: tuple[int, ...]  # hole, hole, door
    count: int  # how many of the 22,100 hands are in the class

    @property
    def label(self) -> str:
        ranks = "".join(format_card(c)[0] for c in sorted(self.cards, reverse=True))
        suits = [c & 3 for c in self.cards]
        distinct = len(set(suits))
        if distinct == 1:
            return f"{ranks} suited"
        if distinct == 3:
            return f"{ranks} rainbow"
        pair = sorted((c for c in self.cards if suits.count(c & 3) == 2), reverse=True)
        return f"{ranks} ({format_card(pair[0])[0]}{format_card(pair[1])[0]} suited)"

    @property
    def text(self) -> str:
        """The representative as a third-street hand, ``DOWN/UP``."""
        return f"{format_cards(self.cards[:2])}/{format_card(self.cards[2])}"


def starting_hand_classes(door: str | None = None) -> list[StartingHand]:
    """The 1,755 suit classes of three-card hands, or with ``door`` (a rank) those holding it,
    written with a card of that rank as the door card."""
    counts: dict[tuple[int, ...], int] = {}
    for cards in combinations(range(52), 3):
        key = _canonical(cards)
        counts[key] = counts.get(key, 0) + 1
    door_rank = None
    if door is not None:
        rank_text = door.strip().upper().replace("10", "T")
        if len(rank_text) != 1 or rank_text not in "23456789TJQKA":
            raise StudyError(f"'{door}' is not a rank: use 2-9, T, J, Q, K or A")
        door_rank = "23456789TJQKA".index(rank_text)
    classes = []
    for key, count in counts.items():
        cards = tuple(sorted(key, reverse=True))
        if door_rank is not None:
            ranks = [c >> 2 for c in cards]
            if door_rank not in ranks:
                continue
            at = ranks.index(door_rank)
            cards = tuple(c for i, c in enumerate(cards) if i != at) + (cards[at],)
        classes.append(StartingHand(cards, count))
    return classes


@dataclass(frozen=True)
class StartingHandResult:
    """One row of the table; ``interrupted`` marks a row of a table Ctrl-C cut short."""

    hand: StartingHand
    result: EquityResult
    interrupted: bool = False

    def to_dict(self) -> dict[str, Any]:
        hero = self.result.players[0]
        return {
            "hand": self.hand.text, "class": self.hand.label, "count": self.hand.count,
            "equity": hero.equity, "equity_se": hero.equity_se, "high_win": hero.high_win,
            "low_win": hero.low_win, "scoop": hero.scoop,
            # every row of a cut-short table says so: its rank is among the finished rows only
            "stopped_by": "interrupted" if self.interrupted else self.result.stopped_by,
        }


def starting_hands(game: str | Game = "stud", opponents: int = 1, *, trials: int = 100_000,
                   seed: int = 0, door: str | None = None, threads: int | None = None,
                   progress: Callable[[int, int], None] | None = None,
                   ) -> list[StartingHandResult]:
    """Each starting-hand class against ``opponents`` random hands, best equity first.

    Ctrl-C raises StudyInterrupted whose ``partial`` is the finished rows,
    ranked the same way and each marked ``interrupted``.
    """
    if isinstance(opponents, bool) or not isinstance(opponents, int) or not 1 <= opponents <= 7:
        raise StudyError(f"opponents must be a whole number from 1 to 7, not {_show(opponents)}")
    parse_game(game)  # a bad game is refused before the first class, not inside it
    classes = starting_hand_classes(door)
    results: list[StartingHandResult] = []
    try:
        for done, hand in enumerate(classes, start=1):
            scenario = Scenario.build([hand.text] + ["random"] * opponents, game=game)
            results.append(StartingHandResult(hand, _finished(equity(
                scenario, method="monte-carlo", trials=trials, seed=seed, threads=threads))))
            if progress:
                progress(done, len(classes))
    except KeyboardInterrupt:
        finished = [replace(row, interrupted=True) for row in _ranked(results)]
        raise StudyInterrupted(len(results), len(classes), "class", partial=finished) from None
    return _ranked(results)


def _ranked(results: list[StartingHandResult]) -> list[StartingHandResult]:
    return sorted(results, key=lambda r: -r.result.players[0].equity)


# ---------------------------------------------------------------- scoop studies


@dataclass(frozen=True)
class ScoopStudy:
    """How the first player's pots end: scooped, one half, a split part or nothing,
    and which final hands scooped."""

    scenario: Scenario
    result: EquityResult

    @property
    def hero(self) -> PlayerEquity:
        return self.result.players[0]

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.result.game,
            "hand": self.hero.hand,
            "opponents": [str(hand) for hand in self.scenario.hands[1:]],
            "method": self.result.method,
            "outcomes": self.result.outcomes,
            "seed": self.result.seed,
            "equity": self.hero.equity,
            "equity_se": self.hero.equity_se,
            "scoop": self.hero.scoop,
            "pot_shares": self.hero.pot_shares,
            "scooping_hands": self.hero.scooping_hands,
        }


def scoop_study(hand: str, opponents: int | Iterable[str] = 1, game: str | Game = "stud8", *,
                dead: str = "", folds: Iterable[str] = (), trials: int | None = None,
                precision: float | None = None, seed: int | None = None,
                threads: int | None = None) -> ScoopStudy:
    """The scoop breakdown of ``hand`` against ``opponents`` random hands or the hands given.

    Ctrl-C raises StudyInterrupted; after Monte Carlo trials its ``partial`` is
    the study of the trials run so far (marked ``stopped_by == "interrupted"``).
    """
    if isinstance(opponents, int):
        if not 1 <= opponents <= 7:
            raise StudyError(f"opponents must be between 1 and 7, not {opponents}")
        others = ["random"] * opponents
    else:
        others = list(opponents)
        if not others:
            raise StudyError("give at least one opponent (a hand or a number of random ones)")
    scenario = Scenario.build([hand, *others], game=game, dead=dead, folds=list(folds))
    counted: list[Any] = [0, None]  # deals or trials done and their total, as last reported

    def progress(done: int, total: int | None) -> None:
        counted[:] = [done, total]

    result = None
    try:
        result = equity(scenario, trials=trials, precision=precision, seed=seed,
                        threads=threads, scooping_hands=True, progress=progress)
        _finished(result)
    except KeyboardInterrupt:
        if result is not None:  # a Monte Carlo sample cut short: kept as the partial study
            raise StudyInterrupted(result.outcomes, trials, "trial",
                                   partial=ScoopStudy(scenario, result)) from None
        # exact enumeration raises; its progress counts deals, out of every deal
        unit = "deal" if counted[1] == scenario.outcomes() else "trial"
        raise StudyInterrupted(counted[0], counted[1], unit) from None
    return ScoopStudy(scenario, result)


__all__ = [
    "DealtHand", "Replay", "ScoopStudy", "Spot", "StartingHand", "StartingHandResult", "StudyError",
    "StudyInterrupted", "batch_csv_rows", "batch_record", "count_of", "count_spots", "plural",
    "read_spots", "replay", "run_batch", "scoop_study", "spot_from_dict", "spot_key",
    "starting_hand_classes", "starting_hands", "trial_count",
]
