"""README.md's console examples (and docs/ranges.md's) are what the program prints today.

Each ```console block holds ``$ stud-odds ...`` lines, each followed by what it prints.
Which examples run, and how outputs are compared:

- Run: every example of ``equity``, ``outs``, ``scoop``, ``rules`` and ``hand``, the commands that
  answer in about a second once the kernels are compiled.  Any other command (a batch, a
  starting-hand table, a replay) is skipped as slow, and says so.  A sampled example must
  be reproducible: one that prints a trial count without ``--seed`` fails.
- Compared: the whole output, line by line, after dropping trailing spaces and trailing
  blank lines.  A line that is only ``...`` stands for one or more lines the README leaves
  out.  Elapsed times (``0.36 s``) are the one figure that differs between runs: the clock
  is replaced by one that barely moves, so a run prints ``0.00 s`` (as wide as the
  README's figure, so lines wrap at the same place, and compiling never counts), and both
  sides' times are then read as equal.  Every other figure must match.
- A successful example is compared with stdout; one whose output starts with ``error:``
  must exit with status 2 and is compared with stderr.

An example that differs today is listed in ``DIFFERS_TODAY`` with the reason: it is expected
to fail (strict), so the suite stays green until the README is regenerated, and then
fails until the entry is removed.
"""

from __future__ import annotations

import difflib
import itertools
import re
import shlex
import subprocess
import sys
import time
from dataclasses import dataclass, replace
from pathlib import Path

import pytest
from typer.testing import CliRunner

from stud_odds.cli import app

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
DOCS = [README, ROOT / "docs" / "ranges.md"]  # files whose console examples are checked
RUN = {"equity", "outs", "scoop", "rules", "hand"}
ELISION = "..."
_ELAPSED = re.compile(r"\b\d+\.\d\d s\b")
_ANSI = re.compile(r"\x1b\[[0-9;]*m")
_FENCE = re.compile(r"( *)```console\s*")

# Examples (the command after "$ ") that differ from what the program prints today.
DIFFERS_TODAY: dict[str, str] = {}


@dataclass(frozen=True)
class Example:
    line: int  # the file's line of the command
    command: str  # as typed, after "$ "
    output: tuple[str, ...]
    source: str = "README.md"


def read_examples(text: str) -> list[Example]:
    """Every ``$ command`` in the console blocks, with the lines up to the next one."""
    lines = text.splitlines()
    found: list[Example] = []
    index = 0
    while index < len(lines):
        fence = _FENCE.fullmatch(lines[index])
        index += 1
        if not fence:
            continue
        indent = len(fence[1])  # a block inside a list item is indented with it
        block: list[tuple[int, str]] = []
        while lines[index].strip() != "```":
            block.append((index + 1, lines[index][indent:]))
            index += 1
        index += 1
        if not block or not block[0][1].startswith("$ "):
            raise ValueError(f"README.md line {block[0][0] if block else index}: a console "
                             "block must start with a '$ ' command")
        starts = [at for at, (_, line) in enumerate(block) if line.startswith("$ ")]
        for start, end in itertools.pairwise([*starts, len(block)]):
            output = [line for _, line in block[start + 1:end]]
            while output and not output[-1].strip():
                output.pop()
            found.append(Example(block[start][0], block[start][1][2:], tuple(output)))
    return found


EXAMPLES = [replace(example, source=str(path.relative_to(ROOT)))
            for path in DOCS for example in read_examples(path.read_text(encoding="utf-8"))]


def normalise(text: str) -> list[str]:
    lines = [_ELAPSED.sub("#.## s", _ANSI.sub("", line)).rstrip() for line in text.splitlines()]
    while lines and not lines[-1]:
        lines.pop()
    return lines


def matches(expected: list[str], actual: list[str]) -> bool:
    """Line by line; a line that is only ``...`` stands for one or more lines of ``actual``."""
    if not expected:
        return not actual
    head, rest = expected[0], expected[1:]
    if head.strip() == ELISION:
        return any(matches(rest, actual[skip:]) for skip in range(1, len(actual) + 1))
    return bool(actual) and actual[0] == head and matches(rest, actual[1:])


def _param(example: Example):
    marks = []
    if example.command in DIFFERS_TODAY:
        marks.append(pytest.mark.xfail(strict=True, reason=DIFFERS_TODAY[example.command]))
    return pytest.param(example, id=f"{example.source} line {example.line}: {example.command}",
                        marks=marks)


