"""Names a package exports from its modules, each module imported when a name is first used.

A package's ``__init__`` lists ``name -> module`` and takes its ``__getattr__`` and
``__dir__`` (PEP 562) from :func:`lazy_names`, so importing the package, and the
command line with it, stays quick.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Mapping
from typing import Any


def lazy_names(package: str, names: Mapping[str, str]
               ) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """(``__getattr__``, ``__dir__``) for ``package``, whose ``names`` live in its modules.

    >>> getattr_, dir_ = lazy_names("stud_odds", {"parse_card": "cards"})
    >>> getattr_("parse_card")("As")
    51
    >>> getattr_("nothing")
    Traceback (most recent call last):
    ...
    AttributeError: module 'stud_odds' has no attribute 'nothing'
    """
    namespace = sys.modules[package].__dict__

    def __getattr__(name: str) -> Any:
        if name not in names:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(f"{package}.{names[name]}"), name)
        namespace[name] = value  # later uses skip __getattr__
        return value

    def __dir__() -> list[str]:
        return sorted({*namespace, *names})

    return __getattr__, __dir__
