"""The site offline and installable (issues 48 and 57), in Debian's Chromium, served under a sub-path.

- offline: a reader visits the top page; once the site says it is kept, the network is cut
  (Playwright's offline mode) and every file of the build is answered with its bytes (each game
  page and its pre-drawn deals among them), two game pages load, their sandboxes start (the
  first from the files, the second from the interpreter it kept) and play, the search finds a
  rule, a page the build never had gets the Japanese offline page; the manifest is what an
  installing browser wants (Chromium's own installability check, and its fields and icons read
  here);
- update: back online, a second build (one asset changed as a deploy by rsync -a leaves it: the
  same size, an older time) is served at the same URL: the reader is offered it, not while a table
  of phones is open, and after the switch every kept file is the second build's, every open tab
  of the site is on it (one at once, one with its table open once the table closes), the game in
  progress (the last one played offline) goes on from its save, and a save the engine refuses is
  refused with its message;
- two sites on one origin (/a/ and /b/): each kept and said once, each answering its own build's
  files with the host gone, the first played, and /a without its slash still reaches it;
- a network cut before the site is kept: said, and the keeping goes on when the network returns.

The contexts here keep the browser's HTTP cache as a reader's does (Playwright's routing, which the
other tests' guard uses, turns it off): a foreign request is listed and fails the test, unrouted.
"""

from __future__ import annotations

import json
import os
import shutil
import struct
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Locator, Page, Route, expect

from build_tools.browsers import SITE_KEPT
from build_tools.offline import SERVICE_WORKER, write_service_worker
from build_tools.serve import SiteServer, running
from engine.registry import games
from tests.browser.helpers import (
    BOOT_TIMEOUT_MS,
    INSTANT_BOTS,
    POLL_MS,
    READ_SAVE,
    SANDBOX,
    SNAPSHOT_KEPT,
    click_action,
    legal_buttons,
    move_lines,
    new_log,
    saved,
    search_hit,
    wait_settled,
)
from tests.browser.table import TABLE
from tests.conftest import Guard, is_foreign

SUB_PATH = "rulebook/"
CHANGED_ASSET = "assets/stylesheets/offline.css"
FIRST_WORDS, SECOND_WORDS = "The offline notice", "THE OFFLINE NOTICE"  # the asset's change: same size
KEPT_NOTE = "このサイトはオフラインでも使えます"
STOPPED_NOTE = "オフライン用の保存が途中で止まりました"

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

# What the service worker in charge of the page says of its build (sw.js: "about").
ABOUT_THE_WORKER = """() => new Promise((resolve) => {
  const channel = new MessageChannel();
  channel.port1.onmessage = ({ data }) => resolve(data);
  navigator.serviceWorker.controller.postMessage({ type: "about" }, [channel.port2]);
})"""

# Each file of `paths` as the page gets it (the service worker's answer, with the network cut): the
# SHA-256 of its bytes in base64, as build_tools/offline.py lists it, or its HTTP status.
ANSWERED = """async (paths) => {
  const answered = {};
  for (const path of paths) {
    const response = await fetch(path);
    const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", await response.arrayBuffer()));
    answered[path] = response.ok ? btoa(String.fromCharCode(...digest)) : `HTTP ${response.status}`;
  }
  return answered;
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
def server(tmp_path: Path) -> Iterator[SiteServer]:
    """A host serving the folder tmp_path/root, where a test puts its sites."""
    root = tmp_path / "root"
    root.mkdir()
    with running(root, quiet=True) as server:
        yield server


@pytest.fixture
def served(server: SiteServer, site_dir: Path) -> tuple[str, Path]:
    """The built site at http://127.0.0.1:PORT/rulebook/ (a link to it in the served folder, which
    a test may point at another build): that URL and the link."""
    link = Path(server.site) / SUB_PATH.strip("/")
    link.symlink_to(site_dir)
    return f"http://127.0.0.1:{server.server_port}/{SUB_PATH}", link


@pytest.fixture
def context(browser: Browser, guard: Guard) -> Iterator[BrowserContext]:
    """A reader's context: foreign requests listed, not routed (see the module's docstring)."""
    context = browser.new_context(locale="ja-JP")
    context.add_init_script(INSTANT_BOTS)
    context.on("request", lambda request: is_foreign(request.url) and guard.foreign.append(request.url))
    context.on("page", guard.watch_page)
    yield context
    context.close()
    guard.check()


def listing(site: Path) -> dict:
    """What the build's service worker keeps (build_tools/offline.py)."""
    text = (site / SERVICE_WORKER).read_text(encoding="utf-8")
    return json.loads(text.split("const BUILD = ", 1)[1].split(";\n", 1)[0])


