"""engine/pool.py's one pool: a caller's width is an argument, and at most that many of its
calls run at once, whatever the pool's size or numba's own thread count."""

from __future__ import annotations

import threading
import time

import pytest

from stud_odds.engine import pool


def _calls(count: int, seconds: float = 0.02):
    """``count`` calls that sleep (releasing the GIL like a nogil kernel) and the most of
    them that ran at once."""
    lock = threading.Lock()
    state = {"now": 0, "most": 0, "done": 0}

    def call() -> None:
        with lock:
            state["now"] += 1
            state["most"] = max(state["most"], state["now"])
        time.sleep(seconds)
        with lock:
            state["now"] -= 1
            state["done"] += 1

    return [call] * count, state


@pytest.mark.parametrize("threads", [1, 2, 3])
def test_at_most_the_width_runs_at_once_on_a_wider_pool(threads):
    wide, _ = _calls(6)
    pool.run_on_threads(wide, 6)  # the pool is at least 6 wide from here on
    calls, state = _calls(9)
    pool.run_on_threads(calls, threads)
    assert state["done"] == 9
    assert 1 <= state["most"] <= threads


def test_one_thread_runs_the_calls_in_order_on_the_calling_thread():
    seen = []
    pool.run_on_threads([lambda i=i: seen.append((i, threading.get_ident()))
                            for i in range(4)], 1)
    assert seen == [(i, threading.get_ident()) for i in range(4)]


def test_a_closed_width_drops_the_calls_not_started():
    lanes = pool.ThreadWidth(1)
    started = threading.Event()
    release = threading.Event()

    def first() -> None:
        started.set()
        release.wait(5)

    ran = []
    futures = [lanes.submit(first)] + [lanes.submit(lambda: ran.append(1)) for _ in range(3)]
    assert started.wait(5)
    lanes.close()
    release.set()
    for future in futures:
        try:
            future.result(5)
        except Exception:  # noqa: BLE001, S110 - a dropped call raises CancelledError
            pass
    assert ran == []


def test_a_call_raising_is_raised_once_all_are_done():
    calls, state = _calls(3)

    def broken() -> None:
        raise ValueError("no")

    with pytest.raises(ValueError, match="no"):
        pool.run_on_threads([*calls, broken], 2)
    assert state["done"] == 3
