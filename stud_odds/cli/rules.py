"""``stud-odds rules ...``: bring-in, first to act, limits, chip splits, showdown order."""

from __future__ import annotations

import json
from typing import Annotated, Any

import typer
from rich.table import Table

from stud_odds import rules
from stud_odds.console import console
from stud_odds.games import Game, parse_game
from stud_odds.rules import RulesError

rules_app = typer.Typer(
    help="Table rules: who brings in, who acts first, bet sizes, splitting a pot into chips.",
    no_args_is_help=True,
)


_GameOption = Annotated[
    str, typer.Option("--game", "-g", help="stud, stud8 (hi-lo eight or better) or razz.")
]
_JsonOption = Annotated[bool, typer.Option("--json", help="Print JSON instead of sentences.")]
UpcardsArgument = Annotated[
    list[str],
    typer.Argument(help="Each live seat's upcards, one argument per seat in seat order, "
                        "clockwise from the dealer's left, e.g. 'Kh Kd'.", show_default=False),
]
TiesBySuitOption = Annotated[
    bool,
    typer.Option("--ties-by-suit",
                 help="Break equal hands showing by the highest card by suit, not by seat."),
]
ActingStreetOption = Annotated[
    int | None,
    typer.Option("--street", "-s", help="4 to 7; by default from the number of upcards "
                                        "(give 7 for seventh street).", show_default=False),
]
AggressorOption = Annotated[
    int | None,
    typer.Option("--aggressor", "-a", help="The seat that made the last bet or raise on "
                                           "the final round.", show_default=False),
]
EarliestSeatOption = Annotated[
    bool,
    typer.Option("--earliest-seat",
                 help="With no bet on the final round, the seat nearest the dealer's left "
                      "shows first (instead of the first to act)."),
]


def _say(text: str) -> None:
    console.print(text, highlight=False, markup=False, soft_wrap=True)


def _print_json(data: Any) -> None:
    print(json.dumps(data, indent=2))


def _tell(result: Any, as_json: bool, order: bool = False) -> None:
    """A rule's answer: its JSON, or its sentence (and, with ``order``, the seats in order)."""
    if as_json:
        _print_json(result.to_dict())
        return
    _say(result.reason)
    if order:
        _say("order: " + ", ".join(f"seat {seat}" for seat in result.order))


@rules_app.command("bring-in")
def bring_in_command(
    door_cards: Annotated[
        list[str],
        typer.Argument(help="One door card per seat, clockwise from the dealer's left.",
                       show_default=False),
    ],
    game: _GameOption = "stud",
    all_in: Annotated[
        list[int] | None,
        typer.Option("--all-in", help="A seat that is all-in from the ante (repeat for more); "
                                      "the bring-in passes to the next seat clockwise."),
    ] = None,
    ties_by_seat: Annotated[
        bool,
        typer.Option("--ties-by-seat",
                     help="Break a tie of rank by the seat nearest the dealer's left, not by "
                          "suit."),
    ] = False,
    as_json: _JsonOption = False,
) -> None:
    """Who brings in on third street: the lowest door card (razz: the highest).

    Example: stud-odds rules bring-in 7h 2h Kd 2c
    """
    seats = rules.parse_seat_cards(door_cards)
    for seat, cards in enumerate(seats, 1):
        if len(cards) != 1:
            raise RulesError(f"seat {seat} has {len(cards)} door cards "
                             f"('{door_cards[seat - 1]}'): give one per seat")
    _tell(rules.bring_in([cards[0] for cards in seats], parse_game(game),
                         all_in=all_in or (), rank_ties_by_seat=ties_by_seat), as_json)


@rules_app.command("first-to-act")
def first_to_act_command(
    upcards: UpcardsArgument,
    game: _GameOption = "stud",
    street: ActingStreetOption = None,
    ties_by_suit: TiesBySuitOption = False,
    as_json: _JsonOption = False,
) -> None:
    """Who acts first on fourth to seventh street: the best hand showing (razz: best low).

    Example: stud-odds rules first-to-act "Kh Kd" "Ah Kc" "7s 2d"
    """
    _tell(rules.first_to_act(rules.parse_seat_cards(upcards), parse_game(game),
                             street=street, ties_by_suit=ties_by_suit), as_json, order=True)


