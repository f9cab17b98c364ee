"""Range terms: what each one allows, counted by hand in the comments, and how they combine."""

import numpy as np
import pytest

from stud_odds.cards import format_card, parse_cards
from stud_odds.errors import StudOddsError
from stud_odds.ranges import Combos, Range, RangeError


def combos(text: str, upcards: str = "", dead: str = "") -> Combos:
    return Range.parse(text).combos(dead, upcards=upcards)


def labels(found: Combos) -> set[str]:
    return {format_card(a) + format_card(b) for a, b, _ in found}


def pairs_of(text: str) -> set[str]:
    """Card pairs written as in ``labels``: lower card id first."""
    out = set()
    for pair in text.split():
        a, b = sorted(parse_cards(pair))
        out.add(format_card(a) + format_card(b))
    return out


# -- every term, counted by hand ------------------------------------------------------------

COUNTS = [
    # rank pairs of the two hole cards (no upcards: rank terms look at none)
    ("AK", "", "", 16),  # 4 aces x 4 kings
    ("ak", "", "", 16),  # any case
    ("KA", "", "", 16),  # either order
    ("AK", "", "As", 12),  # 3 aces x 4 kings
    ("AKs", "", "", 4),  # one per suit
    ("AKo", "", "", 12),  # 16 - 4 suited
    ("QQ", "", "", 6),  # C(4,2)
    ("QQ+", "", "", 18),  # QQ, KK, AA: 3 x 6
    ("66-99", "", "", 24),  # 66, 77, 88, 99: 4 x 6
    ("99-66", "", "", 24),  # the same span written downwards
    ("1010", "", "", 6),  # 10 is a ten: TT
    ("AT+", "", "", 64),  # AT, AJ, AQ, AK: 4 x 16
    ("ATs+", "", "", 16),  # 4 x 4
    ("Ax", "", "", 198),  # C(52,2) - C(48,2) = 1326 - 1128 pairs hold an ace
    ("Ax", "", "Ah", 147),  # C(51,2) - C(48,2) = 1275 - 1128
    ("A2-A5", "", "", 64),  # A2, A3, A4, A5: 4 x 16
    ("A5-A2", "", "", 64),
    ("A2s-A5s", "", "", 16),  # 4 x 4
    ("A2o-A5o", "", "", 48),  # 4 x 12
    ("AsKd", "", "", 1),
    ("KdAs", "", "", 1),
    ("xx", "", "", 1326),  # every pair: C(52,2)
    ("random", "Ah", "", 1275),  # C(51,2): the upcard is not a hole card
    # shapes of the three-card start, door 7c
    ("buried", "7c", "", 72),  # 12 ranks other than 7 x C(4,2)
    ("split", "7c", "", 144),  # one of 7d 7h 7s x 48 cards not a seven
    ("trips", "7c", "", 3),  # C(3,2) of 7d 7h 7s
    ("pair", "7c", "", 219),  # 72 + 144 + 3
    ("pair9+", "7c", "", 36),  # buried 99, TT, JJ, QQ, KK, AA: 6 x 6; the split sevens are low
    ("pair9+", "Qc", "", 177),  # buried 9 T J K A: 5 x 6 = 30, split Q 3 x 48 = 144, trips 3
    ("pairQ", "7c", "", 6),  # buried QQ
    ("pair6-8", "7c", "", 159),  # buried 66 and 88: 12, split sevens 144, trips 3
    ("buried9+", "Qc", "", 30),
    ("splitQ+", "Qc", "", 144),
    ("3flush", "Ah", "", 66),  # C(12,2) other hearts
    # 3straight with door 7c: rank pairs {a,b} not 7 fitting one five-rank window with 7:
    # both of 3456: C(4,2) = 6; both of 89TJ: 6; one each with b - a <= 4: 48, 58 59, 68 69 6T: 6
    # -> 18 rank pairs x 16 = 288
    ("3straight", "7c", "", 288),
    # door Ac: 2345 (ace low, C(4,2) = 6) or TJQK (ace high, 6): 12 x 16 = 192
    ("3straight", "Ac", "", 192),
    ("3low", "7c", "", 336),  # two ranks of A 2 3 4 5 6 8: C(7,2) = 21 x 16
    ("3low7", "7c", "", 240),  # two ranks of A 2 3 4 5 6: C(6,2) = 15 x 16
    ("3low", "Ac", "", 336),  # the ace is low: two ranks of 2..8, C(7,2) x 16
    ("3lowK", "Kc", "", 1056),  # two ranks of A..Q: C(12,2) = 66 x 16
    # four-card shapes: hole cards with the first two upcards
    ("4flush", "Ah 7h", "", 55),  # C(11,2) other hearts
    ("4flush", "Ah 7h 2h", "", 45),  # the 2h is the player's upcard too: C(10,2)
    # 4straight with 7c 8d: windows 4-8 5-9 6-T 7-J give 45 46 56 59 69 6T 9T 9J TJ: 9 x 16
    ("4straight", "7c 8d", "", 144),
    ("4straight", "Ac 2d", "", 48),  # 34 35 45 with A2 (ace low): 3 x 16
    ("4low", "2c 5d", "", 240),  # two ranks of A 3 4 6 7 8: C(6,2) = 15 x 16
    ("4low6", "2c 5d", "", 96),  # two ranks of A 3 4 6: C(4,2) = 6 x 16
    ("4low", "2c 2d", "", 0),  # a pair showing is no low
]


