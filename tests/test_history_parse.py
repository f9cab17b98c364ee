"""Reading PokerStars stud hand histories: every card, every amount, every broken hand."""

import random
import tracemalloc
from decimal import Decimal
from pathlib import Path

import pytest
from history_maker import make_file, write

from stud_odds.cards import format_card
from stud_odds.games import Game
from stud_odds.history import (
    HandHistory,
    HistoryError,
    HistoryReader,
    SkippedHand,
    lines,
    read,
)
from stud_odds.history.pokerstars import count_stud_hands

DATA = Path(__file__).parent / "data" / "histories"


def hands_of(name):
    return list(read(DATA / name))


def by_id(items):
    return {item.id: item for item in items}


def cards(ids):
    return " ".join(format_card(card) for card in ids)


def players(hand):
    """Each player as (seat, hole, upcards, river, shown, folded, all in, invested, won)."""
    return {
        p.name: (p.seat, cards(p.hole), cards(p.upcards),
                 None if p.river is None else format_card(p.river), p.shown, p.folded,
                 p.all_in, p.invested, p.won)
        for p in hand.players
    }


D = Decimal


def test_stud_cash_hand_to_showdown_card_by_card():
    hand = by_id(hands_of("stud_cash.txt"))["210000000001"]
    assert isinstance(hand, HandHistory)
    assert (hand.game, hand.stakes, hand.big_bet, hand.unit, hand.tournament, hand.table) == (
        Game.STUD, "$0.10/$0.20 USD", D("0.20"), "USD", None, "Alcyone II")
    assert (hand.hero, hand.last_street, hand.community, hand.showdown) == ("Hero", 7, None, True)
    assert (hand.pot, hand.rake, hand.line) == (D("3.70"), D("0.18"), 1)
    # names with dots, brackets, parentheses and accents, matched whole
    assert players(hand) == {
        "Hero": (1, "Ah Ad", "9c 5s 3c Ac", "9d", True, None, None, D("1.52"), D("3.52")),
        "Mr. Bean [NL]": (2, "", "Kc Kh 4h 6c", None, False, 6, None, D("0.52"), D(0)),
        "Jörg Müller": (3, "", "2d 8d", None, False, 4, None, D("0.12"), D(0)),
        "d.a.v.e": (5, "Ks 8s", "Qs Js Ts 2s", "7c", True, None, None, D("1.52"), D(0)),
        "Ana (Porto)": (7, "", "7h", None, False, 3, None, D("0.02"), D(0)),
    }
    assert [p.chips for p in hand.players] == [D(10), D("8.40"), D("5.25"), D("12.10"), D(3)]
    # the chips put in add up to the pot the summary states
    assert sum(p.invested for p in hand.players) == hand.pot


def test_hand_won_on_third_street_returns_the_uncalled_bet():
    hand = by_id(hands_of("stud_cash.txt"))["210000000002"]
    assert (hand.last_street, hand.showdown, hand.pot, hand.rake) == (3, False, D("0.20"), D(0))
    assert players(hand) == {
        "Hero": (1, "7s 2c", "Jd", None, False, None, None, D("0.07"), D("0.20")),
        "Mr. Bean [NL]": (2, "", "3h", None, False, 3, None, D("0.07"), D(0)),
        "Jörg Müller": (3, "", "Tc", None, False, 3, None, D("0.02"), D(0)),
        "d.a.v.e": (5, "", "9h", None, False, 3, None, D("0.02"), D(0)),
        "Ana (Porto)": (7, "", "4s", None, False, 3, None, D("0.02"), D(0)),
    }


