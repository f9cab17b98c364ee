"""Evaluations per second, one thread, on pre-generated random seven-card hands.

    python benchmarks/bench_evaluators.py [--hands N] [--repeats R]

Each hand's keys are summed inside the timed loop (as the equity kernels do
per trial), then valued; the figure is the median of the repeats.
"""

from __future__ import annotations

import argparse
import platform
import statistics
import time

import numba
import numpy as np
from numba import njit

from stud_odds.kernels.evaluate import high_of_keys, low8_of_bits, razz_of_keys
from stud_odds.kernels.table_cache import tables


@njit(cache=True)
def _run_high(hands, card_key, card_bit, high_by_ranks, high_by_flush):
    total = 0
    for i in range(hands.shape[0]):
        key = np.int64(0)
        bits = np.int64(0)
        for c in hands[i]:
            key += card_key[c]
            bits |= card_bit[c]
        total += high_of_keys(key, bits, high_by_ranks, high_by_flush)
    return total


@njit(cache=True)
def _run_low8(hands, card_bit, low8_by_mask):
    total = 0
    for i in range(hands.shape[0]):
        bits = np.int64(0)
        for c in hands[i]:
            bits |= card_bit[c]
        total += low8_of_bits(bits, low8_by_mask)
    return total


@njit(cache=True)
def _run_razz(hands, card_key, razz_by_ranks):
    total = 0
    for i in range(hands.shape[0]):
        key = np.int64(0)
        for c in hands[i]:
            key += card_key[c]
        total += razz_of_keys(key, razz_by_ranks)
    return total


def cpu_model() -> str:
    try:
        with open("/proc/cpuinfo") as info:
            for line in info:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown CPU"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=2_000_000)
    parser.add_argument("--repeats", type=int, default=7)
    args = parser.parse_args()
    numba.set_num_threads(1)
    rng = np.random.default_rng(1)
    hands = np.argsort(rng.random((args.hands, 52)), axis=1)[:, :7].astype(np.int64)
    t = tables()
    runs = {
        "high": lambda: _run_high(hands, t.card_key, t.card_bit, t.high_by_ranks, t.high_by_flush),
        "eight-or-better low": lambda: _run_low8(hands, t.card_bit, t.low8_by_mask),
        "razz": lambda: _run_razz(hands, t.card_key, t.razz_by_ranks),
    }
    print(f"CPU: {cpu_model()} ({numba.config.NUMBA_NUM_THREADS} threads available; using 1)")
    print(f"{args.hands:,} random seven-card hands, median of {args.repeats} runs")
    for name, run in runs.items():
        run()  # compile / load from cache
        times = []
        for _ in range(args.repeats):
            start = time.perf_counter()
            run()
            times.append(time.perf_counter() - start)
        rate = args.hands / statistics.median(times)
        print(f"  {name:20s} {rate / 1e6:7.1f} M evaluations/s")


if __name__ == "__main__":
    main()
