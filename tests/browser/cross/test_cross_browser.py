"""Every game page in each browser engine readers use: Chromium, Firefox ESR and WebKitGTK.

One test body, run through build_tools.browsers' drivers (WebKit at a phone's 390 × 844, the
others at a desktop's size). For a page and a browser, in a fresh profile:

- the sandbox boots from the site's own files: the server saw the Pyodide runtime requested and
  answered every request the page made;
- a whole game is played through the board's buttons against bots (see reader.py), and it is
  move for move the game that host Python plays with the same seed and choices;
- at every step the board in the DOM is exactly what the game's own `render` draws for the
  reader's view of the true state (the worker's save, replayed in host Python). The engine's
  leak tests prove that view holds nothing hidden from the reader, so the DOM holds nothing of
  another seat's hidden pieces either;
- no console error or uncaught exception, and no request to any host but the serving one (as
  far as each engine lets a client see: build_tools.browsers).

By default Firefox and WebKit each play the cheapest page (the shortest test game), to keep
`make test` quick; Chromium plays every page in tests/browser/test_games.py. `make test-browsers`
(RB_BROWSER_PAGES=all) plays every page in all three.
"""

from __future__ import annotations

import os

import pytest

import engine
from build_tools.browsers import DESKTOP, launch
from engine.registry import find_game, games
from engine.rng import Rng
from tests.browser.cross.conftest import Site
from tests.browser.cross.reader import (
    READER,
    SEED,
    action_button,
    board_difference,
    choose,
    click,
    enabled_actions,
    left_the_host,
    next_step,
    open_sandbox,
    planned_game,
    saved_game,
    table,
)
from tests.browser.helpers import share_fragment

PHONE = (390, 844)
RUNTIME = "/assets/vendor/pyodide/pyodide.asm.wasm"
PLANS = {game_id: planned_game(game) for game_id, game in games().items()}
BY_COST = sorted(PLANS, key=lambda game_id: len(PLANS[game_id]))
EXTRA = ("firefox", "webkit")


def cases() -> list[tuple[str, str]]:
    if os.environ.get("RB_BROWSER_PAGES") == "all":
        return [(browser, game_id) for browser in ("chromium", *EXTRA) for game_id in BY_COST]
    return [(browser, BY_COST[0]) for browser in EXTRA]


@pytest.mark.parametrize(("browser", "game_id"), cases())
def test_a_whole_game_through_the_board_in_each_browser(site: Site, browser: str, game_id: str) -> None:
    game = find_game(game_id)
    entry, rng = table(game), Rng(SEED)
    site.served.clear()
    with launch(browser, PHONE if browser == "webkit" else DESKTOP) as driver:
        open_sandbox(driver, site.url + f"{game_id}.html" + share_fragment(entry))
        assert (RUNTIME, 200) in site.served, f"the runtime did not come from the site: {site.served}"
        assert [request for request in site.served if request[1] >= 400] == []

        for _ in range(len(PLANS[game_id]) + 1):
            step = next_step(driver)
            state = engine.load_log(saved_game(driver, game_id)["log"])
            view = state.view(READER)
            expected = game.render(view, interactive=step == "human")
            assert board_difference(driver, expected) is None, f"after {state.history}"
            if step == "over":
                break
            assert step == "human" and state.current_player == READER, step
            click(driver, action_button(choose(game, view, enabled_actions(driver), rng)))
        else:
            raise AssertionError(f"still no end after {len(PLANS[game_id])} actions: {state.history}")

        assert state.is_over() and state.history == PLANS[game_id], "the browser played another game"
        assert driver.errors() == []
        assert left_the_host(driver.requests(), site.url) == []
