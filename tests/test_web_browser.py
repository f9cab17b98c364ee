"""The page in a real Chromium (Debian's chromium-headless-shell through Playwright): what a
player does with it, checked against the command line's numbers.

These run in CI (.ci/run installs the browser); without the browser they fail, they do not
skip.  The kernels are warmed before the first page test, so no test waits on numba.
"""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import quote

import pytest

pytestmark = pytest.mark.slow

pytest.importorskip("uvicorn")
from typer.testing import CliRunner  # noqa: E402
from web_helpers import chromium, running_server, wait_until  # noqa: E402

from stud_odds.cli import app as cli  # noqa: E402

HISTORY = Path(__file__).parent / "data" / "histories" / "stud_cash.txt"
DONE = '#results[data-state="done"]'
FIELDS = ("equity", "interval", "high_win", "high_tie", "low_win", "low_tie", "scoop")


@pytest.fixture(scope="module")
def site():
    from playwright.sync_api import sync_playwright

    import stud_odds

    stud_odds.warm_up()
    with running_server() as (url, jobs), sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium())
        yield browser, url, jobs
        browser.close()


@pytest.fixture
def page(site):
    browser, url, _ = site
    context = browser.new_context(viewport={"width": 1280, "height": 900}, base_url=url)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield page
    context.close()
    assert not errors, errors


def table_row(args: list[str], seat: int) -> list[str]:
    """The command line's table row of one seat, as the cells it prints after the hand (plain
    stud's scoop column, its high win again, left out as the page leaves it out)."""
    output = CliRunner().invoke(cli, ["equity", *args]).stdout
    row = next(line for line in output.splitlines() if line.lstrip().startswith(f"{seat} "))
    cells = [cell for cell in row.split() if re.fullmatch(r"[\d.]+%?", cell)][1:]
    plain_stud = "-g" not in args or args[args.index("-g") + 1] == "stud"
    return cells[:-1] if plain_stud else cells


def page_row(page, seat: int) -> list[str]:
    row = page.locator(f'tr[data-seat="{seat}"]')
    return [row.locator(f'[data-field="{f}"]').inner_text() for f in FIELDS
            if row.locator(f'[data-field="{f}"]').count()]


def test_a_three_way_stud8_spot_picked_gives_the_command_lines_numbers(page):
    page.goto("/?game=stud8&seed=1&trials=20000")
    page.click("#more")
    for seat, cards in ((1, ["Ah", "Kh", "Qh"]), (2, ["7c", "7d", "2s"])):
        page.click(f'[data-hand="{seat}"]')  # cards go to this seat
        for card in cards:
            page.click(f'[data-card="{card}"]')
    page.click('[data-hand="3"]')
    page.keyboard.type("QdJd/Td")  # the command line's syntax, typed
    assert page.locator('[data-card="Qh"]').is_disabled()  # used cards are greyed out
    page.wait_for_selector(DONE)
    assert page.input_value('[data-hand="1"]') == "AhKh/Qh"
    args = ["-g", "stud8", "AhKh/Qh", "7c7d/2s", "QdJd/Td", "--seed", "1", "-n", "20000"]
    for seat in (1, 2, 3):
        assert page_row(page, seat) == table_row(args, seat)
    method = page.inner_text('[data-field="method"]')
    assert method.startswith("Monte Carlo: 20,000 trials, seed 1")


def test_a_shared_url_shows_and_computes_its_spot(page):
    page.goto("/?game=stud8&hand=AhKh/Qh&hand=7c7d/2s&hand=[QQ%2B]/Kd&dead=9c+Td&fold=5h"
              "&community=&seed=1&trials=5000")
    page.wait_for_selector(DONE)
    assert page.input_value("#game") == "stud8" and page.input_value("#dead") == "9c Td"
    assert page.input_value('[data-hand="3"]') == "[QQ+]/Kd"
    assert page.locator('#folds [data-fold="5h"]').count() == 1
    assert page.locator("tr[data-seat]").count() == 3
    args = ["-g", "stud8", "AhKh/Qh", "7c7d/2s", "[QQ+]/Kd", "-d", "9c Td", "--fold", "5h",
            "--seed", "1", "-n", "5000"]
    assert page_row(page, 3) == table_row(args, 3)
    assert "brings in" in page.inner_text("#acting")


def test_a_range_error_is_shown_under_its_seat(page):
    page.goto("/?hand=AhKh/Qh&hand=7c7d/2s&seed=1&trials=2000")
    page.wait_for_selector(DONE)
    page.fill('[data-hand="2"]', "[QQ+/2s")
    page.wait_for_selector('#results[data-state="error"]')
    seat_error = page.locator('[data-seat-box="2"] .seat-error')
    assert "seat 2" in seat_error.inner_text() and "]" in seat_error.inner_text()
    assert "player" not in seat_error.inner_text()  # the page's word is seat
    assert not page.is_visible('[data-field="error"]')  # under its seat, not far below
    assert page.get_attribute('[data-hand="2"]', "aria-invalid") == "true"
    assert page.get_attribute('[data-hand="2"]', "aria-describedby") == "seat-error-2"
    assert not page.locator('[data-seat-box="1"] .seat-error').is_visible()


def test_folding_a_seat_makes_its_upcards_dead(page):
    page.goto("/?hand=AhKh/Qh&hand=7c7d/2s&hand=QdJd/Td&seed=1&trials=2000")
    page.wait_for_selector(DONE)
    page.click('[data-seat-box="3"] .fold')
    page.wait_for_selector(DONE)
    assert page.locator("tr[data-seat]").count() == 2
    assert "fold=Td" in page.url and page.locator('#folds [data-fold="Td"]').count() == 1
    assert page.locator('[data-card="Td"]').is_disabled()
    args = ["AhKh/Qh", "7c7d/2s", "--fold", "Td", "--seed", "1", "-n", "2000"]
    assert page_row(page, 1) == table_row(args, 1)


