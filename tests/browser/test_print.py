"""A printed rules page is a clean rulebook: Chromium prints every game page to A4 (as the
browser's print does), and the PDF's text, read back with pdftotext, holds the rules, the summary,
the engine's figures, the notes, the FAQ and where each outside link leads, and nothing of the
sandbox; the figures, boxes and tables are kept whole on a page.

The page is printed as a reader leaves it: the sandbox booted and a game open beside the rules.
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest
from playwright.sync_api import Page

from engine.registry import games
from tests.browser.conftest import WarmSite

MIN_PAGES, MAX_PAGES = 3, 30  # a whole rulebook, with no page left for a stray box or board
SANDBOX = ".rb-panel, .rb-sandbox, .rb-open-scenario, .rb-play-fab, .rb-docked-note"
# The texts of the sandbox (its controls, its board's buttons, its status), and the page's text
# without the sandbox: the rules, which may name a control (「一手戻す」で…) as often as they like.
TEXTS = """sandbox => {
  const shown = [".rb-panel :is(button, summary, .rb-status, .rb-runtime)", ".rb-open-scenario",
    ".rb-play-fab", ".rb-tutorial-links button"].join(", ");
  const controls = [...document.querySelectorAll(`${shown}, .rb-docked-note`)].map((e) => e.innerText);
  const rules = document.querySelector(".md-content").cloneNode(true);
  for (const element of rules.querySelectorAll(`${sandbox}, .rb-tutorial-links`)) element.remove();
  return { controls, rules: rules.textContent };
}"""
KEPT_WHOLE = """() => [...document.querySelectorAll(".md-typeset :is(figure, .admonition, table)")]
  .filter((element) => getComputedStyle(element).breakInside !== "avoid")
  .map((element) => element.outerHTML.slice(0, 80))"""
OUTSIDE_LINKS = """() => [...document.querySelectorAll(".md-content a[href]")]
  .filter((a) => a.href.split("#")[0] !== location.href.split("#")[0])
  .map((a) => decodeURI(a.href))"""


def printed_text(page: Page, path: Path) -> list[str]:
    """The page printed to A4 as the browser's print does, one text per printed page."""
    page.pdf(path=str(path), format="A4")
    text = subprocess.run(["pdftotext", str(path), "-"], capture_output=True, text=True, check=True).stdout
    return text.split("\f")[:-1]  # pdftotext ends every page with a form feed


def squeezed(text: str) -> str:
    """Without spaces, line breaks and digits: the PDF breaks lines where the page does, and
    pdftotext moves a number set in another font (a bold or italic 1) elsewhere on its line."""
    return re.sub(r"[\s0-9]+", "", text)


@pytest.mark.parametrize("game_id", sorted(games()))
def test_a_printed_rules_page_is_the_rulebook_and_nothing_of_the_sandbox(
    warm: WarmSite, game_id: str, tmp_path: Path
) -> None:
    page = warm.show(game_id)
    texts = page.evaluate(TEXTS, SANDBOX)
    rules = squeezed(texts["rules"])
    captions = page.locator("figure.rb-figure figcaption").all_inner_texts()
    leads_to = page.evaluate(OUTSIDE_LINKS)
    pages = printed_text(page, tmp_path / f"{game_id}.pdf")
    whole = squeezed("".join(pages))
    assert MIN_PAGES <= len(pages) <= MAX_PAGES, f"{game_id} printed on {len(pages)} pages"
    controls = {squeezed(text) for text in texts["controls"]} - {""}
    assert controls and [text for text in controls if whole.count(text) > rules.count(text)] == []
    assert captions and [text for text in captions if squeezed(text) not in whole] == []
    for heading in (f"1分でわかる{games()[game_id].info.name}", "補足", "よくある質問", "クレジット"):
        assert squeezed(heading) in whole
    assert leads_to and [url for url in leads_to if squeezed(f"（{url}）") not in whole] == []
    inside = re.search(r"（#[^）]*）", re.sub(r"\s+", "", "".join(pages)))
    assert inside is None, f"a link within the page printed an address: {inside}"
    page.emulate_media(media="print")
    try:
        assert page.evaluate(KEPT_WHOLE) == [], "a figure, box or table may be cut across pages"
    finally:
        page.emulate_media(media="null")  # no emulation, as the shared page had