def test_stud8_tournament_all_in_and_split_pot():
    (hand,) = hands_of("stud8_tournament.txt")
    assert (hand.id, hand.game, hand.stakes, hand.big_bet, hand.unit, hand.tournament) == (
        "29356803850", Game.STUD8, "60/120", D(120), "chips", "169962475")
    assert (hand.pot, hand.rake, hand.hero, hand.showdown) == (D(1465), D(0), "Hero", True)
    assert players(hand) == {
        "Player0": (1, "Ks 9s", "Kd Kc 8s 9d", "2d", True, None, None, D(525), D(733)),
        "Hero": (2, "As 2h", "3d 5h Jc Td", "Kh", True, None, 5, D(405), D(0)),
        "ZZ Top": (4, "5d 3h", "4c 6c 7c 8h", "Qd", True, None, None, D(525), D(732)),
        # sitting out, but dealt in: he posts, gets a card and folds
        "Player5": (6, "", "Qh", None, False, 3, None, D(10), D(0)),
    }


def test_razz_hero_folds_and_the_summary_shows_mucked_cards():
    (hand,) = hands_of("razz.txt")
    assert (hand.game, hand.stakes, hand.pot, hand.rake) == (
        Game.RAZZ, "$1/$2 USD", D("24.90"), D("1.20"))
    assert players(hand) == {
        # "mucks hand" at the showdown, "mucked [...]" in the summary: the cards count as shown
        "xX_Razzle_Xx": (1, "8h 9s", "3s 4d 7h Qs", "Tc", True, None, None, D("11.10"), D(0)),
        "Hero": (3, "9d Th", "2c Kd", None, False, 4, None, D("2.10"), D(0)),
        "Señor Low": (4, "2d 3c", "Ah 5c 8c 6s", "Jh", True, None, None, D("11.10"),
                      D("23.70")),
        "zed": (8, "", "Kc", None, False, 3, None, D("0.60"), D(0)),
    }


def test_community_river_card():
    (hand,) = hands_of("community_river.txt")
    assert (hand.last_street, format_card(hand.community), hand.pot) == (7, "6h", D("0.56"))
    seen = players(hand)
    assert seen["Hero"] == (1, "Ac Kc", "8c 9c 9d Th", None, False, 7, None, D("0.03"), D(0))
    # six cards shown: the shared card is not a player's own 7th-street card
    assert seen["Ben"] == (3, "7s Qs", "6c 7h 3s Qh", None, True, None, None, D("0.11"),
                           D("0.54"))
    assert seen["Dan"][1:5] == ("Kd Ks", "Jd 4h 9h 2s", None, True)
    assert seen["Eve"][1:5] == ("5s Ah", "2d 7c 6d 5h", None, True)
    assert seen["Gus"][1:5] == ("Jc 3h", "Kh 3d 8s 6s", None, True)
    for name in ("Ann", "Cat", "Fay"):
        assert seen[name][1] == "" and seen[name][5] == 7  # folded in 7th-street betting
    assert [p.name for p in hand.live(7)] == ["Hero", "Ann", "Ben", "Cat", "Dan", "Eve", "Fay",
                                               "Gus"]


def test_mixed_game_file_with_bom_and_crlf():
    data = (DATA / "mixed_horse.txt").read_bytes()
    assert data.startswith(b"\xef\xbb\xbf") and b"\r\n" in data
    items = hands_of("mixed_horse.txt")
    assert [(i.id, type(i).__name__, getattr(i, "stud", True)) for i in items] == [
        ("240000000001", "SkippedHand", False),
        ("240000000002", "HandHistory", True),
        ("240000000003", "SkippedHand", False),
        ("240000000004", "HandHistory", True),
    ]
    assert items[0].reason == "not a stud game: HORSE (Hold'em Limit, $2/$4 USD)"
    razz, stud = items[1], items[3]
    assert (razz.game, razz.stakes, razz.last_street, razz.showdown) == (
        Game.RAZZ, "$2/$4 USD", 5, False)
    assert players(razz) == {
        "Hero": (1, "As 2s", "3s Qd 7c", None, False, 5, None, D("6.20"), D(0)),
        "Bob": (3, "", "Kh", None, False, 3, None, D("1.20"), D(0)),
        "Carol": (5, "", "4d 5h 6d", None, False, None, None, D("6.20"), D(13)),
    }
    assert (stud.game, stud.pot, stud.rake) == (Game.STUD, D("42.60"), D(2))
    assert players(stud) == {
        "Hero": (1, "Jc Jd", "4s 9h 8c Js", "2d", True, None, None, D("20.20"), D("40.60")),
        "Bob": (3, "", "Th Tc Ks 5d", None, False, None, None, D("20.20"), D(0)),  # mucked
        "Carol": (5, "", "2h 3c", None, False, 4, None, D("2.20"), D(0)),
    }


