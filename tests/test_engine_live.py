"""The live engine: partial results, cancel from another thread, many threads, warm-up.

Cancel tests use spots whose full run takes many seconds and assert that the
call stopped before finishing (never a timing); the threads test runs in
subprocesses under numba's workqueue layer (which aborts the process on two
parallel calls at once) and under the default layer.
"""

import dataclasses
import json
import math
import os
import subprocess
import sys
import textwrap
import threading
from types import SimpleNamespace

import numpy as np
import pytest

from stud_odds import Cancelled, EquityError, ExactProgress, GameError, equity, is_warm, warm_up
from stud_odds.engine import job as job_module
from stud_odds.engine import running, sample
from stud_odds.games import Game
from stud_odds.scenario import Scenario

THREE_WAY = Scenario.build(["AhKh/Qh", "7c7d/2s", "xx/9d"])
RIVER = Scenario.build(["AhKh9c/Qh2d3s4c", "7c7d8s/2s5h6d8d"])


def _without_time(result) -> dict:
    data = result.to_dict(include_classes=True)
    data.pop("elapsed_s")
    return data


# ---------------------------------------------------------------- partial results


def test_partial_results_come_once_a_round_and_converge():
    rounds = [1 << 16, 1 << 17, 1 << 18, 1 << 19]  # the rounds of 983,040 trials
    updates = []
    result = equity(THREE_WAY, trials=sum(rounds), seed=4, on_round=updates.append)
    assert result.stopped_by == "trials" and result.outcomes == sum(rounds)
    # a first look after an eighth of round 0, then one partial after every round but
    # the last, each the sum of the rounds so far
    first_look = rounds[0] * sample.FIRST_LOOK // sample.CHUNKS
    assert [u.outcomes for u in updates] == [first_look, *np.cumsum(rounds)[:-1]]
    for update in updates:
        assert update.stopped_by == "running" and update.method == "monte-carlo"
        assert update.seed == 4 and len(update.players) == 3
        for partial, final in zip(update.players, result.players, strict=True):
            assert abs(partial.equity - final.equity) < 4 * partial.equity_se
    ses = [u.max_se for u in updates] + [result.max_se]
    assert ses == sorted(ses, reverse=True)


@pytest.mark.parametrize("threads", [1, 2])
def test_final_numbers_identical_with_and_without_the_callback(threads):
    alone = equity(THREE_WAY, seed=9, threads=threads)
    updates = []
    watched = equity(THREE_WAY, seed=9, threads=threads, on_round=updates.append)
    assert updates and _without_time(watched) == _without_time(alone)


@pytest.mark.parametrize("hands, game, method", [
    (["AhKh/9cQh2d3s", "7c7d/8s2s5h6d"], "stud", "enumerate"),
    (["AhKh/Qh5d6d", "xx/2s3d4d"], "stud8", "headsup"),
    (["[QQ+]/Ah5d6d", "7c7d/2s3d4h"], "stud", "ranged"),
])
def test_exact_methods_report_progress_never_equities(hands, game, method):
    scenario = Scenario.build(hands, game=game)
    updates = []
    result = equity(scenario, method="exact", on_round=updates.append)
    assert all(isinstance(u, ExactProgress) for u in updates)
    assert {u.method for u in updates} == {method}
    assert updates[0].done == 0 and updates[-1].done == updates[-1].total == result.outcomes
    assert [u.done for u in updates] == sorted(u.done for u in updates)
    assert updates[0].to_dict() == {"method": method, "done": 0, "total": result.outcomes}
    assert _without_time(result) == _without_time(equity(scenario, method="exact"))


# ---------------------------------------------------------------- cancel


