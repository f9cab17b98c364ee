"""A batch line's spot: the schema's fields (:class:`stud_odds.request.SpotRequest`) from a
JSON object or a CSV row.

Pure: data in, data out.  Reading lines of JSON or CSV is :mod:`stud_odds.study.reading`.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from stud_odds.request.spot import SpotRequest


def spot_key(number: int, spot: SpotRequest) -> tuple[str, str | int]:
    """What names a spot for ``--resume``: its id, or its line number when it has none."""
    return ("id", spot.id) if spot.id is not None else ("line", number)


def split_hands(text: str) -> list[str]:
    """The hands of a CSV cell, separated by spaces outside a range's brackets.

    >>> split_hands("[QQ+, AK]/Ah  xx/7d random")
    ['[QQ+, AK]/Ah', 'xx/7d', 'random']
    """
    return [match.group() for match in re.finditer(r"(?:\[[^\]]*\]?|\S)+", text)]


def spot_from_csv_row(row: Mapping[str, str]) -> SpotRequest:
    """CSV cells are texts: hands are space-separated (a range's brackets may hold spaces),
    folded players ';'-separated."""
    data: dict[str, Any] = dict(row)
    if isinstance(data.get("hands"), str):
        data["hands"] = split_hands(data["hands"])
    if isinstance(data.get("folds"), str):
        data["folds"] = [group for group in data["folds"].split(";") if group.strip()]
    return SpotRequest.from_fields(data)


__all__ = ["spot_from_csv_row", "spot_key", "split_hands"]
