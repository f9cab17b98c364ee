"""What the hand database answers: plain dataclasses, each with ``rows()`` (a list of dicts,
one per row, ready for ``pandas.DataFrame(result.rows())``) and ``to_dict()`` (JSON)."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any


@dataclass(frozen=True)
class SkippedRecord:
    """A hand that was not stored: a stud hand that cannot be read, or another game's."""

    path: str
    line: int
    number: str | None  # the hand number, None when even the header cannot be read
    reason: str  # one sentence
    stud: bool  # False for a hand of another game
    game: str | None = None  # the stud game when known


# the words of an import's summary, by count: the command line's (import_sentence) and the
# page's (GET /api/db sends them; myhands.js fills them in for the total of several files)
IMPORT_WORDS: dict[str, str] = {
    "files": "{n} file{s}",
    "new": "{n} new",
    "already": "{n} already in the database",
    "skipped": "{n} could not be read",
    "other_games": "{n} of other games passed over",
    "failed": "{n} file{s} not imported",
}


def import_words(key: str, count: int) -> str:
    """One of ``IMPORT_WORDS`` filled in: ``import_words("files", 3)`` is ``3 files``."""
    return IMPORT_WORDS[key].format(n=f"{count:,}", s="" if count == 1 else "s")


def import_sentence(new: int, already: int, skipped: int = 0, other_games: int = 0,
                    failed: int = 0) -> str:
    """``646 new, 0 already in the database`` and, where there are any, the hands that
    could not be read, those of other games and the files not imported."""
    text = f"{import_words('new', new)}, {import_words('already', already)}"
    for key, count in (("skipped", skipped), ("other_games", other_games),
                       ("failed", failed)):
        if count:
            text += f"; {import_words(key, count)}"
    return text


@dataclass(frozen=True)
class ImportedFile:
    """One file's import: committed whole, or (``error``) not at all."""

    path: str
    new: int = 0  # stud hands stored by this import
    already: int = 0  # stud hands that were in the database already
    skipped: int = 0  # stud hands that cannot be read
    other_games: int = 0  # hands of other games, passed over
    error: str | None = None  # why the file could not be read at all
    skipped_hands: tuple[SkippedRecord, ...] = ()


@dataclass(frozen=True)
class ImportResult:
    """An import of files and folders, file by file."""

    database: str
    files: tuple[ImportedFile, ...]
    passed_over: tuple[str, ...] = ()  # files in folders that are not text

    @property
    def new(self) -> int:
        return sum(f.new for f in self.files)

    @property
    def already(self) -> int:
        return sum(f.already for f in self.files)

    @property
    def skipped(self) -> int:
        return sum(f.skipped for f in self.files)

    @property
    def other_games(self) -> int:
        return sum(f.other_games for f in self.files)

    @property
    def failed(self) -> tuple[ImportedFile, ...]:
        return tuple(f for f in self.files if f.error)

    def sentence(self) -> str:
        """``646 new, 0 already in the database`` and what else there was."""
        return import_sentence(self.new, self.already, self.skipped, self.other_games,
                               len(self.failed))

    def rows(self) -> list[dict[str, Any]]:
        return [{"path": f.path, "new": f.new, "already": f.already, "skipped": f.skipped,
                 "other_games": f.other_games, "error": f.error} for f in self.files]

    def to_dict(self) -> dict[str, Any]:
        return {
            "database": self.database, "new": self.new, "already": self.already,
            "skipped": self.skipped, "other_games": self.other_games,
            "files": self.rows(), "passed_over": list(self.passed_over),
            "skipped_hands": [asdict(s) for f in self.files for s in f.skipped_hands if s.stud],
        }


# each line of a player's stats as the command line's table and the page's name it (the
# page has them from GET /api/words); the net is a line per unit: "net won, USD"
STATS_LABELS: dict[str, str] = {
    "hands": "hands",
    "vpip": "VPIP",
    "complete": "completed or raised 3rd",
    "saw_4th": "saw 4th street",
    "saw_5th": "saw 5th street",
    "saw_6th": "saw 6th street",
    "saw_7th": "saw 7th street",
    "showdowns": "went to showdown",
    "won_at_showdown": "won at showdown",
    "scoops": "scoops (stud8)",
    "bb_per_100": "big bets per 100 hands",
    "net": "net won",
}
STATS_NOTE = ("VPIP, streets and showdown: % of hands; won at showdown: % of his showdowns; "
              "scoops: % of the stud8 showdowns he won part of")


