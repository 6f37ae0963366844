"""Drive a sandbox through its page the way a reader does: wait for its state, click its buttons.

The engine's true state comes from the game the worker saved (IndexedDB "rb", store "saves"),
replayed in host Python: that also checks that the browser's Python and CPython agree.
"""

from __future__ import annotations

import base64
import json
from typing import Any

from playwright.sync_api import Locator, Page

import engine
from engine.core import State
from engine.registry import find_game
from engine.replay import to_log
from engine.rng import Rng
from tests.engine.harness import bounded

SANDBOX = ".rb-sandbox"
BOARD = f"{SANDBOX} .rb-board"
BOOT_TIMEOUT_MS = 90_000
POLL_MS = 100
"""How often a wait of seconds (a boot, a snapshot, a search) looks again: Playwright's default, at
every animation frame, keeps the page drawing frames all the while."""
INSTANT_BOTS = "try { localStorage.setItem('rb:bot-speed', 'instant') } catch {}"
NO_SERVICE_WORKER = "delete Navigator.prototype.serviceWorker;"
"""For a context whose tests the service worker plays no part in: its pages are a browser's
without service workers, where offline.js keeps nothing, so the whole site is not downloaded and
kept in the background (1.5 CPU-s a context). A first visit's files come from the network either
way. (Playwright's service_workers="block" makes register() resolve to nothing, which offline.js
takes for a registration: a page error.)"""

# The one place that knows where the worker keeps the saved game: IndexedDB "rb", store "saves".
READ_SAVE = """game => new Promise((resolve, reject) => {
  const opening = indexedDB.open("rb", 1);  // as the worker opens it (saves.mjs)
  opening.onupgradeneeded = () => opening.result.createObjectStore("saves");
  opening.onerror = () => reject(opening.error);
  opening.onsuccess = () => {
    const db = opening.result;
    if (!db.objectStoreNames.contains("saves")) return resolve(null);
    const reading = db.transaction("saves").objectStore("saves").get(game);
    reading.onsuccess = () => resolve(reading.result ?? null);
    reading.onerror = () => reject(reading.error);
  };
})"""

# None when the board shows exactly `html` (compared as DOM trees: attribute order aside), else
# where the two first differ. One argument, [selector, html], so that every driver can pass it.
BOARD_DIFFERENCE = """([selector, html]) => {
  const board = document.querySelector(selector).cloneNode(true);
  for (const dock of board.querySelectorAll(".rb-dock")) {
    // the shell's own: a seat that scrolls with no button to press takes keyboard focus
    for (const name of ["tabindex", "role", "aria-label"]) dock.removeAttribute(name);
    dock.classList.remove("focus-visible");
  }
  // and screen.js's marks: another seat folded or whole on a phone, a seat's note
  for (const seat of board.querySelectorAll(".rb-seat")) seat.removeAttribute("data-rb-expanded");
  for (const head of board.querySelectorAll(".rb-seat-head")) {
    for (const name of ["tabindex", "role", "aria-expanded"]) head.removeAttribute(name);
  }
  for (const note of board.querySelectorAll(".rb-seat-note")) note.remove();
  for (const sheet of board.querySelectorAll(".rb-scores")) sheet.removeAttribute("tabindex");
  const template = document.createElement("template");
  template.innerHTML = html;
  const expected = board.cloneNode(false);
  expected.append(template.content);
  if (board.isEqualNode(expected)) return null;
  const show = (node) => (node?.outerHTML ?? node?.textContent ?? "nothing").slice(0, 300);
  let [shown, wanted] = [board, expected];
  for (;;) {
    const i = [...wanted.childNodes].findIndex((child, k) => !child.isEqualNode(shown.childNodes[k]));
    const j = i < 0 ? wanted.childNodes.length : i;
    const [a, b] = [shown.childNodes[j], wanted.childNodes[j]];
    if (!a || !b || a.nodeName !== b.nodeName || a.nodeType !== Node.ELEMENT_NODE) {
      return `shown: ${show(a)}\\nengine: ${show(b)}`;
    }
    if (!a.cloneNode(false).isEqualNode(b.cloneNode(false))) {
      return `shown: ${show(a.cloneNode(false))}\\nengine: ${show(b.cloneNode(false))}`;
    }
    [shown, wanted] = [a, b];
  }
}"""