def _cancel_after_first_work(**options):
    """Run equity() with a token that a second thread sets once the work is under way
    (some deals counted, or a whole round sampled): (the result or the exception, the
    updates)."""
    token, started, updates = threading.Event(), threading.Event(), []

    def on_round(update):
        updates.append(update)
        if isinstance(update, ExactProgress) and update.done > 0 or \
                not isinstance(update, ExactProgress) and update.outcomes >= sample.FIRST_ROUND:
            started.set()

    setter = threading.Thread(target=lambda: started.wait(300) and token.set())
    setter.start()
    try:
        outcome = equity(on_round=on_round, cancel=token, **options)
    except Cancelled as cancelled:
        outcome = cancelled
    finally:
        started.set()
        setter.join()
    return outcome, updates


# spots whose full run takes many seconds (a minute or more on a busy 2-core machine)
LONG_HEADS_UP = Scenario.build(["AhKh/Qh", "xx/2s"], game="stud8")  # 1.4e12 deals
LONG_ENUMERATION = Scenario.build(["AsKs/Qh6c8d", "7c7d/2s3s4s", "xx/9s9h2h"])  # 1.6e10
LONG_RANGED = Scenario.build(["[22+, AK]/Ah", "7c7d/2s"], game="stud8")  # 79 choices


@pytest.mark.parametrize("scenario, method, kind", [
    (LONG_HEADS_UP, "exact", "headsup"),
    (LONG_ENUMERATION, "exact", "enumerate"),
    (LONG_RANGED, "exact", "ranged"),
])
def test_cancel_stops_an_exact_count_before_it_finishes(scenario, method, kind):
    outcome, updates = _cancel_after_first_work(scenario=scenario, method=method)
    assert isinstance(outcome, Cancelled), outcome
    assert {u.method for u in updates} == {kind}
    assert updates[-1].done < updates[-1].total
    # the engine answers the next call normally
    assert equity(RIVER).to_dict()["players"] == equity(RIVER).to_dict()["players"]


@pytest.mark.parametrize("scenario", [THREE_WAY, LONG_RANGED], ids=["plain", "ranged"])
def test_cancel_stops_sampling_with_the_whole_rounds(scenario):
    result, updates = _cancel_after_first_work(scenario=scenario, method="monte-carlo",
                                               trials=10**11, seed=2)
    assert result.stopped_by == "cancelled" and 0 < result.outcomes < 10**11
    round_ends = np.cumsum([min(sample.FIRST_ROUND << r, sample.LARGEST_ROUND)
                            for r in range(100)])
    assert result.outcomes in round_ends  # whole rounds only
    again = equity(scenario, method="monte-carlo", trials=200_000, seed=2)
    assert again.stopped_by == "trials" and again.outcomes == 200_000


def test_a_call_cancelled_before_it_starts():
    token = threading.Event()
    token.set()
    assert equity(THREE_WAY, trials=10**11, seed=1, cancel=token).outcomes == 0
    with pytest.raises(Cancelled):
        equity(LONG_ENUMERATION, method="exact", cancel=token)


def test_a_queued_call_can_be_cancelled_and_a_short_call_is_not_starved():
    """A long sampling call holds the kernels; a second call queues behind it and is
    cancelled, a third (short) one finishes while the long one still runs."""
    long_token, long_started, results = threading.Event(), threading.Event(), {}

    def long_call():
        results["long"] = equity(THREE_WAY, trials=10**11, seed=1, cancel=long_token,
                                 on_round=lambda update: long_started.set())

    runner = threading.Thread(target=long_call)
    runner.start()
    try:
        assert long_started.wait(300)
        short = equity(RIVER)  # interleaved with the long call's kernel calls
        assert short.method == "exact" and "long" not in results
        queued_token = threading.Event()
        queued_token.set()
        assert equity(THREE_WAY, trials=10**6, seed=1, cancel=queued_token).outcomes == 0
        assert "long" not in results
    finally:
        long_token.set()
        runner.join()
    assert results["long"].stopped_by == "cancelled"


def test_equity_inside_on_round_is_refused_not_a_hang():
    def on_round(update):
        equity(RIVER)

    with pytest.raises(EquityError, match="cannot be called from inside on_round"):
        equity(THREE_WAY, trials=200_000, seed=1, on_round=on_round)
    assert equity(RIVER).method == "exact"  # and the engine goes on