def not_answered(page: Page, site: Path) -> dict[str, str]:
    """The files of the build in `site` that the page does not get with the build's bytes (what it
    got instead): asked by the page of that site, with the network cut or the host gone."""
    files = listing(site)
    answered = page.evaluate(ANSWERED, [path for path, _ in files["files"]])
    return {
        path: answered[path]
        for path, sha in files["files"]
        if answered[path] not in (sha, files["unpacked"].get(path))  # a .gz sibling: either, as sw.js
    }


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
    """A copy of the build with one asset changed as a deploy by `rsync -a`, `cp -a` or tar can
    leave it: the same size, and a time older than the first build's copy, so that a host that
    validates by Last-Modified (build_tools/serve.py, as Python's) answers 304 to a browser that asks
    for it with If-Modified-Since. Its service worker written by the build's code."""
    shutil.copytree(site_dir, into, symlinks=True)
    first, changed = site_dir / CHANGED_ASSET, into / CHANGED_ASSET
    text = first.read_text(encoding="utf-8")
    assert FIRST_WORDS in text
    changed.write_text(text.replace(FIRST_WORDS, SECOND_WORDS, 1), encoding="utf-8")
    older = first.stat().st_mtime - 3600
    os.utime(changed, (older, older))
    source = Path(__file__).resolve().parents[2] / "docs" / SERVICE_WORKER
    write_service_worker(into, source.read_text(encoding="utf-8"))
    return into


def kept_note(page: Page) -> Locator:
    return page.locator(".rb-offline-notice[data-kind=ready] span")


