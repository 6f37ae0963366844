"""The sandbox shell in Debian's Chromium, served from 127.0.0.1 only, on the Necropolis page.

The shell knows no game, so one game's page is enough to test it. Every request to another
host and every console error fails a test (conftest.py). Start-up is tested on a cold page; a
test that needs a page load but not a first start (a reload, a link on arrival, a second worker)
has a page of its own in the profile browser tests share (conftest.py), cleared of saved games; the
rest shares the warm page, whose Python stays booted.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Page, Route, expect

import engine
from engine.bridge import handle_json
from engine.games.necropolis.rules import tile_id
from tests.browser.conftest import WarmSite
from tests.browser.helpers import (
    BOARD,
    BOOT_TIMEOUT_MS,
    NO_SERVICE_WORKER,
    SANDBOX,
    board_mismatch,
    click_action,
    click_command,
    click_control,
    decode_fragment,
    frames,
    move_lines,
    new_log,
    next_step,
    open_sandbox,
    open_settings,
    open_shared,
    saved,
    share_fragment,
    true_state,
    wait_new_frame,
    wait_settled,
)
from tests.conftest import Guard

GAME = "necropolis"
THINKING_GAME = "rondo"
THINKING_DEALS = (5, 6, 7, 8, 9, 10)  # the bots got faster (issue 50): six chances under load
USE_THE_PAGE_WITHIN_ONE_STEP = """async (sel) => {
  const el = document.querySelector(sel);
  const summary = el.querySelector(".rb-moves > summary");
  const thinking = () => el.querySelector(".rb-thinking").textContent === "考え中…";
  const yieldToThePage = () => new Promise((resolve) => setTimeout(resolve, 0));
  const frames = el.dataset.rbFrames;
  if (!thinking()) return false;
  const y = window.scrollY;
  window.scrollBy(0, y > 200 ? -100 : 100);
  await yieldToThePage();
  const scrolled = window.scrollY !== y;
  summary.click();
  await yieldToThePage();
  const closed = !summary.parentElement.open;
  summary.click();
  await yieldToThePage();
  const reopened = summary.parentElement.open;
  return scrolled && closed && reopened && thinking() && el.dataset.rbFrames === frames;
}"""
BAD_LINK = "共有リンクを読み取れませんでした。新しいゲームを始めます。"
FILE_MESSAGE = (
    "この遊び場は file:// では動きません。HTTP サーバーで配信してください（例: python3 -m http.server）。"
    "ルールはこのまま読めます。"
)


def necropolis(page: Page, seats: list[str], seed: int = 5) -> None:
    open_shared(page, {"log": new_log(GAME, 2, seed), "seats": seats})


def assert_shows_only(page: Page, viewer: int) -> None:
    """The board is the engine's drawing of `viewer`'s view: no other side's tiles."""
    state = true_state(page, GAME)
    game = engine.find_game(GAME)
    interactive = next_step(page) == "human"
    assert board_mismatch(page, game.render(state.view(viewer), interactive=interactive)) is None
    for tile in state._mastabas[1 - viewer]:
        assert page.locator(f'{BOARD} [data-tile="{tile_id(tile)}"]').count() == 0


# --- start-up (cold pages) -------------------------------------------------------------------------


def corrupt_manifest(route: Route) -> None:
    response = route.fetch()
    manifest = response.json()
    route.fulfill(response=response, json={**manifest, "wheel": {**manifest["wheel"], "sha256": "0" * 64}})


def missing(route: Route) -> None:
    route.fulfill(status=404)


@pytest.mark.parametrize(
    ("url", "handler", "message"),
    [
        ("**/python/manifest.json", corrupt_manifest, "sha256"),  # Python fails while booting
        ("**/pyodide/pyodide.mjs", missing, "ワーカーが止まりました"),  # the worker itself fails
    ],
)
def test_a_failed_boot_is_an_error_not_a_wait(
    page: Page, guard: Guard, http_server: str, url: str, handler: Callable[[Route], None], message: str
) -> None:
    guard.expect(message)  # the shell reports the failure to developers too ("rb: Error: …")
    page.context.add_init_script(NO_SERVICE_WORKER)  # keeping the site offline is no part of a boot
    page.context.route(url, handler)
    page.goto(http_server + "necropolis.html")
    expect(page.locator(SANDBOX)).to_have_attribute("data-rb-state", "error", timeout=BOOT_TIMEOUT_MS)
    expect(page.get_by_role("alert")).to_contain_text(message)
    expect(page.get_by_role("button", name="もう一度読み込む")).to_be_visible()
    page.context.unroute(url)
    page.get_by_role("button", name="もう一度読み込む").click()
    wait_settled(page)
    assert page.evaluate("window.__rbWorkerStarts") == 2


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


