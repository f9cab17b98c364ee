"""The seventh-street solver: how to bet and call the river heads-up, at equilibrium
(docs/river.md).

- :mod:`~stud_odds.river.combos`: each player's hole-card combos and weights;
- :mod:`~stud_odds.river.showdown`: showdown sums over two ranges by sorting and
  inclusion-exclusion (the numpy twin of kernels/river.py);
- :mod:`~stud_odds.river.tree`: the limit betting;
- :mod:`~stud_odds.river.solver`: discounted CFR, best responses, exploitability;
- :mod:`~stud_odds.river.summary`: a decision by hand class (the tables' figures);
- :mod:`~stud_odds.river.result`: :class:`RiverResult`;
- :mod:`~stud_odds.river.fields`: the solve's own fields (pot, cap, accuracy), read once;
- :mod:`~stud_odds.river.solve`: :func:`river`, the one entry point.

``stud_odds.river(...)`` calls :func:`river` whether ``stud_odds.river`` is this package
(imported first) or the function (stud_odds' lazy name): the package is callable.
"""

from __future__ import annotations

import sys
import types
from typing import Any

from stud_odds.river.combos import RiverError
from stud_odds.river.fields import DEFAULT_ACCURACY, MAX_CAP
from stud_odds.river.result import RiverResult
from stud_odds.river.solve import river


class _CallablePackage(types.ModuleType):
    def __call__(self, *args: Any, **kwargs: Any) -> RiverResult:
        return river(*args, **kwargs)


sys.modules[__name__].__class__ = _CallablePackage

__all__ = ["DEFAULT_ACCURACY", "MAX_CAP", "RiverError", "RiverResult", "river"]
