"""How the sandbox starts, in Firefox ESR and WebKitGTK (Chromium: tests/browser/test_startup.py).

In one profile, page load after page load: the first start is loadPyodide's and keeps a snapshot
of the interpreter; the next one restores it and plays; a snapshot Pyodide refuses gives a normal
start (data-rb-boot="started") that plays, with no console error, and leaves a good snapshot
behind (Chromium judges every kind of bad snapshot and starts from one of each way).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from build_tools.browsers import launch
from tests.browser.cross.conftest import Site
from tests.browser.cross.reader import action_button, click, enabled_actions, open_sandbox
from tests.browser.helpers import CHANGE_SNAPSHOT

GAME_PAGE = "necropolis.html"
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

# The snapshot Pyodide itself refuses (its checksum good, its bytes not an interpreter): the one
# bad snapshot whose fallback runs through the browser's own failure of loadPyodide. The others
# (made for other files, damaged) are caught by the shell's checks before Pyodide sees them, the
# same code in every browser: Chromium judges each and starts from one of each way
# (tests/browser/test_startup.py).
FALLBACKS = {"refused": "bytes.fill(0x5a, 16, 48); record.checksum = checksum(bytes);"}


@pytest.mark.parametrize("browser", ["firefox", "webkit"])
def test_restored_next_time_and_a_normal_start_from_any_bad_snapshot(
    site: Site, site_dir: Path, browser: str
) -> None:
    key = json.loads((site_dir / "assets/vendor/python/manifest.json").read_text())["key"]
    page = site.url + GAME_PAGE
    module = site.url + "assets/javascripts/sandbox/snapshots.mjs"
    with launch(browser) as driver:

        def start(expected: str, snapshot: str = "none yet") -> None:
            open_sandbox(driver, page)
            assert driver.evaluate(BOOT) == expected, f"snapshot: {snapshot}"
            click(driver, action_button(enabled_actions(driver)[0]))
            assert driver.evaluate(KEPT_KEY) == key, f"no good snapshot kept after: {snapshot}"

        start("started")
        start("restored", "kept by the first start")
        for name, change in FALLBACKS.items():
            driver.evaluate(CHANGE_SNAPSHOT, module, change)
            start("started", name)
        assert driver.errors() == []