def test_an_edit_mid_run_cancels_the_running_job(page, site):
    _, _, jobs = site
    page.goto("/?hand=AhKh/Qh&hand=7c7d/2s&hand=QdJd/Td&hand=9s9h/8c&hand=xx/6d"
              "&seed=1&trials=1e8")
    page.wait_for_function("document.querySelector('[data-field=\"equity\"]') !== null")
    assert page.get_attribute("#results", "data-state") == "computing"
    assert jobs.pending == 1
    page.fill("#trials", "3000")  # the edit: the long job must stop
    page.wait_for_selector(DONE)
    assert page.inner_text('[data-field="method"]').startswith("Monte Carlo: 3,000 trials")
    assert wait_until(lambda: jobs.pending == 0)


def test_an_edit_patches_the_seats_in_place_and_keeps_the_focus(page):
    """Seats are patched, not redrawn: the focused control and the other seats' elements
    are the same ones after an edit, so a screen reader keeps its place."""
    page.goto("/?hand=AhKh/Qh&hand=7c7d/2s&seed=1&trials=2000")
    page.wait_for_selector(DONE)
    page.evaluate("""() => { window.before = [...document.querySelectorAll(
        '#seats input, #seats .seat-head button, [data-seat-box="1"] .chips button')]; }""")
    chip = '[data-seat-box="2"] .chips [aria-label="remove deuce of spades from seat 2"]'
    page.focus(chip)
    page.keyboard.press("Enter")  # the last card dealt goes: the chip goes with it
    assert page.input_value('[data-hand="2"]') == "7c7d/"
    assert page.evaluate("document.activeElement.getAttribute('aria-label')") == \
        "remove seven of diamonds from seat 2"  # the focus stays in the seat
    page.focus('[data-seat-box="1"] .clear')
    page.keyboard.press("Enter")  # an edit that redraws everything it concerns
    assert page.input_value('[data-hand="1"]') == ""
    assert page.evaluate("document.activeElement.getAttribute('aria-label')") == "clear seat 1"
    page.click("#more")
    # the seats' controls are the same elements; only the cleared seat's chips went
    assert page.evaluate("""() => window.before.filter((el) => !el.isConnected)
                            .every((el) => el.classList.contains('card'))""")
    assert page.evaluate("window.before.filter((el) => el.isConnected).length") == 6
    page.fill('[data-hand="3"]', "As")
    page.keyboard.type("Ks/Kd")
    assert page.evaluate("document.activeElement.dataset.hand") == "3"
    assert page.input_value('[data-hand="3"]') == "AsKs/Kd"


def test_the_page_words_come_from_the_server(page):
    page.goto("/?game=stud8&hand=AhKh/Qh&hand=7c7d/2s&seed=1&trials=2000")
    page.wait_for_selector(DONE)
    from stud_odds.games import Game

    assert page.locator("#game option").all_inner_texts() == [game.title for game in Game]
    heads = [" ".join(h.split()) for h in page.locator("#results thead th").all_inner_texts()]
    # the ± column says its unit, in the command line's words (report.cells)
    assert heads == ["#", "hand", "equity", "±95% percentage points", "high win", "high tie",
                     "low win", "low tie", "scoop"]
    assert "± is the 95% interval, in percentage points" in page.inner_text(
        '[data-field="method"]')
    # the unit, the outs' groups and the combos are the server's words, never the scripts'
    # every script the page loaded: app.js and the modules it imports
    names = page.evaluate("""() => performance.getEntriesByType("resource")
        .map((r) => new URL(r.name).pathname).filter((path) => path.endsWith(".js"))""")
    assert "/static/app.js" in names and "/static/outs.js" in names
    scripts = "".join(page.evaluate("(path) => fetch(path).then((r) => r.text())", name)
                      for name in names)
    code = re.sub(r"//[^\n]*", "", scripts)
    for words in ("percentage points", "too close to call", "improves", "hurts", "combo"):
        assert words not in code


def test_a_dropped_hand_history_lists_its_hands_and_charts_one(page):
    page.goto("/?hand=AhKh/QhJh9c&hand=7c7d/2s5d5h")
    page.wait_for_selector(DONE)
    page.evaluate("""text => {
        const data = new DataTransfer();
        data.items.add(new File([text], "stud_cash.txt", {type: "text/plain"}));
        document.getElementById("drop").dispatchEvent(
            new DragEvent("drop", {dataTransfer: data, bubbles: true, cancelable: true}));
    }""", HISTORY.read_text())
    rows = page.locator("#history-hands tbody tr")
    rows.first.wait_for()
    page.wait_for_function("document.getElementById('history-status').textContent"
                           ".includes('stud hands replayed')")
    assert rows.first.locator("td").first.inner_text() == "210000000001"
    rows.first.focus()
    page.keyboard.press("Enter")  # by keyboard too
    chart = page.locator("svg[data-chart] polyline")
    chart.first.wait_for()
    assert chart.count() >= 2


PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}


@pytest.fixture
def phone(site):
    browser, url, _ = site
    context = browser.new_context(base_url=url, **PHONE)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield page
    context.close()
    assert not errors, errors


