"""Table rules (docs/rules.md): bring-in, first to act, bet limits, chip splits, showdown order.

Seats are numbered from 1 in the order they are given: clockwise from the dealer's
left, so a lower seat is nearer the dealer's left.  Every function checks what it is
given and raises :class:`RulesError` with one sentence that names the seat, card or
amount at fault.  Money is :class:`decimal.Decimal` throughout; chips are counted as ints.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from decimal import ROUND_DOWN, Decimal
from typing import Any

from stud_odds.cards import (
    RANK_NAMES,
    RANKS,
    SUIT_NAMES,
    CardError,
    card_name,
    format_card,
    format_cards,
    parse_cards,
    rank_of,
    suit_of,
)
from stud_odds.errors import StudOddsError
from stud_odds.games import Game, parse_game
from stud_odds.scenario import STREET_NAMES

MAX_SEATS = 8
DEFAULT_MAX_RAISES = 3
BRING_IN_RULES = {"half": Decimal("0.5"), "quarter": Decimal("0.25")}
_BRING_IN_WORDS = {"half": "half the small bet", "quarter": "a quarter of the small bet"}
_CENT = Decimal("0.01")
_SUIT_ORDER = "clubs < diamonds < hearts < spades"


class RulesError(StudOddsError):
    """Input the rules cannot be applied to; the message is one sentence naming the problem."""


# --- cards and seats ---------------------------------------------------------------------

def _ace_high(card: int) -> int:
    """A card's place when aces are high (stud, stud8 high): the card id itself."""
    return card


def _ace_low(card: int) -> int:
    """A card's place when aces are low (razz, the eight-or-better low): ace of clubs first."""
    return (rank_of(card) + 1) % 13 * 4 + suit_of(card)


def _plural(rank: int) -> str:
    return RANK_NAMES[rank] + ("es" if RANK_NAMES[rank] == "six" else "s")


def _seat_list(seats: Sequence[int]) -> str:
    """``seat 2``, ``seats 2 and 4``, ``seats 1, 2 and 4``."""
    if len(seats) == 1:
        return f"seat {seats[0]}"
    return "seats " + ", ".join(str(s) for s in seats[:-1]) + f" and {seats[-1]}"


