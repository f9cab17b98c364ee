"""Hand ranges: what a player's two third-street hole cards may be (docs/ranges.md).

``Range.parse("QQ+, AK, 3flush")`` reads the terms; ``.combos(dead, upcards=...)``
gives the allowed hole-card pairs with their weights once the known cards are removed.
``parse_ranged_hand("[QQ+]x/Ah7c2d2s")`` reads a whole player.  Reading needs no
numpy; it loads when combinations are first asked for.
"""

from stud_odds.ranges.hand import RangedHand, is_ranged_hand, parse_ranged_hand
from stud_odds.ranges.model import Combos, Range
from stud_odds.ranges.terms import RangeError

__all__ = ["Combos", "Range", "RangeError", "RangedHand", "is_ranged_hand", "parse_ranged_hand"]
