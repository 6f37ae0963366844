"""End to end: the Necropolis sandbox in Debian's Chromium, served from 127.0.0.1 only.

Every request to another host fails the test (tests/conftest.py), and so does any console error
(tests/browser/conftest.py). The engine's true state comes from replaying the page's own saved
log in host Python, which also checks that the browser's Python and CPython agree.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Page, Route, expect

import engine
from engine.bridge import handle_json
from engine.games.necropolis.rules import tile_id
from engine.games.necropolis.view import tile_label
from tests.browser.helpers import (
    BOOT_TIMEOUT_MS,
    SANDBOX,
    choose,
    click_action,
    click_command,
    click_control,
    decode_fragment,
    move_lines,
    new_log,
    next_step,
    open_sandbox,
    saved,
    share_fragment,
    wait_settled,
)

FILE_MESSAGE = (
    "この遊び場は file:// では動きません。HTTP サーバーで配信してください（例: python3 -m http.server）。"
    "ルールはこのまま読めます。"
)
MAX_CLICKS = 400


def assert_opponent_hidden(page: Page, me: int) -> None:
    """Neither the opponent's mastaba area nor anything else in the sandbox shows its tiles."""
    state = engine.load_log(saved(page)["log"])
    hidden = [tile_id(tile) for tile in state._mastabas[1 - me]]
    area = page.locator(f"{SANDBOX} #nec-seat-{1 - me} .nec-mastaba")
    assert area.locator("[data-tile]").count() == 0
    assert area.locator(".nec-back").count() == len(hidden)
    html = page.inner_html(SANDBOX)
    for tile in hidden:
        top, bottom = tile.split("-")
        for face in {f"{top}-{bottom}", f"{bottom}-{top}"}:
            for leak in (f'data-tile="{face}"', f'id="nec-t-{face}"', tile_label(face)):
                assert leak not in html, f"{leak} of the opponent's mastaba is in the DOM"


def test_sandbox_boots_from_local_files(sandbox_page: Page, http_server: str) -> None:
    requested: list[str] = []
    sandbox_page.on("request", lambda request: requested.append(request.url))
    open_sandbox(sandbox_page, http_server + "necropolis.html")
    vendor = http_server + "assets/vendor/"
    for path in ("pyodide/pyodide.asm.wasm", "pyodide/python_stdlib.zip", "wheels/manifest.json"):
        assert vendor + path in requested
    assert any(url.startswith(vendor + "wheels/engine-") for url in requested)
    expect(sandbox_page.locator(f"{SANDBOX} .rb-runtime")).to_contain_text("Python 3.")
    expect(sandbox_page.locator(f"{SANDBOX} .rb-seed")).to_contain_text("シード: ")
    assert sandbox_page.evaluate("window.__rbWorkerStarts") == 1


def test_full_game_against_a_bot_hides_its_mastaba(sandbox_page: Page, http_server: str) -> None:
    seed = 2026
    entry = {"log": new_log(seed), "seats": ["human", "bot:heuristic"]}
    open_sandbox(sandbox_page, http_server + "necropolis.html" + share_fragment(entry))
    rng = random.Random(seed)
    for _ in range(MAX_CLICKS):
        if next_step(sandbox_page) == "over":
            break
        assert next_step(sandbox_page) == "human"
        assert_opponent_hidden(sandbox_page, me=0)
        click_action(sandbox_page, choose(sandbox_page, rng))
    else:
        raise AssertionError(f"seed {seed}: no end after {MAX_CLICKS} clicks")
    expect(sandbox_page.locator(f"{SANDBOX} .rb-board .nec-result")).to_contain_text("得点計算")
    state = engine.load_log(saved(sandbox_page)["log"])
    assert state.is_over()
    assert move_lines(sandbox_page) == state.log_lines(0)