def test_the_page_fits_a_phone(phone):
    page = phone
    page.goto("/?game=stud8&hand=AhKh/Qh&hand=7c7d/2s&hand=QdJd/Td&seed=1&trials=3000")
    page.wait_for_selector(DONE)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    deck = page.locator("#deck").bounding_box()
    assert deck["x"] >= 0 and deck["x"] + deck["width"] <= 390
    card = page.locator('[data-card="2c"]').bounding_box()
    assert card["height"] >= 44 and card["width"] >= 44  # a finger's target
    # each seat's equity stays in view just above the cards while they are picked, in the
    # flow of the page: no bar over anything
    mini = page.locator("#mini-results")
    assert mini.is_visible() and mini.inner_text().startswith("seat 1 ")
    assert mini.bounding_box()["y"] + mini.bounding_box()["height"] <= deck["y"]
    page.tap('[data-hand="1"]')
    page.tap('[data-card="2c"]')
    assert page.input_value('[data-hand="1"]') == "AhKh/Qh2c"


# the controls a player taps: each is a 44 px target on a phone (a box's label for a box)
CONTROLS = """() => [...document.querySelectorAll(
    'button, select, input, [tabindex="0"], a[href], summary')]
  .filter((el) => el.offsetParent !== null || el.getClientRects().length)
  .map((el) => el.matches('input[type="checkbox"], input[type="radio"]')
               ? el.closest('label') || el : el)
  .filter((el) => !el.matches('.scroll-x'))"""


def _small_targets(page) -> list[str]:
    return page.evaluate(CONTROLS + """.map((el) => [el, el.getBoundingClientRect()])
      .filter(([, r]) => r.width < 44 - 0.01 || r.height < 44 - 0.01)
      .map(([el, r]) => `${el.outerHTML.slice(0, 80)} ${r.width.toFixed(0)}x${r.height.toFixed(0)}`)
    """)


def _covered_controls(page) -> list[str]:
    """Each control scrolled into view as a tap does: whatever is on top at its centre must
    be the control itself (no fixed or sticky bar over it)."""
    return page.evaluate(CONTROLS + """.filter((el) => {
        el.scrollIntoView({block: 'nearest'});
        const r = el.getBoundingClientRect();
        const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        return top && !(el === top || el.contains(top) || top.contains(el)
                        || (el.htmlFor && top.id === el.htmlFor));
      }).map((el) => el.outerHTML.slice(0, 80))""")


def test_every_control_is_a_finger_sized_target_and_none_is_covered_on_a_phone(phone, tmp_path):
    """WCAG 2.5.5: every control at least 44 by 44 px on a phone, in every state the page
    shows (seats with cards, outs, a result, a replayed history); none under a fixed bar."""
    page = phone
    page.goto("/?game=stud8&hand=AhKh/Qh&hand=7c7d/2s&hand=QdJd/Td&fold=5h&seed=1"
              "&trials=3000&outs=1&classes=1")
    page.wait_for_selector(DONE)
    page.wait_for_selector("#deck [data-outs]")
    page.set_input_files("#history-file", str(HISTORY))
    page.locator("#history-hands tbody tr").first.wait_for()
    page.locator("#history-hands tbody tr").first.click()
    page.wait_for_selector('#history-chart button[data-street="3"]')
    assert _small_targets(page) == []
    assert page.evaluate("""() => [...document.querySelectorAll('body *')].filter((el) =>
        ['fixed', 'sticky'].includes(getComputedStyle(el).position)).length""") == 0
    assert _covered_controls(page) == []
    page.screenshot(path=str(tmp_path / "phone-controls.png"), full_page=True)
    assert _serious_violations(page) == []  # a phone's result, outs, history and chart
    page.goto("/")
    page.wait_for_selector('#results[data-state="idle"]')
    assert _small_targets(page) == [] and _serious_violations(page) == []  # the empty page


def _cut_tables(page) -> list[str]:
    """Every table on the page that reaches past its box or the screen without a cue: a box
    that scrolls sideways must say so, naming the columns out of view."""
    return page.evaluate("""() => [...document.querySelectorAll('table')]
      .filter((t) => t.offsetParent !== null)
      .filter((t) => {
        const box = t.closest('.scroll-x');
        const right = t.getBoundingClientRect().right;
        if (!box) return right > document.documentElement.clientWidth + 1;
        if (box.scrollWidth <= box.clientWidth + 1) return false;  // it fits
        const cue = box.nextElementSibling;
        const shown = cue && cue.classList.contains('scroll-cue') && !cue.hidden
                      && cue.offsetParent !== null && cue.textContent.includes('swipe');
        return !(shown && getComputedStyle(box).overflowX === 'auto');
      }).map((t) => t.id || t.className || t.parentElement.id)""")


def test_no_table_is_cut_on_a_phone_each_fits_or_scrolls_with_a_cue(phone):
    page = phone
    page.goto("/?game=stud8&hand=AhKh/Qh&hand=7c7d/2s&hand=QdJd/Td&seed=1&trials=3000"
              "&classes=1")
    page.wait_for_selector(DONE)
    page.set_input_files("#history-file", str(HISTORY))
    page.wait_for_function("document.getElementById('history-status').textContent"
                           ".includes('replayed')")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert _cut_tables(page) == []
    # the stud8 table is wider than a phone: its cue names the columns out of view, and
    # the box is a named, focusable region (arrow keys scroll it)
    box = page.locator("#results-scroll")
    cue = page.locator("#results-scroll + .scroll-cue")
    assert page.evaluate("(b) => b.scrollWidth > b.clientWidth", box.element_handle())
    assert cue.is_visible() and "scoop" in cue.inner_text()
    assert box.get_attribute("tabindex") == "0" and box.get_attribute("aria-label")
    box.evaluate("(b) => { b.scrollLeft = b.scrollWidth; }")
    page.wait_for_function("!document.querySelector('#results-scroll + .scroll-cue')"
                           ".textContent.includes('scoop')")
    assert "swipe back" in cue.inner_text()


