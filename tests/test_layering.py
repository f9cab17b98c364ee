"""The package's layers import one way, each name has one definition, and no module takes
another package's private name.

Read from the source (ast), so function-level imports count as much as module-level ones,
and imports under ``if TYPE_CHECKING:`` count too: a type checker's arrow back up is an
arrow back up all the same (it only hides the circle from the interpreter).
"""

from __future__ import annotations

import ast
from collections import defaultdict
from pathlib import Path

PACKAGE = Path(__file__).parents[1] / "stud_odds"


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {_module_name(path): path for path in PACKAGE.rglob("*.py")}


def _type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or \
        (isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _package(module: str) -> str:
    return module if MODULES[module].name == "__init__.py" else module.rpartition(".")[0]


def _imported_from(name: str, node: ast.ImportFrom) -> str:
    """The module a ``from ... import`` in ``name`` reads, its relative dots resolved."""
    base = node.module or ""
    if node.level:
        package = _package(name).split(".")
        base = ".".join(package[:len(package) - node.level + 1] + ([base] if base else []))
    return base


def _imports(name: str, tree: ast.Module, type_checking: bool = True) -> set[str]:
    """The package's modules that ``name`` imports, at any depth; those under ``if
    TYPE_CHECKING:`` only when ``type_checking``."""
    found: set[str] = set()

    def visit(node: ast.AST) -> None:
        for child in ast.iter_child_nodes(node):
            if not type_checking and isinstance(child, ast.If) and _type_checking(child):
                for other in child.orelse:
                    visit_one(other)
                continue
            visit_one(child)

    def visit_one(node: ast.AST) -> None:
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names if alias.name in MODULES)
        elif isinstance(node, ast.ImportFrom):
            base = _imported_from(name, node)
            if base in MODULES:
                for alias in node.names:
                    full = f"{base}.{alias.name}"
                    found.add(full if full in MODULES else base)
        visit(node)

    visit(tree)
    found.discard(name)
    return found


TREES = {name: ast.parse(path.read_text()) for name, path in MODULES.items()}
IMPORTS = {name: _imports(name, tree) for name, tree in TREES.items()}
RUNTIME_IMPORTS = {name: _imports(name, tree, type_checking=False)
                   for name, tree in TREES.items()}


