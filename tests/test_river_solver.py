"""The river solver's answers: exploitability confirmed by a best response written here from
the JSON alone, the game value against a linear program, and the identities of issue 41."""

from __future__ import annotations

import json
import re

import numpy as np
import pytest
from river_helpers import dense_from_json
from test_river_showdown import dead_but

import stud_odds
from stud_odds.games import Game
from stud_odds.solver import river

# (game, hands, dead, pot, cap): small ranges on short decks, so that a dense best response
# is quick; every game, first to act either seat, every cap from 1 to 4
SHORT = "2c 2d 3c 3d 4c 4d 5c 5d 6c 6d Tc Td"  # a shorter deck: quick brute force
SPOTS = [
    ("stud", ["[AA, KK]x/QhJhTh9c", "[QQ, JJ]x/7c7d2s8h"], SHORT, 5.0, 4),
    ("stud", ["AsKs2d/QhJhTh9c", "[QQ+]x/7c7d2s8h"], "3c 4c 5c 6c", 6.5, 3),
    ("stud", ["[88, 99]x/8c9cTdJd", "[TT, JJ]x/2h3h4h5s"], "2c 2d 3c 3d 4c 4d 5c", 3.0, 2),
    ("stud", ["xxx/AhAd5c5s", "As Ks x/KhKd7c2d"], "3c 4c 6c 7d 8c 9c Tc Jc Qc 2c 3d 4d 5d 6d "
                                                    "8d 9d Td Jd Qd 2h 3h 4h 5h", 4.0, 1),
    ("stud8", ["[A2, A3]x/4h5c9dKs", "[KK, QQ]x/6h7h8h2c"], "Tc Td Th Ts Jc Jd Jh Js 9c 9h 3c 3d "
                                                         "7c 7d 5d 5h", 6.0, 4),
    ("stud8", ["[A2, 23]x/4h5c9dKs", "[KK]x/6h7h8h2c"], "Ac Ad 3c 6c 6d Tc Td", 2.5, 2),
    ("stud8", ["As2s x/3s4s8hKd", "[55, 66]x/7c7d8c9c"], "Jc Jd Jh Js Qc Qd Qh Qs Tc Td Th Ts "
                                                        "9d 9h 9s 2c 2d 3c 3d 4c", 5.0, 3),
    ("stud8", ["[A2, A3, 23]x/4h5c9dKs", "xxx/6h7h8h2c"], "Kc Kd Kh Qc Qd Qh Qs Jc Jd Jh Js "
                                                         "Tc Td Th Ts 9c 9h 9s 8c 8d 8s 7c 7d "
                                                         "6c 6d 5d", 4.0, 4),
    ("razz", ["[A2, 23]x/4h5c9dKs", "[A3, 24]x/6h7h8h2c"], "Tc Td Th Ts Jc Jd Jh Js Qc "
                                                           "Qd Qh Qs 9c 9h", 5.0, 4),
    ("razz", ["[A2]x/4h5c9dKs", "xxx/6h7h8h3c"], "Qc Qd Qh Qs Jc Jd Jh Js Tc Td Th Ts 9c 9h "
                                                 "9s 8c 8d 8s 7c 7d 7s 6c 6d 5d 5s 4d", 3.0, 3),
    ("razz", ["Ac2c x/3d4d7h8s", "[A5, 35]x/2h6h9cTc"], "Kc Kd Kh Ks Qc Qd Qh Qs Jc Jd Jh Js "
                                                       "Td Th Ts 9d 9h 9s 8c 8d 8h", 2.0, 1),
    ("razz", ["xxx/AsKc9c2d", "xxx/3h5h6dQd"], "Kd Kh Ks Qc Qh Qs Jc Jd Jh Js Tc Td Th Ts 9d "
                                               "9h 9s 8c 8d 8h 8s 7c 7d 7h 7s 6c 6h 6s 5c",
     6.0, 4),
]


def solve(game, hands, dead, pot, cap, **options):
    return river(hands, game, pot=pot, cap=cap, dead=dead, use_kernel=False, **options)