TALK_TO_A_NEW_WORKER = """async (url) => {
  const worker = new Worker(url, { type: "module" });
  const waiting = new Map();
  // a call's answer (not the word that the worker started it, which channel.js times from)
  worker.addEventListener("message", ({ data }) => data.type !== "started" && waiting.get(data.id)?.(data));
  let id = 0;
  const ask = (type, payload) => new Promise((resolve) => {
    waiting.set(++id, resolve);
    worker.postMessage({ id, type, payload });
  });
  const sandbox = "order-1";
  const [resumed, closed] = await Promise.all([
    ask("resume", { game: "necropolis", sandbox }),
    ask("call", { op: "close", sandbox }),
  ]);
  const exported = await ask("call", { op: "export", sandbox });
  worker.terminate();
  return [resumed.result.ok, closed.result.ok, exported.result.ok];
}"""


def test_the_worker_answers_requests_in_the_order_they_came(later_page: Page, http_server: str) -> None:
    """The shell asks for its saved game at mount, and a reader who leaves while Python starts
    closes the sandbox before the answer: the close must come after the resumed game, or that
    game would stay open in the worker (the saved game is read while Python starts)."""
    open_sandbox(later_page, http_server + "necropolis.html")  # a saved game to resume
    worker = http_server + "assets/javascripts/sandbox/worker.mjs"
    replies = later_page.evaluate(TALK_TO_A_NEW_WORKER, worker)
    assert replies == [True, True, False]


# --- everything else (the warm page) -----------------------------------------------------------------


RECORD_WORKER_MESSAGES = """
window.__rbMessages = [];
window.Worker = class extends window.Worker {
  constructor(...args) {
    super(...args);
    this.addEventListener("message", ({ data }) => window.__rbMessages.push(JSON.stringify(data)));
  }
};
"""


def test_mid_game_the_page_holds_no_log_nor_seed_and_a_reload_resumes_the_workers_save(
    later_page: Page, http_server: str
) -> None:
    later_page.add_init_script(RECORD_WORKER_MESSAGES)
    open_sandbox(later_page, http_server + "necropolis.html")
    click_action(later_page, "draw")
    click_action(later_page, "keep")
    assert next_step(later_page) == "human"
    messages = later_page.evaluate("window.__rbMessages")
    assert len(messages) >= 4
    assert not [m for m in messages if '"seed"' in m or '"actions"' in m or '"save"' in m]
    assert not later_page.evaluate("Object.values(localStorage).some((v) => v.includes('actions'))")
    seed = saved(later_page, GAME)["log"]["seed"]  # the worker has it; the page does not show it
    assert later_page.inner_text(f"{SANDBOX} .rb-seed") == "" and isinstance(seed, int)
    lines = move_lines(later_page)
    later_page.reload()
    wait_settled(later_page)
    assert move_lines(later_page) == lines and len(lines) >= 3


def test_undo_takes_back_the_move_and_the_bots_reply(warm: WarmSite) -> None:
    page = warm.show(GAME)
    necropolis(page, ["human", "bot:heuristic"])
    click_action(page, "draw")
    before = (move_lines(page), page.inner_html(BOARD), saved(page, GAME))
    click_action(page, "keep")
    assert len(move_lines(page)) > len(before[0]) + 1, "the bot did not answer"
    click_control(page, "一手戻す")
    after = (move_lines(page), page.inner_html(BOARD), saved(page, GAME))
    assert after == before


def test_hand_over_and_undo_between_two_humans_never_show_the_other_side(warm: WarmSite) -> None:
    """先手 moves, 後手 draws and keeps, 先手 reveals and presses undo: a hand-over, not 後手's side."""
    page = warm.show(GAME)
    necropolis(page, ["human", "human"])
    for seat, action in ((0, "draw"), (0, "keep"), (1, "draw"), (1, "keep")):
        if next_step(page) == "handover":
            assert page.locator(f"{BOARD} [data-tile]").count() == 0
            click_command(page, "reveal")
        assert_shows_only(page, seat)
        click_action(page, action)
    assert next_step(page) == "handover"
    click_command(page, "reveal")
    assert_shows_only(page, 0)
    click_control(page, "一手戻す")
    assert next_step(page) == "handover" and page.locator(f"{BOARD} [data-tile]").count() == 0
    click_command(page, "reveal")
    assert_shows_only(page, 1)
    assert page.locator(f'{BOARD} button[data-action="keep"]').count() == 1