def test_hand_over_between_two_humans_hides_the_other_hand(sandbox_page: Page, http_server: str) -> None:
    open_sandbox(sandbox_page, http_server + "necropolis.html")
    sandbox_page.get_by_label("後手", exact=True).select_option("human")
    wait_settled(sandbox_page)
    click_control(sandbox_page, "新しいゲーム")
    assert saved(sandbox_page)["seats"] == ["human", "human"]
    rng, handovers = random.Random(5), 0
    while handovers < 4:
        if next_step(sandbox_page) == "handover":
            handovers += 1
            assert sandbox_page.locator(f"{SANDBOX} .rb-board [data-tile]").count() == 0
            click_command(sandbox_page, "reveal")
        assert next_step(sandbox_page) == "human"
        me = engine.load_log(saved(sandbox_page)["log"]).current_player
        assert_opponent_hidden(sandbox_page, me=me)
        click_action(sandbox_page, choose(sandbox_page, rng))


def test_undo_takes_back_the_move_and_the_bots_reply(sandbox_page: Page, http_server: str) -> None:
    open_sandbox(sandbox_page, http_server + "necropolis.html")
    click_action(sandbox_page, "draw")
    before = (move_lines(sandbox_page), sandbox_page.inner_html(f"{SANDBOX} .rb-board"), saved(sandbox_page))
    click_action(sandbox_page, "keep")
    assert len(move_lines(sandbox_page)) > len(before[0]) + 1, "the bot did not answer"
    click_control(sandbox_page, "一手戻す")
    after = (move_lines(sandbox_page), sandbox_page.inner_html(f"{SANDBOX} .rb-board"), saved(sandbox_page))
    assert after == before


def test_share_link_reopens_the_same_position(sandbox_page: Page, http_server: str) -> None:
    open_sandbox(sandbox_page, http_server + "necropolis.html")
    click_action(sandbox_page, "draw")
    click_action(sandbox_page, "keep")
    lines, seed = move_lines(sandbox_page), sandbox_page.inner_text(f"{SANDBOX} .rb-seed")
    sandbox_page.get_by_role("button", name="共有リンクをコピー").click()
    url = sandbox_page.get_by_label("共有リンク").input_value()
    assert decode_fragment(url) == saved(sandbox_page)
    sandbox_page.evaluate("localStorage.clear()")
    sandbox_page.goto("about:blank")
    open_sandbox(sandbox_page, url)
    assert move_lines(sandbox_page) == lines
    assert sandbox_page.inner_text(f"{SANDBOX} .rb-seed") == seed
    assert "#rb=" not in sandbox_page.url


def test_bad_share_links_show_why_and_start_a_new_game(sandbox_page: Page, http_server: str) -> None:
    log = {**new_log(11), "actions": ["draw", "fly-away"]}
    request = {"op": "open", "sandbox": "t", "log": log, "seats": ["human", "bot:random"]}
    message = json.loads(handle_json(json.dumps(request)))["error"]
    page_url = http_server + "necropolis.html"
    for fragment, alert in (
        (share_fragment({"log": log, "seats": request["seats"]}), message),
        ("#rb=%%%not-base64", "共有リンクを読み取れませんでした。新しいゲームを始めます。"),
    ):
        sandbox_page.goto("about:blank")
        open_sandbox(sandbox_page, page_url + fragment)
        expect(sandbox_page.get_by_role("alert")).to_have_text(alert)
        assert move_lines(sandbox_page) == []


def test_reload_resumes_the_game(sandbox_page: Page, http_server: str) -> None:
    open_sandbox(sandbox_page, http_server + "necropolis.html")
    click_action(sandbox_page, "draw")
    click_action(sandbox_page, "keep")
    lines = move_lines(sandbox_page)
    sandbox_page.reload()
    wait_settled(sandbox_page)
    assert move_lines(sandbox_page) == lines


