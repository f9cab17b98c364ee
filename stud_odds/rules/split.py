"""Splitting a pot into chips (docs/rules.md): halves, ties and the odd chips.

The odd-chip rule has one owner, :func:`_award_odd_chips`.  The hand values
(:mod:`stud_odds.describe`), and numpy with them, load only when a pot is split by the
players' cards (:func:`_describe`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from stud_odds.cards import card_name
from stud_odds.games import Game, parse_game
from stud_odds.rules.common import (
    RulesError,
    ace_low,
    and_list,
    check_cards,
    check_seat_count,
    check_seat_numbers,
    seat_list,
)
from stud_odds.rules.money import format_money, one_currency, parse_money

FINAL_HAND_CARDS = 7  # every hand at a stud showdown, counting a shared community card


@dataclass(frozen=True)
class _Ranking:
    """How one part of the pot is won, and which way its odd chip goes."""

    value: Callable[[Sequence[int]], int | None]  # larger is better; None: no such hand
    describe: Callable[[Sequence[int]], str]
    low: bool  # a low half or a razz pot: the odd chip goes to the lowest card, aces low


def _describe():
    """The hand values, imported (with numpy) only when a pot is split by cards, so the
    other rules commands start at once."""
    from stud_odds import describe

    return describe


def _low8_score(cards: Sequence[int]) -> int | None:
    value = _describe().low8_value(cards)
    return None if value is None else -value


_HIGH = _Ranking(lambda cards: _describe().high_value(cards),
                 lambda cards: _describe().describe_high(_describe().high_value(cards)),
                 low=False)
_LOW8 = _Ranking(_low8_score,
                 lambda cards: _describe().describe_low8(_describe().low8_value(cards)),
                 low=True)
_RAZZ = _Ranking(lambda cards: -_describe().razz_value(cards),
                 lambda cards: _describe().describe_razz(_describe().razz_value(cards)),
                 low=True)


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
    return ace_low(card) if low else -card


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
    sentence = (f"{part}, {money(chips)}, is split between {seat_list(seats)}{each_with}: "
                f"{money(each)} each")
    if not odd:
        return share, (), sentence
    awarded = _award_odd_chips(winners, odd, ranking.low, odd_chip_by_seat, community, already,
                               part)
    for seat in awarded.seats:
        share[seat] += 1
    chip_words = "the odd chip goes" if odd == 1 else f"the {odd} odd chips go one each"
    sentence += f", and {chip_words} to {seat_list(awarded.seats)}"
    extreme = "lowest" if ranking.low else "highest"
    aces = " (aces low)" if ranking.low else ""
    by = "nearest the dealer's left" if odd_chip_by_seat else f"by the {extreme} card by suit{aces}"
    if awarded.passed:
        held = "holds" if len(awarded.passed) == 1 else "hold"
        sentence += (f", {by} after {seat_list(awarded.passed)}, which already {held} an odd "
                     "chip of this pot: no player gets more than one")
    elif odd_chip_by_seat:
        sentence += f", {by}"
    else:
        names = [card_name(card) for card in awarded.cards]
        if odd == 1:
            sentence += f", holding the {extreme} card by suit{aces}, {names[0]}"
        else:
            sentence += f", in the order of their {extreme} cards by suit{aces}: {and_list(names)}"
        if community is not None and (_odd_chip_key(community, ranking.low)
                                      < _odd_chip_key(awarded.cards[0], ranking.low)):
            sentence += (f"; the community card, {card_name(community)}, is in every hand "
                         "and places nobody")
    if awarded.all_had_one:
        sentence += ("; each of them already holds an odd chip of this pot, so the rule's "
                     "order stands")
    return share, awarded.seats, sentence


def _seat_mask(winners: Sequence[_Winner]) -> int:
    """Seats as the showdown kernel's bit mask: bit seat - 1."""
    return sum(1 << (winner.seat - 1) for winner in winners)


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
    currency = one_currency(pot_currency, chip_currency)
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

    if hands is not None:
        if high_winners or low_winners:
            raise RulesError("give the players' hands or the winners, not both")
        high, low, community = _winners_of_hands(game, hands)
    else:
        (high, low), community = _winners_of_seats(game, high_winners, low_winners), None
    parts, reasons = _parts(game, chip_count, high, low, money)
    high_share, low_share = _shares(parts, high, chip_count, odd_chip_by_seat, community,
                                    money, reasons)
    shares = tuple(
        PotShare(seat, high_share[seat], low_share[seat],
                 (high_share[seat] + low_share[seat]) * chip_amount)
        for seat in sorted(high_share.keys() | low_share.keys())
    )
    from stud_odds.kernels.layout import sole_winner  # the kernels' one definition

    scooper = sole_winner(game.kernel_id, _seat_mask(high), _seat_mask(low))
    if game is Game.STUD8 and scooper:
        reasons.append(f"seat {scooper.bit_length()} scoops")
    return PotSplit(game, pot_amount, chip_amount, currency, shares, tuple(reasons))


