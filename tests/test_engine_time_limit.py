"""max_time keeps the README's promise: sampling stops at the end of the first round that
ends past the limit, loading a kernel never counts against it, and the time reported is
never short of it."""

from __future__ import annotations

import time

import pytest

import stud_odds
from stud_odds.engine import kernel_choice, running, sample
from stud_odds.engine.twins.sampling import sample_chunks

THREE_PLAYERS = ["AsKs/Qh", "7c7d/2s", "xx/Jd"]  # third street, three-way: always sampled
LOADING = 0.5  # seconds a stand-in kernel takes to load: longer than the limit below
LIMIT = 0.3


def _twin_as_kernel(game: int):
    """A kernel entry that deals with the numpy twin (the same tallies, no numba), written
    into the kernel's per-chunk tally as the kernel writes it."""
    def entry(spot, ranges, lookups, seeds, per_chunk, tally) -> None:
        if len(seeds):
            tallies = sample_chunks(game, spot, ranges, lookups, seeds, per_chunk)
            tally.per_player[0] += tallies.per_player
            tally.classes[0] += tallies.classes
            tally.table[0] += tallies.table
    return entry


@pytest.fixture
def kernel_loaded_mid_run(monkeypatch):
    """The twin answers first (the kernel still compiling in the background); the compile
    then lands in the cache, and loading the kernel takes LOADING seconds."""
    loads = []

    def slow_kernel(method: str, game: int):
        time.sleep(LOADING)
        loads.append(method)
        return _twin_as_kernel(game), LOADING

    # the twin at the start, the kernel once asked again (it has reached the cache)
    answers = iter([False])
    monkeypatch.setattr(kernel_choice, "kernel_answers",
                        lambda *arguments, **keywords: next(answers, True))
    # not in the cache when sampling chooses (its first question), there afterwards
    landed = iter([False])
    monkeypatch.setattr(running, "in_cache", lambda name, game: next(landed, True))
    monkeypatch.setattr(running, "kernel", slow_kernel)
    return loads


def test_a_kernel_loaded_mid_run_is_left_out_of_the_time_limit(kernel_loaded_mid_run):
    scenario = stud_odds.Scenario.build(THREE_PLAYERS)
    started = time.perf_counter()
    result = stud_odds.equity(scenario, max_time=LIMIT, seed=1, threads=1)
    wall = time.perf_counter() - started
    assert kernel_loaded_mid_run == ["monte_carlo"]
    assert result.stopped_by == "time"
    # sampling itself ran past the limit, as promised; loading is not in the time reported
    assert result.elapsed_s >= LIMIT
    assert wall - result.elapsed_s >= LOADING
    assert result.outcomes > sample.FIRST_ROUND


@pytest.mark.parametrize("cached", [True, False])
def test_a_time_limit_weighs_the_kernel_by_what_it_deals_in_that_time(monkeypatch, cached):
    """A time limit alone asks for what the kernel deals within it: with the kernel in the
    cache that is worth loading first (the twin would deal a tenth as much); while it is
    not compiled the twin answers for the limit, and compiling first pays only past it."""
    asked = []

    def kernel_answers(name, game, twin_seconds, twin_bytes=0, kernel_seconds=0.0):
        asked.append((twin_seconds, kernel_seconds))
        return False

    monkeypatch.setattr(kernel_choice, "kernel_answers", kernel_answers)
    monkeypatch.setattr(running, "in_cache", lambda name, game: cached)
    stud_odds.equity(stud_odds.Scenario.build(THREE_PLAYERS), max_time=0.01, seed=1)
    twin, kernel = asked[0]  # at the start (the later ones: whether to load it mid-run)
    assert kernel == pytest.approx(0.01)
    ratio = sample.TWIN_SECONDS_PER_HAND / sample.KERNEL_SECONDS_PER_HAND
    assert twin == pytest.approx(0.01 * ratio if cached else 0.01)
