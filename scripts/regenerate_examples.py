"""Rewrite the console examples of README.md and docs/ranges.md with what the program prints.

    python scripts/regenerate_examples.py

For a change that moves seeded numbers on purpose (a new deal stream): every
example that tests/test_readme.py runs and that differs is replaced by what
the program prints now, elapsed times kept as the documents had them.  An
example with ``...`` lines (left-out output) is not rewritten but listed, to
be edited by hand.  Review the diff before committing.
"""

from __future__ import annotations

import re
import shlex
import sys
from pathlib import Path

from typer.testing import CliRunner

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from test_readme import DOCS, ELISION, RUN, matches, normalise, read_examples  # noqa: E402

from stud_odds.cli import app  # noqa: E402

_ELAPSED = re.compile(r"\b\d+\.\d\d s\b")


def printed(command: str) -> list[str]:
    """What the command prints, trailing spaces and blank lines dropped, times as they are."""
    words = shlex.split(command)
    result = CliRunner(env={"COLUMNS": "80"}).invoke(app, words[1:])
    lines = [line.rstrip() for line in
             (result.stderr if result.exit_code == 2 else result.stdout).splitlines()]
    while lines and not lines[-1]:
        lines.pop()
    return lines


def regenerate(path: Path) -> list[str]:
    """Rewrite ``path``'s differing examples; the ones left for a hand edit."""
    lines = path.read_text(encoding="utf-8").split("\n")
    by_hand = []
    for example in reversed(read_examples("\n".join(lines))):  # from the end: lines stay put
        words = shlex.split(example.command)
        if words[1] not in RUN:
            continue
        expected = normalise("\n".join(example.output))
        actual = printed(example.command)
        if matches(expected, normalise("\n".join(actual))):
            continue
        if any(line.strip() == ELISION for line in expected):
            by_hand.append(f"{path.name} line {example.line}: {example.command}")
            continue
        first = example.line  # 1-based line of the command: its output follows
        indent = len(lines[first - 1]) - len(lines[first - 1].lstrip())
        old_times = _ELAPSED.findall("\n".join(example.output))
        new = []
        for line in actual:
            if old_times and _ELAPSED.search(line):
                line = _ELAPSED.sub(old_times.pop(0), line, count=1)
            new.append(" " * indent + line if line else "")
        lines[first:first + len(example.output)] = new
    path.write_text("\n".join(lines), encoding="utf-8")
    return by_hand


def main() -> int:
    left = [entry for path in DOCS for entry in regenerate(path)]
    for entry in left:
        print(f"edit by hand (it has '...' lines): {entry}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
