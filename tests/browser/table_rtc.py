"""みんなのスマホで遊ぶ over real WebRTC data channels: run only inside the private network
namespace that tests/browser/test_table.py makes for it (a veth pair on 192.0.2.0/24 and a default
route through it: Chromium gathers no candidate without one, and nothing can leave it).

Herrlof at 2 (to 20 points): the host's own seat and a guest in another browser context (another
phone), paired by the invitation link and the pasted answer; each seat moves on its own device;
the host reloads mid-game, resumes from its save and invites again, and the guest rejoins the
same seat and hand; every frame the guest got is its own seat's.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, sync_playwright

from build_tools.browsers import CHROMIUM, CHROMIUM_ARGS
from build_tools.netns import INSIDE
from engine.rng import Rng
from tests.browser.conftest import guarded_context
from tests.browser.helpers import SANDBOX, frames, open_settings, wait_settled
from tests.browser.table import (
    RECORDER,
    TABLE,
    answer,
    check_everything_sent,
    connected,
    invite,
    paste,
    play_moves,
    received_frames,
    seat_frames,
    seated,
)
from tests.conftest import Guard


@pytest.fixture(scope="module")
def rtc_browser() -> Iterator[Browser]:
    """Chromium with the devices' real addresses in their candidates (not mDNS names: nothing in
    the namespace answers those)."""
    assert os.environ.get(INSIDE) == "1", "run through tests/browser/test_table.py, inside its namespace"
    with sync_playwright() as playwright:
        args = [*CHROMIUM_ARGS, "--disable-features=WebRtcHideLocalIpsWithMdns"]
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=args)
        yield chromium
        chromium.close()


def test_a_table_over_data_channels_survives_the_host_reloading(
    rtc_browser: Browser, guard: Guard, http_server: str
) -> None:
    phone = {"viewport": {"width": 390, "height": 844}}
    host_context = guarded_context(rtc_browser, guard, **phone)
    guest_context = guarded_context(rtc_browser, guard, **phone)
    guest_context.add_init_script(RECORDER)
    host = host_context.new_page()
    host.goto(http_server + "herrlof.html")
    wait_settled(host)
    assert host.evaluate("typeof RTCPeerConnection") == "function"
    open_settings(host)
    before = frames(host)
    host.select_option(f"{SANDBOX} select[name=target]", json.dumps(20))
    wait_settled(host, after=before)

    [link] = invite(host, ["here", "friend"])
    guest = guest_context.new_page()
    assert paste(host, answer(guest, link)) == ""
    connected(host, 1)
    seated(guest)
    rng = Rng(5)
    play_moves({0: host, 1: guest}, host, rng, moves=20)
    first_frames = received_frames(guest)

    host.reload()
    wait_settled(host)
    guest.wait_for_selector(f"{TABLE} .rb-table-note:has-text('ホストとの接続が切れました')")
    host.locator(f'{TABLE} li[data-seat="1"]').get_by_role("button", name="新しい招待を出す").click()
    host.wait_for_function("() => document.querySelector('.rb-table-card[data-seat=\"1\"] input')?.value")
    again = guest_context.new_page()
    assert paste(host, answer(again, host.input_value('.rb-table-card[data-seat="1"] input'))) == ""
    connected(host, 1)
    seated(again)
    assert play_moves({0: host, 1: again}, host, rng) > 10

    possible = seat_frames(host, "herrlof")
    assert all(json.dumps(frame, sort_keys=True) in possible[1] for frame in first_frames)
    assert check_everything_sent(again, 1, possible) > 10
    host_context.close()
    guest_context.close()