@pytest.mark.parametrize("options, message", [
    ({"cancel": True}, "cancel must have is_set()"),
    ({"on_round": 3}, "on_round must be a function"),
])
def test_wrong_live_arguments_are_one_sentence(options, message):
    with pytest.raises(EquityError, match=message):
        equity(RIVER, **options)


# ---------------------------------------------------------------- time limit


def test_max_time_stops_at_the_first_round_past_the_limit(monkeypatch):
    """A clock one second on at each reading: rounds end at 1, 2, 3 ... seconds, so a
    2.5-second limit is first passed at the end of the third round."""
    clock = SimpleNamespace(now=0.0)

    def perf_counter():
        clock.now += 1.0
        return clock.now

    monkeypatch.setattr(job_module, "time", SimpleNamespace(perf_counter=perf_counter))
    result = equity(THREE_WAY, method="monte-carlo", max_time=2.5, seed=1)
    assert result.stopped_by == "time"
    assert result.outcomes == sum(sample.FIRST_ROUND << r for r in range(3))


def test_the_footer_says_where_a_time_limit_stopped():
    from stud_odds.report import footer_lines

    result = dataclasses.replace(equity(THREE_WAY, trials=70_000, seed=1), stopped_by="time")
    assert "(stopped at the end of the first round past the --max-time limit)" in " ".join(
        footer_lines(THREE_WAY, result))


# ---------------------------------------------------------------- threads


THREADS_SCRIPT = """
    import json, threading
    from stud_odds import Scenario, equity

    CALLS = [
        (["AhKh/9cQh2d3s", "7c7d/8s2s5h6d"], "stud", {}),
        (["8s8d/3cKhKd", "9hTh/JhQh2c"], "stud", {"threads": 1}),
        (["AhKh/Qh5d6d", "xx/2s3d4d"], "stud8", {}),
        (["2c3c/4d5h", "xx/6s7s"], "razz", {"threads": 1}),
        (["AhKh/Qh", "7c7d/2s", "xx/9d"], "stud", {"trials": 150_000, "seed": 1}),
        (["Ac2c/3c", "KsKh/4s", "random", "xx/7h"], "stud8", {"trials": 100_000, "seed": 2,
                                                              "threads": 1}),
        (["[QQ+]/Ah5d6d", "7c7d/2s3d4h"], "stud", {}),
        (["[QQ+, AK]/Ah", "7c7d/2s", "xx/9d"], "stud", {"trials": 100_000, "seed": 3}),
        (["AsKs/Qh6c8d9d", "7c7d/2s3s4s5s", "xx/9s9h2h3h"], "stud", {"method": "exact"}),
        (["2c3c/4d", "5h6h/7s"], "razz", {"trials": 120_000, "seed": 4}),
    ]

    def run(call):
        hands, game, options = call
        data = equity(Scenario.build(hands, game=game), **options).to_dict(True)
        data.pop("elapsed_s")
        return data

    alone = [run(call) for call in CALLS]
    together = {}

    def worker(w):
        for i in range(len(CALLS)):
            k = (i + 3 * w) % len(CALLS)  # each thread in its own order
            together[w, k] = run(CALLS[k])

    threads = [threading.Thread(target=worker, args=(w,)) for w in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    same = all(together[w, k] == alone[k] for w in range(4) for k in range(len(CALLS)))
    print(json.dumps({"calls": len(together), "same": same}))
"""


@pytest.mark.parametrize("layer", ["workqueue", "default"])
@pytest.mark.slow
def test_four_threads_of_ten_mixed_calls_equal_sequential_calls(layer):
    env = dict(os.environ)
    env.pop("NUMBA_THREADING_LAYER", None)
    if layer != "default":
        env["NUMBA_THREADING_LAYER"] = layer
    run = subprocess.run([sys.executable, "-c", textwrap.dedent(THREADS_SCRIPT)],
                         capture_output=True, text=True, timeout=900, env=env)
    assert run.returncode == 0, run.stderr[-2000:]
    assert json.loads(run.stdout.splitlines()[-1]) == {"calls": 40, "same": True}