BIGGEST = (0, 7, 8, 9)  # the spots of 500 combos or more: slow here


@pytest.mark.parametrize(("game", "hands", "dead", "pot", "cap"), [
    pytest.param(*spot, marks=[pytest.mark.slow] if index in BIGGEST else [])
    for index, spot in enumerate(SPOTS)])
def test_a_best_response_from_the_json_confirms_the_exploitability(game, hands, dead, pot, cap):
    result = solve(game, hands, dead, pot, cap)
    answer = json.loads(json.dumps(result.to_dict()))
    dense = dense_from_json(answer, hands, dead)
    assert answer["exploitability"] == pytest.approx(dense.exploitability(), abs=1e-7 * pot)
    assert answer["exploitability"] <= 0.001 * pot
    assert answer["exploitability"] >= -1e-9
    first = answer["first"] - 1
    assert answer["value"][first] == pytest.approx(dense.value(0), abs=1e-7 * pot)
    assert sum(answer["value"]) == pytest.approx(pot)


def test_the_json_is_as_documented():
    hands = ["[AA, KK]x/QhJhTh9c", "[QQ, JJ]x/7c7d2s8h"]
    answer = solve("stud", hands, "", 5, 2).to_dict()
    assert list(answer) == ["game", "pot", "cap", "first", "value", "exploitability",
                            "iterations", "strategy"]
    assert (answer["game"], answer["pot"], answer["cap"], answer["first"]) == ("stud", 5.0, 2, 2)
    assert len(answer["value"]) == 2 and answer["iterations"] > 0
    histories = {(row["player"], row["history"]) for row in answer["strategy"]}
    assert histories == {(2, ""), (1, "k"), (1, "b"), (2, "kb"), (2, "br"), (1, "kbr")}
    for row in answer["strategy"]:
        assert list(row) == ["player", "history", "hole", "actions"]
        expected = ["k", "b"] if row["history"] in ("", "k") else \
            ["f", "c"] if row["history"] in ("br", "kbr") else ["f", "c", "r"]
        assert list(row["actions"]) == expected
        assert sum(row["actions"].values()) == pytest.approx(1.0)
        assert len(row["hole"]) == 6
    holes = [row["hole"] for row in answer["strategy"] if row["history"] == "k"]
    assert len(holes) == len(set(holes))


def _sequence_form_value(dense) -> float:
    """Player 0's value of the game by a linear program over the sequence form (Koller,
    Megiddo and von Stengel): max f'q subject to F'q - A'x <= 0, Ex = e, x >= 0."""
    from scipy.optimize import linprog

    sequences: list[dict[tuple, int]] = [{(): 0}, {(): 0}]
    infosets: list[list[tuple[tuple, list[tuple]]]] = [[], []]
    leaves: list[tuple[int, int, tuple, tuple, str, list[int], int]] = []

    def seq(player: int, key: tuple) -> int:
        return sequences[player].setdefault(key, len(sequences[player]))

    def walk(history, put, bets, actor, last):
        owed = bets > put[actor]
        actions = ["f", "c"] + (["r"] if bets < dense.cap else []) if owed else ["k", "b"]
        for combo in range(len(dense.holes[actor])):
            parent = last[actor].get(combo, ())
            infosets[actor].append((parent, [(combo, history, a) for a in actions]))
            for action in actions:
                seq(actor, (combo, history, action))
        for action in actions:
            after = history + action
            child_last = [dict(last[0]), dict(last[1])]
            for combo in range(len(dense.holes[actor])):
                child_last[actor][combo] = (combo, history, action)
            if action == "f":
                leaves.append(("f", after, put, actor, bets, child_last))
            elif action == "c" or (action == "k" and actor == 1):
                leaves.append(("s", after, put, actor, bets if action == "c" else 0, child_last))
            elif action == "k":
                walk(after, put, bets, 1 - actor, child_last)
            else:
                raised = list(put)
                raised[actor] = bets + 1
                walk(after, raised, bets + 1, 1 - actor, child_last)

    walk("", [0, 0], 0, 0, [{}, {}])
    n0, n1 = len(sequences[0]), len(sequences[1])
    payoff = np.zeros((n0, n1))
    meetings = dense.meetings()
    for kind, _, put, actor, x, last in leaves:
        for i in range(len(dense.holes[0])):
            for j in range(len(dense.holes[1])):
                if not dense.meets[i, j]:
                    continue
                chance = dense.weight[0][i] * dense.weight[1][j] / meetings
                if kind == "f":
                    won = -put[0] if actor == 0 else dense.pot + put[1]
                else:
                    won = (dense.pot + 2 * x) * dense.share[i, j] - x
                payoff[sequences[0][last[0].get(i, ())], sequences[1][last[1].get(j, ())]] += \
                    chance * won

    def constraints(player, count):
        rows = [np.eye(1, count, 0).ravel()]
        for parent, children in infosets[player]:
            row = np.zeros(count)
            row[sequences[player][parent]] = -1
            for child in children:
                row[sequences[player][child]] = 1
            rows.append(row)
        return np.array(rows)

    e, f = constraints(0, n0), constraints(1, n1)
    # variables: x (n0, >= 0), q (rows of f, free); maximise q[0] (f'q with f = (1, 0...))
    cost = np.concatenate([np.zeros(n0), -np.eye(1, len(f), 0).ravel()])
    upper = np.concatenate([-payoff.T, f.T], axis=1)
    equal = np.concatenate([e, np.zeros((len(e), len(f)))], axis=1)
    bounds = [(0, None)] * n0 + [(None, None)] * len(f)
    solved = linprog(cost, A_ub=upper, b_ub=np.zeros(n1), A_eq=equal,
                     b_eq=np.eye(1, len(e), 0).ravel(), bounds=bounds, method="highs")
    assert solved.success
    return -solved.fun