def test_bom_and_crlf_change_nothing(tmp_path):
    plain = tmp_path / "plain.txt"
    plain.write_bytes((DATA / "mixed_horse.txt").read_bytes()[3:].replace(b"\r\n", b"\n"))
    def without_source(items):
        return [i.__class__(**{**i.__dict__, "source": ""}) for i in items]

    assert without_source(read(plain)) == without_source(read(DATA / "mixed_horse.txt"))
    # files pasted together keep their byte-order marks in the middle
    twice = tmp_path / "twice.txt"
    twice.write_bytes((DATA / "mixed_horse.txt").read_bytes() * 2)
    reader = HistoryReader(twice)
    assert len([i for i in reader if isinstance(i, HandHistory)]) == 4
    assert reader.lines_ignored == 0


def test_bad_hands_are_skipped_with_one_sentence_and_the_rest_goes_on():
    items = hands_of("bad_hands.txt")
    assert [i.id for i in items] == [f"26000000000{n}" for n in range(1, 8)]
    assert isinstance(items[0], HandHistory) and isinstance(items[-1], HandHistory)
    reasons = {i.id: i.reason for i in items if isinstance(i, SkippedHand)}
    assert reasons == {
        "260000000002": "line 41: 'of' is not a card: rank must be one of 2-9, T (or 10), J, "
                        "Q, K, A",
        "260000000003": "line 81: Jh is dealt to Hero and to Ben",
        "260000000004": "line 110: 5th street comes after 3rd street, out of order",
        "260000000005": "line 143: Ben's cards on 4th street do not match the cards dealt "
                        "before",
        "260000000006": "the hand is cut short during 5th street: it has no summary",
    }
    assert all(i.stud and i.game is Game.STUD for i in items if isinstance(i, SkippedHand))
    # the hand after the binary junk is read whole
    assert players(items[-1])["Hero"][1:3] == ("2c 2d", "2h 3h")


def hand_text(**changes):
    """A small good hand, with lines replaced: {old line: new line or None to drop}."""
    text = (DATA / "bad_hands.txt").read_text(encoding="utf-8", errors="replace")
    text = text[: text.index("\n\n")] + "\n"
    for old, new in changes.items():
        assert old in text, old
        text = text.replace(old, new)
    return text