# ---------------------------------------------------------------- warm-up


def test_warm_up_compiles_what_it_is_asked_and_reports():
    told = []
    warm_up(games=["razz"], methods=["enumerate", "headsup"],
            progress=lambda done, total, label: told.append((done, total, label)))
    assert told == [(0, 2, "razz enumerate"), (1, 2, "razz headsup"), (2, 2, "ready")]
    assert is_warm("razz", "enumerate") and is_warm("razz", "headsup")


def test_is_warm_is_false_in_a_new_process_and_one_sampling_kernel_serves_every_game():
    run = subprocess.run([sys.executable, "-c", textwrap.dedent("""
        from stud_odds import is_warm, warm_up
        before = is_warm("stud8", "sample")
        warm_up(games=["stud8"], methods=["sample"])
        print(before, is_warm("stud8", "sample"), is_warm("razz", "sample"),
              is_warm("stud8", "enumerate"))
    """)], capture_output=True, text=True, timeout=600)
    assert run.stdout.split() == ["False", "True", "True", "False"], run.stderr


@pytest.mark.parametrize("call, error", [
    (lambda: warm_up(methods=["fast"]), EquityError),
    (lambda: is_warm("poker", "sample"), GameError),
])
def test_warm_up_refuses_unknown_names(call, error):
    with pytest.raises(error):
        call()


# ---------------------------------------------------------------- completions in short calls


@pytest.mark.parametrize("k", [0, 1, 2, 4, 6])
def test_completions_valued_in_short_calls_equal_one_call(monkeypatch, k):
    from stud_odds.kernels.completions import completion_values

    deck = np.array(sorted(np.random.default_rng(k).choice(52, 20, replace=False)), np.int64)
    known = (np.int64(0), np.int64(0))
    total = math.comb(len(deck), k)
    expected = (np.empty(total, np.int16), np.empty(total, np.int16), np.empty(total, np.int64))
    completion_values(0, deck, known, k, running.lookups(), expected, 0, total)
    monkeypatch.setattr(running, "VALUES_PER_CALL", 100)
    got = (np.empty(total, np.int16), np.empty(total, np.int16), np.empty(total, np.int64))
    calls = []
    running.value_completions(Game.STUD, deck, known, k, got, lambda: calls.append(1))
    for ours, theirs in zip(got, expected, strict=True):
        np.testing.assert_array_equal(ours, theirs)
    assert bool(calls) == (total > 100)  # short calls, a check between them


# ---------------------------------------------------------------- notebooks


def test_rows_are_plain_dicts_one_per_player():
    scenario = Scenario.build(["[QQ+]/Ah5d6d", "7c7d/2s3d4h"], game="stud8")
    result = equity(scenario)
    rows = result.rows()
    assert [row["player"] for row in rows] == [1, 2]
    assert rows[0]["range"] == "QQ+" and rows[0]["range_combos"] > 0
    assert rows[1]["hand"] == "7c7d/2s3d4h" and "range" not in rows[1]
    assert rows[0]["equity"] == result.players[0].equity
    json.dumps(rows)  # plain values only


def test_html_table_has_the_terminal_columns():
    sampled = equity(Scenario.build(["Ac2c/3c", "KsKh/4s", "xx/7h"], game="stud8"),
                     trials=100_000, seed=1)
    html = sampled._repr_html_()
    for title in ("#", "hand", "equity", "±95%", "high win", "high tie", "low win",
                  "low tie", "scoop"):
        assert f"<th>{title}</th>" in html
    assert html.count("<tr>") == 4 and "seed 1" in html
    exact = equity(Scenario.build(["2c3c/4d5h6h7h", "xx/6s7s8s9s"], game="razz"))._repr_html_()
    assert "±95%" not in exact and "high win" not in exact and "<th>low win</th>" in exact
