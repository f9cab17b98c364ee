"""One family for every mistake stud-odds reports to its user.

Each error's message is one sentence naming the problem (which card, which
player, which option).  The command line turns any ``StudOddsError`` into that
sentence on stderr and exit status 2, in one place (``stud_odds.console``).
"""

from __future__ import annotations


class StudOddsError(ValueError):
    """Input stud-odds cannot use; ``str(error)`` is one sentence saying why."""


__all__ = ["StudOddsError"]