@pytest.mark.parametrize("old, new, reason", [
    ("Dealt to Ben [Ts]\n", "Dealt to Ben [Ts]\nDealt to Ben [Td]\n",
     "line 13: Ben is dealt cards twice on 3rd street"),
    ("Dealt to Ben [Ts] [9s]\n", "Dealt to Ben [Ts] [9s] [8s]\n",
     "line 19: Ben's cards on 4th street do not match the cards dealt before"),
    ("Dealt to Ben [Ts] [9s]\n", "",
     "line 23: Ben is dealt no card on 4th street"),
    ("Dealt to Ben [Ts] [9s]\n", "Dealt to Ann [7d] [9s]\n",
     "line 19: Ann is dealt a card on 4th street after folding"),
    ("Dealt to Ben [Ts] [9s]\n", "Dealt to Nobody [Ts] [9s]\n",
     "line 19: cards are dealt to 'Nobody', who has no seat in the hand"),
    ("Dealt to Hero [Kh Qh 5c]\n", "Dealt to Hero [Kh Qh]\n",
     "line 10: Hero is dealt 2 cards on 3rd street: the file shows one upcard, or three "
     "cards to its owner"),
    ("Dealt to Hero [Kh Qh 5c]\n", "Dealt to Hero [Kh Qh 5c\n",
     "line 10: expected cards in brackets, found '[Kh Qh 5c'"),
    ("*** 3rd STREET ***\n", "*** FLOP *** [2c 3c 4c]\n",
     "line 9: '*** FLOP ***' is not a section of a stud hand"),
    ("*** SUMMARY ***\n", "*** SUMMARY ***\n*** 4th STREET ***\n",
     "line 25: 4th street comes after the summary, out of order"),
    ("Hero: bets 10\n", "Hero: bets lots\n", "line 20: 'lots' is not an amount of chips"),
    ("Seat 2: Ann (2000 in chips)\n", "Seat 2: Ann (2000 in chips)\nSeat 2: Ann (2000 in chips)\n",
     "line 5: seat 2 (Ann) is listed twice"),
    ("Total pot 26 | Rake 0\n", "", "the hand is cut short during the summary"),
])
def test_each_kind_of_broken_hand_has_its_sentence(tmp_path, old, new, reason):
    path = tmp_path / "hand.txt"
    path.write_text(hand_text(**{old: new}), encoding="utf-8")
    (item,) = read(path)
    if reason == "the hand is cut short during the summary":  # no Total line is fine
        assert isinstance(item, HandHistory) and item.pot == 26
        return
    assert isinstance(item, SkippedHand), item
    assert item.reason == reason
    assert "\n" not in item.reason


def test_showdown_that_contradicts_the_deal_is_caught(tmp_path):
    base = (DATA / "razz.txt").read_text(encoding="utf-8")
    cases = {
        "Señor Low: shows [2d 3c Ah 5c 8c 6s Jh]": "Señor Low: shows [2d 3c Ah 5c 8c 7s Jh]",
        "Seat 1: xX_Razzle_Xx mucked [8h 9s 3s 4d 7h Qs Tc]":
            "Seat 1: xX_Razzle_Xx mucked [8h 2d 3s 4d 7h Qs Tc]",
        "Seat 4: Señor Low showed [2d 3c Ah": "Seat 4: Señor Low showed [2d 4c Ah",
    }
    reasons = []
    for old, new in cases.items():
        path = tmp_path / "razz.txt"
        path.write_text(base.replace(old, new), encoding="utf-8")
        (item,) = read(path)
        reasons.append(item.reason)
    assert reasons == [
        "line 45: Señor Low shows 2d 3c Ah 5c 8c 7s Jh, which does not match the upcards dealt",
        "line 50: 2d is dealt to Señor Low and to xX_Razzle_Xx",
        "line 52: Señor Low shows the hole cards 2d 4c, not those dealt",
    ]


def test_other_games_and_unreadable_headers(tmp_path):
    path = tmp_path / "h.txt"
    path.write_text("junk before any hand\n"
                    "PokerStars Hand #12: Hold'em No Limit ($0.01/$0.02) - 2020/01/01 ET\n"
                    "Dealt to Hero [Ah Kh]\n\n"
                    "PokerStars Hand #x: 7 Card Stud Limit (1/2) - 2020/01/01 ET\n"
                    "*** 3rd STREET ***\n\n"
                    "PokerStars Tournament #5, Razz Limit\n", encoding="utf-8")
    reader = HistoryReader(path)
    items = list(reader)
    assert [(i.id, i.stud, i.reason) for i in items] == [
        ("12", False, "not a stud game: Hold'em No Limit ($0.01/$0.02)"),
        (None, True, "line 5: the header 'PokerStars Hand #x: 7 Card Stud Limit (1/2) - "
                     "2020/01/01 ET' cannot be read"),
    ]
    # the junk line, and a tournament-summary line that is no hand
    assert reader.lines_ignored == 1
    assert count_stud_hands(path) == 1