def share_fragment(entry: dict[str, Any]) -> str:
    """The '#rb=…' fragment of a share link for {log, seats}."""
    data = base64.urlsafe_b64encode(json.dumps(entry).encode()).rstrip(b"=")
    return "#rb=" + data.decode()


def decode_fragment(url: str) -> dict[str, Any]:
    data = url.split("#rb=", 1)[1]
    return json.loads(base64.urlsafe_b64decode(data + "=" * (-len(data) % 4)))


def new_log(game: str, players: int, seed: int, options: dict[str, Any] | None = None) -> dict[str, Any]:
    return {"game": game, "players": players, "seed": seed, "options": options or {}, "actions": []}


SETTLED = """([sel, after, ms]) => new Promise((resolve) => {
  // Told by the page itself when the sandbox has settled: a MutationObserver, not a poll at every
  // animation frame (Playwright's default), which made the page draw frames all the while a test
  // waited (a sixth of the CPU of tests/browser/test_games.py).
  const settled = () => {
    const el = document.querySelector(sel);
    return Number(el?.dataset.rbFrames ?? 0) > after && ["ready", "error"].includes(el?.dataset.rbState);
  };
  if (settled()) return resolve(true);
  const watch = new MutationObserver(() => settled() && finish(true));
  const timer = setTimeout(() => finish(false), ms);
  const finish = (ok) => { watch.disconnect(); clearTimeout(timer); resolve(ok); };
  const watched = ["data-rb-state", "data-rb-frames"];
  watch.observe(document, { subtree: true, childList: true, attributeFilter: watched });
})"""


def wait_settled(page: Page, timeout: float = BOOT_TIMEOUT_MS, *, after: int = -1) -> None:
    """Wait until the sandbox is ready for the reader (or has failed: then say why), having shown
    more than `after` frames."""
    settled = page.evaluate(SETTLED, [SANDBOX, after, timeout])
    assert settled, f"not settled in {timeout / 1000:.0f} s (frames > {after}): {page.inner_text(SANDBOX)}"
    state = page.get_attribute(SANDBOX, "data-rb-state")
    assert state == "ready", page.inner_text(SANDBOX)


def frames(page: Page) -> int:
    return int(page.get_attribute(SANDBOX, "data-rb-frames") or 0)


def wait_new_frame(page: Page, before: int) -> None:
    """Wait for a frame after the `before`-th, and for the sandbox to be ready again."""
    wait_settled(page, after=before)


OPEN = """([sel, fragment]) => {
  document.querySelector(sel).dataset.rbOpening = "yes";
  location.hash = fragment;
}"""
OPENED = """([sel, after]) => {
  // The fragment taken, then a frame more than `after` on the sandbox marked before, or any on a
  // new one: on a page loaded directly, material's instant navigation meets its first popstate at
  // a change of the fragment and draws the same page anew, whose sandbox mounts again and opens
  // the link itself.
  const el = document.querySelector(sel);
  if (!el || location.hash.startsWith("#rb=")) return false;
  const shown = Number(el.dataset.rbFrames ?? 0) > (el.dataset.rbOpening ? after : 0);
  return shown && ["ready", "error"].includes(el.dataset.rbState);
}"""


def open_shared(page: Page, entry: dict[str, Any]) -> None:
    """Open a game in a page already showing its sandbox, through a share link's fragment; once
    the sandbox shows it, ready."""
    before = frames(page)
    page.evaluate(OPEN, [SANDBOX, share_fragment(entry)])
    page.wait_for_function(OPENED, arg=[SANDBOX, before], polling=POLL_MS, timeout=BOOT_TIMEOUT_MS)
    page.evaluate("sel => delete document.querySelector(sel).dataset.rbOpening", SANDBOX)
    assert page.get_attribute(SANDBOX, "data-rb-state") == "ready", page.inner_text(SANDBOX)


def open_sandbox(page: Page, url: str) -> None:
    page.goto(url)
    wait_settled(page)


def next_step(page: Page) -> str:
    return page.get_attribute(SANDBOX, "data-rb-next") or ""


def move_lines(page: Page) -> list[str]:
    return page.locator(f"{SANDBOX} .rb-log li").all_inner_texts()


