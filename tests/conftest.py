"""Shared fixtures: the built site, a local HTTP server for it, and a guarded Chromium.

Playwright is imported inside the fixtures only: this file is also loaded when the engine's tests
run under Pyodide (tests/pyodide/run.mjs), where there is no browser.
"""

from __future__ import annotations

import os
import re
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

import pytest

from build_tools.browsers import CHROMIUM, CHROMIUM_ARGS
from build_tools.serve import serving

if TYPE_CHECKING:
    from playwright.sync_api import Browser, BrowserContext, Page

ROOT = Path(__file__).resolve().parent.parent
LOCAL_HOSTS = {"127.0.0.1", "localhost"}
FOREIGN_URL = re.compile(r"^(?:https?|wss?)://(?!(?:127\.0\.0\.1|localhost)(?::\d+)?(?:[/?#]|$))")
"""What is_foreign says, as a pattern for Playwright's routing (the browser writes scheme and host
in lower case)."""


ENGINE_TESTS = Path(__file__).resolve().parent / "engine"
WAITING_FILES = {
    Path(__file__).resolve().parent / "browser" / name
    for name in ("test_offline.py", "test_table.py", "test_table_paths.py")
}
"""Browser tests that spend much of their time waiting on the page's own clocks (a guest's or a
host's time-outs, a service worker's download, a browser's late answer): run first, so that in
make test the Pyodide suite, which runs beside at a lower priority and ends within the first five
minutes, uses the core they leave idle (measured in a clean clone: about 65 of its 89 idle
core-seconds came while these ran after it had ended)."""


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark `in_pyodide` what the browser's Python runs too (make test-pyodide): the engine's tests,
    but those marked host_only and the searches' checks of their algorithms, of which only the
    recorded choices (the same moves in both Pythons) run there. `make test` runs each test once:
    these in Pyodide, every other on the host. The WAITING_FILES go first."""
    for item in items:
        if ENGINE_TESTS not in item.path.parents or item.get_closest_marker("host_only"):
            continue
        if item.path.name != "test_search.py" or item.name.startswith("test_choices_match_the_recorded_ones"):
            item.add_marker(pytest.mark.in_pyodide)
    items.sort(key=lambda item: item.path not in WAITING_FILES)  # stable: the rest in their order


@pytest.fixture(scope="session")
def site_dir() -> Path:
    """The built site/: built once with `make site`, or taken as is when RB_SITE_BUILT=1 (from
    RB_SITE_DIR when set: a copy built elsewhere, e.g. `mkdocs build -d <dir>`)."""
    if os.environ.get("RB_SITE_DIR"):
        site = Path(os.environ["RB_SITE_DIR"]).resolve()
        assert (site / "index.html").is_file(), f"{site} holds no built site"
        return site
    if os.environ.get("RB_SITE_BUILT") != "1":
        import fcntl  # POSIX only: this fixture never runs under Pyodide

        (ROOT / ".cache").mkdir(exist_ok=True)
        run = os.environ.get("PYTEST_XDIST_TESTRUNUID", str(os.getpid()))
        with open(ROOT / ".cache" / "site.lock", "a+") as lock:  # pytest-xdist: one build per run
            fcntl.flock(lock, fcntl.LOCK_EX)
            lock.seek(0)
            if lock.read() != run:
                subprocess.run(["make", "--no-print-directory", "site"], cwd=ROOT, check=True)
                lock.truncate(0)
                lock.write(run)
    site = ROOT / "site"
    assert (site / "index.html").is_file(), "site/ was not built"
    return site


@pytest.fixture(scope="session")
def http_server(site_dir: Path) -> Iterator[str]:
    """Serve site/ on 127.0.0.1 on a free port; yields the root URL, ending in '/'."""
    with serving(site_dir, quiet=True) as url:
        yield url


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    """Debian's Chromium, headless, driven by Playwright (no downloaded browser)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


class Guard:
    """What a browser context did that a test must not allow: requests to any host but
    127.0.0.1 (blocked, and listed) and console or page errors (workers' included), but for the
    errors a test `expect`s (a test of a failure): each of those must then have appeared."""

    def __init__(self) -> None:
        self.foreign: list[str] = []
        self.errors: list[str] = []
        self.expected: list[str] = []
        self.allowed: list[str] = []

    def watch(self, context: BrowserContext) -> None:
        context.on("request", lambda request: is_foreign(request.url) and self.foreign.append(request.url))
        # A pattern, not a function: Playwright then stops only those requests, where a function
        # must be asked about every one (the service worker's hundred downloads of the site too).
        context.route(FOREIGN_URL, lambda route: route.abort())

    def watch_page(self, page: Page) -> None:
        page.on("console", lambda message: message.type == "error" and self.errors.append(message.text))
        # with where it was thrown: an uncaught error's message alone does not say whose script
        page.on("pageerror", lambda error: self.errors.append(f"{error}\n{error.stack or ''}".strip()))

    def expect(self, text: str) -> None:
        """Console errors holding `text` are this test's to cause; at least one must come."""
        self.expected.append(text)

    def allow(self, text: str) -> None:
        """Console errors holding `text` may come of what this test does, or not: the browser
        logs them or not as its timing goes, and the test checks the behaviour itself."""
        self.allowed.append(text)

    def reset(self) -> None:
        self.foreign.clear()
        self.errors.clear()
        self.expected.clear()
        self.allowed.clear()

    def check(self) -> None:
        assert not self.foreign, f"requests left the host: {self.foreign}"
        known = self.expected + self.allowed
        unexpected = [error for error in self.errors if not any(text in error for text in known)]
        assert not unexpected, f"console errors: {unexpected}"
        missing = [text for text in self.expected if not any(text in error for error in self.errors)]
        assert not missing, f"no console error holds {missing} (errors: {self.errors})"


def is_foreign(url: str) -> bool:
    parts = urlsplit(url)
    return parts.scheme in {"http", "https", "ws", "wss"} and parts.hostname not in LOCAL_HOSTS


@pytest.fixture
def guard() -> Guard:
    """This test's guard; a test of a failure tells it the console errors to expect."""
    return Guard()


@pytest.fixture
def page(browser: Browser, guard: Guard) -> Iterator[Page]:
    """A fresh page in a fresh context: requests to any host but 127.0.0.1 and console errors
    fail the test."""
    context = browser.new_context(locale="ja-JP")
    guard.watch(context)
    context.on("page", guard.watch_page)
    yield context.new_page()
    context.close()
    guard.check()
