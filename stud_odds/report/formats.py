"""A result for machines: the JSON object (``equity --json``, the web API) and CSV rows."""

from __future__ import annotations

import csv
import io
import json
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


def to_json(result: EquityResult, classes: bool = False, odds: PotOdds | None = None) -> str:
    """:func:`json_object` as strict JSON (no NaN), indented."""
    return json.dumps(json_object(result, classes, odds), indent=2, allow_nan=False)


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


__all__ = ["EQUITY_CSV_FIELDS", "POT_ODDS_FIELDS", "json_object", "to_csv", "to_json"]
