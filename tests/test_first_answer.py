"""The README's first command in a new process, its kernels in the cache, is answered by
numpy's twin without importing numba (importing numba and loading a kernel takes longer
than the twin's count: engine/kernel_choice.py), with the README's numbers."""

import subprocess
import sys

import pytest

FIRST = ["equity", "AhKh/Qh", "7c7d/2s"]


def _run(arguments: list[str], code: str) -> tuple[str, str]:
    """stud-odds ``arguments`` in a new process (its output), and what ``code`` prints
    after it."""
    script = ("import sys\nfrom typer.testing import CliRunner\nfrom stud_odds.cli import app\n"
              f"done = CliRunner().invoke(app, {arguments!r})\nassert done.exit_code == 0\n"
              "print(done.output)\nprint('---')\n" + code)
    shown = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                           check=True).stdout
    output, _, after = shown.rpartition("---\n")
    return output, after.strip()


@pytest.mark.twins
def test_the_first_command_imports_no_numba():
    from stud_odds.engine import running
    from stud_odds.engine.exact import heads_up_kernels
    from stud_odds.games import Game

    heads_up_kernels(Game.STUD)  # in the cache: the twin answers because it is quicker
    assert running.in_cache("heads_up", Game.STUD)
    output, numba = _run(FIRST, "print('numba' in sys.modules)")
    assert numba == "False"
    assert "54.78%" in output and "45.22%" in output  # the README's table (twin = kernel:
    # test_engine_twins_weighted_sums.py)


@pytest.mark.twins
def test_outs_of_the_first_spot_imports_no_numba():
    from stud_odds.engine import running
    from stud_odds.engine.exact import heads_up_kernels
    from stud_odds.games import Game

    heads_up_kernels(Game.STUD)
    assert running.in_cache("heads_up", Game.STUD)
    output, numba = _run(["outs", "AhKh/Qh", "7c7d/2s"], "print('numba' in sys.modules)")
    assert numba == "False"
    assert "54.78%" in output  # his equity now, as equity() says


@pytest.mark.twins
def test_a_process_asking_again_loads_the_kernel_once_the_twin_cost_as_much(monkeypatch):
    """The first quick question by numpy; once the twin's seconds in this process pass
    loading the kernel, the kernel answers (a notebook asking many questions)."""
    from stud_odds.engine import kernel_choice, running
    from stud_odds.games import Game

    monkeypatch.setattr(kernel_choice, "_twin_spent", {})
    monkeypatch.setattr(running, "is_loaded", lambda name, game: False)
    monkeypatch.setattr(running, "in_cache", lambda name, game: True)
    quick = kernel_choice.LOAD_SECONDS * 0.6
    assert kernel_choice.kernel_answers("heads_up", Game.STUD, quick) is False
    assert kernel_choice.kernel_answers("heads_up", Game.STUD8, quick) is False
    assert kernel_choice.kernel_answers("heads_up", Game.STUD, quick) is True
    monkeypatch.setattr(running, "in_cache", lambda name, game: False)  # nothing to load
    assert kernel_choice.kernel_answers("heads_up", Game.RAZZ, quick) is False
    assert kernel_choice.kernel_answers("heads_up", Game.RAZZ, quick) is False


@pytest.mark.twins
def test_sampling_keeps_the_twin_it_chose_with_the_kernel_in_the_cache(monkeypatch):
    """A sampling run whose twin takes most of loading the cached kernel stays numpy's:
    asking again between chunks about the same trials counts their seconds once."""
    from stud_odds import Scenario, equity
    from stud_odds.engine import kernel_choice, running, sample

    def no_load(name, game):
        raise AssertionError(f"{name} loaded")

    monkeypatch.setattr(kernel_choice, "_twin_spent", {})
    monkeypatch.setattr(running, "is_loaded", lambda name, game: False)
    monkeypatch.setattr(running, "in_cache", lambda name, game: True)
    monkeypatch.setattr(running, "kernel", no_load)
    trials, hands = 2000, 2
    # the twin's estimate: 0.8 of loading the kernel
    monkeypatch.setattr(sample, "TWIN_SECONDS_PER_HAND",
                        0.8 * kernel_choice.LOAD_SECONDS / (trials * hands))
    result = equity(Scenario.build(["AhKh/Qh", "7c7d/2s"]), method="monte-carlo",
                    trials=trials, seed=1)
    assert result.outcomes == trials
