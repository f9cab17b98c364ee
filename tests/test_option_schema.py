"""Every door reads the options through the one schema: the command line, batch lines, the
web's JSON body and query string, and history's settings accept and refuse the same values,
with the same sentence (the option named as each door knows it)."""

from __future__ import annotations

import json

import pytest
from study_helpers import one_line
from typer.testing import CliRunner

from stud_odds.cli import app
from stud_odds.errors import StudOddsError
from stud_odds.request import OPTIONS, SPOT_FIELDS, Door, SpotRequest
from stud_odds.request.stop import STOP_FIELDS
from stud_odds.study import read_spots

pytest.importorskip("starlette")
from stud_odds.web.fields import QUERY_FIELDS, request_from_fields, request_from_query  # noqa: E402

runner = CliRunner()
HANDS = ["AhKh/Qh8d", "7c7d/2s3s"]  # fourth street heads-up: every door answers quickly

# option -> values that every door must refuse (as texts: what a command line can give)
LONG_NUMBER = "1" * 5000  # more digits than Python converts to an int
BAD = {
    "trials": ["0", "-5", "lots", "1.5", "1e13", LONG_NUMBER],
    # below 5e-05 points, 0.25 / p^2 trials would pass the cap on trials (1e-300: and the
    # square underflows to 0)
    "precision": ["0", "-1", "nan", "inf", "51", "tight", "1e-9", "1e-300", "4.9e-5",
                  LONG_NUMBER],
    "max_time": ["0", "-2", "inf", "soon", "86401", "1e300", LONG_NUMBER],
    "seed": ["-1", "1.5", "18446744073709551616", "lucky", LONG_NUMBER, "-" + LONG_NUMBER],
    "pot": ["-1", "nan", "lots", LONG_NUMBER],
    "to_call": ["0", "-3", "inf", "some"],
    # a lone surrogate (a JSON "\ud800", a file name's undecodable byte) and a terminal's
    # escape are quoted as escapes, never as themselves
    "game": ["poker", "holdem", "\ud800", "\x1b[2J", "g" * 300],  # a long one quoted short
    "dead": ["Zz", "Ah", "\ud800", "x" * 300],  # no such card; a card already in a hand
    "deck_rule": ["house", "\udcff", "d" * 300],
    "community": ["2x", "\ud800"],
}
# option -> (text, value) pairs every door reads alike
GOOD = {
    "trials": [("250k", 250_000), ("1e4", 10_000), ("1_000", 1_000)],
    "precision": [("0.5", 0.5), ("50", 50.0)],
    "max_time": [("2.5", 2.5), ("1e-300", 1e-300)],
    "seed": [("0", 0), ("18446744073709551615", 2**64 - 1)],
    "pot": [("0", 0.0), ("12.5", 12.5)],
    "to_call": [("1", 1.0)],
}


def _extra(name: str, value: str) -> dict[str, str]:
    """The option, with its partner when it needs one (pot odds need both sizes)."""
    partner = {"pot": ("to_call", "1"), "to_call": ("pot", "10")}.get(name)
    return {name: value, **({partner[0]: partner[1]} if partner else {})}


def _command_line(name: str, value: str, hands: list[str] = HANDS) -> str:
    args = ["equity", *hands]
    for option, text in _extra(name, value).items():
        args += [OPTIONS[option].flag, text]
    result = runner.invoke(app, args)
    assert result.exit_code == 2, result.output
    return one_line(result.stderr).removeprefix("error: ")


def _batch(name: str, value: str) -> str:
    line = json.dumps({"hands": HANDS, **_extra(name, value)}) + "\n"
    ((_, error),) = list(read_spots(line, "jsonl"))
    assert isinstance(error, StudOddsError), error
    return str(error)


def _web_json(name: str, value: str) -> str:
    with pytest.raises(StudOddsError) as caught:
        request_from_fields({"hands": HANDS, **_extra(name, value)})
    return str(caught.value)


def _web_query(name: str, value: str) -> str:
    by_field = {field: query for query, field in QUERY_FIELDS.items()}
    items = [("hand", hand) for hand in HANDS]
    items += [(by_field[option], text) for option, text in _extra(name, value).items()]
    with pytest.raises(StudOddsError) as caught:
        request_from_query(items)
    return str(caught.value)


