"""The site offline and installable (issue 48), in Debian's Chromium, served under a sub-path.

- offline: a reader visits the top page; once the site says it is kept, the network is cut
  (Playwright's offline mode) and every game page still loads, its sandbox starts and plays, the
  search finds a rule, a page the build never had gets the Japanese offline page; the manifest
  is what an installing browser wants (Chromium's own installability check, and its fields and
  icons read here);
- update: back online, a second build (one asset changed, its service worker written by the same
  build code) is served at the same URL: the reader is offered it, and after the switch every
  kept file is the second build's, the game in progress (the last one played offline) goes on
  from its save, and a save the engine refuses is refused with its message.

One test, one reader: one cold start of Python for all of it.
"""

from __future__ import annotations

import json
import os
import shutil
import struct
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from build_tools.browsers import SITE_KEPT
from build_tools.offline import SERVICE_WORKER, write_service_worker
from build_tools.serve import running
from engine.registry import games
from tests.browser.conftest import guarded_context
from tests.browser.helpers import (
    BOOT_TIMEOUT_MS,
    POLL_MS,
    READ_SAVE,
    SANDBOX,
    click_action,
    legal_buttons,
    move_lines,
    new_log,
    saved,
    search_hit,
    wait_settled,
)
from tests.conftest import Guard

SUB_PATH = "rulebook/"
CHANGED_ASSET = "assets/stylesheets/offline.css"
SECOND_BUILD_MARK = "/* the second build */\n"

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

# A question to the active service worker, answered after every one the page asked it before (the
# note's size, asked as the site is marked kept), and a turn of the page's own tasks after that.
ASKED_THE_WORKER = """async () => {
  const { active } = await navigator.serviceWorker.ready;
  const channel = new MessageChannel();
  const answered = new Promise((resolve) => (channel.port1.onmessage = resolve));
  active.postMessage({ type: "about" }, [channel.port2]);
  await answered;
  await new Promise((resolve) => setTimeout(resolve, 0));
}"""

# The kept caches and, in the one left, how many files and one file's text.
CACHES = """async (path) => {
  const names = await caches.keys();
  const cache = await caches.open(names[0]);
  const kept = await cache.match(new URL(path, location.href));
  return { names, count: (await cache.keys()).length, text: kept ? await kept.text() : null };
}"""

# A save of the game `game` the engine refuses: a move its rules never allow, kept where the
# worker keeps saves (IndexedDB "rb", store "saves": saves.mjs).
WRITE_SAVE = """([game, entry]) => new Promise((resolve, reject) => {
  const opening = indexedDB.open("rb", 1);
  opening.onupgradeneeded = () => opening.result.createObjectStore("saves");
  opening.onerror = () => reject(opening.error);
  opening.onsuccess = () => {
    const writing = opening.result.transaction("saves", "readwrite").objectStore("saves").put(entry, game);
    writing.onsuccess = () => { opening.result.close(); resolve(); };
    writing.onerror = () => reject(writing.error);
  };
})"""


@pytest.fixture
def served(tmp_path: Path, site_dir: Path) -> Iterator[tuple[str, Path]]:
    """The built site at http://127.0.0.1:PORT/rulebook/ (a link to it in a served folder, which
    a test may point at another build); yields that URL and the link."""
    root = tmp_path / "root"
    root.mkdir()
    link = root / SUB_PATH.strip("/")
    link.symlink_to(site_dir)
    with running(root, quiet=True) as server:
        yield f"http://127.0.0.1:{server.server_port}/{SUB_PATH}", link


@pytest.fixture
def context(browser: Browser, guard: Guard) -> Iterator[BrowserContext]:
    context = guarded_context(browser, guard)
    yield context
    context.close()
    guard.check()


def listing(site: Path) -> dict:
    """What the build's service worker keeps (build_tools/offline.py)."""
    text = (site / SERVICE_WORKER).read_text(encoding="utf-8")
    return json.loads(text.split("const BUILD = ", 1)[1].split(";\n", 1)[0])


def wait_kept(page: Page) -> None:
    page.wait_for_function(SITE_KEPT, timeout=BOOT_TIMEOUT_MS, polling=POLL_MS)


def plays(page: Page, game: str) -> None:
    """The sandbox takes a move: the engine's saved game has one more action."""
    before = len(saved(page, game)["log"]["actions"]) if page.evaluate(READ_SAVE, game) else 0
    click_action(page, legal_buttons(page)[0])
    assert len(saved(page, game)["log"]["actions"]) > before


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR", "not a PNG"
    return struct.unpack(">II", data[16:24])


def check_manifest(page: Page, base: str) -> None:
    """The web app manifest as an installing browser reads it: Chromium finds nothing against
    installing the site, and the fields, the icons (real PNGs of their sizes, maskable ones too),
    the scope and the start URL are the site's."""
    cdp = page.context.new_cdp_session(page)
    assert cdp.send("Page.getAppManifest")["errors"] == []
    # A test's context is off the record, where no browser installs: nothing else is wanting.
    errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
    assert [error["errorId"] for error in errors] == ["in-incognito"]
    href = page.get_attribute("link[rel=manifest]", "href")
    manifest_url = page.evaluate("href => new URL(href, location.href).href", href)
    assert manifest_url == base + "manifest.webmanifest"
    manifest = page.evaluate("url => fetch(url).then((r) => r.json())", manifest_url)
    assert manifest["name"] == "遊べるルールブック" and manifest["short_name"] == "ルールブック"
    assert manifest["lang"] == "ja" and manifest["display"] == "standalone"
    for field in ("start_url", "scope", "id"):
        assert page.evaluate("([u, b]) => new URL(u, b).href", [manifest[field], manifest_url]) == base
    assert manifest["theme_color"].startswith("#") and manifest["background_color"].startswith("#")
    found = set()
    for icon in manifest["icons"]:
        url = page.evaluate("([u, b]) => new URL(u, b).href", [icon["src"], manifest_url])
        data = page.request.get(url).body()
        width, height = png_size(data)
        assert icon["type"] == "image/png" and icon["sizes"] == f"{width}x{height}" and width == height
        found.add((width, icon["purpose"]))
    assert {(192, "any"), (512, "any"), (192, "maskable"), (512, "maskable")} <= found


