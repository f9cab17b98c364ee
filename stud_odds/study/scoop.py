"""Scoop studies: how a hand's pots end (scooped, one half, a split part, nothing) and which
final hands scooped."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from stud_odds.checks import check_count, parse_trials
from stud_odds.engine import equity
from stud_odds.games import Game
from stud_odds.results import EquityResult, PlayerEquity, Rate
from stud_odds.scenario import MAX_PLAYERS, Scenario
from stud_odds.study.common import StudyError, StudyInterrupted, finished


@dataclass(frozen=True)
class ScoopStudy:
    """How the first player's pots end: scooped, one half, a split part or nothing,
    and which final hands scooped."""

    scenario: Scenario
    result: EquityResult

    @property
    def hero(self) -> PlayerEquity:
        return self.result.players[0]

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.result.game,
            "hand": self.hero.hand,
            "opponents": [str(hand) for hand in self.scenario.hands[1:]],
            "method": self.result.method,
            "outcomes": self.result.outcomes,
            "seed": self.result.seed,
            **{rate.value: getattr(self.hero, rate)
               for rate in (Rate.EQUITY, Rate.EQUITY_SE, Rate.SCOOP)},
            "pot_shares": self.hero.pot_shares,
            "scooping_hands": self.hero.scooping_hands,
        }


def scoop_study(hand: str, opponents: int | Iterable[str] = 1, game: str | Game = "stud8", *,
                dead: str = "", folds: Iterable[str] = (), trials: int | str | None = None,
                precision: float | None = None, seed: int | None = None,
                threads: int | None = None) -> ScoopStudy:
    """The scoop breakdown of ``hand`` against ``opponents`` random hands or the hands given.

    Ctrl-C raises StudyInterrupted; after Monte Carlo trials its ``partial`` is
    the study of the trials run so far (marked ``stopped_by == "interrupted"``).
    """
    trials = None if trials is None else parse_trials(trials)  # the total of an interruption
    if isinstance(opponents, int):
        others = ["random"] * check_count(opponents, "opponents", 1, MAX_PLAYERS - 1)
    else:
        others = list(opponents)
        if not others:
            raise StudyError("give at least one opponent (a hand or a number of random ones)")
    scenario = Scenario.build([hand, *others], game=game, dead=dead, folds=list(folds))
    counted: list[Any] = [0, None]  # deals or trials done and their total, as last reported

    def progress(done: int, total: int | None) -> None:
        counted[:] = [done, total]

    result = None
    try:
        result = equity(scenario, trials=trials, precision=precision, seed=seed,
                        threads=threads, scooping_hands=True, progress=progress)
        finished(result)
    except KeyboardInterrupt:
        if result is not None:  # a Monte Carlo sample cut short: kept as the partial study
            raise StudyInterrupted(result.outcomes, trials, "trial",
                                   partial=ScoopStudy(scenario, result)) from None
        # exact enumeration raises; its progress counts deals, out of every deal
        unit = "deal" if counted[1] == scenario.plan.outcomes() else "trial"
        raise StudyInterrupted(counted[0], counted[1], unit) from None
    return ScoopStudy(scenario, result)


__all__ = ["ScoopStudy", "scoop_study"]
