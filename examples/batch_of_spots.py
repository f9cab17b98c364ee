"""Run a batch of spots from a JSON Lines file and print one line per spot.

    python examples/batch_of_spots.py [--trials 100000]
"""

import argparse
import json
import tempfile
from pathlib import Path

from stud_odds.study import read_spots, run_batch

parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
parser.add_argument("--trials", type=int, default=100_000)
args = parser.parse_args()

spots = [
    {"id": "aces vs flush draw", "hands": ["AcAd/7s", "KcQc/Jc"], "trials": args.trials},
    {"id": "stud8 low vs kings", "game": "stud8", "hands": ["Ac2c/3c", "KsKh/4s"],
     "dead": "5c 9h", "trials": args.trials},
    {"id": "razz sixth street", "game": "razz", "hands": ["As2s/5d9cKh7h", "3c4c/6hQsJs8d"]},
    {"id": "eight-handed, shared river", "hands": ["8hAs/3hQd2dQc", "Ks8s/7c7s6c6h",
     "3dJd/8c7hKd5c", "2s8d/Ah6d9c5h", "3s5d/Qh4s9d9s", "QsJc/Td3cJh4d", "7d2h/Ts9hAdAc",
     "KcTh/5sTc4cKh"]},
]
path = Path(tempfile.mkdtemp()) / "spots.jsonl"
path.write_text("".join(json.dumps(spot) + "\n" for spot in spots))


def show(record: dict) -> None:
    shares = " ".join(f"{p['equity']:.3f}" for p in record["players"])
    note = ", shared river" if record["shared_river"] else ""
    print(f"{record['id']:28} {record['method']:11} {shares}{note}")


failed = run_batch(read_spots(path.read_text(), "jsonl"), show,
                   lambda line, error: print(f"line {line}: {error}"))
print(f"{len(spots) - failed} of {len(spots)} spots done")
