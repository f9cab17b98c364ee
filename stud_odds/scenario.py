"""A stud showdown to evaluate: the live hands, the cards seen elsewhere, the deck rule.

Pure Python (no numba): parses and validates what the user gives, then works out
the street, the unseen cards, how many cards each player is still dealt, and
whether seventh street is one shared community card (RULES.md, "Shared
seventh-street card").
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import Enum
from math import comb

from stud_odds.cards import (
    UNKNOWN,
    CardError,
    check_unique,
    format_card,
    format_cards,
    parse_cards,
)
from stud_odds.errors import StudOddsError
from stud_odds.games import Game, GameError, parse_game

DECK_SIZE = 52
MAX_PLAYERS = 8
MAX_UPCARDS = 4
HOLE_CARDS = 2  # every player, folded or not, was dealt two cards face down on third street
STREET_NAMES = {3: "third", 4: "fourth", 5: "fifth", 6: "sixth", 7: "seventh"}
RANDOM_HAND = "random"


class ScenarioError(StudOddsError):
    """A scenario that cannot be played; the one-sentence message names the player or card."""


class DeckRule(Enum):
    """When seventh street is dealt one card per player rather than one community card."""

    CASINO = "casino"  # individual seventh-street cards when U >= n + 2 (WSOP rule 228)
    ONLINE = "online"  # individual seventh-street cards when U >= n

    def __str__(self) -> str:
        return self.value


def parse_deck_rule(name: str | DeckRule) -> DeckRule:
    """``DeckRule`` for ``casino`` or ``online`` (any case)."""
    if isinstance(name, DeckRule):
        return name
    try:
        return DeckRule(str(name).strip().lower())
    except ValueError:
        raise ScenarioError(
            f"'{name}' is not a deck rule: use casino (individual seventh-street cards "
            "when U >= n + 2) or online (when U >= n)"
        ) from None


def seventh_street_is_shared(cards_left: int, live_players: int, rule: DeckRule) -> bool:
    """Whether seventh street is one community card (RULES.md); the only place deciding it.

    ``cards_left`` is U: 52 minus every card dealt to any player as of sixth street;
    ``live_players`` is n, the players who reach seventh street.
    """
    # The card room needs a burn card and a last card never dealt on top of n cards.
    reserve = 2 if rule is DeckRule.CASINO else 0
    return cards_left < live_players + reserve


def street_name(street: int) -> str:
    return f"{STREET_NAMES[street]} street"


def _plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def _shape_problem(hand_text: str, down: int, up: int) -> str | None:
    """Why a hand with these many down and up cards fits no street, or None if it fits one."""
    if (down == HOLE_CARDS and 1 <= up <= MAX_UPCARDS) or (down == 3 and up == MAX_UPCARDS):
        return None
    return (
        f"hand '{hand_text}' has {_plural(down, 'down card')} and {_plural(up, 'upcard')}, "
        "a shape no street has: write DOWN/UP with two down cards (three on seventh street), "
        "e.g. AsKs/Qh"
    )


def _player_prefix(player: int | None) -> str:
    return "" if player is None else f"player {player}'s "


@dataclass(frozen=True)
class Hand:
    """One live player's cards; UNKNOWN (-1) stands for a card nobody has seen."""

    down: tuple[int, ...]
    up: tuple[int, ...]  # in the order they were dealt

    @property
    def size(self) -> int:
        """Cards held, which is the street (3..7)."""
        return len(self.down) + len(self.up)

    @property
    def known(self) -> tuple[int, ...]:
        return tuple(card for card in self.down + self.up if card != UNKNOWN)

    @property
    def unknown_count(self) -> int:
        return self.size - len(self.known)

    def __str__(self) -> str:
        return f"{format_cards(self.down)}/{format_cards(self.up)}"


def random_hand(size: int) -> Hand:
    """A hand of ``size`` cards, none of them known."""
    down = 3 if size == 7 else HOLE_CARDS
    return Hand(down=(UNKNOWN,) * down, up=(UNKNOWN,) * (size - down))


