"""The seventh-street solver: how to bet and call the river heads-up, at equilibrium
(docs/river.md).  ``stud_odds.river(...)`` is :func:`river`, one of stud_odds' lazy names.

- :mod:`~stud_odds.solver.combos`: each player's hole-card combos and weights;
- :mod:`~stud_odds.solver.showdown`: showdown sums over two ranges by sorting and
  inclusion-exclusion (the numpy twin of kernels/river.py);
- :mod:`~stud_odds.solver.tree`: the limit betting;
- :mod:`~stud_odds.solver.cfr`: discounted CFR, best responses, exploitability;
- :mod:`~stud_odds.solver.summary`: a decision by hand class (the tables' figures);
- :mod:`~stud_odds.solver.result`: :class:`RiverResult`;
- :mod:`~stud_odds.solver.fields`: the solve's own fields (pot, cap, accuracy), read once;
- :mod:`~stud_odds.solver.solve`: :func:`river`, the one entry point.
"""

from __future__ import annotations

from stud_odds.solver.combos import RiverError
from stud_odds.solver.fields import DEFAULT_ACCURACY, MAX_CAP
from stud_odds.solver.result import RiverResult
from stud_odds.solver.solve import river

__all__ = ["DEFAULT_ACCURACY", "MAX_CAP", "RiverError", "RiverResult", "river"]