def _outs_json(args: list[str]) -> dict:
    import json

    return json.loads(CliRunner().invoke(cli, ["outs", *args, "--json"]).stdout)


@pytest.mark.parametrize("viewport", [(1280, 900), (390, 844)], ids=["desktop", "phone"])
def test_the_picker_shows_what_each_card_does(site, viewport, tmp_path):
    """With "outs" on, every card the chosen seat can get shows its equity once dealt, as
    `stud-odds outs --json` gives it; the view follows the chosen seat and the URL."""
    browser, url, _ = site
    width, height = viewport
    context = browser.new_context(viewport={"width": width, "height": height}, base_url=url)
    page = context.new_page()
    page.goto("/?game=stud8&hand=Ac2c/3c4d&hand=KsKh/4s9c&outs=1")  # exact: no trials
    page.wait_for_selector("#deck [data-outs]")
    assert page.is_checked("#outs") and "outs=1" in page.url
    data = _outs_json(["-g", "stud8", "Ac2c/3c4d", "KsKh/4s9c"])
    from stud_odds.result_terms import OutsGroup

    colour = {"improves": "out-better", "hurts": "out-worse", "little change": "out-same",
              "too close to call": "out-unclear"}
    for out in data["cards"]:
        button = page.locator(f'#deck [data-card="{out["card"]}"]')
        assert button.get_attribute("data-outs") == f"{100 * out['equity']:.1f}%"
        # the colour is the group's, the command line's (OutsGroup.verdict)
        assert colour[OutsGroup(out["group"]).verdict] in button.get_attribute("class").split()
        assert button.get_attribute("title").startswith(f"{out['card'][0]}")  # A♠: ...
        assert " once dealt (" in button.get_attribute("aria-label")
        assert out["group"] in button.get_attribute("aria-label")
    for known in ("Ac", "2c", "3c", "4d", "Ks", "Kh", "4s", "9c"):
        assert page.get_attribute(f'#deck [data-card="{known}"]', "data-outs") is None
    # the summary counts the cards in the colours' words, as the command line does; the
    # legend names each colour in those words
    summary = page.locator("#outs-summary").inner_text()
    from stud_odds import Scenario, outs

    said = outs(Scenario.build(["Ac2c/3c4d", "KsKh/4s9c"], game="stud8")).summary()
    assert summary == f"seat 1's next card — {said} (now {100 * data['now']['equity']:.1f}%)"
    counts = {verdict: page.locator(f"#deck .{name}").count() for verdict, name in colour.items()}
    assert summary.split(" — ", 1)[1].startswith(f"44 cards: {counts['improves']} improve")
    assert f", {counts['hurts']} hurt" in summary
    assert f", {counts['little change']} change" in summary
    legend = page.locator("#outs-legend").inner_text()
    assert all(verdict in legend for verdict, n in counts.items() if n)
    page.screenshot(path=str(tmp_path / f"outs-{width}.png"), full_page=True)
    # the second seat chosen: its own cards
    page.click('[data-hand="2"]')
    page.wait_for_function("document.getElementById('outs-summary').textContent"
                           ".includes(\"seat 2's next card\")")
    page.wait_for_selector("#deck [data-outs]")
    second = _outs_json(["-g", "stud8", "Ac2c/3c4d", "KsKh/4s9c", "--player", "2"])
    first = second["cards"][0]
    assert page.get_attribute(f'#deck [data-card="{first["card"]}"]', "data-outs") == \
        f"{100 * first['equity']:.1f}%"
    if width < 500:
        assert page.evaluate("document.documentElement.scrollWidth") <= width
    context.close()


def test_outs_off_shows_no_outs_and_seventh_street_says_why(page):
    page.goto("/?hand=AhKh/Qh8d&hand=7c7d/2s3s&seed=1&trials=2000")
    page.wait_for_selector(DONE)
    assert page.locator("#deck [data-outs]").count() == 0
    assert not page.is_visible("#outs-summary")
    page.goto("/?hand=AhKh2c/Qh8d5c4d&hand=7c7d2d/2s3s9c9d&outs=1")
    page.wait_for_function("document.getElementById('outs-summary').textContent"
                           ".includes('no card to come')")
    assert page.locator("#deck [data-outs]").count() == 0


def test_a_long_exact_count_shows_a_sampled_estimate_first(page):
    """A count of more than half a second: the game's columns at once, a sampled estimate
    marked as such with a Stop control, then the exact numbers, the command line's."""
    page.goto("/?game=razz&hand=As2s/3h8d9c&hand=7c7d/Ks2c4d&hand=xQs/Th3d5s"
              "&dead=2h+3c+4h+5c+6c")  # about 1.5 s to count
    page.wait_for_function("document.querySelector('#results thead').textContent"
                           ".includes('low win')")
    assert "high win" not in page.inner_text("#results thead")
    page.wait_for_selector("#results[data-estimate]")
    assert page.is_visible("#stop-counting")
    method = page.inner_text('[data-field="method"]')
    assert method.startswith("sampled estimate")
    # no time from the planner's cost model: the time left comes from the count's own rate
    assert not re.search(r"about \d+ (s|min)\b(?! left)", method)
    assert _serious_violations(page) == []  # the estimate shown, the count running
    page.wait_for_selector(DONE)
    assert page.get_attribute("#results", "data-estimate") is None
    assert not page.is_visible("#stop-counting")
    args = ["-g", "razz", "As2s/3h8d9c", "7c7d/Ks2c4d", "xQs/Th3d5s", "-d", "2h 3c 4h 5c 6c"]
    assert page_row(page, 1) == table_row(args, 1)
    assert page.inner_text('[data-field="method"]').startswith("exact")


