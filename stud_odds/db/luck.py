"""``db luck``: a player's net hand by hand, beside his all-in adjusted net.

The all-in figures are ``stud-odds history``'s, from its own code: the hand is
rebuilt from its rows as the parser gave it (:func:`hand_from_rows`), its
all-in luck is ``history.replaying.all_in_luck`` (the same scenarios, trials
and seeds as ``history``'s defaults).  Each figure is stored in ``all_in_luck`` the first time
it is asked for and read from there ever after.
"""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Callable
from decimal import Decimal

from stud_odds.cards import parse_cards
from stud_odds.db.results import LuckResult, LuckRow
from stud_odds.db.showing import shown_value
from stud_odds.db.stats import filters_text, others_named, player_rows
from stud_odds.db.store import DatabaseError, Store
from stud_odds.games import Game
from stud_odds.history.model import HandHistory, Player

SEVENTH = 7
_HUNDRED = Decimal(100)


def _money(cents: int | None) -> Decimal | None:
    return None if cents is None else Decimal(cents) / _HUNDRED


def _card_list(text: str | None) -> tuple[int, ...]:
    return tuple(parse_cards(text)) if text else ()


def hand_from_rows(connection: sqlite3.Connection, hand_id: int) -> HandHistory:
    """The hand stored as ``hand_id``, as the parser gave it (money back in its unit)."""
    (number, game, stakes, small_bet, big_bet, ante, bring_in, unit, tournament, table, hero,
     last_street, community, showdown, pot, rake, time, time_zone, line) = connection.execute(
        "SELECT number, game, stakes, small_bet, big_bet, ante, bring_in, unit, tournament, "
        "table_name, hero, last_street, community, showdown, pot, rake, time, time_zone, line "
        "FROM hands WHERE id = ?", (hand_id,)).fetchone()
    players = tuple(
        Player(seat=seat, name=name, chips=_money(chips), hole=_card_list(hole),
               upcards=_card_list(upcards), river=parse_cards(river)[0] if river else None,
               shown=bool(shown), folded=folded, all_in=all_in, invested=_money(invested),
               won=_money(won))
        for seat, name, chips, hole, upcards, river, shown, folded, all_in, invested, won
        in connection.execute(
            "SELECT seat, name, chips, hole, upcards, river, shown, folded, all_in, invested, "
            "won FROM seats WHERE hand_id = ? ORDER BY seat", (hand_id,)))
    return HandHistory(
        id=number, game=Game(game), stakes=stakes, big_bet=_money(big_bet), unit=unit,
        tournament=tournament, table=table, hero=hero, players=players,
        last_street=last_street, community=parse_cards(community)[0] if community else None,
        showdown=bool(showdown), pot=_money(pot), rake=_money(rake), source="", line=line,
        time=time, time_zone=time_zone, small_bet=_money(small_bet), ante=_money(ante),
        bring_in=_money(bring_in))


def _settings() -> tuple[int, int]:
    from stud_odds.history.settings import DEFAULT_PRECISION_POINTS, DEFAULT_SEED, trials_for

    return trials_for(DEFAULT_PRECISION_POINTS), DEFAULT_SEED


COMMIT_EVERY_S = 1.0  # computed figures are committed at least this often


