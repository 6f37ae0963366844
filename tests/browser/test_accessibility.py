"""Accessibility in Chromium: axe-core on every built page, no sideways scrolling, keyboard play.

axe-core is vendored from npm like the runtime (pinned, integrity checked) but into .cache/, so
the site never serves it; it is injected into each page, 1280 px wide in the light scheme and
360 px wide in the dark one, after the sandbox is ready. Its experimental rules run too
(label-content-name-mismatch is one). Any serious or critical violation fails, listed with the
elements it was found on. The keyboard test plays the opening and the end of a game of each
game with Tab, Shift+Tab and Enter, and checks after each move that focus is on the board or one
of its buttons.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page

from build_tools.vendor import package_files
from engine.bots.base import Bot
from engine.registry import find_game, games
from engine.rng import Rng
from tests.browser.conftest import WarmSite
from tests.browser.helpers import (
    SANDBOX,
    near_the_end,
    new_log,
    next_step,
    open_shared,
    saved,
    true_state,
    wait_settled,
)

SCREENS = [("light", 1280), ("dark", 360)]
"""The phone's layout in the dark scheme, the wide one in the light: every colour of both schemes
and both layouts are seen (the layouts share their colours, the schemes their layout)."""
FAILING = {"serious", "critical"}
KEY_MOVES = 12
# The rules on by default and the experimental ones, but only those that can report a serious or
# critical violation (by the rule's impact or any of its checks'): the others can fail nothing here
# and cost a tenth of a run. No HTML snippets: the targets name the elements.
AXE_RUN = """async (selector) => {
  const rank = { minor: 1, moderate: 2, serious: 3, critical: 4 }, checks = axe._audit.data.checks;
  const experimental = new Set(axe.getRules(["experimental"]).map((rule) => rule.ruleId));
  const impacts = (rule) => [rule.impact, ...[...rule.any, ...rule.all, ...rule.none]
    .map((check) => checks[check.id ?? check]?.impact)];
  const rules = axe._audit.rules.filter((rule) => (rule.enabled || experimental.has(rule.id))
    && impacts(rule).some((impact) => rank[impact] >= rank.serious));
  const result = await axe.run(selector,
    { resultTypes: ["violations"], noHtml: true, runOnly: rules.map((rule) => rule.id) });
  return result.violations.map((v) => ({
    id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(" ")),
  }));
}"""
STILL = "*, ::before, ::after { transition: none !important; animation: none !important }"
# How far the page scrolls sideways, in px (0: not at all).
SIDEWAYS = "(e => e.scrollWidth - e.clientWidth)(document.documentElement)"
# The element that has keyboard focus, as the board sees it: "board", "button:<action>" or other.
FOCUS = """(selector) => {
  const board = document.querySelector(selector + " .rb-board"), active = document.activeElement;
  if (active === board) return "board";
  const button = board.contains(active) && active.matches("button[data-action]");
  if (button) return "button:" + active.dataset.action;
  // another seat's head line, a button where the sandbox is narrow (screen.js)
  if (board.contains(active) && active.matches(".rb-seat-head[role=button]")) {
    return "button:seat:" + active.parentElement.dataset.seat;
  }
  return "outside: " + (active?.outerHTML.slice(0, 80) ?? "none");
}"""
# Record every stop focus makes from now on, each as FOCUS names it.
RECORD_STOPS = f"""(selector) => {{
  const name = {FOCUS};
  window.__rbStops = [];
  window.__rbStopsWatch?.abort();
  window.__rbStopsWatch = new AbortController();
  document.addEventListener("focusin", () => window.__rbStops.push(name(selector)),
    {{ signal: window.__rbStopsWatch.signal }});
}}"""
READ_STOPS = "() => { window.__rbStopsWatch.abort(); return window.__rbStops; }"  # and stop recording
# Tab stops of the board, in order, and where focus is among them (-1: on the board itself): its
# buttons, and where the sandbox is narrow the other seats' head lines (seat:N; screen.js).
TAB_STOPS = """(selector) => {
  const stops = ["button:not(:disabled)", ".rb-seat-head[role=button]"].join(", ");
  const buttons = [...document.querySelectorAll(selector + " .rb-board :is(" + stops + ")")]
    .filter((b) => b.checkVisibility() && b.tabIndex >= 0);  // hidden, or a board's piece for touch alone
  const name = (b) => b.dataset.action ?? "seat:" + b.parentElement.dataset.seat;
  return { actions: buttons.map(name), at: buttons.indexOf(document.activeElement) };
}"""


def axe_script() -> str:
    path = package_files("axe-core")[0]
    assert path.is_file(), f"{path} is missing: run `make vendor`"
    return path.read_text(encoding="utf-8")


def serious_violations(page: Page, selector: str = "html") -> list[str]:
    """Run axe-core on `selector`; the serious and critical violations, one line each."""
    if not page.evaluate("typeof window.axe === 'object'"):
        page.add_script_tag(content=axe_script())
    if not page.evaluate("!!document.getElementById('rb-still')"):  # colours mid-transition mislead
        page.add_style_tag(content=STILL)
        page.evaluate("document.head.lastElementChild.id = 'rb-still'")
    found: list[dict[str, Any]] = page.evaluate(AXE_RUN, selector)
    return [f"{v['impact']} {v['id']} ({v['help']}): {v['targets']}" for v in found if v["impact"] in FAILING]


def built_pages(site_dir: Path) -> list[str]:
    return sorted(path.name for path in site_dir.glob("*.html"))


SCHEME_TOGGLE = {"dark": "ダークモードに切り替え", "light": "ライトモードに切り替え"}


def use_scheme(page: Page, scheme: str) -> None:
    """Switch material's palette as a reader does, with the header's toggle (it is remembered)."""
    wanted = "slate" if scheme == "dark" else "default"
    if page.evaluate("document.body.dataset.mdColorScheme") != wanted:
        page.locator(f'label[title="{SCHEME_TOGGLE[scheme]}"]').click()
        page.wait_for_function("s => document.body.dataset.mdColorScheme === s", arg=wanted)


@pytest.fixture
def screen_page(warm: WarmSite) -> Iterator[Page]:
    """The warm page; its viewport and colour scheme are put back after the test."""
    yield warm.page
    warm.page.set_viewport_size({"width": 1280, "height": 720})
    use_scheme(warm.page, "light")


@pytest.mark.parametrize(("scheme", "width"), SCREENS)
def test_every_page_has_no_serious_violation_and_no_sideways_scrolling(
    warm: WarmSite, screen_page: Page, site_dir: Path, scheme: str, width: int
) -> None:
    """Every page in this layout (side by side at 1280, the phone's at 360); at 360 also the
    sandbox opened over the rules (axe on the sandbox alone: opening it changes nothing else, and
    the page around it was just swept)."""
    use_scheme(screen_page, scheme)
    screen_page.set_viewport_size({"width": width, "height": 900})
    violations: dict[str, list[str]] = {}
    overflow: dict[str, int] = {}
    for name in built_pages(site_dir):
        page = warm.visit(name)
        violations[name] = serious_violations(page)
        overflow[name] = page.evaluate(SIDEWAYS)
        if width < 1220 and page.locator(SANDBOX).count():
            page.locator(".rb-play-fab").click()
            violations[f"{name} (sandbox open)"] = serious_violations(page, SANDBOX)
            page.keyboard.press("Escape")
    assert {f"{game_id}.html" for game_id in games()} <= set(violations)
    assert {name: found for name, found in violations.items() if found} == {}
    assert {name: px for name, px in overflow.items() if px > 0} == {}, "pages scroll sideways (px)"


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_a_hovered_link_keeps_its_contrast(warm: WarmSite, screen_page: Page, scheme: str) -> None:
    """Material's indigo accent, the colour of a hovered link, is under 4.5:1 in both schemes
    (palette.css darkens and lightens it); axe saw it whenever a test left the pointer on the nav.
    axe looks at the nav alone: a hover changes nothing else, and the sweep saw the rest."""
    use_scheme(screen_page, scheme)
    page = warm.show(sorted(games())[0])
    link = page.locator(".md-sidebar--primary .md-nav__link").filter(visible=True).first
    link.hover()
    assert link.evaluate("a => a.matches(':hover')")
    assert serious_violations(page, ".md-sidebar--primary") == []
    page.mouse.move(0, 0)


# --- keyboard ---------------------------------------------------------------------------------


def tab_to(page: Page, action: str) -> None:
    """Tab forward (or back, with Shift) from the focused element to the button of `action`;
    every stop on the way must be the board's next button, in order (the stops are recorded in
    the page as focus moves, and read once at the end)."""
    stops = page.evaluate(TAB_STOPS, SANDBOX)
    target = stops["actions"].index(action)
    forward = target > stops["at"]
    expected = (
        stops["actions"][stops["at"] + 1 : target + 1]
        if forward
        else stops["actions"][target : stops["at"]][::-1]
    )
    page.evaluate(RECORD_STOPS, SANDBOX)
    for _ in expected:
        page.keyboard.press("Tab" if forward else "Shift+Tab")
    visited = page.evaluate(READ_STOPS)
    assert visited == [f"button:{stop}" for stop in expected], "Tab left the board's buttons or skipped one"


def moves_with_keys(page: Page, game_id: str, bot: Bot, rng: Rng, moves: int) -> bool:
    """Make up to `moves` of the reader's moves (the game's own heuristic, as a reader who knows
    the rules) by tabbing to their button and pressing Enter, checking that focus stays on the
    board after each; whether the game is over."""
    for _ in range(moves):
        if next_step(page) == "over":
            return True
        assert next_step(page) == "human"
        tab_to(page, bot.choose(true_state(page, game_id).view(0), rng))
        page.keyboard.press("Enter")
        wait_settled(page)
        focus = page.evaluate(FOCUS, SANDBOX)
        assert focus == "board" or focus.startswith("button:"), f"focus after the move: {focus}"
    return next_step(page) == "over"


@pytest.mark.parametrize("game_id", sorted(games()))
def test_a_game_opened_and_ended_with_tab_and_enter_only(warm: WarmSite, game_id: str) -> None:
    """The reader's first KEY_MOVES moves and, opened from a share link near the end of the same
    game, the last KEY_MOVES are made with Tab, Shift+Tab and Enter: every stage of the board is
    met, and the end, where focus is left on the board. (The middle of a game is the same
    buttons again: the whole game took half a minute a game.)"""
    game = find_game(game_id)
    players = min(game.info.players)
    page = warm.show(game_id)
    seats = ["human"] + ["bot:heuristic"] * (players - 1)
    open_shared(page, {"log": new_log(game_id, players, 7, game.option_samples[0]), "seats": seats})
    page.locator(f"{SANDBOX} .rb-board").focus()  # as after a skip link: focus at the board
    bot, rng = game.bots["heuristic"](), Rng(7)
    if not moves_with_keys(page, game_id, bot, rng, KEY_MOVES):
        open_shared(page, {"log": near_the_end(saved(page, game_id)["log"], KEY_MOVES), "seats": seats})
        wait_settled(page)
        page.locator(f"{SANDBOX} .rb-board").focus()
        assert moves_with_keys(page, game_id, bot, rng, 2 * KEY_MOVES), f"{game_id}: no end"
    assert page.evaluate(FOCUS, SANDBOX) == "board"
    # The score table too, in the page's flow: axe cannot see past the edge of the pinned column
    # (what lies outside its scrolled view takes the colours of whatever is drawn there).
    page.get_by_role("button", name="ルールの下に置く").click()
    try:
        assert serious_violations(page, f"{SANDBOX} .rb-board") == []
    finally:
        page.get_by_role("button", name="横に並べる").click()
