"""Names a package exports from its modules, each module imported when a name is first used.

A package's ``__init__`` lists its names once, by module, and takes its
``__getattr__``, ``__dir__`` and ``__all__`` (PEP 562) from :func:`lazy_names`, so
importing the package, and the command line with it, stays quick.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Iterable, Mapping
from typing import Any


def lazy_names(package: str, modules: Mapping[str, Iterable[str]], eager: Iterable[str] = ()
               ) -> tuple[Callable[[str], Any], Callable[[], list[str]], list[str]]:
    """(``__getattr__``, ``__dir__``, ``__all__``) for ``package``, whose names live in its
    ``modules`` (module -> the names it defines); ``eager`` names the package defines itself.

    >>> getattr_, dir_, all_ = lazy_names("stud_odds", {"cards": ["parse_card"]})
    >>> getattr_("parse_card")("As"), all_
    (51, ['parse_card'])
    >>> getattr_("nothing")
    Traceback (most recent call last):
    ...
    AttributeError: module 'stud_odds' has no attribute 'nothing'
    """
    namespace = sys.modules[package].__dict__
    owner = {name: module for module, names in modules.items() for name in names}

    def __getattr__(name: str) -> Any:
        if name not in owner:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(f"{package}.{owner[name]}"), name)
        namespace[name] = value  # later uses skip __getattr__
        return value

    exported = sorted({*owner, *eager})

    def __dir__() -> list[str]:
        return sorted({*namespace, *exported})

    return __getattr__, __dir__, exported