def test_share_link_reopens_the_same_position_and_warns_mid_game(warm: WarmSite, http_server: str) -> None:
    page = warm.show(GAME)
    necropolis(page, ["human", "bot:heuristic"])
    click_action(page, "draw")
    click_action(page, "keep")
    lines = move_lines(page)
    page.locator(SANDBOX).get_by_role("button", name="共有リンクを作る").click()
    expect(page.locator(f"{SANDBOX} .rb-share-note")).to_contain_text("伏せられている")
    url = page.get_by_label("共有リンク").input_value()
    game = saved(page, GAME)  # {log, seats} and a tutorial's progress (coach), which a link leaves out
    assert decode_fragment(url) == {"log": game["log"], "seats": game["seats"]} and game["coach"] is None
    necropolis(page, ["human", "bot:random"], seed=9)
    open_shared(page, decode_fragment(url))
    assert move_lines(page) == lines
    assert "#rb=" not in page.url


def test_bad_share_links_show_why_and_keep_the_game(warm: WarmSite) -> None:
    """A link followed while a game is open (the fragment changes): a refused one and an
    unreadable one each say why, and the game on the board stays as it was."""
    page = warm.show(GAME)
    necropolis(page, ["human", "bot:random"])
    click_action(page, "draw")
    game = saved(page, GAME)
    log = {**new_log(GAME, 2, 11), "actions": ["draw", "fly-away"]}
    request = {"op": "open", "sandbox": "t", "log": log, "seats": ["human", "bot:random"]}
    message = json.loads(handle_json(json.dumps(request)))["error"]
    for fragment, alert in (
        (share_fragment({"log": log, "seats": request["seats"]}), message),
        ("#rb=%%%not-base64", BAD_LINK),
    ):
        before = frames(page)
        page.evaluate("fragment => { location.hash = fragment }", fragment)
        expect(page.locator(SANDBOX).get_by_role("alert")).to_have_text(alert)
        wait_settled(page)
        assert frames(page) == before and saved(page, GAME) == game, "a bad link must not replace the game"
        assert "#rb=" not in page.url


def test_an_unreadable_link_on_arrival_says_why_and_starts_a_new_game(
    later_page: Page, http_server: str
) -> None:
    later_page.goto(http_server + f"{GAME}.html#rb=%%%not-base64")
    wait_settled(later_page)
    expect(later_page.locator(SANDBOX).get_by_role("alert")).to_have_text(BAD_LINK)
    log = saved(later_page, GAME)["log"]
    assert log["actions"] == [] and log["scenario"] is None and isinstance(log["seed"], int)
    assert next_step(later_page) == "human"
    assert "#rb=" not in later_page.url


def test_a_refused_move_links_to_its_rule_on_the_page(warm: WarmSite) -> None:
    page = warm.show(GAME)
    necropolis(page, ["human", "bot:random"])
    before = saved(page, GAME)
    page.evaluate(
        """board => { const b = document.createElement('button');
        b.type = 'button'; b.dataset.action = 'keep'; b.textContent = 'x';
        document.querySelector(board).append(b); b.click(); }""",
        BOARD,
    )
    alert = page.locator(SANDBOX).get_by_role("alert")
    expect(alert).to_contain_text("引いた牌も提案もありません")
    link = alert.get_by_role("link", name="ルールを確認する")
    expect(link).to_have_attribute("href", "#turn")
    assert page.locator("#turn").count() == 1
    assert saved(page, GAME) == before


def test_changing_a_seat_keeps_the_game(warm: WarmSite) -> None:
    page = warm.show(GAME)
    necropolis(page, ["human", "bot:random"])
    click_action(page, "draw")
    lines = move_lines(page)
    before = frames(page)
    open_settings(page)
    page.locator(SANDBOX).get_by_label("後手", exact=True).select_option("human")
    wait_new_frame(page, before)
    assert saved(page, GAME)["seats"] == ["human", "human"] and move_lines(page) == lines


