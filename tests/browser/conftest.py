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

from tests.browser.helpers import INSTANT_BOTS, wait_settled
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
