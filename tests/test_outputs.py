"""Output paths are checked before work, and written whole or not at all."""

import os
import shutil
import stat
from pathlib import Path

import pytest
from study_helpers import RIVER, jsonl, no_work, one_line, only_classes, runner

from stud_odds import StudOddsError
from stud_odds.cli import app
from stud_odds.outputs import atomic_writer, check_output_path


def test_a_missing_folder_is_refused(tmp_path):
    with pytest.raises(StudOddsError, match="does not exist"):
        check_output_path(tmp_path / "nowhere" / "out.csv")


def test_a_folder_is_not_a_file_name(tmp_path):
    with pytest.raises(StudOddsError, match="is a folder"):
        check_output_path(tmp_path)


def test_a_file_where_the_folder_should_be(tmp_path):
    (tmp_path / "file").write_text("x")
    with pytest.raises(StudOddsError):
        check_output_path(tmp_path / "file" / "out.csv")


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes anywhere")
def test_a_read_only_folder_is_refused(tmp_path):
    tmp_path.chmod(0o500)
    try:
        with pytest.raises(StudOddsError, match="not writable"):
            check_output_path(tmp_path / "out.csv")
    finally:
        tmp_path.chmod(0o700)


def test_a_failed_write_leaves_the_old_file_and_no_temporary(tmp_path):
    target = tmp_path / "out.csv"
    target.write_text("old\n")
    with pytest.raises(KeyboardInterrupt), atomic_writer(target) as stream:
        stream.write("half of the new")
        raise KeyboardInterrupt
    assert target.read_text() == "old\n" and os.listdir(tmp_path) == ["out.csv"]


def test_a_finished_write_replaces_the_file(tmp_path):
    target = tmp_path / "out.csv"
    with atomic_writer(target) as stream:
        stream.write("new\n")
    assert target.read_text() == "new\n" and os.listdir(tmp_path) == ["out.csv"]



def test_two_outputs_of_one_command_are_not_one_file(tmp_path):
    (tmp_path / "sub").mkdir()
    table = tmp_path / "table.csv"  # not written yet: the same name by another path
    with pytest.raises(StudOddsError, match="is also the input"):
        check_output_path(tmp_path / "sub" / ".." / "table.csv", "--plot", inputs=[table])


def test_a_loop_of_links_is_refused(tmp_path):
    (tmp_path / "a").symlink_to(tmp_path / "b")
    (tmp_path / "b").symlink_to(tmp_path / "a")
    with pytest.raises(StudOddsError, match="loop of symbolic links"):
        check_output_path(tmp_path / "a")


def test_the_writer_never_renames_over_a_device(tmp_path):
    device = _device(tmp_path / "null")
    with pytest.raises(StudOddsError, match="no longer a regular file"), \
            atomic_writer(device) as stream:
        stream.write("new\n")
    assert stat.S_ISCHR(os.lstat(device).st_mode) and os.listdir(tmp_path) == ["null"]


def test_the_writer_writes_through_a_link_and_keeps_the_mode(tmp_path):
    real = tmp_path / "real.csv"
    real.write_text("old\n")
    real.chmod(0o640)
    (tmp_path / "link.csv").symlink_to("real.csv")
    with atomic_writer(tmp_path / "link.csv") as stream:
        stream.write("new\n")
    assert (tmp_path / "link.csv").is_symlink() and real.read_text() == "new\n"
    assert stat.S_IMODE(real.stat().st_mode) == 0o640

# ------------------------------------------- every command that writes a file, alike

DATA = Path(__file__).parent / "data"
HISTORY = DATA / "histories" / "razz.txt"
# command line per writer: {out} is the output under test, {spots} and {table} are other
# files the command reads or writes; the last item names the one that is also an input
WRITERS = {
    "batch --out jsonl": (["batch", "{spots}", "--out", "{out}"], "spots", ".jsonl"),
    "batch --out csv": (["batch", "{spots}", "--out", "{out}"], "spots", ".csv"),
    "history --out": (["history", "{history}", "--out", "{out}", "--precision", "5"],
                      "history", ".jsonl"),
    "starting-hands --out": (["starting-hands", "-n", "1k", "--out", "{out}"], None, ".csv"),
    "starting-hands --plot": (["starting-hands", "-n", "1k", "--out", "{table}", "--plot",
                               "{out}"], "table", ".png"),
    "replay --plot": (["replay", "AsKs/Qh Jh", "7c7d/2s 3h", "--plot", "{out}"], None, ".png"),
}
REFUSALS = ["its input", "a link to its input", "a folder", "a device", "a dangling folder"]


