"""Scripted analysis: batches of spots, street-by-street replays, starting-hand tables.

Everything here is built on :func:`stud_odds.engine.equity`; nothing deals cards itself.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from itertools import combinations, permutations
from typing import Any

import numpy as np

from stud_odds.cards import UNKNOWN, CardError, format_card, format_cards, parse_cards
from stud_odds.engine import EquityError, equity, parse_trials
from stud_odds.errors import StudOddsError
from stud_odds.games import Game, GameError, parse_game
from stud_odds.results import EquityResult, PlayerEquity
from stud_odds.scenario import Hand, Scenario, ScenarioError

SPOT_ERRORS = (CardError, GameError, ScenarioError, EquityError)


class StudyError(StudOddsError):
    """Bad input to a study: a batch line, a replayed hand, an option."""


# ---------------------------------------------------------------- batches


SPOT_FIELDS = ("id", "game", "hands", "dead", "folds", "community", "deck_rule", "trials",
               "precision", "exact", "seed", "max_time")


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


def _truthy(value: Any) -> bool:
    if isinstance(value, str):
        return value.strip().lower() in ("1", "true", "yes", "y")
    return bool(value)


def spot_from_dict(data: dict[str, Any]) -> Spot:
    """A Spot from a dict with the Python API's field names (see SPOT_FIELDS)."""
    unknown = sorted(set(data) - set(SPOT_FIELDS))
    if unknown:
        raise StudyError(f"unknown field '{unknown[0]}': fields are {', '.join(SPOT_FIELDS)}")
    if not data.get("hands"):
        raise StudyError("a spot needs 'hands', one per live player")
    hands = data["hands"]
    if isinstance(hands, str):
        hands = hands.split()
    folds = data.get("folds") or []
    if isinstance(folds, str):  # CSV: one folded player's upcards per ';'-separated group
        folds = [group for group in folds.split(";") if group.strip()]
    _check_texts(hands, "hands", "one text per live player, e.g. [\"AsKs/Qh\", \"xx/7d\"]")
    _check_texts(folds, "folds", "one text of upcards per folded player, e.g. [\"5h\", \"Qd\"]")
    dead = data.get("dead") or ()
    if not isinstance(dead, str):
        _check_texts(dead, "dead", "a text of cards or a list of them, e.g. \"2c 9h\"")
    exact = _truthy(data.get("exact", False))
    return Spot(
        scenario=Scenario.build(
            hands, game=str(data.get("game") or "stud"), dead=dead,
            folds=folds, community=data.get("community") or None,
            deck_rule=data.get("deck_rule") or "casino",
        ),
        id=None if data.get("id") in (None, "") else str(data["id"]),
        method="exact" if exact else "auto",
        trials=None if data.get("trials") in (None, "") else parse_trials(data["trials"]),
        precision=_number(data, "precision", float),
        max_time=_number(data, "max_time", float),
        seed=_number(data, "seed", int),
    )


def _check_texts(value: Any, name: str, expected: str) -> None:
    if not isinstance(value, list | tuple) or not all(isinstance(v, str) for v in value):
        raise StudyError(f"'{name}' must be {expected}, not {value!r}")


def _number(data: dict[str, Any], name: str, kind: type) -> Any:
    """An optional number field; a bad one is named in the error."""
    value = data.get(name)
    if value in (None, ""):
        return None
    try:
        return kind(value)
    except (TypeError, ValueError):
        what = "a whole number" if kind is int else "a number"
        raise StudyError(f"'{name}' must be {what}, not {value!r}") from None