def _circles(imports: dict[str, set[str]] = IMPORTS) -> list[list[str]]:
    """Strongly connected groups of more than one module (Tarjan): each holds a circle, and
    every arrow of it points back up to a floor that stands on the importer."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []

    def connect(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        on_stack.add(module)
        for other in imports[module]:
            if other not in index:
                connect(other)
                low[module] = min(low[module], low[other])
            elif other in on_stack:
                low[module] = min(low[module], index[other])
        if low[module] == index[module]:
            group = []
            while True:
                other = stack.pop()
                on_stack.discard(other)
                group.append(other)
                if other == module:
                    break
            if len(group) > 1:
                groups.append(sorted(group))

    for module in MODULES:
        if module not in index:
            connect(module)
    return groups


def test_no_import_circle():
    """No circle and so no arrow back up, TYPE_CHECKING imports included: the floors can be
    read bottom up (report/cells <-> results and ranges/model -> scenario/table were such
    circles, closed only for the type checker)."""
    assert _circles() == []


def test_the_type_checkers_imports_are_counted():
    """An import under ``if TYPE_CHECKING:`` is an arrow of the graph (and not of the one
    the interpreter follows)."""
    tree = ast.parse("from typing import TYPE_CHECKING\n"
                     "if TYPE_CHECKING:\n    from stud_odds.games import Game\n")
    assert _imports("stud_odds.cards", tree) == {"stud_odds.games"}
    assert _imports("stud_odds.cards", tree, type_checking=False) == set()


def test_the_circle_finder_finds_a_circle():
    """The check can fail: two modules importing each other are found."""
    saved = {name: set(IMPORTS[name]) for name in ("stud_odds.cards", "stud_odds.games")}
    try:
        IMPORTS["stud_odds.cards"].add("stud_odds.games")
        IMPORTS["stud_odds.games"].add("stud_odds.cards")
        assert ["stud_odds.cards", "stud_odds.games"] in _circles()
    finally:
        IMPORTS.update(saved)


def _definitions() -> dict[str, list[str]]:
    """Each public top-level name (a function, class or assigned name) -> its modules."""
    where: dict[str, list[str]] = defaultdict(list)
    for module, tree in TREES.items():
        for node in tree.body:
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                names = [node.name]
            elif isinstance(node, ast.Assign | ast.AnnAssign):
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                names = [target.id for target in targets if isinstance(target, ast.Name)]
            else:
                continue
            for name in names:
                if not name.startswith("_") and module not in where[name]:
                    where[name].append(module)
    return where


def test_each_public_name_is_defined_once():
    twice = {name: modules for name, modules in _definitions().items() if len(modules) > 1}
    assert twice == {}


def _defined(node: ast.stmt) -> list[str]:
    """The names a top-level statement defines: a function, a class or assigned names."""
    if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
        return [node.name]
    if isinstance(node, ast.Assign):
        return [target.id for target in node.targets if isinstance(target, ast.Name)]
    if isinstance(node, ast.AnnAssign) and node.value is not None:
        return [node.target.id] if isinstance(node.target, ast.Name) else []
    return []


def _defined_twice(tree: ast.Module) -> list[str]:
    """Top-level names a module defines more than once (the later one silently wins)."""
    seen: set[str] = set()
    twice = []
    for node in tree.body:
        for name in _defined(node):
            if name in seen:
                twice.append(name)
            seen.add(name)
    return twice


def test_no_name_is_defined_twice_in_one_module():
    twice = {module: names for module, tree in TREES.items() if (names := _defined_twice(tree))}
    assert twice == {}


def test_the_double_finder_finds_a_double():
    tree = ast.parse("POINTS = 50.0\nMOST = 1\nPOINTS = 'points'\n"
                     "def f():\n    pass\nclass f:\n    pass\n")
    assert _defined_twice(tree) == ["POINTS", "f"]


def _private_imports(name: str, tree: ast.Module) -> list[str]:
    """``module.name`` of each private name (one leading underscore) that ``name`` imports
    from a module of another package."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            base = _imported_from(name, node)
            if base in MODULES and _package(base) != _package(name):
                found += [f"{base}.{alias.name}" for alias in node.names
                          if alias.name.startswith("_") and not alias.name.startswith("__")]
    return found


def test_no_private_name_crosses_a_package():
    """A private name is its module's own business (or its package's): a service another
    package needs is public, or lives with the package that uses it."""
    crossing = {module: found for module, tree in TREES.items()
                if (found := _private_imports(module, tree))}
    assert crossing == {}


def test_the_private_import_finder_finds_one():
    luck = ast.parse("def f():\n    from stud_odds.history.replaying import _luck, replay_hand\n"
                     "from .stats import _game_order\n")
    assert _private_imports("stud_odds.db.luck", luck) == ["stud_odds.history.replaying._luck"]
    twin = ast.parse("from ..small import _values\nfrom .exact import _same_package\n")
    assert _private_imports("stud_odds.engine.twins.headsup", twin) == [
        "stud_odds.engine.small._values"]


# a module or function past these wants splitting by concern; the numba kernels are exempt
# (a kernel's hot loop is one function on purpose, so that numba sees it whole)
MOST_MODULE_LINES = 400
MOST_FUNCTION_LINES = 60


def _too_long(name: str, tree: ast.Module, lines: int) -> list[str]:
    found = [f"{name}: {lines} lines"] if lines > MOST_MODULE_LINES else []
    found += [f"{name}.{node.name}: {node.end_lineno - node.lineno + 1} lines"
              for node in ast.walk(tree)
              if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
              and node.end_lineno - node.lineno + 1 > MOST_FUNCTION_LINES]
    return found


def test_no_long_module_or_function_outside_the_kernels():
    too_long = [found for name, tree in TREES.items() if not name.startswith("stud_odds.kernels")
                for found in _too_long(name, tree, MODULES[name].read_text().count("\n"))]
    assert too_long == []


def test_each_command_group_is_under_300_lines():
    # the command line only reads options and calls: a longer one holds another floor's work
    assert [name for name in MODULES if name.startswith("stud_odds.cli.")
            and MODULES[name].read_text().count("\n") > 300] == []


