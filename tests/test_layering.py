"""The package's layers import one way, and each public name has one definition.

Read from the source (ast), so function-level imports count as much as module-level ones;
imports under ``if TYPE_CHECKING:`` run only for a type checker and do not.
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


def _imports(name: str, tree: ast.Module) -> set[str]:
    """The package's modules that ``name`` imports when it runs, at any depth."""
    package = name if MODULES[name].name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()

    def visit(node: ast.AST) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and _type_checking(child):
                for other in child.orelse:
                    visit_one(other)
                continue
            visit_one(child)

    def visit_one(node: ast.AST) -> None:
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names if alias.name in MODULES)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")[:len(package.split(".")) - node.level + 1]
                base = ".".join(parts + ([base] if base else []))
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


def _circles() -> list[list[str]]:
    """Strongly connected groups of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []

    def connect(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        on_stack.add(module)
        for other in IMPORTS[module]:
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
    assert _circles() == []


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
