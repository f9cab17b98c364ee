"""Random stud hands written as PokerStars hand histories, with the truth kept beside.

For tests (a parse must give back every card the maker dealt) and for the
benchmark (a thousand hands that go to 7th street).  The deal follows the
rules (online deck rule for a shared 7th-street card); the betting is plain
but adds up: antes, a bring-in, calls, bets and folds, one winner.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

RANKS = "23456789TJQKA"
SUITS = "cdhs"
DECK = [rank + suit for rank in RANKS for suit in SUITS]
GAMES = {"stud": "7 Card Stud", "stud8": "7 Card Stud Hi/Lo", "razz": "Razz"}
NAMES = ["Hero", "Mr. Bean [NL]", "Jörg Müller", "d.a.v.e", "Ana (Porto)", "xX_Razzle_Xx",
         "Señor Low", "zed", "PC [Mittel]", "Bob"]
ORDINALS = {3: "3rd", 4: "4th", 5: "5th", 6: "6th"}


@dataclass
class TruePlayer:
    name: str
    seat: int
    hole: list[str]
    up: list[str] = field(default_factory=list)
    river: str | None = None
    folded: int | None = None
    shown: bool = False
    invested: int = 0
    won: int = 0


@dataclass
class TrueHand:
    id: str
    game: str
    players: list[TruePlayer]
    community: str | None
    last_street: int
    showdown: bool
    pot: int
    text: str


def _value(card: str, game: str) -> tuple[int, int]:
    """Bring-in order: the lowest door brings in (razz: the highest, ace low)."""
    rank = RANKS.index(card[0])
    if game == "razz":
        rank = -1 if card[0] == "A" else rank
    return rank, SUITS.index(card[1])


def _cards(player: TruePlayer) -> list[str]:
    return player.hole + player.up + ([player.river] if player.river else [])


def make_hand(rng: random.Random, hand_id: int, game: str = "stud", players: int = 6,
              to_river: int | None = 2, tournament: bool = False) -> TrueHand:
    """One hand: ``players`` dealt in; ``to_river`` of them reach 7th street (None: random)."""
    deck = DECK[:]
    rng.shuffle(deck)
    names = rng.sample(NAMES[1:], players - 1) + ["Hero"]
    rng.shuffle(names)
    seats = sorted(rng.sample(range(1, 9), players))
    table = [TruePlayer(name, seat, [deck.pop(), deck.pop()])
             for name, seat in zip(names, seats, strict=True)]
    hero = next(p for p in table if p.name == "Hero")
    reach = rng.randint(1, players) if to_river is None else min(to_river, players)
    # the players who stay to the end, and the street each other player folds on
    stayers = set(rng.sample(range(players), reach))
    for index, player in enumerate(table):
        if index not in stayers:
            player.folded = rng.choice([3, 3, 3, 4, 5, 6])
    ante, bring_in, small, big = (10, 25, 50, 100) if tournament else (2, 5, 10, 20)
    unit = "" if tournament else "$"

    def money(amount: int) -> str:
        return f"{unit}{amount}" if tournament else f"${amount / 100:.2f}"

    lines = []
    if tournament:
        lines.append(f"PokerStars Hand #{hand_id}: Tournament #{hand_id % 997 + 1000}, "
                     f"$5+$0.50 USD {GAMES[game]} Limit - Level II ({small}/{big}) - "
                     "2024/02/02 10:00:00 ET")
    else:
        lines.append(f"PokerStars Hand #{hand_id}:  {GAMES[game]} Limit "
                     f"({money(small)}/{money(big)} USD) - 2024/02/02 10:00:00 ET")
    lines.append("Table 'Maker' 8-max")
    for player in table:
        lines.append(f"Seat {player.seat}: {player.name} ({money(100000)} in chips)")
    for player in table:
        lines.append(f"{player.name}: posts the ante {money(ante)}")
        player.invested += ante
    community = None
    last = 3
    for street in (3, 4, 5, 6, 7):
        live = [p for p in table if p.folded is None or p.folded >= street]
        if len(live) < 2:
            break
        last = street
        if street == 7:
            folded_cards = sum(2 + len(p.up) for p in table if p not in live)
            if 52 - 6 * len(live) - folded_cards < len(live):  # online rule: one shared card
                community = deck.pop()
                lines.append(f"*** RIVER *** [{community}]")
            else:
                lines.append("*** RIVER ***")
                for player in live:
                    player.river = deck.pop()
                lines.append(f"Dealt to Hero [{' '.join(hero.hole + hero.up)}] [{hero.river}]"
                             if hero in live else "")
                if not lines[-1]:
                    lines.pop()
        else:
            lines.append(f"*** {ORDINALS[street]} STREET ***")
            for player in live:
                card = deck.pop()
                if player is hero and street == 3:
                    lines.append(f"Dealt to Hero [{' '.join(hero.hole)} {card}]")
                elif player is hero:
                    lines.append(f"Dealt to Hero [{' '.join(hero.hole + hero.up)}] [{card}]")
                elif street == 3:
                    lines.append(f"Dealt to {player.name} [{card}]")
                else:
                    lines.append(f"Dealt to {player.name} [{' '.join(player.up)}] [{card}]")
                player.up.append(card)
        # betting: the bring-in (or a bet), then each other player calls or folds on
        # schedule; somebody who never folds is always there to call or to open
        folding = [p for p in live if p.folded == street]
        if street == 3:
            doors = sorted(live, key=lambda p: _value(p.up[0], game))
            opener = doors[-1] if game == "razz" else doors[0]
            amount, verb = bring_in, "brings in for"
        else:
            opener = next(p for p in live if p.folded != street)
            amount, verb = (small if street < 5 else big), "bets"
        lines.append(f"{opener.name}: {verb} {money(amount)}")
        opener.invested += amount
        callers = 0
        for player in live:
            if player is opener:
                continue
            if player in folding:
                lines.append(f"{player.name}: folds ")
            else:
                lines.append(f"{player.name}: calls {money(amount)}")
                player.invested += amount
                callers += 1
        if callers == 0:
            lines.append(f"Uncalled bet ({money(amount)}) returned to {opener.name}")
            opener.invested -= amount
        if opener in folding:  # the bring-in gives up once the others have called
            lines.append(f"{opener.name}: folds ")
        if rng.random() < 0.05:
            lines.append(f'{opener.name} said, "*** {ORDINALS.get(street, "7th")} STREET ***"')
    live = [p for p in table if p.folded is None]
    pot = sum(p.invested for p in table)
    showdown = len(live) > 1
    winner = live[0]
    if showdown:
        lines.append("*** SHOW DOWN ***")
        for index, player in enumerate(live):
            if index == 0 or player is hero or rng.random() < 0.5:
                lines.append(f"{player.name}: shows [{' '.join(_cards(player))}] (a hand)")
                player.shown = True
            else:
                lines.append(f"{player.name}: mucks hand ")
    winner.won = pot
    lines.append(f"{winner.name} collected {money(pot)} from pot")
    lines.append("*** SUMMARY ***")
    lines.append(f"Total pot {money(pot)} | Rake {money(0)}")
    if community:
        lines.append(f"Board [{community}]")
    for player in table:
        if player.shown:
            result = f"won ({money(pot)})" if player is winner else "lost"
            lines.append(f"Seat {player.seat}: {player.name} showed "
                         f"[{' '.join(_cards(player))}] and {result} with a hand")
        elif player.folded is not None:
            where = ORDINALS.get(player.folded, "River")
            lines.append(f"Seat {player.seat}: {player.name} folded on the {where} Street")
        elif player is winner:
            lines.append(f"Seat {player.seat}: {player.name} collected ({money(pot)})")
        else:
            lines.append(f"Seat {player.seat}: {player.name} mucked")
    return TrueHand(str(hand_id), game, table, community, last, showdown, pot,
                    "\n".join(lines) + "\n")


def make_file(rng: random.Random, hands: int, first_id: int = 300000000000,
              **options) -> list[TrueHand]:
    """``hands`` random hands of random games and table sizes (``options`` fix them)."""
    made = []
    for index in range(hands):
        kwargs = {"game": rng.choice(list(GAMES)), "players": rng.randint(2, 8),
                  "to_river": None, **options}
        made.append(make_hand(rng, first_id + index, **kwargs))
    return made


def write(path, hands: list[TrueHand]) -> None:
    with open(path, "w", encoding="utf-8", newline="\n") as stream:
        for hand in hands:
            stream.write(hand.text + "\n\n\n")