def read_spots(text: str, format: str) -> Iterator[tuple[int, Spot | Exception]]:
    """(line number, Spot or the error that line raised) for each spot of a JSONL or CSV file."""
    if format == "jsonl":
        for number, line in enumerate(text.splitlines(), start=1):
            if not line.strip() or line.lstrip().startswith("#"):
                continue
            try:
                data = json.loads(line)
                if not isinstance(data, dict):
                    raise StudyError("a line must be a JSON object")
                yield number, spot_from_dict(data)
            except json.JSONDecodeError as exc:
                yield number, StudyError(f"not JSON: {exc.msg} at column {exc.colno}")
            except (StudyError, *SPOT_ERRORS) as exc:
                yield number, exc
    elif format == "csv":
        reader = csv.DictReader(io.StringIO(text))
        for row in reader:
            try:
                yield reader.line_num, spot_from_dict({k: v for k, v in row.items() if k})
            except (StudyError, *SPOT_ERRORS) as exc:
                yield reader.line_num, exc
    else:
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
              report_error: Callable[[int, Exception], None], threads: int | None = None) -> int:
    """Run every spot, handing each record to ``write`` as soon as it is done.

    A bad spot goes to ``report_error`` and the rest still run.  Returns how
    many spots failed.
    """
    failures = 0
    for number, spot in spots:
        if isinstance(spot, Exception):
            failures += 1
            report_error(number, spot)
            continue
        try:
            result = spot.run(threads)
        except SPOT_ERRORS as exc:
            failures += 1
            report_error(number, exc)
            continue
        write(batch_record(number, spot, result))
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
    :func:`equity` call with the same seed.
    """
    dealt = tuple(parse_dealt_hand(text, seat) for seat, text in enumerate(hands, start=1))
    if len(dealt) < 2:
        raise StudyError("a replay needs at least two players")
    if seed is None:  # one seed for every street, reported so the replay can be repeated
        seed = int(np.random.SeedSequence().entropy % (1 << 63))
    last = 7 if community is not None else max(hand.last_street for hand in dealt)
    streets = []
    for street in range(3, last + 1):
        live = tuple(seat for seat, hand in enumerate(dealt) if hand.last_street >= min(street, 6)
                     and (street < 7 or hand.last_street >= 6))
        if len(live) < 2:
            break
        folded = [dealt[seat].upcards[: street - 2] for seat in range(len(dealt))
                  if seat not in live]
        shared = street == 7 and community is not None
        scenario = Scenario.build(
            [dealt[seat].on_street(6 if shared else street) for seat in live], game=game,
            dead=dead, folds=[up for up in folded if up],
            community=community if shared else None, deck_rule=deck_rule,
        )
        result = equity(scenario, trials=trials, seed=seed, threads=threads)
        streets.append(StreetEquity(street, live, result))
    return Replay(parse_game(game), dealt, tuple(streets), seed)


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
    hand: StartingHand
    result: EquityResult

    def to_dict(self) -> dict[str, Any]:
        hero = self.result.players[0]
        return {
            "hand": self.hand.text, "class": self.hand.label, "count": self.hand.count,
            "equity": hero.equity, "equity_se": hero.equity_se, "high_win": hero.high_win,
            "low_win": hero.low_win, "scoop": hero.scoop,
        }


def starting_hands(game: str | Game = "stud", opponents: int = 1, *, trials: int = 100_000,
                   seed: int = 0, door: str | None = None, threads: int | None = None,
                   progress: Callable[[int, int], None] | None = None,
                   ) -> list[StartingHandResult]:
    """Each starting-hand class against ``opponents`` random hands, best equity first."""
    if not 1 <= opponents <= 7:
        raise StudyError(f"opponents must be between 1 and 7, not {opponents}")
    classes = starting_hand_classes(door)
    results = []
    for done, hand in enumerate(classes, start=1):
        scenario = Scenario.build([hand.text] + ["random"] * opponents, game=game)
        results.append(StartingHandResult(hand, equity(
            scenario, method="monte-carlo", trials=trials, seed=seed, threads=threads)))
        if progress:
            progress(done, len(classes))
    results.sort(key=lambda r: -r.result.players[0].equity)
    return results


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
    """The scoop breakdown of ``hand`` against ``opponents`` random hands or the hands given."""
    if isinstance(opponents, int):
        if not 1 <= opponents <= 7:
            raise StudyError(f"opponents must be between 1 and 7, not {opponents}")
        others = ["random"] * opponents
    else:
        others = list(opponents)
        if not others:
            raise StudyError("give at least one opponent (a hand or a number of random ones)")
    scenario = Scenario.build([hand, *others], game=game, dead=dead, folds=list(folds))
    result = equity(scenario, trials=trials, precision=precision, seed=seed, threads=threads,
                    scooping_hands=True)
    return ScoopStudy(scenario, result)


__all__ = [
    "DealtHand", "Replay", "ScoopStudy", "Spot", "StartingHand", "StartingHandResult", "StudyError",
    "batch_csv_rows", "batch_record", "read_spots", "replay", "run_batch", "spot_from_dict",
    "scoop_study", "starting_hand_classes", "starting_hands",
]
