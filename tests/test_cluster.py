"""The study commands on a Dask cluster (stud_odds.cluster): the same output as a local run,
byte for byte, whatever the workers do; dask is never imported without --scheduler.

The runner's ordering, Ctrl-C and failures are checked on a cluster of threads in
this process; the commands on a ``LocalCluster`` of two worker processes, as a
real cluster runs them.
"""

import os
import pickle
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from strict_json import loads_lines
from study_helpers import RIVER, jsonl, one_line, runner

import stud_odds.cluster as cluster
from stud_odds.cli import app
from stud_odds.study import read_spots, run_batch, run_spot
from stud_odds.study.common import each_outcome

pytestmark = pytest.mark.cluster

ROOT = Path(__file__).parents[1]
HISTORIES = sorted((ROOT / "tests" / "data" / "histories").glob("*.txt"))
SPOTS = [
    {"id": "river", "hands": RIVER},
    {"id": "mc", "hands": ["AhKh/Qh", "7c7d/2s", "xx/9d"], "trials": "40k", "seed": 3},
    {"hands": ["Ac2c/3c", "Ac2h/4s"]},  # a card used twice: reported, not run
    "not json",
    {"id": "hilo", "game": "stud8", "hands": ["Ac2c/3c", "KsKh/4s"], "seed": 5},  # heads-up
    {"id": "razz", "game": "razz", "hands": ["As2s/5d9c", "3c4c/6hQs", "xx/Kd8h"],
     "precision": 0.4, "seed": 9},
    {"hands": ["8s8d/3cKhKd", "9hTh/JhQh2c"], "exact": True},
]
# a quarter of a second each on one core: long enough to kill a worker or press Ctrl-C
# long enough that a Ctrl-C after the first record comes well before the last (sampling
# got 2.5 times quicker: at 1M trials a spot, 11 of 14 were once done before it landed)
LONG_SPOTS = [{"id": f"long{i}", "hands": ["AhKh/Qh", "7c7d/2s", "xx/9d"], "trials": "3M",
               "seed": i} for i in range(14)]
SEATS = 3  # a record per seat


def _distributed():
    return pytest.importorskip("distributed", reason="the cluster tests need the cluster extra")


# ---------------------------------------------------------------- without a cluster


def test_help_and_local_runs_never_import_dask(tmp_path):
    spots = tmp_path / "spots.jsonl"
    spots.write_text(jsonl({"hands": RIVER}))
    code = f"""
import sys
from stud_odds.cli import app
for args in (["--help"], ["batch", {str(spots)!r}],
             ["history", {str(HISTORIES[0])!r}, "--json"]):
    try:
        app(args, prog_name="stud-odds")
    except SystemExit:
        pass
loaded = sorted(m for m in sys.modules if m.split(".")[0] in ("dask", "distributed"))
print("LOADED", loaded, file=sys.stderr)
"""
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                          text=True, timeout=600)
    assert "LOADED []" in done.stderr, done.stderr
    assert '"line": 1' in done.stdout  # the batch ran


def test_without_the_cluster_extra_one_sentence_says_what_to_install(tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "distributed", None)  # import distributed fails
    spots = tmp_path / "spots.jsonl"
    spots.write_text(jsonl({"hands": RIVER}))
    for args in (["batch", str(spots)], ["starting-hands", "-n", "1k"],
                 ["history", str(HISTORIES[0])]):
        result = runner.invoke(app, [*args, "--scheduler", "tcp://127.0.0.1:8786"])
        assert result.exit_code == 2 and result.stdout == ""
        assert one_line(result.stderr) == (
            "error: --scheduler needs Dask's distributed scheduler, which is not installed: "
            "pip install 'stud-odds[cluster]'")