@pytest.mark.parametrize("spot", [SPOTS[1], SPOTS[6], SPOTS[10]])
def test_a_linear_program_gives_the_same_value(spot):
    game, hands, dead, pot, cap = spot
    result = solve(game, hands, dead, pot, cap)
    dense = dense_from_json(result.to_dict(), hands, dead)
    exact = _sequence_form_value(dense)
    assert result.value[result.first - 1] == pytest.approx(exact, abs=result.exploitability + 1e-9)


def test_a_huge_pot_is_worth_the_pot_equity():
    """Each seat's pot equity counted pair by pair (the slow evaluator, share_out)."""
    game, hands, dead, _, cap = SPOTS[5]
    pot = 10_000
    result = solve(game, hands, dead, pot, cap)
    dense = dense_from_json(result.to_dict(), hands, dead)
    share = np.where(dense.meets, dense.share, 0.0)
    first = dense.weight[0] @ share @ dense.weight[1] / dense.meetings()
    equity = {result.first - 1: first, 2 - result.first: 1 - first}
    for seat in (0, 1):
        assert result.value[seat] == pytest.approx(equity[seat] * pot, abs=0.001 * pot)


def test_the_nuts_win_the_whole_pot_and_are_never_called():
    hands = ["AsAhKc/AcAdKsKh", "xxx/2c3d5h7s"]  # four aces: nothing beats them
    result = solve("stud", hands, "2d 2h 3c 3h 4c 4d 5c 5d 6c 6d Tc Td 8c 8d 9c 9d Jc Jd",
                   4, None)
    assert result.first == 1
    assert result.value[0] == pytest.approx(4, abs=result.exploitability + 1e-9)
    assert result.value[1] == pytest.approx(0, abs=result.exploitability + 1e-9)
    answer = result.to_dict()
    bet = next(row for row in answer["strategy"] if row["player"] == 1 and row["history"] == "")
    if bet["actions"]["b"] > 0.01:  # when he bets, nobody calls
        for row in answer["strategy"]:
            if row["player"] == 2 and row["history"] == "b":
                assert row["actions"]["f"] == pytest.approx(1, abs=1e-3)


