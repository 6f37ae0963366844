"""Take the README's screenshots of both layouts from the built site, in Debian's Chromium.

Wide: a game page at 1440 × 900, scrolled to the middle of its rules, the sandbox pinned beside
them. Phone: the same page at 390 × 844 with the sandbox opened over the rules.

    python -m build_tools.screenshots [--game rondo]        (make screenshots)
"""

from __future__ import annotations

import argparse
from pathlib import Path

from playwright.sync_api import Page, sync_playwright

from build_tools.serve import serving

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "screenshots"
CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]
READY = "['ready', 'error'].includes(document.querySelector('.rb-sandbox')?.dataset.rbState)"


def shoot(page: Page, url: str, path: Path, *, open_panel: bool) -> None:
    page.goto(url)
    page.wait_for_function(READY, timeout=120_000)
    page.evaluate("window.scrollTo(0, document.scrollingElement.scrollHeight / 3)")
    if open_panel:
        page.locator(".rb-play-fab").click()
    page.wait_for_timeout(300)  # let fonts and the board settle before the picture
    page.screenshot(path=path)
    print(f"wrote {path.relative_to(ROOT)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="rondo")
    args = parser.parse_args()
    OUT.mkdir(exist_ok=True)
    with serving(ROOT / "site", quiet=True) as base, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        for name, size, open_panel in (("side-by-side", (1440, 900), False), ("phone", (390, 844), True)):
            page = browser.new_page(locale="ja-JP", viewport={"width": size[0], "height": size[1]})
            shoot(page, f"{base}{args.game}.html", OUT / f"{name}.png", open_panel=open_panel)
            page.close()
        browser.close()


if __name__ == "__main__":
    main()
