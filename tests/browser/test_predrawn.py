"""A board on screen before Python (issue 57), in Debian's Chromium, with the worker held back.

The hold is the page's alone: a test hook wraps the sandbox's worker so that nothing it says (its
progress, its answers) reaches the page until the test lets it go; the worker itself starts and
answers as ever, in order. Meanwhile the sandbox shows the board the build drew
(build_tools/predrawn.py), its pieces live: a tap is kept (once), a tutorial's read steps step;
once the page hears the worker, Python opens the same game and its first frame must be the one
shown (data-rb-early="same"), and the kept tap is applied once, or refused as any tap would be.
Each test loads its page in the profile browser tests share (conftest.py's later_page): no game
saved, the interpreter kept, so Python restores (about 3 CPU-s less than a first start in a fresh
profile; the hold makes the two alike here); no service worker (helpers.NO_SERVICE_WORKER). Foreign
requests and console errors fail a test. The phone's test has a profile of its own (a phone's,
with touch) and starts Python there for the first time. Python's frames are compared with the
pre-drawn ones on the shared warm page, whose Python stays booted: no start is its subject.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from build_tools.phone import UNSEEN
from build_tools.predrawn import draw, engine_digest, file_name
from engine import bridge
from engine.registry import PACKAGES
from engine.replay import load_log
from tests.browser.conftest import WarmSite, guarded_context
from tests.browser.helpers import (
    BOARD,
    BOOT_TIMEOUT_MS,
    NO_SERVICE_WORKER,
    SANDBOX,
    frames,
    move_lines,
    saved,
    wait_settled,
)
from tests.conftest import Guard

GAME = "necropolis"
EARLY_TIMEOUT_MS = 60_000
SAVED_MARK = f"rb:saved:{GAME}"  # the page's mark of a saved game (saved.js)

# Counts the page's own opens of IndexedDB (a worker has its own indexedDB: not counted).
COUNT_PAGE_OPENS = """
window.__rbPageOpens = 0;
const open = IDBFactory.prototype.open;
IDBFactory.prototype.open = function (...args) {
  window.__rbPageOpens += 1;
  return open.apply(this, args);
};
"""

# The test hook: every message of the sandbox's worker is stopped before any listener of the page
# hears it, and kept; window.__rbReleaseWorker() sends them on in order, and every later one
# straight through.
HOLD_WORKER = """
(() => {
  let holding = true;
  const held = [];
  window.__rbReleaseWorker = () => {
    holding = false;
    for (const [worker, data] of held.splice(0)) worker.dispatchEvent(new MessageEvent("message", { data }));
  };
  window.Worker = class extends window.Worker {
    constructor(...args) {
      super(...args);
      if (!String(args[0]).includes("/sandbox/worker.mjs")) return;
      this.addEventListener("message", (event) => {
        if (!holding) return;
        event.stopImmediatePropagation();
        held.push([this, event.data]);
      });
    }
  };
})();
"""


# The second test hook: the shell's entry (sandbox/index.js) is answered by a module that waits
# for window.__rbReleaseShell() before it loads the shell itself, so that the page shows what the
# plain scripts of sandbox/first/ drew, as the parser went, for as long as the test likes.
HELD_SHELL = """await new Promise((resolve) => (window.__rbReleaseShell = resolve));
export * from "./index.js?held";
"""


@pytest.fixture
def page(later_page: Page) -> Page:
    """A page load in the profile browser tests share (conftest.py): no saved game, Python restored
    from the interpreter kept there, no service worker."""
    return later_page


def hold_shell(page: Page) -> None:
    entry = re.compile(r"/assets/javascripts/sandbox/index\.js$")
    page.route(entry, lambda route: route.fulfill(body=HELD_SHELL, content_type="text/javascript"))


def release_shell(page: Page) -> None:
    """Let the shell run; wait until its component has taken the sandbox over (its ヒント)."""
    page.wait_for_function("typeof window.__rbReleaseShell === 'function'")
    page.evaluate("window.__rbReleaseShell()")
    page.wait_for_selector(f"{SANDBOX} .rb-hint-button", state="attached", timeout=EARLY_TIMEOUT_MS)


def as_parsed(page: Page, html: str) -> str:
    """`html` as this browser writes it back once parsed (as first/draw.js draws a frame)."""
    parse = "(html) => Object.assign(document.createElement('template'), { innerHTML: html }).innerHTML"
    return page.evaluate(parse, html)


def held_page(page: Page, url: str) -> None:
    """Open `url` with the worker held back, and wait for the pre-drawn board."""
    page.add_init_script(HOLD_WORKER)
    page.goto(url)
    page.wait_for_selector(f"{SANDBOX}[data-rb-early='shown']", timeout=EARLY_TIMEOUT_MS)
    assert page.get_attribute(SANDBOX, "data-rb-state") == "loading"


def release(page: Page, *, frames: int | None = 1) -> None:
    """Let the worker's messages through; wait until Python has drawn `frames` frames (its
    opening, then the kept tap's answer; None: no wait for a frame) and the same as the board
    shown before."""
    page.evaluate("window.__rbReleaseWorker()")
    if frames is not None:
        wait_settled(page, after=frames - 1)
    expect(page.locator(SANDBOX)).to_have_attribute("data-rb-early", "same", timeout=BOOT_TIMEOUT_MS)


def early_actions(page: Page) -> list[str]:
    return page.eval_on_selector_all(f"{BOARD} [data-action]", "nodes => nodes.map((n) => n.dataset.action)")


def human_actions(entry: dict[str, Any]) -> list[str]:
    """The actions of the saved game that seat 0 (the reader) made, replayed in CPython."""
    log = entry["log"]
    state = load_log({**log, "actions": []})
    mine = []
    for action in log["actions"]:
        if state.current_player == 0:
            mine.append(action)
        state.apply(action)
    return mine


def refusal_of(entry: dict[str, Any], action: str) -> dict[str, Any]:
    """What the bridge answers, in CPython, to `action` in the saved game: the usual refusal."""
    bridge.handle({"op": "open", "log": entry["log"], "seats": entry["seats"], "sandbox": "refusal"})
    reply = bridge.handle({"op": "act", "action": action, "sandbox": "refusal"})
    assert not reply["ok"], reply
    return reply


def test_the_board_shows_before_python_and_an_early_tap_is_applied_once(page: Page, http_server: str) -> None:
    held_page(page, f"{http_server}{GAME}.html")
    expect(page.locator(f"{SANDBOX} .rb-progress")).to_be_visible()
    expect(page.locator(f"{SANDBOX} .rb-early-note")).to_contain_text("Python の準備ができてから")
    hint = page.locator(f"{SANDBOX} .rb-hint-button")
    if hint.is_visible():
        expect(hint).to_be_disabled()
    pieces = early_actions(page)
    assert len(pieces) >= 2, pieces
    first, second = pieces[0], pieces[-1]
    page.locator(f"{BOARD} [data-action='{first}']").first.click()
    expect(page.locator(SANDBOX)).to_have_attribute("data-rb-early", "taken")
    expect(page.locator(f"{SANDBOX} .rb-thinking")).to_have_text("準備中…")
    page.locator(f"{BOARD} [data-action='{second}']").first.click()  # not a second move
    marked = page.eval_on_selector_all(f"{BOARD} .rb-selected", "nodes => nodes.map((n) => n.dataset.action)")
    assert marked == [first]
    release(page, frames=2)
    expect(page.locator(f"{SANDBOX} .rb-alert")).to_have_text("")
    assert human_actions(saved(page, GAME))[:2] != [first, second]
    assert human_actions(saved(page, GAME))[:1] == [first]
    assert len(move_lines(page)) >= 1


def test_the_board_drawn_before_the_shell_runs_is_beside_the_rules_and_the_shell_takes_it_over(
    page: Page, http_server: str
) -> None:
    """first/draw.js draws a deal as the parser goes, in the panel where layout.js puts it (beside the
    rules on a wide screen); the shell then adopts those very nodes, the same deal and the tap
    made meanwhile, which Python applies once."""
    hold_shell(page)
    page.add_init_script(HOLD_WORKER)
    page.goto(f"{http_server}{GAME}.html")
    page.wait_for_selector(f"{SANDBOX}[data-rb-early='drawn']", timeout=EARLY_TIMEOUT_MS)
    assert page.locator(f".md-sidebar--secondary .rb-panel > {SANDBOX}").count() == 1
    assert page.get_attribute("html", "data-rb-layout") == "side"
    assert page.get_attribute(SANDBOX, "data-rb-state") == "loading"
    deals = [as_parsed(page, deal["frame"]["html"]) for deal in draw(GAME)["deals"]]
    assert page.inner_html(BOARD) in deals
    expect(page.locator(f"{SANDBOX} .rb-hint-button")).to_have_count(0)  # no shell yet
    page.evaluate(f"document.querySelector({BOARD!r}).rbDrawnFirst = true")
    first = early_actions(page)[0]
    page.locator(f"{BOARD} [data-action='{first}']").first.click()
    expect(page.locator(SANDBOX)).to_have_attribute("data-rb-early", "taken")
    expect(page.locator(f"{SANDBOX} .rb-thinking")).to_have_text("準備中…")
    release_shell(page)
    expect(page.locator(SANDBOX)).to_have_attribute("data-rb-early", "taken")
    assert page.evaluate(f"document.querySelector({BOARD!r}).rbDrawnFirst") is True  # the same nodes
    marked = page.eval_on_selector_all(f"{BOARD} .rb-selected", "nodes => nodes.map((n) => n.dataset.action)")
    assert marked == [first]
    assert page.locator(".rb-panel").count() == 1 and page.locator(".rb-play-fab").count() == 1
    release(page, frames=2)
    assert human_actions(saved(page, GAME))[:1] == [first]


def test_on_a_phone_the_board_drawn_first_waits_in_the_panel_and_play_opens_it(
    browser: Browser, guard: Guard, http_server: str
) -> None:
    """Narrow, the panel drawn first lies over the rules, closed: 「遊ぶ」 pressed before the shell
    runs opens it once the shell does, on the game screen Python's board gets (Rondo at 360 × 740,
    the tallest board): the status line under the panel's bar, every piece and choice on screen
    and uncovered, while Python is still held back."""
    phone = {"viewport": {"width": 360, "height": 740}, "is_mobile": True, "has_touch": True}
    context = guarded_context(browser, guard, **phone)
    context.add_init_script(NO_SERVICE_WORKER)
    page = context.new_page()
    hold_shell(page)
    page.add_init_script(HOLD_WORKER)
    page.goto(f"{http_server}rondo.html")
    page.wait_for_selector(f"{SANDBOX}[data-rb-early='drawn']", timeout=EARLY_TIMEOUT_MS)
    assert page.get_attribute("html", "data-rb-layout") == "below"
    assert page.locator(f".md-content .rb-panel > {SANDBOX}").count() == 1
    page.locator(".rb-play-fab").tap()
    release_shell(page)
    expect(page.locator(".rb-panel")).to_have_class(re.compile(r"\brb-panel--open\b"))
    expect(page.locator(SANDBOX)).to_have_attribute("data-rb-early", "shown")
    assert page.get_attribute(SANDBOX, "data-rb-state") == "loading"  # Python is still held
    assert page.evaluate(UNSEEN) == []
    bar, status = (
        page.locator(f".rb-panel {part}").bounding_box() for part in (".rb-panel-bar", ".rb-status-line")
    )
    assert bar and status and 0 <= status["y"] - (bar["y"] + bar["height"]) < 16, (bar, status)
    context.close()
    guard.check()


def test_an_illegal_early_tap_is_refused_with_the_usual_message(page: Page, http_server: str) -> None:
    held_page(page, f"{http_server}{GAME}.html")
    # a stale board: the piece's action is one the engine does not offer
    piece = page.locator(f"{BOARD} [data-action]").first
    piece.evaluate("node => { node.dataset.action = 'no-such-move' }")
    piece.click()
    expect(page.locator(SANDBOX)).to_have_attribute("data-rb-early", "taken")
    release(page, frames=None)  # a refusal draws no frame: its message is waited for
    refusal = page.locator(f"{SANDBOX} .rb-alert")
    usual = refusal_of(saved(page, GAME), "no-such-move")
    expect(refusal).to_contain_text(usual["error"], timeout=BOOT_TIMEOUT_MS)  # the tap's answer
    rule_link = refusal.get_by_role("link", name="ルールを確認する")
    expect(rule_link).to_have_attribute("href", f"#{usual['rule']}")
    wait_settled(page)
    assert saved(page, GAME)["log"]["actions"] == []
    assert "no-such-move" not in early_actions(page)


def test_a_tutorials_read_steps_step_before_python(page: Page, http_server: str) -> None:
    held_page(page, f"{http_server}{GAME}.html#first-game")
    progress = page.locator(f"{SANDBOX} .rb-coach-progress")
    expect(progress).to_have_text(re.compile(r"^ステップ 1 / "))
    coach = page.locator(f"{SANDBOX} .rb-coach-say")
    first_words = coach.inner_text()
    page.get_by_role("button", name="次へ").click()
    expect(progress).to_have_text(re.compile(r"^ステップ 2 / "))
    assert coach.inner_text() != first_words
    page.get_by_role("button", name="1つ戻る").click()
    expect(progress).to_have_text(re.compile(r"^ステップ 1 / "))
    expect(coach).to_have_text(first_words)
    page.get_by_role("button", name="次へ").click()
    release(page)
    expect(progress).to_have_text(re.compile(r"^ステップ 2 / "))


def test_a_tutorial_opened_before_python_and_left_gives_back_the_deal(page: Page, http_server: str) -> None:
    held_page(page, f"{http_server}{GAME}.html")
    deal = page.inner_html(BOARD)
    page.locator(".md-content .rb-tutorial-links .rb-open-tutorial").first.click()
    progress = page.locator(f"{SANDBOX} .rb-coach-progress")
    expect(progress).to_have_text(re.compile(r"^ステップ 1 / "))
    page.get_by_role("button", name="チュートリアルを終える").click()
    expect(page.locator(f"{SANDBOX} .rb-coach")).to_be_hidden()
    assert page.inner_html(BOARD) == deal
    release(page)
    expect(page.locator(f"{SANDBOX} .rb-coach")).to_be_hidden()
    assert saved(page, GAME).get("coach") is None  # the deal, not the tutorial


def play_one_move(page: Page, http_server: str) -> list[str]:
    """Open the page, tap the board's first piece once Python is ready; the move log then."""
    page.goto(f"{http_server}{GAME}.html")
    wait_settled(page)
    shown = frames(page)
    page.locator(f"{BOARD} [data-action]").first.click()
    wait_settled(page, after=shown)
    return move_lines(page)