@pytest.mark.parametrize(("pot", "expected"), [(6, (5, 1)), (1, (1, 0))])
def test_cap_one_with_one_combo_each_is_the_hand_calculation(pot, expected):
    """Stud hi-lo, seat 1 has the better high (6-high straight against 5-high) and both
    the wheel: 3/4 of the pot to seat 1.  Seat 2 acts first (a pair of nines showing).
    With P = 6 a call of 1 wins back (P + 2) / 4 = 2 for seat 2, so he calls a bet, and
    seat 1 bets: 3/4 of 8 - 1 = 5 against 1.  With P = 1 a call gets back 3/4 only: seat 2
    folds to the bet, seat 1 bets and takes the pot, 1 against 0."""
    hands = ["As2c3d/4s5h6hKh", "Ah2d3h/4c5c9s9d"]
    result = solve("stud8", hands, "", pot, 1)
    assert result.first == 2
    assert result.value == pytest.approx(expected, abs=result.exploitability + 1e-9)


def test_the_cap_defaults_to_the_table_rule():
    from stud_odds.rules import DEFAULT_MAX_RAISES

    result = solve("stud", ["AsKs2d/QhJhTh9c", "[QQ+]x/7c7d2s8h"], "", 5, None)
    assert result.cap == 1 + DEFAULT_MAX_RAISES == 4


@pytest.mark.parametrize(("hands", "options", "field", "words"), [
    (["AsKs/Qh", "QdQc/7s"], {}, "hands", "seventh-street"),
    (["xxx/QhJhTh9c", "xxx/7c7d2s8h", "xxx/2c3c4c5c"], {}, "hands", "two live players"),
    (["xxx/QhJhTh9c", "[AA]x/7c7d2s8h"], {"dead": "Ac Ad Ah"}, "hands", "allows no hole"),
    (["xxx/QhJhTh9c", "xxx/7c7d2s8h"], {"pot": 0}, "pot", "from 0.01 to 1,000,000"),
    (["xxx/QhJhTh9c", "xxx/7c7d2s8h"], {"pot": -2}, "pot", "from 0.01 to 1,000,000"),
    (["xxx/QhJhTh9c", "xxx/7c7d2s8h"], {"pot": "lots"}, "pot", "from 0.01 to 1,000,000"),
    (["xxx/QhJhTh9c", "xxx/7c7d2s8h"], {"pot": float("nan")}, "pot", "from 0.01 to 1,000,000"),
    # a number too large was told to be "above 0"
    (["xxx/QhJhTh9c", "xxx/7c7d2s8h"], {"pot": 10**400}, "pot", "from 0.01 to 1,000,000"),
    (["xxx/QhJhTh9c", "xxx/7c7d2s8h"], {"pot": float("inf")}, "pot", "from 0.01 to 1,000,000"),
    (["xxx/QhJhTh9c", "xxx/7c7d2s8h"], {"cap": 0}, "cap", "from 1 to 8"),
    (["xxx/QhJhTh9c", "xxx/7c7d2s8h"], {"cap": 9}, "cap", "from 1 to 8"),
    (["xxx/QhJhTh9c", "xxx/7c7d2s8h"], {"accuracy": 0}, "accuracy", "share of the pot"),
    # targets below what double precision measures ran MAX_ITERATIONS rounds, half an hour
    (["xxx/QhJhTh9c", "xxx/7c7d2s8h"], {"accuracy": 1e-300}, "accuracy", "1e-06"),
    (["xxx/QhJhTh9c", "xxx/7c7d2s8h"], {"accuracy": 10**400}, "accuracy", "401-digit"),
    (["xxx/QhJhTh9c", "xxx/7c7d2s8h"], {"pot": 1e-300}, "pot", "0.01"),
    (["xxx/QhJhTh9c", "xxx/7c7d2s8h"], {"pot": 1e308}, "pot", "1,000,000"),
    (["xxx/QhJhTh9c", "xxx/7c7d2s8h"], {"accuracy": "x"}, "accuracy", "share of the pot"),
    (["xxx/QhJhTh9c", "xxx/7c7d2s8h"],  # U = 52 - 12 - 37 dead = 3: one shared river card
     {"dead": dead_but(["xxx/QhJhTh9c", "xxx/7c7d2s8h"], "Ac Ad Ah As Kc Kd Kh")}, "hands",
     "community card"),
])
def test_mistakes_are_one_sentence_naming_the_field(hands, options, field, words):
    arguments = {"pot": 5, **options}
    with pytest.raises(stud_odds.StudOddsError) as caught:
        river(hands, "stud", use_kernel=False, **arguments)
    message = str(caught.value)
    assert words in message
    assert not re.search(r"\. [A-Z]", message) and "\n" not in message
    assert caught.value.field == field


