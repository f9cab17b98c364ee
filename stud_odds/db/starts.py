"""``db starts``: a player's hands by starting-hand class, beside the exact table's equity.

A start is his two hole cards and his door card (``seats.hole`` and the first of
``seats.upcards``), known only in the hands where the file shows his hole
cards.  Its class is the shipped exact table's (``stud_odds/data/
starting-hands-GAME.csv``: equal up to suits; razz, the same ranks), found
with the table's own key (``study.start_classes.start_key``); the equity beside it
is the table's ``equity`` column, against one random hand.
"""

from __future__ import annotations

from stud_odds.cards import ACE, parse_cards
from stud_odds.db.results import StartsResult, StartsRow
from stud_odds.db.showing import shown_value
from stud_odds.db.stats import _game_order, filters_text, player_rows
from stud_odds.db.store import DatabaseError, Store
from stud_odds.games import Game

GROUPS = ("trips", "buried pair", "split pair", "three-flush", "three-straight", "other")


def class_of(game: Game, hole: tuple[int, ...], door: int) -> tuple[str, float]:
    """The exact table's class of a start, and its equity against one random hand."""
    from stud_odds.study.start_classes import start_key
    from stud_odds.study.starts import shipped_classes

    return shipped_classes(game)[start_key(game, (*hole, door))]


def group_of(hole: tuple[int, ...], door: int, suits: bool = True) -> str:
    """trips; buried pair (the hole cards pair); split pair (the door pairs a hole card);
    three-flush (one suit; never when ``suits`` is False, as in razz); three-straight
    (three ranks in a row, the ace high or low); else other.  The first that applies."""
    first, second = (card >> 2 for card in hole)
    up = door >> 2
    if first == second == up:
        return "trips"
    if first == second:
        return "buried pair"
    if up in (first, second):
        return "split pair"
    cards = (*hole, door)
    if suits and len({card & 3 for card in cards}) == 1:
        return "three-flush"
    ranks = sorted({first, second, up})
    low = sorted(-1 if rank == ACE else rank for rank in ranks)
    if ranks[2] - ranks[0] == 2 or low[2] - low[0] == 2:
        return "three-straight"
    return "other"


# his hands summed per game, start (hole cards and door card, as dealt) and unit: a few
# thousand rows however many hands, each then given its class and group here
_ROWS = ("SELECT h.game, s.hole, substr(s.upcards, 1, 2), h.unit, count(*), sum(s.vpip), "
         "sum(s.won - s.invested), "
         "total(CASE WHEN h.big_bet > 0 THEN (s.won - s.invested) * 1.0 / h.big_bet END), "
         "sum(h.big_bet > 0) "
         "FROM seats AS s JOIN hands AS h ON h.id = s.hand_id "
         "WHERE s.name = ? AND s.hole IS NOT NULL AND s.upcards != '' {where} "
         "GROUP BY 1, 2, 3, 4")


def starts(store: Store, player: str | None = None, game: str | None = None,
           stakes: str | None = None, since: str | None = None,
           until: str | None = None) -> StartsResult:
    """``player``'s hands whose hole cards are known (default: the player in most hands),
    by game: a row per class he was dealt (most hands first), then a row per group."""
    player, found, shown = player_rows(store, _ROWS, player, game, stakes, since, until)
    if not found:
        raise DatabaseError(f"{shown_value(player)} has no hand in {store.name} whose hole "
                            "cards are known"
                            f"{' ' + filters_text(shown) if shown else ''}")
    # (game, kind, name) -> [hands, vpip, net by unit, big bets, big-bet hands, equity sum,
    # a class's equity]
    sums: dict[tuple[str, str, str], list] = {}
    for game_name, hole_text, door_text, unit, hands, vpip, net, big_bets, big_bet_hands \
            in found:
        hole = tuple(parse_cards(hole_text))
        door = parse_cards(door_text)[0]
        name, equity = class_of(Game(game_name), hole, door)
        group = group_of(hole, door, suits=game_name != Game.RAZZ.value)
        for key in ((game_name, "class", name), (game_name, "group", group)):
            entry = sums.setdefault(key, [0, 0, {}, 0.0, 0, 0.0, equity])
            entry[0] += hands
            entry[1] += vpip
            entry[2][unit] = entry[2].get(unit, 0) + net
            entry[3] += big_bets
            entry[4] += big_bet_hands
            entry[5] += equity * hands

    def order(key: tuple[str, str, str]) -> tuple:
        game_name, kind, name = key
        rank = (-sums[key][0], name) if kind == "class" else (GROUPS.index(name),)
        return _game_order(game_name), kind != "class", rank

    rows = tuple(
        StartsRow(game=key[0], kind=key[1], start=key[2], hands=hands, vpip=vpip,
                  net={unit: value / 100 for unit, value in sorted(net.items())},
                  big_bets=big_bets, big_bet_hands=big_bet_hands,
                  equity=exact if key[1] == "class" else total / hands)
        for key in sorted(sums, key=order)
        for hands, vpip, net, big_bets, big_bet_hands, total, exact in [sums[key]])
    return StartsResult(player, shown, rows)


__all__ = ["GROUPS", "class_of", "group_of", "starts"]
