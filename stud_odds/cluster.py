"""The study commands on a Dask cluster: ``--scheduler ADDRESS`` (or ``STUD_ODDS_SCHEDULER``).

A :class:`Cluster` is a study runner (see :mod:`stud_odds.study.common`): it
submits the same task functions a local run calls (a spot, a block of
starting-hand classes, a block of hands) to ``dask.distributed`` and yields
their results in input order, so a cluster run writes what a local run
writes, byte for byte.  Every seed comes from the spot, class or hand, never
from the worker.

- Results stream back as tasks finish (``as_completed``); at most a few tasks
  per worker thread are in flight, so the input is read as the work goes.
- A task that raises is tried again (``retries``); a worker that dies takes
  its tasks with it and the scheduler runs them on the others.  Either way
  each item comes back once.
- Ctrl-C cancels the tasks in flight; the results that had finished are
  handed over (and written) before KeyboardInterrupt goes on.
- Each worker gets one warm-up task first: it checks that the worker runs the
  same stud-odds code, decides its kernel cache and compiles (or loads) the
  kernels the run needs.  Tasks carry spots and hands, never lookup tables:
  each worker process builds or loads its own once.

``distributed`` is imported only here, and only when a scheduler is given:
``pip install 'stud-odds[cluster]'``.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import threading
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager, nullcontext
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from stud_odds.errors import StudOddsError

_T = TypeVar("_T")

SCHEDULER_ENV = "STUD_ODDS_SCHEDULER"
CONNECT_SECONDS = 10
WORKER_WAIT_SECONDS = 60  # for a first worker to join a scheduler that has none yet
NOTICE_SECONDS = 2  # a warm-up that takes longer is compiling: say so
RETRIES = 2  # more tries of a task that raised (a dying worker's tasks are rescheduled anyway)
TASKS_PER_THREAD = 3  # in flight per worker thread: enough to keep it busy between results
WARM_UP_METHODS = ("monte-carlo", "exact", "heads-up")  # the kernels a worker compiles first
_log = logging.getLogger("stud_odds")


class ClusterError(StudOddsError):
    """The cluster cannot be used, or lost a task: one sentence saying what to do."""


def _distributed() -> Any:
    try:
        import distributed
    except ImportError:
        raise ClusterError("--scheduler needs Dask's distributed scheduler, which is not "
                           "installed: pip install 'stud-odds[cluster]'") from None
    return distributed


# ---------------------------------------------------------------- on the workers

_ONE_AT_A_TIME = threading.Lock()


def _thread_safe_kernels() -> bool:
    """Whether two tasks of one worker process may run numba's parallel kernels at once:
    not under numba's workqueue threading layer (it aborts the process when they do), nor
    before a parallel kernel has run (no layer is chosen yet)."""
    from stud_odds.kernels.threads import threading_layer

    return threading_layer() not in (None, "workqueue")


def run_block(task: Callable[..., Any], block: Sequence[tuple], threads: int | None) -> list:
    """On a worker: ``task(*args, threads)`` for each args of a block, in order.

    One thread per task unless the user asked for more: a cluster's
    parallelism is its tasks, one per worker thread.
    """
    with nullcontext() if _thread_safe_kernels() else _ONE_AT_A_TIME:
        return [task(*args, 1 if threads is None else threads) for args in block]


def _warm_up_spot(method: str, game: str) -> None:
    from stud_odds.engine import equity
    from stud_odds.results import Method
    from stud_odds.scenario import Scenario

    if method == Method.MONTE_CARLO:
        equity(Scenario.build(["random"] * 3, game=game), method=Method.MONTE_CARLO, trials=1,
               seed=0, threads=1)
    elif method == Method.EXACT:  # three hands on seventh street: one deal, enumerated
        equity(Scenario.build(["AsKs2d/QhJhTh9c", "7c7d6c/2s3h4h5d", "8c8dTc/TdJcJd5c"],
                              game=game), method=Method.EXACT, threads=1)
    else:  # heads-up on third street, everything known: counted by pairs of completions
        equity(Scenario.build(["AsKs/Qh", "7c7d/2s"], game=game), threads=1)


def prepare_worker(games: Sequence[str], methods: Sequence[str]) -> dict[str, Any]:
    """The warm-up task: compile (or load) these kernels once in this worker process and say
    which stud-odds code it runs, where it caches kernels and how numba runs threads."""
    from stud_odds import cache
    from stud_odds.kernels.threads import threading_layer

    for game in games:
        for method in methods:
            _warm_up_spot(method, game)
    location = cache.location()
    return {"code": source_digest(), "cache": str(location.folder), "note": location.note,
            "threading_layer": threading_layer()}


def source_digest() -> str:
    """A digest of every source file of the package: equal digests, equal results."""
    digest = hashlib.sha1()
    root = Path(__file__).parent
    for source in sorted(root.rglob("*.py")):
        digest.update(str(source.relative_to(root)).encode() + b"\0" + source.read_bytes())
    return digest.hexdigest()[:16]


# ---------------------------------------------------------------- on the client


@contextmanager
def connect(address: str) -> Iterator[Cluster]:
    """A Cluster over the scheduler at ``address``; closed (its tasks dropped) on the way out."""
    distributed = _distributed()
    for name in ("distributed", "distributed.client", "distributed.worker"):
        logging.getLogger(name).setLevel(logging.ERROR)  # our sentences say what matters
    try:
        # try the address first: a Client that fails to connect complains again when it is
        # collected, with a traceback
        asyncio.run(_reach(address))
        client = distributed.Client(address, timeout=f"{CONNECT_SECONDS}s",
                                    set_as_default=False)
    except ValueError as exc:
        raise ClusterError(f"'{address}' is not a Dask scheduler address ({exc}): write e.g. "
                           "tcp://10.0.0.5:8786") from None
    except (OSError, TimeoutError) as exc:
        raise ClusterError(f"no Dask scheduler answers at {address} ({exc}): start one with "
                           "'dask scheduler', or check the address") from None
    try:
        yield Cluster(client, address)
    finally:
        client.close(timeout=CONNECT_SECONDS)


async def _reach(address: str) -> None:
    from distributed.comm import connect as open_comm

    comm = await open_comm(address, timeout=CONNECT_SECONDS)
    await comm.close()


@dataclass
class _Task:
    """One submitted block: the args of its items, then their results (or what went wrong)."""

    block: list[tuple] = field(default_factory=list)
    results: list | Exception | None = None


@dataclass
class _Entry:
    """An item read from the input, waiting for its turn to be handed back."""

    item: Any
    task: _Task | None = None  # None: nothing to run for this item
    index: int = 0  # its place in the task's block

    @property
    def ready(self) -> bool:
        return self.task is None or self.task.results is not None

    @property
    def result(self) -> Any:
        if self.task is None:
            return None
        results = self.task.results
        return results if isinstance(results, Exception) else results[self.index]


def _ready(waiting: deque[_Entry]) -> Iterator[tuple[Any, Any]]:
    """Hand back the finished items at the head of ``waiting``, in input order."""
    while waiting and waiting[0].ready:
        entry = waiting.popleft()
        yield entry.item, entry.result


class Cluster:
    """A study runner on a Dask cluster (see :class:`stud_odds.study.common.Runner`)."""

    def __init__(self, client: Any, address: str):
        self.client, self.address = client, address

    def _workers(self) -> dict[str, int]:
        """Worker address -> threads; waits a while for a first worker to join."""
        try:
            self.client.wait_for_workers(1, timeout=WORKER_WAIT_SECONDS)
        except TimeoutError:
            raise ClusterError(f"no Dask worker joined the scheduler at {self.address} within "
                               f"{WORKER_WAIT_SECONDS} s: start some with 'dask worker "
                               f"{self.address}'") from None
        return dict(self.client.nthreads())

    def warm_up(self, games: Iterable[str], methods: Sequence[str] = WARM_UP_METHODS) -> None:
        """One task per worker: check it runs this code, compile the kernels of ``games``.

        Kernels of other games still compile on their first use, once per
        worker process.
        """
        workers = self._workers()
        names = sorted({str(game) for game in games})
        futures = {address: self.client.submit(prepare_worker, names, tuple(methods),
                                               workers=[address], allow_other_workers=True,
                                               pure=False)
                   for address in workers}
        mine = source_digest()
        try:
            self._say_if_compiling(next(iter(futures.values())), len(workers))
            for address, future in futures.items():
                try:
                    info = future.result()
                except Exception as exc:  # noqa: BLE001 - whatever stops a worker, in one line
                    raise ClusterError(
                        f"worker {address} cannot run stud-odds ({type(exc).__name__}: {exc}): "
                        "install the same stud-odds, with its cluster extra, on every "
                        "worker") from None
                if info["code"] != mine:
                    raise ClusterError(
                        f"worker {address} runs other stud-odds code than this one (digest "
                        f"{info['code']}, here {mine}): install the same version on every "
                        "worker, or results would differ")
                if info["note"]:
                    _log.warning("worker %s: %s", address, info["note"])
                if info["threading_layer"] == "workqueue" and workers[address] > 1:
                    _log.warning("worker %s runs one task at a time: numba's workqueue "
                                 "threading layer cannot run two at once; start workers with "
                                 "'--nworkers N --nthreads 1', or install tbb", address)
        except BaseException:
            self.client.cancel(list(futures.values()))
            raise

    @staticmethod
    def _say_if_compiling(future: Any, workers: int) -> None:
        """A warm-up that takes more than a moment is compiling kernels: say so, once."""
        try:
            future.result(timeout=NOTICE_SECONDS)
        except TimeoutError:
            _log.info("compiling or loading the kernels on %d Dask worker%s (first run only, a "
                      "few seconds each)...", workers, "" if workers == 1 else "s")
        except Exception:  # noqa: BLE001 - reported with its worker by the caller
            pass

    def __call__(self, task: Callable[..., Any], items: Iterable[_T],
                 args_of: Callable[[_T], tuple | None], *, threads: int | None = None,
                 block: int = 1, progress: Callable[[int], None] | None = None
                 ) -> Iterator[tuple[_T, Any]]:
        """Run the tasks in blocks of ``block`` items; yield ``(item, result)`` in input
        order (see the Runner protocol)."""
        distributed = _distributed()
        # results are fetched as tasks finish, in the background
        finished = distributed.as_completed(loop=self.client.loop, with_results=True,
                                            raise_errors=False)
        running: dict[Any, _Task] = {}
        waiting: deque[_Entry] = deque()  # read, not yet handed back, in input order
        filling = _Task()
        window = TASKS_PER_THREAD * max(1, sum(self._workers().values()))

        def submit() -> None:
            nonlocal filling
            if filling.block:
                with self._connection():
                    future = self.client.submit(run_block, task, filling.block, threads,
                                                pure=False, retries=RETRIES)
                running[future] = filling
                finished.add(future)
                filling = _Task()

        def collect() -> None:
            future, value = next(finished)
            done = running.pop(future)
            with self._connection():
                done.results = self._results(future, value)
            if progress:
                progress(len(done.block))

        try:
            for item in items:
                args = args_of(item)
                if args is None:
                    waiting.append(_Entry(item))
                    if progress:
                        progress(1)
                else:
                    waiting.append(_Entry(item, filling, len(filling.block)))
                    filling.block.append(args)
                    if len(filling.block) >= block:
                        submit()
                while len(running) >= window:
                    collect()
                yield from _ready(waiting)
            submit()
            while running:
                collect()
                yield from _ready(waiting)
        except KeyboardInterrupt:
            self.client.cancel(list(running))
            for entry in waiting:  # what had finished, still in input order
                if entry.ready:
                    yield entry.item, entry.result
            raise

    @contextmanager
    def _connection(self) -> Iterator[None]:
        try:
            yield
        except OSError as exc:  # the connection to the scheduler is gone
            raise ClusterError(f"lost the Dask scheduler at {self.address} ({exc}); the "
                               "finished results are kept") from None

    def _results(self, future: Any, value: Any) -> list | Exception:
        """A block's results (``value``, once it finished), or the error that stands for each
        of its items."""
        if future.status == "finished":
            return value
        if future.status == "cancelled":
            raise ClusterError(f"the Dask scheduler at {self.address} dropped a task (was it "
                               "restarted?); the finished results are kept")
        exc = future.exception()  # it raised on every try, or its workers kept dying
        return ClusterError(f"the task failed on the cluster ({type(exc).__name__}: {exc})")


@contextmanager
def runner(scheduler: str | None, games: Iterable[str], methods: Sequence[str] = WARM_UP_METHODS
           ) -> Iterator[Callable[..., Iterator[tuple[Any, Any]]]]:
    """The runner for a study command: here, or on the cluster at ``scheduler`` (connected,
    its workers warmed up for ``games``)."""
    if not scheduler:
        from stud_odds.study.common import run_here

        yield run_here
        return
    with connect(scheduler) as cluster:
        cluster.warm_up(games, methods)
        yield cluster


__all__ = ["SCHEDULER_ENV", "Cluster", "ClusterError", "source_digest", "connect",
           "prepare_worker", "run_block", "runner"]
