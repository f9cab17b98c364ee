"""``db stats``: one player's figures, game by game, in one SQL pass.

docs/database.md defines each figure; ``schema.FIGURES`` is that definition, summed
over his seats, or over his rows of ``player_days`` (the same sums, kept per day by each
import) when the filters are whole days: a million hands are then a few hundred rows.
"""

from __future__ import annotations

import sqlite3
from datetime import datetime, timedelta
from typing import Any

from stud_odds.db.results import StatsResult, StatsRow
from stud_odds.db.schema import FIGURES
from stud_odds.db.showing import shown_value
from stud_odds.db.store import DatabaseError, EmptyDatabase, Store, check_text
from stud_odds.games import parse_game

# one row per game and unit; money in hundredths of the unit.  From the hands themselves:
_FROM_HANDS = (
    "SELECT h.game, h.unit, " + ", ".join(expression for _, expression in FIGURES)
    + " FROM seats AS s JOIN hands AS h ON h.id = s.hand_id WHERE s.name = ? {where} "
    "GROUP BY h.game, h.unit")
# the same sums, from player_days (kept by each import from the same expressions): the
# answer when the filters are whole days
_FROM_DAYS = (
    "SELECT game, unit, " + ", ".join(f"sum({name})" for name, _ in FIGURES)
    + " FROM player_days WHERE name = ? {where} GROUP BY game, unit")
_COUNTS = 11  # the counts after game and unit, before the money


def _when(text: str, option: str, end: bool) -> str:
    """A --since/--until value as the database's time text; a date alone in --until
    means to the end of that day."""
    try:
        moment = datetime.fromisoformat(text.strip())
    except ValueError:
        raise DatabaseError(f"{option} '{text}' is not a date or a time: write it as "
                            "2024-01-31 or 2024-01-31 18:30") from None
    if end and len(text.strip()) <= len("2024-01-31"):
        moment += timedelta(days=1)
    return moment.strftime("%Y-%m-%d %H:%M:%S")


_DATE = len("2024-01-31")


def _filters(game: str | None, stakes: str | None, since: str | None, until: str | None,
             days: bool) -> tuple[str, list[Any], dict[str, str]]:
    """The WHERE clause's conditions (on ``hands h``, or on ``player_days`` when ``days``),
    their arguments, and the filters as shown."""
    where, args, shown = [], [], {}
    for option, value in (("--game", game), ("--stakes", stakes), ("--since", since),
                          ("--until", until)):
        if value:
            check_text(value, f"{option} '{shown_value(value)}'")
    if game:
        where.append("h.game = ?" if not days else "game = ?")
        args.append(str(parse_game(game)))
        shown["game"] = args[-1]
    if stakes:
        where.append("h.stakes = ?" if not days else "stakes = ?")
        args.append(stakes)
        shown["stakes"] = stakes
    if since:
        bound = _when(since, "--since", end=False)
        where.append("h.time >= ?" if not days else "day >= ?")
        args.append(bound if not days else bound[:_DATE])
        shown["since"] = since.strip()
    if until:
        bound = _when(until, "--until", end=True)
        if days:
            where.append("day != '' AND day <= ?")
            args.append(until.strip()[:_DATE])
        else:
            where.append("h.time <= ?" if len(until.strip()) > _DATE else "h.time < ?")
            args.append(bound)
        shown["until"] = until.strip()
    return "".join(f" AND {w}" for w in where), args, shown


def _whole_days(since: str | None, until: str | None) -> bool:
    return all(value is None or len(value.strip()) <= _DATE for value in (since, until))


def most_hands(store: Store, where: str = "", args: list[Any] | None = None,
               limit: int = 1, days: bool = True) -> list[tuple[str, int]]:
    """The players in most hands (of those the filters keep), most first."""
    if days:
        sql = (f"SELECT name, sum(hands) AS n FROM player_days WHERE 1 {where} "
               "GROUP BY name ORDER BY n DESC, name LIMIT ?")
    else:
        sql = ("SELECT s.name, count(*) AS n FROM seats AS s JOIN hands AS h "
               f"ON h.id = s.hand_id WHERE 1 {where} GROUP BY s.name ORDER BY n DESC, s.name "
               "LIMIT ?")
    return list(store.connection.execute(sql, [*(args or []), limit]))


