"""Every game page in each browser engine readers use: Chromium, Firefox ESR and WebKitGTK.

One test body, run through build_tools.browsers' drivers (WebKit at a phone's 390 × 844, the
others at a desktop's size), in one fresh profile per browser and page, page load after page load
as a reader goes:

1. The game page's first start is loadPyodide's own, from the site's own files: the server saw
   the Pyodide runtime requested (its gzip sibling, which the worker unpacks) and answered every
   request the page made; the worker then keeps a snapshot of the interpreter.
2. A whole game is played through the board's buttons against bots (see reader.py), and it is
   move for move the game that host Python plays with the same seed and choices. At every step
   the board in the DOM is exactly what the game's own `render` draws for the reader's view of
   the true state (the worker's save, replayed in host Python). The engine's leak tests prove
   that view holds nothing hidden from the reader, so the DOM holds nothing of another seat's
   hidden pieces either.
3. In WebKit, the page is usable at a phone's size while the game is played (small_screen.py),
   and 「遊ぶ」 opens the panel on the table, the status line under its bar and the other seats
   uncovered; then, on the same page (opened with the tests' BroadcastChannel transport), a
   short table of phones, host and guest as two tabs, with a rejoin (table.py).
4. In the profile of the cheapest page: three pages are left while their sandboxes start, and
   the Back button shows the one before the last (the shortest tutorial's page) again, ready,
   its interpreter restored from the kept snapshot all the same (both engines: each had its own
   bug there). Then, where marked, by default in Firefox alone (the same JavaScript in every
   engine; Chromium plays every tutorial and every kind of start, and `make test-browsers` runs
   these in all three):
   - (Firefox) the shortest tutorial played to its end on that page (tutorial.py);
   - (WebKit) on that page, the message a browser without WebRTC gives (table.py; after the
     tutorial, as the table's panel, closed, leaves the game over the rules);
   - (Firefox) a start from a snapshot Pyodide refuses: a normal start that plays and keeps a
     good snapshot again (start_up.py).
   Last, in both, the service worker has kept the site, and with the host unreachable it serves
   a kept page and its offline page (offline.py).
5. Throughout: no console error or uncaught exception, and no request to any host but the serving
   one (as far as each engine lets a client see: build_tools.browsers).

One launch per browser and two full starts (WebKit) or three (Firefox), where four launches and
six starts checked the same. By default Firefox and WebKit each play the cheapest page (the
shortest test game), to keep `make test` quick; Chromium plays every game in
tests/browser/test_phone_screen.py, every tutorial in test_tutorials.py and every kind of start in
test_startup.py. `make test-browsers` (RB_BROWSER_PAGES=all) plays and measures every page in all
three, and runs every part of step 4 in each.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

import engine
from build_tools.browsers import DESKTOP, Driver, WebKitDriver, launch
from engine.registry import find_game, games
from engine.rng import Rng
from tests.browser.cross import offline, small_screen, tutorial
from tests.browser.cross import table as table_of_phones
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
from tests.browser.cross.start_up import boot, kept_key, leave_while_starting, start_from_a_refused_snapshot
from tests.browser.helpers import share_fragment
from tests.browser.table import TRANSPORT

PHONE = (390, 844)
RUNTIME = "/assets/vendor/pyodide/pyodide.asm.wasm"
PLANS = {game_id: planned_game(game) for game_id, game in games().items()}
BY_COST = sorted(PLANS, key=lambda game_id: len(PLANS[game_id]))
EXTRA = ("firefox", "webkit")
EVERY_PAGE = os.environ.get("RB_BROWSER_PAGES") == "all"
ONE_ENGINE = {"tutorial": "firefox", "refused snapshot": "firefox"}
"""The parts of a profile that, by default, one engine runs (the docstring's step 4: Firefox, where
they cost the least CPU); with RB_BROWSER_PAGES=all, every browser runs each."""
CUT_OFF = "A ServiceWorker intercepted the request and encountered an unexpected error"
"""What Firefox logs for a page's file the service worker was answering when the page was left (a
file it keeps: the message is not the one of a failed answer, which names its rejection). Allowed
only while pages are left as they start, where the test cuts them off itself."""


def cases() -> list[tuple[str, str]]:
    if EVERY_PAGE:
        return [(browser, game_id) for browser in ("chromium", *EXTRA) for game_id in BY_COST]
    return [(browser, BY_COST[0]) for browser in EXTRA]


def runs(part: str, browser: str) -> bool:
    """Whether this browser's profile runs `part` (a key of ONE_ENGINE)."""
    return EVERY_PAGE or ONE_ENGINE[part] == browser