def test_a_missing_file_is_one_sentence(tmp_path):
    with pytest.raises(HistoryError, match=r"^cannot read .*nothing.txt: No such file"):
        list(read(tmp_path / "nothing.txt"))


def test_generated_hands_are_read_back_card_by_card(tmp_path):
    rng = random.Random(7)
    made = make_file(rng, 300) + make_file(rng, 50, first_id=1, tournament=True)
    path = tmp_path / "made.txt"
    write(path, made)
    read_back = list(read(path))
    assert count_stud_hands(path) == len(made) == len(read_back)
    for truth, hand in zip(made, read_back, strict=True):
        assert isinstance(hand, HandHistory), (hand, truth.text)
        assert (hand.id, hand.game.value, hand.last_street, hand.showdown) == (
            truth.id, truth.game, truth.last_street, truth.showdown)
        assert (None if hand.community is None else format_card(hand.community)) == \
            truth.community
        for true, player in zip(truth.players, hand.players, strict=True):
            known = true.name == "Hero" or true.shown
            assert (player.name, player.seat) == (true.name, true.seat)
            assert cards(player.hole) == (" ".join(true.hole) if known else "")
            assert cards(player.upcards) == " ".join(true.up)
            river = true.river if known else None
            assert (None if player.river is None else format_card(player.river)) == river
            assert (player.shown, player.folded) == (true.shown, true.folded)
        cents = Decimal(1) if hand.tournament else Decimal("0.01")  # the maker counts cents
        assert hand.pot == truth.pot * cents
        assert [p.invested for p in hand.players] == [p.invested * cents for p in truth.players]