def test_a_bad_or_silent_address_is_one_sentence(tmp_path, monkeypatch):
    _distributed()
    spots = tmp_path / "spots.jsonl"
    spots.write_text(jsonl({"hands": RIVER}))
    out = tmp_path / "out.csv"
    out.write_text("an older file\n")
    bad = runner.invoke(app, ["batch", str(spots), "--out", str(out)],
                        env={"STUD_ODDS_SCHEDULER": "no-port"})
    assert bad.exit_code == 2 and "'no-port' is not a Dask scheduler address" in bad.stderr
    monkeypatch.setattr(cluster, "CONNECT_SECONDS", 1)
    silent = runner.invoke(app, ["batch", str(spots), "--out", str(out), "--scheduler",
                                 "tcp://127.0.0.1:9"])
    assert silent.exit_code == 2
    assert one_line(silent.stderr).startswith("error: no Dask scheduler answers at "
                                              "tcp://127.0.0.1:9")
    assert out.read_text() == "an older file\n"  # refused before the output was touched


def test_a_task_carries_the_spot_not_the_tables():
    ((_, spot),) = read_spots(jsonl({"hands": ["AhKh/Qh", "7c7d/2s", "xx/9d"]}), "jsonl")
    message = pickle.dumps((cluster.run_block, run_spot, [(spot,)], None))
    assert len(message) < 3000  # the lookup tables are megabytes: each worker loads its own


# ---------------------------------------------------------------- the runner, on threads


@pytest.fixture(scope="module")
def threads_cluster():
    distributed = _distributed()
    with distributed.LocalCluster(n_workers=2, threads_per_worker=2, processes=False,
                                  dashboard_address=":0") as local:
        yield local.scheduler_address


@pytest.fixture(autouse=True)
def tasks_side_by_side(request, monkeypatch):
    """These tasks run no kernels: let a worker run them at once, whatever numba's threads."""
    if "threads_cluster" in request.fixturenames:
        monkeypatch.setattr(cluster, "_thread_safe_kernels", lambda: True)


def later_first(x, threads):
    time.sleep((40 - x) * 0.002)  # the last items finish first
    return 2 * x


def slow_head(x, threads):
    time.sleep(1.5 if x == 0 else 0)
    return x


def broken(x, threads):
    raise RuntimeError("boom")


@pytest.mark.parametrize("block", [1, 3])
def test_results_come_back_in_input_order(threads_cluster, block):
    counted = []
    with cluster.connect(threads_cluster) as remote:
        pairs = list(remote(later_first, range(40), lambda x: None if x % 7 == 0 else (x,),
                            block=block, progress=counted.append))
    assert pairs == [(x, None if x % 7 == 0 else 2 * x) for x in range(40)]
    assert sum(counted) == 40


def test_ctrl_c_hands_over_what_finished_then_stops(threads_cluster):
    handled = []

    def progress(count):
        if len(progress.seen) == 5:  # Ctrl-C while waiting for the slow first item
            raise KeyboardInterrupt
        progress.seen.append(count)

    progress.seen = []
    with cluster.connect(threads_cluster) as remote:
        with pytest.raises(KeyboardInterrupt):
            each_outcome(remote(slow_head, range(8), lambda x: (x,), progress=progress),
                         lambda item, result: handled.append((item, result)))
    assert handled and all(item == result != 0 for item, result in handled)
    assert handled == sorted(handled)


def test_a_task_that_keeps_failing_is_an_error_for_each_of_its_items(threads_cluster):
    with cluster.connect(threads_cluster) as remote:
        pairs = list(remote(broken, range(3), lambda x: (x,), block=2))
    assert [item for item, _ in pairs] == [0, 1, 2]
    for _, error in pairs:
        assert isinstance(error, cluster.ClusterError)
        assert str(error) == "the task failed on the cluster (RuntimeError: boom)"


def test_a_scheduler_without_workers_is_one_sentence(monkeypatch, tmp_path):
    distributed = _distributed()
    monkeypatch.setattr(cluster, "WORKER_WAIT_SECONDS", 1)
    spots = tmp_path / "spots.jsonl"
    spots.write_text(jsonl({"hands": RIVER}))
    with distributed.LocalCluster(n_workers=0, processes=False, dashboard_address=":0") as empty:
        result = runner.invoke(app, ["batch", str(spots), "--scheduler",
                                     empty.scheduler_address])
    assert result.exit_code == 2
    assert one_line(result.stderr) == (f"error: no Dask worker joined the scheduler at "
                                       f"{empty.scheduler_address} within 1 s: start some with "
                                       f"'dask worker {empty.scheduler_address}'")


