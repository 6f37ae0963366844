"""How the sandbox starts, through a driver (Chromium: tests/browser/test_startup.py): which start
a page load made, the snapshot of the interpreter the worker keeps, and a start from a snapshot
Pyodide itself refuses.
"""

from __future__ import annotations

from build_tools.browsers import Driver
from tests.browser.cross.reader import STATE, action_button, click, enabled_actions, open_sandbox, wait_ready
from tests.browser.helpers import CHANGE_SNAPSHOT, FALLBACKS

BOOT = "() => document.querySelector('.rb-sandbox').dataset.rbBoot"

# The stored snapshot's key once the worker has kept one that CHANGE_SNAPSHOT did not touch (waits up to
# a minute), or null.
KEPT_KEY = """async () => {
  for (let tries = 0; tries < 600; tries++) {
    const key = await new Promise((resolve) => {
      const opening = indexedDB.open("rb-python");
      opening.onerror = () => resolve(null);
      opening.onsuccess = () => {
        const db = opening.result;
        if (!db.objectStoreNames.contains("snapshots")) return db.close(), resolve(null);
        const reading = db.transaction("snapshots").objectStore("snapshots").get("current");
        reading.onsuccess = () => (db.close(), resolve(reading.result?.changed ? null : reading.result?.key));
        reading.onerror = () => (db.close(), resolve(null));
      };
    });
    if (key) return key;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return null;
}"""


def boot(driver: Driver) -> str:
    """How the page's sandbox started: "started" (loadPyodide's own start) or "restored"."""
    return driver.evaluate(BOOT)


def kept_key(driver: Driver) -> str | None:
    """The key of the snapshot the worker keeps, once it has kept one (None after a minute)."""
    return driver.evaluate(KEPT_KEY)


def leave_while_starting(driver: Driver, site_url: str, pages: list[str]) -> None:
    """Load each page and leave it at once, as a reader who clicks on soon does: while its
    sandbox is still starting (in WebKit the odd page is ready by its load event: at least one
    must be left starting); then go back one page, which gets ready as `open_sandbox` leaves a
    page (the caller says how it started). (Firefox and WebKit keep such pages in their
    back-forward cache: a worker frozen mid-start held a compiler thread in Firefox and an
    IndexedDB transaction in WebKit, and after two such pages no other sandbox could start, or
    save; see channel.js.)"""
    states = []
    for page in pages:
        driver.goto(site_url + page)
        states.append(driver.evaluate(STATE))
    # None: left before the shell had mounted, its worker already starting (early.js, in <head>);
    # pages the service worker answers often are.
    assert {None, "loading"} & set(states), f"no page was left while its sandbox started: {states}"
    # Not the page as it was left, if the browser kept it: that page, reloaded.
    driver.back(site_url + pages[-2], made_by=("back_forward", "reload"))
    wait_ready(driver)


def start_from_a_refused_snapshot(driver: Driver, site_url: str, page: str, key: str) -> None:
    """Spoil the kept snapshot so that only Pyodide can tell (its checksum good, its bytes no
    interpreter: the fallback that runs through each browser's own loadPyodide; the shell's checks
    are the same code everywhere, and Chromium tries every kind), then load `page` (a sandbox with
    a move to make): a normal start that plays and keeps a good snapshot again."""
    module = site_url + "assets/javascripts/sandbox/snapshots.mjs"
    driver.evaluate(CHANGE_SNAPSHOT, module, FALLBACKS["refused"])
    open_sandbox(driver, site_url + page)
    assert boot(driver) == "started", "not a normal start from a snapshot Pyodide refuses"
    click(driver, action_button(enabled_actions(driver)[0]))
    assert kept_key(driver) == key, "no good snapshot kept after the refused one"