@dataclass(frozen=True)
class StatsRow:
    """One player's figures over one game (``game`` "all": every game together).

    Counts are whole numbers; ``net`` maps each unit ("USD", "chips"...) to the chips won
    less those put in; ``bb_per_100`` is None when no hand has a known big bet.
    """

    game: str
    hands: int
    vpip: int
    complete: int
    saw_4th: int
    saw_5th: int
    saw_6th: int
    saw_7th: int
    showdowns: int
    won_at_showdown: int
    stud8_showdowns_won: int  # the stud8 showdowns where he collected anything
    scoops: int  # of those, the ones where nobody else collected anything
    net: dict[str, float] = field(default_factory=dict)
    big_bets: float = 0.0  # net in big bets, over the hands whose big bet is known
    big_bet_hands: int = 0  # those hands
    all_in_hands: int = 0

    def percent(self, count: int, of: int | None = None) -> float | None:
        whole = self.hands if of is None else of
        return 100.0 * count / whole if whole else None

    @property
    def bb_per_100(self) -> float | None:
        return 100.0 * self.big_bets / self.big_bet_hands if self.big_bet_hands else None

    def to_dict(self) -> dict[str, Any]:
        pct = self.percent
        return {
            "game": self.game, "hands": self.hands,
            "vpip": self.vpip, "vpip_pct": pct(self.vpip),
            "complete": self.complete, "complete_pct": pct(self.complete),
            "saw_4th": self.saw_4th, "saw_4th_pct": pct(self.saw_4th),
            "saw_5th": self.saw_5th, "saw_5th_pct": pct(self.saw_5th),
            "saw_6th": self.saw_6th, "saw_6th_pct": pct(self.saw_6th),
            "saw_7th": self.saw_7th, "saw_7th_pct": pct(self.saw_7th),
            "showdowns": self.showdowns, "showdown_pct": pct(self.showdowns),
            "won_at_showdown": self.won_at_showdown,
            "won_at_showdown_pct": pct(self.won_at_showdown, self.showdowns),
            "stud8_showdowns_won": self.stud8_showdowns_won, "scoops": self.scoops,
            "scoop_pct": pct(self.scoops, self.stud8_showdowns_won),
            "net": dict(self.net), "net_big_bets": round(self.big_bets, 6),
            "big_bet_hands": self.big_bet_hands, "bb_per_100": self.bb_per_100,
            "all_in_hands": self.all_in_hands,
        }


@dataclass(frozen=True)
class StatsResult:
    """``db stats``: one player's rows, a row per game he played and (when he played more
    than one, or always for ``game`` None) an ``all`` row."""

    player: str
    filters: dict[str, str]
    by_game: tuple[StatsRow, ...]

    def rows(self) -> list[dict[str, Any]]:
        return [{"player": self.player, **row.to_dict()} for row in self.by_game]

    def to_dict(self) -> dict[str, Any]:
        return {"player": self.player, "filters": dict(self.filters), "rows": self.rows()}


@dataclass(frozen=True)
class QueryResult:
    """``db query``: the columns and the rows of one SELECT."""

    columns: tuple[str, ...]
    data: tuple[tuple[Any, ...], ...]

    def rows(self) -> list[dict[str, Any]]:
        return [dict(zip(self.columns, row, strict=True)) for row in self.data]

    def to_dict(self) -> dict[str, Any]:
        return {"columns": list(self.columns), "rows": [list(row) for row in self.data]}


