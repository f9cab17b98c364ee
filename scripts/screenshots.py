"""The page's screenshots in docs/ (desktop and phone), made from the real page.

    python scripts/screenshots.py

Needs the web and test extras and Debian's chromium-headless-shell (as the browser tests).
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from playwright.sync_api import sync_playwright  # noqa: E402
from web_helpers import running_server  # noqa: E402

import stud_odds  # noqa: E402

CHROMIUM = "/usr/lib/chromium/chromium-headless-shell"
SPOT = ("/?game=stud8&hand=AhKh/Qh&hand=7c7d/2s&hand=[QQ%2B]/Kd&dead=9c+Td&fold=5h"
        "&community=&seed=1&trials=200k&classes=1&pot=60&to_call=10")
HISTORY = ROOT / "tests" / "data" / "histories" / "stud_cash.txt"
DONE = '#results[data-state="done"]'


def main() -> None:
    stud_odds.warm_up()
    with running_server() as (url, _), sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM)
        desktop = browser.new_page(viewport={"width": 1280, "height": 800}, base_url=url)
        desktop.goto(SPOT)
        desktop.wait_for_selector(DONE)
        desktop.set_input_files("#history-file", str(HISTORY))
        desktop.wait_for_function("document.getElementById('history-status').textContent"
                                  ".includes('stud hands replayed')")
        desktop.click("#history-hands tbody tr")
        desktop.wait_for_selector("svg[data-chart]")
        desktop.screenshot(path=str(ROOT / "docs" / "web-desktop.png"), full_page=True)
        phone = browser.new_page(viewport={"width": 390, "height": 844}, base_url=url,
                                 is_mobile=True, device_scale_factor=2)
        phone.goto(SPOT.replace("&classes=1", ""))
        phone.wait_for_selector(DONE)
        phone.screenshot(path=str(ROOT / "docs" / "web-phone.png"), full_page=True)
        browser.close()


if __name__ == "__main__":
    main()