@pytest.mark.parametrize("text, upcards, dead, count", COUNTS)
def test_term_counts(text, upcards, dead, count):
    if count == 0:
        with pytest.raises(RangeError, match=r"allows no hole cards"):
            combos(text, upcards, dead)
        return
    found = combos(text, upcards, dead)
    assert found.count == len(found) == count
    assert found.total_weight == count
    assert np.all(found.first < found.second)
    seen = set(parse_cards(upcards + " " + dead))
    assert not seen & (set(found.first.tolist()) | set(found.second.tolist()))


@pytest.mark.parametrize(
    "text, upcards, dead, expected",
    [
        ("trips", "7c", "", "7d7h 7d7s 7h7s"),
        ("trips", "7c", "7d", "7h7s"),
        ("AKs", "", "As", "AcKc AdKd AhKh"),
        ("QQ+", "", "Qc Qd Kc Kd Kh As Ah Ad", "QhQs"),
        ("AsKd", "2c", "", "AsKd"),
        ("3flush", "Ah", "2h 3h 4h 5h 6h 7h 8h 9h Th", "JhQh JhKh QhKh"),
        ("4flush", "Ah Kh", "2h 3h 4h 5h 6h 7h 8h 9h", "ThJh ThQh JhQh"),
        # 4low5 with A2 showing: the hole cards are two of 3, 4, 5 (3 rank pairs x 16)
        ("4low5", "Ac 2d", "3c 3d 3h 4c 4d 4h 5c 5d 5h", "3s4s 3s5s 4s5s"),
        # buried below the door only, with two sevens and every pair but 22 and 33 blocked
        ("buried2-3", "7c", "", "2c2d 2c2h 2c2s 2d2h 2d2s 2h2s 3c3d 3c3h 3c3s 3d3h 3d3s 3h3s"),
        ("split", "7c", " ".join(f"{r}{s}" for r in "23456789TJQKA" if r != "7" for s in "cdh"),
         "7d2s 7h2s 7s2s 7d3s 7h3s 7s3s 7d4s 7h4s 7s4s 7d5s 7h5s 7s5s 7d6s 7h6s 7s6s "
         "7d8s 7h8s 7s8s 7d9s 7h9s 7s9s 7dTs 7hTs 7sTs 7dJs 7hJs 7sJs 7dQs 7hQs 7sQs "
         "7dKs 7hKs 7sKs 7dAs 7hAs 7sAs"),
    ],
)
def test_listed_combos(text, upcards, dead, expected):
    assert labels(combos(text, upcards, dead)) == pairs_of(expected)


# -- combining terms ------------------------------------------------------------------------