def test_keyboard_play_keeps_focus_on_the_board(sandbox_page: Page, http_server: str) -> None:
    open_sandbox(sandbox_page, http_server + "necropolis.html")
    sandbox_page.locator(f'{SANDBOX} button[data-action="draw"]').focus()
    sandbox_page.keyboard.press("Enter")
    wait_settled(sandbox_page)
    assert len(move_lines(sandbox_page)) == 1
    assert sandbox_page.evaluate("document.querySelector('.rb-board').contains(document.activeElement)")


def test_scenario_button_opens_the_example(sandbox_page: Page, http_server: str) -> None:
    sandbox_page.goto(http_server + "necropolis.html")
    button = sandbox_page.locator(".rb-open-scenario").first
    name = button.get_attribute("data-scenario")
    button.click()  # while Python is still starting: the shell remembers it
    wait_settled(sandbox_page)
    assert saved(sandbox_page)["log"]["scenario"] == name
    click_control(sandbox_page, "新しいゲーム")
    assert saved(sandbox_page)["log"]["scenario"] is None
    button.click()
    wait_settled(sandbox_page)
    assert saved(sandbox_page)["log"]["scenario"] == name
    assert move_lines(sandbox_page) == []


def test_instant_navigation_keeps_the_worker(sandbox_page: Page, http_server: str) -> None:
    open_sandbox(sandbox_page, http_server + "necropolis.html")
    click_action(sandbox_page, "draw")
    lines = move_lines(sandbox_page)
    sandbox_page.evaluate("window.__rbSamePage = true")
    sandbox_page.locator('.md-sidebar--primary a.md-nav__link[href$="/index.html"]').click()
    expect(sandbox_page).to_have_url(http_server + "index.html")
    sandbox_page.locator('.md-sidebar--primary a.md-nav__link[href$="/necropolis.html"]').click()
    wait_settled(sandbox_page, timeout=10_000)
    assert sandbox_page.evaluate("window.__rbSamePage") is True, "the page was reloaded"
    assert sandbox_page.evaluate("window.__rbWorkerStarts") == 1
    assert move_lines(sandbox_page) == lines


def corrupt_manifest(route: Route) -> None:
    response = route.fetch()
    route.fulfill(response=response, json={**response.json(), "sha256": "0" * 64})


def missing(route: Route) -> None:
    route.fulfill(status=404)


@pytest.mark.parametrize(
    ("url", "handler", "message"),
    [
        ("**/wheels/manifest.json", corrupt_manifest, "sha256"),  # Python fails while booting
        ("**/pyodide/pyodide.mjs", missing, "ワーカーが止まりました"),  # the worker itself fails
    ],
)
def test_a_failed_boot_is_an_error_not_a_wait(
    page: Page, http_server: str, url: str, handler: Callable[[Route], None], message: str
) -> None:
    page.context.route(url, handler)
    page.goto(http_server + "necropolis.html")
    expect(page.locator(SANDBOX)).to_have_attribute("data-rb-state", "error", timeout=BOOT_TIMEOUT_MS)
    expect(page.get_by_role("alert")).to_contain_text(message)


def test_without_webassembly_the_rules_stay_readable(sandbox_page: Page, http_server: str) -> None:
    sandbox_page.add_init_script("delete window.WebAssembly")
    sandbox_page.goto(http_server + "necropolis.html")
    expect(sandbox_page.locator(f"{SANDBOX} .rb-blocked")).to_contain_text("WebAssembly")
    assert sandbox_page.evaluate("window.__rbWorkerStarts") is None


def test_file_protocol_shows_the_guard(sandbox_page: Page, site_dir: Path) -> None:
    sandbox_page.goto((site_dir / "necropolis.html").as_uri())
    expect(sandbox_page.locator(f"{SANDBOX} .rb-blocked")).to_have_text(FILE_MESSAGE)
    assert sandbox_page.get_attribute(SANDBOX, "data-rb-state") == "error"
    assert sandbox_page.evaluate("window.__rbWorkerStarts") is None
