"""Byte-compare the output of a set of seeded commands between two source trees.

    python benchmarks/compare_outputs.py OLD_TREE NEW_TREE [--jobs J]

Runs every command below with ``python -m stud_odds`` from each tree (its
``PYTHONPATH``), at a fixed terminal width, and compares stdout, stderr and
the exit status byte for byte, the wall times masked (``0.48 s``,
``"elapsed_s": 1.06``: the only thing a seed does not fix) and numba's
"compiling the ... kernel" notices dropped (a tree whose kernels or
games.py changed compiles afresh once).  A footer holding a wall time may
still wrap at another word when the time has more digits (``10.37 s`` on a
loaded machine): compare such a pair with its whitespace collapsed.  Used to check
that a refactoring changes no number and no sentence (issue 22's proof); a
tree is a checkout, e.g. ``git archive BASE | tar -x -C /tmp/before``.  Prints one line per command
and exits 1 when any differs.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

DATA = "tests/data/histories"
TIMES = re.compile(rb'(?<=[ "]elapsed_s": )[0-9.e-]+|\b[0-9]+\.[0-9]+ s\b')
# numba's notice, once per kernel and process, however the terminal wrapped it: "compiling the
# stud heads-up counting kernel (numba, ... later runs load it from the cache)..."
COMPILING = re.compile(rb"^compiling the .*?from the\s+cache\)\.\.\.\n", re.MULTILINE | re.DOTALL)
COMMANDS = [
    "equity AhKh/Qh 7c7d/2s --seed 1",
    "equity AhKh/Qh 7c7d/2s xx/9d --seed 1",
    "equity -g stud8 Ac2c/3c KsKh/4s xx/7h 5d6d/8d -d '9c Td 2s' --fold 5h --fold Qc --seed 1",
    "equity -g razz As2s/5d9cKh7h 3c4c/6hQsJs8d --classes",
    "equity AsKs2d/QhJhTh9c 7c7d6c/2s3h4h5d --json",
    "equity 8hAs/3hQd2dQc Ks8s/7c7s6c6h 3dJd/8c7hKd5c 2s8d/Ah6d9c5h 3s5d/Qh4s9d9s "
    "QsJc/Td3cJh4d 7d2h/Ts9hAdAc KcTh/5sTc4cKh --seed 1",
    "equity AsKs/Qh AsJd/7c",
    "equity AsKsQs/Qh 7c7d/2s",
    "equity AsKs2d/QhJhTh9c 7c7d6c/2s3h4h5d --community 9d",
    "replay AsKs2d/QhJhTh9c 7c7d6c/2s3h4h5d QdJd/9s8s --seed 1",
    "replay AsKs2d/QhJhTh9c 7c7d6c/2s3h4h5d QdJd/9s8s --seed 1 --json",
    "replay AsKs/QhJhTh9c 7c7d/2s3h4h5d QdJd/9s8s2c3c -g stud8 --seed 3 -n 2000",
    "replay 8hAs/3hQd2dQc Ks8s/7c7s6c6h 3dJd/8c7hKd5c 2s8d/Ah6d9c5h 3s5d/Qh4s9d9s "
    "QsJc/Td3cJh4d 7d2h/Ts9hAdAc KcTh/5sTc4cKh --community 2c --seed 2 -n 3000",
    "replay AsKs/Qh",
    "scoop Ac2c/3c --opponents 2 --seed 1 -n 20000",
    "scoop Ac2c/3c 7c7d/2s --seed 1 -n 20000 --json",
    "starting-hands -g razz -n 200 --seed 1 --top 8",
    "starting-hands -g stud8 -n 200 --seed 1 --door A --top 5 --json",
    f"history {DATA}/stud_cash.txt",
    f"history {DATA}/stud_cash.txt --json --precision 5",
    f"history {DATA}/stud_cash.txt --hand 210000000001 --precision 5",
    f"history {DATA}/community_river.txt --json --precision 5",
    f"history {DATA}/razz.txt {DATA}/stud8_tournament.txt --json --precision 5",
    f"history {DATA}/bad_hands.txt --precision 5",
    "rules first-to-act 'Ah Kc' 'Kh Kd' '7s 2d'",
    "rules first-to-act '8c 7d 6s 4h' 'Ah Ad 2c 3d' '7c 6d 5s Kh' -g razz --street 7 --json",
    "rules first-to-act 'Ah Kc 7d' 'Kh Kd' --street 5",
    "rules limits '$2/$4'",
    "rules bring-in 7h 2h Kd 2c",
]


def run(tree: Path, command: str) -> bytes:
    env = dict(os.environ, PYTHONPATH=str(tree), COLUMNS="100", NO_COLOR="1",
               TERM="dumb", PYTHONHASHSEED="0")
    done = subprocess.run(f"{sys.executable} -m stud_odds {command}", shell=True,
                          cwd=tree, env=env, capture_output=True, timeout=900)
    output = (done.stdout + b"\n--- stderr\n" + done.stderr
              + f"\n--- status {done.returncode}\n".encode())
    return normal(output)


def normal(output: bytes) -> bytes:
    """``output`` without what legitimately differs between runs: times, compile notices."""
    return COMPILING.sub(b"", TIMES.sub(b"<time>", output))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("old", type=Path)
    parser.add_argument("new", type=Path)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--keep", type=Path,
                        help="write each output here; OLD's outputs found here are reused")
    args = parser.parse_args()

    def old_output(number: int) -> bytes:
        kept = args.keep / f"{number:02}.old" if args.keep else None
        if kept is not None and kept.exists():
            return normal(kept.read_bytes())
        return run(args.old.resolve(), COMMANDS[number])

    with ThreadPoolExecutor(args.jobs) as pool:
        old = list(pool.map(old_output, range(len(COMMANDS))))
        new = list(pool.map(lambda c: run(args.new.resolve(), c), COMMANDS))
    differ = 0
    for number, (command, before, after) in enumerate(zip(COMMANDS, old, new, strict=True)):
        same = before == after
        differ += not same
        print(f"{'same ' if same else 'DIFFERS'} {len(after):6} bytes  {command[:80]}")
        if args.keep:
            args.keep.mkdir(parents=True, exist_ok=True)
            (args.keep / f"{number:02}.old").write_bytes(before)
            (args.keep / f"{number:02}.new").write_bytes(after)
    print(f"{len(COMMANDS) - differ} of {len(COMMANDS)} commands byte-identical")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