def _players(store: Store, game: str | None, stakes: str | None, since: str | None,
             until: str | None, limit: int) -> list[tuple[str, int]]:
    """The players in most hands among those the filters keep, as ``db stats`` finds them
    (from player_days when the filters are whole days)."""
    days = _whole_days(since, until)
    where, args, _ = _filters(game, stakes, since, until, days=days)
    return most_hands(store, where, args, limit=limit, days=days)


def default_player(store: Store, game: str | None, stakes: str | None, since: str | None,
                   until: str | None) -> str:
    """The player in most hands among those the filters keep."""
    top = _players(store, game, stakes, since, until, 1)
    if not top:
        raise DatabaseError(no_hands(store, _filters(game, stakes, since, until, days=False)[2]))
    return top[0][0]


def filters_text(shown: dict[str, str]) -> str:
    """The filters as words: ``of stud8 at stakes '$1/$2 USD' from 2024-01-01 on``."""
    words = {"game": "of {}", "stakes": "at stakes {}", "since": "from {} on",
             "until": "up to {}"}
    return " ".join(words[key].format(typed_value(value) if key == "stakes" else
                                      shown_value(value)) for key, value in shown.items())


def no_hands(store: Store, shown: dict[str, str]) -> str:
    """Why no hand is there to show: filters that keep none, with what the database holds,
    as the options are typed; or (raised: EmptyDatabase) a database that holds none."""
    if not shown or store.connection.execute("SELECT 1 FROM hands LIMIT 1").fetchone() is None:
        raise EmptyDatabase(f"{store.name} holds no hands yet: import some with stud-odds db "
                            "import FILES")
    return (f"{store.name} holds no hands {filters_text(shown)}; "
            f"{holds(store, list(shown))}")


def holds(store: Store, keys: list[str]) -> str:
    """What the database holds for each filter in ``keys``, as its option is typed:
    ``its games: --game stud, --game razz; its hands run from 2009-06-14 to 2023-02-02``."""
    connection = store.connection
    parts = []
    if "game" in keys:
        games = [game for (game,) in connection.execute("SELECT DISTINCT game FROM hands")]
        games.sort(key=_game_order)
        parts.append("its games: " + ", ".join(f"--game {game}" for game in games))
    if "stakes" in keys:
        stakes = [text for (text,) in connection.execute(
            "SELECT stakes FROM hands WHERE stakes IS NOT NULL GROUP BY stakes "
            "ORDER BY count(*) DESC, stakes LIMIT 6")]
        parts.append("its stakes: " + ", ".join(f"--stakes {typed_value(text)}"
                                                for text in stakes))
    if "since" in keys or "until" in keys:
        first, last = connection.execute(
            "SELECT min(substr(time, 1, 10)), max(substr(time, 1, 10)) FROM hands").fetchone()
        if first:
            parts.append(f"its hands run from {first} to {last}")
    return "; ".join(parts)


def others_named(store: Store, game: str | None, stakes: str | None, since: str | None,
            until: str | None) -> str:
    """`` (players in most hands: --player A, --player 'B C')``, as the option is typed, for
    a sentence saying a player has no hand."""
    return _named([name for name, _ in _players(store, game, stakes, since, until, 3)])


def _named(names: list[str]) -> str:
    typed = ", ".join(f"--player {typed_value(name)}" for name in names)
    return f" (players in most hands: {typed})" if typed else ""


def typed_value(value: str) -> str:
    """A value as a shell command takes it: ``Hero``, ``'Mr. Bean [NL]'``, ``'$1/$2 USD'``."""
    import shlex

    return shlex.quote(shown_value(value))


def player_rows(store: Store, sql: str, player: str | None, game: str | None,
                stakes: str | None, since: str | None, until: str | None
                ) -> tuple[str, list[tuple], dict[str, str]]:
    """``player`` (default: the player in most hands the filters keep), his rows of ``sql``
    (a query of one player's seats and hands: ``s.name = ? {where}``, the filters on
    ``hands h``), and the filters as shown."""
    where, args, shown = _filters(game, stakes, since, until, days=False)
    if player is not None:
        check_text(player, f"--player '{shown_value(player)}'")
    try:
        if player is None:
            player = default_player(store, game, stakes, since, until)
        found = store.connection.execute(sql.format(where=where), [player, *args]).fetchall()
    except sqlite3.Error as error:
        raise DatabaseError(f"{store.name} cannot be read: {error}") from None
    return player, found, shown


