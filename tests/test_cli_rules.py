"""``stud-odds rules ...``: output, JSON, and one red sentence with exit status 2 on bad input."""

import json
import re

import pytest
from typer.testing import CliRunner

from stud_odds.cli import app

runner = CliRunner(env={"COLUMNS": "100"})
_ANSI = re.compile(r"\x1b\[[0-9;]*m")


def run(*args: str):
    return runner.invoke(app, ["rules", *args])


def plain(text: str) -> str:
    return _ANSI.sub("", text)


def assert_user_error(result, message: str) -> None:
    assert result.exit_code == 2, result.output
    assert plain(result.stderr) == f"error: {message}\n"
    assert result.stdout == ""


def test_bring_in_sentence_and_json():
    result = run("bring-in", "7h", "2h", "Kd", "2c")
    assert result.exit_code == 0, result.output
    assert plain(result.stdout) == (
        "seat 4 brings in with the deuce of clubs: it ties the deuce of hearts in seat 2 for the "
        "lowest door card, and clubs rank below hearts (clubs < diamonds < hearts < spades)\n"
    )
    data = json.loads(run("bring-in", "7h", "2h", "Kd", "2c", "--json").stdout)
    assert data["seat"] == 4
    assert data["card"] == "2c"
    assert data["reason"].startswith("seat 4 brings in with the deuce of clubs")


def test_bring_in_options():
    razz = json.loads(run("bring-in", "Kh", "2c", "Ks", "--game", "razz", "--json").stdout)
    assert razz["seat"] == 3
    by_seat = json.loads(run("bring-in", "9s", "2h", "2c", "--ties-by-seat", "--json").stdout)
    assert by_seat["seat"] == 2
    all_in = json.loads(run("bring-in", "Ah", "9h", "2c", "--all-in", "3", "--json").stdout)
    assert all_in["seat"] == 1
    assert "all-in from the ante" in all_in["reason"]


def test_first_to_act_a_pair_of_kings_before_ace_king():
    result = run("first-to-act", "Ah Kc", "Kh Kd", "7s 2d")
    assert result.exit_code == 0, result.output
    assert plain(result.stdout) == (
        "seat 2 acts first on fourth street: a pair of kings (Kh Kd) is the best hand showing\n"
        "order: seat 2, seat 3, seat 1\n"
    )
    data = json.loads(run("first-to-act", "Ah Kc", "Kh Kd", "7s 2d", "--json").stdout)
    assert data["seat"] == 2
    assert data["order"] == [2, 3, 1]
    assert data["reason"].startswith("seat 2 acts first on fourth street")


def test_first_to_act_options():
    by_suit = run("first-to-act", "Ah Kd", "As Kc", "--ties-by-suit", "--json")
    assert json.loads(by_suit.stdout)["seat"] == 2
    seventh = run("first-to-act", "Ah Kd 3c 3d", "9s 9c 4h 2s", "-s", "7", "--json")
    assert json.loads(seventh.stdout)["street"] == 7
    razz = run("first-to-act", "Ah Ad", "Kc Qd", "-g", "razz", "--json")
    assert json.loads(razz.stdout)["seat"] == 2


def test_showdown():
    result = run("showdown", "Kh Kd 7c 2s", "Ah Kc 9d 3h", "--aggressor", "2")
    assert result.exit_code == 0, result.output
    assert plain(result.stdout) == (
        "seat 2 shows first: it made the last bet or raise on the final round\n"
        "order: seat 2, seat 1\n"
    )
    data = json.loads(run("showdown", "Kh Kd 7c 2s", "Ah Kc 9d 3h", "--json").stdout)
    assert data["seat"] == 1
    assert data["reason"].startswith("seat 1 shows first: nobody bet on the final round")
    earliest = run("showdown", "Kh Kd 7c 2s", "Ah Ac 9d 3h", "--earliest-seat", "--json")
    assert json.loads(earliest.stdout)["seat"] == 1


