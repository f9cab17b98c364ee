"""stud_odds.lazy: every package that exports names lazily (``lazy_names``) lists each name
once, under the module that defines it, and each name resolves to that module's object."""

import ast
import importlib
from collections import Counter
from pathlib import Path

import pytest

import stud_odds

_ROOT = Path(stud_odds.__file__).parent
LAZY_PACKAGES = sorted(
    ".".join(("stud_odds", *init.parent.relative_to(_ROOT).parts))
    for init in _ROOT.rglob("__init__.py") if "lazy_names(" in init.read_text()
)


def _source(package: str) -> str:
    return Path(importlib.import_module(package).__file__).read_text()


def _listed(package: str) -> dict[str, list[str]]:
    """module -> names, as the package's call of lazy_names lists them."""
    for node in ast.walk(ast.parse(_source(package))):
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "lazy_names":
            return ast.literal_eval(node.args[1])
    raise AssertionError(f"{package} calls no lazy_names")


def test_every_lazy_package_is_checked():
    assert {"stud_odds", "stud_odds.history", "stud_odds.study", "stud_odds.report",
            "stud_odds.request"} <= set(LAZY_PACKAGES)


@pytest.mark.parametrize("package", LAZY_PACKAGES)
def test_each_name_is_listed_once(package):
    """One list: a lazy name appears once in its package's __init__ (no __all__, no
    TYPE_CHECKING imports repeating it), and under one module."""
    tree = ast.parse(_source(package))
    docstring = ast.get_docstring(tree, clean=False)
    written = Counter(
        text for node in ast.walk(tree)
        for text in ([node.value] if isinstance(node, ast.Constant) and node.value != docstring
                     else [node.id] if isinstance(node, ast.Name)
                     else [node.asname or node.name] if isinstance(node, ast.alias) else []))
    names = [name for names in _listed(package).values() for name in names]
    assert len(names) == len(set(names)), "a name under two modules"
    for name in names:
        assert written[name] == 1, f"{name} is written {written[name]} times in {package}"


@pytest.mark.parametrize("package", LAZY_PACKAGES)
def test_lazy_names_resolve(package):
    module = importlib.import_module(package)
    listed = _listed(package)
    assert set(module.__all__) >= {name for names in listed.values() for name in names}
    assert len(module.__all__) == len(set(module.__all__)), "a name twice in __all__"
    for where, names in listed.items():
        owner = importlib.import_module(f"{package}.{where}")
        for name in names:
            assert getattr(module, name) is getattr(owner, name), name
    for name in module.__all__:  # the eager ones too (StudOddsError, __version__)
        assert getattr(module, name) is not None
        assert name in dir(module)
    with pytest.raises(AttributeError, match=f"module '{package}' has no attribute 'nothing'"):
        module.nothing  # noqa: B018


COMMAND_MODULES = ["stud_odds.cli.batch", "stud_odds.cli.db", "stud_odds.cli.history",
                   "stud_odds.cli.outs", "stud_odds.cli.river", "stud_odds.cli.rules",
                   "stud_odds.cli.serve", "stud_odds.cli.study"]


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


def test_the_help_imports_neither_the_solver_nor_numpy():
    """`stud-odds --help` reads each command's options, never its work: the river command's
    module names the solver (stud_odds.solver) only inside the command."""
    loaded = _modules_after(
        "from stud_odds.cli import app\n"
        "from typer.testing import CliRunner\n"
        "assert CliRunner().invoke(app, ['--help']).exit_code == 0")
    assert "stud_odds.cli.river" in loaded  # the help did read the river command
    assert loaded.isdisjoint({"stud_odds.solver", "numpy"}), \
        loaded & {"stud_odds.solver", "numpy"}
