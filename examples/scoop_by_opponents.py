"""How often a stud hi-lo hand scoops against one to seven random opponents.

    python examples/scoop_by_opponents.py [--hand Ac2c/3c] [--trials 200000]
"""

import argparse

from stud_odds import Scenario, equity

parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
parser.add_argument("--hand", default="Ac2c/3c")
parser.add_argument("--trials", type=int, default=200_000)
args = parser.parse_args()

print(f"{args.hand} in stud8: scoop and equity by number of opponents")
for opponents in range(1, 8):
    spot = Scenario.build([args.hand] + ["random"] * opponents, game="stud8")
    hero = equity(spot, trials=args.trials, seed=opponents).players[0]
    print(f"{opponents} opponent(s): scoop {hero.scoop:6.1%}  equity {hero.equity:6.1%}"
          f"  (fair share {1 / (opponents + 1):5.1%})")
