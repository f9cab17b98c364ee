"""A batch line's fields, checked one by one (stud_odds.study.spots)."""

import pytest
from study_helpers import RIVER, jsonl

from stud_odds.study import read_spots


@pytest.mark.parametrize("extra, message", [
    ({"tirals": 5}, "unknown field 'tirals'"),
    ({"seed": "abc"}, "'seed' must be a whole number, not 'abc'"),
    ({"seed": 1e400}, "'seed' must be a whole number, not Infinity"),
    ({"seed": -1}, "'seed' must be a whole number from 0 to 2^64 - 1, not -1"),
    ({"seed": 2**64}, "'seed' must be a whole number from 0 to 2^64 - 1"),
    ({"seed": True}, "'seed' must be a whole number, not true"),
    ({"seed": 2.5}, "'seed' must be a whole number, not 2.5"),
    ({"community": 1.5}, "'community' must be a text such as \"2c\", not 1.5"),
    ({"game": 8}, "'game' must be a text such as \"stud8\", not 8"),
    ({"deck_rule": ["casino"]}, "'deck_rule' must be a text"),
    ({"trials": "abc"}, "'abc' is not a trial count"),
    ({"trials": True}, "'trials' must be a whole number, not true"),
    ({"trials": float("nan")}, "'trials' must be a whole number, not NaN"),
    ({"trials": "1e400"}, "1e400 trials would take days"),
    ({"trials": -5}, "'trials' must be a positive whole number, not -5"),
    ({"trials": 0}, "'trials' must be a positive whole number, not 0"),
    ({"precision": float("inf")}, "'precision' must be a positive number of percentage points"),
    ({"precision": "nan"}, "'precision' must be a positive number of percentage points"),
    ({"precision": -0.1}, "'precision' must be a positive number of percentage points"),
    ({"precision": False}, "'precision' must be a positive number of percentage points"),
    ({"max_time": "inf"}, "'max_time' must be a positive number of seconds, not 'inf'"),
    ({"max_time": float("-inf")}, "'max_time' must be a positive number of seconds, not -Infinity"),
    ({"exact": "maybe"}, "'exact' must be true or false, not 'maybe'"),
    ({"exact": 1}, "'exact' must be true or false, not 1"),
    ({"id": [1]}, "'id' must be a text or a whole number, not [1]"),
    ({"id": "a\nb"}, "'id' must be one line of printable text"),
    ({"hands": "AsKs/Qh"}, "'hands' must be a list with one text per live player"),
    ({"hands": "AsKs/Qh 7c7d/2s"}, "not the text 'AsKs/Qh 7c7d/2s'"),
    ({"hands": ["AsKs/Qh", None]}, "'hands' must be a list with one text per live player"),
    ({"hands": None}, "a spot needs 'hands'"),
    ({"hands": []}, "a spot needs 'hands'"),
    ({"precision": "tight"}, "'precision' must be a positive number of percentage points"),
    ({"trials": "lots"}, "'lots' is not a trial count"),
    ({"hands": 5}, "'hands' must be a list with one text per live player"),
    ({"folds": [5]}, "'folds' must be one text of upcards per folded player"),
    ({"dead": 7}, "'dead' must be a text of cards or a list of them"),
    # a 400-digit number in any numeric field is one short sentence, never an OverflowError
    ({"trials": 10**400}, "about 10^400 trials would take days"),
    ({"seed": 10**400}, "'seed' must be a whole number from 0 to 2^64 - 1, not a 401-digit"),
    ({"precision": 10**400}, "'precision' must be a positive number of percentage points"),
    ({"max_time": 10**400}, "'max_time' must be a positive number of seconds, not a 401-digit"),
])
def test_read_spots_names_bad_fields(extra, message):
    ((number, error),) = list(read_spots(jsonl({"hands": ["AsKs/Qs", "2c2d/2h"], **extra}),
                                         "jsonl"))
    assert number == 1 and message in str(error) and len(str(error)) < 200


def test_read_spots_rejects_unknown_fields():
    ((number, error),) = list(read_spots(jsonl({"hands": ["AsKs/Qs", "2c2d/2h"], "tirals": 5}),
                                         "jsonl"))
    assert number == 1 and "unknown field 'tirals'" in str(error)


def test_null_means_not_given():
    fields = ("id", "game", "dead", "folds", "community", "deck_rule", "trials", "precision",
              "exact", "seed", "max_time")
    ((number, spot),) = list(read_spots(jsonl({"hands": RIVER, **dict.fromkeys(fields)}),
                                        "jsonl"))
    assert spot.id is None and spot.scenario.game.value == "stud" and spot.stop.method == "auto"
    assert spot.stop.trials is None and spot.stop.seed is None


def test_whole_numbers_as_json_floats_and_texts_are_taken():
    ((_, spot),) = list(read_spots(jsonl({"hands": RIVER, "trials": 1e6, "seed": "7",
                                           "precision": "0.001", "id": 12}), "jsonl"))
    assert (spot.stop.trials, spot.stop.seed, spot.stop.precision, spot.id) == (
        1_000_000, 7, 0.001, "12")


def test_a_batch_line_refused_exact_enumeration_is_told_of_its_own_field():
    from stud_odds.errors import StudOddsError
    from stud_odds.request import SpotRequest
    from stud_odds.study.batch import run_spot

    spot = SpotRequest.from_fields({"hands": ["AsKs/Qs", "2c2d/2h", "7c7d/8h"], "exact": True})
    refused = run_spot(spot, threads=2)
    assert isinstance(refused, StudOddsError) and refused.field == "exact"
    assert 'use Monte Carlo (drop "exact": true)' in str(refused)