def test_a_reader_keeps_the_site_plays_offline_then_takes_the_next_build(
    context: BrowserContext, served: tuple[str, Path], site_dir: Path, tmp_path: Path, guard: Guard
) -> None:
    """One reader, one cold start (where two tests made two): the top page, the site kept, every
    file of the build and two game pages with the network cut, then back online a new build.

    Two game pages are played offline, not five: the cold start and one restored from the
    interpreter it kept are the two ways a sandbox starts. What another game page needs besides
    what these two loaded is its own page and its pre-drawn deals (the shell, the runtime, the
    wheel of every game and the stylesheets are the same files), and every file of the build is
    answered offline with the build's bytes, by the same lookup in the cache that answered these
    two pages' files."""
    base, link = served
    page = context.new_page()
    page.goto(base)
    wait_kept(page)
    megabytes = max(1, round(listing(site_dir)["bytes"] / 1e6))
    expect(kept_note(page)).to_have_text(f"{KEPT_NOTE}（約 {megabytes} MB）")
    check_manifest(page, base)

    context.set_offline(True)
    assert not_answered(page, site_dir) == {}, "files not answered with the build's bytes offline"
    for number, game in enumerate(list(games())[:2]):
        page.goto(f"{base}{game}.html")
        wait_settled(page)
        plays(page, game)
        if number == 0:  # the next page restores the interpreter this start keeps
            assert page.evaluate(SNAPSHOT_KEPT, BOOT_TIMEOUT_MS), "no snapshot kept"
    assert page.get_attribute(SANDBOX, "data-rb-boot") == "restored"
    in_progress, lines = game, move_lines(page)
    expect(search_hit(page, "墓地", "necropolis")).to_be_visible(timeout=BOOT_TIMEOUT_MS)
    guard.expect("status of 503")  # the offline page's status, which Chromium logs
    # and the service worker's try of the network for it, which Chromium logs in the page or not
    guard.allow("net::ERR_INTERNET_DISCONNECTED")
    page.goto(base + "a-page-no-build-had.html")
    expect(page.locator("h1")).to_have_text("オフラインです")
    page.goto(base)  # the start URL
    expect(page.locator(".md-content h1").first).to_be_visible()
    assert kept_note(page).is_hidden()  # said once

    context.set_offline(False)
    refused = new_log("rondo", 2, 1)
    refused["actions"] = ["no-such-move"]
    page.evaluate(WRITE_SAVE, ["rondo", {"log": refused, "seats": ["human", "bot:heuristic"]}])
    second = second_build(site_dir, tmp_path / "second")
    new_link = link.with_name("next")
    new_link.symlink_to(second)
    os.replace(new_link, link)  # the same URL now serves the second build
    # Two more tabs of the first build: a page without a sandbox, and a game whose table is open.
    about, host = context.new_page(), context.new_page()
    about.goto(base + "about.html")
    hosted = next(game for game in games() if game not in (in_progress, "rondo"))
    host.goto(f"{base}{hosted}.html")
    wait_settled(host)
    host.locator(f"{SANDBOX} .rb-table-open").click()
    for tab in (about, host):
        tab.evaluate("window.__rbFirstBuild = true")
    page.goto(f"{base}{in_progress}.html")
    wait_settled(page)
    offer = page.locator(".rb-offline-notice[data-kind=update]")
    expect(offer).to_contain_text("新しい版があります", timeout=BOOT_TIMEOUT_MS)
    assert move_lines(page) == lines  # the first build's page, until the reader says so
    page.locator(f"{SANDBOX} .rb-table-open").click()  # friends' phones about to be paired:
    expect(offer).to_be_hidden()  # no reload offered (it would cut them off)
    page.locator(TABLE).get_by_role("button", name="やめる").click()
    expect(offer).to_be_visible()
    with page.expect_navigation(), about.expect_navigation():
        offer.get_by_role("button", name="新しい版にする").click()
    wait_settled(page)
    assert move_lines(page) == lines  # the game in progress goes on
    plays(page, in_progress)
    # The other tabs: reloaded at the switch, the one with its table open once that table closed.
    assert about.evaluate("window.__rbFirstBuild") is None
    assert host.evaluate("window.__rbFirstBuild") is True
    with host.expect_navigation():
        host.locator(TABLE).get_by_role("button", name="やめる").click()
    files = listing(second)
    for tab in (page, about, host):
        assert tab.evaluate(ABOUT_THE_WORKER)["digest"] == files["digest"]
    host.close()
    about.close()

    kept = page.evaluate(CACHES, CHANGED_ASSET)
    assert kept["names"] == [f"rb-site /{SUB_PATH} {files['digest']}"]  # the first build's cache is gone
    assert kept["count"] == len(files["files"])
    assert SECOND_WORDS in kept["text"]  # the new bytes, though their time was older
    sheet = page.evaluate(f"fetch('{CHANGED_ASSET}').then((r) => r.text())")
    assert SECOND_WORDS in sheet
    page.goto(base + "rondo.html")  # refused whole, said why, and a new game begun
    refusal = "1手目「no-such-move」が不正です"
    expect(page.locator(f"{SANDBOX} .rb-alert")).to_contain_text(refusal, timeout=BOOT_TIMEOUT_MS)


def test_on_a_phone_the_note_is_not_drawn_over_the_sandbox(
    context: BrowserContext, served: tuple[str, Path]
) -> None:
    """The site kept while the sandbox is open over the rules at 390 × 844: the note does not lie
    over the board and the reader's hand; back to the rules, it is said, and hidden again while
    the sandbox is open (an update's offer too: offline.css), and while a table of phones is on
    the page, whose QR codes it would lie on."""
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
    assert page.evaluate(f"localStorage.getItem('rb:offline-noted:/{SUB_PATH}')") is None  # still to be said
    page.get_by_role("button", name="ルールに戻る").click()
    expect(note.locator("span")).to_contain_text("オフラインでも使えます")
    expect(note).to_be_in_viewport(ratio=1)
    page.get_by_role("button", name="遊ぶ", exact=True).click()
    expect(note).to_be_hidden()
    # a table of phones opened: back at the rules, nothing of the note lies over its QR codes
    page.locator(f"{SANDBOX} .rb-table-open").click()
    page.get_by_role("button", name="ルールに戻る").click()
    assert page.get_attribute(SANDBOX, "data-rb-table") == ""
    expect(note).to_be_hidden()


