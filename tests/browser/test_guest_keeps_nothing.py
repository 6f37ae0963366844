"""A guest at a table keeps nothing (issue 58), in Chromium: a friend's phone that opens an
invitation's link registers no service worker, so that it downloads neither Pyodide, the standard
library nor the engine's wheel (6 of the site's 8 MB kept), by its page or by a service worker.

offline.js decides at the moment it would register one on any other page (the page loaded, its
sandbox out of its loading state, a few seconds and an idle moment later) and marks the page
then: the test waits for that mark, or for the mark of a site kept (the code before this one,
which registered a worker on a guest's page too), and checks what the phone fetched and keeps.
"""

from __future__ import annotations

from playwright.sync_api import Browser, Page

from tests.browser.conftest import guarded_context
from tests.browser.helpers import BOOT_TIMEOUT_MS, POLL_MS, wait_settled
from tests.browser.table import answer, invite
from tests.conftest import Guard

PYTHON_FILES = ("/vendor/pyodide/", "/vendor/python/")  # Pyodide; the stdlib, the wheel, manifest.json
DECIDED = "['guest', 'ready'].includes(document.documentElement.dataset.rbOffline)"
KEPT = """async () => ({
  workers: (await navigator.serviceWorker.getRegistrations()).length,
  caches: await caches.keys(),
})"""


def test_a_guests_phone_downloads_no_python_and_keeps_nothing(
    browser: Browser, guard: Guard, later_page: Page, http_server: str
) -> None:
    # The host: a page of the profile browser tests share (conftest.py), Python restored there; no
    # service worker, as the host's keeping of the site, in its own storage, is nothing to the guest.
    host = later_page
    host.goto(http_server + "bottle-imp.html")
    wait_settled(host)
    (link,) = invite(host, ["here", "friend"])

    phone = guarded_context(browser, guard, viewport={"width": 390, "height": 844})  # its own storage
    fetched: list[tuple[str, bool]] = []  # every URL, and whether a service worker asked for it
    phone.on("request", lambda request: fetched.append((request.url, request.service_worker is not None)))
    guest = phone.new_page()
    answer(guest, link)  # a guest's page: its reply to the invitation on screen
    # nor does it run material's bundle (early.js): a seat needs none of it, and its start was
    # the biggest part of a guest's; what only it makes work is hidden
    assert guest.evaluate("typeof window.document$") == "undefined"
    assert all(label.is_hidden() for label in guest.locator('label[for="__search"]').all())
    guest.wait_for_function(DECIDED, timeout=BOOT_TIMEOUT_MS, polling=POLL_MS)
    assert guest.evaluate(KEPT) == {"workers": 0, "caches": []}
    assert [url for url, _ in fetched if any(part in url for part in PYTHON_FILES)] == []
    assert [url for url, by_a_worker in fetched if by_a_worker] == []
    assert guest.evaluate("document.documentElement.dataset.rbOffline") == "guest"
    phone.close()
    guard.check()
