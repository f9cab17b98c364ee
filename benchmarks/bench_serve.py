"""``stud-odds serve`` warm: how fast the API answers, and whether the server's memory stays put.

    python benchmarks/bench_serve.py [--repeat 20] [--requests 1000]

Starts ``stud-odds serve --port 0`` as its own process (kernels warmed at start, not
timed), then measures, median of ``--repeat`` runs each:

- request to answer for a river spot (POST /api/equity; goal under 30 ms), against a
  fresh ``stud-odds equity --json`` process for the same spot (a few runs);
- time to the first partial result on a 5-way third street (the stream; goal under 100 ms);
- 100 requests in a row (the river spot), total;
- the server's resident memory before and after ``--requests`` requests (goal: grows by
  less than 50 MB).
"""

from __future__ import annotations

import argparse
import signal
import statistics
import subprocess
import sys
import time
from pathlib import Path

import httpx

RIVER = {"hands": ["AsKs2d/QhJhTh9c", "7c7dx/7h2s5d5h"], "seed": 1}  # one card to come
RIVER_ARGS = ["AsKs2d/QhJhTh9c", "7c7dx/7h2s5d5h", "--seed", "1", "--json"]
FIVE_WAY = [("hand", "AhKh/Qh"), ("hand", "7c7d/2s"), ("hand", "QdJd/Td"),
            ("hand", "9s9h/8c"), ("hand", "xx/6d"), ("trials", "1e9"), ("seed", "1")]


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def timed(action) -> float:
    start = time.perf_counter()
    action()
    return time.perf_counter() - start


def first_partial(client: httpx.Client) -> float:
    start = time.perf_counter()
    with client.stream("GET", "/api/equity/stream", params=FIVE_WAY) as stream:
        for line in stream.iter_lines():
            if line == "event: partial":
                return time.perf_counter() - start
    raise RuntimeError("the stream sent no partial result")


def river(client: httpx.Client) -> None:
    response = client.post("/api/equity", json=RIVER)
    response.raise_for_status()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=20)
    parser.add_argument("--requests", type=int, default=1000)
    parser.add_argument("--cli-runs", type=int, default=5)
    options = parser.parse_args()

    server = subprocess.Popen([sys.executable, "-m", "stud_odds", "serve", "--port", "0"],
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        url = server.stdout.readline().strip().removeprefix("serving on ")
        with httpx.Client(base_url=url, timeout=60) as client:
            for _ in range(5):  # first requests: imports, the thread pool
                river(client)
                first_partial(client)
            answer = [timed(lambda: river(client)) for _ in range(options.repeat)]
            partial = [first_partial(client) for _ in range(options.repeat)]
            in_a_row = [timed(lambda: [river(client) for _ in range(100)])
                        for _ in range(max(3, options.repeat // 5))]
            before = rss_mb(server.pid)
            for _ in range(options.requests):
                river(client)
            after = rss_mb(server.pid)
        cli = [timed(lambda: subprocess.run(
            [sys.executable, "-m", "stud_odds", "equity", *RIVER_ARGS], check=True,
            capture_output=True)) for _ in range(options.cli_runs)]
    finally:
        server.send_signal(signal.SIGINT)
        server.wait(30)

    ms = lambda values: f"{statistics.median(values) * 1000:8.1f} ms"  # noqa: E731
    print(f"river spot, request to answer (median of {len(answer)}): {ms(answer)}  "
          f"(goal < 30 ms)")
    print(f"river spot, a fresh CLI process (median of {len(cli)}):  {ms(cli)}")
    print(f"5-way third street, first partial (median of {len(partial)}): {ms(partial)}  "
          f"(goal < 100 ms)")
    print(f"100 river requests in a row (median of {len(in_a_row)}): {ms(in_a_row)}")
    print(f"server memory: {before:.0f} MB, after {options.requests:,} more requests "
          f"{after:.0f} MB (+{after - before:.1f} MB; goal < 50 MB)")


if __name__ == "__main__":
    main()