def _is_random(text: str) -> bool:
    return text.strip().lower() == RANDOM_HAND


def parse_hand(text: str, player: int | None = None) -> Hand:
    """Parse ``DOWN/UP`` such as ``AsKs/Qh``, ``xx/7d`` or ``AsKs2d/QhJhTh9c``.

    ``player`` (numbered from 1) only names the player in error messages.
    """
    parts = text.split("/")
    if len(parts) != 2:
        problem = "has no '/'" if len(parts) == 1 else "has more than one '/'"
        raise ScenarioError(
            f"{_player_prefix(player)}hand '{text}' {problem}: write the down cards, a slash, "
            "then the upcards, e.g. AsKs/Qh"
        )
    try:
        down, up = (parse_cards(part, allow_unknown=True, unique=False) for part in parts)
        check_unique(down + up)
    except CardError as error:
        prefix = "" if player is None else f"player {player}: "
        raise ScenarioError(f"{prefix}{error}") from None
    problem = _shape_problem(text.strip(), len(down), len(up))
    if problem:
        raise ScenarioError(_player_prefix(player) + problem)
    return Hand(down=tuple(down), up=tuple(up))


def _parse_card_list(cards: str | Iterable[str | int], where: str) -> tuple[int, ...]:
    """Known cards given as text (``"2c 3d"``) or as a list of card texts or ids."""
    pieces = [cards] if isinstance(cards, str) else list(cards)
    parsed: list[int] = []
    try:
        for piece in pieces:
            if isinstance(piece, int):
                parsed.append(piece)  # Scenario checks the id
            else:
                # Duplicates are left to Scenario, which names both places.
                parsed.extend(parse_cards(piece, unique=False))
    except CardError as error:
        raise ScenarioError(f"{where}: {error}") from None
    return tuple(parsed)


def _parse_community(card: str | int) -> int:
    cards = _parse_card_list([card], "the community card")
    if len(cards) != 1:
        raise ScenarioError(f"the community card is one card, not '{card}'")
    return cards[0]