@pytest.fixture
def still_clock(monkeypatch):
    """A clock that moves a microsecond a reading: elapsed times print as 0.00 s."""
    ticks = itertools.count()
    monkeypatch.setattr(time, "perf_counter", lambda: next(ticks) * 1e-6)


@pytest.mark.parametrize("example", [_param(example) for example in EXAMPLES])
def test_readme_example_is_what_the_program_prints(example: Example, still_clock, tmp_path,
                                                   monkeypatch):
    words = shlex.split(example.command)
    assert words[0] == "stud-odds", f"{example.source} line {example.line} runs {words[0]!r}"
    if words[1] not in RUN:
        pytest.skip(f"'stud-odds {words[1]}' is not run: only {', '.join(sorted(RUN))} are "
                    "cheap enough")
    monkeypatch.chdir(tmp_path)  # anything an example writes stays out of the checkout
    result = CliRunner(env={"COLUMNS": "80"}).invoke(app, words[1:])
    expected = normalise("\n".join(example.output))
    failing = bool(expected) and expected[0].startswith("error:")
    assert result.exit_code == (2 if failing else 0), result.output
    if failing:
        assert result.stdout == ""
    actual = normalise(result.stderr if failing else result.stdout)
    if "--seed" not in words and re.search(r"\btrials?\b", "\n".join(actual)):
        pytest.fail(f"{example.source} line {example.line}: a sampled example needs --seed to be "
                    "reproducible")
    if not matches(expected, actual):
        diff = "\n".join(difflib.unified_diff(expected, actual, example.source, "printed",
                                              lineterm=""))
        pytest.fail(f"{example.source} line {example.line}: `{example.command}` prints something "
                    f"else ('...' lines stand for left-out lines):\n{diff}")


# --- the comparison itself -------------------------------------------------------------------

def test_the_readme_has_examples_of_every_command_that_runs():
    commands = {shlex.split(example.command)[1] for example in EXAMPLES}
    assert {"equity", "rules"} <= commands
    assert len(EXAMPLES) >= 20


def test_examples_are_read_from_indented_and_multi_command_blocks():
    text = ("intro\n\n```console\n$ stud-odds rules limits 2/4\nline one\n\n$ stud-odds hand "
            "As\n  indented\n```\n\n- item\n  ```console\n  $ stud-odds equity x\n   a\n\n  ```"
            "\n")
    assert read_examples(text) == [
        Example(4, "stud-odds rules limits 2/4", ("line one",)),
        Example(7, "stud-odds hand As", ("  indented",)),
        Example(13, "stud-odds equity x", (" a",)),
    ]
    with pytest.raises(ValueError, match="line 2: a console block must start with a '\\$ '"):
        read_examples("```console\nno command\n```\n")


@pytest.mark.parametrize(
    "expected, actual, same",
    [
        (["a", "b"], ["a", "b"], True),
        (["a", "b"], ["a", "c"], False),
        (["a"], ["a", "b"], False),  # a line the README does not show is a difference
        (["a", "...", "d"], ["a", "b", "c", "d"], True),
        (["a", "...", "d"], ["a", "d"], False),  # '...' leaves out at least one line
        (["...", "z"], ["x", "y", "z"], True),
        (["a", " ..."], ["a", "b"], True),
        (["a", "...", "c", "d"], ["a", "c", "x", "c", "d"], True),
    ],
)
def test_elided_lines(expected, actual, same):
    assert matches(expected, actual) is same


def test_only_elapsed_times_and_trailing_spaces_are_normalised():
    assert normalise("Monte Carlo: 983,040 trials, seed 1, 0.29 s (stopped)  \n\n") == \
        normalise("Monte Carlo: 983,040 trials, seed 1, 0.31 s (stopped)")
    assert normalise("equity 54.79%  0.07") != normalise("equity 54.80%  0.07")
    assert normalise("983,040 trials") != normalise("983,041 trials")


_PYTHON = re.compile(r"^```python\n(.*?)^```", re.DOTALL | re.MULTILINE)
PYTHON_BLOCKS = _PYTHON.findall(README.read_text())


@pytest.mark.parametrize("block", PYTHON_BLOCKS, ids=[f"python-{i + 1}" for i in range(
    len(PYTHON_BLOCKS))])
def test_readme_python_example_runs(block):
    run = subprocess.run([sys.executable, "-c", block], capture_output=True, text=True,
                         timeout=600, cwd=ROOT)
    assert run.returncode == 0, run.stderr[-2000:]
    assert "Traceback" not in run.stderr
