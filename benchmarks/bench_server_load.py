"""``stud-odds serve`` under load: big uploads at once, and more slow clients than open files.

    python benchmarks/bench_server_load.py [--uploads 40] [--upload-mb 60]
                                           [--slow 1100] [--open-files 1024] [--seconds 10]

Starts a real server each time (``python -m stud_odds serve --port 0 --db TEMP``, on
127.0.0.1 only, its own process) and measures:

(a) ``--uploads`` concurrent uploads of ``--upload-mb`` MB each to ``/api/db/import`` (a
    real hand history repeated): the server's peak resident memory (VmHWM in
    /proc/PID/status; goal under 600 MB), its memory before, the answers' statuses and the
    wall time.  Jobs stop after 5 s (``--max-job-seconds 5``).
(b) ``--slow`` connections that open and then send their headers a line a second, never
    finishing (and open again when the server closes them), against a server whose
    open-file limit is ``--open-files`` (``resource.setrlimit`` in its process, as
    ``ulimit -n``), for ``--seconds`` seconds: ``/api/health``'s latency, five times a
    second (goal: every one within 1 s), and the lines the server wrote on stderr (goal:
    under 100).

Bounded: every wait has a time limit, and the servers are stopped at the end (Ctrl-C
too).  Prints a small table.
"""

from __future__ import annotations

import argparse
import os
import resource
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx2 as httpx

HISTORY = Path(__file__).parents[1] / "tests" / "data" / "histories" / "stud_cash.txt"
MB = 1024 * 1024


def memory_kb(pid: int, field: str) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(f"{field}:"):
            return int(line.split()[1])
    return -1


@contextmanager
def server(database: Path, open_files: int | None = None,
           options: tuple[str, ...] = ()) -> Iterator[tuple[subprocess.Popen, str, list[str]]]:
    """(process, base URL, its stderr lines so far) of a fresh ``serve`` on 127.0.0.1."""
    def limit() -> None:  # in the server's process, before it starts
        if open_files is not None:
            hard = resource.getrlimit(resource.RLIMIT_NOFILE)[1]
            resource.setrlimit(resource.RLIMIT_NOFILE, (open_files, hard))

    command = [sys.executable, "-m", "stud_odds", "serve", "--port", "0", "--db", str(database),
               *options]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               text=True, preexec_fn=limit,
                               env={**os.environ, "COLUMNS": "200"})
    errors: list[str] = []
    reader = threading.Thread(target=lambda: errors.extend(process.stderr), daemon=True)
    reader.start()
    try:
        url = process.stdout.readline().strip().removeprefix("serving on ").rstrip("/")
        if not url.startswith("http://127.0.0.1:"):
            raise RuntimeError(f"the server did not start: {url!r} {''.join(errors)[-2000:]}")
        deadline = time.monotonic() + 60
        while httpx.get(url + "/api/health", timeout=30).json()["warming"]:
            if time.monotonic() > deadline:
                break
            time.sleep(0.2)
        yield process, url, errors
    finally:
        process.send_signal(signal.SIGINT)
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        reader.join(5)


# ---- (a) uploads -------------------------------------------------------------------------------