def test_the_length_finder_finds_a_long_function():
    body = "\n".join(f"    x{i} = {i}" for i in range(MOST_FUNCTION_LINES))
    tree = ast.parse(f"def long():\n{body}\n")
    assert _too_long("m", tree, MOST_FUNCTION_LINES + 1) == ["m.long: 61 lines"]
    assert _too_long("m", tree, MOST_MODULE_LINES + 1)[0] == "m: 401 lines"


# Below the doors a game is a Game (games.py); the kernels' integer for it (Game.kernel_id)
# is taken at the kernel seam alone: as an argument of a call into the kernels, their
# numpy twins, or the numpy counterparts those twins share (each of which takes the
# integer as the kernels do).
KERNEL_SEAM = ("stud_odds.kernels", "stud_odds.engine.twins", "stud_odds.engine.small",
               "stud_odds.engine.awards", "stud_odds.engine.pair_counting",
               "stud_odds.solver.showdown")


def _on_the_seam(module: str | None) -> bool:
    return module is not None and any(module == seam or module.startswith(f"{seam}.")
                                      for seam in KERNEL_SEAM)


def _names_imported(name: str, tree: ast.Module) -> dict[str, str]:
    """Each name ``name`` binds by an import (at any depth) -> the module it comes from
    (the module itself for an imported module)."""
    names = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            base = _imported_from(name, node)
            for alias in node.names:
                full = f"{base}.{alias.name}"
                names[alias.asname or alias.name] = full if full in MODULES else base
        elif isinstance(node, ast.Import):
            for alias in node.names:
                names[alias.asname or alias.name.partition(".")[0]] = (
                    alias.name if alias.asname else alias.name.partition(".")[0])
    return names


def _source_module(node: ast.expr, names: dict[str, str]) -> str | None:
    """The module a called or indexed name (``f``, ``module.f``) was imported from."""
    while isinstance(node, ast.Attribute):
        node = node.value
    return names.get(node.id) if isinstance(node, ast.Name) else None


def _kernel_ids_off_the_seam(name: str, tree: ast.Module) -> list[str]:
    """``name:line`` of each ``.kernel_id`` read that is not an argument (or index) handed
    straight to the kernel seam, and of each function parameter ``game`` typed ``int``."""
    names = _names_imported(name, tree)
    handed = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            callee, arguments = node.func, [*node.args, *(k.value for k in node.keywords)]
            if isinstance(callee, ast.Name) and callee.id == "partial" and node.args:
                callee, arguments = node.args[0], node.args[1:]
            if _on_the_seam(_source_module(callee, names)):
                handed.update(id(argument) for argument in arguments)
        elif isinstance(node, ast.Subscript) and _on_the_seam(_source_module(node.value,
                                                                             names)):
            handed.add(id(node.slice))
    found = [f"{name}:{node.lineno}" for node in ast.walk(tree)
             if isinstance(node, ast.Attribute) and node.attr == "kernel_id"
             and id(node) not in handed]
    found += [f"{name}:{node.lineno} game: int" for node in ast.walk(tree)
              if isinstance(node, ast.arg) and node.arg in ("game", "game_id")
              and isinstance(node.annotation, ast.Name) and node.annotation.id == "int"]
    return found


def test_the_kernel_id_is_read_at_the_kernel_seam_alone():
    """One game type below the doors (issue 40): engine functions, the kernel registry, the
    background compile take and pass a Game, and only the call into a kernel or a twin
    reads its integer."""
    off_the_seam = [found for name, tree in TREES.items()
                    if name != "stud_odds.games" and not _on_the_seam(name)
                    for found in _kernel_ids_off_the_seam(name, tree)]
    assert off_the_seam == []


def test_the_seam_finder_finds_a_kernel_id_carried_as_an_int():
    carried = ast.parse(
        "from functools import partial\n"
        "from stud_odds.kernels import layout\n"
        "from stud_odds.kernels.headsup import count_pairs\n"
        "from . import running\n"
        "def f(game, scenario):\n"
        "    layout.sole_winner(game.kernel_id, 1, 2)\n"
        "    partial(count_pairs, game.kernel_id, 3)\n"
        "    kernel = scenario.game.kernel_id\n"
        "    running.kernel('exact', game.kernel_id)\n"
        "def g(game: int):\n"
        "    pass\n")
    assert _kernel_ids_off_the_seam("stud_odds.engine.exact", carried) == [
        "stud_odds.engine.exact:8", "stud_odds.engine.exact:9",
        "stud_odds.engine.exact:10 game: int"]