def test_back_returns_to_the_spot_before_an_edit_and_the_url_keeps_every_option(page):
    page.goto("/?hand=AhKh/Qh&hand=7c7d/2s&seed=1&trials=2000&deck_rule=online"
              "&precision=1")
    page.wait_for_selector(DONE)
    page.click("#dead")
    page.click('[data-card="9c"]')  # a dead card
    page.wait_for_function("location.search.includes('dead=9c')")
    page.wait_for_selector(DONE)
    assert "deck_rule=online" in page.url and "precision=1" in page.url
    page.go_back()
    page.wait_for_function("document.getElementById('dead').value === ''")
    page.wait_for_selector(DONE)
    assert "9c" not in page.url


def test_a_url_flag_is_on_with_any_of_the_schemas_yes_words(page):
    """exact=on and classes=Y tick their boxes, as the server reads them."""
    page.goto("/?hand=AhKh/Qh8d&hand=7c7d/2s3s&exact=on&classes=Y")
    page.wait_for_selector(DONE)
    assert page.is_checked("#exact") and page.is_checked("#classes")
    assert page.inner_text('[data-field="method"]').startswith("exact")


def test_nine_hands_in_a_url_are_not_cut_in_silence(page):
    cards = "2c 3c 4c 5c 6c 7c 8c 9c Tc".split()
    page.goto("/?" + "&".join(f"hand=xx/{card}" for card in cards))
    page.wait_for_selector('#results[data-state="error"]')
    assert "at most 8 players" in page.inner_text('[data-field="error"]')
    assert page.locator(".seat").count() == 9 and page.is_disabled("#more")
    page.click("#fewer")
    page.wait_for_selector(DONE)
    assert page.locator(".seat").count() == 8


def test_seats_behave_like_a_stud_hand_and_the_keyboard_reaches_every_card(page):
    page.goto("/?hand=AhKh/Qh&hand=7c7d/2s&seed=1&trials=2000")
    page.wait_for_selector(DONE)
    # a hole card removed leaves its slot; the door card stays an upcard
    page.click('[data-seat-box="1"] .chips [aria-label="remove king of hearts from seat 1"]')
    page.wait_for_selector(DONE)
    assert page.input_value('[data-hand="1"]') == "Ahx/Qh"
    page.click('[data-seat-box="1"] .seat-name')  # the seat's title chooses the seat
    page.click('[data-card="Kd"]')  # the cleared slot takes the next card
    assert page.input_value('[data-hand="1"]') == "AhKd/Qh"
    # community and folded rows stay hidden until needed
    assert not page.is_visible("#community-line") and not page.is_visible("#folds-line")
    # one tab stop for the deck, arrows within it; a picked card keeps the focus in the grid
    assert page.locator("#deck [tabindex='0']").count() == 1
    page.focus("#deck [tabindex='0']")
    page.keyboard.press("ArrowRight")
    focused = page.evaluate("document.activeElement.dataset.card")
    page.click('[data-seat-box="2"] .seat-name')
    page.focus(f'[data-card="{focused}"]')
    page.keyboard.press("Enter")
    assert page.evaluate("document.activeElement.parentElement.id") == "deck"
    assert page.get_attribute('[data-card="As"]', "aria-label") == "ace of spades"
    assert page.get_attribute('[data-seat-box="2"] .fold', "aria-label") == "fold seat 2"


def test_a_mistake_greys_the_previous_numbers(page):
    page.goto("/?hand=AhKh/Qh&hand=7c7d/2s&seed=1&trials=2000")
    page.wait_for_selector(DONE)
    page.fill("#dead", "Ah")  # a card used twice
    page.wait_for_selector('#results[data-state="error"]')
    assert "Ah is used twice: in seat 1's hand and in the dead cards" in \
        page.inner_text("#dead-error")
    assert page.get_attribute("#dead", "aria-describedby") == "dead-error"
    assert page.is_visible("#stale-note") and "stale" in page.get_attribute("#results", "class")
    page.fill("#dead", "")
    page.wait_for_selector(DONE)
    assert not page.is_visible("#stale-note")


GREY = "rgb(107, 107, 107)"  # the stale numbers' colour (#6b6b6b)


def _greyed(style: str) -> bool:
    """A computed "rgb(r, g, b) italic": a mid grey, in italics (the previous spot's)."""
    r, g, b = map(int, re.findall(r"\d+", style)[:3])
    return r == g == b and 95 <= r <= 120 and style.endswith("italic")


def _outs_colours(page) -> set[str]:
    """The background colours of the cards that show an out."""
    return set(page.evaluate("""() => [...document.querySelectorAll('#deck [data-outs]')]
        .map((b) => getComputedStyle(b).backgroundColor)"""))


