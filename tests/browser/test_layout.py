"""Read and play side by side: the sandbox stays in view while the reader reads.

Wide screens put the sandbox beside the rules, pinned; phones open it over the rules from a
floating button. In both, a worked example or a rule link never moves the reader's place, and
nothing scrolls sideways.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Page, expect

import engine
from engine.registry import find_game, games
from engine.replay import to_log
from engine.rng import Rng
from tests.browser.conftest import WarmSite
from tests.browser.helpers import (
    BOARD,
    SANDBOX,
    click_action,
    frames,
    move_lines,
    near_the_end,
    new_log,
    open_shared,
    saved,
    wait_new_frame,
    wait_settled,
)
from tests.browser.test_accessibility import serious_violations

GAME = "no-return"  # the longest page of the landed games, with worked examples
WIDE = [(1440, 900), (1280, 800)]
PHONE = (390, 844)

IN_VIEW = """sel => [...document.querySelectorAll(sel)].filter((e) => {
  const r = e.getBoundingClientRect();
  return r.width > 0 && r.top >= 0 && r.bottom <= innerHeight && r.left >= 0 && r.right <= innerWidth;
}).length"""
SIDEWAYS = "document.scrollingElement.scrollWidth - document.scrollingElement.clientWidth"
SMALL_PHONE = (360, 740)
"""Where the score sheets are looked at: a sheet whole at 360 px is whole at 390, since the two
phones share every rule that lays a sheet out (the breakpoints lie at 440 px of the sandbox's area
and at 45em of the screen; a sheet's cells keep to one line, and its table takes the box's width),
and a wider box gives a table more room, never less."""
# In the sandbox's score sheets: the text of a cell that takes more than one line (a line break
# the view writes itself is two texts; a caption is prose, free to wrap), and the tables wider than
# their box or cut by the edge of the panel the sandbox is open in (or of the sandbox, where a game
# over lays it in the page).
SCORE_SHEETS = """() => {
  const panel = (document.querySelector(".rb-panel--open") ?? document.querySelector(".rb-sandbox"))
    .getBoundingClientRect();
  const lines = (node) => {
    const range = document.createRange();
    range.selectNodeContents(node);
    return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
  };
  const texts = (table) => {
    const walker = document.createTreeWalker(table, NodeFilter.SHOW_TEXT);
    const found = [];
    while (walker.nextNode()) {
      const text = walker.currentNode;
      if (text.textContent.trim() && text.parentElement.closest("th, td")) found.push(text);
    }
    return found;
  };
  const tables = [...document.querySelectorAll(".rb-sandbox .rb-sheet table")];
  return {
    tables: tables.length,
    wrapped: tables.flatMap(texts).filter((text) => lines(text) > 1).map((text) => text.textContent),
    wide: tables
      .filter((t) => t.scrollWidth > t.clientWidth + 1 || t.getBoundingClientRect().right > panel.right)
      .map((t) => t.querySelector("th").textContent),
  };
}"""
SHEETS = [("bottle-imp", 4, {"target": 200}), ("herrlof", 3, {})]
"""The games that keep a score sheet, at their most seats; The Bottle Imp to 200, a sheet of several
hands as wide as one to 500, whose whole game took the sandbox three times as long to open."""
# The focused toolbar button's name, and whether it lies whole on the screen, below the panel's
# bar; null once focus has left the toolbar.
TOOLBAR_FOCUS = """() => {
  const row = document.querySelector(".rb-panel--open .rb-toolbar");
  const button = document.activeElement;
  if (!row.contains(button)) return null;
  const r = button.getBoundingClientRect();
  const bar = document.querySelector(".rb-panel--open .rb-panel-bar").getBoundingClientRect();
  const whole = r.left >= 0 && r.right <= innerWidth && r.top >= bar.bottom && r.bottom <= innerHeight;
  return [button.textContent, whole];
}"""


@pytest.fixture
def layout_page(warm: WarmSite) -> Iterator[Page]:
    """The warm page on the game page, at the side-by-side default with the sandbox's settings
    folded (as a reader first finds them), back to 1280 × 720 after."""
    page = warm.show(GAME)
    page.evaluate("localStorage.removeItem('rb:layout')")
    page.locator(f"{SANDBOX} .rb-settings").evaluate("settings => { settings.open = false; }")
    yield page
    page.evaluate("localStorage.removeItem('rb:layout')")
    page.set_viewport_size({"width": 1280, "height": 720})
    page.evaluate("window.scrollTo(0, 0)")


def resize(page: Page, size: tuple[int, int]) -> None:
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.wait_for_function(
        "wide => (document.documentElement.dataset.rbLayout === 'side') === wide", arg=size[0] >= 1220
    )


def scroll_to_middle(page: Page) -> int:
    page.evaluate("window.scrollTo(0, document.scrollingElement.scrollHeight / 2)")
    page.wait_for_function("() => scrollY > 0")
    return page.evaluate("scrollY")


@pytest.mark.parametrize("size", WIDE, ids=lambda s: f"{s[0]}x{s[1]}")
def test_wide_screens_keep_the_sandbox_in_view_beside_the_rules(
    layout_page: Page, size: tuple[int, int]
) -> None:
    page = layout_page
    resize(page, size)
    expect(page.locator(f".md-sidebar--secondary {SANDBOX}")).to_be_visible()
    scroll_to_middle(page)
    shown = page.locator(f"{SANDBOX} .rb-toolbar button:visible").count()
    assert shown >= 3  # 新しいゲーム, 一手戻す, 共有リンクを作る and the page's tutorials
    in_view = page.evaluate(IN_VIEW, f"{SANDBOX} .rb-toolbar button")
    assert in_view == shown, "the sandbox's buttons left the view"
    assert page.locator(BOARD).evaluate("b => b.getBoundingClientRect().top < innerHeight / 2")
    assert page.evaluate(SIDEWAYS) <= 0
    board = page.locator(BOARD)
    assert board.evaluate("b => b.scrollWidth <= b.clientWidth + 1"), "the board is clipped in the column"
    toc = page.locator(".md-sidebar--secondary").get_by_role("button", name="目次")
    toc.click()
    expect(page.locator(".md-sidebar--secondary .md-nav--secondary")).to_be_visible()
    toc.click()
    expect(page.locator(f".md-sidebar--secondary {SANDBOX}")).to_be_visible()


def test_the_reader_can_put_the_sandbox_below_the_rules_and_it_is_remembered(layout_page: Page) -> None:
    page = layout_page
    resize(page, WIDE[0])
    open_shared(page, {"log": new_log(GAME, 2, 31, {"start_player": 0}), "seats": ["human", "bot:random"]})
    click_action(page, "setup:done")
    actions = saved(page, GAME)["log"]["actions"]
    page.get_by_role("button", name="ルールの下に置く").click()
    expect(page.locator(f".md-content {SANDBOX}")).to_be_visible()
    assert page.evaluate("document.documentElement.dataset.rbLayout") == "below"
    assert page.evaluate("localStorage.getItem('rb:layout')") == "below"
    assert saved(page, GAME)["log"]["actions"] == actions, "moving the panel changed the game"
    page.get_by_role("button", name="横に並べる").click()
    expect(page.locator(f".md-sidebar--secondary {SANDBOX}")).to_be_visible()


def test_on_a_phone_the_play_button_opens_the_sandbox_and_the_reading_place_is_kept(
    layout_page: Page,
) -> None:
    page = layout_page
    resize(page, PHONE)
    open_shared(page, {"log": new_log(GAME, 2, 32, {"start_player": 0}), "seats": ["human", "bot:random"]})
    place = scroll_to_middle(page)
    page.get_by_role("button", name="遊ぶ", exact=True).click()
    panel = page.locator(".rb-panel--open")
    expect(panel).to_be_visible()
    assert panel.evaluate(
        "p => { const r = p.getBoundingClientRect(); return r.top <= 0 && r.bottom >= innerHeight }"
    )
    assert page.evaluate(IN_VIEW, f"{BOARD} button[data-action]") > 0
    # the toolbar's buttons wrap, each whole; Tab from 「ルールに戻る」 brings each into view
    toolbar = page.locator(f".rb-panel--open {SANDBOX} .rb-toolbar button")
    reached = []
    page.keyboard.press("Tab")
    while (focused := page.evaluate(TOOLBAR_FOCUS)) is not None:
        assert focused[1], f"「{focused[0]}」 is not whole on the screen"
        reached.append(focused[0])
        page.keyboard.press("Tab")
    assert reached == [b.text_content() for b in toolbar.all() if b.is_enabled()]
    click_action(page, "setup:done")
    lines = move_lines(page)
    page.get_by_role("button", name="ルールに戻る").click()
    expect(panel).to_have_count(0)
    assert page.evaluate("scrollY") == place, "closing the sandbox moved the reader's place"
    assert page.evaluate(SIDEWAYS) <= 0
    page.get_by_role("button", name="遊ぶ", exact=True).click()
    assert move_lines(page) == lines, "the game did not go on where it was"
    page.keyboard.press("Escape")
    expect(page.locator(".rb-panel--open")).to_have_count(0)


STATUS_TOP = (
    "() => Math.round(document.querySelector('.rb-panel--open .rb-status-line').getBoundingClientRect().top)"
)


def test_on_a_phone_a_new_game_starts_on_the_table(layout_page: Page) -> None:
    """新しいゲーム, pressed in the open panel scrolled up to its toolbar, starts the new game where
    「遊ぶ」 opens the panel: its status line right under the bar, the table below it (the panel
    stayed where it was, on the toolbar and the settings)."""
    page = layout_page
    resize(page, PHONE)
    open_shared(page, {"log": new_log(GAME, 2, 32, {"start_player": 0}), "seats": ["human", "bot:random"]})
    page.get_by_role("button", name="遊ぶ", exact=True).click()
    on_the_table = page.evaluate(STATUS_TOP)
    page.locator(".rb-panel--open").evaluate("panel => { panel.scrollTop = 0; }")
    assert page.evaluate(STATUS_TOP) > on_the_table, "the toolbar is not above the status line"
    before = frames(page)
    page.get_by_role("button", name="新しいゲーム", exact=True).click()
    wait_new_frame(page, before)
    assert page.evaluate(STATUS_TOP) == on_the_table
    page.get_by_role("button", name="ルールに戻る").click()


@pytest.mark.parametrize("size", [WIDE[1], PHONE], ids=["wide", "phone"])
def test_a_worked_example_opens_without_moving_the_reading_place(
    layout_page: Page, size: tuple[int, int]
) -> None:
    page = layout_page
    resize(page, size)
    button = page.locator(".rb-open-scenario").first
    button.scroll_into_view_if_needed()
    place = page.evaluate("scrollY")
    before = frames(page)
    button.click()
    wait_new_frame(page, before)
    assert saved(page, GAME)["log"]["scenario"] == button.get_attribute("data-scenario")
    if size == PHONE:
        expect(page.locator(".rb-panel--open")).to_be_visible()
        page.get_by_role("button", name="ルールに戻る").click()
    assert page.evaluate("scrollY") == place


# Whether the rule of this id flashes from now on (it flashes for two seconds: a busy machine can
# take longer than that between the click and a look at it).
WATCH_FLASH = """id => {
  window.__rbFlashed = false;
  const rule = document.getElementById(id);
  new MutationObserver((_, watch) => {
    if (!rule.classList.contains("rb-highlight")) return;
    window.__rbFlashed = true;
    watch.disconnect();
  }).observe(rule, { attributes: true, attributeFilter: ["class"] });
}"""


@pytest.mark.parametrize("size", [WIDE[1], PHONE], ids=["wide", "phone"])
def test_a_rule_link_brings_the_rule_into_view_without_touching_the_game(
    layout_page: Page, size: tuple[int, int]
) -> None:
    page = layout_page
    resize(page, size)
    open_shared(page, {"log": new_log(GAME, 2, 33), "seats": ["human", "bot:random"]})
    before = saved(page, GAME)
    if size == PHONE:
        page.get_by_role("button", name="遊ぶ", exact=True).click()
    page.evaluate(
        """board => { const b = document.createElement('button');
        b.type = 'button'; b.dataset.action = 'cash:done'; b.textContent = 'x';
        document.querySelector(board).append(b); b.click(); }""",
        BOARD,
    )
    link = page.locator(SANDBOX).get_by_role("link", name="ルールを確認する")
    expect(link).to_be_visible()
    rule = link.get_attribute("href") or ""
    page.evaluate(WATCH_FLASH, rule[1:])
    link.click()
    assert page.evaluate("window.__rbFlashed"), "the rule did not flash"
    page.wait_for_function(
        "id => { const r = document.getElementById(id).getBoundingClientRect();"
        " return r.top >= 0 && r.top < innerHeight; }",
        arg=rule[1:],
    )
    expect(page.locator(".rb-panel--open")).to_have_count(0)
    wait_settled(page)
    assert saved(page, GAME) == before, "following the rule link changed the game"


@pytest.mark.parametrize("game_id", sorted(games()))
def test_every_game_board_fits_the_pinned_column(warm: WarmSite, game_id: str) -> None:
    page = warm.show(game_id)
    page.set_viewport_size({"width": 1280, "height": 800})
    try:
        expect(page.locator(f".md-sidebar--secondary {SANDBOX}")).to_be_visible()
        board = page.locator(BOARD)
        assert board.evaluate("b => b.scrollWidth <= b.clientWidth + 1"), f"{game_id}'s board is clipped"
        assert page.evaluate(SIDEWAYS) <= 0
    finally:
        page.set_viewport_size({"width": 1280, "height": 720})


@pytest.mark.parametrize("over", [False, True], ids=["playing", "over"])
@pytest.mark.parametrize(("game_id", "players", "options"), SHEETS, ids=[sheet[0] for sheet in SHEETS])
def test_every_score_sheet_fits_a_phone(
    warm: WarmSite, game_id: str, players: int, options: dict[str, Any], over: bool
) -> None:
    """A whole game by the heuristic, its last turns or its end (and its review): every text of the
    score sheets on one line and each table whole across the smaller phone's screen (SMALL_PHONE),
    and axe-core content (a seat's name, プレイヤー1, broke in two, and a Bottle Imp table ran past
    the panel).

    Not in test_phone_screen.py's walk, which plays these games to their end with taps: there the
    sheet is opened from 得点表 in the middle of a game, and closing it leaves the panel scrolled
    to its top (the other seats' head lines under the reader's seat at the decisions after); and
    the walk plays The Bottle Imp in one hand, whose sheet has no running layer."""
    log = new_log(game_id, players, 5, options)
    if over:
        game, state = find_game(game_id), engine.load_log(log)
        bots, rng = [game.bots["heuristic"]() for _ in range(players)], Rng(3)
        while not state.is_over():
            state.apply(bots[state.current_player].choose(state.view(state.current_player), rng))
        log = to_log(state)
    else:
        log = near_the_end(log, 2)
    page = warm.show(game_id)
    try:
        resize(page, SMALL_PHONE)
        open_shared(page, {"log": log, "seats": ["human"] + ["bot:heuristic"] * (players - 1)})
        if not over:  # a game over lays the sandbox in the page, its review in view
            page.get_by_role("button", name="遊ぶ", exact=True).click()
            # while the game is on, the running score sheet is a layer over the table (screen.js)
            expect(page.locator(".rb-sandbox .rb-scores")).to_be_hidden()
            page.get_by_role("button", name="得点表", exact=True).click()
            expect(page.locator(".rb-sandbox .rb-scores")).to_be_in_viewport()
        page.locator(".rb-sandbox .rb-sheet").last.scroll_into_view_if_needed()
        found = page.evaluate(SCORE_SHEETS)
        assert found["tables"] and (found["wrapped"], found["wide"]) == ([], [])
        assert serious_violations(page, ".rb-sandbox .rb-sheet") == []
    finally:
        page.keyboard.press("Escape")  # the score sheet's layer, where it is open
        page.keyboard.press("Escape")  # then the panel
        page.set_viewport_size({"width": 1280, "height": 720})