def stats(store: Store, player: str | None = None, game: str | None = None,
          stakes: str | None = None, since: str | None = None,
          until: str | None = None, from_hands: bool | None = None) -> StatsResult:
    """``player``'s figures (default: the player in most hands), a row per game and an
    ``all`` row.  ``from_hands``: sum over the hands themselves (the default when
    ``since`` or ``until`` is a time, not a date) rather than over ``player_days``."""
    days = not from_hands if from_hands is not None else _whole_days(since, until)
    if days and not _whole_days(since, until):
        raise DatabaseError("--since and --until with a time of day need the hands "
                            "themselves (from_hands=True)")
    where, args, shown = _filters(game, stakes, since, until, days)
    if player is not None:
        check_text(player, f"--player '{shown_value(player)}'")
    try:
        if player is None:
            top = most_hands(store, where, args, days=days)
            if not top:
                raise DatabaseError(no_hands(store, shown))
            player = top[0][0]
        sql = (_FROM_DAYS if days else _FROM_HANDS).format(where=where)
        found = store.connection.execute(sql, [player, *args]).fetchall()
        found = [row for row in found if row[2]]  # a day row can hold no hands of his
    except sqlite3.Error as error:
        raise DatabaseError(f"{store.name} cannot be read: {error}") from None
    if not found:
        others = [name for name, _ in most_hands(store, where, args, limit=3, days=days)]
        raise DatabaseError(f"{shown_value(player)} plays no hand"
                            f"{' ' + filters_text(shown) if shown else ''} in {store.name}"
                            f"{_named(others)}")
    by_game: dict[str, list] = {}
    for game_name, unit, *values in found:
        counts = [int(v or 0) for v in values[:_COUNTS]]
        net, big_bets, big_bet_hands, all_in = values[_COUNTS:]
        entry = by_game.setdefault(game_name, [[0] * (_COUNTS), {}, 0.0, 0, 0])
        entry[0] = [a + b for a, b in zip(entry[0], counts, strict=True)]
        entry[1][unit] = entry[1].get(unit, 0) + int(net or 0)
        entry[2] += float(big_bets or 0.0)
        entry[3] += int(big_bet_hands or 0)
        entry[4] += int(all_in or 0)
    rows = [_row(name, *by_game[name]) for name in sorted(by_game, key=_game_order)]
    if len(rows) > 1:
        total = [[0] * (_COUNTS), {}, 0.0, 0, 0]
        for entry in by_game.values():
            total[0] = [a + b for a, b in zip(total[0], entry[0], strict=True)]
            for unit, value in entry[1].items():
                total[1][unit] = total[1].get(unit, 0) + value
            total[2] += entry[2]
            total[3] += entry[3]
            total[4] += entry[4]
        rows.append(_row("all", *total))
    return StatsResult(player, shown, tuple(rows))


def _game_order(name: str) -> int:
    return ["stud", "stud8", "razz"].index(name) if name in ("stud", "stud8", "razz") else 9


def _row(game: str, counts: list[int], net: dict[str, int], big_bets: float,
         big_bet_hands: int, all_in: int) -> StatsRow:
    (hands, vpip, complete, saw4, saw5, saw6, saw7, showdowns, won_sd, stud8_won,
     scoops) = counts
    return StatsRow(game=game, hands=hands, vpip=vpip, complete=complete, saw_4th=saw4,
                    saw_5th=saw5, saw_6th=saw6, saw_7th=saw7, showdowns=showdowns,
                    won_at_showdown=won_sd, stud8_showdowns_won=stud8_won, scoops=scoops,
                    net={unit: value / 100 for unit, value in sorted(net.items())},
                    big_bets=big_bets, big_bet_hands=big_bet_hands, all_in_hands=all_in)


__all__ = ["default_player", "filters_text", "holds", "most_hands", "no_hands",
           "others_named", "player_rows", "stats", "typed_value"]