def _and_list(items: Sequence[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + f" and {items[-1]}"


def parse_seat_cards(texts: Sequence[str]) -> list[list[int]]:
    """Parse one string of cards per seat (``["Kh Kd", "AhKc"]``); errors name the seat."""
    seats = []
    for seat, text in enumerate(texts, 1):
        try:
            seats.append(parse_cards(text, unique=False))
        except CardError as exc:
            raise RulesError(f"seat {seat}: {exc}") from None
    return seats


def _check_seat_count(count: int, what: str, least: int = 2) -> None:
    if not least <= count <= MAX_SEATS:
        raise RulesError(f"give {what} for {least} to {MAX_SEATS} seats, not {count}")


def _check_cards(seat_cards: Sequence[Sequence[int]], *, community_ok: bool = False) -> set[int]:
    """Every card a real card id, and no card in two places; returns the cards in every hand.

    With ``community_ok`` one card may be in every hand: the shared seventh-street card
    dealt when the deck runs short.
    """
    for seat, cards in enumerate(seat_cards, 1):
        for card in cards:
            if isinstance(card, bool) or not isinstance(card, int) or not 0 <= card < 52:
                raise RulesError(f"seat {seat}: {card!r} is not a card id from 0 to 51")
        # Checked before the community card is set aside: even it is in a hand only once.
        for card, count in Counter(cards).items():
            if count > 1:
                raise RulesError(f"{format_card(card)} appears twice in seat {seat}")
    shared: set[int] = set()
    if community_ok and len(seat_cards) > 1:
        shared = set.intersection(*(set(cards) for cards in seat_cards))
        if len(shared) > 1:
            raise RulesError(
                f"{format_cards(sorted(shared), ' ')} are in every hand, "
                "but only one community card is ever dealt"
            )
    seen: dict[int, int] = {}
    for seat, cards in enumerate(seat_cards, 1):
        for card in cards:
            if card in shared:
                continue
            if card in seen:
                raise RulesError(f"{format_card(card)} appears twice: in seat {seen[card]} "
                                 f"and in seat {seat}")
            seen[card] = seat
    return shared


def _check_seat_numbers(seats: Collection[int], what: str, count: int = MAX_SEATS) -> list[int]:
    """Sorted, distinct seat numbers from 1 to ``count``."""
    for seat in seats:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 1 <= seat <= count:
            raise RulesError(f"{what} seat {seat!r} is not a seat: seats run from 1 to {count}")
    return sorted(set(seats))


def _clockwise_from(seat: int, count: int) -> tuple[int, ...]:
    """Seats in acting order starting at ``seat``."""
    return tuple(range(seat, count + 1)) + tuple(range(1, seat))


# --- bring-in ------------------------------------------------------------------------------

@dataclass(frozen=True)
class BringIn:
    """The seat that posts the bring-in on third street, and why."""

    seat: int
    card: int
    reason: str

    def to_dict(self) -> dict[str, Any]:
        return {"seat": self.seat, "card": format_card(self.card), "reason": self.reason}


def bring_in(
    door_cards: Sequence[int],
    game: Game | str = Game.STUD,
    *,
    all_in: Collection[int] = (),
    rank_ties_by_seat: bool = False,
) -> BringIn:
    """Who brings in, from the door cards in seat order (clockwise from the dealer's left).

    Stud and stud8: the lowest door card, aces high; razz: the highest, aces low.  A tie of
    rank goes to the lowest suit in stud (clubs < diamonds < hearts < spades) and the
    highest in razz, or with ``rank_ties_by_seat`` to the seat nearest the dealer's left.
    A seat in ``all_in`` (all-in from the ante) passes the bring-in on clockwise.
    """
    game = parse_game(game)
    _check_seat_count(len(door_cards), "one door card")
    _check_cards([[card] for card in door_cards])
    seats_all_in = _check_seat_numbers(all_in, "all-in", len(door_cards))
    if len(seats_all_in) == len(door_cards):
        raise RulesError("every seat is all-in from the ante, so nobody brings in")

    razz = game is Game.RAZZ
    order = _ace_low if razz else _ace_high
    # The worst door card brings in: the lowest in stud, the highest in razz.
    worst = max if razz else min
    worst_rank = worst(order(card) // 4 for card in door_cards)
    tied = [seat for seat, card in enumerate(door_cards, 1) if order(card) // 4 == worst_rank]
    if rank_ties_by_seat:
        due = tied[0]
    else:
        due = worst(tied, key=lambda seat: suit_of(door_cards[seat - 1]))
    due_card = door_cards[due - 1]

    extreme = "highest" if razz else "lowest"
    aces = "aces low" if razz else "aces high"
    if len(tied) == 1:
        why = f"the {extreme} door card, {aces}"
    else:
        others = [f"{card_name(door_cards[s - 1])} in seat {s}" for s in tied if s != due]
        why = f"it ties {_and_list(others)} for the {extreme} door card, and "
        if rank_ties_by_seat:
            why += f"seat {due} is nearest the dealer's left"
        else:
            other_suits = [SUIT_NAMES[suit_of(door_cards[s - 1])] for s in tied if s != due]
            compare = "above" if razz else "below"
            why += (f"{SUIT_NAMES[suit_of(due_card)]} rank {compare} {_and_list(other_suits)} "
                    f"({_SUIT_ORDER})")

    seat = due
    while seat in seats_all_in:
        seat = seat % len(door_cards) + 1
    if seat == due:
        return BringIn(due, due_card, f"seat {due} brings in with {card_name(due_card)}: {why}")
    path = _clockwise_from(due, len(door_cards))
    skipped = path[1:path.index(seat)]  # all-in seats between the due seat and the bring-in
    passing = f" past all-in {_seat_list(skipped)}" if skipped else ""
    card = door_cards[seat - 1]
    return BringIn(
        seat, card,
        f"seat {seat} brings in with {card_name(card)}: seat {due} would bring in with "
        f"{card_name(due_card)}, the {extreme} door card, but is all-in from the ante, so the "
        f"bring-in passes clockwise{passing}",
    )


# --- first to act and showdown -------------------------------------------------------------

def _showing_key(cards: Sequence[int], razz: bool) -> tuple[int, tuple[int, ...]]:
    """Compare hands showing: (category, ranks by count then rank, highest first).

    Category: 0 no pair, 1 pair, 2 two pair, 3 trips, 4 quads; straights and flushes do
    not count.  Ranks are ace-low in razz.  Larger is better in stud; smaller in razz.
    """
    ranks = [_ace_low(card) // 4 if razz else rank_of(card) for card in cards]
    counts = Counter(ranks)
    grouped = tuple(sorted(counts, key=lambda r: (counts[r], r), reverse=True))
    most = max(counts.values())
    category = most if most >= 3 else list(counts.values()).count(2)
    return category, grouped


def _describe_showing(cards: Sequence[int], razz: bool) -> str:
    """``a pair of kings with 7``, ``two pair, nines and fours``, ``A-K-7 high``, ``7-5-A low``."""
    category, grouped = _showing_key(cards, razz)
    ranks = [(r - 1) % 13 if razz else r for r in grouped]  # back to deuce = 0
    chars = [RANKS[r] for r in ranks]
    if category == 0:
        return "-".join(chars) + (" low" if razz else " high")
    if category == 2:
        return f"two pair, {_plural(ranks[0])} and {_plural(ranks[1])}"
    name = {1: f"a pair of {_plural(ranks[0])}", 3: f"three {_plural(ranks[0])}",
            4: f"four {_plural(ranks[0])}"}[category]
    kickers = chars[1:]
    return name + (f" with {'-'.join(kickers)}" if kickers else "")


@dataclass(frozen=True)
class FirstToAct:
    """The seat that acts first on fourth to seventh street, and why."""

    seat: int
    street: int
    showing: str
    cards: tuple[int, ...]
    order: tuple[int, ...]
    reason: str

    def to_dict(self) -> dict[str, Any]:
        return {
            "seat": self.seat, "street": self.street, "showing": self.showing,
            "cards": format_cards(self.cards, " "), "order": list(self.order),
            "reason": self.reason,
        }


def _street_of(upcards: Sequence[Sequence[int]], street: int | None) -> int:
    """The street the upcards show: 2 up on fourth, 3 on fifth, 4 on sixth and seventh."""
    for seat, cards in enumerate(upcards, 1):
        if not cards:
            raise RulesError(f"seat {seat} has no upcard: give every live seat's upcards")
        if len(cards) > 4:
            raise RulesError(f"seat {seat} shows {len(cards)} upcards, but a stud hand "
                             "shows at most 4")
        if len(cards) != len(upcards[0]):
            raise RulesError(f"seat {seat} shows {len(cards)} upcards but seat 1 shows "
                             f"{len(upcards[0])}: every live seat is on the same street")
    shown = len(upcards[0])
    if shown == 1:
        raise RulesError("one upcard each is third street, where the bring-in acts first")
    if street is None:
        return shown + 2
    if street not in (4, 5, 6, 7):
        raise RulesError(f"first to act is decided on fourth to seventh street, not street "
                         f"{street}")
    expected = min(street - 2, 4)
    if shown != expected:
        raise RulesError(f"on {STREET_NAMES[street]} street each seat shows {expected} "
                         f"upcards, not {shown}")
    return street


def _first_to_act(
    upcards: Sequence[Sequence[int]], game: Game, ties_by_suit: bool
) -> tuple[int, str]:
    """The seat with the best hand showing and why (``a pair of kings (Kh Kd) is ...``)."""
    razz = game is Game.RAZZ
    keys = [_showing_key(cards, razz) for cards in upcards]
    best_key = min(keys) if razz else max(keys)
    tied = [seat for seat, key in enumerate(keys, 1) if key == best_key]
    order = _ace_low if razz else _ace_high

    def top_card(seat: int) -> int:
        return max(upcards[seat - 1], key=order)

    seat = max(tied, key=lambda s: order(top_card(s))) if ties_by_suit else tied[0]

    def shown(s: int) -> str:
        return format_cards(upcards[s - 1], " ")

    best = "the best low showing" if razz else "the best hand showing"
    why = f"{_describe_showing(upcards[seat - 1], razz)} ({shown(seat)})"
    if len(tied) == 1:
        return seat, f"{why} is {best}"
    others = _and_list([f"seat {s} ({shown(s)})" for s in tied if s != seat])
    if ties_by_suit:
        decider = f"seat {seat} holds the highest card, {card_name(top_card(seat))}"
    else:
        decider = f"seat {seat} is nearest the dealer's left"
    return seat, f"{why} ties {others} for {best}, and {decider}"


def first_to_act(
    upcards: Sequence[Sequence[int]],
    game: Game | str = Game.STUD,
    *,
    street: int | None = None,
    ties_by_suit: bool = False,
) -> FirstToAct:
    """Who acts first on fourth to seventh street, from each live seat's upcards in seat order.

    The best hand showing acts first: quads > trips > two pair > pair > high cards in stud
    and stud8, the best low (pairs count against it) in razz.  Equal hands: the seat
    nearest the dealer's left, or with ``ties_by_suit`` the one holding the highest card
    (rank, then suit).  The street follows from the number of upcards (2 on fourth, 3 on
    fifth, 4 on sixth); pass ``street=7`` for seventh, which keeps sixth street's order.
    """
    game = parse_game(game)
    _check_seat_count(len(upcards), "the upcards")
    _check_cards(upcards)
    street = _street_of(upcards, street)
    seat, why = _first_to_act(upcards, game, ties_by_suit)
    when = f"on {STREET_NAMES[street]} street"
    if street == 7:
        when += " as on sixth, since the seventh card is dealt face down"
    return FirstToAct(
        seat, street, _describe_showing(upcards[seat - 1], game is Game.RAZZ),
        tuple(upcards[seat - 1]), _clockwise_from(seat, len(upcards)),
        f"seat {seat} acts first {when}: {why}",
    )


@dataclass(frozen=True)
class Showdown:
    """The seat that shows its hand first, the order after it, and why."""

    seat: int
    order: tuple[int, ...]
    reason: str

    def to_dict(self) -> dict[str, Any]:
        return {"seat": self.seat, "order": list(self.order), "reason": self.reason}


def showdown_order(
    upcards: Sequence[Sequence[int]],
    game: Game | str = Game.STUD,
    *,
    last_aggressor: int | None = None,
    earliest_seat_first: bool = False,
    ties_by_suit: bool = False,
) -> Showdown:
    """Who shows first, from each live seat's four upcards in seat order.

    The last seat to bet or raise on the final round (``last_aggressor``) shows first.
    Without one, the seat that acts first shows first (best hand showing, as
    :func:`first_to_act`), or with ``earliest_seat_first`` the seat nearest the dealer's
    left.  Then the others show clockwise.
    """
    game = parse_game(game)
    _check_seat_count(len(upcards), "the upcards")
    _check_cards(upcards)
    _street_of(upcards, 7)
    if last_aggressor is not None:
        (seat,) = _check_seat_numbers([last_aggressor], "the last aggressor's", len(upcards))
        reason = f"seat {seat} shows first: it made the last bet or raise on the final round"
    elif earliest_seat_first:
        seat = 1
        reason = ("seat 1 shows first: nobody bet on the final round, and seat 1 is nearest "
                  "the dealer's left")
    else:
        seat, why = _first_to_act(upcards, game, ties_by_suit)
        reason = (f"seat {seat} shows first: nobody bet on the final round, so the first to "
                  f"act shows first, and {why}")
    return Showdown(seat, _clockwise_from(seat, len(upcards)), reason)


# --- money and bet limits ------------------------------------------------------------------

_NUMBER = r"(\d+(?:\.\d+)?|\.\d+)"
_CURRENCY = r"([$€£]?)"
_MONEY = re.compile(_CURRENCY + _NUMBER)
_STAKES = re.compile(_CURRENCY + _NUMBER + "/" + _CURRENCY + _NUMBER)


def format_money(amount: Decimal, currency: str = "") -> str:
    """``$2``, ``$0.50``, ``0.125``: whole amounts bare, others with at least two places."""
    if amount == amount.to_integral_value():
        text = f"{amount:.0f}"
    elif amount == amount.quantize(_CENT):
        text = f"{amount:.2f}"
    else:
        text = f"{amount.normalize():f}"
    return currency + text


def _one_currency(*symbols: str) -> str:
    used = {symbol for symbol in symbols if symbol}
    if len(used) > 1:
        raise RulesError(f"the amounts mix currencies ({' and '.join(sorted(used))})")
    return used.pop() if used else ""


def parse_money(value: Decimal | int | str, what: str) -> tuple[Decimal, str]:
    """A positive amount and its currency symbol: ``"$12.50"`` -> ``(Decimal("12.50"), "$")``.

    ``what`` names the amount in the error message (``the pot``).  Floats are refused:
    binary fractions cannot hold most amounts of money exactly.
    """
    if isinstance(value, float):
        raise RulesError(f"give {what} as a string or Decimal, not the float {value!r}")
    if isinstance(value, int | Decimal):
        amount, currency = Decimal(value), ""
    else:
        match = _MONEY.fullmatch(value.strip())
        if not match:
            raise RulesError(f"'{value}' is not an amount for {what}: write it like 12 or "
                             "$12.50")
        currency, amount = match[1], Decimal(match[2])
    if not amount.is_finite() or amount <= 0:
        raise RulesError(f"{what} must be more than nothing, not {value}")
    return amount, currency


@dataclass(frozen=True)
class Stakes:
    """Fixed-limit stakes: the small bet and the big bet (``$2/$4``)."""

    small: Decimal
    big: Decimal
    currency: str = ""

    def money(self, amount: Decimal) -> str:
        return format_money(amount, self.currency)

    def __str__(self) -> str:
        return f"{self.money(self.small)}/{self.money(self.big)}"


def parse_stakes(text: str) -> Stakes:
    """``2/4``, ``$2/$4``, ``$0.50/$1``: the small bet, a slash, the big bet."""
    match = _STAKES.fullmatch(text.replace(" ", ""))
    if not match:
        raise RulesError(f"'{text}' is not a stakes format: write the small bet and the big "
                         "bet with a slash, like 2/4 or $0.50/$1")
    currency = _one_currency(match[1], match[3])
    small, big = Decimal(match[2]), Decimal(match[4])
    if small <= 0:
        raise RulesError(f"the small bet in '{text}' must be more than nothing")
    if big < small:
        raise RulesError(f"the big bet in '{text}' is smaller than the small bet")
    return Stakes(small, big, currency)


@dataclass(frozen=True)
class BetLimits:
    """What may be bet on one street: bet and raise size, bring-in, open pair, cap."""

    game: Game
    stakes: Stakes
    street: int
    bet: Decimal
    big_bet_allowed: bool
    bring_in: Decimal | None
    completion: Decimal | None
    max_raises: int | None
    cap: Decimal | None
    reason: str

    def to_dict(self) -> dict[str, Any]:
        def money(amount: Decimal | None) -> str | None:
            return None if amount is None else format_money(amount)

        return {
            "game": self.game.value, "stakes": str(self.stakes), "street": self.street,
            "bet": money(self.bet), "big_bet_allowed": self.big_bet_allowed,
            "bring_in": money(self.bring_in), "completion": money(self.completion),
            "max_raises": self.max_raises, "cap": money(self.cap), "reason": self.reason,
        }


def _bring_in_amount(
    stakes: Stakes, given: Decimal | int | str | None, rule: str
) -> tuple[Decimal, str]:
    """The bring-in and how it was set: given, or a fraction of the small bet, cents down."""
    if given is not None:
        amount, currency = parse_money(given, "the bring-in")
        _one_currency(currency, stakes.currency)
        how = "as given"
    else:
        if rule not in BRING_IN_RULES:
            raise RulesError(f"'{rule}' is not a bring-in rule: use "
                             f"{' or '.join(BRING_IN_RULES)} (of the small bet)")
        amount = (stakes.small * BRING_IN_RULES[rule]).quantize(_CENT, rounding=ROUND_DOWN)
        how = _BRING_IN_WORDS[rule]
        if amount == 0:
            raise RulesError(f"{how} rounds down to nothing at {stakes}: give the bring-in")
    if amount >= stakes.small:
        raise RulesError(f"the bring-in ({stakes.money(amount)}) must be less than the small "
                         f"bet ({stakes.money(stakes.small)})")
    return amount, how


def bet_limits(
    stakes: Stakes | str,
    game: Game | str = Game.STUD,
    street: int = 3,
    *,
    bring_in: Decimal | int | str | None = None,
    bring_in_rule: str = "half",
    open_pair: bool = False,
    max_raises: int = DEFAULT_MAX_RAISES,
    heads_up_uncapped: bool = False,
) -> BetLimits:
    """Bet sizes on one street of fixed-limit stud.

    Third and fourth street go in small bets, fifth to seventh in big bets.  Third street
    has the bring-in (``bring_in``, or ``bring_in_rule`` ``half``/``quarter`` of the small
    bet, rounded down to the cent) and the completion to the small bet.  ``open_pair``: a
    pair shows on fourth street, which allows the big bet in stud high only.  A round
    allows a bet (or completion) and ``max_raises`` raises; ``heads_up_uncapped``: the round
    began heads-up in a room that lifts the cap then.
    """
    game = parse_game(game)
    if isinstance(stakes, str):
        stakes = parse_stakes(stakes)
    if street not in STREET_NAMES:
        raise RulesError(f"street {street} does not exist: stud streets run from 3 (third) "
                         "to 7 (seventh)")
    if open_pair and street != 4:
        raise RulesError(f"an open pair changes the bet only on fourth street, not on "
                         f"{STREET_NAMES[street]} street")
    if isinstance(max_raises, bool) or not isinstance(max_raises, int) or max_raises < 1:
        raise RulesError(f"a betting round allows at least one raise, not {max_raises!r}")

    name = f"{STREET_NAMES[street]} street"
    bet = stakes.small if street <= 4 else stakes.big
    size = "small" if street <= 4 else "big"
    sentences = [f"{name}: bets and raises are {stakes.money(bet)}, the {size} bet"]
    entry = "a bet"
    bring_in_amount = completion = None
    if street == 3:
        bring_in_amount, how = _bring_in_amount(stakes, bring_in, bring_in_rule)
        completion = stakes.small
        entry = "the completion"
        sentences.append(f"the bring-in is {stakes.money(bring_in_amount)} ({how}) and may be "
                         f"completed to {stakes.money(completion)}")
    elif bring_in is not None:
        raise RulesError(f"the bring-in is posted on third street, not on {name}")

    big_bet_allowed = open_pair and game is Game.STUD
    largest = stakes.big if big_bet_allowed else bet
    if big_bet_allowed:
        sentences.append(f"an open pair shows, so any player may bet or raise "
                         f"{stakes.money(stakes.big)}, and once that is bet the round goes "
                         f"in {stakes.money(stakes.big)} steps")
    elif open_pair:
        sentences.append(f"{game.title} has no open-pair rule, so fourth street stays at the "
                         "small bet")

    if heads_up_uncapped:
        raises = cap = None
        sentences.append("raises are not capped, since the round began heads-up")
    else:
        raises = max_raises
        cap = largest * (1 + raises)
        sentences.append(f"{entry} and {raises} raises cap the round at {stakes.money(cap)} "
                         "a player")
    return BetLimits(game, stakes, street, bet, big_bet_allowed, bring_in_amount, completion,
                     raises, cap, "; ".join(sentences))


# --- splitting a pot into chips ------------------------------------------------------------

FINAL_HAND_CARDS = 7  # every hand at a stud showdown, counting a shared community card


@dataclass(frozen=True)
class _Ranking:
    """How one part of the pot is won, and which way its odd chip goes."""

    value: Callable[[Sequence[int]], int | None]  # larger is better; None: no such hand
    describe: Callable[[Sequence[int]], str]
    low: bool  # a low half or a razz pot: the odd chip goes to the lowest card, aces low


def _hands():
    """The evaluators, imported (with numpy) only when a pot is split by cards, so the
    other rules commands start at once."""
    from stud_odds import hands

    return hands


def _low8_score(cards: Sequence[int]) -> int | None:
    value = _hands().low8_value(cards)
    return None if value is None else -value


_HIGH = _Ranking(lambda cards: _hands().high_value(cards),
                 lambda cards: _hands().describe_high(_hands().high_value(cards)), low=False)
_LOW8 = _Ranking(_low8_score,
                 lambda cards: _hands().describe_low8(_hands().low8_value(cards)), low=True)
_RAZZ = _Ranking(lambda cards: -_hands().razz_value(cards),
                 lambda cards: _hands().describe_razz(_hands().razz_value(cards)), low=True)


@dataclass(frozen=True)
class _Winner:
    seat: int
    hand: str | None = None  # the winning hand in words, when cards were given
    cards: tuple[int, ...] | None = None  # all the seat's cards, when given


def _winners_by_cards(hands: Sequence[Sequence[int]], ranking: _Ranking) -> list[_Winner]:
    scores = [ranking.value(cards) for cards in hands]
    best = max((score for score in scores if score is not None), default=None)
    if best is None:
        return []
    return [
        _Winner(seat, ranking.describe(cards), tuple(cards))
        for seat, (cards, score) in enumerate(zip(hands, scores, strict=True), 1)
        if score == best
    ]


def _odd_chip_key(card: int, low: bool) -> int:
    """Sorts cards best first for an odd chip: by rank then suit (spades > hearts > diamonds >
    clubs), the highest first for a high, the lowest first with aces low for a low."""
    return _ace_low(card) if low else -card


@dataclass(frozen=True)
class _OddChips:
    """Who takes the odd chips of one split, and why."""

    seats: tuple[int, ...]  # one odd chip each, in the order the rule gives them
    cards: tuple[int, ...]  # the card that placed each of them; empty when given by seat
    passed: tuple[int, ...]  # seats the rule puts first that already hold an odd chip of the pot
    all_had_one: bool  # every tied seat already held one, so the rule's order stands


def _award_odd_chips(
    winners: Sequence[_Winner], odd: int, low: bool, by_seat: bool, community: int | None,
    already: Collection[int], part: str,
) -> _OddChips:
    """The one place the odd-chip rule lives (Robert's Rules of Poker, "Ties"; the TDA agrees).

    The ``odd`` chips left over when ``winners`` tie go one each down an order: for a high,
    the seat holding the highest card by suit first; for a low (a stud8 low half, razz),
    the seat holding the lowest card by suit, aces low.  All of a seat's cards count, not
    only the five that make its hand; the community card is in every hand, so it places
    nobody and each seat is placed by its best card of its own.  With ``by_seat`` the order
    is the tied seats' order from the dealer's left.  No player gets more than one odd chip
    of a pot: seats in ``already`` (holding one from another part of this pot) go after
    the others, and keep the rule's order among themselves only when every tied seat
    already holds one.
    """
    if by_seat:
        placed = [(winner.seat, -1) for winner in sorted(winners, key=lambda w: w.seat)]
    else:
        placed = []
        for winner in winners:
            if winner.cards is None:
                extreme = "lowest" if low else "highest"
                raise RulesError(f"an odd chip of {part} goes to the {extreme} card by suit, "
                                 "which needs the tied players' cards: give the hands, or give "
                                 "the odd chip by seat")
            own = [card for card in winner.cards if card != community]
            placed.append((winner.seat, min(own, key=lambda card: _odd_chip_key(card, low))))
        # Cards other than the community card are in one hand only: no two seats tie here.
        placed.sort(key=lambda seat_card: _odd_chip_key(seat_card[1], low))
    # A stable sort by "already holds one" keeps the rule's order within each group.
    lucky = sorted(placed, key=lambda seat_card: seat_card[0] in already)[:odd]
    lucky_seats = tuple(seat for seat, _ in lucky)
    return _OddChips(
        seats=lucky_seats,
        cards=() if by_seat else tuple(card for _, card in lucky),
        passed=tuple(seat for seat, _ in placed[:odd] if seat not in lucky_seats),
        all_had_one=all(seat in already for seat, _ in placed),
    )


@dataclass(frozen=True)
class PotShare:
    """What one seat takes from a pot."""

    seat: int
    high_chips: int
    low_chips: int
    amount: Decimal

    @property
    def chips(self) -> int:
        return self.high_chips + self.low_chips

    def to_dict(self) -> dict[str, Any]:
        return {"seat": self.seat, "chips": self.chips, "high_chips": self.high_chips,
                "low_chips": self.low_chips, "amount": format_money(self.amount)}


@dataclass(frozen=True)
class PotSplit:
    """A pot divided into chips: each winner's share and the sentences that explain it."""

    game: Game
    pot: Decimal
    chip: Decimal
    currency: str
    shares: tuple[PotShare, ...]
    reasons: tuple[str, ...]

    @property
    def chips(self) -> int:
        return int(self.pot / self.chip)

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game.value, "currency": self.currency, "pot": format_money(self.pot),
            "chip": format_money(self.chip), "chips": self.chips,
            "shares": [share.to_dict() for share in self.shares], "reasons": list(self.reasons),
        }


def _divide(
    chips: int, winners: list[_Winner], ranking: _Ranking, odd_chip_by_seat: bool,
    community: int | None, already: Collection[int], part: str, money: Callable[[int], str],
) -> tuple[dict[int, int], tuple[int, ...], str]:
    """Chips per seat for one part of the pot, the seats given an odd chip, and why."""
    seats = [winner.seat for winner in winners]
    hand = winners[0].hand
    if len(winners) == 1:
        with_hand = f" ({hand})" if hand else ""
        return ({seats[0]: chips}, (),
                f"{part}, {money(chips)}, goes to seat {seats[0]}{with_hand}")
    each, odd = divmod(chips, len(winners))
    share = dict.fromkeys(seats, each)
    each_with = f" ({hand} each)" if hand else ""
    sentence = (f"{part}, {money(chips)}, is split between {_seat_list(seats)}{each_with}: "
                f"{money(each)} each")
    if not odd:
        return share, (), sentence
    awarded = _award_odd_chips(winners, odd, ranking.low, odd_chip_by_seat, community, already,
                               part)
    for seat in awarded.seats:
        share[seat] += 1
    chip_words = "the odd chip goes" if odd == 1 else f"the {odd} odd chips go one each"
    sentence += f", and {chip_words} to {_seat_list(awarded.seats)}"
    extreme = "lowest" if ranking.low else "highest"
    by = ("nearest the dealer's left" if odd_chip_by_seat
          else f"by the {extreme} card by suit" + (" (aces low)" if ranking.low else ""))
    if awarded.passed:
        held = "holds" if len(awarded.passed) == 1 else "hold"
        sentence += (f", {by} after {_seat_list(awarded.passed)}, which already {held} an odd "
                     "chip of this pot: no player gets more than one")
    elif odd_chip_by_seat:
        sentence += f", {by}"
    else:
        names = [card_name(card) for card in awarded.cards]
        if odd == 1:
            sentence += f", holding the {extreme} card by suit"
            sentence += f" (aces low), {names[0]}" if ranking.low else f", {names[0]}"
        else:
            sentence += f", in the order of their {extreme} cards by suit"
            sentence += (" (aces low)" if ranking.low else "") + f": {_and_list(names)}"
        if community is not None and (_odd_chip_key(community, ranking.low)
                                      < _odd_chip_key(awarded.cards[0], ranking.low)):
            sentence += (f"; the community card, {card_name(community)}, is in every hand "
                         "and places nobody")
    if awarded.all_had_one:
        sentence += ("; each of them already holds an odd chip of this pot, so the rule's "
                     "order stands")
    return share, awarded.seats, sentence


def split_pot(
    pot: Decimal | int | str,
    chip: Decimal | int | str,
    game: Game | str = Game.STUD,
    *,
    hands: Sequence[Sequence[int]] | None = None,
    high_winners: Collection[int] = (),
    low_winners: Collection[int] = (),
    odd_chip_by_seat: bool = False,
) -> PotSplit:
    """Divide a pot of ``chip``-sized chips among its winners.

    Give either the players' final hands (all seven cards each, in seat order; one card may
    be in every hand, the shared seventh-street card) or the winners' seats: high winners
    for stud, high and low winners for stud8 (no low winners: the high takes all), low
    winners for razz.  Stud8 splits into halves with the odd chip to the high half.  Within
    a tie, odd chips go one each to the seats holding the highest card by suit (a high) or
    the lowest card by suit, aces low (a low half, razz), counting all seven cards; or with
    ``odd_chip_by_seat`` to the tied seats nearest the dealer's left.
    """
    game = parse_game(game)
    pot_amount, pot_currency = parse_money(pot, "the pot")
    chip_amount, chip_currency = parse_money(chip, "the chip")
    currency = _one_currency(pot_currency, chip_currency)
    chips_in_pot = pot_amount / chip_amount
    if chips_in_pot != chips_in_pot.to_integral_value():
        raise RulesError(f"the pot ({format_money(pot_amount, currency)}) is not a whole "
                         f"number of {format_money(chip_amount, currency)} chips")
    chip_count = int(chips_in_pot)

    def money(count: int) -> str:
        label = f"{count} chip{'s' if count != 1 else ''}"
        if chip_amount == 1 and not currency:  # the amount would only repeat the count
            return label
        return f"{label} ({format_money(count * chip_amount, currency)})"

    low_ranking = _RAZZ if game is Game.RAZZ else _LOW8
    community = None
    if hands is not None:
        if high_winners or low_winners:
            raise RulesError("give the players' hands or the winners, not both")
        _check_seat_count(len(hands), "the final hands", least=1)
        for seat, cards in enumerate(hands, 1):
            if len(cards) != FINAL_HAND_CARDS:
                # An odd chip may go by any of the seven cards, so all seven are needed.
                raise RulesError(f"seat {seat} has {len(cards)} cards, but a final hand has "
                                 f"{FINAL_HAND_CARDS} (with the community card, if one was "
                                 "dealt)")
        community = next(iter(_check_cards(hands, community_ok=True)), None)
        high = _winners_by_cards(hands, _HIGH) if game.has_high else []
        low = _winners_by_cards(hands, low_ranking) if game.has_low else []
    else:
        high = [_Winner(s) for s in _check_seat_numbers(high_winners, "high winner")]
        low = [_Winner(s) for s in _check_seat_numbers(low_winners, "low winner")]
        if game is Game.RAZZ and high:
            raise RulesError("razz pays the whole pot to the best low: give the low winners")
        if game is Game.STUD and low:
            raise RulesError("stud high pays the whole pot to the best high hand: give the "
                             "high winners")
        if not (low if game is Game.RAZZ else high):
            raise RulesError("give the players' final hands or the winning seats")

    parts: list[tuple[int, list[_Winner], _Ranking, str]] = []
    reasons = []
    if game is Game.RAZZ:
        parts.append((chip_count, low, low_ranking, "the pot"))
    elif not low:
        parts.append((chip_count, high, _HIGH, "the pot"))
        if game is Game.STUD8:
            reasons.append("no hand qualifies for low, so the high hand takes the whole pot")
    else:
        low_chips = chip_count // 2  # the odd chip between the halves goes to the high half
        if chip_count % 2:
            reasons.append(f"the pot, {money(chip_count)}, does not halve evenly, so the odd "
                           f"chip goes to the high half: {chip_count - low_chips} high, "
                           f"{low_chips} low")
        parts.append((chip_count - low_chips, high, _HIGH, "the high half"))
        parts.append((low_chips, low, low_ranking, "the low half"))

    # Seats holding an odd chip of this pot: the high hand that takes the odd chip between
    # the halves alone, then each seat given one in a tie (no player gets more than one).
    has_odd_chip: set[int] = set()
    if len(parts) == 2 and len(high) == 1 and chip_count % 2:
        has_odd_chip.add(high[0].seat)
    high_share: Counter[int] = Counter()
    low_share: Counter[int] = Counter()
    for count, winners, ranking, part in parts:
        share, odd_seats, sentence = _divide(count, winners, ranking, odd_chip_by_seat,
                                             community, has_odd_chip, part, money)
        has_odd_chip.update(odd_seats)
        (low_share if ranking.low else high_share).update(share)
        reasons.append(sentence)
    shares = tuple(
        PotShare(seat, high_share[seat], low_share[seat],
                 (high_share[seat] + low_share[seat]) * chip_amount)
        for seat in sorted(high_share.keys() | low_share.keys())
    )
    if game is Game.STUD8 and len(shares) == 1:
        reasons.append(f"seat {shares[0].seat} scoops")
    return PotSplit(game, pot_amount, chip_amount, currency, shares, tuple(reasons))