def test_a_saved_game_is_known_by_its_mark_and_without_it_replaces_the_pre_drawn_board(
    page: Page, http_server: str
) -> None:
    """One profile, page load after page load:
    1. the page never opens the worker's database (WebKit keeps a page left while it starts in its
       back-forward cache with the connection open, and the next page's worker waits on it): the
       worker's save is marked for the page, and the next visit resumes it with no pre-drawn board;
    2. storage cleared in part, or a save from before the marks: the page shows the pre-drawn
       board, and the worker's saved game takes its place once Python has it."""
    page.add_init_script(COUNT_PAGE_OPENS)
    lines = play_one_move(page, http_server)
    assert page.evaluate("(key) => localStorage.getItem(key)", SAVED_MARK) == "1"
    assert page.evaluate("window.__rbPageOpens") == 0
    page.reload()
    wait_settled(page)
    assert move_lines(page) == lines
    assert page.get_attribute(SANDBOX, "data-rb-early") is None
    assert page.evaluate("window.__rbPageOpens") == 0

    page.evaluate("(key) => localStorage.removeItem(key)", SAVED_MARK)
    held_page(page, f"{http_server}{GAME}.html")
    page.evaluate("window.__rbReleaseWorker()")
    wait_settled(page)
    assert move_lines(page) == lines
    assert page.get_attribute(SANDBOX, "data-rb-early") is None
    expect(page.locator(f"{SANDBOX} .rb-early-note")).to_have_count(0)
    assert page.evaluate("(key) => localStorage.getItem(key)", SAVED_MARK) == "1"