_Part = tuple[int, list[_Winner], _Ranking, str]  # chips, winners, ranking, name


def _winners_of_hands(game: Game, hands: Sequence[Sequence[int]]
                      ) -> tuple[list[_Winner], list[_Winner], int | None]:
    """The high and low winners of the final hands, and the community card if any."""
    check_seat_count(len(hands), "the final hands", least=1)
    for seat, cards in enumerate(hands, 1):
        if len(cards) != FINAL_HAND_CARDS:
            # An odd chip may go by any of the seven cards, so all seven are needed.
            raise RulesError(f"seat {seat} has {len(cards)} cards, but a final hand has "
                             f"{FINAL_HAND_CARDS} (with the community card, if one was "
                             "dealt)")
    community = next(iter(check_cards(hands, community_ok=True)), None)
    high = _winners_by_cards(hands, _HIGH) if game.has_high else []
    low = _winners_by_cards(hands, _low_ranking(game)) if game.has_low else []
    return high, low, community


def _winners_of_seats(game: Game, high_winners: Collection[int],
                      low_winners: Collection[int]) -> tuple[list[_Winner], list[_Winner]]:
    """The high and low winners given by seat, checked against the game."""
    high = [_Winner(s) for s in check_seat_numbers(high_winners, "high winner")]
    low = [_Winner(s) for s in check_seat_numbers(low_winners, "low winner")]
    if game is Game.RAZZ and high:
        raise RulesError("razz pays the whole pot to the best low: give the low winners")
    if game is Game.STUD and low:
        raise RulesError("stud high pays the whole pot to the best high hand: give the "
                         "high winners")
    if not (low if game is Game.RAZZ else high):
        raise RulesError("give the players' final hands or the winning seats")
    return high, low


def _low_ranking(game: Game) -> _Ranking:
    return _RAZZ if game is Game.RAZZ else _LOW8


def _parts(game: Game, chip_count: int, high: list[_Winner], low: list[_Winner],
           money: Callable[[int], str]) -> tuple[list[_Part], list[str]]:
    """The parts of the pot (the whole pot, or the high and low halves) and the sentences
    saying why the pot is cut so."""
    if game is Game.RAZZ:
        return [(chip_count, low, _RAZZ, "the pot")], []
    if not low:
        reasons = ["no hand qualifies for low, so the high hand takes the whole pot"] \
            if game is Game.STUD8 else []
        return [(chip_count, high, _HIGH, "the pot")], reasons
    low_chips = chip_count // 2  # the odd chip between the halves goes to the high half
    reasons = []
    if chip_count % 2:
        reasons.append(f"the pot, {money(chip_count)}, does not halve evenly, so the odd "
                       f"chip goes to the high half: {chip_count - low_chips} high, "
                       f"{low_chips} low")
    return [(chip_count - low_chips, high, _HIGH, "the high half"),
            (low_chips, low, _LOW8, "the low half")], reasons


def _shares(parts: list[_Part], high: list[_Winner], chip_count: int, odd_chip_by_seat: bool,
            community: int | None, money: Callable[[int], str], reasons: list[str]
            ) -> tuple[Counter[int], Counter[int]]:
    """Each seat's high and low chips, part by part, each part's sentence added to
    ``reasons``."""
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
    return high_share, low_share
