"""How the sandbox starts (issue 13), in Debian's Chromium: every path ends in a sandbox that plays.

- early: the worker starts from early.js, inline and first in <head>, and the shell adopts it;
- search: material's search index is downloaded once the runtime's wasm is in and built once the
  sandbox is ready, or both at once when the reader turns to search first;
- precompressed: the runtime's two big files come from their .gz siblings, unpacked by the
  worker; without siblings, or from a host that decodes them itself, the files work as before;
- local: the first start boots from the site's own files, shows the runtime, hides the seed;
- snapshot: the first start keeps a memory snapshot of the interpreter, without its pages of zeros;
  the next start restores it;
- fallback: the shell hands out a snapshot only if it was made for these files and is whole (each
  kind of bad one judged by its module, in a page with no sandbox); one bad snapshot for each way
  a start falls back (none found, refused by the shell, refused by Pyodide) gives a normal start,
  with no error in the console, and is replaced by a good one.

Each test is a cold start in a fresh context (conftest.py), in a browser without service workers
(helpers.NO_SERVICE_WORKER: a first visit's files come from the network either way; a start under
a service worker is test_offline.py's): requests leaving 127.0.0.1 and console errors fail it.
(Playwright's routing, which the guard uses, turns the HTTP cache off, so a reload here fetches
every file again; the snapshot lives in IndexedDB, which stays.)
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from playwright.sync_api import Page, Route, expect

from tests.browser.helpers import (
    BOOT_TIMEOUT_MS,
    CHANGE_SNAPSHOT,
    FALLBACKS,
    NO_SERVICE_WORKER,
    POLL_MS,
    SANDBOX,
    click_action,
    legal_buttons,
    move_lines,
    open_sandbox,
    search_hit,
    wait_settled,
)

GAME_PAGE = "necropolis.html"
SEARCH_INDEX = "/search/search_index.json"

# Every sandbox worker the page starts (not material's search worker): which script created it,
# and its start-up messages.
RECORD_WORKERS = """
window.__rbCreators = [];
window.__rbStarts = [];
window.__rbSnapshots = 0;
window.Worker = class extends window.Worker {
  constructor(...args) {
    super(...args);
    if (!String(args[0]).includes("/sandbox/worker.mjs")) return;
    window.__rbCreators.push(document.currentScript?.dataset.worker ?? "shell");
    this.addEventListener("message", ({ data }) => {
      if (data.stage === "ready") window.__rbStarts.push({ ...data, at: performance.now() });
      if (data.type === "snapshot") window.__rbSnapshots += 1;
      if (data.type === "downloaded") window.__rbDownloaded ??= performance.now();
    });
  }
};
"""


# When material's search worker was sent its index (its setup message, type 0). Installed before
# early.js wraps postMessage, so a message early.js holds back counts when it is sent on.
RECORD_SEARCH_SETUP = """(() => {
  window.__rbSearchSetup = null;
  const post = Worker.prototype.postMessage;
  Worker.prototype.postMessage = function (message, ...rest) {
    if (message?.type === 0 && message.data?.docs) window.__rbSearchSetup ??= performance.now();
    return post.call(this, message, ...rest);
  };
})();"""


# When material's index request was sent (not held), and whether it had been by the moment the
# reader's focus reached the search box: recorded after early.js's own focusin listener (on the
# document; this one on the window, later in the event's way up). Installed before early.js wraps
# XMLHttpRequest, so a request it holds back counts when it is sent on.
RECORD_INDEX_SENT = """(() => {
  window.__rbIndexSent = null;
  window.__rbIndexSentAtFocus = null;
  const urls = new WeakMap();
  const { open, send } = XMLHttpRequest.prototype;
  XMLHttpRequest.prototype.open = function (method, url, ...rest) {
    urls.set(this, String(url));
    return open.call(this, method, url, ...rest);
  };
  XMLHttpRequest.prototype.send = function (...args) {
    if (urls.get(this)?.endsWith("/search/search_index.json")) window.__rbIndexSent ??= performance.now();
    return send.apply(this, args);
  };
  addEventListener("focusin", ({ target }) => {
    if (target.matches?.(".md-search__input")) window.__rbIndexSentAtFocus ??= window.__rbIndexSent !== null;
  });
})();"""
SEARCH_RELEASE_MS = 10_000
"""early.js lets material's search go 10 s after the page's start at the latest (its last resort,
on a machine so loaded that the sandbox is not ready by then): a test accepts that path too."""


@pytest.fixture
def page(sandbox_page: Page) -> Page:
    """A cold start, as conftest.py's, that keeps no site for offline use (test_offline.py starts
    under a service worker)."""
    sandbox_page.context.add_init_script(NO_SERVICE_WORKER)
    sandbox_page.add_init_script(RECORD_WORKERS)
    return sandbox_page


# Whether the worker's kept snapshot is the record change_snapshot marked (see CHANGE_SNAPSHOT).
KEPT_IS_MARKED = """() => new Promise((resolve, reject) => {
  const opening = indexedDB.open("rb-python");
  opening.onerror = () => reject(opening.error);
  opening.onsuccess = () => {
    const reading = opening.result.transaction("snapshots").objectStore("snapshots").get("current");
    reading.onsuccess = () => { opening.result.close(); resolve(reading.result?.changed === true); };
    reading.onerror = () => reject(reading.error);
  };
})"""


def starts(page: Page) -> list[dict]:
    return page.evaluate("window.__rbStarts")


def first_visit(page: Page, http_server: str) -> None:
    """Open the game page on a fresh profile; wait until the interpreter was kept."""
    open_sandbox(page, http_server + GAME_PAGE)
    assert [start["restored"] for start in starts(page)] == [False]
    page.wait_for_function("window.__rbSnapshots === 1", timeout=BOOT_TIMEOUT_MS, polling=POLL_MS)


def plays(page: Page) -> None:
    """The sandbox takes a move and the engine answers (the bots move too)."""
    before = len(move_lines(page))
    click_action(page, legal_buttons(page)[0])
    assert len(move_lines(page)) > before


def change_snapshot(page: Page, http_server: str, change: str) -> str:
    module = http_server + "assets/javascripts/sandbox/snapshots.mjs"
    return page.evaluate(f"([module, change]) => ({CHANGE_SNAPSHOT})(module, change)", [module, change])


def manifest_key(site_dir: Path) -> str:
    return json.loads((site_dir / "assets/vendor/python/manifest.json").read_text())["key"]


# --- the early worker ---------------------------------------------------------------------------------


def test_a_page_without_a_sandbox_starts_no_worker(page: Page, http_server: str) -> None:
    page.goto(http_server + "about.html")
    page.wait_for_load_state("load")
    assert page.evaluate("window.__rbCreators") == []


# --- precompressed runtime ------------------------------------------------------------------------


def test_without_siblings_the_runtime_files_themselves(page: Page, http_server: str) -> None:
    requested: list[str] = []
    page.on("request", lambda request: requested.append(request.url))
    page.context.route("**/*.gz", lambda route: route.fulfill(status=404))
    open_sandbox(page, http_server + GAME_PAGE)
    assert http_server + "assets/vendor/pyodide/pyodide.asm.wasm" in requested
    plays(page)


def test_a_host_that_decodes_the_siblings_itself(page: Page, http_server: str, site_dir: Path) -> None:
    """Some hosts send a .gz file with Content-Encoding: gzip: the browser then unpacks it."""

    def decoded(route: Route) -> None:
        path = route.request.url.removeprefix(http_server).removesuffix(".gz")
        route.fulfill(body=(site_dir / path).read_bytes())

    page.context.route("**/*.gz", decoded)
    open_sandbox(page, http_server + GAME_PAGE)
    plays(page)


# --- material's search index waits for the sandbox, unless the reader turns to search ------------


def test_a_reader_who_turns_to_search_first_gets_it_while_python_starts(page: Page, http_server: str) -> None:
    page.add_init_script(RECORD_INDEX_SENT)
    requested: list[str] = []
    page.on("request", lambda request: requested.append(request.url))
    page.context.route("**/pyodide.asm.wasm*", lambda route: None)  # never answered: Python waits
    page.goto(http_server + GAME_PAGE)
    # the sandbox mounted and starting (a loaded machine once had the hit before the shell's modules)
    page.wait_for_selector(".rb-sandbox[data-rb-state='loading']", state="attached")
    # material asked for its index as its bundle ran, before the shell's modules: held while the
    # wasm is still to come
    assert not [url for url in requested if url.endswith(SEARCH_INDEX)]
    expect(search_hit(page, "手元カウンター", "no-return")).to_be_visible(timeout=BOOT_TIMEOUT_MS)
    assert page.get_attribute(".rb-sandbox", "data-rb-state") == "loading"
    assert starts(page) == []
    # sent as the box took focus (or already, on a machine so slow that early.js's last resort,
    # 10 s after the page's start, came before the test's typing)
    sent_at_focus, sent = page.evaluate("[window.__rbIndexSentAtFocus, window.__rbIndexSent]")
    assert sent_at_focus is True, f"the index went {sent} ms after the page's start, not at the focus"


# --- the snapshot, and the fallbacks ----------------------------------------------------------------


SHELL_FINDS = {
    "other-files": "none",
    "damaged": "refused: the saved interpreter is damaged",
    "refused": "bytes not the ones kept",  # the shell hands them out; Pyodide refuses them
    "runs-damaged": "refused: the saved interpreter is damaged",  # more bytes asked than kept
    "older-format": "none",
}
"""What findSnapshot (snapshots.mjs) makes of each: no snapshot, or bytes that fail when awaited."""
STARTED_FROM = ("other-files", "damaged", "refused")
"""One bad snapshot for each way the worker falls back to a normal start: no snapshot found, its
bytes refused by the shell's checks, its bytes refused by Pyodide."""

