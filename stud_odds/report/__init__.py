"""An equity result shown, in three floors, each standing on the one below:

- :mod:`~stud_odds.report.cells`: the numbers as printed (``54.78%``), the footer and
  pot-odds lines, and the HTML table; plain text, no rich (the web page, notebooks);
- :mod:`~stud_odds.report.terminal`: the rich tables ``stud-odds equity`` prints;
- :mod:`~stud_odds.report.formats`: the JSON object and CSV rows, for machines.

Every name below loads its module on first use: importing the package loads no rich.
The pot odds themselves are :mod:`stud_odds.pot_odds`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from stud_odds.lazy import lazy_names

if TYPE_CHECKING:
    from stud_odds.report.cells import (
        Z95,
        NumberColumn,
        footer_lines,
        html_table,
        number_columns,
        percent_decimals,
        pot_odds_lines,
        table_cells,
    )
    from stud_odds.report.formats import (
        EQUITY_CSV_FIELDS,
        POT_ODDS_FIELDS,
        json_object,
        to_csv,
        to_json,
    )
    from stud_odds.report.terminal import (
        Fitting,
        cards_text,
        classes_table,
        equity_layout,
        equity_table,
        hand_text,
        hands_list,
        render,
    )

_LAZY = {
    "Z95": "cells", "NumberColumn": "cells", "footer_lines": "cells", "html_table": "cells",
    "number_columns": "cells", "percent_decimals": "cells", "pot_odds_lines": "cells",
    "table_cells": "cells",
    "Fitting": "terminal", "cards_text": "terminal", "classes_table": "terminal",
    "equity_layout": "terminal", "equity_table": "terminal", "hand_text": "terminal",
    "hands_list": "terminal", "render": "terminal",
    "EQUITY_CSV_FIELDS": "formats", "POT_ODDS_FIELDS": "formats", "json_object": "formats",
    "to_csv": "formats", "to_json": "formats",
}

__getattr__, __dir__ = lazy_names(__name__, _LAZY)

__all__ = ["EQUITY_CSV_FIELDS", "POT_ODDS_FIELDS", "Z95", "Fitting", "NumberColumn",
           "cards_text", "classes_table", "equity_layout", "equity_table", "footer_lines",
           "hand_text", "hands_list", "html_table", "json_object", "number_columns",
           "percent_decimals", "pot_odds_lines", "render", "table_cells", "to_csv", "to_json"]
