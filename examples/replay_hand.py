"""Replay a hand of seven card stud street by street and watch the equities move.

    python examples/replay_hand.py [--trials 200000]
"""

import argparse

from stud_odds.study import replay_deal

parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
parser.add_argument("--trials", type=int, default=200_000)
args = parser.parse_args()

hands = [
    "AsKs2d/QhJhTh9c",  # broadway draw that gets there on fifth street
    "7c7d6c/2s3h4h5d",  # rolled-up sevens? no: a pair of sevens drawing to a straight
    "QdJd/9s8s",  # folds after fourth street
]
result = replay_deal(hands, "stud", trials=args.trials, seed=1)
for street in result.streets:
    shares = "  ".join(
        f"p{seat + 1} {player.equity:6.1%}"
        for seat, player in zip(street.live, street.result.players, strict=True)
    )
    print(f"street {street.street}: {shares}")