def test_limits_every_street():
    result = run("limits", "$2/$4")
    assert result.exit_code == 0, result.output
    lines = plain(result.stdout).splitlines()
    assert lines[0] == "Seven Card Stud at $2/$4"
    assert lines[1].startswith("third street: bets and raises are $2, the small bet; the "
                               "bring-in is $1 (half the small bet)")
    assert lines[5] == ("seventh street: bets and raises are $4, the big bet; a bet and 3 raises "
                        "cap the round at $16 a player")


def test_limits_open_pair_stud_versus_stud8():
    stud = json.loads(run("limits", "2/4", "--open-pair", "--json").stdout)
    assert [street["big_bet_allowed"] for street in stud["streets"]] == [
        False, True, False, False, False]
    stud8 = json.loads(run("limits", "2/4", "-g", "stud8", "-s", "4", "--open-pair",
                           "--json").stdout)
    assert stud8["streets"] == [{
        "game": "stud8", "stakes": "2/4", "street": 4, "bet": "2", "big_bet_allowed": False,
        "bring_in": None, "completion": None, "max_raises": 3, "cap": "8",
        "reason": "fourth street: bets and raises are 2, the small bet; Seven Card Stud Hi-Lo "
                  "(eight or better) has no open-pair rule, so fourth street stays at the small "
                  "bet; a bet and 3 raises cap the round at 8 a player",
    }]


def test_limits_bring_in_and_cap_options():
    data = json.loads(run("limits", "$0.50/$1", "-s", "3", "--bring-in", "$0.20", "--raises",
                          "4", "--json").stdout)
    street = data["streets"][0]
    assert (street["bring_in"], street["completion"], street["cap"]) == ("0.20", "0.50", "2.50")
    uncapped = json.loads(run("limits", "2/4", "-s", "6", "--heads-up-uncapped", "--json").stdout)
    assert uncapped["streets"][0]["cap"] is None


QUARTERED = ("split", "11", "-g", "stud8", "Kh Kd Kc 9s 9h 2c 3d", "Ah 2h 3h 4c 8d Qd Jc",
             "As 2s 3c 4d 8s Qs Jd")


def test_split_a_quartered_pot():
    result = run(*QUARTERED)
    assert result.exit_code == 0, result.output
    assert [line.split() for line in plain(result.stdout).splitlines()[:4]] == [
        ["seat", "high", "low", "chips", "amount"],
        ["1", "6", "0", "6", "6"],
        ["2", "0", "3", "3", "3"],
        ["3", "0", "2", "2", "2"],
    ]
    assert plain(result.stdout).splitlines()[4:] == [
        "the pot, 11 chips, does not halve evenly, so the odd chip goes to the high half: "
        "6 high, 5 low",
        "the high half, 6 chips, goes to seat 1 (full house, kings full of nines)",
        "the low half, 5 chips, is split between seats 2 and 3 (8-4-3-2-A low each): 2 chips "
        "each, and the odd chip goes to seat 2, holding the lowest card by suit (aces low), the "
        "ace of hearts",
    ]
    data = json.loads(run(*QUARTERED, "--json").stdout)
    assert [(s["seat"], s["high_chips"], s["low_chips"]) for s in data["shares"]] == [
        (1, 6, 0), (2, 0, 3), (3, 0, 2)]


def test_split_razz_and_the_seat_option():
    hands = ("7s 5c 4c 3h 2d Qd Qc", "7h 5h 4d 3s 2c Kd Kc")
    by_card = json.loads(run("split", "5", "-g", "razz", *hands, "--json").stdout)
    assert [(s["seat"], s["chips"]) for s in by_card["shares"]] == [(1, 2), (2, 3)]
    by_seat = json.loads(run("split", "5", "-g", "razz", *hands, "--odd-chip-by-seat",
                             "--json").stdout)
    assert [(s["seat"], s["chips"]) for s in by_seat["shares"]] == [(1, 3), (2, 2)]


