"""Results for machines: an equity result's JSON object (``equity --json``, the web API) and
CSV rows; any other result's rows (the database's, outs') as CSV and JSON text."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from stud_odds.result_terms import Rate

if TYPE_CHECKING:
    from stud_odds.pot_odds import PotOdds
    from stud_odds.results import EquityResult

# the columns of ``equity --csv``, one row per player (``outs --csv`` has its own)
EQUITY_CSV_FIELDS = ("seat", "hand", *Rate, "game", "method", "outcomes", "seed")
# with --pot/--to-call, after the class columns: filled on player 1's row, empty on the others
POT_ODDS_FIELDS = ("pot", "to_call", "required_equity", "call_ev", "decision")


def json_object(result: EquityResult, classes: bool = False,
                odds: PotOdds | None = None) -> dict[str, Any]:
    """The object ``equity --json`` prints (and the web API answers)."""
    data = result.to_dict(include_classes=classes)
    if odds is not None:
        data["pot_odds"] = odds.to_dict()
    return data


def strict_json(data: Any) -> str:
    """``data`` as strict JSON (never NaN or Infinity), indented."""
    return json.dumps(data, indent=2, allow_nan=False)


def to_json(result: EquityResult, classes: bool = False, odds: PotOdds | None = None) -> str:
    """:func:`json_object` as strict JSON (no NaN), indented."""
    return strict_json(json_object(result, classes, odds))


def to_csv(result: EquityResult, classes: bool = False, odds: PotOdds | None = None) -> str:
    """One row per player: EQUITY_CSV_FIELDS, the hand classes when asked, then the pot odds
    (on player 1's row) when given."""
    class_names = list(result.players[0].classes) if classes else []
    odds_names = list(POT_ODDS_FIELDS) if odds is not None else []
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow([*EQUITY_CSV_FIELDS, *class_names, *odds_names])
    for seat, player in enumerate(result.players, start=1):
        data = player.to_dict()
        data.update(seat=seat, game=result.game, method=result.method,
                    outcomes=result.outcomes, seed=result.seed)
        row = ["" if data[f] is None else data[f] for f in EQUITY_CSV_FIELDS]
        row += [player.classes[name] for name in class_names]
        hero = odds.to_dict() if odds is not None and seat == 1 else {}
        writer.writerow(row + [hero.get(name, "") for name in odds_names])
    return out.getvalue()


def json_text(data: Any) -> str:
    """Indented JSON, text as it is (not \\u-escaped); bytes as hex, anything else as its
    text (a date)."""
    return json.dumps(data, indent=2, ensure_ascii=False,
                      default=lambda v: v.hex() if isinstance(v, bytes) else str(v))


def csv_value(value: Any) -> Any:
    """A CSV field: None empty, a fraction without trailing zeros (``0.25``, at most 4
    decimals)."""
    if value is None:
        return ""
    if isinstance(value, float):
        return f"{value:.4f}".rstrip("0").rstrip(".")
    return value


def column_slug(unit: str) -> str:
    """A unit in a CSV column's name: ``net_USD``, ``net_tournament_chips``."""
    return unit.replace(" ", "_")


def rows_csv(rows: Sequence[Mapping[str, Any]]) -> str:
    """CSV of result rows (none: no text); a dict cell (money by unit) becomes a column per
    unit, ``net_USD``."""
    if not rows:
        return ""
    columns: list[tuple[str, str | None]] = []
    for key, value in rows[0].items():
        if isinstance(value, dict):
            units = sorted({unit for row in rows for unit in row[key]})
            columns.extend((key, unit) for unit in units)
        else:
            columns.append((key, None))
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow([key if unit is None else f"{key}_{column_slug(unit)}"
                     for key, unit in columns])
    for row in rows:
        writer.writerow([csv_value(row[key] if unit is None else row[key].get(unit))
                         for key, unit in columns])
    return out.getvalue()


__all__ = ["EQUITY_CSV_FIELDS", "POT_ODDS_FIELDS", "column_slug", "csv_value", "json_object",
           "json_text", "rows_csv", "strict_json", "to_csv", "to_json"]