COMBINED = [
    # spaces: every term must hold.  Ax with door 7c: 4 x 47 + AA 6 = 194 pairs without 7c;
    # !pair drops AA (6) and the split sevens A7 (4 aces x 7d 7h 7s = 12): 176
    ("Ax !pair", "7c", 176, 176),
    ("3low !pair", "4h", 336, 336),  # a low is never paired: 3low alone, C(7,2) x 16
    ("AK QQ", "", 0, 0),  # nothing is both
    # a group of exclusions only removes from the whole range: QQ+ less AA
    ("QQ+, !AA", "", 12, 12),
    ("QQ+ !AA", "", 12, 12),
    ("!pair", "7c", 1056, 1056),  # every pair of hole cards, C(51,2) = 1275, less 219 pairs
    # C(12,2) = 66 club flushes with 7c, none of them paired: 1275 - 219 - 66
    ("!pair, !3flush", "7c", 990, 990),
    ("!pair !3flush", "7c", 990, 990),
    # weights: the largest wins where terms overlap, the smallest inside a group
    ("QQ+@0.5, KK", "", 18, 6 * 0.5 + 6 + 6 * 0.5),
    ("QQ+ AA@0.25", "", 6, 6 * 0.25),
    ("AK@0, QQ", "", 6, 6),  # weight 0 drops AK
    ("xx@0.1, QQ+", "", 1326, (1326 - 18) * 0.1 + 18),
    ("QQ+@0.5, !KK", "", 12, 6),  # exclusions beat weights
    # door 9c: 219 pairs (as with 7c), 177 of them nines or better (buried TT-AA 30, split
    # nines 144, trips 3), and C(12,2) = 66 club flushes
    ("pair9+@0.75, 3flush@0.5, pair@0.25", "9c", 219 + 66, 177 * 0.75 + 42 * 0.25 + 66 * 0.5),
    ("pair9+@0.75, pair", "9c", 219, 219),  # pair's weight 1 is the largest
]


@pytest.mark.parametrize("text, upcards, count, weight", COMBINED)
def test_combined_terms(text, upcards, count, weight):
    if count == 0:
        with pytest.raises(RangeError, match="a space between terms means 'and'"):
            combos(text, upcards)
        return
    found = combos(text, upcards)
    assert found.count == count
    assert found.total_weight == pytest.approx(weight, abs=1e-9)


def test_weights_per_pair():
    found = combos("QQ+@0.5, KK@0.75, AsAh")
    weights = {format_card(a) + format_card(b): w for a, b, w in found}
    assert weights["QcQd"] == 0.5
    assert weights["KcKd"] == 0.75
    assert weights["AhAs"] == 1.0
    assert weights["AcAd"] == 0.5


def test_combos_are_ordered_read_only_int64_arrays():
    found = combos("QQ+, AK, 3flush@0.5", "Ah", "Kd 2h")
    assert found.first.dtype == found.second.dtype == np.int64
    assert found.weight.dtype == np.float64
    order = found.first * 52 + found.second
    assert np.all(np.diff(order) > 0)
    with pytest.raises(ValueError):
        found.weight[0] = 2.0
    assert list(found)[0] == (int(found.first[0]), int(found.second[0]), float(found.weight[0]))


def test_cards_as_ids_or_text():
    by_text = combos("QQ+, 3flush", "Ah", "Qs Kd")
    by_ids = Range.parse("QQ+, 3flush").combos(
        [parse_cards("Qs")[0], "Kd"], upcards=parse_cards("Ah"))
    assert labels(by_text) == labels(by_ids)


# -- reading ranges -------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text, normal",
    [
        ("qq+, ak, 3FLUSH", "QQ+, AK, 3flush"),
        ("[KA]", "AK"),
        ("  [ a10s+ ,  pair10+ ]  ", "ATs+, pairT+"),
        ("A5s-A2s", "A2s-A5s"),
        ("99-66", "66-99"),
        ("3low8, 4low8", "3low8, 4low8"),
        ("QQ+@.5", "QQ+@0.5"),
        ("AK@1.0, AQ@0", "AK, AQ@0.0"),
        ("xx !AsKd", "xx !AsKd"),
        ("Random", "random"),
        ("pair6-9 buried9-6", "pair6-9 buried6-9"),
        ("trips9-9", "trips9"),
    ],
)
def test_normal_form(text, normal):
    parsed = Range.parse(text)
    assert str(parsed) == normal
    assert Range.parse(normal) == parsed


def test_explicit_low_bound_equals_the_default():
    assert Range.parse("3low8, 4low8") == Range.parse("3low, 4low")


def test_equal_ranges_are_equal_and_hashable():
    assert Range.parse("AK, QQ") == Range.parse("ak,qq")
    assert Range.parse("AK, QQ") != Range.parse("QQ, AK")  # the same combos, other text
    assert len({Range.parse("AK"), Range.parse("KA")}) == 1


