"""The site kept for offline use, through a driver (Chromium, with the network truly cut:
tests/browser/test_offline.py): the service worker was registered once a sandbox was ready and has
kept the build; with the host unreachable, it serves a kept page, and a page the build never had
gets its Japanese offline page instead of the browser's error."""

from __future__ import annotations

from build_tools.browsers import SITE_KEPT, Driver
from tests.browser.cross.conftest import Site
from tests.browser.cross.reader import BOOT_TIMEOUT_S

KEPT = f"() => {SITE_KEPT}"
HEADING = "() => document.querySelector('h1')?.firstChild?.textContent ?? null"
KEPT_PAGE = ("about.html", "このサイトについて")
CONTROLLED = "() => navigator.serviceWorker.controller !== null"
OFFLINE_STATUS = "status of 503"


def wait_until_kept(driver: Driver) -> None:
    """The service worker registered once a sandbox was ready, and the whole build kept."""
    driver.wait_for(KEPT, timeout=BOOT_TIMEOUT_S)


def served_with_the_host_unreachable(driver: Driver, site: Site) -> list[str]:
    """Returns the console errors the offline page's load is expected to log: its status, 503,
    which Chromium logs (as tests/browser/test_offline.py expects) and the other engines do not."""
    wait_until_kept(driver)
    site.server.reachable = False
    try:
        page, heading = KEPT_PAGE
        driver.goto(site.url + page)
        assert driver.evaluate(HEADING) == heading
        # answered by the service worker (a page it controls), not from the HTTP cache
        assert driver.evaluate(CONTROLLED) is True
        before = len(driver.errors())
        driver.goto(site.url + "a-page-no-build-had.html")
        assert driver.evaluate(HEADING) == "オフラインです"
    finally:
        site.server.reachable = True
    logged = driver.errors()[before:]
    assert all(OFFLINE_STATUS in error for error in logged), logged
    return logged