class LazyJunk:
    """A file-like object of ``size`` junk bytes without a newline, then one hand, made as read."""

    def __init__(self, size: int, tail: bytes):
        self.left, self.tail, self.largest = size, tail, 0

    def read(self, n: int) -> bytes:
        self.largest = max(self.largest, n)
        if self.left > 0:
            step = min(n, self.left)
            self.left -= step
            return b"\x00\xfe" * (step // 2) + b"j" * (step % 2)
        tail, self.tail = self.tail[:n], self.tail[n:]
        return tail


def test_a_long_run_of_junk_is_streamed_in_bounded_memory(monkeypatch):
    # the parser never holds more than a chunk and a line, however long the junk runs
    hand = (DATA / "razz.txt").read_bytes()
    stream = LazyJunk(64 << 20, b"\n" + hand)
    tracemalloc.start()
    try:
        items = list(HistoryReader("junk")._hands(stream))
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert [i.id for i in items] == ["230000000001"] and isinstance(items[0], HandHistory)
    assert stream.largest == lines.CHUNK
    assert peak < 8 * lines.CHUNK  # 64 MB went through; a few MB at most were held


def test_over_long_lines_inside_a_file_are_dropped_and_counted(tmp_path, monkeypatch):
    monkeypatch.setattr(lines, "CHUNK", 64)
    monkeypatch.setattr(lines, "MAX_LINE", 100)
    path = tmp_path / "h.txt"
    hand = (DATA / "razz.txt").read_bytes()
    path.write_bytes(b"x" * 500 + b"\nshort junk\n" + hand + b"y" * 300)
    reader = HistoryReader(path)
    items = list(reader)
    assert [i.id for i in items] == ["230000000001"] and isinstance(items[0], HandHistory)
    assert reader.lines_ignored == 1  # "short junk"; the long run is dropped before
    assert items[0].line == 3  # line numbers still count the dropped line


def test_fuzzed_files_never_raise(tmp_path):
    # broken in every way at random: each hand is read or skipped with a sentence
    rng = random.Random(13)
    sources = [path.read_bytes() for path in sorted(DATA.glob("*.txt"))]
    path = tmp_path / "fuzz.txt"
    for _ in range(1000):
        data = bytearray(rng.choice(sources))
        for _ in range(rng.randint(1, 6)):
            kind = rng.randrange(5)
            at = rng.randrange(len(data))
            if kind == 0:  # flip a byte
                data[at] = rng.randrange(256)
            elif kind == 1:  # cut the file
                del data[at:]
            elif kind == 2:  # drop a run of bytes
                del data[at:at + rng.randint(1, 80)]
            elif kind == 3:  # duplicate a run
                data[at:at] = data[at:at + rng.randint(1, 200)]
            else:  # junk
                data[at:at] = bytes(rng.randrange(256) for _ in range(rng.randint(1, 40)))
            if not data:
                break
        path.write_bytes(bytes(data))
        for item in read(path):
            assert isinstance(item, HandHistory | SkippedHand)
            if isinstance(item, SkippedHand):
                assert item.reason and "\n" not in item.reason
                assert "could not be read (" not in item.reason, item.reason  # no internal error


MINIMAL_BODY = """Table 'T' 8-max
Seat 1: Hero (100 in chips)
Seat 2: Ann (100 in chips)
*** 3rd STREET ***
Dealt to Hero [Ah Kh 2c]
Dealt to Ann [3d]
Hero: brings in for 1
Ann: folds
Uncalled bet (1) returned to Hero
Hero collected 0 from pot
*** SUMMARY ***
Total pot 0 | Rake 0
"""


@pytest.mark.parametrize("header, expected", [
    ("PokerStars Zoom Hand #1: 7 Card Stud Limit ($0.10/$0.20) - 2020/01/01 1:00:00 ET",
     ("1", Game.STUD, "$0.10/$0.20", D("0.20"), "$", None)),
    ("PokerStars Home Game Hand #2: {Club #3311111} Tournament #28711, £5.00+£0.50 GBP Razz "
     "Limit - Level I (15/30) - 2020/01/01 01:01:01 WET [2020/01/01 01:01:01 ET]",
     ("2", Game.RAZZ, "15/30", D(30), "chips", "28711")),
    ("PokerStars Hand #3: Tournament #99, $9.80+$1.20 USD 8-Game (Razz Limit) - Level XX "
     "(400/800) - 2026/08/31 21:19:18 WET", ("3", Game.RAZZ, "400/800", D(800), "chips", "99")),
    ("PokerStars Hand #79306750218:  Triple Stud (7 Card Stud Limit, 4/8) - 2012/04/23 "
     "5:55:37 UTC [2012/04/23 1:55:37 ET]",
     ("79306750218", Game.STUD, "4/8", D(8), "chips", None)),
    ("PokerStars Game #29356803849: TOURNAMENT #169962475, $10+$1 7 CARD STUD HI/LO LIMIT - "
     "LEVEL I (25/50) - 2009/06/14 11:45:00 ET",
     ("29356803849", Game.STUD8, "25/50", D(50), "chips", "169962475")),
    ("PokerStars Hand #5:  7 Card Stud Hi/Lo Limit (€0.02/€0.04 EUR) - 2020/01/01 1:00:00 ET",
     ("5", Game.STUD8, "€0.02/€0.04 EUR", D("0.04"), "EUR", None)),
    ("PokerStars Hand #6:  HORSE (7 Card Stud Hi/Lo Limit, $1,000/$2,000 USD) - 2020/01/01 ET",
     ("6", Game.STUD8, "$1,000/$2,000 USD", D(2000), "USD", None)),
    ("PokerStars Hand #7:  Razz Limit - 2020/01/01 1:00:00 ET",
     ("7", Game.RAZZ, None, None, "chips", None)),
])
def test_headers_of_every_kind(tmp_path, header, expected):
    path = tmp_path / "h.txt"
    path.write_text(header + "\n" + MINIMAL_BODY, encoding="utf-8")
    (hand,) = read(path)
    assert isinstance(hand, HandHistory), hand
    assert (hand.id, hand.game, hand.stakes, hand.big_bet, hand.unit, hand.tournament) == \
        expected


def test_old_files_in_cp1252_are_read(tmp_path):
    path = tmp_path / "h.txt"
    text = (DATA / "razz.txt").read_text(encoding="utf-8")
    path.write_bytes(text.encode("cp1252"))
    (hand,) = read(path)
    assert "Señor Low" in [p.name for p in hand.players] and hand.players[2].won == D("23.70")


def test_the_reader_is_pure_python():
    # reading needs no numba, numpy or engine (the package's own __init__ aside)
    import ast

    import stud_odds.history as package

    folder = Path(package.__file__).parent
    reader = ["pokerstars.py", "hand_text.py", "hand_header.py", "hand_seats.py",
              "hand_streets.py", "hand_summary.py"]
    pure = ["lines.py", "model.py", "summary.py", "settings.py", *reader]
    allowed = {"stud_odds.cards", "stud_odds.checks", "stud_odds.errors", "stud_odds.games",
               "stud_odds.history.lines", "stud_odds.history.model",
               "stud_odds.history.summary", "stud_odds.scenario.table",  # the street structure
               "stud_odds.request.stop",  # pure: the one trials_needed()
               *(f"stud_odds.history.{name[:-3]}" for name in reader)}
    for name in pure:
        tree = ast.parse((folder / name).read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                modules = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                modules = [node.module or ""]
            else:
                continue
            for module in modules:
                assert not module.startswith(("numba", "numpy")), (name, module)
                if module.startswith("stud_odds"):
                    assert module in allowed, (name, module)


def test_reading_loads_no_numba_numpy_or_engine():
    import subprocess
    import sys

    code = ("import sys\nfrom stud_odds.history import read\n"
            f"items = list(read({str(DATA / 'razz.txt')!r}))\n"
            "print(len(items), [m for m in ('numba', 'numpy', 'stud_odds.engine') "
            "if m in sys.modules])")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True)
    assert done.stdout.split("\n")[0] == "1 []"


@pytest.mark.parametrize("description, name", [
    ("Hold'em No Limit ($0.01/$0.02 USD)", "Hold'em No Limit"),
    ("HORSE (Omaha Hi/Lo Limit, $2/$4 USD)", "Omaha Hi/Lo Limit"),
    ("Tournament #123, $1+$0.10 USD Hold'em No Limit", "Hold'em No Limit"),
    ("Omaha Pot Limit", "Omaha Pot Limit"),
])
def test_another_games_hand_is_named(description, name):
    from stud_odds.history.hand_header import game_name

    assert game_name(description) == name


def test_the_readers_parts_import_one_way():
    # pokerstars (the file, cut into hands) <- hand_summary <- hand_streets <- hand_seats
    # <- hand_text, and hand_header <- hand_text: no part imports one after it
    import ast

    import stud_odds.history as package

    folder = Path(package.__file__).parent
    order = ["hand_text", "hand_header", "hand_seats", "hand_streets", "hand_summary",
             "pokerstars"]
    for rank, name in enumerate(order):
        tree = ast.parse((folder / f"{name}.py").read_text(encoding="utf-8"))
        imported = {node.module.rsplit(".", 1)[-1] for node in ast.walk(tree)
                    if isinstance(node, ast.ImportFrom) and node.module
                    and node.module.startswith("stud_odds.history.")}
        assert not imported & set(order[rank:]), (name, imported)


def test_a_mixed_file_names_the_games_it_passes_over():
    from stud_odds.history.pokerstars import read

    skipped = [item for item in read(DATA / "mixed_horse.txt")
               if isinstance(item, SkippedHand) and not item.stud]
    assert sorted(item.other_game for item in skipped) == ["Hold'em Limit", "Omaha Hi/Lo Limit"]
