"""Options listed once for the commands that share them: typer reads a command's options from
its signature, so :func:`gathered` writes the shared ones into it, and hands them to the
command as one value (the spot's options of ``equity`` and ``outs``, the chosen hands of
``db stats``, ``luck`` and ``starts``).  Light: a command group imports it before any work.
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

Command = TypeVar("Command", bound=Callable[..., Any])


def parameter(name: str, annotation: Any, default: Any = None) -> inspect.Parameter:
    """One command-line option (its typer annotation, and its default), for :func:`gathered`."""
    return inspect.Parameter(name, inspect.Parameter.KEYWORD_ONLY, default=default,
                             annotation=annotation)



def gathered(into: str, options: Sequence[inspect.Parameter],
             gather: Callable[..., Any]) -> Callable[[Command], Command]:
    """A decorator for a command whose parameter ``into`` stands for several options listed
    once for the commands that share them: typer sees ``options`` in its place (in that
    order, each with its help), and the command is called with ``gather(**their values)``
    as ``into``."""
    def decorate(command: Command) -> Command:
        own = inspect.signature(command, eval_str=True)
        names = [shared.name for shared in options]
        parameters: list[inspect.Parameter] = []
        for given in own.parameters.values():  # every one by keyword: typer calls so
            listed = list(options) if given.name == into else [given]
            parameters += [each.replace(kind=inspect.Parameter.KEYWORD_ONLY) for each in listed]

        @functools.wraps(command)
        def run(**given: Any) -> Any:
            values = {name: given.pop(name) for name in names}
            return command(**given, **{into: gather(**values)})

        run.__signature__ = own.replace(parameters=parameters)  # type: ignore[attr-defined]
        run.__annotations__ = {each.name: each.annotation for each in parameters}
        return run  # type: ignore[return-value]
    return decorate


__all__ = ["Command", "gathered", "parameter"]
