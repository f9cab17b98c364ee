"""Output paths are checked before work, and written whole or not at all."""

import os

import pytest

from stud_odds import StudOddsError
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
