"""Every table the project prints, as plain cells under the terminal, the page and the
machine formats; the doors choose and call.

An equity result, in three floors, each standing on the one below:

- :mod:`~stud_odds.report.cells`: the numbers as printed (``54.78%``), the footer and
  pot-odds lines, and the HTML table; plain text, no rich (the web page, notebooks);
  it stands under :mod:`stud_odds.results` (a result's ``_repr_html_`` draws on it);
- :mod:`~stud_odds.report.terminal`: the rich tables ``stud-odds equity`` prints;
- :mod:`~stud_odds.report.formats`: the JSON objects and CSV rows, for machines.

The other commands' tables are :mod:`~stud_odds.report.tables` views (a title,
columns, rows of text, the lines around them), drawn at a terminal by the one
``print_view``: :mod:`~stud_odds.report.outs`, :mod:`~stud_odds.report.db` (import,
stats, luck, starts, query), :mod:`~stud_odds.report.history` (a run's summary, skipped
hands, luck, the hands of a file; one hand street by street is a rich table of its own)
and :mod:`~stud_odds.report.study` (replay, starting-hand and scoop tables).

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