@dataclass(frozen=True)
class Scenario:
    """A showdown to evaluate; built with :meth:`build` or directly, validated either way."""

    game: Game
    hands: tuple[Hand, ...]  # the live players, in seat order
    dead: tuple[int, ...] = ()
    folds: tuple[tuple[int, ...], ...] = ()  # each folded player's upcards
    community: int | None = None  # the shared seventh-street card, if already dealt
    deck_rule: DeckRule = DeckRule.CASINO

    @classmethod
    def build(
        cls,
        hands: Sequence[str | Hand],
        game: str | Game = "stud",
        dead: str | Sequence[str | int] = (),
        folds: Sequence[str | Sequence[str | int]] = (),
        community: str | int | None = None,
        deck_rule: str | DeckRule = "casino",
    ) -> Scenario:
        """Parse and validate a scenario; ``"random"`` as a hand is an opponent nobody sees."""
        if isinstance(hands, str):
            raise ScenarioError(f"give the hands as a list, one per player, not the text '{hands}'")
        try:
            parsed_game = parse_game(game)
        except GameError as error:
            raise ScenarioError(str(error)) from None
        parsed: list[Hand | None] = []  # None marks a random opponent
        for player, hand in enumerate(hands, start=1):
            if isinstance(hand, Hand):
                parsed.append(hand)
            else:
                parsed.append(None if _is_random(hand) else parse_hand(hand, player))
        # A random opponent is on the street of the others (third street if all are random).
        size = next((hand.size for hand in parsed if hand is not None), 3)
        return cls(
            game=parsed_game,
            hands=tuple(random_hand(size) if hand is None else hand for hand in parsed),
            dead=_parse_card_list(dead, "the dead cards"),
            folds=tuple(
                _parse_card_list(upcards, f"folded player {folded}")
                for folded, upcards in enumerate(folds, start=1)
            ),
            community=None if community is None else _parse_community(community),
            deck_rule=parse_deck_rule(deck_rule),
        )

    def __post_init__(self) -> None:
        self._check_player_count()
        self._check_card_ids()
        self._check_hands()
        self._check_duplicates()
        self._check_folds()
        self._check_seventh_street()
        self._check_deck_holds()

    # -- what the engine needs ---------------------------------------------------------

    @property
    def street(self) -> int:
        """3..7; a dealt community card counts: the players are then on seventh street."""
        return self.hands[0].size + int(self.community is not None)

    @property
    def cards_left(self) -> int:
        """U of RULES.md: 52 minus every card dealt to any player as of sixth street."""
        folded = sum(HOLE_CARDS + len(upcards) for upcards in self.folds)
        return DECK_SIZE - 6 * len(self.hands) - folded - len(self.dead)

    @property
    def shared_river(self) -> bool:
        """Whether seventh street is one community card for every live player."""
        return seventh_street_is_shared(self.cards_left, len(self.hands), self.deck_rule)

    @property
    def unseen(self) -> tuple[int, ...]:
        """Every card not known anywhere, sorted; folded hole cards are among them."""
        seen = set(self._known_anywhere())
        return tuple(card for card in range(DECK_SIZE) if card not in seen)

    @property
    def draws(self) -> tuple[int, ...]:
        """Per player, the cards still dealt to that player alone from the unseen cards."""
        last_individual_street = 6 if self.shared_river else 7
        return tuple(
            hand.unknown_count + max(0, last_individual_street - hand.size) for hand in self.hands
        )

    @property
    def shared_draw(self) -> int:
        """1 when the community card still has to be dealt, else 0."""
        return int(self.shared_river and self.community is None)

    def known_cards(self, player: int) -> tuple[int, ...]:
        """The known cards of ``player`` (0-based) plus the known community card."""
        shared = () if self.community is None else (self.community,)
        return self.hands[player].known + shared

    def outcomes(self) -> int:
        """Distinct deals: players take their cards in seat order, then the community card."""
        remaining = len(self.unseen)
        total = 1
        for draw in self.draws:
            total *= comb(remaining, draw)
            remaining -= draw
        return total * (remaining if self.shared_draw else 1)

    def to_dict(self) -> dict:
        return {
            "game": self.game.value,
            "hands": [str(hand) for hand in self.hands],
            "dead": [format_card(card) for card in self.dead],
            "folds": [[format_card(card) for card in upcards] for upcards in self.folds],
            "community": None if self.community is None else format_card(self.community),
            "deck_rule": self.deck_rule.value,
            "street": self.street,
            "shared_river": self.shared_river,
        }

    def __str__(self) -> str:
        text = f"{self.game}: " + " vs ".join(str(hand) for hand in self.hands)
        if self.dead:
            text += f", dead {format_cards(self.dead, ' ')}"
        if self.folds:
            text += ", folded " + " ".join(format_cards(upcards) for upcards in self.folds)
        if self.community is not None:
            text += f", community {format_card(self.community)}"
        if self.deck_rule is not DeckRule.CASINO:
            text += f", {self.deck_rule} deck rule"
        return text

    # -- validation ----------------------------------------------------------------------

    def _places(self) -> Iterable[tuple[int, str]]:
        """Every known card with where it is, for messages."""
        for player, hand in enumerate(self.hands, start=1):
            for card in hand.known:
                yield card, f"player {player}'s hand"
        for card in self.dead:
            yield card, "the dead cards"
        for folded, upcards in enumerate(self.folds, start=1):
            for card in upcards:
                yield card, f"folded player {folded}'s upcards"
        if self.community is not None:
            yield self.community, "the community card"

    def _known_anywhere(self) -> Iterable[int]:
        return (card for card, _ in self._places())

    def _check_player_count(self) -> None:
        live, folded = len(self.hands), len(self.folds)
        if live < 2:
            raise ScenarioError(f"a showdown needs at least 2 live players, not {live}")
        if live + folded > MAX_PLAYERS:
            counted = f"{live} live and {folded} folded" if folded else f"{live} live"
            raise ScenarioError(
                f"at most {MAX_PLAYERS} players fit at a table, not {counted} players"
            )

    def _check_card_ids(self) -> None:
        for card, place in self._places():
            if not 0 <= card < DECK_SIZE:
                raise ScenarioError(f"{card!r} in {place} is not a card id: ids run from 0 to 51")

    def _check_hands(self) -> None:
        for player, hand in enumerate(self.hands, start=1):
            problem = _shape_problem(str(hand), len(hand.down), len(hand.up))
            if problem:
                raise ScenarioError(f"player {player}'s {problem}")
        first = self.hands[0].size
        for player, hand in enumerate(self.hands[1:], start=2):
            if hand.size != first:
                raise ScenarioError(
                    f"player {player} has {hand.size} cards ({street_name(hand.size)}) but "
                    f"player 1 has {first} ({street_name(first)}): every live player is on "
                    "the same street"
                )

    def _check_duplicates(self) -> None:
        where: dict[int, str] = {}
        for card, place in self._places():
            if card in where:
                name = format_card(card)
                if where[card] == place:
                    raise ScenarioError(f"{name} is used twice in {place}")
                raise ScenarioError(f"{name} is used twice: in {where[card]} and in {place}")
            where[card] = place

    def _check_folds(self) -> None:
        live_upcards = len(self.hands[0].up)
        for folded, upcards in enumerate(self.folds, start=1):
            shown = len(upcards)
            if shown == 0:
                raise ScenarioError(
                    f"folded player {folded} shows no upcards: every player dealt in shows "
                    "a door card, so give it"
                )
            if shown > MAX_UPCARDS:
                raise ScenarioError(
                    f"folded player {folded} shows {shown} upcards, but a stud player shows "
                    f"at most {MAX_UPCARDS}"
                )
            if shown > live_upcards:
                raise ScenarioError(
                    f"folded player {folded} shows {shown} upcards but the live players show "
                    f"only {live_upcards} ({street_name(self.hands[0].size)}): a folded player "
                    "cannot have seen more streets"
                )

    def _check_seventh_street(self) -> None:
        size, live, cards_left = self.hands[0].size, len(self.hands), self.cards_left
        rule_text = (
            f"under the {self.deck_rule} deck rule with U = {cards_left} cards left "
            f"for n = {live} live players"
        )
        if self.community is not None:
            name = format_card(self.community)
            if size == 7:
                raise ScenarioError(
                    f"the community card {name} cannot go with seventh-street hands: "
                    "give sixth-street hands (six cards) with it"
                )
            if size < 6:
                raise ScenarioError(
                    f"the community card {name} is dealt on seventh street but the live "
                    f"players are on {street_name(size)}: give sixth-street hands with it"
                )
            if not self.shared_river:
                raise ScenarioError(
                    f"there is no community card {rule_text}, as each gets a seventh-street "
                    f"card: drop the community card {name}"
                )
        elif size == 7 and self.shared_river:
            raise ScenarioError(
                f"seventh street is one community card {rule_text}: give six-card hands "
                "and the community card instead of seven-card hands"
            )

    def _check_deck_holds(self) -> None:
        unknown_in_hands = sum(hand.unknown_count for hand in self.hands)
        in_deck = (
            DECK_SIZE - sum(1 for _ in self._known_anywhere()) - unknown_in_hands
            - HOLE_CARDS * len(self.folds)
        )
        needed = sum(max(0, 6 - hand.size) for hand in self.hands)
        seventh_to_come = self.hands[0].size < 7 and self.community is None
        if in_deck < needed + seventh_to_come:
            needs = [f"{needed} more up to sixth street"] if needed else []
            needs += ["a card for seventh street"] if seventh_to_come else []
            raise ScenarioError(
                f"the deck runs out: it holds {in_deck} cards but the live players need "
                + " and ".join(needs)
            )