@pytest.mark.parametrize("device", ["desktop", "phone"])
def test_after_a_mistake_every_number_on_screen_is_greyed_and_labelled(site, device, tmp_path):
    """A card typed twice in seat 3: the table, its lines, the class bars, the outs on the
    cards and the equities above them (a phone's) are the previous spot's: each is greyed,
    and a note says whose they are; nothing is left in full colour."""
    browser, url, _ = site
    options = PHONE if device == "phone" else {"viewport": {"width": 1280, "height": 800}}
    context = browser.new_context(base_url=url, **options)
    page = context.new_page()
    page.goto("/?hand=AhKh/Qh&hand=7c7d/2s&hand=3c4c/5c&seed=7&trials=3000&classes=1&outs=1"
              "&pot=100&to_call=20")
    page.wait_for_selector(DONE)
    page.wait_for_selector("#deck [data-outs]")
    # sampled outs: a card whose error bar cannot tell is "too close to call", as the
    # command line groups it
    printed = CliRunner().invoke(cli, ["outs", "AhKh/Qh", "7c7d/2s", "3c4c/5c", "--seed",
                                       "7"]).stdout
    close = int(re.search(r"too close to call \((\d+)\)", printed).group(1))
    assert page.locator("#deck .out-unclear").count() == close > 0
    assert "too close to call" in page.inner_text("#outs-legend")
    assert len(_outs_colours(page)) > 1  # green, red, hatched
    page.click('[data-hand="3"]')  # seat 3's outs
    page.wait_for_function("document.getElementById('outs-summary').textContent"
                           ".startsWith(\"seat 3's next card \")")
    page.fill('[data-hand="3"]', "3c4c/3c")  # the card typed twice
    page.wait_for_selector('#results[data-state="error"]')
    assert "3c" in page.inner_text('[data-seat-box="3"] .seat-error')
    assert page.is_visible("#stale-note") and page.is_visible("#outs-stale-note")
    assert page.inner_text("#acting").startswith("previous spot: seat 2 brings in")
    for selector in ("#rows td[data-field='equity']", "#lines p", "#class-bars td .bar-value",
                     '[data-field="method"]', "#acting"):
        styles = page.locator(selector).evaluate_all("""(els) => els.map((el) =>
            getComputedStyle(el).color + " " + getComputedStyle(el).fontStyle)""")
        assert styles and all(_greyed(style) for style in styles), (selector, styles)
    assert _outs_colours(page) == {"rgb(244, 244, 244)"}  # no green, no red: grey
    mini = page.locator("#mini-results")
    if device == "phone":
        assert mini.is_visible() and mini.inner_text().startswith("previous spot: seat 1 ")
        assert page.evaluate("getComputedStyle(document.getElementById('mini-results')).color") \
            == GREY
    page.screenshot(path=str(tmp_path / f"stale-{device}.png"), full_page=True)
    assert _serious_violations(page) == []
    page.fill('[data-hand="3"]', "3c4c/5c")  # mended: the numbers are current again
    page.wait_for_selector(DONE)
    page.wait_for_selector("#deck [data-outs]")
    assert not page.is_visible("#stale-note") and not page.is_visible("#outs-stale-note")
    assert "previous spot" not in mini.inner_text() + page.inner_text("#acting")
    assert len(_outs_colours(page)) > 1
    context.close()


def test_the_first_load_computes_nothing_nobody_asked_for(page, site):
    """No cards, no 50/50 of two random hands: the page says what to do, and asks the
    server for no equity until a seat has cards."""
    asked: list[str] = []
    page.on("request", lambda request: asked.append(request.url))
    page.goto("/")
    page.wait_for_selector('#results[data-state="idle"]')
    page.wait_for_timeout(300)  # the debounce a computation would have waited
    assert page.locator("#rows tr").count() == 0
    assert "pick each seat's cards" in page.inner_text('[data-field="method"]')
    assert not [u for u in asked if "/api/equity" in u or "/api/outs" in u]
    assert site[2].pending == 0
    page.fill('[data-hand="1"]', "AsKs/Qh")  # a seat with cards: now there is a question
    page.wait_for_selector(DONE)
    assert [u for u in asked if "/api/equity/stream" in u]
    page.click('[data-seat-box="1"] .clear')  # nothing asked again: no stale numbers either
    page.wait_for_selector('#results[data-state="idle"]')
    assert page.locator("#rows tr").count() == 0


def test_the_time_left_of_an_exact_count_is_its_own_rate(page):
    """The time left is the count's own rate since its first report, not the time since
    the page asked (a sampled estimate and the count's start come first), nor the planner's
    cost model (a machine-independent budget, not this machine's clock)."""
    page.goto("/?hand=AhKh/Qh&hand=7c7d/2s&seed=1&trials=2000")
    page.wait_for_selector(DONE)
    left = page.evaluate("""async () => {
        const {secondsLeft} = await import('/static/results.js');
        const first = {at: 10.6, done: 1000};  // the first report: 0.6 s after the ask
        const total = 100000;
        return [secondsLeft(first, {done: 1000, total}, 10.6),
                secondsLeft(first, {done: 3000, total}, 10.8),  // too soon to say
                secondsLeft(first, {done: 21000, total}, 11.6)];
    }""")
    # 20,000 deals in 1 s: 79,000 left take 3.95 s (not 11.6 s * 79% / 21% = 43.6 s)
    assert left[0] is None and left[1] is None and left[2] == pytest.approx(3.95)


def test_the_options_keep_a_whole_seed_and_the_class_bars_their_numbers(page):
    seed = "123456789012345678"  # 18 digits, as the server chooses them
    page.goto(f"/?hand=AhKh/Qh8d&hand=7c7d/2s3s&seed={seed}&trials=2000&classes=1")
    page.wait_for_selector(DONE)
    assert page.evaluate("(s) => s.scrollWidth <= s.clientWidth",
                         page.locator("#seed").element_handle())  # no digit cut
    # each number stands beside its bar, never over it
    overlaps = page.evaluate("""() => [...document.querySelectorAll('#class-bars td')]
        .filter((td) => {
          const a = td.querySelector('.bar-value').getBoundingClientRect();
          const b = td.querySelector('.bar-track').getBoundingClientRect();
          return a.right > b.left && b.right > a.left && a.bottom > b.top && b.bottom > a.top;
        }).length""")
    assert page.locator("#class-bars td").count() > 0 and overlaps == 0
    assert _serious_violations(page) == []  # the class bars shown


