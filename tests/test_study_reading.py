"""Reading spots from JSON Lines and CSV: streamed, one error per bad line
(stud_odds.study.reading)."""

import io
import json

import pytest
from study_helpers import RIVER

from stud_odds.errors import StudOddsError
from stud_odds.study import StudyError, count_spots, read_spots


@pytest.mark.parametrize("line, message", [
    ('{"hands": ["AsKs/Qs", "2c2d/2h"], "seed": 1e400}', "'seed' must be a whole number"),
    ('{"hands": ["AsKs/Qs", "2c2d/2h"], "trials": NaN}', "'trials' must be a whole number"),
    ('{"hands": ["AsKs/Qs", "2c2d/2h"], "precision": Infinity}', "'precision' must be a positive"),
    ('{"hands": ["AsKs/Qs", "2c2d/2h"], "seed": 1' + "0" * 5000 + "}", "too many digits"),
    ("[" * 10_000 + "]" * 10_000, "nested too deeply"),
    ('{"hands": ' + "[" * 10_000 + "]" * 10_000 + "}", "nested too deeply"),
    ('["AsKs/Qh", "7c7d/2s"]', "a line must be a JSON object"),
    ("null", "a line must be a JSON object"),
    ('{"hands": ["AsKs/Qs", "2c2d/2h"]', "not JSON"),
])
def test_read_spots_names_what_json_cannot_hold(line, message):
    ((number, error),) = list(read_spots(line + "\n", "jsonl"))
    assert number == 1 and isinstance(error, StudOddsError) and message in str(error)


def test_a_line_of_bytes_that_are_not_utf8_is_named_and_the_rest_still_read():
    good = json.dumps({"hands": RIVER}).encode()
    data = good + b"\n" + b'{"hands": ["As\xff\xfeKs/Qs"]}\n' + good + b"\n"
    results = list(read_spots(io.BytesIO(data), "jsonl"))
    assert [n for n, _ in results] == [1, 2, 3]
    assert "line is not UTF-8 text (byte 0xff at column 15)" in str(results[1][1])
    assert not isinstance(results[2][1], Exception)


def test_a_utf8_byte_order_mark_is_not_an_error():
    data = b"\xef\xbb\xbf" + json.dumps({"hands": RIVER}).encode() + b"\n"
    ((_, spot),) = list(read_spots(io.BytesIO(data), "jsonl"))
    assert not isinstance(spot, Exception)


def test_an_overlong_line_is_refused_without_reading_it_whole():
    from stud_odds.study import MAX_LINE_BYTES

    data = b'{"id": "' + b"x" * (2 * MAX_LINE_BYTES) + b'"}\n' + json.dumps(
        {"hands": RIVER}).encode() + b"\n"
    results = list(read_spots(io.BytesIO(data), "jsonl"))
    assert [n for n, _ in results] == [1, 2]
    assert "longer than" in str(results[0][1]) and not isinstance(results[1][1], Exception)


class _LinesOnly(io.BytesIO):
    """A stream that fails if anything reads it whole."""

    def read(self, size=-1):
        if size is None or size < 0:
            raise AssertionError("the whole input was read at once")
        return super().read(size)


def test_read_spots_streams_the_input():

    data = "".join(json.dumps({"hands": RIVER, "id": str(i)}) + "\n" for i in range(2000))
    stream = _LinesOnly(data.encode())
    assert count_spots(stream, "jsonl") == 2000
    stream.seek(0)
    spots = read_spots(stream, "jsonl")
    assert next(spots)[1].id == "0"
    assert stream.tell() < len(data) // 10  # one line was read, not the file


def test_csv_hands_stay_space_separated_and_bad_rows_are_named():
    text = ("id,hands,folds,exact,seed\n"
            "a,AsKs2d/QhJhTh9c 7c7d6c/2s3h4h5d,,yes,\n"
            "\n"
            "b,AsKs/Qh,,,\n"
            "c,AsKs2d/QhJhTh9c 7c7d6c/2s3h4h5d,,,1,extra\n"
            "d,AsKs2d/QhJhTh9c 7c7d6c/2s3h4h5d,,,nan\n")
    results = list(read_spots(text, "csv"))
    assert [n for n, _ in results] == [2, 4, 5, 6]
    assert results[0][1].stop.method == "exact" and len(results[0][1].scenario.hands) == 2
    assert "at least 2 live players" in str(results[1][1])
    assert "the line has 6 cells but the header names 5 columns" in str(results[2][1])
    assert "'seed' must be a whole number, not 'nan'" in str(results[3][1])


def test_a_csv_header_with_an_unknown_column_is_one_error():
    ((number, error),) = list(read_spots("id,hands,tirals\na,AsKs/Qh 2c2d/2h,5\n", "csv"))
    assert number == 1 and "unknown column 'tirals'" in str(error)


@pytest.mark.parametrize("format, text", [
    ("jsonl", '{"id": "a", "hands": ["AsKs/Qh", "7c7d/2s"]}\n'
              '{"id": "b", "hands": ["AsKs/Qh", "7c7d/2s"]}\n\n'
              '{"id": "a", "hands": ["AhKh/Qh", "7c7d/2s"]}\n'),
    ("csv", "id,hands\na,AsKs/Qh 7c7d/2s\nb,AsKs/Qh 7c7d/2s\n\na,AhKh/Qh 7c7d/2s\n"),
])
def test_an_id_given_twice_is_refused_with_its_lines(format, text):
    with pytest.raises(StudyError, match=r"^the id 'a' names the spots of lines 1 and 4: give "
                                         r"each spot its own id$" if format == "jsonl" else
                       r"^the id 'a' names the spots of lines 2 and 5: "):
        count_spots(text, format)


def test_spots_without_ids_may_repeat():
    line = '{"hands": ["AsKs/Qh", "7c7d/2s"]}\n'
    assert count_spots(line * 3, "jsonl") == 3
