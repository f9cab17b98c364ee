"""The JSON Lines record of one stud hand, as written and as ``--resume`` recognises it.

A replayed hand's record is :meth:`stud_odds.history.replaying.HandReplay.to_dict`;
a skipped hand's is :func:`skipped_record`.  ``HAND_RECORD`` is that kind of
record for the one writer of long runs (:mod:`stud_odds.study.writing`): a line
is taken as finished work only when it is strict JSON with every field of a
record, each of its type.
"""

from __future__ import annotations

import json
from typing import Any

from stud_odds.games import Game
from stud_odds.history.model import SkippedHand
from stud_odds.results import Rate
from stud_odds.scenario.table import STREETS
from stud_odds.study.writing import (
    RecordKind,
    check_fields,
    is_number,
    is_text,
    maybe,
    strict_json_object,
)

GAMES = frozenset(game.value for game in Game)


def skipped_record(skipped: SkippedHand, hero: str | None = None) -> dict[str, Any]:
    """The JSON Lines object of a stud hand that could not be read or replayed."""
    return {
        "id": skipped.id, "game": None if skipped.game is None else skipped.game.value,
        "stakes": None, "hero": hero, "skipped": skipped.reason, "streets": [],
        "showdown": None, "pot": None, "won": None,
    }


def _texts(value: Any) -> bool:
    return isinstance(value, list) and all(isinstance(card, str) for card in value)


_PLAYER = {"name": is_text, "hand": is_text, Rate.EQUITY: is_number, Rate.EQUITY_SE: is_number}
_STREET = {"street": lambda v: v in STREETS, "dead": _texts, "community": maybe(is_text),
           "players": lambda v: isinstance(v, list) and len(v) >= 2}


def _streets(value: Any) -> bool:
    if not isinstance(value, list):
        return False
    for street in value:
        if not isinstance(street, dict):
            return False
        check_fields(street, _STREET)
        for player in street["players"]:
            if not isinstance(player, dict):
                return False
            check_fields(player, _PLAYER)
    return True


def _won(value: Any) -> bool:
    return isinstance(value, dict) and all(is_number(chips) for chips in value.values())


_HAND = {
    "id": maybe(is_text), "game": maybe(lambda v: v in GAMES), "stakes": maybe(is_text),
    "hero": maybe(is_text), "skipped": maybe(is_text), "streets": _streets,
    "showdown": maybe(_streets), "pot": maybe(is_number), "won": maybe(_won),
}


def hand_key(text: str) -> tuple[str | None, bool]:
    """(hand id, whether it was skipped) of a record line; ValueError if it is not one."""
    data = strict_json_object(text)
    check_fields(data, _HAND)
    skipped = data["skipped"] is not None
    if skipped != (data["pot"] is None) or (not skipped and data["game"] is None):
        raise ValueError("a record both skipped and replayed")
    return data["id"], skipped


def _text(record: dict[str, Any]) -> str:
    return json.dumps(record, allow_nan=False) + "\n"


HAND_RECORD = RecordKind("a hand result", _text, hand_key)

__all__ = ["HAND_RECORD", "hand_key", "skipped_record"]
