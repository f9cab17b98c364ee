"""What a stud table is made of: its sizes and its streets.

The one owner of the street structure (RULES.md, "The deal, street by street"):
how many cards a live player holds down and up on each street, and the cards
left in the deck before seventh street.  Street names: :func:`street_name`
("third street"), :func:`street_label` ("3rd street").  Pure numbers: the
ranges stand on it, and a player's hand (``scenario.hands``) on both.

>>> [(down_cards(s), up_cards(s)) for s in STREETS]
[(2, 1), (2, 2), (2, 3), (2, 4), (3, 4)]
"""

from __future__ import annotations

from collections.abc import Sequence

from stud_odds.errors import StudOddsError, excerpt
from stud_odds.wording import plural

DECK_SIZE = 52
MAX_PLAYERS = 8
HOLE_CARDS = 2  # every player, folded or not, was dealt two cards face down on third street
THIRD, SIXTH, SEVENTH = 3, 6, 7  # a live player holds as many cards as the street's number
STREETS = (3, 4, 5, 6, 7)
STREET_NAMES = {3: "third", 4: "fourth", 5: "fifth", 6: "sixth", 7: "seventh"}
STREET_ORDINALS = {3: "3rd", 4: "4th", 5: "5th", 6: "6th", 7: "7th"}  # tables, histories


def down_cards(street: int) -> int:
    """Cards a live player holds face down on ``street``: the seventh-street card is dealt down."""
    return HOLE_CARDS + (street == SEVENTH)


def up_cards(street: int) -> int:
    """Cards a live player shows on ``street``: one upcard a street from third to sixth."""
    return min(street, SIXTH) - HOLE_CARDS


MAX_UPCARDS = up_cards(SEVENTH)


def street_of(down: int, up: int) -> int | None:
    """The street on which a live player holds ``down`` and ``up`` cards; None if none."""
    return next((street for street in STREETS
                 if (down_cards(street), up_cards(street)) == (down, up)), None)


def cards_left(live: int, folds: Sequence[Sequence[int]], dead: int = 0) -> int:
    """U of RULES.md: 52 minus every card dealt as of sixth street (six to each of ``live``
    players, to each folded player his hole cards and the upcards in ``folds``) and the
    ``dead`` cards seen elsewhere."""
    folded = sum(HOLE_CARDS + len(upcards) for upcards in folds)
    return DECK_SIZE - SIXTH * live - folded - dead


class ScenarioError(StudOddsError):
    """A scenario that cannot be played; the one-sentence message names the player or card."""


def street_name(street: int) -> str:
    """``third street``, as rules and messages say it."""
    return f"{STREET_NAMES[street]} street"


def street_label(street: int) -> str:
    """``3rd street``, as tables and hand histories say it."""
    return f"{STREET_ORDINALS[street]} street"


def shape_problem(hand_text: str, down: int, up: int) -> str | None:
    """Why a hand with these many down and up cards fits no street, or None if it fits one."""
    if street_of(down, up) is not None:
        return None
    return (
        f"hand '{excerpt(hand_text, 1)}' has {plural(down, 'down card')} and "
        f"{plural(up, 'upcard')}, "
        "a shape no street has: write DOWN/UP with two down cards (three on seventh street), "
        "e.g. AsKs/Qh"
    )


def live_on(street: int, folded: int | None) -> bool:
    """Whether a player who folded on street ``folded`` (None: never) was dealt the cards
    of ``street``: he is dealt the street he folds on, and none after."""
    return folded is None or street <= folded