@rules_app.command("limits")
def limits(
    stakes: Annotated[
        str, typer.Argument(help="The small and big bet, e.g. 2/4 or '$0.50/$1'.",
                            show_default=False),
    ],
    game: _GameOption = "stud",
    street: Annotated[
        int | None,
        typer.Option("--street", "-s", help="One street, 3 to 7; all five by default.",
                     show_default=False),
    ] = None,
    bring_in: Annotated[
        str | None,
        typer.Option("--bring-in", help="The bring-in amount; by default set by --bring-in-rule.",
                     show_default=False),
    ] = None,
    bring_in_rule: Annotated[
        str,
        typer.Option("--bring-in-rule", help="half or quarter of the small bet, rounded down "
                                             "to the cent."),
    ] = "half",
    open_pair: Annotated[
        bool, typer.Option("--open-pair", help="A pair shows on fourth street.")
    ] = False,
    raises: Annotated[
        int, typer.Option("--raises", help="Raises allowed after the bet (some rooms: 4).")
    ] = rules.DEFAULT_MAX_RAISES,
    heads_up_uncapped: Annotated[
        bool,
        typer.Option("--heads-up-uncapped",
                     help="The round began heads-up and the room lifts the cap then."),
    ] = False,
    as_json: _JsonOption = False,
) -> None:
    """Bet and raise sizes, bring-in and completion, open pairs and the raise cap.

    Example: stud-odds rules limits '$2/$4' --street 4 --open-pair
    """
    streets = [street] if street is not None else list(rules.STREET_NAMES)
    parsed = rules.parse_stakes(stakes)
    game_played = parse_game(game)
    results = [
        rules.bet_limits(
            parsed, game_played, each,
            # With every street shown, the third- and fourth-street options go where
            # they apply; with one street chosen, bet_limits reports a mismatch.
            bring_in=bring_in if street is not None or each == 3 else None,
            bring_in_rule=bring_in_rule,
            open_pair=open_pair and (street is not None or each == 4),
            max_raises=raises, heads_up_uncapped=heads_up_uncapped,
        )
        for each in streets
    ]
    if as_json:
        _print_json({"game": game_played.value, "stakes": str(parsed),
                     "streets": [result.to_dict() for result in results]})
        return
    _say(f"{game_played.title} at {parsed}")
    for result in results:
        _say(result.reason)


@rules_app.command("split")
def split(
    pot: Annotated[str, typer.Argument(help="The pot, e.g. 12 or '$12.50'.", show_default=False)],
    hands: Annotated[
        list[str] | None,
        typer.Argument(help="Each player's final seven cards (any of them may decide an odd "
                            "chip), one argument per seat in seat order; or name the winners "
                            "with --high/--low.",
                       show_default=False),
    ] = None,
    game: _GameOption = "stud",
    chip: Annotated[
        str, typer.Option("--chip", "-c", help="The smallest chip in play, e.g. 1 or 0.25.")
    ] = "1",
    high: Annotated[
        list[int] | None,
        typer.Option("--high", help="A seat that wins the high (repeat for a tie).",
                     show_default=False),
    ] = None,
    low: Annotated[
        list[int] | None,
        typer.Option("--low", help="A seat that wins the low, or the razz pot (repeat for a tie).",
                     show_default=False),
    ] = None,
    odd_chip_by_seat: Annotated[
        bool,
        typer.Option("--odd-chip-by-seat",
                     help="Odd chips in a tie go to the tied seats nearest the dealer's left, "
                          "not by the cards (the highest card by suit for a high, the lowest "
                          "for a low)."),
    ] = False,
    as_json: _JsonOption = False,
) -> None:
    """Split a pot into chips: halves, ties and odd chips (by Robert's Rules of Poker).

    Example: stud-odds rules split 11 -g stud8 'Kh Kd Kc 9s 9h 2c 3d' 'Ah 2h 3h 4c 8s Qd Jc'

    Example: stud-odds rules split '$10' --chip 0.25 -g stud8 --high 1 --low 2 --low 3
    """
    result = rules.split_pot(
        pot, chip, parse_game(game),
        hands=rules.parse_seat_cards(hands) if hands else None,
        high_winners=high or (), low_winners=low or (), odd_chip_by_seat=odd_chip_by_seat,
    )
    if as_json:
        _print_json(result.to_dict())
        return
    halves = result.game is Game.STUD8
    table = Table("seat", *(("high", "low") if halves else ()), "chips", "amount", box=None)
    for share in result.shares:
        counts = (share.high_chips, share.low_chips, share.chips) if halves else (share.chips,)
        table.add_row(str(share.seat), *map(str, counts),
                      rules.format_money(share.amount, result.currency))
    console.print(table, highlight=False)
    for reason in result.reasons:
        _say(reason)


@rules_app.command("showdown")
def showdown(
    upcards: UpcardsArgument,
    game: _GameOption = "stud",
    aggressor: AggressorOption = None,
    earliest_seat: EarliestSeatOption = False,
    ties_by_suit: TiesBySuitOption = False,
    as_json: _JsonOption = False,
) -> None:
    """Who shows first at the showdown: the last aggressor, else the first to act.

    Example: stud-odds rules showdown "Kh Kd 7c 2s" "Ah Kc 9d 3h" --aggressor 2
    """
    _tell(rules.showdown_order(
        rules.parse_seat_cards(upcards), parse_game(game), last_aggressor=aggressor,
        earliest_seat_first=earliest_seat, ties_by_suit=ties_by_suit,
    ), as_json, order=True)
