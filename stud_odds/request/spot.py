"""A spot and how to compute it, parsed once: what a batch line, a web request and the
``equity`` command ask.

:meth:`SpotRequest.from_fields` reads a dict of the schema's fields (a batch
line, a web request's JSON or query, the command line's options) through each
option's one reader; every mistake is one sentence carrying its ``field`` (and
``seat`` for a hand), named as its door knows it.  A SpotRequest is a value: a
door hands its scenario, Stop and threads to the engine as they are
(``stud_odds.engine.run_equity``).  :meth:`SpotRequest.command` writes the
``stud-odds equity`` line that prints the same numbers.
"""

from __future__ import annotations

import shlex
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from stud_odds.errors import blame, shown
from stud_odds.request.schema import (
    OPTIONS,
    SPOT_FIELDS,
    Door,
    OptionError,
    check_pot_odds,
    parse_fields,
)
from stud_odds.request.stop import Stop
from stud_odds.results import Method
from stud_odds.scenario import DeckRule, Scenario


@dataclass(frozen=True)
class SpotRequest:
    """A validated spot, how to work it (its Stop, the threads: None for every core), and
    the ``equity`` command's output options."""

    scenario: Scenario
    stop: Stop = Stop()
    threads: int | None = None
    id: str | None = None
    classes: bool = False
    pot: float | None = None
    to_call: float | None = None

    @classmethod
    def from_fields(cls, data: Any, names: tuple[str, ...] = SPOT_FIELDS,
                    door: Door = Door.FIELDS) -> SpotRequest:
        """A SpotRequest from a mapping of the schema's fields; ``names`` are those this door
        takes (a batch line: SPOT_FIELDS; a web request adds OUTPUT_FIELDS; the command line
        threads too)."""
        if not isinstance(data, Mapping):
            raise OptionError(f"a spot is an object of fields ({', '.join(names)}), "
                              f"not {shown(data)}")
        unknown = sorted(str(name) for name in set(data) - set(names))
        if unknown:
            raise OptionError(f"unknown field {shown(unknown[0])}: fields are "
                              f"{', '.join(names)}")
        hands = OPTIONS["hands"].parse(data.get("hands"), door)
        if hands is None:
            with blame("hands"):
                raise OptionError("a spot needs 'hands', one per live player")
        given = parse_fields(data, tuple(name for name in names if name != "hands"), door)
        scenario = Scenario.build(hands, game=given["game"] or "stud", dead=given["dead"] or (),
                                  folds=given.get("folds") or [],
                                  community=given["community"],
                                  deck_rule=given["deck_rule"] or "casino")
        pot, to_call = given.get("pot"), given.get("to_call")  # a batch line has neither
        check_pot_odds(pot, to_call, door)
        return cls(scenario, Stop.from_given(given), given.get("threads"), id=given.get("id"),
                   classes=bool(given.get("classes")), pot=pot, to_call=to_call)

    def command(self) -> str:
        """The ``stud-odds equity ...`` line that prints the same numbers."""
        from stud_odds.cards import format_card

        scenario = self.scenario
        words = ["stud-odds", "equity", *(str(hand) for hand in scenario.hands),
                 OPTIONS["game"].flag, scenario.game.value]
        if scenario.dead:
            words += [OPTIONS["dead"].flag, " ".join(map(format_card, scenario.dead))]
        for upcards in scenario.folds:
            words += [OPTIONS["folds"].flag, "".join(map(format_card, upcards))]
        if scenario.community is not None:
            words += [OPTIONS["community"].flag, format_card(scenario.community)]
        if scenario.deck_rule != DeckRule.CASINO:
            words += [OPTIONS["deck_rule"].flag, scenario.deck_rule.value]
        stop = self.stop
        if stop.method == Method.EXACT:
            words.append(OPTIONS["exact"].flag)
        for name, value in (("trials", stop.trials), ("precision", stop.precision),
                            ("max_time", stop.max_time), ("seed", stop.seed),
                            ("pot", self.pot), ("to_call", self.to_call)):
            if value is not None:
                words += [OPTIONS[name].flag, f"{value:g}" if isinstance(value, float)
                          else str(value)]
        if self.classes:
            words.append(OPTIONS["classes"].flag)
        return shlex.join(words)


class _Refused(Protocol):  # engine.ExactRefused, read without importing the engine
    def for_option(self, option: str) -> str: ...


def refused_for_fields(refused: _Refused) -> OptionError:
    """engine.ExactRefused said to a reader who asked with the field ``"exact": true`` (a
    batch line, a web request), blamed on that field."""
    failure = OptionError(refused.for_option('"exact": true'))
    failure.field = "exact"
    return failure


__all__ = ["SpotRequest", "refused_for_fields"]