def test_keyboard_play_keeps_focus_on_the_board(warm: WarmSite) -> None:
    page = warm.show(GAME)
    necropolis(page, ["human", "bot:heuristic"])
    page.locator(f'{BOARD} button[data-action="draw"]').focus()
    page.keyboard.press("Enter")
    wait_settled(page)
    assert len(move_lines(page)) == 1
    assert page.evaluate(f"document.querySelector('{BOARD}').contains(document.activeElement)")
    page.keyboard.press("Enter")  # the focused button is a legal move again
    wait_settled(page)
    assert len(move_lines(page)) >= 2


def test_scenario_button_opens_the_example_even_while_python_starts(
    sandbox_page: Page, http_server: str
) -> None:
    sandbox_page.context.add_init_script(NO_SERVICE_WORKER)  # nor of this test
    sandbox_page.goto(http_server + "necropolis.html")
    button = sandbox_page.locator(".rb-open-scenario").first
    name = button.get_attribute("data-scenario")
    button.click()  # while Python is still starting: the shell remembers it
    wait_settled(sandbox_page)
    assert saved(sandbox_page, GAME)["log"]["scenario"] == name
    click_control(sandbox_page, "新しいゲーム")
    assert saved(sandbox_page, GAME)["log"]["scenario"] is None


def test_instant_navigation_keeps_the_worker_and_the_game(warm: WarmSite) -> None:
    page = warm.show(GAME)
    necropolis(page, ["human", "bot:random"])
    click_action(page, "draw")
    lines = move_lines(page)
    page.evaluate("window.__rbSamePage = true")
    starts = page.evaluate("window.__rbWorkerStarts")
    page.locator('.md-sidebar--primary a.md-nav__link[href$="/index.html"]').click()
    expect(page).to_have_url(warm.base + "index.html")
    page.locator('.md-sidebar--primary a.md-nav__link[href$="/necropolis.html"]').click()
    wait_settled(page, timeout=10_000)
    assert page.evaluate("window.__rbSamePage") is True, "the page was reloaded"
    assert page.evaluate("window.__rbWorkerStarts") == starts
    assert move_lines(page) == lines


# The shared game opened (the fragment is dropped as its open is sent, in one task) and either a bot
# thinking, or the bots' turns already over with the reader to move.
THINKING_OR_DONE = """sandbox => {
  const el = document.querySelector(sandbox);
  const thinking = el.querySelector(".rb-thinking").textContent === "考え中…";
  const done = el.dataset.rbState === "ready" && el.dataset.rbNext === "human";
  return location.hash === "" && (thinking || done);
}"""


def test_while_a_bot_thinks_the_page_says_so_and_stays_usable(warm: WarmSite) -> None:
    """Search bots play Rondo (whose steps take longest to think about). Within one bot step (no
    new frame, 考え中 shown throughout) the page scrolls and the move log closes and opens, each
    after yielding to the page's event loop: were the engine on the page's own thread, a pending
    step would run first and a frame would come in between. Then the reader leaves the page.
    The seat to play last in the first round is the reader's, so the game left behind waits for
    the reader after the bots' first turns (with every seat a bot, the next test on the page
    waited for a whole game). The bots' first turns may pass before a try fits inside one step (a
    loaded machine answers each try late): then another deal gives the page another chance, and
    only a page that never once answers within a step fails."""
    page = warm.show(THINKING_GAME)
    players = max(engine.find_game(THINKING_GAME).info.players)
    for seed in THINKING_DEALS:
        log = new_log(THINKING_GAME, players, seed)
        seats = ["bot:strong"] * players
        seats[(engine.load_log(log).current_player - 1) % players] = "human"
        fragment = share_fragment({"log": log, "seats": seats})
        page.evaluate("fragment => { location.hash = fragment }", fragment)
        page.wait_for_function(THINKING_OR_DONE, arg=SANDBOX, timeout=BOOT_TIMEOUT_MS)
        if page.inner_text(f"{SANDBOX} .rb-thinking") != "考え中…":
            continue  # the bots' first turns all passed before the page was looked at
        if any(page.evaluate(USE_THE_PAGE_WITHIN_ONE_STEP, SANDBOX) for _ in range(200)):
            break
    else:
        raise AssertionError(f"in {len(THINKING_DEALS)} deals the page answered only between the bot's steps")
    warm.visit("about.html")  # leaving while the bots think
    assert page.evaluate("location.pathname").endswith("/about.html")