def _as_field(sentence: str, name: str) -> str:
    """A command-line sentence with each option named as the other doors name it."""
    for option in {name, *_extra(name, "")}:
        sentence = sentence.replace(OPTIONS[option].flag, f"'{option}'")
    return sentence


@pytest.mark.parametrize(("name", "value"), [(name, value) for name, values in BAD.items()
                                             for value in values])
def test_every_door_refuses_the_same_values_with_the_same_sentence(name, value):
    said = _command_line(name, value)
    # one short line that any terminal, log or JSON encoder takes as it is
    assert said.isprintable() and len(said) < 200
    said.encode("utf-8")
    expected = _as_field(said, name)
    if name in SPOT_FIELDS:  # pot odds are the equity command's and the page's, not a batch's
        assert _batch(name, value) == expected
    assert _web_json(name, value) == expected
    assert _web_query(name, value) == expected


@pytest.mark.parametrize(("name", "text", "value"), [(name, text, value)
                                                     for name, pairs in GOOD.items()
                                                     for text, value in pairs])
def test_every_door_reads_the_same_values(name, text, value):
    fields = {"hands": HANDS, **_extra(name, text)}
    # a batch line's fields take no pot odds
    from_batch = SpotRequest.from_fields(fields) if name in SPOT_FIELDS else None
    from_web = request_from_fields(fields)
    from_cli = OPTIONS[name].parse(text, door="command line")
    assert _read(from_web, name) == from_cli == value
    assert from_batch is None or _read(from_batch, name) == value


def _read(spot: SpotRequest, name: str):
    """A field as the SpotRequest holds it: the Stop's fields in its Stop."""
    return getattr(spot.stop if name in STOP_FIELDS else spot, name)


@pytest.mark.parametrize(("name", "text", "value"), [
    ("precision", "5e-5", 5e-5), ("max_time", "86400", 86400.0), ("seed", "0" * 5000 + "7", 7),
    ("trials", "1e12", 10**12)])
def test_the_schema_reads_up_to_the_work_cap(name, text, value):
    """The caps of the schema itself (the page's server caps its own requests lower)."""
    for door in Door:
        assert OPTIONS[name].parse(text, door) == value


def test_every_door_refuses_pot_odds_with_one_size():
    result = runner.invoke(app, ["equity", *HANDS, "--pot", "10"])
    assert result.exit_code == 2
    assert one_line(result.stderr) == "error: pot odds need both --pot and --to-call"
    with pytest.raises(StudOddsError, match="^pot odds need both 'pot' and 'to_call'$"):
        request_from_fields({"hands": HANDS, "pot": 10})


@pytest.mark.parametrize("name", ["trials", "precision", "max_time", "seed", "pot"])
def test_a_5000_digit_number_is_said_by_its_size_at_every_door(name):
    """Not by Python's limit on converting it (``sys.set_int_max_str_digits``)."""
    said = _command_line(name, LONG_NUMBER)
    assert "5000-digit number" in said or "about 10^4999" in said


@pytest.mark.parametrize("option", ["seed", "trials", "precision", "max_time", "threads"])
def test_python_callers_get_the_same_words_for_a_5000_digit_int(option):
    import stud_odds

    scenario = stud_odds.Scenario.build(HANDS)
    with pytest.raises(StudOddsError, match="5001-digit number|about 10.5000"):
        stud_odds.equity(scenario, **{option: 10**5000})


@pytest.mark.parametrize("hand", ["\ud800", "As\x1b[31m/Qh", "AsKs/Q\udcff", "A" * 300])
def test_every_door_quotes_a_bad_hand_printably(hand):
    """A hand's sentence echoes the hand: escaped where it is not printable, cut short."""
    hands = [hand, HANDS[1]]
    said = _command_line("game", "stud", hands)
    assert said.isprintable() and len(said) < 200
    assert said == _batch_hands(hands) == _web_hands(hands)


def _batch_hands(hands: list[str]) -> str:
    ((_, error),) = list(read_spots(json.dumps({"hands": hands}) + "\n", "jsonl"))
    return str(error)


def _web_hands(hands: list[str]) -> str:
    with pytest.raises(StudOddsError) as caught:
        request_from_fields({"hands": hands})
    assert caught.value.field == "hands"
    return str(caught.value)


@pytest.mark.parametrize(("name", "value"), [("precision", "0"), ("precision", "51"),
                                             ("precision", "1e-9"), ("seed", "-1"),
                                             ("seed", LONG_NUMBER), ("threads", "0"),
                                             ("threads", LONG_NUMBER)])
