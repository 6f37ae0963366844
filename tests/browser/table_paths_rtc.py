"""みんなのスマホで遊ぶ's harder paths over real WebRTC data channels: run only inside the private
network namespace that tests/browser/test_table_paths.py makes for it (build_tools/netns.py).

The site is served on the namespace's own non-loopback address (192.0.2.10), as a laptop serves it
on a home Wi-Fi with `python3 -m http.server`: a page there is not a secure context.

1. A plain-http host: no camera (no secure context), so the guest's reply reaches it by its link,
   opened by the host phone's own camera app in a second tab of the host's browser, which hands it
   to the game's tab (table/host.js handAnswerOver); the seat connects and both devices play.
2. A Firefox guest whose reply the host reads too late (after Firefox's ICE grace period) never
   connects and gets no sign from its browser: its own page says so, with the host's advice; the
   host says so too, and the seat's fresh invitation, answered at once, connects.
"""

from __future__ import annotations

import base64
import os
import re
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, sync_playwright

from build_tools.browsers import CHROMIUM, CHROMIUM_ARGS, launch
from build_tools.netns import INSIDE
from build_tools.serve import SiteServer
from engine.rng import Rng
from tests.browser.cross.reader import left_the_host
from tests.browser.cross.table import ANSWER, GUEST_NOTE, MORE_FRAMES
from tests.browser.helpers import INSTANT_BOTS, SANDBOX, wait_settled
from tests.browser.table import (
    CONNECT_MS,
    RECORDER,
    TABLE,
    answer,
    connected,
    invite,
    paste,
    play_moves,
    seated,
)
from tests.browser.table_rtc import DECODE_PNG, FIREFOX_RTC, qr_picture
from tests.conftest import Guard

ADDRESS = "192.0.2.10"  # the namespace's own address (build_tools/netns.py)
PHONE = {"viewport": {"width": 390, "height": 844}, "locale": "ja-JP"}
# Not on this machine nor in the namespace: any request elsewhere is stopped and listed.
ELSEWHERE = re.compile(
    rf"^(?:https?|wss?)://(?!(?:127\.0\.0\.1|localhost|{re.escape(ADDRESS)})(?::\d+)?(?:[/?#]|$))"
)
HANDED = "返事のコードをゲームのタブに渡しました。"  # table/host.js HOST_TEXT.handed
# Firefox gives up on checks that come later than its ICE trickle grace period after its answer
# (5 s by default; README: 6 and 8 s late never connected): twice that is late on any machine.
LATE_S = 10
UNREACHABLE = "プレイヤー2の席のスマホとつながりませんでした。"  # table/host.js HOST_TEXT.unreachable
GUEST_ADVICE = "「新しい招待を出す」"  # both of a guest's messages (slow, failed) name the host's button
# The guest's line once it says it is not connected (guest.js GUEST_TEXT slow, or failed).
GUEST_SAID = f"""() => {{
  const note = ({GUEST_NOTE})() ?? "";
  return /つながっていません|つながりませんでした/.test(note) && note;
}}"""
NEW_LINK = """(old) => {
  const link = document.querySelector('.rb-table-card[data-seat="1"] input')?.value;
  return link !== old && link;
}"""


@pytest.fixture(scope="module")
def plain_site() -> Iterator[str]:
    """site/ served on the namespace's non-loopback address: a plain-http host, as at home."""
    assert os.environ.get(INSIDE) == "1", (
        "run through tests/browser/test_table_paths.py, inside its namespace"
    )
    site = Path(__file__).resolve().parents[2] / "site"
    server = SiteServer((ADDRESS, 0), site, quiet=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://{ADDRESS}:{server.server_port}/"
    server.shutdown()
    server.server_close()
    thread.join()


@pytest.fixture(scope="module")
def rtc_browser() -> Iterator[Browser]:
    """Chromium with the devices' real addresses in their candidates (nothing in the namespace
    answers mDNS names), and no camera of any kind: a plain-http page may not ask for one."""
    with sync_playwright() as playwright:
        args = [*CHROMIUM_ARGS, "--disable-features=WebRtcHideLocalIpsWithMdns"]
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=args)
        yield chromium
        chromium.close()