def test_a_fractional_pot_is_taken():
    result = solve("stud", ["AsKs2d/QhJhTh9c", "[QQ+]x/7c7d2s8h"], "", "5.5", 2)
    assert result.pot == 5.5
    assert sum(result.value) == pytest.approx(5.5)


def test_cancel_stops_the_solve_with_no_answer():
    import threading

    from stud_odds.engine import Cancelled

    cancel = threading.Event()
    seen = []

    def progress(done, total):
        seen.append(done)
        cancel.set()

    game, hands, dead, pot, cap = SPOTS[2]
    with pytest.raises(Cancelled):
        river(hands, game, pot=pot, cap=cap, dead=dead, accuracy=1e-6, use_kernel=False,
              progress=progress, cancel=cancel)
    assert seen == [10]


def test_stud_odds_river_is_the_solve_function():
    """``stud_odds.river`` is a lazy name for the solver's function, a plain function even
    once the solver's package and its modules are imported (no module is named after it)."""
    import importlib
    import types

    import stud_odds.solver.solve  # noqa: F401 (importing a submodule must not shadow it)
    from stud_odds import river as the_name

    assert isinstance(stud_odds.river, types.FunctionType)
    assert stud_odds.river is the_name is river
    with pytest.raises(ModuleNotFoundError):
        importlib.import_module("stud_odds.river")
    result = stud_odds.river(["AsKs2d/QhJhTh9c", "[QQ+]x/7c7d2s8h"], pot=5, cap=1,
                             use_kernel=False)
    assert isinstance(result, stud_odds.RiverResult)
    assert result.to_dict() == river(["AsKs2d/QhJhTh9c", "[QQ+]x/7c7d2s8h"], pot=5, cap=1,
                                     use_kernel=False).to_dict()
    assert issubclass(stud_odds.RiverError, stud_odds.StudOddsError)
    rows = result.rows()
    assert {"player", "history", "hole", "hand", "weight", "value"} <= set(rows[0])
    assert "<table>" in result._repr_html_()


@pytest.mark.slow  # compiles the river kernel when the cache lacks it
@pytest.mark.parametrize("spot", [SPOTS[0], SPOTS[4], SPOTS[8]])
def test_the_kernel_and_its_twin_give_the_same_numbers(spot):
    game, hands, dead, pot, cap = spot
    twin = river(hands, game, pot=pot, cap=cap, dead=dead, use_kernel=False)
    kernel = river(hands, game, pot=pot, cap=cap, dead=dead, use_kernel=True)
    assert kernel.to_dict() == twin.to_dict()


def test_the_solves_fields_take_a_number_by_the_checks_rule():
    """pot, cap and accuracy are numbers as every checker takes them (checks.finite_number,
    whole_number): a Decimal or a numpy number too, a bool or a float cap never; text as the
    command line gives it."""
    from decimal import Decimal

    from stud_odds.solver.fields import read_accuracy, read_cap, read_pot

    assert read_pot(Decimal("5.5")) == read_pot(" 5.5 ") == read_pot(np.float64(5.5)) == 5.5
    assert read_cap(np.int64(2), Game.STUD) == read_cap(" 2 ", Game.STUD) == 2
    assert read_accuracy(Decimal("0.01")) == read_accuracy("0.01") == 0.01
    for field, read, bad in [("pot", read_pot, True), ("pot", read_pot, "1e999"),
                             ("cap", lambda cap: read_cap(cap, Game.STUD), 2.0),
                             ("accuracy", read_accuracy, 10**400)]:
        with pytest.raises(stud_odds.RiverError) as caught:
            read(bad)
        assert caught.value.field == field
