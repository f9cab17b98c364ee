"""Compiled kernels are dropped when any kernel source changes (numba alone would miss it)."""

from stud_odds import kernels


def test_stale_compiled_kernels_are_dropped(tmp_path, monkeypatch):
    cache = tmp_path / "__pycache__"
    cache.mkdir()
    compiled = [cache / "showdown.award-1.py311.nbi", cache / "showdown.award-1.py311.1.nbc"]
    for path in compiled:
        path.write_bytes(b"old")
    other = cache / "cards.cpython-311.pyc"
    other.write_bytes(b"keep")
    monkeypatch.setattr(kernels, "_cache_dirs", lambda here: [cache])

    kernels._drop_stale_compiled_kernels()
    assert not any(path.exists() for path in compiled) and other.exists()
    stamp = (cache / "stud_odds_kernels.sha1").read_text()

    # same sources: what numba compiles next is kept
    compiled[0].write_bytes(b"new")
    kernels._drop_stale_compiled_kernels()
    assert compiled[0].exists()

    # a changed stamp (a changed source) drops it again
    (cache / "stud_odds_kernels.sha1").write_text("0" * len(stamp))
    kernels._drop_stale_compiled_kernels()
    assert not compiled[0].exists()
