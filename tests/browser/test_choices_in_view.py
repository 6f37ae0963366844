"""The reader's own seat and its choices stay in view on a wide screen: whenever a human seat is
to move, a button of the board that the reader may press can be pressed where it is, without
scrolling.

Checked as a reader finds the sandbox in each wide layout, every game at its largest count (the
most seats to draw): pinned beside the rules at 1440 × 900, the panel scrolled to its top; put
below the rules at 1440 × 900, the page scrolled to 「遊んでみる」. Over the first moves of a game
(the reader's moves chosen by the game's own heuristic, so that they reach the game's next phases:
passing, bidding, the first tricks, the first chains). A phone, where every choice and every piece
of the hand must be in view at every decision, is test_phone_screen.py's.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Page, expect

from engine.registry import games
from engine.rng import Rng
from tests.browser.conftest import WarmSite
from tests.browser.helpers import (
    BOARD,
    SANDBOX,
    frames,
    new_log,
    next_step,
    open_shared,
    true_state,
    wait_new_frame,
)

LAYOUTS = {"pinned": (1440, 900), "below": (1440, 900)}
CASES = [
    pytest.param(game_id, players, layout, id=f"{game_id}-{players}p-{layout}")
    for game_id in sorted(games())
    for players in games()[game_id].info.players
    for layout in sorted(LAYOUTS)
    if players == max(games()[game_id].info.players)
]
MOVES = 4  # the reader's moves played per table
BOTS = "bot:random"  # quick to answer: what is checked is the reader's own turns

# The enabled action buttons the reader can press where they are: inside the window, and the
# topmost thing at their centre (not clipped by the panel, not under a sticky bar).
PRESSABLE = """board => [...document.querySelectorAll(`${board} button[data-action]:not(:disabled)`)]
  .filter((button) => {
    const r = button.getBoundingClientRect();
    if (r.width === 0 || r.left < 0 || r.top < 0) return false;
    if (r.right > innerWidth || r.bottom > innerHeight) return false;
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return hit !== null && button.contains(hit);
  })
  .map((button) => button.dataset.action)"""
# Where the reader starts on a wide screen: the pinned sidebar at its top, or the page at the
# heading above the sandbox when it is below the rules.
START = """layout => {
  const boxes = document.querySelectorAll(".md-sidebar--secondary .md-sidebar__scrollwrap");
  for (const box of boxes) box.scrollTop = 0;
  if (layout === "below") document.getElementById("play").scrollIntoView({ block: "start" });
  else window.scrollTo(0, 0);
}"""
CLICK = """([board, action]) => {
  const all = [...document.querySelectorAll(`${board} button[data-action]`)];
  const buttons = all.filter((b) => b.dataset.action === action);
  (buttons.find((b) => b.checkVisibility()) ?? buttons[0]).click();
}"""


@pytest.fixture
def reader_page(warm: WarmSite) -> Iterator[WarmSite]:
    """The warm page, put back at 1280 × 720 with the sandbox beside the rules afterwards."""
    yield warm
    page = warm.page
    page.keyboard.press("Escape")  # closes the phone's panel, if open
    page.evaluate("localStorage.removeItem('rb:layout')")
    page.set_viewport_size({"width": 390, "height": 844})  # a change of width places the panel again
    page.set_viewport_size({"width": 1280, "height": 720})
    page.wait_for_function("document.documentElement.dataset.rbLayout === 'side'")
    page.evaluate("window.scrollTo(0, 0)")


def show_as_a_reader_finds_it(warm: WarmSite, game_id: str, players: int, layout: str) -> Page:
    page = warm.show(game_id)
    width, height = LAYOUTS[layout]
    page.set_viewport_size({"width": width, "height": height})
    page.wait_for_function(
        "wide => (document.documentElement.dataset.rbLayout === 'side') === wide", arg=width > 1000
    )
    if layout == "below":
        page.get_by_role("button", name="ルールの下に置く").click()
        expect(page.locator(f".md-content {SANDBOX}")).to_be_visible()
    seats = ["human"] + [BOTS] * (players - 1)
    open_shared(page, {"log": new_log(game_id, players, 40 + players), "seats": seats})
    page.evaluate(START, layout)
    return page


@pytest.mark.parametrize(("game_id", "players", "layout"), CASES)
def test_a_choice_is_in_view_whenever_the_reader_is_to_move(
    reader_page: WarmSite, game_id: str, players: int, layout: str
) -> None:
    page = show_as_a_reader_finds_it(reader_page, game_id, players, layout)
    heuristic = games()[game_id].bots["heuristic"]()
    turns = 0
    for move in range(MOVES):
        if next_step(page) != "human":
            break
        pressable = page.evaluate(PRESSABLE, BOARD)
        state = true_state(page, game_id)
        assert pressable, (
            f"{game_id} at {players} players, {layout}: nothing to press in view at {state.history}"
        )
        assert set(pressable) <= set(state.legal_actions())
        turns += 1
        choice = heuristic.choose(state.view(state.current_player), Rng(move))
        before = frames(page)
        page.evaluate(CLICK, [BOARD, choice])
        wait_new_frame(page, before)
    assert turns >= 3, f"only {turns} of the reader's turns were checked"
