"""みんなのスマホで遊ぶ's other paths: a plain-http host and a Firefox guest read too late, over
real data channels in a network namespace made here (tests/browser/table_paths_rtc.py); and, over
BroadcastChannels (pages of one Chromium context as the phones), a new game on the same phones."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Browser, Page

from build_tools.netns import INSIDE, inside_namespace
from engine.replay import load_log
from engine.rng import Rng
from tests.browser.conftest import guarded_context
from tests.browser.helpers import SANDBOX, frames, saved, wait_settled
from tests.browser.table import (
    NOT_KEPT,
    RECORDER,
    TABLE,
    answer,
    connected,
    fresh_invitation,
    invite,
    one_hand_table_of_three,
    paste,
    play_moves,
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


HEARD = """([text, times]) => [...document.querySelectorAll(".rb-notice-log li")]
  .filter((item) => item.textContent === text).length >= times"""


def new_game_on_host(host: Page, change: Callable[[], None]) -> None:
    """Make `change` on the host's setup and wait until the host shows the game it started."""
    before = frames(host)
    change()
    wait_settled(host, after=before)


def still_paired(host: Page, devices: dict[int, Page]) -> None:
    """Every friend's phone is still connected on its seat, and no new invitation was made."""
    for seat, page in devices.items():
        if page is not host:
            connected(host, seat)
    assert host.locator(f"{TABLE} .rb-table-card").count() == 0, "a new invitation was made"


def test_a_new_game_keeps_the_phones_where_their_seats_fit(
    browser: Browser, guard: Guard, http_server: str
) -> None:
    """The Bottle Imp at 3, the host's seat and two friends' phones, a few moves in. 2 players
    would leave a phone without its seat: said in Japanese, and nothing changes. Another target,
    then 4 players (the new seat a bot's), then 新しいゲーム: each a fresh game on the same phones in
    the same seats, no new pairing, every device told; each played by taps on the devices. The
    host then ends the table: the game goes on on its device alone."""
    context = guarded_context(browser, guard, viewport={"width": 390, "height": 844})
    context.add_init_script(NOT_KEPT)
    context.add_init_script(RECORDER)
    devices = one_hand_table_of_three(context, http_server)
    host = devices[0]
    rng = Rng(21)
    play_moves(devices, host, rng, moves=3)

    game_before, host_frames = saved(host, "bottle-imp")["log"], frames(host)
    host.select_option(f"{SANDBOX} select[name=players]", "2")
    alert = host.locator(f"{SANDBOX} .rb-alert")
    alert.wait_for()
    assert alert.inner_text().startswith("2人のゲームにはプレイヤー3の席がないので"), alert.inner_text()
    assert saved(host, "bottle-imp")["log"] == game_before and frames(host) == host_frames
    assert host.input_value(f"{SANDBOX} select[name=players]") == "3"  # the setup says what is played
    still_paired(host, devices)

    last_seed = game_before["seed"]
    toolbar = host.locator(f"{SANDBOX} .rb-toolbar")
    changes = [  # each a new game, and its number of players
        (lambda: host.select_option(f"{SANDBOX} select[name=target]", json.dumps(500)), 3),
        (lambda: host.select_option(f"{SANDBOX} select[name=players]", "4"), 4),
        (lambda: toolbar.get_by_role("button", name="新しいゲーム").click(), 4),
    ]
    for told, (change, players) in enumerate(changes):
        new_game_on_host(host, change)
        entry = saved(host, "bottle-imp")
        assert entry["log"]["seed"] != last_seed and entry["log"]["options"]["target"] == 500
        bots = {seat for seat, kind in enumerate(entry["seats"]) if kind != "human"}
        assert {made.seat for made in load_log(entry["log"]).journal} <= bots  # fresh: no phone moved yet
        last_seed = entry["log"]["seed"]
        assert entry["table"]["host"] == 0 and entry["seats"][:3] == ["human"] * 3
        assert len(entry["seats"]) == players and all(kind.startswith("bot") for kind in entry["seats"][3:])
        still_paired(host, devices)
        for page in devices.values():
            page.wait_for_function(HEARD, arg=["ホストが新しいゲームを始めました。", told + 1], polling=100)
        assert play_moves(devices, host, rng, moves=2) == 2

    guests = [page for page in devices.values() if page is not host]
    new_game_on_host(host, lambda: host.get_by_role("button", name="みんなのスマホで遊ぶを終える").click())
    assert host.locator(TABLE).count() == 0 and saved(host, "bottle-imp").get("table") is None
    for guest in guests:
        guest.wait_for_selector(f"{TABLE} .rb-table-note:has-text('ホストとの接続が切れました')")
    context.close()
    guard.check()


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
    """A host on a phone (390, then 360 px wide: the same page turned) makes two invitations: the
    first QR code is whole on screen at once, the paste field and the camera sit right under it
    (not after every QR code), no seat offers a new invitation yet; once that friend is connected,
    they move under the next seat's code. At 390, both friends in and the first gone again: notices
    lie over the screen's top for a few seconds, and a QR code a friend must scan (the fresh
    invitation the host shows once a seat's phone left) is never under them: scrolled right under
    the status line, it is seen whole, and the notices are kept in the log's お知らせ."""
    context = guarded_context(
        browser, guard, viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True
    )
    context.add_init_script(NOT_KEPT)
    host = context.new_page()
    host.goto(http_server + "rondo.html?rb-transport=bc")
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
        new_game_on_host(
            host, lambda: host.get_by_role("button", name="みんなのスマホで遊ぶを終える").click()
        )
    context.close()
    guard.check()
