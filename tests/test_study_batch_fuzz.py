"""One bad batch line never stops the batch: 1,500 randomly mutated lines in one file give
no traceback and exactly one result or one error per line.

The lines are mutations of late-street spots (exact in a moment), made by a
seeded generator so a failure can be replayed: fields dropped, values swapped
for other JSON types, NaN and Infinity, huge and negative numbers, unknown
fields, deep nesting, junk and non-UTF-8 bytes, lines cut short.
"""

import json
import random
import re
import subprocess
import sys
from pathlib import Path

from strict_json import loads_lines

SEED = 20_240_610
LINES = 1_500
BASES = [
    {"id": "river", "hands": ["AsKs2d/QhJhTh9c", "7c7d6c/2s3h4h5d"]},
    {"game": "stud8", "hands": ["Ac2c3d/4c5hKsKh", "9h9dQs/TcJcQh8h"], "dead": "2d"},
    {"game": "razz", "hands": ["As2s/5d9cKh7h", "3c4c/6hQsJs8d"], "folds": ["Qd", "Tc"],
     "trials": 100, "seed": 3},
    {"hands": ["AsKs2d/QhJhTh9c", "7c7d6c/2s3h4h5d", "xxx/8c8d9c9h"], "precision": 1,
     "seed": 4},
    {"id": 7, "hands": ["8hAs/3hQd2dQc", "Ks8s/7c7s6c6h", "3dJd/8c7hKd5c", "2s8d/Ah6d9c5h",
                        "3s5d/Qh4s9d9s", "QsJc/Td3cJh4d", "7d2h/Ts9hAdAc", "KcTh/5sTc4cKh"],
     "community": "2c", "deck_rule": "casino", "exact": True},
]
FIELDS = ("id", "game", "hands", "dead", "folds", "community", "deck_rule", "trials",
          "precision", "exact", "seed", "max_time")
ODD_VALUES = [None, True, False, 0, -1, 1.5, -3.25, 10**30, -(10**30), 1e300, "", "abc", "nan",
              "inf", "-inf", "1e400", "250k", [], {}, [1, 2], ["AsKs/Qh"], "AsKs/Qh", {"a": 1},
              "\u00e9\u00e8", "x" * 300, [None], [["Qd"]], 2**64, "0", "-5"]
CONSTANTS = ["NaN", "Infinity", "-Infinity", "1e400", "-1e400", "1" + "0" * 5000]


def _value(rng: random.Random) -> str:
    """A JSON text for a field: an odd value, a bare constant, or deep nesting."""
    roll = rng.random()
    if roll < 0.15:
        return rng.choice(CONSTANTS)
    if roll < 0.2:
        depth = rng.choice([50, 900, 5000, 20_000])
        return "[" * depth + "]" * depth
    return json.dumps(rng.choice(ODD_VALUES))


def _unique(text: str, number: int) -> str:
    """An id made unique by the line number, when it is one (a batch refuses repeated ids)."""
    try:
        value = json.loads(text)
    except (ValueError, RecursionError):
        return text
    if isinstance(value, str | int) and not isinstance(value, bool) and str(value).strip():
        return json.dumps(f"{value}-{number}")
    return text


def _mutate(rng: random.Random, number: int) -> bytes:
    spot = dict(rng.choice(BASES))
    fields = {name: json.dumps(value) for name, value in spot.items()}
    for _ in range(rng.randint(0, 3)):
        kind = rng.random()
        if kind < 0.3 and fields:
            del fields[rng.choice(sorted(fields))]
        elif kind < 0.8:
            fields[rng.choice(FIELDS)] = _value(rng)
        else:
            fields[rng.choice(["extra", "tirals", "Hands", ""])] = _value(rng)
    if "id" in fields:
        fields["id"] = _unique(fields["id"], number)
    line = ("{" + ", ".join(f"{json.dumps(k)}: {v}" for k, v in fields.items()) + "}").encode()
    roll = rng.random()
    if roll < 0.1:  # junk bytes, some not UTF-8
        at = rng.randrange(len(line) + 1)
        junk = bytes(rng.choice([b for b in range(256) if b not in b"\n\r"])
                     for _ in range(rng.randint(1, 6)))
        line = line[:at] + junk + line[at:]
    elif roll < 0.15:  # cut short
        line = line[: rng.randrange(1, len(line))]
    elif roll < 0.18:  # not an object at all
        line = rng.choice([b"[1, 2]", b"null", b"42", b'"AsKs/Qh"', b"true", b"{", b"}"])
    if not line.strip() or line.lstrip().startswith(b"#"):
        line = b"x" + line  # every line is a spot line: blank and comment lines are skipped
    return line


def test_every_mutated_line_gives_one_result_or_one_error(tmp_path):
    rng = random.Random(SEED)
    spots = tmp_path / "fuzz.jsonl"
    spots.write_bytes(b"".join(_mutate(rng, number) + b"\n" for number in range(LINES)))
    out = tmp_path / "out.jsonl"
    done = subprocess.run([sys.executable, "-m", "stud_odds", "batch", str(spots), "--out",
                           str(out)], cwd=Path(__file__).parents[1], capture_output=True,
                          timeout=900)
    stderr = done.stderr.decode("utf-8")
    assert "Traceback" not in stderr and done.returncode == 2, stderr[-3000:]
    errors = [int(n) for n in re.findall(r"^line (\d+): ", stderr, re.MULTILINE)]
    results = [record["line"] for record in loads_lines(out.read_text())]
    assert len(errors) == len(set(errors)) and len(results) == len(set(results))
    assert sorted(errors + results) == list(range(1, LINES + 1))
    assert len(results) > LINES // 10 and len(errors) > LINES // 10  # both paths exercised
    assert f"{len(errors):,} of {LINES:,} spots failed" in stderr
    # each error is one line of text: no multi-line messages hiding a traceback
    other = [line for line in stderr.splitlines() if line and not line.startswith("line ")
             and "spots failed" not in line and not line.startswith("compil")
             and "cache" not in line]  # a first run's compile or cache notice
    assert other == []
