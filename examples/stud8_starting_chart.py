"""Stud hi-lo starting-hand chart: the best and worst three-card hands heads-up.

    python examples/stud8_starting_chart.py [--trials 100000] [--opponents 1]
"""

import argparse

from stud_odds.study import starting_hands

parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
parser.add_argument("--trials", type=int, default=100_000)
parser.add_argument("--opponents", type=int, default=1)
args = parser.parse_args()

table = starting_hands("stud8", args.opponents, trials=args.trials, seed=1)
print(f"{len(table)} classes vs {args.opponents} random hand(s)")
print(f"{'hand':18} {'equity':>7} {'scoop':>7}")
for row in table[:15] + table[-5:]:
    hero = row.result.players[0]
    print(f"{row.hand.label:18} {hero.equity:7.1%} {hero.scoop:7.1%}")