def saved(page: Page, game: str) -> dict[str, Any]:
    """The {log, seats} the worker keeps for a game."""
    entry = page.evaluate(READ_SAVE, game)
    assert entry is not None, f"no saved game for {game}"
    return entry


def true_state(page: Page, game: str) -> State:
    return engine.load_log(saved(page, game)["log"])


def legal_buttons(page: Page) -> list[str]:
    return page.eval_on_selector_all(
        f"{BOARD} button[data-action]:not(:disabled)", "buttons => buttons.map(b => b.dataset.action)"
    )


def board_mismatch(page: Page, html: str) -> str | None:
    """None when the board shows exactly `html`; else where they first differ."""
    return page.evaluate(BOARD_DIFFERENCE, [BOARD, html])


def click_action(page: Page, action: str) -> None:
    page.locator(f'{BOARD} button[data-action="{action}"]').first.click()
    wait_settled(page)


def click_command(page: Page, command: str) -> None:
    page.locator(f'{BOARD} button[data-command="{command}"]').click()
    wait_settled(page)


def open_settings(page: Page) -> None:
    """Unfold the sandbox's settings (player count, options, seats), as a reader would."""
    if not page.locator(f"{SANDBOX} .rb-settings").evaluate("d => d.open"):
        page.locator(f"{SANDBOX} .rb-settings summary").click()


def click_control(page: Page, name: str) -> None:
    page.locator(SANDBOX).get_by_role("button", name=name, exact=True).click()
    wait_settled(page)


# The worker's stored snapshot, changed by `change` (a function body of `record`, its `bytes` and
# `checksum`, the worker's own from snapshots.mjs) and written back marked `changed`; returns its
# key. Playwright and the WebDriver tests call it alike (module URL, change).
CHANGE_SNAPSHOT = """async (module, change) => {
  const { checksum } = await import(module);
  const db = await new Promise((resolve, reject) => {
    const opening = indexedDB.open("rb-python");
    opening.onsuccess = () => resolve(opening.result);
    opening.onerror = () => reject(opening.error);
  });
  const ask = (mode, work) => new Promise((resolve, reject) => {
    const request = work(db.transaction("snapshots", mode).objectStore("snapshots"));
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  const record = await ask("readonly", (store) => store.get("current"));
  const blob = record.bytes instanceof Blob; // or an ArrayBuffer (snapshots.mjs: writeSnapshot)
  const bytes = new Uint8Array(blob ? await record.bytes.arrayBuffer() : record.bytes);
  new Function("record", "bytes", "checksum", change)(record, bytes, checksum);
  record.bytes = blob ? new Blob([bytes]) : bytes.buffer;
  record.changed = true;
  await ask("readwrite", (store) => store.put(record, "current"));
  db.close();
  return record.key;
}"""

# Whether the worker has kept its interpreter's snapshot (IndexedDB "rb-python", snapshots.mjs)
# within `ms`: looked for every 100 ms in the page (page.wait_for_function does not wait for a
# promise, it takes one as true).
SNAPSHOT_KEPT = """async (ms) => {
  const kept = () => new Promise((resolve) => {
    const opening = indexedDB.open("rb-python");
    opening.onerror = () => resolve(false);
    opening.onsuccess = () => {
      const db = opening.result;
      if (!db.objectStoreNames.contains("snapshots")) return (db.close(), resolve(false));
      const reading = db.transaction("snapshots").objectStore("snapshots").count("current");
      reading.onsuccess = () => { db.close(); resolve(reading.result === 1); };
      reading.onerror = () => { db.close(); resolve(false); };
    };
  });
  for (const deadline = performance.now() + ms; performance.now() < deadline; ) {
    if (await kept()) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}"""

# Bad snapshots, as CHANGE_SNAPSHOT changes: one of each kind no start may restore.
FALLBACKS = {
    # made for other files: the manifest's key differs
    "other-files": "record.key = 'made-for-other-files';",
    # damaged in storage: a byte changed, the checksum kept
    "damaged": "bytes[bytes.length >> 1] ^= 0xff;",
    # intact but refused by Pyodide: another runtime's build id in its header
    "refused": "bytes.fill(0x5a, 16, 48); record.checksum = checksum(bytes);",
    # its runs of kept pages no longer add up to the bytes kept
    "runs-damaged": "record.runs[1] += 4096;",
    # kept by a build from before the pages of zeros were left out (snapshots.mjs): no runs
    "older-format": "delete record.runs;",
}


