"""The engine on its fault paths: Ctrl-C, wrong argument types, the clock, memory."""

import json
import math
import os
import selectors
import signal
import subprocess
import sys
import textwrap

import pytest

from stud_odds import StudOddsError, engine
from stud_odds.engine import EquityError, equity, running
from stud_odds.scenario import Scenario

HEADS_UP = Scenario.build(["AhKh/Qh", "7c7d/2s"])


def _python(code: str, *args: str) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-c", textwrap.dedent(code), *args],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def _interrupt_after_first_line(process: subprocess.Popen) -> tuple[str, str]:
    """Send SIGINT once the process says it has started work; give it 60 s to stop.

    A process that never says so within 5 minutes fails the test, never hangs it."""
    with selectors.DefaultSelector() as selector:
        selector.register(process.stdout, selectors.EVENT_READ)
        if not selector.select(timeout=300):
            process.kill()
            pytest.fail("the process never said it started working")
    first = process.stdout.readline()
    assert first.strip() == "working", first + process.stderr.read()
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=60)
    return out, err


@pytest.mark.slow
def test_ctrl_c_stops_sampling_and_keeps_the_whole_rounds():
    process = _python("""
        import sys
        from stud_odds.engine import equity
        from stud_odds.scenario import Scenario

        def progress(done, total):
            if done >= 65536 * 3:  # a few rounds in
                print("working", flush=True)

        result = equity(Scenario.build(["AhKh/Qh", "7c7d/2s", "random"]), trials=10**11,
                        seed=1, progress=progress)
        print(result.stopped_by, result.outcomes, result.players[0].equity)
    """)
    out, err = _interrupt_after_first_line(process)
    assert process.returncode == 0, err
    lines = out.split()
    assert "Traceback" not in err
    assert lines[-3] == "interrupted"
    assert 65536 * 3 <= int(lines[-2]) < 10**9 and 0 < float(lines[-1]) < 1


# three-way: 1.6e10 deals, half a minute (the signal comes after the first tenth of a second)
LONG_ENUMERATION = ["AsKs/Qh6c8d", "7c7d/2s3s4s", "xx/9s9h2h"]


@pytest.mark.parametrize("hands, game", [
    (str(LONG_ENUMERATION).replace("'", '"'), "stud"),
    ('["AhKh/Qh", "xx/2s"]', "stud8"),  # heads-up: counted by pairs of completions
])
@pytest.mark.slow
def test_ctrl_c_stops_an_enumeration(hands, game):
    process = _python("""
        from stud_odds.engine import equity
        from stud_odds.scenario import Scenario

        started = []

        def progress(done, total):
            if not started:
                started.append(True)
                print("working", flush=True)

        scenario = Scenario.build(HANDS, game="GAME")
        try:
            equity(scenario, method="exact", progress=progress)
            print("finished")
        except KeyboardInterrupt:
            print("stopped")
    """.replace("HANDS", hands).replace("GAME", game))
    out, err = _interrupt_after_first_line(process)
    assert out.split()[-1] == "stopped", out + err


@pytest.mark.parametrize("exact", [False, True])
@pytest.mark.slow
def test_the_cli_exits_130_on_ctrl_c(exact):
    hands = LONG_ENUMERATION
    options = ["--exact"] if exact else ["--trials", "1e11", "--seed", "1"]
    process = subprocess.Popen(
        [sys.executable, "-c", textwrap.dedent("""
            import sys
            from stud_odds.engine import running
            from stud_odds.cli import main
            real_compiled = running.compiled

            def compiled(*args):  # say when the work starts: right after compiling
                seconds = real_compiled(*args)
                print("working", flush=True)
                return seconds

            running.compiled = compiled
            sys.argv = ["stud-odds", *sys.argv[1:]]
            main()
        """), "equity", *hands, *options],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    out, err = _interrupt_after_first_line(process)
    assert process.returncode == 130, err
    assert "Traceback" not in err
    if exact:
        assert "interrupted" in err and "Equity" not in out
    else:
        assert "INTERRUPTED: partial result" in out


@pytest.mark.parametrize("options, message", [
    ({"trials": "abc"}, "'abc' is not a trial count"),
    ({"trials": 1.5}, "the trial count must be a whole number"),
    ({"trials": True}, "the trial count must be a whole number"),
    ({"seed": "7"}, "the seed must be a whole number"),
    ({"seed": 2.0}, "the seed must be a whole number"),
    ({"threads": "2"}, "threads must be a whole number"),
    ({"precision": "0.01"}, "the precision must be"),
    ({"precision": math.nan}, "the precision must be"),
    ({"precision": math.inf}, "the precision must be"),
    ({"max_time": math.nan}, "the time limit must be"),
    ({"max_time": -math.inf}, "the time limit must be"),
    ({"method": 3}, "is not a method"),
    ({"progress": "yes"}, "progress must be a function"),
])
def test_wrong_argument_types_are_one_sentence(options, message):
    with pytest.raises(EquityError, match=message) as raised:
        equity(HEADS_UP, **options)
    assert isinstance(raised.value, StudOddsError) and "\n" not in str(raised.value)


def test_a_scenario_is_required():
    with pytest.raises(StudOddsError, match="takes a Scenario"):
        equity("AhKh/Qh 7c7d/2s")


class _FakeClock:
    def __init__(self, step: float):
        self.now, self.step = 0.0, step

    def __call__(self) -> float:
        self.now += self.step
        return self.now


def test_the_default_stop_never_reads_the_clock(monkeypatch):
    """A machine a thousand times slower gives the same numbers for the same seed."""
    three_way = Scenario.build(["AhKh/Qh", "7c7d/2s", "xx/9d"])
    normal = equity(three_way, seed=3).to_dict()
    monkeypatch.setattr(engine.time, "perf_counter", _FakeClock(1000.0))
    slow = equity(three_way, seed=3).to_dict()
    for result in (normal, slow):
        result.pop("elapsed_s")
    assert slow == normal and normal["stopped_by"] == "precision"


def test_compiling_does_not_count_against_max_time(monkeypatch):
    clock = _FakeClock(0.0)
    monkeypatch.setattr(engine.time, "perf_counter", clock)
    real_compiled = running.compiled

    def slow_compile(*args):
        clock.now += 10_000  # a very slow first compile
        return real_compiled(*args) + 10_000

    monkeypatch.setattr(running, "compiled", slow_compile)
    result = equity(HEADS_UP, seed=1, trials=300_000, max_time=5)
    assert result.stopped_by == "trials" and result.outcomes == 300_000


@pytest.mark.slow
def test_enumeration_memory_stays_flat():
    """45,379,620 deals (a random hand against a made seventh-street hand) under 1 GB."""
    run = subprocess.run([sys.executable, "-c", textwrap.dedent("""
        import json, resource
        from stud_odds.engine import equity
        from stud_odds.scenario import Scenario
        result = equity(Scenario.build(["AsKs2d/QhJhTh9c", "random"]))
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
        print(json.dumps({"method": result.method, "outcomes": result.outcomes,
                          "peak": peak}))
    """)], capture_output=True, text=True, timeout=600, env=os.environ)
    assert run.returncode == 0, run.stderr
    report = json.loads(run.stdout)
    assert report["method"] == "exact" and report["outcomes"] == 45_379_620
    assert report["peak"] < 1 << 30