def second_build(site_dir: Path, into: Path) -> Path:
    """A copy of the build with one asset changed, its service worker written by the build's code."""
    shutil.copytree(site_dir, into, symlinks=True)
    changed = into / CHANGED_ASSET
    changed.write_text(SECOND_BUILD_MARK + changed.read_text(encoding="utf-8"), encoding="utf-8")
    source = Path(__file__).resolve().parents[2] / "docs" / SERVICE_WORKER
    write_service_worker(into, source.read_text(encoding="utf-8"))
    return into


def test_a_reader_keeps_the_site_plays_offline_then_takes_the_next_build(
    context: BrowserContext, served: tuple[str, Path], site_dir: Path, tmp_path: Path, guard: Guard
) -> None:
    """One reader, one cold start (where two tests made two): the top page, the site kept, every
    game page with the network cut, then back online a new build."""
    base, link = served
    page = context.new_page()
    page.goto(base)
    wait_kept(page)
    megabytes = max(1, round(listing(site_dir)["bytes"] / 1e6))
    note = page.locator(".rb-offline-notice[data-kind=ready]")
    expect(note.locator("span")).to_have_text(f"このサイトはオフラインでも使えます（約 {megabytes} MB）")
    check_manifest(page, base)

    context.set_offline(True)
    for number, game in enumerate(games()):
        page.goto(f"{base}{game}.html")
        wait_settled(page)
        plays(page, game)
        if number == 0:  # the next pages restore the interpreter this start keeps
            assert page.evaluate(SNAPSHOT_KEPT, BOOT_TIMEOUT_MS), "no snapshot kept"
    assert page.get_attribute(SANDBOX, "data-rb-boot") == "restored"
    in_progress, lines = game, move_lines(page)
    expect(search_hit(page, "墓地", "necropolis")).to_be_visible(timeout=BOOT_TIMEOUT_MS)
    guard.expect("status of 503")  # the offline page's status, which Chromium logs
    page.goto(base + "a-page-no-build-had.html")
    expect(page.locator("h1")).to_have_text("オフラインです")
    page.goto(base)  # the start URL
    expect(page.locator(".md-content h1").first).to_be_visible()
    assert note.is_hidden()  # said once

    context.set_offline(False)
    refused = new_log("rondo", 2, 1)
    refused["actions"] = ["no-such-move"]
    page.evaluate(WRITE_SAVE, ["rondo", {"log": refused, "seats": ["human", "bot:heuristic"]}])
    second = second_build(site_dir, tmp_path / "second")
    new_link = link.with_name("next")
    new_link.symlink_to(second)
    os.replace(new_link, link)  # the same URL now serves the second build
    page.goto(f"{base}{in_progress}.html")
    wait_settled(page)
    offer = page.locator(".rb-offline-notice[data-kind=update]")
    expect(offer).to_contain_text("新しい版があります", timeout=BOOT_TIMEOUT_MS)
    assert move_lines(page) == lines  # the first build's page, until the reader says so
    with page.expect_navigation():
        offer.get_by_role("button", name="新しい版にする").click()
    wait_settled(page)
    assert move_lines(page) == lines  # the game in progress goes on
    plays(page, in_progress)

    kept = page.evaluate(CACHES, CHANGED_ASSET)
    files = listing(second)
    assert kept["names"] == [f"rb-site-{files['digest']}"]  # the first build's cache is gone
    assert kept["count"] == len(files["files"])
    assert kept["text"].startswith(SECOND_BUILD_MARK)
    sheet = page.evaluate(f"fetch('{CHANGED_ASSET}').then((r) => r.text())")
    assert sheet.startswith(SECOND_BUILD_MARK)
    page.goto(base + "rondo.html")  # refused whole, said why, and a new game begun
    refusal = "1手目「no-such-move」が不正です"
    expect(page.locator(f"{SANDBOX} .rb-alert")).to_contain_text(refusal, timeout=BOOT_TIMEOUT_MS)


def test_on_a_phone_the_note_is_not_drawn_over_the_sandbox(
    context: BrowserContext, served: tuple[str, Path]
) -> None:
    """The site kept while the sandbox is open over the rules at 390 × 844: the note does not lie
    over the board and the reader's hand; back to the rules, it is said, and hidden again while
    the sandbox is open (an update's offer too: offline.css)."""
    base, _ = served
    page = context.new_page()
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(base + "necropolis.html")
    wait_settled(page)
    page.get_by_role("button", name="遊ぶ", exact=True).click()
    wait_kept(page)
    note = page.locator(".rb-offline-notice")
    page.evaluate(ASKED_THE_WORKER)  # where the note came at once, it has come by now
    assert note.is_hidden()
    assert page.evaluate("localStorage.getItem('rb:offline-noted')") is None  # still to be said
    page.get_by_role("button", name="ルールに戻る").click()
    expect(note.locator("span")).to_contain_text("オフラインでも使えます")
    expect(note).to_be_in_viewport(ratio=1)
    page.get_by_role("button", name="遊ぶ", exact=True).click()
    expect(note).to_be_hidden()
