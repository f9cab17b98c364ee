"""My hands (serve --db) in a real Chromium, on a desktop (1280x800) and a phone (390x844):
one total for several files dropped at once, whose stats they are with every column in
view, the luck charts a tracker draws (axes with figures, both lines visible, a chart per
unit, big bets or money), an empty database that says to drop files here, and axe-core.
One server and one browser for the module; screenshots under the test's tmp folder."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

pytestmark = pytest.mark.browser

pytest.importorskip("uvicorn")
pytest.importorskip("playwright")
from history_maker import make_file, write  # noqa: E402
from typer.testing import CliRunner  # noqa: E402
from web_helpers import chromium, running_server  # noqa: E402

from stud_odds.cli import app as cli  # noqa: E402

DATA = Path(__file__).parent / "data"
VIEWPORTS = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}


def _all_in_copies(count: int) -> str:
    """The stud8 cash fixture's hand (Hero all in on 5th street with 20%, and losing),
    again under other numbers and times: the all-in adjusted line leaves the won line."""
    text = (DATA / "player" / "stud8_cash.txt").read_text(encoding="utf-8")
    return "".join(text.replace("300000000001", f"3000000001{n:02d}")
                   .replace("2024/03/09 21:00:00", f"2024/03/{10 + n:02d} 21:00:00")
                   for n in range(count))


@pytest.fixture(scope="module")
def files(tmp_path_factory) -> list[Path]:
    """Ten files as a player has them: random stud, stud8 and razz hands at $0.10/$0.20,
    the fixtures ("$" and "USD" headers, a tournament, play money, a $400/$800 hand, bad
    hands, other games), all-in hands, and a file that is not a hand history."""
    folder = tmp_path_factory.mktemp("HandHistory")
    made = folder / "HH20240202 Alcyone II - 7 Card Stud Limit.txt"
    write(made, make_file(random.Random(38), 160, first_id=310000000000, players=6))
    (folder / "all-ins.txt").write_text(_all_in_copies(6), encoding="utf-8")
    (folder / "notes.txt").write_text("my notes on the game\n", encoding="utf-8")
    fixtures = [DATA / "histories" / name for name in (
        "stud_cash.txt", "razz.txt", "stud8_tournament.txt", "bad_hands.txt",
        "mixed_horse.txt")]
    fixtures += sorted((DATA / "player").glob("*.txt"))
    return [made, folder / "all-ins.txt", *fixtures, folder / "notes.txt"]


@pytest.fixture(scope="module")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=chromium())
        yield launched
        launched.close()


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    database = tmp_path_factory.mktemp("db") / "hands.sqlite"
    with running_server(db_path=str(database)) as (url, _):
        yield url, database


def _open(browser, url: str, viewport: str):
    context = browser.new_context(viewport=VIEWPORTS[viewport], base_url=url)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto("/?hand=AhKh/Qh&hand=7c7d/2s&seed=1&trials=2000")
    page.wait_for_selector("#my-hands", state="visible")
    return context, page, errors


@pytest.fixture(scope="module")
def imported(browser, server, files, tmp_path_factory):
    """The files chosen at once on the desktop page: its total, then the page as it stays
    (a screenshot of My hands then, as docs/web-myhands.png shows it)."""
    url, _ = server
    context, page, errors = _open(browser, url, "desktop")
    page.set_input_files("#db-files", [str(path) for path in files])
    page.wait_for_function("/^\\d+ files: /.test(document.getElementById('db-status')"
                           ".textContent)", timeout=60_000)
    page.wait_for_selector("#db-luck figure")
    status = page.inner_text("#db-status")
    report = page.inner_text("#db-report")
    page.locator("#my-hands").screenshot(
        path=str(tmp_path_factory.mktemp("shots") / "myhands-imported-desktop.png"))
    serious = _serious(page)
    targets = page.eval_on_selector_all("#db-report summary, .db-scale label",
                                        "els => els.map(e => e.getBoundingClientRect().height)")
    context.close()
    assert not errors, errors
    return status, report, serious, targets


def _serious(page) -> list[str]:
    from axe_playwright_python.sync_playwright import Axe

    found = Axe().run(page, context={"include": [["#my-hands"]]}).response["violations"]
    return [f"{v['impact']} {v['id']}: {v['help']} {[n['target'] for n in v['nodes']][:3]}"
            for v in found if v["impact"] in ("serious", "critical")]


@pytest.mark.parametrize("viewport", list(VIEWPORTS))
def test_an_empty_database_says_to_drop_files_here(browser, tmp_path, viewport):
    with running_server(db_path=str(tmp_path / "empty.sqlite")) as (url, _):
        context, page, errors = _open(browser, url, viewport)
        page.wait_for_selector("#db-stats .note")
        said = page.inner_text("#my-hands")
        assert "holds no hands yet: drop PokerStars hand-history files" in said
        assert "stud-odds db import" not in said
        assert said.count("holds no hands yet") == 1  # once, not once a box
        assert "Starting hands" not in said  # no heading over nothing
        page.screenshot(path=str(tmp_path / f"empty-{viewport}.png"), full_page=True)
        assert _serious(page) == []
        context.close()
    assert not errors, errors


def test_several_files_give_one_total_with_each_reason(imported, files):
    status, report, serious, targets = imported
    assert serious == []  # axe-core, the total and its lists shown
    assert targets and min(targets) >= 44  # each a 44 px target (WCAG 2.5.5)
    # db import's words: the files, new, already, unreadable, other games, not imported
    assert re.fullmatch(r"12 files: [\d,]+ new, 0 already in the database; 5 could not be "
                        r"read; 2 of other games passed over; 1 file not imported", status)
    assert report.startswith("1 file not imported\n")
    assert "\n5 hands could not be read\n" in report
    assert "notes.txt holds no hands" in report  # the file that is not a hand history
    assert report.count("notes.txt") == 1
    assert "bad_hands.txt, line 63, hand 260000000003: line 81: Jh is dealt to Hero and to " \
           "Ben" in report  # each unreadable hand: its file, line, number and why


def test_the_same_file_again_adds_nothing_and_says_so(browser, server, imported, files):
    url, _ = server
    context, page, errors = _open(browser, url, "phone")
    page.set_input_files("#db-files", [str(files[2])])  # stud_cash.txt, in already
    page.wait_for_function("document.getElementById('db-status').textContent"
                           ".startsWith('1 file: ')")
    assert page.inner_text("#db-status") == "1 file: 0 new, 2 already in the database"
    assert page.inner_text("#db-report") == ""
    # a file's name is shown as text, never as markup, wherever the total lists it
    name = '<img src=x onerror="window.owned=1">.txt'
    page.set_input_files("#db-files", [{"name": name, "mimeType": "text/plain",
                                        "buffer": b"not a hand history\n"}])
    page.wait_for_function("document.getElementById('db-status').textContent"
                           ".endsWith('1 file not imported')")
    assert page.locator("#db-report img").count() == 0
    assert page.evaluate("window.owned") is None
    assert "onerror" in page.inner_text("#db-report")
    context.close()
    assert not errors, errors


@pytest.mark.parametrize("viewport", list(VIEWPORTS))
def test_my_hands_as_a_player_sees_it(browser, server, imported, viewport, tmp_path):
    url, database = server
    context, page, errors = _open(browser, url, viewport)
    page.wait_for_selector("#db-luck figure")
    page.locator("#my-hands").screenshot(path=str(tmp_path / f"myhands-{viewport}.png"))
    width = VIEWPORTS[viewport]["width"]
    # whose stats, and big bets per 100 hands and the net in view, not scrolled away
    assert page.inner_text("#db-stats caption") == "Hero's stats"
    for line in ("bb_per_100", "net"):
        row = page.locator(f'#db-stats tr[data-line="{line}"]').first
        box = row.bounding_box()
        scroller = page.locator("#db-stats").bounding_box()
        fits = box["x"] >= 0 and box["x"] + box["width"] <= scroller["x"] + scroller["width"]
        # each line in view, or (a phone) the table scrolls with a cue, its names staying
        assert fits or (viewport == "phone" and page.is_visible("#my-hands .scroll-cue")), \
            (line, box)
    if viewport == "desktop":
        assert page.evaluate("(b => b.scrollWidth <= b.clientWidth)("
                             "document.getElementById('db-stats'))")
    # the figures `db stats --json` gives
    expected = json.loads(CliRunner().invoke(cli, ["db", "stats", "--db", str(database),
                                                   "--json"]).stdout)["rows"]
    hands = page.locator('#db-stats tr[data-line="hands"] td').all_text_contents()
    assert hands == [f"{row['hands']:,}" for row in expected]
    assert page.locator('#db-stats thead th').all_text_contents()[1:] == [
        row["game"] for row in expected]
    net = page.locator('#db-stats tr[data-line="net"] th').all_text_contents()
    assert net == ["net won, USD", "net won, tournament chips", "net won, play money"]
    # a chart per unit, money first, each with the player's name and axes with figures
    units = page.eval_on_selector_all("#db-luck figure", "fs => fs.map(f => f.dataset.unit)")
    assert units == ["USD", "tournament chips", "play money"]
    usd = page.locator('#db-luck figure[data-unit="USD"]')
    assert usd.locator("figcaption").inner_text().startswith("Hero: won and all-in adjusted")
    ticks = [float(t.replace(",", "")) for t in usd.locator("svg text.tick").all_text_contents()]
    assert len(ticks) >= 6  # the y axis's figures, then the hand counts
    chips = page.locator('#db-luck figure[data-unit="tournament chips"] svg text.tick')
    assert any(t.startswith("-") for t in chips.all_text_contents())  # below 0 too
    assert "big bets" in usd.locator("svg text.axis-title").all_text_contents()
    assert "hands" in usd.locator("svg text.axis-title").all_text_contents()
    # both lines drawn, told apart: the wide solid one under the dashed one
    styles = page.eval_on_selector_all(
        '#db-luck figure[data-unit="USD"] polyline', """lines => lines.map(l => {
            const s = getComputedStyle(l);
            return [l.dataset.line, parseFloat(s.strokeWidth), s.strokeDasharray, s.stroke];
        })""")
    assert [s[0] for s in styles] == ["won", "adjusted"]  # adjusted drawn last, on top
    (_, won_width, won_dash, won_colour), (_, adj_width, adj_dash, adj_colour) = styles
    assert won_width > adj_width and won_dash == "none" and adj_dash != "none"
    assert won_colour != adj_colour
    # one $400/$800 hand does not flatten the rest: in big bets, every hand moves the line
    points = usd.locator("polyline.won").get_attribute("points").split()
    heights = {round(float(p.split(",")[1])) for p in points}
    assert len(heights) > len(points) // 4
    # the chart fits the screen (no sideways scroll of the page)
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    # money on request: the same charts in each unit's money
    page.check('input[name="db-scale"][value="money"]')
    page.wait_for_selector('#db-luck figure[data-unit="USD"][data-scale="money"]')
    assert "USD ($)" in page.locator('#db-luck figure[data-unit="USD"] svg text.axis-title'
                                     ).all_text_contents()
    page.locator("#db-luck").screenshot(path=str(tmp_path / f"myhands-money-{viewport}.png"))
    assert _serious(page) == []
    context.close()
    assert not errors, errors