# ---------------------------------------------------------------- the commands, on processes


@pytest.fixture(scope="module")
def scheduler():
    """Two worker processes, one thread each (they inherit this process's kernel cache)."""
    distributed = _distributed()
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=":0") as local:
        yield local.scheduler_address


def _errors(stderr: str) -> list[str]:
    """What a command reported, less the notices of a first run (compiling kernels)."""
    return [line for line in stderr.splitlines() if not line.startswith("compil")]


def _both(args: list[str], out: Path, scheduler: str):
    """The command run here and on the cluster: (local result, cluster result, the two files)."""
    here = runner.invoke(app, [*args, "--out", str(out.with_suffix(".local" + out.suffix))])
    there = runner.invoke(app, [*args, "--out", str(out), "--scheduler", scheduler])
    return here, there, out.with_suffix(".local" + out.suffix).read_bytes(), out.read_bytes()


@pytest.mark.parametrize("suffix", ["csv", "jsonl"])
def test_batch_on_a_cluster_writes_what_a_local_run_writes(tmp_path, scheduler, suffix):
    spots = tmp_path / "spots.jsonl"
    spots.write_text(jsonl(*SPOTS))
    here, there, local, remote = _both(["batch", str(spots)], tmp_path / f"out.{suffix}",
                                       scheduler)
    assert here.exit_code == there.exit_code == 2  # lines 3 and 4 failed, in both
    assert _errors(here.stderr) == _errors(there.stderr)
    assert "line 3: Ac is used twice" in there.stderr
    assert remote == local


def test_starting_hands_on_a_cluster_gives_the_local_table(tmp_path, scheduler):
    here, there, local, remote = _both(
        ["starting-hands", "-g", "razz", "--door", "A", "-n", "300", "--top", "5"],
        tmp_path / "table.csv", scheduler)
    assert here.exit_code == there.exit_code == 0
    assert remote == local and local.count(b"\n") == 380  # the header and 379 classes
    assert there.stdout.split("full table")[0] == here.stdout.split("full table")[0]


def test_history_on_a_cluster_gives_the_local_hands(tmp_path, scheduler):
    here, there, local, remote = _both(["history", *map(str, HISTORIES)],
                                       tmp_path / "hands.jsonl", scheduler)
    assert here.exit_code == there.exit_code == 2  # bad_hands.txt: skipped hands, in both
    assert remote == local and len(loads_lines(local.decode())) > 10
    summary = there.stdout.split("one JSON object per hand")[0]
    assert summary == here.stdout.split("one JSON object per hand")[0] and "skipped" in summary


def _worker_pids(address: str) -> list[int]:
    distributed = _distributed()
    with distributed.Client(address, set_as_default=False) as client:
        return list(client.run(os.getpid).values())


def _after_a_first_record(path: Path, then) -> threading.Thread:
    def watch():
        deadline = time.monotonic() + 300
        while time.monotonic() < deadline:
            if path.exists() and path.read_text().count("\n") >= 3:  # the header and a spot
                then()
                return
            time.sleep(0.01)

    thread = threading.Thread(target=watch, daemon=True)
    thread.start()
    return thread


def test_a_worker_killed_mid_run_loses_nothing(tmp_path, scheduler):
    distributed = _distributed()
    spots = tmp_path / "spots.jsonl"
    spots.write_text(jsonl(*LONG_SPOTS))
    out = tmp_path / "out.csv"
    victim = _worker_pids(scheduler)[0]
    watcher = _after_a_first_record(out, lambda: os.kill(victim, signal.SIGKILL))
    result = runner.invoke(app, ["batch", str(spots), "--out", str(out), "--scheduler",
                                 scheduler])
    watcher.join(timeout=10)
    assert result.exit_code == 0, result.output
    assert victim not in _worker_pids(scheduler)  # it did die (its nanny starts another)
    reference = tmp_path / "reference.csv"
    assert runner.invoke(app, ["batch", str(spots), "--out", str(reference)]).exit_code == 0
    assert out.read_bytes() == reference.read_bytes()  # every spot once, in order
    with distributed.Client(scheduler, set_as_default=False) as client:
        client.wait_for_workers(2, timeout=120)  # whole again for the next test


