"""An equity result shown, in three floors, each standing on the one below:

- :mod:`~stud_odds.report.cells`: the numbers as printed (``54.78%``), the footer and
  pot-odds lines, and the HTML table; plain text, no rich (the web page, notebooks);
- :mod:`~stud_odds.report.terminal`: the rich tables ``stud-odds equity`` prints;
- :mod:`~stud_odds.report.formats`: the JSON object and CSV rows, for machines.

Every name below loads its module on first use: importing the package loads no rich.
The pot odds themselves are :mod:`stud_odds.pot_odds`.
"""

from __future__ import annotations

from stud_odds.lazy import lazy_names

# the module -> the names it defines, each module imported on first use
__getattr__, __dir__, __all__ = lazy_names(__name__, {
    "cells": ("Z95", "NumberColumn", "footer_lines", "html_table", "number_columns",
              "percent_decimals", "pot_odds_lines", "table_cells"),
    "terminal": ("Fitting", "cards_text", "classes_table", "equity_layout", "equity_table",
                 "hand_text", "hands_list", "render"),
    "formats": ("EQUITY_CSV_FIELDS", "POT_ODDS_FIELDS", "json_object", "to_csv", "to_json"),
})
