"""stud_odds.kernels as a package: the only importer of numba, and importing it (or its
numpy-only modules: codes, tables, layout) loads no numba and touches no disk."""

import ast
import subprocess
import sys
from pathlib import Path

import stud_odds

_ROOT = Path(stud_odds.__file__).parent


def _imports_numba(source: Path) -> bool:
    for node in ast.walk(ast.parse(source.read_text())):
        if isinstance(node, ast.Import) and any(a.name.split(".")[0] == "numba"
                                                for a in node.names):
            return True
        if isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] == "numba":
            return True
    return False


def test_only_kernels_import_numba():
    outside = {path.relative_to(_ROOT).as_posix() for path in _ROOT.rglob("*.py")
               if "kernels" not in path.relative_to(_ROOT).parts and _imports_numba(path)}
    assert not outside, f"numba imported outside kernels/: {outside}"


def test_importing_the_numpy_only_kernel_modules_loads_no_numba_and_writes_nothing(tmp_path):
    script = ("import sys\n"
              "import stud_odds.kernels, stud_odds.kernels.codes, stud_odds.kernels.layout\n"
              "import stud_odds.kernels.tables\n"
              "stud_odds.kernels.tables.class_codes()\n"
              "print('numba' in sys.modules)\n")
    run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                         env={"PATH": "/usr/bin:/bin", "HOME": str(tmp_path),
                              "STUD_ODDS_CACHE_DIR": str(tmp_path / "cache"),
                              "TMPDIR": str(tmp_path)}, timeout=600)
    assert run.returncode == 0, run.stderr
    assert run.stdout.split() == ["False"] and list(tmp_path.iterdir()) == []
