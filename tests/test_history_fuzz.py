"""Seeded damage to hand-history files: every hand whose header is there is accounted for
(replayed, skipped with a clean reason, or passed over), and the counts add up."""

import json
import random
import re

import pytest
from history_maker import make_file

from stud_odds.history import HandHistory, SkippedHand, read

CONTROLS = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")
JUNK = "abcXYZ019 ,.;:-_()[]$"  # junk never holds a header, a quote or a line end


def _damage(rng: random.Random, texts: list[str]) -> tuple[bytes, list[str]]:
    """The hands' texts joined with seeded damage, and the ids of the hands in the result.

    Every header line is left whole: what is damaged is what lies around it.
    """
    hands = list(texts)
    for _ in range(rng.randint(0, 3)):  # repeated hands (a file given twice, pasted files)
        hands.insert(rng.randrange(len(hands) + 1), rng.choice(texts))
    ids = [re.match(r"PokerStars Hand #(\d+)", text).group(1) for text in hands]
    pieces = []
    for text in hands:
        lines = text.rstrip("\n").split("\n")
        header, body = lines[0], lines[1:]
        for _ in range(rng.randint(0, 2)):  # NUL runs inside lines of the hand
            at = rng.randrange(len(body))
            cut = rng.randrange(len(body[at]) + 1)
            body[at] = body[at][:cut] + "\x00" * rng.randint(1, 40) + body[at][cut:]
        kind = rng.random()
        if kind < 0.15:  # a crash: the hand cut mid-line, NULs, the next hand on that line
            last = body.pop()
            body.append(last[: rng.randrange(len(last) + 1)] + "\x00" * rng.randint(0, 500))
            ending = ""
        elif kind < 0.25:  # a hand cut at a line end (the rest lost)
            body = body[: rng.randrange(len(body) + 1)]
            ending = "\n"
        else:
            ending = "\n" * rng.randint(1, 3)
        prefix = ""
        if rng.random() < 0.2:  # junk or spaces before the header
            prefix = "".join(rng.choice(JUNK) for _ in range(rng.randint(1, 30)))
        pieces.append(prefix + "\n".join([header, *body]) + ending)
    text = "".join(pieces)
    line_end = rng.choice(["\n", "\r\n", "\r", "mixed"])
    if line_end == "mixed":
        text = re.sub("\n", lambda _: rng.choice(["\n", "\r\n", "\r"]), text)
    else:
        text = text.replace("\n", line_end)
    encoding = rng.choice(["utf-8", "utf-8-sig", "cp1252"])
    return text.encode(encoding), ids


@pytest.mark.parametrize("seed", range(40))
def test_every_hand_of_a_damaged_file_is_accounted_for(tmp_path, seed):
    rng = random.Random(seed)
    made = make_file(rng, rng.randint(1, 8))
    data, ids = _damage(rng, [hand.text for hand in made])
    path = tmp_path / "damaged.txt"
    path.write_bytes(data)
    items = list(read(path))
    assert [item.id for item in items] == ids  # every hand, in order, none twice
    for item in items:
        assert isinstance(item, HandHistory) or (isinstance(item, SkippedHand) and item.stud)
        if isinstance(item, SkippedHand):
            assert item.reason and not CONTROLS.search(item.reason), item.reason


@pytest.mark.parametrize("seed", [100, 101])
def test_a_run_over_damaged_files_counts_every_hand_once(tmp_path, seed):
    from stud_odds.history.running import run

    rng = random.Random(seed)
    paths, ids = [], []
    for number in range(2):
        made = make_file(rng, 5, first_id=400000000000 + 1000 * number, to_river=2)
        data, file_ids = _damage(rng, [hand.text for hand in made])
        paths.append(tmp_path / f"f{number}.txt")
        paths[-1].write_bytes(data)
        ids += file_ids
    paths.append(paths[0])  # the same file twice
    ids += ids[: len(ids) - len(file_ids)]
    out = tmp_path / "out.jsonl"
    summary = run(paths, out=out, precision=10)
    records = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert [record["id"] for record in records] == ids
    assert summary.stud_hands == summary.replayed + len(summary.skipped) == len(ids)
    assert sum(record["skipped"] is not None for record in records) == len(summary.skipped)
    assert all(not CONTROLS.search(reason) for _, _, reason in summary.skipped)
    # resumed from any whole-line cut, the file ends as it was
    whole = out.read_bytes()
    cut = rng.randrange(whole.count(b"\n") + 1)
    out.write_bytes(b"".join(whole.splitlines(keepends=True)[:cut]))
    again = run(paths, out=out, resume=True, precision=10)
    assert out.read_bytes() == whole
    assert again.resumed == cut and again.resumed + again.stud_hands == len(ids)