@pytest.mark.parametrize(("browser", "game_id"), cases())
def test_a_profile_from_its_first_start_in_each_browser(
    site: Site, site_dir: Path, browser: str, game_id: str
) -> None:
    key = json.loads((site_dir / "assets/vendor/python/manifest.json").read_text())["key"]
    layouts: dict[str, dict[str, list[str]]] | None = {} if browser == "webkit" else None
    size = PHONE if browser == "webkit" else DESKTOP
    with launch(browser, size) as driver:
        expected_errors: list[str] = []  # what a step below knows its engine logs
        page = f"{game_id}.html" + (TRANSPORT if isinstance(driver, WebKitDriver) else "")
        play_a_whole_game(driver, site, game_id, page, layouts)
        # The site kept before the next page loads: once (1 of 5 full runs under load),
        # WebKitWebDriver's navigation failed with a bare "unknown error" as the service worker's
        # first install was ending (not seen in 5 runs of this test alone, one with the cores loaded).
        offline.wait_until_kept(driver)
        if isinstance(driver, WebKitDriver):
            assert layouts is not None and small_screen.problems(layouts) == {}
            table_of_phones.play_a_table(driver, Rng(SEED))
        assert kept_key(driver) == key, "no snapshot kept after the first start"
        if game_id == BY_COST[0]:
            others = [f"{other}.html" for other in BY_COST if other not in (game_id, tutorial.GAME_ID)]
            before = len(driver.errors())
            leave_while_starting(driver, site.url, [others[0], tutorial.PAGE, others[1]])
            expected_errors = [error for error in driver.errors()[before:] if CUT_OFF in error]
            assert boot(driver) == "restored", "after pages left, the kept interpreter was not restored"
            if runs("tutorial", browser):
                tutorial.play_the_shortest_tutorial(driver)
            if isinstance(driver, WebKitDriver):
                table_of_phones.says_it_cannot_connect(driver)
            if runs("refused snapshot", browser):
                fresh_game = f"{game_id}.html" + share_fragment(table(find_game(game_id)))
                start_from_a_refused_snapshot(driver, site.url, fresh_game, key)
            expected_errors += offline.served_with_the_host_unreachable(driver, site)
        assert [error for error in driver.errors() if error not in expected_errors] == []
        assert left_the_host(driver.requests(), site.url) == []


def play_a_whole_game(
    driver: Driver, site: Site, game_id: str, page: str, layouts: dict[str, dict[str, list[str]]] | None
) -> None:
    """The first start on the game's `page` (its file, and a query if any), then the test game
    through the board to its end; the page measured into `layouts` at a small screen's moments
    (small_screen.py), if given."""
    game = find_game(game_id)
    entry, rng = table(game), Rng(SEED)
    site.forget()
    open_sandbox(driver, site.url + page + share_fragment(entry))
    assert boot(driver) == "started", "a fresh profile's first start"
    runtime = [(path, status) for path, status in site.served if path in (RUNTIME, RUNTIME + ".gz")]
    assert runtime == [(RUNTIME + ".gz", 200)], f"the runtime did not come from the site: {site.served}"
    assert [request for request in site.served if request[1] >= 400] == []

    def measure(moment: str) -> None:
        if layouts is not None:
            layouts[moment] = small_screen.measure(driver)

    measure("ready")
    for clicks in range(len(PLANS[game_id]) + 1):
        step = next_step(driver)
        state = engine.load_log(saved_game(driver, game_id)["log"])
        view = state.view(READER)
        expected = game.render(view, interactive=step == "human")
        assert board_difference(driver, expected) is None, f"after {state.history}"
        if step == "over":
            measure("finished")
            break
        assert step == "human" and state.current_player == READER, step
        click(driver, action_button(choose(game, view, enabled_actions(driver), rng)))
        if clicks < small_screen.CLICKS:
            measure(f"click {clicks + 1}")
        if clicks == 0 and layouts is not None:  # the game on: a phone's panel opens on its table
            assert small_screen.opened_on_the_table(driver) == []
    else:
        raise AssertionError(f"still no end after {len(PLANS[game_id])} actions: {state.history}")
    assert state.is_over() and state.history == PLANS[game_id], "the browser played another game"
