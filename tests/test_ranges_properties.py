"""Range laws checked on random ranges and cards: each term against a plain-Python reading
of its definition, unions and intersections of weights, exclusions, and card removal."""

from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from stud_odds.ranges import Range, RangeError

ACE = 12


def _low(rank: int) -> int:
    return 1 if rank == ACE else rank + 2


def _fits_window(ranks: list[int]) -> bool:
    lows = [_low(r) for r in ranks]
    return len(set(ranks)) == len(ranks) and (
        max(ranks) - min(ranks) <= 4 or max(lows) - min(lows) <= 4)


def _paired(kind: str, low: int = 0, high: int = ACE):
    def holds(a: int, b: int, up: tuple[int, ...]) -> bool:
        r1, r2, door = a >> 2, b >> 2, up[0] >> 2
        matches = (r1 == door) + (r2 == door)
        shape = {
            "buried": r1 == r2 != door,
            "split": matches == 1,
            "trips": matches == 2,
            "pair": r1 == r2 or matches > 0,
        }[kind]
        rank = r1 if r1 == r2 else door
        return shape and low <= rank <= high
    return holds


def _cards(size: int, a: int, b: int, up: tuple[int, ...]) -> list[int]:
    return [a, b, *up[:size - 2]]


def _flush(size: int):
    return lambda a, b, up: len({c & 3 for c in _cards(size, a, b, up)}) == 1


def _straight(size: int):
    return lambda a, b, up: _fits_window([c >> 2 for c in _cards(size, a, b, up)])


def _lowest(size: int, top: int):
    def holds(a: int, b: int, up: tuple[int, ...]) -> bool:
        ranks = [c >> 2 for c in _cards(size, a, b, up)]
        return len(set(ranks)) == size and all(_low(r) <= top for r in ranks)
    return holds


def _ranks(*pairs: tuple[int, int], suited: bool | None = None):
    wanted = {frozenset(p) for p in pairs}

    def holds(a: int, b: int, up: tuple[int, ...]) -> bool:
        same_suit = (a & 3) == (b & 3)
        return frozenset((a >> 2, b >> 2)) in wanted and suited in (None, same_suit)
    return holds


A, K, Q, T = 12, 11, 10, 8
REFERENCE = {
    "AK": _ranks((A, K)),
    "AKs": _ranks((A, K), suited=True),
    "AKo": _ranks((A, K), suited=False),
    "QQ": _ranks((Q, Q)),
    "QQ+": _ranks((Q, Q), (K, K), (A, A)),
    "66-99": _ranks(*((r, r) for r in range(4, 8))),
    "AT+": _ranks(*((A, r) for r in range(T, A))),
    "A2-A5": _ranks(*((A, r) for r in range(0, 4))),
    "A2s-A5s": _ranks(*((A, r) for r in range(0, 4)), suited=True),
    "Ax": lambda a, b, up: ACE in (a >> 2, b >> 2),
    "AsKd": lambda a, b, up: {a, b} == {51, 45},
    "xx": lambda a, b, up: True,
    "pair": _paired("pair"),
    "buried": _paired("buried"),
    "split": _paired("split"),
    "trips": _paired("trips"),
    "pair9+": _paired("pair", 7),
    "pairQ": _paired("pair", Q, Q),
    "buried4-8": _paired("buried", 2, 6),
    "split9+": _paired("split", 7),
    "3flush": _flush(3),
    "3straight": _straight(3),
    "3low": _lowest(3, 8),
    "3low6": _lowest(3, 6),
    "4flush": _flush(4),
    "4straight": _straight(4),
    "4low": _lowest(4, 8),
    "4low7": _lowest(4, 7),
}
TERMS = sorted(REFERENCE)
PAIRS = list(combinations(range(52), 2))

upcards = st.lists(st.integers(0, 51), min_size=2, max_size=4, unique=True).map(tuple)
weights = st.sampled_from([1.0, 0.75, 0.5, 0.25, 0.1, 0.0])
terms = st.sampled_from(TERMS)
exclusions = st.sampled_from([term for term in TERMS if term != "xx"])  # !xx is refused


def weight_map(text: str, up: tuple[int, ...], dead: tuple[int, ...] = ()) -> dict:
    """Pair -> weight of what the range allows; empty when it allows nothing."""
    try:
        found = Range.parse(text).combos(dead, upcards=up)
    except RangeError as error:
        assert "allows no hole cards" in str(error)
        return {}
    return {(a, b): w for a, b, w in found}


def weighted(term: str, weight: float) -> str:
    return term if weight == 1 else f"{term}@{weight}"


@settings(max_examples=200, deadline=None)
@given(terms, upcards)
def test_each_term_matches_its_definition(term, up):
    expected = {(a, b) for a, b in PAIRS
                if a not in up and b not in up and REFERENCE[term](a, b, up)}
    assert set(weight_map(term, up)) == expected


@settings(max_examples=60, deadline=None)
@given(terms, weights, terms, weights, upcards)
def test_commas_take_the_largest_weight_spaces_the_smallest(t1, w1, t2, w2, up):
    first, second = weight_map(weighted(t1, w1), up), weight_map(weighted(t2, w2), up)
    union = weight_map(f"{weighted(t1, w1)}, {weighted(t2, w2)}", up)
    both = weight_map(f"{weighted(t1, w1)} {weighted(t2, w2)}", up)
    pairs = set(first) | set(second)
    assert union == {p: max(first.get(p, 0), second.get(p, 0)) for p in pairs}
    assert both == {p: min(first[p], second[p]) for p in set(first) & set(second)}
    assert union == weight_map(f"{weighted(t2, w2)}, {weighted(t1, w1)}", up)
    assert both == weight_map(f"{weighted(t2, w2)} {weighted(t1, w1)}", up)


@settings(max_examples=60, deadline=None)
@given(terms, weights, exclusions, exclusions, upcards)
def test_exclusions_remove_from_the_whole_range(kept, weight, dropped, other, up):
    keep = weight_map(weighted(kept, weight), up)
    gone = set(weight_map(dropped, up)) | set(weight_map(other, up))
    expected = {p: w for p, w in keep.items() if p not in gone}
    assert weight_map(f"{weighted(kept, weight)} !{dropped} !{other}", up) == expected
    assert weight_map(f"{weighted(kept, weight)}, !{dropped}, !{other}", up) == expected
    assert weight_map(f"!{dropped} !{other}", up) == weight_map(f"!{dropped}, !{other}", up)
    assert weight_map(f"!{dropped}", up) == weight_map(f"xx !{dropped}", up)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(terms, weights), min_size=1, max_size=4), upcards,
       st.lists(st.integers(0, 51), max_size=20, unique=True).map(tuple))
def test_card_removal_only_filters(parts, up, dead):
    text = ", ".join(weighted(term, weight) for term, weight in parts)
    whole = weight_map(text, up)
    blocked = set(dead)
    assert weight_map(text, up, dead) == {
        (a, b): w for (a, b), w in whole.items() if a not in blocked and b not in blocked}


@settings(max_examples=60, deadline=None)
@given(st.lists(st.lists(st.tuples(st.booleans(), terms, weights), min_size=1, max_size=3),
                min_size=1, max_size=3), upcards)
def test_normal_form_reads_back_the_same(groups, up):
    text = ", ".join(
        " ".join(f"!{term}" if negated and term != "xx" else weighted(term, weight)
                 for negated, term, weight in group)
        for group in groups)
    parsed = Range.parse(text)
    assert Range.parse(str(parsed)) == parsed
    assert weight_map(str(parsed), up) == weight_map(text, up)