def test_two_sites_on_one_origin_are_each_kept_and_played_with_the_host_gone(
    context: BrowserContext, server: SiteServer, site_dir: Path, tmp_path: Path
) -> None:
    """Two builds at /a/ and /b/ of one origin (the README allows any sub-path; Cache Storage and
    localStorage belong to the origin): each site is kept in its own cache and says so once, the
    second's keeping deletes nothing of the first's; with the host unreachable each site answers
    every file of its own build with its bytes (the second's changed stylesheet its own), the
    first's sandbox plays, and the first's address without its slash (/a) still reaches it. (The
    second's sandbox is not started: its files are answered as the first's, whose sandbox starts
    from them, and a sandbox started offline from a kept site is the test above's.)"""
    root = Path(server.site)
    (root / "a").symlink_to(site_dir)
    (root / "b").symlink_to(second_build(site_dir, tmp_path / "second"))
    origin = f"http://127.0.0.1:{server.server_port}/"
    page = context.new_page()
    for name in ("a", "b"):
        page.goto(f"{origin}{name}/")
        wait_kept(page)
        expect(kept_note(page)).to_contain_text(KEPT_NOTE)
    first, second = (listing(site)["digest"] for site in (site_dir, tmp_path / "second"))
    assert sorted(page.evaluate("caches.keys()")) == [f"rb-site /a/ {first}", f"rb-site /b/ {second}"]

    server.reachable = False
    for name, site in (("a", site_dir), ("b", tmp_path / "second")):
        page.goto(f"{origin}{name}/")
        assert not_answered(page, site) == {}, f"/{name}/'s files not answered with its build's bytes"
    page.goto(f"{origin}a/necropolis.html")  # the first site's, whose cache the second's keeping left
    wait_settled(page)
    plays(page, "necropolis")
    page.goto(f"{origin}a")  # the host's redirect to /a/, kept by the browser's HTTP cache
    assert page.url == f"{origin}a/"
    expect(page.locator(".md-content h1").first).to_be_visible()


def held(page: Page, requests: list[Route]) -> Route:
    """The first request a route of the test holds, once it comes (offline.js registers the
    service worker a few seconds after the page's load)."""
    for _ in range(BOOT_TIMEOUT_MS // POLL_MS):
        if requests:
            return requests[0]
        page.wait_for_timeout(POLL_MS)  # Playwright hands the held requests over while it waits
    raise AssertionError("the request never came")


def test_a_network_cut_before_the_site_is_kept_is_said_and_the_keeping_goes_on_when_it_returns(
    context: BrowserContext, server: SiteServer, served: tuple[str, Path], guard: Guard
) -> None:
    """The network cut twice before the site is kept, on one page: as the service worker is
    registered (sw.js not fetched), then in the middle of its downloads (a file of the build not
    fetched). Each time the page says that the keeping stopped, and goes on when the browser is
    back online. Each cut is made while its request is held (Playwright's routing), so that it
    comes at that moment whatever the machine's load."""
    base, _ = served
    page = context.new_page()
    note = page.locator(".rb-offline-notice[data-kind=stopped] span")

    def cut(request: Route) -> None:
        server.reachable = False
        request.abort("internetdisconnected")
        context.set_offline(True)
        expect(note).to_contain_text(STOPPED_NOTE, timeout=BOOT_TIMEOUT_MS)
        assert page.evaluate("document.documentElement.dataset.rbOffline") is None  # nothing kept

    def back_online() -> None:
        server.reachable = True
        context.set_offline(False)  # the online event: offline.js registers again

    guard.expect("An unknown error occurred when fetching the script")  # Chromium's, of sw.js cut
    script: list[Route] = []
    context.route("**/sw.js", lambda route: script.append(route))
    page.goto(base + "about.html")
    cut(held(page, script))
    download: list[Route] = []
    a_file = "**/assets/javascripts/offline.js"  # one of the build's files
    context.route(a_file, lambda route: download.append(route))
    context.unroute("**/sw.js")
    back_online()
    request = held(page, download)
    expect(note).to_be_hidden()  # going on
    cut(request)
    context.unroute(a_file)
    back_online()
    wait_kept(page)
    expect(kept_note(page)).to_contain_text(KEPT_NOTE)
    assert note.is_hidden()
