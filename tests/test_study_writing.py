"""Batch output: strict records appended whole, and what --resume finds
(stud_odds.study.writing)."""

import json

import pytest
from strict_json import loads_lines
from study_helpers import RIVER, SIXTH, jsonl, one_line, reference_batch, runner

import stud_odds.study as study
from stud_odds.cli import app

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
    real = study.Spot.run
    monkeypatch.setattr(study.Spot, "run", lambda self, threads=None: ran.append(self.id)
                        or real(self, threads))
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