@dataclass(frozen=True)
class LuckRow:
    """One hand of ``db luck``: his net and his all-in adjusted net, in the hand's unit.

    ``adjusted`` = ``net - luck`` where he has an all-in luck figure (``history``'s:
    ``expected`` minus what he put in), else ``net``; ``running_*``: the sums so far of
    the hands in the same unit.
    """

    number: str
    time: str | None
    game: str
    stakes: str | None
    unit: str
    net: float
    adjusted: float
    big_bet: float | None = None  # the hand's big bet, in its unit (None: no stakes)
    all_in_street: int | None = None
    equity: float | None = None  # his showdown-view equity on that street
    pot: float | None = None  # the chips he could win
    expected: float | None = None  # equity x pot x (1 - rake / total pot)
    luck: float | None = None  # won - expected
    luck_big_bets: float | None = None
    running_net: float = 0.0
    running_adjusted: float = 0.0
    # the same sums in big bets (each hand's figure over its big bet; a hand with no
    # known big bet adds nothing)
    running_net_big_bets: float = 0.0
    running_adjusted_big_bets: float = 0.0

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(frozen=True)
class LuckResult:
    """``db luck``: one player's hands in time order (``hands``), and the totals per unit.

    ``computed``: all-in figures computed by this call (stored when ``stored``); the
    others were read from the database.
    """

    player: str
    filters: dict[str, str]
    hands: tuple[LuckRow, ...]
    computed: int = 0
    stored: bool = True

    @property
    def all_in(self) -> tuple[LuckRow, ...]:
        return tuple(row for row in self.hands if row.luck is not None)

    def totals(self) -> dict[str, dict[str, Any]]:
        """Per unit: hands, all-in hands, net, adjusted net, luck, and the net and adjusted
        net in big bets."""
        totals: dict[str, dict[str, Any]] = {}
        for row in self.hands:
            total = totals.setdefault(row.unit, {"hands": 0, "all_in_hands": 0, "net": 0.0,
                                                 "adjusted": 0.0, "luck": 0.0})
            total["hands"] += 1
            total["net"] = row.running_net
            total["adjusted"] = row.running_adjusted
            total["net_big_bets"] = row.running_net_big_bets
            total["adjusted_big_bets"] = row.running_adjusted_big_bets
            if row.luck is not None:
                total["all_in_hands"] += 1
                total["luck"] += row.luck
        return totals

    def rows(self) -> list[dict[str, Any]]:
        return [{"player": self.player, **row.to_dict()} for row in self.hands]

    def to_dict(self) -> dict[str, Any]:
        return {"player": self.player, "filters": dict(self.filters),
                "totals": self.totals(), "computed": self.computed, "hands": self.rows()}


@dataclass(frozen=True)
class StartsRow:
    """``db starts``: his hands of one starting-hand class (``kind`` "class") or group
    (``kind`` "group": trips, buried pair, split pair, three-flush, three-straight, other)
    of one game.  ``equity``: the exact table's equity against one random hand (a group:
    the mean over his hands in it)."""

    game: str
    kind: str
    start: str
    hands: int
    vpip: int
    net: dict[str, float]
    big_bets: float  # net in big bets, over the hands whose big bet is known
    big_bet_hands: int
    equity: float

    @property
    def vpip_pct(self) -> float | None:
        return 100.0 * self.vpip / self.hands if self.hands else None

    @property
    def bb_per_hand(self) -> float | None:
        return self.big_bets / self.big_bet_hands if self.big_bet_hands else None

    def to_dict(self) -> dict[str, Any]:
        return {"game": self.game, "kind": self.kind, "start": self.start,
                "hands": self.hands, "vpip": self.vpip, "vpip_pct": self.vpip_pct,
                "net": dict(self.net),
                "net_per_hand": {unit: value / self.hands for unit, value in self.net.items()},
                "bb_per_hand": self.bb_per_hand, "big_bet_hands": self.big_bet_hands,
                "equity": self.equity}


@dataclass(frozen=True)
class StartsResult:
    """``db starts``: one player's rows, the classes then the groups, game by game."""

    player: str
    filters: dict[str, str]
    by_start: tuple[StartsRow, ...]

    def rows(self) -> list[dict[str, Any]]:
        return [{"player": self.player, **row.to_dict()} for row in self.by_start]

    def to_dict(self) -> dict[str, Any]:
        return {"player": self.player, "filters": dict(self.filters), "rows": self.rows()}


__all__ = ["IMPORT_WORDS", "STATS_LABELS", "STATS_NOTE", "ImportResult", "ImportedFile",
           "LuckResult", "LuckRow", "QueryResult",
           "SkippedRecord", "StartsResult", "StartsRow", "StatsResult", "StatsRow",
           "import_sentence", "import_words"]
