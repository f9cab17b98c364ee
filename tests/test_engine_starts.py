"""The exact starting-hand table's counting (stud_odds.engine.starts, kernels/starts.py),
against the single-spot exact count (heads-up pair counting) of the same start."""

import math
import random

import numpy as np
import pytest

from stud_odds.cards import format_card, format_cards
from stud_odds.engine import equity
from stud_odds.engine.awards import add_awards
from stud_odds.engine.starts import start_table
from stud_odds.engine.tallies import Tallies
from stud_odds.games import Game, parse_game
from stud_odds.kernels.layout import HIGH_WIN, LOW_WIN, SCOOP, SHARE, SHARE_SQUARED
from stud_odds.scenario import Scenario

# small decks keep every suit, so suit relabelling still maps deals to deals
DECKS = {"stud": [0, 1, 2, 3, 12], "stud8": [0, 1, 2, 3, 6, 12], "razz": [0, 2, 3, 4, 12]}


def single_spot(game, cards, ranks):
    """The start's exact tallies as one spot: the hand against a random one, every card of
    the other ranks dead."""
    dead = [format_card(r * 4 + s) for r in range(13) if r not in ranks for s in range(4)]
    hand = f"{format_cards(cards[:2])}/{format_card(cards[2])}"
    return equity(Scenario.build([hand, "random"], game=game, dead=dead), method="exact")


def tallies_of(game, start):
    tallies = Tallies.zeros(2, start.deals)
    add_awards(parse_game(game).kernel_id, start.outcomes, tallies)
    return tallies


@pytest.mark.parametrize("game", sorted(DECKS))
def test_small_deck_tables_equal_the_single_spot_counts(game):
    ranks = DECKS[game]
    rows = start_table(parse_game(game), ranks)
    n = 4 * len(ranks)
    assert sum(row.hands for row in rows) == math.comb(n, 3)
    deals = math.comb(n - 3, 4) * math.comb(n - 7, 7)
    assert all(row.deals == deals and row.outcomes.sum() == deals for row in rows)
    for row in random.Random(7).sample(rows, 5):
        spot = single_spot(game, row.cards, ranks)
        assert spot.outcomes == deals
        hero = spot.players[0]
        tallies = tallies_of(game, row)
        mine = tallies.per_player[0]
        assert hero.equity == mine[SHARE] / (1680 * deals)
        assert hero.scoop == mine[SCOOP] / deals
        if hero.high_win is not None:
            assert hero.high_win == mine[HIGH_WIN] / deals
        if hero.low_win is not None:
            assert hero.low_win == mine[LOW_WIN] / deals


def test_every_class_is_counted_once_and_the_game_is_fair():
    """Over every start, the start wins as often as the random hand does (the deal is
    symmetric), high and low alike: a check on the whole table at once."""
    rows = start_table(Game.STUD8, DECKS["stud8"])
    total = sum(row.hands * row.outcomes.astype(object) for row in rows)
    swap = [0, 2, 1, 3]
    assert np.array_equal(total, total[swap][:, swap])
    assert total[1].sum() > 0 and total[:, 1].sum() > 0  # lows and highs were won


def test_a_deck_too_small_for_two_hands_is_refused():
    with pytest.raises(ValueError, match="cannot deal two hands"):
        start_table(Game.STUD, [0, 1, 2])


def test_share_squared_of_a_full_deck_row_is_exact():
    """A full-deck start has 9.6e12 deals: its squared shares outgrow an int64 and stay
    exact Python ints."""
    from stud_odds.study.starts import shipped_table

    hands, deals, outcomes = next(iter(shipped_table(Game.STUD).values()))
    tallies = Tallies.zeros(2, deals)
    add_awards(Game.STUD.kernel_id, outcomes, tallies)
    assert tallies.per_player[0, SHARE_SQUARED] == 1680 ** 2 * int(outcomes[1, 0]) + (
        840 ** 2 * int(outcomes[3, 0]))


def test_a_cancelled_count_has_no_result():
    """The count stops between short kernel calls when cancelled: a partial table would be
    wrong, so it raises."""
    import threading

    from stud_odds.engine import Cancelled

    stop = threading.Event()
    seen = []

    def progress(done, total):
        seen.append(done)
        if done > total // 2:
            stop.set()

    with pytest.raises(Cancelled):
        start_table(Game.STUD8, DECKS["stud8"], progress=progress, cancel=stop)
    assert seen and seen[-1] < 1000
