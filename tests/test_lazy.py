"""stud_odds.lazy: every package that exports names lazily (``lazy_names``) lists the same
names in its name -> module table, its ``__all__`` and its TYPE_CHECKING imports, and each
name resolves to the object its module defines."""

import ast
import importlib
from pathlib import Path

import pytest

import stud_odds

_ROOT = Path(stud_odds.__file__).parent
LAZY_PACKAGES = sorted(
    ".".join(("stud_odds", *init.parent.relative_to(_ROOT).parts))
    for init in _ROOT.rglob("__init__.py") if "lazy_names(" in init.read_text()
)


def _type_checking_imports(package: str) -> dict[str, str]:
    """name -> module of each import under ``if TYPE_CHECKING:`` in the package's __init__."""
    tree = ast.parse(Path(importlib.import_module(package).__file__).read_text())
    imports = {}
    for block in ast.walk(tree):
        if isinstance(block, ast.If) and "TYPE_CHECKING" in ast.unparse(block.test):
            for node in ast.walk(block):
                if isinstance(node, ast.ImportFrom):
                    imports.update({alias.asname or alias.name: node.module
                                    for alias in node.names})
    return imports


def test_every_lazy_package_is_checked():
    assert {"stud_odds", "stud_odds.history", "stud_odds.study"} <= set(LAZY_PACKAGES)


@pytest.mark.parametrize("package", LAZY_PACKAGES)
def test_lazy_names_agree_with_all_and_resolve(package):
    module = importlib.import_module(package)
    lazy = module._LAZY
    assert set(lazy) <= set(module.__all__), "a lazy name missing from __all__"
    assert len(module.__all__) == len(set(module.__all__)), "a name twice in __all__"
    typed = _type_checking_imports(package)
    for name, where in lazy.items():
        owner = importlib.import_module(f"{package}.{where}")
        assert getattr(module, name) is getattr(owner, name), name
        assert typed.get(name) == owner.__name__, f"{name}: TYPE_CHECKING imports differ"
    for name in module.__all__:  # the eager ones too (a function, __version__)
        assert getattr(module, name) is not None
        assert name in dir(module)
    with pytest.raises(AttributeError, match=f"module '{package}' has no attribute 'nothing'"):
        module.nothing  # noqa: B018


COMMAND_MODULES = ["stud_odds.cli.batch", "stud_odds.cli.db", "stud_odds.cli.history",
                   "stud_odds.cli.outs", "stud_odds.cli.rules", "stud_odds.cli.serve",
                   "stud_odds.cli.study"]


def _modules_after(code: str) -> set[str]:
    import subprocess
    import sys

    shown = subprocess.run([sys.executable, "-c", code + "\nimport sys\n"
                            "print(' '.join(sorted(sys.modules)))"],
                           capture_output=True, text=True, check=True)
    return set(shown.stdout.split())


def test_the_quick_question_imports_no_other_command():
    """`stud-odds equity ...` pays for no other subcommand's imports (the web stack, the
    database, the studies)."""
    loaded = _modules_after(
        "from stud_odds.cli import app\n"
        "from typer.testing import CliRunner\n"
        "assert CliRunner().invoke(app, ['equity', 'AhKh/Qh8d5c2s', '7c7d/3h3c4d9s', "
        "'--json']).exit_code == 0")
    assert loaded.isdisjoint(COMMAND_MODULES), loaded & set(COMMAND_MODULES)
    assert "stud_odds.engine" in loaded  # it did answer


def test_a_command_imports_its_own_module_when_used():
    loaded = _modules_after(
        "from stud_odds.cli import app\n"
        "from typer.testing import CliRunner\n"
        "assert CliRunner().invoke(app, ['rules', 'split', '10', 'AsKs', 'QdQh']).exit_code "
        "in (0, 2)")
    assert "stud_odds.cli.rules" in loaded
    assert loaded.isdisjoint(set(COMMAND_MODULES) - {"stud_odds.cli.rules"})
