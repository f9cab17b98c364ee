"""How stud-odds words a count for people, in messages and reports alike."""

from __future__ import annotations

_PLURALS = {"class": "classes"}  # the irregular plurals the messages use


def plural(count: int, word: str) -> str:
    """``1 trial``, ``2,000 trials``, ``1,755 classes``."""
    return f"{count:,} {word if count == 1 else _PLURALS.get(word, word + 's')}"


__all__ = ["plural"]
