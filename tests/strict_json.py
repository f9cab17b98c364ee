"""Parse JSON the strict way: NaN, Infinity and -Infinity are not JSON, so they fail here.

Every JSON or JSON Lines output of the study commands is read through these in the tests.
"""

import json
from typing import Any


def _refuse(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def loads(text: str) -> Any:
    """One JSON document; ValueError on NaN or Infinity anywhere in it."""
    return json.loads(text, parse_constant=_refuse)


def loads_lines(text: str) -> list[Any]:
    """A JSON Lines text, one record per line; every line must end in a newline."""
    assert text == "" or text.endswith("\n"), "a JSON Lines output ends with a whole line"
    return [loads(line) for line in text.splitlines()]