def _device(path: Path) -> Path:
    """A character device like /dev/null, made in the test's folder (never the real one)."""
    try:
        os.mknod(path, stat.S_IFCHR | 0o666, os.makedev(1, 3))
    except (PermissionError, AttributeError):
        pytest.skip("making a device node needs root")
    return path


def _writer_args(writer: str, tmp_path: Path, out: Path) -> list[str]:
    template, _, _ = WRITERS[writer]
    spots = tmp_path / "spots.jsonl"
    spots.write_text(jsonl({"hands": RIVER}))
    table = tmp_path / "table.csv"
    table.write_text("the other output\n")
    return [a.format(out=out, spots=spots, table=table, history=tmp_path / "history.txt")
            for a in template]


def _output_for(case: str, writer: str, tmp_path: Path) -> Path:
    _, input_name, suffix = WRITERS[writer]
    inputs = {"spots": tmp_path / "spots.jsonl", "history": tmp_path / "history.txt",
              "table": tmp_path / "table.csv"}
    if case == "its input":
        return inputs[input_name]
    if case == "a link to its input":
        (tmp_path / f"link{suffix}").symlink_to(inputs[input_name])
        return tmp_path / f"link{suffix}"
    if case == "a folder":
        (tmp_path / f"folder{suffix}").mkdir()
        return tmp_path / f"folder{suffix}"
    if case == "a device":
        return _device(tmp_path / f"null{suffix}")
    (tmp_path / "gone").symlink_to(tmp_path / "nowhere")
    return tmp_path / "gone" / f"out{suffix}"


def _state(path: Path) -> tuple:
    """What a refused command must leave as it was."""
    status = os.lstat(path) if os.path.lexists(path) else None
    content = path.read_bytes() if path.is_file() else None
    return status and (status.st_mode, status.st_ino, status.st_size), content


@pytest.mark.parametrize("writer, case", [
    (writer, case) for writer in WRITERS for case in REFUSALS
    if WRITERS[writer][1] is not None or "input" not in case])
def test_every_writer_refuses_before_any_work(writer, case, tmp_path, monkeypatch):
    shutil.copy(HISTORY, tmp_path / "history.txt")
    out = _output_for(case, writer, tmp_path)
    args = _writer_args(writer, tmp_path, out)
    before = _state(out)
    no_work(monkeypatch)
    result = runner.invoke(app, args)
    assert result.exit_code == 2, result.output
    line = one_line(result.stderr)
    option = "--plot" if "plot" in writer else "--out"
    assert line.startswith(f"error: {option} {out}"), line
    assert _state(out) == before
    assert not list(tmp_path.glob(".*.part"))


@pytest.mark.parametrize("writer", list(WRITERS))
def test_every_writer_writes_through_a_symbolic_link(writer, tmp_path, monkeypatch):
    if writer.endswith("--plot"):
        pytest.importorskip("matplotlib")
    shutil.copy(HISTORY, tmp_path / "history.txt")
    only_classes(monkeypatch, "AAA rainbow")
    suffix = WRITERS[writer][2]
    real = tmp_path / "kept" / f"real{suffix}"
    real.parent.mkdir()
    real.write_text("an older result\n")
    link = tmp_path / f"link{suffix}"
    link.symlink_to(os.path.relpath(real, tmp_path))
    result = runner.invoke(app, _writer_args(writer, tmp_path, link))
    assert result.exit_code == 0, result.output
    assert link.is_symlink() and link.resolve() == real.resolve()
    written = real.read_bytes()
    assert written and b"an older result" not in written
    assert not list(tmp_path.rglob(".*.part"))
