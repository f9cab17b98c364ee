"""Batch output: strict records appended whole, and what --resume finds
(stud_odds.study.writing)."""

import json

import pytest
from strict_json import loads_lines
from study_helpers import RIVER, SIXTH, jsonl, one_line, reference_batch, runner

from stud_odds.cli import app
from stud_odds.study import batch

SPOTS = [
    {"id": "a", "hands": RIVER},
    {"hands": SIXTH, "game": "razz"},  # no id: known by its line number
    {"id": "c", "hands": ["AhKh/Qh", "7c7d/2s"], "trials": 3000, "seed": 5},
    {"id": "d", "game": "stud8", "hands": ["Ac2c/3c", "KsKh/4s"], "trials": 2000, "seed": 6},
]


def test_record_text_refuses_nan():
    from stud_odds.study.writing import record_text

    with pytest.raises(ValueError):
        record_text({"line": 1, "equity": float("nan")}, "jsonl")


@pytest.mark.parametrize("suffix, whole, torn", [
    ("jsonl", 1, '{"line": 2, "id": null, "spot": {"ga'),
    ("csv", 3, "2,,razz,1,AsKs/QhJh"),  # header and spot 1's two rows, then half a row
    ("csv", 0, "line,id,ga"),  # half a header
])
def test_resume_drops_a_last_line_cut_short(tmp_path, suffix, whole, torn):
    spots = tmp_path / "spots.jsonl"
    spots.write_text(jsonl(*SPOTS))
    reference = reference_batch(tmp_path, spots, suffix)
    out = tmp_path / f"out.{suffix}"
    out.write_text("".join(reference.read_text().splitlines(keepends=True)[:whole]) + torn)
    result = runner.invoke(app, ["batch", str(spots), "--out", str(out), "--resume"])
    assert result.exit_code == 0, result.output
    assert "cut short" in result.stderr
    assert out.read_bytes() == reference.read_bytes()  # no timings in the records


def test_resume_skips_by_id_and_by_line_number(tmp_path, monkeypatch):
    spots = tmp_path / "spots.jsonl"
    spots.write_text(jsonl(*SPOTS))
    reference = loads_lines(reference_batch(tmp_path, spots, "jsonl").read_text())
    out = tmp_path / "out.jsonl"
    # spots 2 (no id: line 2) and "d" done earlier, in any order
    out.write_text("".join(json.dumps(r) + "\n" for r in (reference[3], reference[1])))
    ran = []
    real = batch.run_spot
    monkeypatch.setattr(batch, "run_spot", lambda spot, threads=None: ran.append(spot.id)
                        or real(spot, threads))
    result = runner.invoke(app, ["batch", str(spots), "--out", str(out), "--resume"])
    assert result.exit_code == 0, result.output
    assert ran == ["a", "c"]
    assert [(r["line"], r["id"]) for r in loads_lines(out.read_text())] == [
        (4, "d"), (2, None), (1, "a"), (3, "c")]


def test_resume_with_no_file_yet_just_starts(tmp_path):
    spots = tmp_path / "spots.jsonl"
    spots.write_text(jsonl(*SPOTS[:1]))
    out = tmp_path / "out.csv"
    result = runner.invoke(app, ["batch", str(spots), "--out", str(out), "--resume"])
    assert result.exit_code == 0 and out.read_text().startswith("line,id,game,seat")


def test_resume_needs_out(tmp_path):
    spots = tmp_path / "spots.jsonl"
    spots.write_text(jsonl(*SPOTS))
    result = runner.invoke(app, ["batch", str(spots), "--resume"])
    assert result.exit_code == 2
    assert one_line(result.stderr) == ("error: --resume continues an output file: give it "
                                        "with --out")


@pytest.mark.parametrize("suffix, text", [("jsonl", "my notes\n"), ("csv", "a,b\n1,2\n"),
                                          ("jsonl", '{"line": 1, "equity": NaN}\n')])