def test_cards_read_with_suit_symbols_and_are_typed_as_the_command_line_types_them(page):
    page.goto("/?hand=AhKh/Qh&hand=[QQ%2B]/Kd&seed=1&trials=2000")
    page.wait_for_selector(DONE)
    symbol = {"s": "♠", "h": "♥", "d": "♦", "c": "♣"}
    assert page.inner_text('[data-card="As"]').startswith("A♠")
    assert page.inner_text('[data-seat-box="1"] .chips').replace("\ufe0e", "").split() == \
        ["A♥", "K♥", "Q♥"]
    hand = page.inner_text('tr[data-seat="1"] .hand-cell').replace("\ufe0e", "")
    assert hand == "A♥K♥/Q♥"
    # a range's brackets stay as typed, and its combos are the command line's count
    ranged = page.inner_text('tr[data-seat="2"] .hand-cell').replace("\ufe0e", "")
    printed = CliRunner().invoke(cli, ["equity", "AhKh/Qh", "[QQ+]/Kd", "--seed", "1", "-n",
                                       "2000"]).stdout
    combos = re.search(r"\d+ combos?", printed).group(0)
    assert ranged.split("\n") == ["[QQ+]/K♦", combos]
    # the fields and the URL keep the typed form
    page.fill('[data-hand="1"]', "AhKh/Qh8d")
    page.wait_for_function("location.search.includes('8d')")
    from urllib.parse import unquote

    assert page.input_value('[data-hand="1"]') == "AhKh/Qh8d"
    assert "hand=AhKh/Qh8d&" in unquote(page.url)
    # the four-colour deck: diamonds and clubs take their own colours
    red = page.evaluate("getComputedStyle(document.querySelector('[data-card=\"Ad\"]')).color")
    page.check("#four-colour")
    blue = page.evaluate("getComputedStyle(document.querySelector('[data-card=\"Ad\"]')).color")
    assert red != blue and symbol["d"] in page.inner_text('[data-card="Ad"]')


def test_an_options_mistake_is_shown_under_the_options(page):
    page.goto("/?hand=AhKh/Qh&hand=7c7d/2s&seed=1&trials=2000")
    page.wait_for_selector(DONE)
    page.fill("#trials", "lots")
    page.wait_for_selector('#results[data-state="error"]')
    assert "'lots' is not a trial count" in page.inner_text("#options-error")
    assert page.get_attribute("#trials", "aria-invalid") == "true"
    page.fill("#trials", "2000")
    page.wait_for_selector(DONE)
    assert not page.is_visible("#options-error")
    assert page.get_attribute("#trials", "aria-invalid") is None


def test_a_busy_server_is_asked_again(site):
    """A 503 (queue full, Retry-After: 1) is retried by the page, waiting longer each time,
    instead of a dead end."""
    from stud_odds.web.jobs import SPOT_JOB, Busy, Jobs

    class BusyTwice(Jobs):
        refused = 0

        def admit(self, page, kind=SPOT_JOB):
            if kind == SPOT_JOB and self.refused < 2:
                self.refused += 1
                raise Busy("4 jobs are already waiting")
            return super().admit(page, kind)

    browser, _, _ = site
    jobs = BusyTwice()
    with running_server(jobs) as (url, _):
        context = browser.new_context(base_url=url)
        page = context.new_page()
        page.goto("/?hand=AhKh/Qh&hand=7c7d/2s&seed=1&trials=2000")
        page.wait_for_function("document.querySelector('[data-field=\"method\"]').textContent"
                               ".includes('the server is busy: trying again')")
        page.wait_for_selector(DONE, timeout=20000)
        assert jobs.refused == 2
        assert page.inner_text('[data-field="method"]').startswith("Monte Carlo: 2,000 trials")
        context.close()


def _serious_violations(page) -> list[str]:
    from axe_playwright_python.sync_playwright import Axe

    found = Axe().run(page).response["violations"]
    return [f"{v['impact']} {v['id']}: {v['help']} {[n['target'] for n in v['nodes']][:3]}"
            for v in found if v["impact"] in ("serious", "critical")]


def test_an_accessibility_scan_of_every_state_finds_nothing_serious(page):
    """axe-core in each state of the page: empty, computing, a result with outs, an error,
    a replayed history."""
    page.goto("/")
    assert _serious_violations(page) == []  # empty (two random seats)
    page.goto("/?hand=AhKh/Qh&hand=7c7d/2s&hand=QdJd/Td&hand=9s9h/8c&seed=1&trials=1e8")
    page.wait_for_function("document.querySelector('#results').dataset.state === 'computing'"
                           " && document.querySelector('[data-field=\"equity\"]') !== null")
    assert page.get_attribute("#results", "aria-busy") == "true"
    assert _serious_violations(page) == []  # computing
    page.goto("/?hand=AhKh/Qh8d&hand=7c7d/2s3s&seed=1&trials=2000&outs=1")
    page.wait_for_selector(DONE)
    page.wait_for_selector("#deck [data-outs]")
    assert page.get_attribute("#results", "aria-busy") == "false"
    assert _serious_violations(page) == []  # a result, outs shown
    page.fill("#dead", "Ah")
    page.wait_for_selector('#results[data-state="error"]')
    assert _serious_violations(page) == []  # an error under its field
    page.set_input_files("#history-file", str(HISTORY))
    page.wait_for_function("document.getElementById('history-status').textContent"
                           ".includes('replayed')")
    assert _serious_violations(page) == []  # a replayed history