def test_split_help_states_the_odd_chip_rule():
    # Rich draws the options in a box: drop the borders and join the wrapped lines.
    text = " ".join(re.sub("[│╭╮╰╯─]", " ", plain(run("split", "--help").stdout)).split())
    assert "final seven cards" in text
    assert "the highest card by suit for a high, the lowest for a low" in text


def test_split_by_winners_with_money():
    data = json.loads(run("split", "$2.50", "--chip", "0.25", "-g", "stud8", "--high", "2",
                          "--low", "3", "--low", "1", "--odd-chip-by-seat", "--json").stdout)
    assert data["chips"] == 10
    assert data["currency"] == "$"
    assert [(s["seat"], s["amount"]) for s in data["shares"]] == [
        (1, "0.75"), (2, "1.25"), (3, "0.50")]


@pytest.mark.parametrize(
    "args, message",
    [
        (["limits", "1-2"], "'1-2' is not a stakes format: write the small bet and the big bet "
                            "with a slash, like 2/4 or $0.50/$1"),
        (["first-to-act", "Kh Kd", "", "7s 2d"], "seat 2 has no upcard: give every live seat's "
                                                 "upcards"),
        (["bring-in", "7h", "2c", "7h"], "7h appears twice: in seat 1 and in seat 3"),
        (["first-to-act", "Kh Kd", "Kh 2d"], "Kh appears twice: in seat 1 and in seat 2"),
        (["bring-in", "7h", "Zz"], "seat 2: 'Zz' is not a card: rank must be one of 2-9, T (or "
                                   "10), J, Q, K, A"),
        (["bring-in", "7h", "2c 3d"], "seat 2 has 2 door cards ('2c 3d'): give one per seat"),
        (["bring-in", "7h", "2c", "-g", "holdem"], "'holdem' is not a game: use stud, stud8 "
                                                   "(hi-lo eight or better) or razz"),
        (["limits", "2/4", "-s", "5", "--open-pair"], "an open pair changes the bet only on "
                                                      "fourth street, not on fifth street"),
        (["showdown", "Kh Kd 7c", "Ah Kc 9d"], "on seventh street each seat shows 4 upcards, "
                                               "not 3"),
        (["split", "$10.30", "--chip", "0.25", "--high", "1"], "the pot ($10.30) is not a whole "
                                                               "number of $0.25 chips"),
        (["split", "10"], "give the players' final hands or the winning seats"),
        (["split", "10", "As Ks Qs Js Ts", "Ah Kh Qh Jh Th 2c 3c"],
         "seat 1 has 5 cards, but a final hand has 7 (with the community card, if one was "
         "dealt)"),
        (["split", "11", "-g", "stud8", "--high", "1", "--low", "2", "--low", "3"],
         "an odd chip of the low half goes to the lowest card by suit, which needs the tied "
         "players' cards: give the hands, or give the odd chip by seat"),
    ],
)
def test_bad_input_is_one_sentence_and_exit_status_2(args, message):
    assert_user_error(run(*args), message)


@pytest.mark.parametrize("command", ["bring-in", "first-to-act", "limits", "split", "showdown"])
def test_each_command_has_an_example_in_its_help(command):
    result = run(command, "--help")
    assert result.exit_code == 0
    assert f"Example: stud-odds rules {command}" in plain(result.stdout)


def test_split_table_shows_halves_only_for_stud8():
    stud = plain(run("split", "11", "Ah Kh Qh Jh 9h 2c 3d", "As Ks Qs Js 9s 2d 3c").stdout)
    assert stud.splitlines()[0].split() == ["seat", "chips", "amount"]
    assert stud.splitlines()[1].split() == ["1", "5", "5"]
    stud8 = plain(run("split", "11", "-g", "stud8", "--high", "1", "--low", "2").stdout)
    assert stud8.splitlines()[0].split() == ["seat", "high", "low", "chips", "amount"]
    assert stud8.splitlines()[2].split() == ["2", "0", "5", "5", "5"]