def uploads(count: int, size_mb: int) -> dict[str, str]:
    text = HISTORY.read_bytes()
    body = (text + b"\n\n") * (size_mb * MB // (len(text) + 2) + 1)
    body = body[:size_mb * MB]
    statuses: Counter[str] = Counter()
    with tempfile.TemporaryDirectory() as folder, \
            server(Path(folder) / "hands.sqlite", options=("--max-job-seconds", "5")) \
            as (process, url, errors):
        before = memory_kb(process.pid, "VmRSS")

        def upload(number: int) -> None:
            try:
                response = httpx.post(f"{url}/api/db/import?name=month{number}.txt",
                                      content=body, timeout=120)
                statuses[str(response.status_code)] += 1
            except httpx.HTTPError as error:
                statuses[type(error).__name__] += 1

        start = time.monotonic()
        threads = [threading.Thread(target=upload, args=(number,)) for number in range(count)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(180)
        took = time.monotonic() - start
        peak = memory_kb(process.pid, "VmHWM")
    return {"memory before": f"{before / 1024:.0f} MB",
            "peak memory (VmHWM)": f"{peak / 1024:.0f} MB (goal < 600 MB)",
            "answers": ", ".join(f"{n} x {status}" for status, n in sorted(statuses.items())),
            "wall time": f"{took:.1f} s", "stderr lines": str(len(errors))}


# ---- (b) slow connections ----------------------------------------------------------------------

class SlowClients:
    """``count`` connections that send a header line a second and never finish; one closed
    by the server is opened again."""

    def __init__(self, port: int, count: int) -> None:
        self.port = port
        self.sockets: list[socket.socket | None] = [None] * count
        self.reopened = 0

    def _open(self, index: int) -> None:
        sock = socket.socket()
        sock.setblocking(False)
        sock.connect_ex(("127.0.0.1", self.port))
        self.sockets[index] = sock

    def open_all(self) -> None:
        for index in range(len(self.sockets)):
            self._open(index)

    def tick(self, line: bytes) -> None:
        for index, sock in enumerate(self.sockets):
            try:
                assert sock is not None
                sock.send(line)
                if sock.recv(1, socket.MSG_PEEK) == b"":
                    raise ConnectionResetError
            except (BlockingIOError, InterruptedError):
                pass  # nothing to read: still open
            except OSError:
                if sock is not None:
                    sock.close()
                self._open(index)
                self.reopened += 1

    def close(self) -> None:
        for sock in self.sockets:
            if sock is not None:
                sock.close()


def slow_connections(count: int, open_files: int, seconds: float) -> dict[str, str]:
    latencies: list[float] = []
    failures: Counter[str] = Counter()
    own = resource.getrlimit(resource.RLIMIT_NOFILE)
    if own[0] < count + 100:  # this process holds the slow sockets
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(own[1], count + 1000), own[1]))
    with tempfile.TemporaryDirectory() as folder, \
            server(Path(folder) / "hands.sqlite", open_files) as (process, url, errors):
        port = int(url.rsplit(":", 1)[1])
        clients = SlowClients(port, count)
        clients.open_all()
        clients.tick(b"GET /api/health HTTP/1.1\r\n")
        stop = threading.Event()

        def keep_slow() -> None:
            while not stop.wait(1.0):
                clients.tick(b"X-Slow: 1\r\n")

        slow = threading.Thread(target=keep_slow, daemon=True)
        slow.start()
        end = time.monotonic() + seconds
        with httpx.Client(timeout=5) as client:
            while time.monotonic() < end:
                start = time.monotonic()
                try:
                    status = client.get(url + "/api/health").status_code
                    if status == 200:
                        latencies.append(time.monotonic() - start)
                    else:
                        failures[str(status)] += 1
                except httpx.HTTPError as error:
                    failures[type(error).__name__] += 1
                time.sleep(0.2)
        stop.set()
        slow.join(10)
        clients.close()
        time.sleep(0.5)
    within = sum(latency < 1.0 for latency in latencies)
    asked = len(latencies) + sum(failures.values())
    return {
        "health answered within 1 s": f"{within} of {asked} (goal: all)",
        "health latency median / max": (f"{statistics.median(latencies) * 1000:.0f} ms / "
                                        f"{max(latencies) * 1000:.0f} ms" if latencies
                                        else "no answer"),
        "health failures": ", ".join(f"{n} x {kind}" for kind, n in failures.items()) or "none",
        "slow connections closed by the server (reopened)": str(clients.reopened),
        "stderr lines": f"{len(errors)} (goal < 100)",
        **{f"stderr line {number}": line.strip()[:100]
           for number, line in enumerate(errors[:3], 1)},
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--uploads", type=int, default=40)
    parser.add_argument("--upload-mb", type=int, default=60)
    parser.add_argument("--slow", type=int, default=1100)
    parser.add_argument("--open-files", type=int, default=1024)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--skip-uploads", action="store_true")
    parser.add_argument("--skip-slow", action="store_true")
    options = parser.parse_args()
    rows: list[tuple[str, str]] = []
    if not options.skip_uploads:
        title = f"(a) {options.uploads} uploads of {options.upload_mb} MB at once"
        rows += [(f"{title}: {name}", value)
                 for name, value in uploads(options.uploads, options.upload_mb).items()]
    if not options.skip_slow:
        title = (f"(b) {options.slow} slow connections, ulimit -n {options.open_files}, "
                 f"{options.seconds:g} s")
        rows += [(f"{title}: {name}", value) for name, value in
                 slow_connections(options.slow, options.open_files, options.seconds).items()]
    width = max(len(name) for name, _ in rows)
    for name, value in rows:
        print(f"{name:<{width}}  {value}")


if __name__ == "__main__":
    try:
        main()
    except KeyboardInterrupt:
        sys.exit(130)