def test_history_settings_say_what_the_equity_command_says(name, value, tmp_path):
    equity = runner.invoke(app, ["equity", *HANDS, OPTIONS[name].flag, value])
    history = runner.invoke(app, ["history", str(tmp_path / "none.txt"), OPTIONS[name].flag,
                                  value])
    assert equity.exit_code == history.exit_code == 2
    assert one_line(history.stderr) == one_line(equity.stderr)


def test_precision_means_percentage_points_at_every_door():
    """0.5 points: a standard error of 0.005 of the pot, whoever asks."""
    import stud_odds
    from stud_odds.engine import run_equity

    spot = SpotRequest.from_fields({"hands": ["AhKh/Qh", "7c7d/2s"], "precision": "0.5",
                                    "seed": 3})
    result = run_equity(spot.scenario, spot.stop)
    by_python = stud_odds.equity(spot.scenario, precision=0.5, seed=3, method="monte-carlo")
    assert result.method == "exact" or result.max_se <= 0.005
    assert by_python.stopped_by == "precision" and by_python.max_se <= 0.005
    # about 0.25 / 0.005^2 = 10,000 trials: not one round (a fraction 0.5), nor a hundred
    # times more (0.5 read as a fraction of a point)
    assert 5_000 <= by_python.outcomes <= 100_000


def test_the_command_line_and_the_page_show_each_option_from_the_schema():
    helps = runner.invoke(app, ["equity", "--help"], terminal_width=200).stdout
    helps += runner.invoke(app, ["outs", "--help"], terminal_width=200).stdout
    for option in OPTIONS.values():
        if option.flag:
            assert option.flag in helps, option.name
    for query, field in QUERY_FIELDS.items():
        assert OPTIONS[field].query == query


def test_the_echoed_command_reads_back_to_the_same_request():
    fields = {"hands": HANDS, "game": "stud", "dead": "2c 9h", "folds": ["5h"],
              "trials": "20k", "precision": "0.3", "max_time": "9", "seed": "11",
              "classes": "yes", "pot": "10", "to_call": "2.5"}
    request = request_from_fields(fields)
    words = request.command().split()
    assert words[:4] == ["stud-odds", "equity", *HANDS]
    assert "--precision" in words and words[words.index("--precision") + 1] == "0.3"
    assert words[words.index("--trials") + 1] == "20000"
    assert "--classes" in words and words[words.index("--to-call") + 1] == "2.5"


@pytest.mark.parametrize("name", ["trials", "precision", "max_time", "seed", "threads", "pot"])
def test_an_empty_value_on_the_command_line_is_a_mistake_not_a_default(name):
    """``--seed ""`` (say, an unset shell variable) is refused; in a CSV cell or a URL an
    empty value means "not given", and an empty --dead means no dead cards."""
    result = runner.invoke(app, ["equity", *HANDS, OPTIONS[name].flag, " "])
    assert result.exit_code == 2
    assert one_line(result.stderr) == f"error: {OPTIONS[name].flag} needs a value, not an " \
                                      "empty text"
    assert SpotRequest.from_fields({"hands": HANDS, "seed": "", "trials": " "}).stop.seed is None
    assert runner.invoke(app, ["equity", *HANDS, "--dead", "", "-n", "1000", "--seed", "1"]
                         ).exit_code == 0


def test_the_finest_precision_is_the_trials_rule_the_other_way_round():
    """The precision floor (FINEST_POINTS) and the server's ("ask for 0.005 or more") are
    checks.trials_needed inverted, one rule: each needs no more trials than its cap, a
    precision 1% finer more."""
    from stud_odds.checks import FINEST_POINTS, MAX_TRIALS, finest_points, trials_needed
    from stud_odds.request.stop import Stop
    from stud_odds.web.fields import MOST_TRIALS

    for most in (MAX_TRIALS, MOST_TRIALS, 10_000):
        points = finest_points(most)
        assert trials_needed(points) <= most < trials_needed(points * 0.99)
    assert FINEST_POINTS == finest_points(MAX_TRIALS)
    assert Stop(precision=0.5).trials_needed() == trials_needed(0.5) == 10_000
    with pytest.raises(StudOddsError, match=f"ask for {finest_points(MOST_TRIALS):.2g} or more"):
        request_from_fields({"hands": HANDS, "precision": finest_points(MOST_TRIALS) * 0.99})
