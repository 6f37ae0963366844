"""Browser fixtures: a cold sandbox page, and one warm page that keeps its Python between tests.

Booting Pyodide takes seconds, so every test that is not about start-up shares one page: it
moves between the game pages by material's instant navigation (the worker survives it) and
opens the game it needs through a share link in the fragment. Each test still gets its own
guard: any request leaving 127.0.0.1 or any console error during the test fails it.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, BrowserContext, Page

from tests.browser.helpers import (
    BOOT_TIMEOUT_MS,
    INSTANT_BOTS,
    NO_SERVICE_WORKER,
    SNAPSHOT_KEPT,
    wait_settled,
)
from tests.conftest import Guard


def guarded_context(browser: Browser, guard: Guard, **options: object) -> BrowserContext:
    context = browser.new_context(locale="ja-JP", **options)
    context.add_init_script(INSTANT_BOTS)
    guard.watch(context)
    context.on("page", guard.watch_page)
    return context


@pytest.fixture
def sandbox_page(browser: Browser, guard: Guard) -> Iterator[Page]:
    """A page in a fresh context (a cold start): foreign requests and console errors fail."""
    context = guarded_context(browser, guard)
    page = context.new_page()
    yield page
    context.close()
    guard.check()


FOLLOW_LINK = """url => {
  // material's instant navigation swaps the page's content in place: no reload, the worker stays
  const link = Object.assign(document.createElement("a"), { href: url });
  document.body.append(link);
  link.click();
  link.remove();
}"""


class WarmSite:
    """One page of the site whose worker stays booted; `show(game)` brings a game page up."""

    def __init__(self, browser: Browser, base: str, **options: object) -> None:
        """`options`: the browser context's (a phone's viewport and touch)."""
        self.base = base
        self.guard = Guard()
        self.context = guarded_context(browser, self.guard, **options)
        # Its reader has seen the offline note (offline.js): shown once, for 10 s, whenever the
        # service worker's download ends, it would lie over whatever a test looks at just then (a
        # tutorial's pointed card at the bottom of a phone). test_offline checks it, on its own.
        self.context.add_init_script("localStorage.setItem('rb:offline-noted:/', 'yes')")
        self.page = self.context.new_page()
        self.page.goto(base + "index.html")

    def visit(self, name: str) -> Page:
        """A page of the site (e.g. "about.html"), reached by instant navigation; a sandbox on it
        is ready."""
        page = self.page
        if page.evaluate("location.pathname.split('/').pop()") != name:
            page.evaluate("document.querySelector('.md-content').dataset.rbLeaving = 'yes'")
            page.evaluate(FOLLOW_LINK, self.base + name)
            page.wait_for_selector(".md-content:not([data-rb-leaving])")  # the new page's content
        if page.locator(".rb-sandbox").count():
            page.wait_for_selector(".rb-sandbox[data-rb-state]")
            wait_settled(page)
        return page

    def show(self, game: str) -> Page:
        """The game's page, reached by instant navigation, its sandbox ready."""
        return self.visit(f"{game}.html")


@pytest.fixture(scope="session")
def warm_site(browser: Browser, http_server: str) -> Iterator[WarmSite]:
    site = WarmSite(browser, http_server)
    yield site
    site.context.close()


@pytest.fixture
def warm(warm_site: WarmSite) -> Iterator[WarmSite]:
    """The shared warm page, with this test's own guard."""
    warm_site.guard.reset()
    yield warm_site
    warm_site.guard.check()


# Forget every saved game (IndexedDB "rb": saves.mjs) and the page's marks of them (localStorage); the
# interpreter's snapshot ("rb-python") stays. Run on a page with no sandbox, the pages before closed.
FORGET_THE_GAMES = """() => new Promise((resolve, reject) => {
  localStorage.clear();
  const deleting = indexedDB.deleteDatabase("rb");
  deleting.onsuccess = () => resolve();
  deleting.onerror = () => reject(deleting.error);
})"""


@pytest.fixture(scope="session")
def returning_reader(browser: Browser) -> Iterator[tuple[BrowserContext, Guard]]:
    """One profile whose later page loads the tests share (a reader back with the interpreter kept
    and, by `later_page`, no game saved), and its guard (reset for each test). No service worker:
    no test of it is about the site kept offline (test_offline.py is)."""
    guard = Guard()
    context = guarded_context(browser, guard)
    context.add_init_script(NO_SERVICE_WORKER)
    yield context, guard
    context.close()


@pytest.fixture
def later_page(returning_reader: tuple[BrowserContext, Guard], http_server: str) -> Iterator[Page]:
    """A new page in the shared profile, with no saved game: its sandbox starts a new one, Python
    restored from the interpreter an earlier test kept (a first start in the profile's first test;
    a test on a fresh profile's first start took 9 CPU-s where one on a restore took 6). Foreign
    requests and console errors during the test fail it."""
    context, guard = returning_reader
    guard.reset()
    page = context.new_page()
    page.goto(http_server + "about.html")  # the site's storage, from a page with no sandbox
    page.evaluate(FORGET_THE_GAMES)
    yield page
    # A first start keeps its interpreter a moment after its first answers: kept, not cut off by
    # the close, it is what the next test's start restores (nothing is asserted of it here).
    page.evaluate(SNAPSHOT_KEPT, BOOT_TIMEOUT_MS)
    page.close()
    guard.check()
