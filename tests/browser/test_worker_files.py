"""A sandbox whose worker's own files do not all arrive, in Chromium (issue 58: the namespace
test's host saw its worker "stop" within two seconds of a first start, with no message).

A browser gives up on a module worker as soon as one of its files is not answered, tries none of
them again, and tells the page only "error", without a message. A dropped connection does that
(a loaded server, a busy Wi-Fi): the page starts the worker again, and the reader sees a normal
start; a worker whose files never come is said to be so. snapshots.mjs is a file the worker alone
imports.
"""

from __future__ import annotations

from playwright.sync_api import Page, Route, expect

from tests.browser.helpers import BOOT_TIMEOUT_MS, SANDBOX, wait_settled
from tests.conftest import Guard

WORKER_FILE = "**/sandbox/snapshots.mjs"
LOAD_ATTEMPTS = 3  # channel.js


def test_a_worker_file_dropped_once_is_asked_for_again(page: Page, http_server: str) -> None:
    dropped: list[str] = []

    def drop_once(route: Route) -> None:
        if dropped:
            route.continue_()
        else:
            dropped.append(route.request.url)
            route.abort("connectionreset")

    page.context.route(WORKER_FILE, drop_once)
    page.goto(http_server + "necropolis.html")
    wait_settled(page)
    assert len(dropped) == 1
    assert page.evaluate("window.__rbWorkerStarts") == 1  # the same channel, its worker started again


def test_a_worker_whose_files_never_come_says_so(page: Page, guard: Guard, http_server: str) -> None:
    guard.expect("ファイルが届きませんでした")  # the shell reports the failure to developers too
    asked: list[str] = []

    def drop(route: Route) -> None:
        asked.append(route.request.url)
        route.abort("connectionreset")

    page.context.route(WORKER_FILE, drop)
    page.goto(http_server + "necropolis.html")
    expect(page.locator(SANDBOX)).to_have_attribute("data-rb-state", "error", timeout=BOOT_TIMEOUT_MS)
    expect(page.get_by_role("alert")).to_contain_text(
        "ワーカーが止まりました。そのファイルが届きませんでした"
    )
    assert len(asked) == LOAD_ATTEMPTS
