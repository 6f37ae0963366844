"""Accessibility in Chromium: axe-core on every built page, no sideways scrolling, keyboard play.

axe-core is vendored from npm like the runtime (pinned, integrity checked) but into .cache/, so
the site never serves it; it is injected into each page, 1280 and 360 px wide (and 360 px in the
dark scheme), after the sandbox is ready. Its experimental rules run too
(label-content-name-mismatch is one). Any serious or critical violation fails, listed with the
elements it was found on. The keyboard test plays every game to its end with Tab, Shift+Tab and
Enter, and checks after each move that focus is on the board or one of its buttons.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page

from build_tools.vendor import package_files
from engine.registry import games
from tests.browser.helpers import (
    SANDBOX,
    choose,
    legal_buttons,
    next_step,
    open_sandbox,
    share_fragment,
    wait_settled,
)

SCREENS = [("light", 1280), ("light", 360), ("dark", 360)]  # material follows the system's scheme
FAILING = {"serious", "critical"}
MAX_MOVES = 400
AXE_RUN = """async (selector) => {
  const rules = axe.getRules(["experimental"]).map((rule) => [rule.ruleId, { enabled: true }]);
  const result = await axe.run(selector, { resultTypes: ["violations"], rules: Object.fromEntries(rules) });
  return result.violations.map((v) => ({
    id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(" ")),
  }));
}"""
# How far the page scrolls sideways, in px (0: not at all).
SIDEWAYS = "(e => e.scrollWidth - e.clientWidth)(document.documentElement)"
# The element that has keyboard focus, as the board sees it: "board", "button:<action>" or other.
FOCUS = """(selector) => {
  const board = document.querySelector(selector + " .rb-board"), active = document.activeElement;
  if (active === board) return "board";
  const button = board.contains(active) && active.matches("button[data-action]");
  if (button) return "button:" + active.dataset.action;
  return "outside: " + (active?.outerHTML.slice(0, 80) ?? "none");
}"""
# Tab stops of the board, in order, and where focus is among them (-1: on the board itself).
TAB_STOPS = """(selector) => {
  const buttons = [...document.querySelectorAll(selector + " .rb-board button:not(:disabled)")];
  return { actions: buttons.map((b) => b.dataset.action), at: buttons.indexOf(document.activeElement) };
}"""


def axe_script() -> str:
    path = package_files("axe-core")[0]
    assert path.is_file(), f"{path} is missing: run `make vendor`"
    return path.read_text(encoding="utf-8")


def serious_violations(page: Page, selector: str = "html") -> list[str]:
    """Run axe-core on `selector`; the serious and critical violations, one line each."""
    if not page.evaluate("typeof window.axe === 'object'"):
        page.add_script_tag(content=axe_script())
    found: list[dict[str, Any]] = page.evaluate(AXE_RUN, selector)
    return [f"{v['impact']} {v['id']} ({v['help']}): {v['targets']}" for v in found if v["impact"] in FAILING]


def built_pages(site_dir: Path) -> list[str]:
    return sorted(path.name for path in site_dir.glob("*.html"))


@pytest.mark.parametrize(("scheme", "width"), SCREENS)
def test_every_page_has_no_serious_violation_and_no_sideways_scrolling(
    sandbox_page: Page, http_server: str, site_dir: Path, scheme: str, width: int
) -> None:
    sandbox_page.emulate_media(color_scheme=scheme)
    sandbox_page.set_viewport_size({"width": width, "height": 900})
    violations: dict[str, list[str]] = {}
    overflow: dict[str, int] = {}
    for name in built_pages(site_dir):
        sandbox_page.goto(http_server + name)
        if sandbox_page.locator(SANDBOX).count():
            wait_settled(sandbox_page)
        violations[name] = serious_violations(sandbox_page)
        overflow[name] = sandbox_page.evaluate(SIDEWAYS)
    assert {"necropolis.html", "no-return.html"} <= set(violations)
    assert {name: found for name, found in violations.items() if found} == {}
    assert {name: px for name, px in overflow.items() if px > 0} == {}, "pages scroll sideways (px)"


# --- keyboard ---------------------------------------------------------------------------------


def no_return_choice(actions: list[str], bag: int) -> str:
    """A short game: no set-up exchange, place or exchange as much as allowed, declare late."""
    for prefix in ("setup:done", "place:pick:", "exchange:pick:", "place:done", "exchange:done", "cash:done"):
        found = [a for a in actions if a.startswith(prefix)]
        if found:
            return found[0]
    if "declare" in actions and bag <= 40:
        return "declare"
    for prefix in ("cash:pick:", "cash:column:", "place", "exchange", "declare", "pass"):
        found = [a for a in actions if a.startswith(prefix)]
        if found:
            return found[0]
    raise AssertionError(f"no choice among {actions}")


def next_action(page: Page, game_id: str, rng: random.Random) -> str:
    if game_id == "necropolis":
        return choose(page, rng)
    bag = int(page.inner_text(f"{SANDBOX} .rb-board .nr-bag strong"))
    return no_return_choice(legal_buttons(page), bag)


def tab_to(page: Page, action: str) -> None:
    """Tab forward (or back, with Shift) from the focused element to the button of `action`;
    every stop on the way must be one of the board's buttons."""
    stops = page.evaluate(TAB_STOPS, SANDBOX)
    target = stops["actions"].index(action)
    key = "Tab" if target > stops["at"] else "Shift+Tab"
    for _ in range(abs(target - stops["at"])):
        page.keyboard.press(key)
        assert page.evaluate(FOCUS, SANDBOX).startswith("button:"), "Tab left the board's buttons"
    assert page.evaluate(FOCUS, SANDBOX) == f"button:{action}"


@pytest.mark.parametrize("game_id", sorted(games()))
def test_a_whole_game_with_tab_and_enter_only(sandbox_page: Page, http_server: str, game_id: str) -> None:
    game = games()[game_id]
    players = min(game.info.players)
    log = {"game": game_id, "players": players, "seed": 7, "options": {}, "actions": [], "scenario": None}
    seats = game.default_seats(players)
    open_sandbox(sandbox_page, http_server + f"{game_id}.html" + share_fragment({"log": log, "seats": seats}))
    sandbox_page.locator(f"{SANDBOX} .rb-board").focus()  # as after a skip link: focus at the board
    rng = random.Random(7)
    for _ in range(MAX_MOVES):
        if next_step(sandbox_page) == "over":
            break
        assert next_step(sandbox_page) == "human"
        tab_to(sandbox_page, next_action(sandbox_page, game_id, rng))
        sandbox_page.keyboard.press("Enter")
        wait_settled(sandbox_page)
        focus = sandbox_page.evaluate(FOCUS, SANDBOX)
        assert focus == "board" or focus.startswith("button:"), f"focus after the move: {focus}"
    else:
        raise AssertionError(f"{game_id}: no end after {MAX_MOVES} moves")
    assert sandbox_page.evaluate(FOCUS, SANDBOX) == "board"
    assert serious_violations(sandbox_page, f"{SANDBOX} .rb-board") == []  # the score table too