# Every pre-drawn frame of every game asked again of the worker's Python (through the page's own
# channel): the names of those that differ.
REDRAW_IN_PYODIDE = """async (urls) => {
  const { connect } = await import(new URL("assets/javascripts/sandbox/channel.js", document.baseURI));
  const channel = connect();
  const call = (payload) => channel.call({ ...payload, sandbox: "predrawn-check" });
  const differ = [];
  const same = (reply, frame, name) => JSON.stringify(reply) === JSON.stringify(frame) || differ.push(name);
  for (const url of urls) {
    const packed = await fetch(new URL(url, document.baseURI));
    const data = await new Response(packed.body.pipeThrough(new DecompressionStream("gzip"))).json();
    same((await call({ op: "catalog", game: data.game })).game, data.catalog, `${data.game} catalog`);
    for (const deal of data.deals) {
      const reply = await call({ op: "open", log: deal.log, seats: deal.seats });
      same(reply, deal.frame, `${data.game} seed ${deal.log.seed}`);
    }
    for (const [name, frames] of Object.entries(data.tutorials)) {
      for (const [i, frame] of frames.entries()) {
        const step = i === 0 ? { op: "tutorial", game: data.game, name } : { op: "coach", do: "next" };
        const reply = await call(step);
        same(reply, frame, `${data.game} ${name} frame ${i}`);
      }
    }
  }
  await channel.call({ op: "close", sandbox: "predrawn-check" });
  return differ;
}"""


def test_pythons_frames_in_the_browser_are_the_pre_drawn_ones(warm: WarmSite) -> None:
    page = warm.show(GAME)
    urls = [file_name(game, engine_digest()) for game in PACKAGES]
    assert page.evaluate(REDRAW_IN_PYODIDE, urls) == []