def test_resume_refuses_a_file_it_did_not_write(tmp_path, suffix, text):
    spots = tmp_path / "spots.jsonl"
    spots.write_text(jsonl(*SPOTS))
    out = tmp_path / f"out.{suffix}"
    out.write_text(text)
    result = runner.invoke(app, ["batch", str(spots), "--out", str(out), "--resume"])
    assert result.exit_code == 2 and "is not" in one_line(result.stderr)
    assert out.read_text() == text


THREE = [  # three seats: a spot is three CSV rows
    {"id": "a", "hands": ["AsKs2d/QhJhTh9c", "7c7d6c/2s3h4h5d", "8c8d8h/2h3d4d5c"]},
    {"id": "b", "hands": ["AsKs/QhJhTh9c", "7c7d/2s3h4h5d", "8c8d/2h3d4d5c"], "seed": 2,
     "trials": 2000},
]


@pytest.mark.parametrize("rows", [1, 2, 3, 4, 5])
def test_resume_redoes_a_csv_spot_cut_between_its_rows(tmp_path, rows):
    # header, then spot a (3 rows), then spot b (3 rows): cut after any whole row
    spots = tmp_path / "spots.jsonl"
    spots.write_text(jsonl(*THREE))
    reference = reference_batch(tmp_path, spots, "csv")
    lines = reference.read_text().splitlines(keepends=True)
    assert len(lines) == 7
    out = tmp_path / "out.csv"
    out.write_text("".join(lines[: 1 + rows]))
    result = runner.invoke(app, ["batch", str(spots), "--out", str(out), "--resume"])
    assert result.exit_code == 0, result.output
    assert out.read_text() == reference.read_text()


@pytest.mark.parametrize("suffix, damage", [
    ("jsonl", lambda line: '{"id": "a"}\n'),
    ("jsonl", lambda line: '{"line": 1, "id": "a"}\n'),
    ("jsonl", lambda line: line.replace('"scoop": ', '"scoop": NaN, "x": ', 1)),
    ("jsonl", lambda line: line.replace('"method": ', '"methods": ', 1)),
    ("jsonl", lambda line: line.replace('"stopped_by": "complete"', '"stopped_by": "interrupted"')),
    ("csv", lambda line: line.replace(",exact,", ",exact,NaN,", 1)),
    ("csv", lambda line: line.replace("a,stud,1,", "a,stud,x,", 1)),
])
def test_resume_trusts_only_whole_records_of_its_own(tmp_path, suffix, damage):
    spots = tmp_path / "spots.jsonl"
    spots.write_text(jsonl(*THREE))
    reference = reference_batch(tmp_path, spots, suffix)
    lines = reference.read_text().splitlines(keepends=True)
    first = 1 if suffix == "csv" else 0
    damaged = "".join(lines[:first]) + damage(lines[first]) + "".join(lines[first + 1:])
    assert damaged != reference.read_text()
    out = tmp_path / f"out.{suffix}"
    out.write_text(damaged)
    result = runner.invoke(app, ["batch", str(spots), "--out", str(out), "--resume"])
    assert result.exit_code == 2
    assert one_line(result.stderr).startswith(f"error: --resume: line {first + 1} of {out} is "
                                              f"not a batch {suffix} result")
    assert out.read_text() == damaged


def test_history_and_batch_share_one_writer():
    import stud_odds.history.running as history_running
    from stud_odds.history.records import HAND_RECORD
    from stud_odds.study.writing import BatchOutput, RecordKind, RecordOutput

    assert issubclass(BatchOutput, RecordOutput) and isinstance(HAND_RECORD, RecordKind)
    assert "atomic_writer" not in open(history_running.__file__).read()


def test_batch_refuses_repeated_ids_before_writing(tmp_path, monkeypatch):
    from study_helpers import no_work

    no_work(monkeypatch)
    spots = tmp_path / "spots.jsonl"
    spots.write_text(jsonl(SPOTS[0], SPOTS[2], SPOTS[0]))
    out = tmp_path / "out.jsonl"
    result = runner.invoke(app, ["batch", str(spots), "--out", str(out)])
    assert result.exit_code == 2
    assert one_line(result.stderr) == ("error: the id 'a' names the spots of lines 1 and 3: "
                                       "give each spot its own id")
    assert not out.exists()