def test_the_share_link_carries_the_seed_once_a_result_is_shown(page):
    page.goto("/?hand=AhKh/Qh&hand=7c7d/2s&hand=QdJd/Td&trials=3000")
    page.wait_for_selector(DONE)
    seed = page.input_value("#seed")
    assert seed.isdigit() and f"seed={seed}" in page.url
    method = page.inner_text('[data-field="method"]')
    assert f"seed {seed}" in method


def test_a_replayed_hands_street_opens_in_the_calculator(page):
    page.goto("/?hand=AhKh/Qh&hand=7c7d/2s&seed=1&trials=2000")
    page.wait_for_selector(DONE)
    page.set_input_files("#history-file", str(HISTORY))
    rows = page.locator("#history-hands tbody tr")
    rows.first.wait_for()
    rows.first.click()
    page.click('#history-chart button[data-street="3"]')
    page.wait_for_function("document.querySelector('[data-hand=\"1\"]').value === 'AhAd/9c'")
    assert page.input_value('[data-hand="2"]') == "xx/Kc"
    assert page.locator(".seat").count() == 5
    page.wait_for_selector(DONE)
    assert "hand=AhAd%2F9c" in page.url


def _tab_to(page, selector: str, most: int = 80) -> None:
    """Press Tab until the element matching ``selector`` has the focus (keyboard only)."""
    for _ in range(most):
        if page.evaluate("s => document.activeElement.matches(s)", selector):
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {selector}")


def test_a_three_way_spot_entered_by_keyboard_alone(page):
    page.goto("/?seed=1&trials=2000")
    page.wait_for_selector('#results[data-state="idle"]')
    _tab_to(page, "#more")
    page.keyboard.press("Enter")  # a third seat
    for seat, text in ((1, "AhKh/Qh"), (2, "7c7d/2s")):
        _tab_to(page, f'[data-hand="{seat}"]')
        page.keyboard.type(text)
    _tab_to(page, '[data-hand="3"]')  # the third seat: its cards picked on the grid
    _tab_to(page, "#deck [tabindex='0']")
    page.keyboard.press("End")  # the row's last free card: 2s is used, so 3s
    page.keyboard.press("Enter")
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("Enter")
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("Enter")
    assert page.input_value('[data-hand="3"]') == "3s4s/5s"
    page.wait_for_selector(DONE)
    args = ["AhKh/Qh", "7c7d/2s", "3s4s/5s", "--seed", "1", "-n", "2000"]
    assert page_row(page, 3) == table_row(args, 3)


# My hands (serve --db): tests/test_web_myhands.py


RIVER_HANDS = ["AsKs2d/QhJhTh9c", "[QQ+]x/7d8d9dTd"]


def test_the_river_view_shows_how_the_chosen_seat_bets_and_calls(page):
    """Two seats on seventh street: a pot solves the river (stud_odds.river's numbers), the
    chosen seat's strategy by hand class at each of its decisions; a bad pot is a sentence
    under the pot field."""
    from stud_odds.solver import river

    page.goto("/?hand=AhKh/Qh&hand=7c7d/2s&seed=1&trials=2000")
    page.wait_for_selector(DONE)
    assert not page.is_visible("#river")  # third street: no river to solve
    page.goto("/?" + "&".join(f"hand={quote(hand)}" for hand in RIVER_HANDS) + "&seed=1")
    page.wait_for_selector(DONE)
    assert page.is_visible("#river")
    page.fill("#river-pot", "5")
    page.wait_for_selector('#river[data-state="done"]')
    solved = river(RIVER_HANDS, pot=5)
    value = page.inner_text("#river-value")
    for seat in (1, 2):
        shown = float(re.search(rf"seat {seat} (-?[\d.]+)", value).group(1))
        assert shown == pytest.approx(solved.value[seat - 1], abs=2 * solved.exploitability)
    assert "exploitability" in page.inner_text("#river-method")

    def tables() -> list[tuple[str, list[str]]]:
        """Each decision's table: its history and the hand classes of its rows."""
        return [(table.get_attribute("data-history"),
                 table.locator('th[scope="row"]').all_inner_texts())
                for table in page.locator("#river-strategy table").all()]

    for seat in (1, 2):
        page.click(f'[data-seat-box="{seat}"] .seat-name')  # the chosen seat
        page.wait_for_function(f"document.getElementById('river-seat').textContent"
                               f" === 'seat {seat}'")
        assert tables() == [(d.history, [line.name for line in d.lines] + ["all"])
                            for d in solved.summary(seat)]
    header = page.locator("#river-strategy table").first.locator("th[scope=col]")
    assert header.all_inner_texts()[:2] == ["hand", "share"]
    assert "bet" in header.all_inner_texts() and header.last.inner_text() == "value"
    page.fill("#river-pot", "0")
    page.wait_for_selector('#river[data-state="error"]')
    error = page.locator("#river-pot-error")
    assert error.is_visible() and "pot" in error.inner_text() and "0" in error.inner_text()
    assert page.get_attribute("#river-pot", "aria-invalid") == "true"
    assert page.get_attribute("#river-pot", "aria-describedby") == "river-pot-error"
    assert page.locator("#river-strategy table").count() > 0  # the last answer, greyed
    assert _serious_violations(page) == []
    page.fill("#river-pot", "5.5")  # a fractional pot
    page.wait_for_selector('#river[data-state="done"]')
    assert not error.is_visible() and page.get_attribute("#river-pot", "aria-invalid") is None
    assert "big bets (of 5.5)" in page.inner_text("#river-value")