def compute_missing(store: Store, wanted: list[tuple[int, int, str]],
                    progress: Callable[[int, int], None] | None = None) -> dict:
    """Compute the all-in luck of each (hand id, seat, name) and store it (when the file
    can be written), a transaction at least every ``COMMIT_EVERY_S`` seconds, so Ctrl-C
    (KeyboardInterrupt) keeps all but the last second's; returns them by (hand id, seat)."""
    from stud_odds.history.replaying import all_in_luck

    trials, seed = _settings()
    found: dict[tuple[int, int], tuple] = {}
    pending: list[tuple] = []
    last = time.monotonic()

    def commit() -> None:
        if pending and not store.read_only:
            with store.transaction() as cursor:
                cursor.executemany(
                    "INSERT OR IGNORE INTO all_in_luck (hand_id, seat, street, equity, pot, "
                    "expected, luck, trials, seed) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    pending)
        pending.clear()

    for done, (hand_id, seat, name) in enumerate(wanted):
        hand = hand_from_rows(store.connection, hand_id)
        luck = all_in_luck(hand, name, trials, seed)
        values = (hand.player(name).all_in, *((luck.equity, luck.pot, luck.expected, luck.luck)
                                              if luck is not None else (None,) * 4))
        found[(hand_id, seat)] = values
        pending.append((hand_id, seat, *values, trials, seed))
        if time.monotonic() - last >= COMMIT_EVERY_S:
            commit()
            last = time.monotonic()
        if progress is not None:
            progress(done + 1, len(wanted))
    commit()
    return found


_ROWS = (
    "SELECT h.id, s.seat, h.number, h.time, h.game, h.stakes, h.unit, h.big_bet, "
    "s.invested, s.won, s.all_in, h.showdown, l.street, l.equity, l.pot, l.expected, "
    "l.luck, l.hand_id IS NOT NULL "
    "FROM seats AS s JOIN hands AS h ON h.id = s.hand_id "
    "LEFT JOIN all_in_luck AS l ON l.hand_id = s.hand_id AND l.seat = s.seat "
    "WHERE s.name = ? {where} ORDER BY h.time, h.id")


def luck(store: Store, player: str | None = None, game: str | None = None,
         stakes: str | None = None, since: str | None = None, until: str | None = None,
         progress: Callable[[int, int], None] | None = None) -> LuckResult:
    """``player``'s hands in time order, each with his net, his all-in adjusted net and the
    running totals (per unit); the all-in figures not yet stored are computed and stored."""
    player, found, shown = player_rows(store, _ROWS, player, game, stakes, since, until)
    if not found:
        raise DatabaseError(f"{shown_value(player)} plays no hand"
                            f"{' ' + filters_text(shown) if shown else ''} in {store.name}"
                            f"{others_named(store, game, stakes, since, until)}")
    wanted = [(row[0], row[1], player) for row in found
              if row[11] and row[10] is not None and row[10] < SEVENTH and not row[17]]
    computed = compute_missing(store, wanted, progress) if wanted else {}
    rows: list[LuckRow] = []
    net_total: dict[str, int] = {}
    adjusted_total: dict[str, float] = {}
    net_big_bets: dict[str, float] = {}
    adjusted_big_bets: dict[str, float] = {}
    for (hand_id, seat, number, when, game_name, stakes_text, unit, big_bet, invested, won,
         _all_in, _showdown, street, equity, pot, expected, luck_value, _stored) in found:
        if (hand_id, seat) in computed:
            street, equity, pot, expected, luck_value = computed[(hand_id, seat)]
        net_cents = won - invested
        net = net_cents / 100
        adjusted = net - luck_value if luck_value is not None else net
        net_total[unit] = net_total.get(unit, 0) + net_cents
        adjusted_total[unit] = adjusted_total.get(unit, 0.0) + adjusted
        bet = big_bet / 100 if big_bet else None
        net_big_bets[unit] = net_big_bets.get(unit, 0.0) + (net / bet if bet else 0.0)
        adjusted_big_bets[unit] = (adjusted_big_bets.get(unit, 0.0)
                                   + (adjusted / bet if bet else 0.0))
        rows.append(LuckRow(
            number=number, time=when, game=game_name, stakes=stakes_text, unit=unit,
            net=net, adjusted=adjusted, big_bet=bet,
            all_in_street=street if luck_value is not None else None,
            equity=equity if luck_value is not None else None,
            pot=pot if luck_value is not None else None,
            expected=expected if luck_value is not None else None, luck=luck_value,
            luck_big_bets=luck_value / (big_bet / 100) if luck_value is not None and big_bet
            else None,
            running_net=net_total[unit] / 100, running_adjusted=adjusted_total[unit],
            running_net_big_bets=net_big_bets[unit],
            running_adjusted_big_bets=adjusted_big_bets[unit]))
    return LuckResult(player, shown, tuple(rows), computed=len(computed),
                      stored=not store.read_only)


__all__ = ["compute_missing", "hand_from_rows", "luck"]