def phone(browser: Browser, guard: Guard) -> BrowserContext:
    """A phone's browser: what conftest's guarded_context does, with the namespace's address
    allowed besides this machine's own."""
    context = browser.new_context(**PHONE)
    context.add_init_script(INSTANT_BOTS)
    context.on("request", lambda request: ELSEWHERE.match(request.url) and guard.foreign.append(request.url))
    context.route(ELSEWHERE, lambda route: route.abort())
    context.on("page", guard.watch_page)
    return context


def open_host(context: BrowserContext, url: str) -> Page:
    host = context.new_page()
    host.goto(url)
    wait_settled(host)
    assert host.evaluate("[isSecureContext, typeof RTCPeerConnection]") == [False, "function"]
    return host


def test_a_plain_http_host_takes_a_reply_from_its_camera_apps_tab(
    rtc_browser: Browser, guard: Guard, plain_site: str, tmp_path: Path
) -> None:
    host_context = phone(rtc_browser, guard)
    guest_context = phone(rtc_browser, guard)
    guest_context.add_init_script(RECORDER)
    host = open_host(host_context, plain_site + "rondo.html")
    [link] = invite(host, ["here", "friend"])
    # no secure context: no camera to scan with, only the paste field and the reply's link
    assert host.evaluate("navigator.mediaDevices === undefined")
    assert host.locator(TABLE).get_by_role("button", name="カメラで返事を読み取る").is_hidden()

    guest = guest_context.new_page()
    code = answer(guest, link)
    # the host phone's camera app reads the guest's QR code (the vendored decoder reads its picture)
    picture = qr_picture(guest, f"{TABLE} .rb-table-qr svg", tmp_path / "reply.png")
    reply_link = host.evaluate(DECODE_PNG, base64.b64encode(picture).decode())
    assert reply_link == plain_site + "rondo.html#answer=" + code

    # ...and opens it in a new tab of the host's browser, which hands it to the game's tab
    camera_tab = host_context.new_page()
    python = []
    camera_tab.on("request", lambda request: "pyodide" in request.url and python.append(request.url))
    camera_tab.goto(reply_link)
    camera_tab.wait_for_selector(f"{SANDBOX} .rb-alert:has-text('{HANDED}')")
    assert "#" not in camera_tab.url, "a reload of the tab would hand the reply over again"
    assert python == [], "the camera app's tab started Python"
    host.bring_to_front()  # the reader goes back to the game's tab
    connected(host, 1)
    seated(guest)
    assert play_moves({0: host, 1: guest}, host, Rng(7), moves=6) == 6
    host_context.close()
    guest_context.close()
    guard.check()


def test_a_firefox_guest_read_too_late_says_so_itself(
    rtc_browser: Browser, guard: Guard, plain_site: str
) -> None:
    host_context = phone(rtc_browser, guard)
    host = open_host(host_context, plain_site + "rondo.html")
    [link] = invite(host, ["here", "friend"])
    with launch("firefox", (390, 844), firefox_prefs=FIREFOX_RTC) as firefox:
        firefox.goto(link)
        code = firefox.wait_for(ANSWER, timeout=CONNECT_MS / 1000)
        time.sleep(LATE_S)  # the host is slow to read the reply
        assert paste(host, code) == ""
        # nothing comes of it: the guest says what to do by itself (its waiting line after a
        # while; or at once, should its browser call the connection failed)...
        note = firefox.wait_for(GUEST_SAID, timeout=3 * CONNECT_MS / 1000)
        assert GUEST_ADVICE in note, note
        # ...and the host says so once its limit is past (in its log: a notice gives way to the
        # QR code on screen), with the same way out beside the seat
        host.wait_for_selector(
            f"{SANDBOX} .rb-notice-log li:has-text('{UNREACHABLE}')", state="attached", timeout=3 * CONNECT_MS
        )
        host.locator(f'{TABLE} li[data-seat="1"]').get_by_role("button", name="新しい招待を出す").click()
        fresh = host.wait_for_function(NEW_LINK, arg=link, polling=100).json_value()
        firefox.goto(
            "about:blank"
        )  # the camera app opens it anew (the same page with another #join= would not reload)
        firefox.goto(fresh)
        assert paste(host, firefox.wait_for(ANSWER, timeout=CONNECT_MS / 1000)) == ""
        connected(host, 1)
        firefox.wait_for(MORE_FRAMES, 0, timeout=CONNECT_MS / 1000)
        assert firefox.errors() == []
        assert left_the_host(firefox.requests(), plain_site) == []
    host_context.close()
    guard.check()