# Each change made to a snapshot the shell kept, then what findSnapshot hands out for it.
FIND_EACH = f"""async ([module, changes]) => {{
  const {{ writeSnapshot, findSnapshot }} = await import(module);
  const change = {CHANGE_SNAPSHOT};
  const bytes = new Uint8Array(5 * 4096); // pages 0, 2 and 3 hold something, 1 and 4 are zeros
  bytes.set([1, 2, 3], 10);
  bytes.set([4, 5], 2 * 4096 + 100);
  bytes.set([6], 4 * 4096 - 1);
  const found = {{}};
  for (const [name, body] of Object.entries(changes)) {{
    await writeSnapshot("the-key", bytes);
    if (body) await change(module, body);
    const snapshot = await findSnapshot("the-key");
    try {{
      const handed = snapshot && (await snapshot.bytes);
      const same = handed && handed.length === bytes.length && handed.every((b, i) => b === bytes[i]);
      found[name] = !snapshot ? "none" : same ? "the bytes kept" : "bytes not the ones kept";
    }} catch (err) {{
      found[name] = "refused: " + err.message;
    }}
  }}
  return found;
}}"""


def test_the_shell_hands_out_a_snapshot_only_for_its_files_and_whole(page: Page, http_server: str) -> None:
    """Every kind of bad snapshot, judged by the shell's own module in a page with no sandbox (no
    start needed): the start each kind leads to is tried in the test after this, one of each way."""
    page.goto(http_server + "about.html")
    module = http_server + "assets/javascripts/sandbox/snapshots.mjs"
    found = page.evaluate(FIND_EACH, [module, {"unchanged": "", **FALLBACKS}])
    assert found == {"unchanged": "the bytes kept", **SHELL_FINDS}


