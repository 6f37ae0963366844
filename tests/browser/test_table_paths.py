"""みんなのスマホで遊ぶ's other paths: a plain-http host and a Firefox guest read too late, over
real data channels in a network namespace made here (tests/browser/table_paths_rtc.py); and, over
BroadcastChannels (pages of one Chromium context as the phones), the host's invitations on a phone.
(A new game on the same phones: test_table.py's friends, at their table's end.)"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from playwright.sync_api import Browser

from build_tools.netns import INSIDE, inside_namespace
from tests.browser.conftest import guarded_context
from tests.browser.helpers import NO_SERVICE_WORKER, SANDBOX, wait_settled
from tests.browser.table import (
    TABLE,
    TRANSPORT,
    answer,
    connected,
    fresh_invitation,
    invite,
    new_game_on_host,
    paste,
)
from tests.conftest import ROOT, Guard

PATHS_TESTS = Path(__file__).with_name("table_paths_rtc.py")


def test_plain_http_host_and_late_firefox_guest_inside_a_network_namespace(site_dir: Path) -> None:
    """tests/browser/table_paths_rtc.py, run by pytest inside a network namespace made here
    (build_tools/netns.py), on the site built (`site_dir`)."""
    pytest_run = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", str(PATHS_TESTS)]
    env = {**os.environ, INSIDE: "1", "RB_SITE_BUILT": "1"}
    env.pop("PYTEST_XDIST_WORKER", None)
    run = subprocess.run(
        inside_namespace(pytest_run), cwd=ROOT, env=env, capture_output=True, text=True, timeout=600
    )
    assert run.returncode == 0, run.stdout[-6000:] + run.stderr[-3000:]


# The first invitation's QR code, whole in the viewport and the topmost thing at its corners and
# centre, once the scroll that brings it there has ended (it may be smooth).
FIRST_QR_SEEN = """() => {
  const svg = document.querySelector(".rb-table-card svg");
  const box = svg?.getBoundingClientRect();
  if (!box || box.top < 0 || box.bottom > innerHeight) return false;
  const points = [[0.5, 0.5], [0.02, 0.02], [0.98, 0.02], [0.02, 0.98], [0.98, 0.98]];
  const hit = ([x, y]) => document.elementFromPoint(box.left + x * box.width, box.top + y * box.height);
  return points.every((point) => svg.contains(hit(point)));
}"""


# The QR code scrolled to right under the status line (where notices lay; on a phone's game screen
# they now lie over the panel's bar and the status line, elsewhere under it, where they give way),
# then what is seen of it: the notices still up, whether they are shown, and which of its corners
# and centre something covers.
QR_UNDER_NOTICES = """async (selector) => {
  const svg = document.querySelector(selector);
  const head = document.querySelector(".rb-sandbox .rb-head");
  const notices = document.querySelector(".rb-sandbox .rb-notices");
  const scroller = svg.closest(".rb-panel--open") ?? document.scrollingElement;
  scroller.scrollBy(0, svg.getBoundingClientRect().top - head.getBoundingClientRect().bottom - 10);
  await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
  const box = svg.getBoundingClientRect();
  const points = [[0.5, 0.5], [0.02, 0.02], [0.98, 0.02], [0.02, 0.98], [0.98, 0.98]];
  const covered = points.filter(([x, y]) => {
    const hit = document.elementFromPoint(box.left + x * box.width, box.top + y * box.height);
    return !(hit && svg.contains(hit));
  });
  return { up: notices.childElementCount, shown: !notices.hidden, covered };
}"""


def test_the_hosts_invitations_on_a_phone(browser: Browser, guard: Guard, http_server: str) -> None:
    """A host on a phone (390, then 360 px wide: the same page narrowed) makes two invitations: the
    first QR code is whole on screen at once, the paste field and the camera sit right under it
    (not after every QR code), no seat offers a new invitation yet; once that friend is connected,
    they move under the next seat's code. At 390, both friends in and the first gone again: notices
    lie over the screen's top for a few seconds, and a QR code a friend must scan (the fresh
    invitation the host shows once a seat's phone left) is never under them: scrolled right under
    the status line, it is seen whole, and the notices are kept in the log's お知らせ."""
    context = guarded_context(
        browser, guard, viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True
    )
    context.add_init_script(NO_SERVICE_WORKER)  # keeping the site offline is no part of a table
    host = context.new_page()
    host.goto(http_server + "rondo.html" + TRANSPORT)
    wait_settled(host)
    for width in (390, 360):
        host.set_viewport_size({"width": width, "height": 844})
        [first, second] = invite(host, ["here", "friend", "friend"])
        host.wait_for_function(FIRST_QR_SEEN, polling=100)
        card = f'{TABLE} .rb-table-card[data-seat="1"]'
        assert host.locator(f"{card} .rb-table-paste").is_visible()
        assert host.locator(card).get_by_role("button", name="カメラで返事を読み取る").is_visible()
        assert host.locator(f"{TABLE} .rb-table-paste").count() == 1
        assert host.locator(TABLE).get_by_role("button", name="新しい招待を出す").count() == 0

        guest = context.new_page()
        assert paste(host, answer(guest, first)) == ""
        connected(host, 1)
        assert host.locator(f'{TABLE} .rb-table-card[data-seat="2"] .rb-table-paste').is_visible()
        assert host.locator(TABLE).get_by_role("button", name="新しい招待を出す").count() == 0
        if width == 360:
            break
        other = context.new_page()
        assert paste(host, answer(other, second)) == ""
        connected(host, 2)
        guest.close()
        fresh_invitation(host, 1)
        seen = host.evaluate(QR_UNDER_NOTICES, f"{card} svg")
        assert seen["covered"] == [], seen
        assert "プレイヤー2の席の接続が切れました。" in host.inner_text(f"{SANDBOX} .rb-notice-log")
        other.close()
        end = host.get_by_role("button", name="みんなのスマホで遊ぶを終える")
        new_game_on_host(host, end.click)  # the game goes on on this page alone
    context.close()
    guard.check()
