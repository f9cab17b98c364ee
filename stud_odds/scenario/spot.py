"""The spot: validated live hands, dead and folded cards, community card and deck rule.

:class:`Scenario` checks that the cards make a playable table (player count,
card ids, street shapes, duplicates, folds, the seventh-street rule, a deck
that holds every card still to come) and names the player or card when they
do not; its :attr:`~Scenario.plan` says what is left to deal.

>>> spot = Scenario.build(["AsKs/Qh", "random"], game="razz", dead="2c")
>>> str(spot), spot.street, spot.plan.draws
('razz: AsKs/Qh vs xx/x, dead 2c', 3, (4, 7))
>>> Scenario.build(["AsKs/Qh", "AsJd/7c"])
Traceback (most recent call last):
...
stud_odds.scenario.table.ScenarioError: As is used twice: in player 1's hand and in player 2's hand
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from stud_odds.cards import format_card, format_cards
from stud_odds.errors import blame, shown
from stud_odds.games import Game, GameError, parse_game
from stud_odds.scenario.hands import Hand, random_hand
from stud_odds.scenario.plan import DealPlan, DeckRule, parse_deck_rule, ranges_fit
from stud_odds.scenario.table import (
    DECK_SIZE,
    HOLE_CARDS,
    MAX_PLAYERS,
    MAX_UPCARDS,
    SEVENTH,
    SIXTH,
    ScenarioError,
    shape_problem,
    street_name,
)
from stud_odds.scenario.text import (
    hand_texts,
    is_random,
    parse_card_list,
    parse_community,
    parse_folds,
    parse_hand,
    with_suits,
)


def _suited(hands: list[object], dead: object, folds: object, community: object
            ) -> tuple[list[object], object, object, object]:
    """Every text of a razz spot with its rank-only cards given suits (text.with_suits),
    together, so that no card repeats between them."""
    dead_texts = [dead] if isinstance(dead, str) else list(dead or ())
    fold_texts = list(folds or ()) if not isinstance(folds, str) else [folds]
    texts = with_suits([*hands, *dead_texts, *fold_texts, community])
    hands_out = texts[:len(hands)]
    dead_out = texts[len(hands):len(hands) + len(dead_texts)]
    folds_out = texts[len(hands) + len(dead_texts):-1]
    return (hands_out, dead_out[0] if isinstance(dead, str) else dead_out, folds_out,
            texts[-1])


@dataclass(frozen=True)
class Scenario:
    """A showdown to evaluate; built with :meth:`build` or directly, validated either way."""

    game: Game
    hands: tuple[Hand, ...]  # the live players, in seat order
    dead: tuple[int, ...] = ()
    folds: tuple[tuple[int, ...], ...] = ()  # each folded player's upcards
    community: int | None = None  # the shared seventh-street card, if already dealt
    deck_rule: DeckRule = DeckRule.CASINO
    plan: DealPlan = field(init=False, repr=False, compare=False)  # what is left to deal

    @classmethod
    def build(
        cls,
        hands: Sequence[str | Hand],
        game: str | Game = "stud",
        dead: str | Sequence[str | int] | None = (),
        folds: Sequence[str | Sequence[str | int]] | None = (),
        community: str | int | None = None,
        deck_rule: str | DeckRule = "casino",
    ) -> Scenario:
        """Parse and validate a scenario; ``"random"`` as a hand is an opponent nobody sees.

        Every mistake, a wrong type included, is one ScenarioError sentence; None for
        ``dead`` or ``folds`` means none.
        """
        try:
            parsed_game = parse_game(game)
        except GameError as error:
            failure = ScenarioError(str(error))
            failure.field = "game"
            raise failure from None
        hands = hand_texts(hands)
        if parsed_game is Game.RAZZ:  # razz reads rank-only cards: suits are given to them
            hands, dead, folds, community = _suited(hands, dead, folds, community)
        written: list[tuple[Hand, bool]] = []  # each hand, and whether nobody has seen it
        for player, hand in enumerate(hands, start=1):
            if isinstance(hand, Hand):
                written.append((hand, False))
            elif isinstance(hand, str):
                with blame("hands", player):
                    parsed = random_hand(3) if is_random(hand) else parse_hand(hand, player)
                written.append((parsed, parsed.range is None and not parsed.known))
            else:
                with blame("hands", player):
                    raise ScenarioError(f"player {player}'s hand must be text such as "
                                        f"'AsKs/Qh' (or a Hand), not {shown(hand)}")
        # An opponent nobody has seen (random, xx/x: no known card) is on the street of the
        # other players; when nobody is seen, on the first hand's (random: third street).
        size = next((hand.size for hand, unseen in written if not unseen),
                    written[0][0].size if written else 3)
        with blame("dead"):
            dead_cards = parse_card_list(dead, "the dead cards")
        with blame("folds"):
            folded = parse_folds(folds)
        with blame("community"):
            shared = None if community is None else parse_community(community)
        with blame("deck_rule"):
            rule = parse_deck_rule(deck_rule)
        return cls(
            game=parsed_game,
            hands=tuple(random_hand(size) if unseen else hand for hand, unseen in written),
            dead=dead_cards, folds=folded, community=shared, deck_rule=rule,
        )

    def __post_init__(self) -> None:
        with blame("hands"):
            self._check_player_count()
        self._check_card_ids()
        self._check_hands()
        self._check_duplicates()
        with blame("folds"):
            self._check_folds()
        # The plan needs valid cards; the last checks need the plan.
        plan = DealPlan.of(self.hands, self.dead, self.folds, self.community, self.deck_rule)
        object.__setattr__(self, "plan", plan)
        with blame("community" if self.community is not None else "hands"):
            self._check_seventh_street()
        with blame("hands"):
            self._check_deck_holds()
            self._check_ranges_fit()

    @property
    def street(self) -> int:
        """3..7; a dealt community card counts: the players are then on seventh street."""
        return self.plan.street

    @property
    def shared_river(self) -> bool:
        """Whether seventh street is one community card for every live player."""
        return self.plan.shared_river

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

    def _places(self) -> Iterable[tuple[int, str, tuple[str, int | None]]]:
        """Every known card with where it is, for messages, and that place's field and
        seat (see StudOddsError)."""
        for player, hand in enumerate(self.hands, start=1):
            for card in hand.known:
                yield card, f"player {player}'s hand", ("hands", player)
        for card in self.dead:
            yield card, "the dead cards", ("dead", None)
        for folded, upcards in enumerate(self.folds, start=1):
            for card in upcards:
                yield card, f"folded player {folded}'s upcards", ("folds", None)
        if self.community is not None:
            yield self.community, "the community card", ("community", None)

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
        for card, place, (blamed, seat) in self._places():
            if not 0 <= card < DECK_SIZE:
                with blame(blamed, seat):
                    raise ScenarioError(f"{shown(card)} in {place} is not a card id: ids run from "
                                        "0 to 51")

    def _check_hands(self) -> None:
        for player, hand in enumerate(self.hands, start=1):
            problem = shape_problem(str(hand), len(hand.down), len(hand.up))
            if problem:
                with blame("hands", player):
                    raise ScenarioError(f"player {player}'s {problem}")
        first = self.hands[0].size
        for player, hand in enumerate(self.hands[1:], start=2):
            if hand.size != first:
                with blame("hands", player):
                    raise ScenarioError(
                    f"player {player} has {hand.size} cards ({street_name(hand.size)}) but "
                    f"player 1 has {first} ({street_name(first)}): every live player is on "
                    "the same street"
                )

    def _check_duplicates(self) -> None:
        where: dict[int, str] = {}
        for card, place, (blamed, seat) in self._places():
            if card in where:
                name = format_card(card)
                with blame(blamed, seat):  # the second place: the card the user added last
                    if where[card] == place:
                        raise ScenarioError(f"{name} is used twice in {place}")
                    raise ScenarioError(f"{name} is used twice: in {where[card]} and in "
                                        f"{place}")
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
        size, live, cards_left = self.hands[0].size, len(self.hands), self.plan.cards_left
        rule_text = (
            f"under the {self.deck_rule} deck rule with U = {cards_left} cards left "
            f"for n = {live} live players"
        )
        if self.community is not None:
            name = format_card(self.community)
            if size == SEVENTH:
                raise ScenarioError(
                    f"the community card {name} cannot go with seventh-street hands: "
                    "give sixth-street hands (six cards) with it"
                )
            if size < SIXTH:
                raise ScenarioError(
                    f"the community card {name} is dealt on seventh street but the live "
                    f"players are on {street_name(size)}: give sixth-street hands with it"
                )
            if not self.shared_river:
                raise ScenarioError(
                    f"there is no community card {rule_text}, as each gets a seventh-street "
                    f"card: drop the community card {name}"
                )
        elif size == SEVENTH and self.shared_river:
            raise ScenarioError(
                f"seventh street is one community card {rule_text}: give six-card hands "
                "and the community card instead of seven-card hands"
            )

    def _check_deck_holds(self) -> None:
        unknown_in_hands = sum(hand.unknown_count for hand in self.hands)
        in_deck = len(self.plan.unseen) - unknown_in_hands - HOLE_CARDS * len(self.folds)
        needed = sum(max(0, SIXTH - hand.size) for hand in self.hands)
        seventh_to_come = self.hands[0].size < SEVENTH and self.community is None
        if in_deck < needed + seventh_to_come:
            needs = [f"{needed} more up to sixth street"] if needed else []
            needs += ["a card for seventh street"] if seventh_to_come else []
            raise ScenarioError(
                f"the deck runs out: it holds {in_deck} cards but the live players need "
                + " and ".join(needs)
            )

    def _check_ranges_fit(self) -> None:
        ranged = [player + 1 for player in self.plan.ranged_players]
        if len(ranged) > 1 and not ranges_fit(self.plan.ranges):
            from stud_odds.ranges import RangeError

            names = ", ".join(map(str, ranged[:-1])) + f" and {ranged[-1]}"
            raise RangeError(
                f"the ranges of players {names} cannot all be held at once: every choice of "
                "their hole cards uses some card twice"
            )