BAD_TERMS = [
    ("AKx", 1, "is not a range term: use rank pairs"),
    ("QQ+, AK, 3flsh", 10, "is not a range term"),
    ("QQs", 1, "a pair, which is never suited or offsuit: write QQ"),
    ("QQo+", 1, "write QQ+"),
    ("A2s-A5", 1, "a suited or offsuit mark on one end only"),
    ("KQ-JT", 1, "is not a span"),
    ("A2-AA", 1, "is not a span"),
    ("AsAs", 1, "names the same card twice"),
    ("AK !QQ@0.5", 4, "puts a weight on an exclusion"),
    ("AK@1.5", 1, "has weight 1.5: weights run from 0 to 1"),
    ("AK@-1", 1, "which is not a number from 0 to 1"),
    ("AK@nan", 1, "which is not a number"),
    ("AK@1_0", 1, "which is not a number"),
    ("AK@", 1, "has weight '', which is not a number"),
    ("AK@0.5@0.5", 1, "more than one weight"),
    ("!pair@1", 1, "puts a weight on an exclusion"),
    ("@0.5", 1, "has no term before its weight"),
    ("!", 1, "has no term after '!'"),
    ("!!AK", 1, "is not a range term"),
    ("AK, !xx", 5, "excludes every hand"),
    ("3lowA", 1, "below A-2-3, the lowest there is"),
    ("4low3", 1, "below A-2-3-4"),
    ("3flushK", 1, "has a rank bound, which only pairs and lows take"),
    ("pair9-", 1, "is not a range term"),
    ("[QQ+]x", 1, "is not a range term"),
]


@pytest.mark.parametrize("text, position, problem", BAD_TERMS)
def test_bad_terms_name_term_and_position(text, position, problem):
    with pytest.raises(RangeError) as caught:
        Range.parse(text)
    message = str(caught.value)
    assert f"at character {position} of the range" in message
    assert problem in message
    assert "\n" not in message
    assert isinstance(caught.value, StudOddsError)


@pytest.mark.parametrize(
    "text, message",
    [
        ("", "the range is empty"),
        ("[ ]", "the range is empty"),
        ("AK,,QQ", "empty group next to the comma at character 3"),
        ("AK, ", "empty group next to the comma at character 3"),
        (",AK", "empty group next to the comma at character 1"),
        (5, "a range is text"),
    ],
)
def test_empty_and_odd_ranges(text, message):
    with pytest.raises(RangeError, match=message):
        Range.parse(text)


def test_positions_count_from_the_offset():
    with pytest.raises(RangeError, match="'AKx' at character 13 of the range"):
        Range.parse("QQ+, AKx", offset=7)
    with pytest.raises(RangeError, match="'AKx' at character 9 of the range"):
        Range.parse("  [QQ+, AKx]")


@pytest.mark.parametrize(
    "text, needed", [("AK, QQ+, Ax, AsKd, xx", 0), ("AK, pair", 1), ("3low, 4flush@0.5", 2)]
)
def test_upcards_needed(text, needed):
    assert Range.parse(text).upcards_needed == needed


@pytest.mark.parametrize(
    "text, upcards, message",
    [
        ("pair", "", "'pair' at character 1 of the range describes the hole cards with the "
                     "door card, but no upcard is given"),
        ("AK, 4low", "2c", "'4low' at character 5 of the range describes the hole cards with "
                           "the first two upcards \\(door and fourth\\), but only the door"),
        ("AK", "2c 3c 4c 5c 6c", "not a stud player's upcards"),
        ("AK", "2c 2c", "not a stud player's upcards"),
        ("AK", "2c x", "the upcards: 'x' is not allowed here"),
        ("AK", [99], "the upcards: 99 is not a card id"),
    ],
)
def test_bad_upcards(text, upcards, message):
    with pytest.raises(RangeError, match=message):
        Range.parse(text).combos(upcards=upcards)


def test_bad_dead_cards():
    with pytest.raises(RangeError, match="the dead cards: 'Zz' is not a card"):
        Range.parse("AK").combos("Zz")
    with pytest.raises(RangeError, match="the dead cards: give card text"):
        Range.parse("AK").combos(7)


def test_empty_after_card_removal_names_the_cards():
    with pytest.raises(RangeError, match=r"the range \[trips\] allows no hole cards with the "
                                         r"upcards 7c: every pair it allows holds a card "
                                         r"already seen \(7d 7h\)"):
        combos("trips", "7c", "7d 7h 2c")
