"""When sampling stops, and which method counts: the one :class:`Stop` value, read once at
each door and carried as it is down to the engine.

A Stop holds its values in the units the user gave them: ``precision`` in
percentage points (every equity's standard error at most), ``max_time`` in
seconds of sampling.  Nothing below a door checks, renames or converts them
again; the engine computes the fraction it compares errors with where it
compares them.  Two readers make one: :meth:`Stop.from_given` for the values a
door read through the schema (a batch line, a web request, the command line),
:meth:`Stop.checked` for Python's keywords (``equity()``, ``outs()``), each
value named as that caller knows it.  Pure Python: no numpy, no numba.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from stud_odds.checks import (
    OptionError,
    check_precision,
    check_seconds,
    check_seed,
    parse_trials,
    trials_needed,
)
from stud_odds.errors import blame, shown
from stud_odds.request.schema import Door, parse_fields
from stud_odds.result_terms import Method

METHODS = tuple(Method)  # auto, exact, monte-carlo
# the schema's fields a Stop is read from
STOP_FIELDS = ("trials", "precision", "exact", "seed", "max_time")


@dataclass(frozen=True)
class Stop:
    """How a spot is worked: the method, and when sampling stops (``trials``, ``precision``
    in percentage points, ``max_time`` in seconds; the first reached ends it), and the
    seed.  Made only by its readers, so every field holds a checked value in its unit."""

    method: Method = Method.AUTO
    trials: int | None = None
    precision: float | None = None  # percentage points
    max_time: float | None = None  # seconds of sampling
    seed: int | None = None

    @classmethod
    def from_given(cls, given: Mapping[str, Any]) -> Stop:
        """The Stop of values a door has read through the schema (``exact``: a yes or no)."""
        stop = cls(Method.EXACT if given.get("exact") else Method.AUTO, given.get("trials"),
                   given.get("precision"), given.get("max_time"), given.get("seed"))
        with blame("exact"):
            stop._refuse_exact_with_a_target()
        return stop

    @classmethod
    def read(cls, data: Mapping[str, Any], door: Door = Door.FIELDS) -> Stop:
        """The Stop of a mapping of the schema's fields (the others are left alone)."""
        return cls.from_given(parse_fields(data, STOP_FIELDS, door))

    @classmethod
    def checked(cls, method: Any = Method.AUTO, trials: Any = None, precision: Any = None,
                max_time: Any = None, seed: Any = None) -> Stop:
        """The Stop of Python's keywords (``trials`` may be a text such as "250k"), each by
        its one checker (stud_odds.checks), or an OptionError naming it as a Python caller
        knows it ("the seed")."""
        if not isinstance(method, str) or method not in METHODS:
            raise OptionError(f"{shown(method)} is not a method: use auto, exact or monte-carlo")
        stop = cls(Method(method), None if trials is None else parse_trials(trials),
                   check_precision(precision), check_seconds(max_time))
        stop._refuse_exact_with_a_target()
        return replace(stop, seed=check_seed(seed))

    def _refuse_exact_with_a_target(self) -> None:
        if self.method is Method.EXACT and (self.trials is not None
                                            or self.precision is not None):
            raise OptionError("exact enumeration takes no trial count or precision target")

    @property
    def sampling_stop_given(self) -> bool:
        """Whether any of trials, precision and max_time was given."""
        return not (self.trials is None and self.precision is None and self.max_time is None)

    def as_keywords(self) -> dict[str, Any]:
        """The Stop as Python's keywords, for a function that takes them (``outs()``)."""
        return {"method": self.method, "trials": self.trials, "precision": self.precision,
                "max_time": self.max_time, "seed": self.seed}

    def trials_needed(self) -> int | None:
        """The trials that meet ``precision`` whatever the spot (None without one): the
        checks' one rule, n = 0.25 / p^2 (:func:`stud_odds.checks.trials_needed`)."""
        return None if self.precision is None else trials_needed(self.precision)


__all__ = ["METHODS", "STOP_FIELDS", "Stop"]
