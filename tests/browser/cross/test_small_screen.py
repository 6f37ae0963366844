"""Each game page at a phone's 390 × 844 in WebKit, the engine of every browser on an iPhone.

The page is opened with the test table (reader.py), and its layout is measured when the
sandbox is first ready, after each of the reader's first clicks, and on the finished game
(opened from a share link of the game host Python played to the end), so the setup, the
board in play and the result are all measured. Usable means:

- no sideways scroll: the document is no wider than the viewport;
- nothing clipped: nothing in the article sticks out past the viewport's edges (except inside
  a box meant to scroll sideways, as the theme wraps wide tables), and nothing in the sandbox
  hides part of its content (overflow hidden or clipped);
- touch targets: every visible button, select, input, summary and link of the sandbox is at
  least 44 × 44 CSS pixels (Apple's and WCAG 2.5.5's minimum).

By default the cheapest page is measured; `make test-browsers` (RB_BROWSER_PAGES=all) measures
every page.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

import pytest

import engine
from build_tools.browsers import launch
from engine.registry import find_game
from engine.rng import Rng
from tests.browser.cross.conftest import Site
from tests.browser.cross.reader import (
    READER,
    SEED,
    SETTLED_AFTER_BUSY,
    action_button,
    assert_ready,
    choose,
    click,
    enabled_actions,
    next_step,
    open_sandbox,
    saved_game,
    table,
)
from tests.browser.cross.test_cross_browser import BY_COST, PHONE, PLANS
from tests.browser.helpers import share_fragment

CLICKS = 12  # the reader's first clicks, each followed by a measure
TOUCH_PX = 44

# What a reader of a small screen would stumble on, described for the failure message.
LAYOUT = """(touchPx) => {
  const name = (el) => {
    const r = el.getBoundingClientRect();
    const text = (el.getAttribute("aria-label") ?? el.textContent).trim().replace(/\\s+/g, " ");
    const kind = el.className ? `.${el.className}` : "";
    const what = el.dataset.action ? `[data-action="${el.dataset.action}"]` : kind;
    const size = `${Math.round(r.width)}×${Math.round(r.height)}`;
    return `${el.localName}${what} "${text.slice(0, 24)}" ${size} at x=${Math.round(r.left)}`;
  };
  const shown = (el) => {
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== "hidden";
  };
  const scrollsSideways = (el) => ["auto", "scroll"].includes(getComputedStyle(el).overflowX);
  const inScroller = (el) => {
    for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) {
      if (scrollsSideways(up)) return true;
    }
    return false;
  };
  const hides = (el) => {
    const style = getComputedStyle(el);
    return (["hidden", "clip"].includes(style.overflowX) && el.scrollWidth > el.clientWidth + 1)
      || (["hidden", "clip"].includes(style.overflowY) && el.scrollHeight > el.clientHeight + 1);
  };
  const large = (el) => {
    const r = el.getBoundingClientRect();
    return r.width >= touchPx - 0.5 && r.height >= touchPx - 0.5;
  };
  const sandbox = document.querySelector(".rb-sandbox");
  const width = document.documentElement.scrollWidth;
  const article = [...document.querySelector(".md-content").querySelectorAll("*")].filter(shown);
  const targets = [...sandbox.querySelectorAll("button, select, input, summary, a[href]")].filter(shown);
  return {
    scroll: width > innerWidth ? [`the page is ${width} px wide in a ${innerWidth} px viewport`] : [],
    outside: article.filter((el) => {
      const r = el.getBoundingClientRect();
      return (r.left < -0.5 || r.right > innerWidth + 0.5) && !inScroller(el);
    }).map(name),
    clipped: [sandbox, ...sandbox.querySelectorAll("*")].filter(shown).filter(hides).map(name),
    // WCAG's equivalent-control exception: a small target is fine where a large one shown
    // beside it does the same (Rondo's spaces of the drawing, and the list of them).
    small: targets.filter((el) => !large(el) && !targets.some((other) =>
      other !== el && el.dataset.action && other.dataset.action === el.dataset.action && large(other)
    )).map(name),
  };
}"""


def pages() -> list[str]:
    return BY_COST if os.environ.get("RB_BROWSER_PAGES") == "all" else BY_COST[:1]


@pytest.fixture(scope="module", params=pages())
def layouts(request: pytest.FixtureRequest, site: Site) -> Iterator[dict[str, dict[str, list[str]]]]:
    """The page measured at each moment, by moment: {"ready": {...}, "click 1": {...}, ...}."""
    game = find_game(request.param)
    measured: dict[str, Any] = {}
    with launch("webkit", PHONE) as driver:
        open_sandbox(driver, site.url + f"{game.id}.html" + share_fragment(table(game)))
        measured["ready"] = driver.evaluate(LAYOUT, TOUCH_PX)
        rng = Rng(SEED)
        for number in range(1, CLICKS + 1):
            if next_step(driver) != "human":
                break
            view = engine.load_log(saved_game(driver, game.id)["log"]).view(READER)
            click(driver, action_button(choose(game, view, enabled_actions(driver), rng)))
            measured[f"click {number}"] = driver.evaluate(LAYOUT, TOUCH_PX)
        finished = {**table(game), "log": {**table(game)["log"], "actions": PLANS[game.id]}}
        reopen = "(fragment) => { window.__rbLeftBusy = false; location.hash = fragment; }"
        driver.evaluate(reopen, share_fragment(finished))
        driver.wait_for(SETTLED_AFTER_BUSY)
        assert_ready(driver)
        assert next_step(driver) == "over"
        measured["finished"] = driver.evaluate(LAYOUT, TOUCH_PX)
        assert driver.errors() == []
    yield measured


def problems(layouts: dict[str, dict[str, list[str]]], kind: str) -> dict[str, list[str]]:
    return {moment: found[kind] for moment, found in layouts.items() if found[kind]}


def test_no_sideways_scroll(layouts: dict[str, dict[str, list[str]]]) -> None:
    assert problems(layouts, "scroll") == {}


def test_nothing_sticks_out_or_is_clipped(layouts: dict[str, dict[str, list[str]]]) -> None:
    assert problems(layouts, "outside") == {}
    assert problems(layouts, "clipped") == {}


def test_the_sandboxs_touch_targets_are_44_px(layouts: dict[str, dict[str, list[str]]]) -> None:
    assert problems(layouts, "small") == {}