def test_ctrl_c_keeps_the_finished_spots_and_resume_completes_them(tmp_path, scheduler):
    spots = tmp_path / "spots.jsonl"
    spots.write_text(jsonl(*LONG_SPOTS))
    out = tmp_path / "out.csv"
    command = [sys.executable, "-m", "stud_odds", "batch", str(spots), "--out", str(out),
               "--scheduler", scheduler]
    process = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True)
    watcher = _after_a_first_record(out, lambda: process.send_signal(signal.SIGINT))
    _, stderr = process.communicate(timeout=300)
    watcher.join(timeout=10)
    assert process.returncode == 130, stderr
    line = one_line(stderr)
    assert line.startswith("interrupted after ") and line.endswith(
        f" of 14 spots; the results so far are in {out} (run the same command with --resume "
        "to go on)")
    kept = out.read_text().splitlines()
    finished, partial = divmod(len(kept) - 1, SEATS)  # whole spots only, not all of them
    assert partial == 0 and 1 <= finished < 14 and out.read_text().endswith("\n")
    with cluster.connect(scheduler) as remote:  # nothing of the stopped run is left running
        deadline = time.monotonic() + 30
        while remote.client.processing() and any(remote.client.processing().values()):
            assert time.monotonic() < deadline, remote.client.processing()
            time.sleep(0.1)
    resumed = subprocess.run([*command, "--resume"], cwd=ROOT, capture_output=True, text=True,
                             timeout=300)
    assert resumed.returncode == 0, resumed.stderr
    reference = tmp_path / "reference.csv"
    assert runner.invoke(app, ["batch", str(spots), "--out", str(reference)]).exit_code == 0
    # every spot once; those that finished behind a slower one may come after it
    text, whole = out.read_text().splitlines(), reference.read_text().splitlines()
    assert text[0] == whole[0] and sorted(text) == sorted(whole)


def test_a_worker_without_a_usable_home_caches_in_a_private_folder(tmp_path):
    _distributed()
    code = """
from distributed import LocalCluster
from stud_odds.cli import app
if __name__ == "__main__":
    with LocalCluster(n_workers=1, threads_per_worker=1, processes=True,
                      dashboard_address=":0") as local:
        try:
            app(["starting-hands", "--door", "A", "-n", "50", "--top", "1", "--scheduler",
                 local.scheduler_address], prog_name="stud-odds")
        except SystemExit as done:
            print("EXIT", done.code)
"""
    script = tmp_path / "no_home.py"
    script.write_text(code)
    env = {k: v for k, v in os.environ.items()
           if k not in ("STUD_ODDS_CACHE_DIR", "NUMBA_CACHE_DIR", "XDG_CACHE_HOME")}
    home = tmp_path / "home"
    home.write_text("a file, so no cache folder can be made under it")
    env["HOME"] = str(home)
    done = subprocess.run([sys.executable, str(script)], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=600)
    assert "EXIT 0" in done.stdout, done.stdout + done.stderr
    assert "379 classes" in done.stdout and "Traceback" not in done.stderr
    assert "is not writable; caching in" in done.stderr  # said once, by the worker's check


def test_a_worker_running_other_code_is_refused(scheduler, monkeypatch, tmp_path):
    monkeypatch.setattr(cluster, "source_digest", lambda: "0123456789abcdef")
    spots = tmp_path / "spots.jsonl"
    spots.write_text(jsonl({"hands": RIVER}))
    result = runner.invoke(app, ["batch", str(spots), "--scheduler", scheduler])
    assert result.exit_code == 2 and result.stdout == ""
    assert "runs other stud-odds code than this one" in one_line(result.stderr)


def test_run_batch_on_a_cluster_from_python(scheduler):
    written = []
    with cluster.runner(scheduler, ["stud"]) as run:
        failed = run_batch(read_spots(jsonl(*SPOTS[:3]), "jsonl"), written.append,
                           lambda number, error: None, run=run)
    assert failed == 1 and [r["id"] for r in written] == ["river", "mc"]
    ((_, spot),) = read_spots(jsonl(SPOTS[1]), "jsonl")
    assert written[1]["players"] == run_spot(spot, None).to_dict()["players"]
