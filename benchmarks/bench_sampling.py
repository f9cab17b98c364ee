"""Sampling's deal and trial rate: ns per deal of each way tried, and trials per second
against poker-equity and the tree before, side by side in one run.

    python benchmarks/bench_sampling.py [--before TREE] [--trials N] [--repeats R]
                                        [--deals-only | --rates-only]

1. Deals (numba, one thread): each way of turning a trial's words into its cards, on
   the deal sizes of the spots below, ns per trial's deal (the median of --repeats,
   the fastest in brackets).  "one at a time" is the kernel before issue 39: each
   trial hashes its words as it deals them and undoes its swaps; "block" hashes the
   words of 64 trials loop by loop, then swaps in a deck trial by trial; "sources"
   (the kernel now) finds where each dealt card comes from without a deck, the 64
   trials side by side (kernels/montecarlo._block_sources); the batched ranged
   integers (Brackett-Rozinsky and Lemire, 2024) draw several places from one word.
   The ways that deal the same cards are checked to agree.
2. Trial rates (one thread, the public API): this tree, --before TREE (a checkout, e.g.
   ``git worktree add /tmp/before <commit>``) and the Rust poker-equity package when
   installed (``pip install poker-equity``; skipped with a line when missing), each
   contender in its own process, timed in turns spot by spot so a machine that other
   work loads slows all alike; the median of --repeats, and our rate over poker-equity's;
   then each tree's kernel alone (64 chunks, no rounds), ns per trial.  Every
   contender runs on one processor (--cpu), the same for all.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
# (label, game, our hands, poker-equity's variant): issue 39's table
SPOTS = [
    ("stud8 heads-up 3rd", "stud8", ["AhKh/Qh", "7c7d/2s"], "stud_hi_lo"),
    ("stud 4-way 3rd", "stud", ["AhKh/Qh", "7c7d/2s", "3c4c/5c", "JsTs/9s"], "stud"),
    ("stud8 8-way 3rd, shared 7th", "stud8",
     ["AhKh/Qd", "7c7d/2s", "3c4c/5c", "JsTs/9s", "6h6s/Kd", "2c3h/4h", "AcAd/Qc", "8d9d/Td"],
     "stud_hi_lo"),
]
# (unseen cards, cards dealt) of the spots above, and 12 of 43 (3-way third street)
DEALS = [(46, 8), (40, 16), (28, 25), (43, 12)]
GOAL = 7.0  # times poker-equity's trial rate, one thread


def _deal_ways():
    """The ways of dealing, compiled: name -> (function(deck, needed, seed, trials) ->
    a checksum of the cards dealt, whether it deals the kernel's cards)."""
    from numba import njit

    from stud_odds.kernels.montecarlo import (
        HASHED_TOGETHER,
        _below,
        _block_places,
        _block_sources,
        _mix,
        _rejected_below,
        _word,
    )
    from stud_odds.kernels.stream import GOLDEN, WORD_BITS, WORD_MASK

    golden, mask, shift = np.uint64(GOLDEN), np.uint64(WORD_MASK), np.uint64(WORD_BITS)
    block_size = 64

    @njit
    def one_at_a_time(deck, needed, seed, trials, restore):
        own, swapped, size, checksum = deck.copy(), np.zeros(needed, np.int64), len(deck), 0
        for t in range(trials):
            key = _mix(np.uint64(seed) + np.uint64(t + 1) * golden)
            h, output = 0, np.uint64(0)
            for i in range(needed):
                h, output, j = _below(key, h, output, size - i)
                j += i
                swapped[i] = j
                card = own[j]
                own[j] = own[i]
                own[i] = card
                checksum += card * (i + 1)
            if restore:
                for i in range(needed):
                    own[i] = deck[i]
                    own[swapped[i]] = deck[swapped[i]]
            else:
                for i in range(needed - 1, -1, -1):
                    j = swapped[i]
                    card = own[j]
                    own[j] = own[i]
                    own[i] = card
        return checksum

    @njit
    def block(deck, needed, seed, trials, restore):
        own, size, checksum = deck.copy(), len(deck), 0
        keys = np.empty(block_size, np.uint64)
        rejected = np.empty(block_size, np.bool_)
        places = np.empty((needed, block_size), np.int64)
        below = _rejected_below(size, needed)
        for first in range(0, trials, block_size):
            count = min(block_size, trials - first)
            for b in range(count):
                keys[b] = _mix(np.uint64(seed) + np.uint64(first + b + 1) * golden)
                rejected[b] = False
            for i in range(0, needed, 2):
                step = np.uint64((i >> 1) + 1) * golden
                for b in range(count):
                    output = _mix(keys[b] + step)
                    product = (output >> shift) * np.uint64(size - i)
                    places[i, b] = np.int64(product >> shift) + i
                    bad = (product & mask) < below[i]
                    if i + 1 < needed:
                        product = (output & mask) * np.uint64(size - i - 1)
                        places[i + 1, b] = np.int64(product >> shift) + i + 1
                        bad |= (product & mask) < below[i + 1]
                    rejected[b] |= bad
            for b in range(count):
                if rejected[b]:
                    h, output = 0, np.uint64(0)
                    for i in range(needed):
                        h, output, j = _below(keys[b], h, output, size - i)
                        places[i, b] = j + i
                for i in range(needed):
                    j = places[i, b]
                    card = own[j]
                    own[j] = own[i]
                    own[i] = card
                    checksum += card * (i + 1)
                if restore:
                    for i in range(needed):
                        own[i] = deck[i]
                        own[places[i, b]] = deck[places[i, b]]
                else:
                    for i in range(needed - 1, -1, -1):
                        j = places[i, b]
                        card = own[j]
                        own[j] = own[i]
                        own[i] = card
        return checksum

    @njit
    def sources(deck, needed, seed, trials):
        size, checksum = len(deck), 0
        keys = np.empty(HASHED_TOGETHER, np.uint64)
        rejected = np.empty(HASHED_TOGETHER, np.bool_)
        places = np.zeros((needed, HASHED_TOGETHER), np.uint8)
        moved = np.zeros((needed, HASHED_TOGETHER), np.uint8)
        found = np.zeros((needed, HASHED_TOGETHER), np.uint8)
        below = _rejected_below(size, needed)
        for first in range(0, trials, HASHED_TOGETHER):
            count = min(HASHED_TOGETHER, trials - first)
            _block_places(np.uint64(seed), first, count, size, needed, below, keys, rejected,
                          places)
            _block_sources(needed, places, moved, found)
            for b in range(count):
                for i in range(needed):
                    checksum += deck[found[i, b]] * (i + 1)
        return checksum

    def batch_plan(size, needed, word_bits, limit_bits):
        """Batches of consecutive bounds whose product stays under 2**limit_bits: (draws
        per batch, 2**word_bits % the batch's product)."""
        counts, thresholds, i = [], [], 0
        while i < needed:
            product, k = 1, 0
            while i + k < needed and product * (size - i - k) <= 1 << limit_bits:
                product *= size - i - k
                k += 1
            counts.append(k)
            thresholds.append((1 << word_bits) % product)
            i += k
        return np.array(counts, np.int64), np.array(thresholds, np.uint64)

    @njit
    def batched(deck, needed, seed, trials, counts, thresholds, wide):
        """Batched ranged integers: a batch's places from one word (wide: a 64-bit output,
        the product's high half by 32-bit halves; else a 32-bit word), the whole batch
        drawn again when the last low part falls below the threshold."""
        own, swapped, size, checksum = deck.copy(), np.zeros(needed, np.int64), len(deck), 0
        for t in range(trials):
            key = _mix(np.uint64(seed) + np.uint64(t + 1) * golden)
            h, output, m = 0, np.uint64(0), np.uint64(0)
            i = 0
            for batch in range(len(counts)):
                while True:
                    if wide:
                        m += np.uint64(1)
                        x = _mix(key + m * golden)
                    else:
                        h, output, x = _word(key, h, output)
                    for q in range(i, i + counts[batch]):
                        bound = np.uint64(size - q)
                        if wide:
                            low = (x & mask) * bound
                            high = ((x >> shift) * bound + (low >> shift)) >> shift
                            x = x * bound
                        else:
                            product = x * bound
                            high, x = product >> shift, product & mask
                        swapped[q] = np.int64(high) + q
                    if x >= thresholds[batch]:
                        break
                for q in range(i, i + counts[batch]):
                    j = swapped[q]
                    card = own[j]
                    own[j] = own[q]
                    own[q] = card
                    checksum += card * (q + 1)
                i += counts[batch]
            for q in range(needed):
                own[q] = deck[q]
                own[swapped[q]] = deck[swapped[q]]
        return checksum

    ways = {
        "one at a time, swaps undone (before)": (
            lambda d, n, s, t: one_at_a_time(d, n, s, t, False), True),
        "one at a time, places restored": (lambda d, n, s, t: one_at_a_time(d, n, s, t, True),
                                           True),
        "block of 64, swaps undone": (lambda d, n, s, t: block(d, n, s, t, False), True),
        "block of 64, places restored": (lambda d, n, s, t: block(d, n, s, t, True), True),
        "block of 64, sources side by side (now)": (sources, True),
    }
    for word_bits, limit_bits, wide in ((32, 22, False), (64, 32, True), (64, 48, True)):
        def run(d, n, s, t, word_bits=word_bits, limit_bits=limit_bits, wide=wide):
            counts, thresholds = batch_plan(len(d), n, word_bits, limit_bits)
            return batched(d, n, s, t, counts, thresholds, wide)

        ways[f"batched, {word_bits}-bit words, products < 2**{limit_bits}"] = (run, False)
    return ways


def _deals(args: argparse.Namespace) -> None:
    ways = _deal_ways()
    trials = max(args.trials // 4, 10_000)
    print(f"\nDeals, numba, one thread, {trials:,} trials: ns per trial's deal, median of "
          f"{args.repeats} (fastest)")
    for size, needed in DEALS:
        deck = np.arange(size, dtype=np.int64)
        sums = {name: way(deck, needed, 7, 4096) for name, (way, _) in ways.items()}
        kernel_cards = {sums[name] for name, (_, same) in ways.items() if same}
        assert len(kernel_cards) == 1, f"ways that should deal alike differ: {sums}"
        times: dict[str, list[float]] = {name: [] for name in ways}
        for _ in range(args.repeats):
            for name, (way, _) in ways.items():  # in turns: load slows all alike
                start = time.perf_counter()
                way(deck, needed, 7, trials)
                times[name].append(time.perf_counter() - start)
        before = statistics.median(times["one at a time, swaps undone (before)"])
        print(f"  {needed} of {size} cards")
        for name, seconds in times.items():
            median = statistics.median(seconds)
            print(f"    {name:46s} {median / trials * 1e9:6.1f} ns "
                  f"({min(seconds) / trials * 1e9:5.1f})  {before / median:4.2f}x")


_WORKER = r"""
import json, sys, time
from stud_odds.engine import equity, running
from stud_odds.scenario import Scenario
spots = json.loads(sys.argv[1])
scenarios = [Scenario.build(hands, game=game) for game, hands in spots]
def _game(scenario):  # a tree before issue 40 takes the kernels' integer for its game
    return scenario.game.kernel_id if hasattr(running, "_GAME_NAMES") else scenario.game
for scenario in scenarios:
    running.kernel("monte_carlo", _game(scenario))  # in memory: no twin answers
    for _ in range(2):
        equity(scenario, method="monte-carlo", trials=200_000, seed=1, threads=1)
print("ready", flush=True)
for line in sys.stdin:
    spot, trials, seed, direct = map(int, line.split())
    scenario = scenarios[spot]
    if direct:  # the kernel alone: 64 chunks, no rounds
        import numpy as np
        spot_, ranges = running.spot_of(scenario, False), running.ranges_of(scenario)
        entry, _ = running.kernel("monte_carlo", _game(scenario))
        seeds = np.arange(1, 65, dtype=np.uint64) * np.uint64(seed * 7919)
        per_chunk = np.full(64, trials // 64, np.int64)
        tally = running.chunk_tally(64, len(scenario.hands))
        start = time.perf_counter()
        entry(spot_, ranges, running.lookups(), seeds, per_chunk, tally)
    else:
        start = time.perf_counter()
        equity(scenario, method="monte-carlo", trials=trials, seed=seed, threads=1)
    print(time.perf_counter() - start, flush=True)
"""


class _Tree:
    """A process answering with one tree's stud_odds: 'spot trials seed' -> seconds."""

    def __init__(self, tree: Path, cpu: int | None):
        spots = json.dumps([[game, hands] for _, game, hands, _ in SPOTS])
        env = dict(os.environ, PYTHONPATH=str(tree))
        self.process = subprocess.Popen([sys.executable, "-c", _WORKER, spots], cwd=tree,
                                        env=env, stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, text=True)
        if cpu is not None:
            os.sched_setaffinity(self.process.pid, {cpu})
        if self.process.stdout.readline().strip() != "ready":
            raise SystemExit(f"the tree at {tree} did not start")

    def seconds(self, spot: int, trials: int, seed: int, direct: bool = False) -> float:
        self.process.stdin.write(f"{spot} {trials} {seed} {int(direct)}\n")
        self.process.stdin.flush()
        return float(self.process.stdout.readline())

    def close(self) -> None:
        self.process.stdin.close()
        self.process.wait()


def _rates(args: argparse.Namespace) -> None:
    try:
        import poker_equity
    except ImportError:
        poker_equity = None
        print("\npoker-equity is not installed (pip install poker-equity): no ratio")
    # every contender on the same processor: a process that lands beside other work
    # would otherwise be slowed for the whole run, and only it
    cpu = None if args.cpu < 0 else args.cpu
    if cpu is not None:
        os.sched_setaffinity(0, {cpu})  # poker-equity runs in this process
    contenders: dict[str, object] = {"this tree": _Tree(ROOT, cpu)}
    if args.before:
        contenders["before"] = _Tree(Path(args.before).resolve(), cpu)
    print(f"\nTrial rates, one thread, {args.trials:,} trials, median of {args.repeats}, "
          f"M trials/s (each contender in turn, spot by spot)")
    try:
        for index, (label, _, hands, variant) in enumerate(SPOTS):
            times: dict[str, list[float]] = {name: [] for name in contenders}
            kernel_times: dict[str, list[float]] = {name: [] for name in contenders}
            peer_hands = [hand.replace("/", "") for hand in hands]
            if poker_equity:
                times["poker-equity"] = []
                poker_equity.chunk_from_text(variant, peer_hands, samples=10_000, threads=1)
            for repeat in range(args.repeats):
                for name, tree in contenders.items():
                    times[name].append(tree.seconds(index, args.trials, repeat + 1))
                    kernel_times[name].append(tree.seconds(index, args.trials, repeat + 1,
                                                           direct=True))
                if poker_equity:
                    start = time.perf_counter()
                    poker_equity.chunk_from_text(variant, peer_hands, samples=args.trials,
                                                 seed=repeat + 1, threads=1)
                    times["poker-equity"].append(time.perf_counter() - start)
            rates = {name: args.trials / statistics.median(seconds) / 1e6
                     for name, seconds in times.items()}
            line = f"  {label:28s}" + "".join(f"  {name} {rate:5.2f}"
                                              for name, rate in rates.items())
            peer = rates.get("poker-equity")
            if peer:
                line += "  ratio " + " ".join(f"{name} {rates[name] / peer:4.2f}x"
                                              for name in contenders)
                if rates["this tree"] / peer < GOAL:
                    line += f"  (below the {GOAL:.0f}x goal)"
            line += "\n  " + " " * 28 + "  the kernel alone, ns per trial:" + "".join(
                f"  {name} {statistics.median(seconds) / args.trials * 1e9:5.1f}"
                for name, seconds in kernel_times.items())
            print(line, flush=True)
    finally:
        for tree in contenders.values():
            tree.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", help="a checkout to time beside this tree")
    parser.add_argument("--trials", type=int, default=2_000_000)
    parser.add_argument("--repeats", type=int, default=7)
    parser.add_argument("--cpu", type=int, default=0,
                        help="the processor every contender's rate runs on (-1: any)")
    which = parser.add_mutually_exclusive_group()
    which.add_argument("--deals-only", action="store_true")
    which.add_argument("--rates-only", action="store_true")
    args = parser.parse_args()
    if not args.rates_only:
        _deals(args)
    if not args.deals_only:
        _rates(args)


if __name__ == "__main__":
    main()