def test_one_profile_from_its_first_start_to_every_way_a_start_falls_back(
    page: Page, http_server: str, site_dir: Path
) -> None:
    """One fresh profile, page load after page load, as a reader comes back (one cold start where
    four tests made one each):
    1. the first start: the shell adopts the worker early.js started in <head>, which boots from the
       site's own files (Pyodide's two large files as their .gz siblings, unpacked by the worker),
       shows the runtime and hides the seed mid-game; material's search index is set up only once
       the sandbox is ready; the interpreter is kept;
    2. the next start restores it (kept without its pages of zeros: under half the heap), resumes
       the saved game, plays, and keeps nothing new;
    3. one bad snapshot after another (STARTED_FROM), each made from the good one the start before
       kept: a normal start that plays and leaves a good snapshot; the last one is restored, and
       the search finds a rule."""
    requested: list[str] = []
    page.on("request", lambda request: requested.append(request.url))
    page.add_init_script(RECORD_SEARCH_SETUP)
    first_visit(page, http_server)
    assert page.evaluate("window.__rbCreators") == ["assets/javascripts/sandbox/worker.mjs"]  # early.js
    assert page.evaluate("window.__rbWorkerStarts") == 1
    vendor = http_server + "assets/vendor/"
    for name in ("pyodide.asm.wasm", "pyodide.asm.mjs"):
        assert vendor + "pyodide/" + name + ".gz" in requested
        assert vendor + "pyodide/" + name not in requested
    assert vendor + "python/manifest.json" in requested
    for prefix in ("python/engine-", "python/python_stdlib-"):  # made by build_tools/runtime.py
        assert any(url.startswith(vendor + prefix) for url in requested)
    expect(page.locator(f"{SANDBOX} .rb-runtime")).to_contain_text("Python 3.")
    expect(page.locator(f"{SANDBOX} .rb-seed")).to_have_text("")  # the seed is hidden mid-game
    search_waited_for_the_sandbox(page)

    plays(page)
    lines = move_lines(page)
    # the kept record, marked `changed`, its bytes as they were, once they are seen to be under half
    change_snapshot(page, http_server, "if (bytes.length * 2 > record.length) throw new Error(bytes.length);")
    page.reload()
    wait_settled(page)
    assert [start["restored"] for start in starts(page)] == [True]
    assert page.get_attribute(SANDBOX, "data-rb-boot") == "restored"
    assert move_lines(page) == lines  # the saved game resumes in the restored interpreter
    plays(page)
    # Nothing new to keep: the record is still the marked one. IndexedDB runs this read only after
    # every write begun before it, so a snapshot the worker set out to keep is seen, however late.
    assert page.evaluate(KEPT_IS_MARKED) is True, "the restored start kept a new snapshot"
    assert page.evaluate("window.__rbSnapshots") == 0

    for name in STARTED_FROM:
        change_snapshot(page, http_server, FALLBACKS[name])
        page.reload()
        wait_settled(page)
        assert [start["restored"] for start in starts(page)] == [False], name
        plays(page)
        page.wait_for_function("window.__rbSnapshots === 1", timeout=BOOT_TIMEOUT_MS, polling=POLL_MS)
        assert change_snapshot(page, http_server, "") == manifest_key(site_dir), f"not replaced: {name}"
    page.reload()
    wait_settled(page)
    assert [start["restored"] for start in starts(page)] == [True]
    search_waited_for_the_sandbox(page)
    expect(search_hit(page, "墓地", "necropolis")).to_be_visible(timeout=BOOT_TIMEOUT_MS)


def search_waited_for_the_sandbox(page: Page) -> None:
    """Material's search index was downloaded only once the runtime's wasm was in, and sent to its
    search worker only once the sandbox was ready; or either at early.js's last resort, where that
    came first (a loaded machine once set the index up at 10.42 s and was ready at 10.78 s)."""
    page.wait_for_function("window.__rbSearchSetup !== null", timeout=BOOT_TIMEOUT_MS, polling=POLL_MS)
    (start,) = starts(page)
    assert page.evaluate("window.__rbSearchSetup") >= min(start["at"], SEARCH_RELEASE_MS)
    asked = page.evaluate(
        f"performance.getEntriesByType('resource').find((e) => e.name.endsWith('{SEARCH_INDEX}')).startTime"
    )
    assert asked >= min(page.evaluate("window.__rbDownloaded"), SEARCH_RELEASE_MS)