def search_hit(page: Page, word: str, name: str) -> Locator:
    """Type `word` into material's search box, as a reader would; the first hit on `name`.html."""
    box = page.locator("input.md-search__input")
    box.click()
    box.fill(word)
    box.press("End")  # material searches on keyup; fill() alone sends none
    return page.locator(f".md-search-result__item a[href*='/{name}.html']").first


# --- the keyboard -----------------------------------------------------------------------------

MAX_COUNTS = 8
"""Counts of the tab order before `press` gives up: one or two hold, three from <body> (a
scrollable box the browser makes a stop can put a count one out)."""
# How many Tab presses the document's tab order puts between focus and the element (negative:
# Shift+Tab presses; null: focus on <body>, or the element is not a stop). Focus on an element
# outside the tab order (the coach's text, focused for screen readers) counts as a place between
# stops: Tab goes on from the first stop after it, Shift+Tab from the last before it. No stop of
# the site has a positive tabindex.
TABS_TO = """selector => {
  const focusable = "a[href], button, input, select, textarea, summary, [tabindex]";
  const stops = [...document.querySelectorAll(focusable)].filter((e) => !e.disabled && e.tabIndex >= 0
    && !e.closest("[inert]") && e.checkVisibility({ visibilityProperty: true }));
  const to = stops.indexOf(document.querySelector(selector)), focus = document.activeElement;
  if (to < 0 || !focus || focus === document.body) return null;
  const from = stops.indexOf(focus);
  if (from >= 0) return to - from;
  let next = stops.findIndex((e) => focus.compareDocumentPosition(e) & Node.DOCUMENT_POSITION_FOLLOWING);
  if (next < 0) next = stops.length;
  return to >= next ? to - next + 1 : to - next;
}"""
FOCUSED = "selector => document.activeElement?.matches(selector) ?? false"


def press(page: Page, selector: str, *, new_frame: bool = True) -> None:
    """Tab to the element (Shift+Tab when it comes before focus) and press Enter, as a keyboard
    reader does; then wait for the sandbox's next frame (`new_frame`). The presses the page's tab
    order says it takes are made at once (Rondo's board has a hundred stops), and counted again
    until focus is there: from <body>, one Tab first puts focus on a stop to count from."""
    page.locator(selector).first.wait_for()  # the one `document.querySelector` finds
    for _ in range(MAX_COUNTS):
        if page.evaluate(FOCUSED, selector):
            break
        count = page.evaluate(TABS_TO, selector) or 1
        for _ in range(abs(count)):
            page.keyboard.press("Tab" if count > 0 else "Shift+Tab")
    else:
        raise AssertionError(f"{selector} is not reachable with Tab")
    before = frames(page)
    page.keyboard.press("Enter")
    if new_frame:
        wait_new_frame(page, before)


# Three frames: the media queries' change events, a ResizeObserver's report, and what screen.js
# measures at the frame after it (a phone's folded seats) have all run.
THREE_FRAMES = """async () => {
  for (let i = 0; i < 3; i++) await new Promise((done) => requestAnimationFrame(done));
}"""


def resize(page: Page, size: dict[str, int]) -> None:
    """The window at `size`, and the page laid out for it before the test goes on (a press at
    once could meet the layout of the size before)."""
    page.set_viewport_size(size)
    page.evaluate(THREE_FRAMES)


def near_the_end(log: dict[str, Any], moves: int) -> dict[str, Any]:
    """The game of `log` played on by heuristic seats to `moves` decisions of seat 0 before its
    end (as a log; the whole game, if it is shorter)."""
    state = engine.load_log(log)
    game = find_game(log["game"])
    bots, rng = [game.bots["heuristic"]() for _ in range(state.players)], Rng(8)
    reader: list[int] = []
    for _ in bounded(f"{log['game']}: the game played on"):
        if state.is_over():
            break
        seat = state.current_player
        if seat == 0 and len(state.legal_actions()) > 1:
            reader.append(len(state.history))
        state.apply(bots[seat].choose(state.view(seat), rng))
    return to_log(state, upto=reader[-moves] if len(reader) > moves else len(log["actions"]))
