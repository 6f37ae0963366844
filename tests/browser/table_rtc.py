"""みんなのスマホで遊ぶ over real WebRTC data channels: run only inside the private network
namespace that tests/browser/test_table.py makes for it (a veth pair on 192.0.2.0/24 and a default
route through it: Chromium gathers no candidate without one, and nothing can leave it).

Herrlof at 2 (to 20 points), opened by a share link at the start of its last round: the host's
own seat and a guest in another browser context (another phone), paired by the invitation link and
the pasted answer; each seat moves on its own device;
the host reloads mid-game, resumes from its save and invites again, and the guest rejoins the
same seat and hand, this time through the QR codes themselves: the host's invitation read back by
the vendored decoder from a screenshot of it, and the guest's answer read by the host's camera
(Chromium's fake capture device, fed a video of the answer's QR code written here); every frame
the guest got is its own seat's. At the game's end both devices show the same result, and
「同じメンバーでもう1局」 starts the next game on the same data channels, each phone on its
player's new seat, with no new pairing.
"""

from __future__ import annotations

import base64
import json
import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, sync_playwright

from build_tools.browsers import CHROMIUM, CHROMIUM_ARGS, Driver, launch
from build_tools.netns import INSIDE
from engine.replay import new_game, to_log
from engine.rng import Rng
from tests.browser.conftest import guarded_context
from tests.browser.cross.reader import left_the_host
from tests.browser.cross.table import ANSWER, BUTTONS, FRAMES, MORE_FRAMES, PRESS_ACTION
from tests.browser.helpers import BOARD, SANDBOX, frames, legal_buttons, share_fragment, wait_settled
from tests.browser.table import (
    CONNECT_MS,
    RECORDER,
    TABLE,
    answer,
    check_everything_sent,
    connected,
    fresh_invitation,
    invite,
    one_more_game,
    paste,
    play_moves,
    received_frames,
    seat_frames,
    seated,
)
from tests.conftest import Guard
from tests.engine.harness import bounded

CAMERA_WIDTH, CAMERA_HEIGHT, CAMERA_FRAMES = 640, 480, 5
FIREFOX_MOVES = 4
BEFORE_THE_RELOAD = 10
MORE_MOVES = 6
# Firefox's candidates: the device's real address, not an mDNS name (nothing in the namespace
# answers those; Chromium's --disable-features=WebRtcHideLocalIpsWithMdns, below, does the same).
FIREFOX_RTC = {"media.peerconnection.ice.obfuscate_host_addresses": False}

DECODE_PNG = """async (png) => {
  // The vendored decoder, as the host's page loads it, reading a PNG (base64) of a QR code as a
  // camera does: frame after frame, from a little nearer or farther, the page's white around it.
  // On some codes its detection finds corners that make no square at one scale (a TypeError
  // reading past its bitmap: seen on a clean picture of a valid code, which read at 0.8 and 1.1
  // of it), so each scale is one frame; a picture that reads at none fails with every error.
  const { decodeQR } = await import(new URL("assets/vendor/qr/decode.js", document.baseURI));
  const bitmap = await createImageBitmap(await (await fetch(`data:image/png;base64,${png}`)).blob());
  const errors = [];
  for (const scale of [1, 0.8, 1.1, 0.5, 1.5]) {
    const [width, height] = [bitmap.width, bitmap.height].map((side) => Math.round(side * scale) + 32);
    const context = Object.assign(document.createElement("canvas"), { width, height }).getContext("2d");
    context.fillStyle = "#fff";
    context.fillRect(0, 0, width, height);
    context.drawImage(bitmap, 16, 16, width - 32, height - 32);
    try {
      return decodeQR(context.getImageData(0, 0, width, height));
    } catch (err) {
      errors.push(`${width}×${height}: ${err.message}`);
    }
  }
  const notices = document.querySelector(".rb-notices")?.outerHTML;
  return `unreadable at every scale (${errors.join("; ")}); notices: ${notices}`;
}"""

# The QR code's picture as a friend's camera would take it: in the middle of the screen, once laid
# out, and nothing drawn over it (a grid of 9 × 9 points over it hit the picture itself, and no
# fixed box lies over it: one that lets clicks through, as the offline note does, is drawn but
# never hit); else why not. Five points (its corners and centre) let pictures through
# that the decoder could not read ("invalid version pattern", "invalid errors number").
QR_IN_VIEW = """async (svg) => {
  svg.scrollIntoView({ block: "center" });
  await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
  const box = svg.getBoundingClientRect();
  const steps = [0.02, 0.14, 0.26, 0.38, 0.5, 0.62, 0.74, 0.86, 0.98];
  const covered = steps.flatMap((x) => steps.map((y) => [x, y])).filter(([x, y]) => {
    const hit = document.elementFromPoint(box.left + x * box.width, box.top + y * box.height);
    return !(hit && svg.contains(hit));
  });
  const floating = [...document.body.querySelectorAll("*")].filter((el) => {
    if (svg.contains(el) || el.contains(svg) || getComputedStyle(el).position !== "fixed") return false;
    const r = el.getBoundingClientRect();
    const drawn = el.checkVisibility({ opacityProperty: true, visibilityProperty: true });
    return drawn && r.left < box.right && r.right > box.left && r.top < box.bottom && r.bottom > box.top;
  });
  if (floating.length) return `under ${floating.map((el) => el.outerHTML.slice(0, 200)).join(" and ")}`;
  if (!covered.length) return "";
  const [x, y] = covered[0];
  const by = document.elementFromPoint(box.left + x * box.width, box.top + y * box.height);
  return `covered at ${JSON.stringify(covered)} by ${by?.outerHTML.slice(0, 200)}`;
}"""


def qr_covered(page: Page) -> str:
    """What covers the host's invitation's QR code now, if anything."""
    return page.locator('.rb-table-card[data-seat="1"] svg').evaluate(QR_IN_VIEW) or "nothing covers it"


def qr_picture(page: Page, selector: str, keep: Path) -> bytes:
    """A screenshot of the QR code at `selector`, taken where a friend would scan it; kept at
    `keep` too, so that a picture the decoder cannot read can be looked at."""
    svg = page.locator(selector)
    assert svg.evaluate(QR_IN_VIEW) == "", "the QR code is not whole on screen"
    picture = svg.screenshot()
    keep.write_bytes(picture)
    return picture


@pytest.fixture(scope="module")
def camera_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Where the host's fake camera reads its video: written once the guest has answered."""
    return tmp_path_factory.mktemp("camera") / "answer.y4m"


def write_qr_video(svg: str, path: Path) -> None:
    """A Y4M video (grey I420) of the QR code drawn in `svg` (table/qr.js: one path of unit
    squares), black on white, as large as the frame allows."""
    size = int(re.search(r'viewBox="0 0 (\d+) \1"', svg)[1])
    dark = {(int(x), int(y)) for x, y in re.findall(r"M(\d+) (\d+)h1v1h-1z", svg)}
    scale = CAMERA_HEIGHT // size
    left, top = (CAMERA_WIDTH - size * scale) // 2, (CAMERA_HEIGHT - size * scale) // 2
    luma = bytearray(b"\xff" * CAMERA_WIDTH * CAMERA_HEIGHT)
    for x, y in dark:
        for row in range(top + y * scale, top + (y + 1) * scale):
            start = row * CAMERA_WIDTH + left + x * scale
            luma[start : start + scale] = b"\x00" * scale
    chroma = b"\x80" * (CAMERA_WIDTH * CAMERA_HEIGHT // 2)
    header = f"YUV4MPEG2 W{CAMERA_WIDTH} H{CAMERA_HEIGHT} F5:1 Ip A1:1 C420jpeg\n".encode()
    path.write_bytes(header + (b"FRAME\n" + bytes(luma) + chroma) * CAMERA_FRAMES)


@pytest.fixture(scope="module")
def rtc_browser(camera_file: Path) -> Iterator[Browser]:
    """Chromium with the devices' real addresses in their candidates (not mDNS names: nothing in
    the namespace answers those), and a fake camera that plays `camera_file`."""
    assert os.environ.get(INSIDE) == "1", "run through tests/browser/test_table.py, inside its namespace"
    with sync_playwright() as playwright:
        args = [
            *CHROMIUM_ARGS,
            "--disable-features=WebRtcHideLocalIpsWithMdns",
            "--use-fake-ui-for-media-stream",
            "--use-fake-device-for-media-stream",
            f"--use-file-for-fake-video-capture={camera_file}",
        ]
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=args)
        yield chromium
        chromium.close()


def last_round() -> dict[str, Any]:
    """The table's game, as a log: Herrlof at 2 to 20 points, played at random from seed 1 to the
    start of its third round, at 15 and 17 points. That round is the last whatever the phones play
    (a seat scores at least a point a trick, and 5 more for 3 to 5 tricks), and it plays out both
    hands: 30 cards and the bids, more than the moves made before the reload and the ten after it.
    From its first deal, the game took the phones about 110 moves."""
    state, rng = new_game("herrlof", 2, 1, {"target": 20}), Rng(1)
    for _ in bounded("herrlof: the first two rounds"):
        if state.view(0)["round"] == 3:
            break
        state.apply(rng.choice(state.legal_actions()))
    return to_log(state)


def a_firefox_guest(firefox: Driver, host: Page, link: str, rng: Rng) -> None:
    """Firefox ESR as the guest's phone, the host in Chromium: its answer connects, a few moves
    are made each on its own device, and its tab goes to another page (the seat is free again).
    How late an answer may come from Firefox: README (measured by hand, not here: a late answer
    gives no sign to wait on, only the host's 15 s word)."""
    firefox.goto(link)
    assert firefox.evaluate("() => typeof RTCPeerConnection") == "function"
    assert paste(host, firefox.wait_for(ANSWER, timeout=CONNECT_MS / 1000)) == ""
    connected(host, 1)
    firefox.wait_for(MORE_FRAMES, 0, timeout=CONNECT_MS / 1000)
    for _ in range(FIREFOX_MOVES):
        mover = host.get_attribute(SANDBOX, "data-rb-mover")
        host_frames, guest_frames = frames(host), firefox.evaluate(FRAMES)
        if mover == "1":
            firefox.evaluate(PRESS_ACTION, rng.choice(firefox.evaluate(BUTTONS)))
        else:
            host.locator(f'{BOARD} button[data-action="{rng.choice(legal_buttons(host))}"]').first.click()
        wait_settled(host, after=host_frames)
        firefox.wait_for(MORE_FRAMES, guest_frames, timeout=CONNECT_MS / 1000)
    assert firefox.errors() == []
    firefox.goto(host.url.split("?")[0].rsplit("/", 1)[0] + "/index.html")
    assert left_the_host(firefox.requests(), host.url) == []
    host.wait_for_selector(f'{TABLE} li[data-seat="1"][data-connected="false"]', timeout=CONNECT_MS)


def unanswered_requests(page: Page) -> list[str]:
    """A list, kept up to date, of the page's requests not yet answered, failed or refused."""
    listed: list[str] = []

    def answered(url: str) -> None:
        if f"{url}: no answer yet" in listed:
            listed.remove(f"{url}: no answer yet")

    page.on("request", lambda request: listed.append(f"{request.url}: no answer yet"))
    page.on("requestfinished", lambda request: answered(request.url))
    page.on("requestfailed", lambda request: listed.append(f"{request.url}: {request.failure}"))
    page.on("response", lambda got: got.status >= 400 and listed.append(f"{got.url}: {got.status}"))
    return listed


def started(page: Page, failed: list[str]) -> None:
    """The host's first start in the namespace, or what kept it from starting: what the sandbox
    said and `failed`, the page's requests not yet answered, failed or refused. (A worker one of
    whose files was not answered once stopped here within two seconds, with no message; the
    channel now starts it again: channel.js.)"""
    either = f"{SANDBOX}:is([data-rb-state=ready], [data-rb-state=error])"
    try:
        page.wait_for_selector(either, state="attached", timeout=90_000)
    except Exception as err:  # Playwright's TimeoutError: say what the page was waiting for
        raise AssertionError(f"no start in 90 s; requests not answered or failed: {failed}") from err
    state = page.get_attribute(SANDBOX, "data-rb-state")
    assert state == "ready", f"{page.inner_text(SANDBOX)}; requests not answered or failed: {failed}"
    wait_settled(page)


def test_a_table_over_data_channels_survives_the_host_reloading(
    rtc_browser: Browser, camera_file: Path, guard: Guard, http_server: str
) -> None:
    phone = {"viewport": {"width": 390, "height": 844}}
    host_context = guarded_context(rtc_browser, guard, **phone)
    guest_context = guarded_context(rtc_browser, guard, **phone)
    guest_context.add_init_script(RECORDER)
    host = host_context.new_page()
    failed = unanswered_requests(host)
    host.goto(http_server + "herrlof.html" + share_fragment({"log": last_round(), "seats": ["human"] * 2}))
    started(host, failed)
    assert host.evaluate("typeof RTCPeerConnection") == "function"

    [link] = invite(host, ["here", "friend"])
    rng = Rng(5)
    with launch("firefox", (390, 844), firefox_prefs=FIREFOX_RTC) as firefox:
        a_firefox_guest(firefox, host, link, rng)
    link = fresh_invitation(host, 1)  # Firefox's tab left: the next phone takes the seat
    guest = guest_context.new_page()
    assert paste(host, answer(guest, link)) == ""
    connected(host, 1)
    seated(guest)
    assert play_moves({0: host, 1: guest}, host, rng, moves=BEFORE_THE_RELOAD) == BEFORE_THE_RELOAD
    first_frames = received_frames(guest)

    host.reload()
    wait_settled(host)
    guest.wait_for_selector(f"{TABLE} .rb-table-note:has-text('ホストとの接続が切れました')")
    link = fresh_invitation(host, 1)  # the reloaded host invites every friend again at once
    kept = camera_file.with_name("invitation.png")
    picture = qr_picture(host, '.rb-table-card[data-seat="1"] svg', kept)
    read = host.evaluate(DECODE_PNG, base64.b64encode(picture).decode())
    assert read == link, f"{read} (the picture: {kept}; on screen now: {qr_covered(host)})"
    again = guest_context.new_page()
    answer(again, link)
    write_qr_video(again.inner_html(f"{TABLE} .rb-table-qr"), camera_file)
    host.locator(TABLE).get_by_role("button", name="カメラで返事を読み取る").click()
    connected(host, 1)
    assert host.locator(f"{TABLE} video").is_hidden()  # the camera stops once it read an answer
    seated(again)
    assert play_moves({0: host, 1: again}, host, rng) > 10

    possible = seat_frames(host, "herrlof")
    assert all(json.dumps(frame, sort_keys=True) in possible[1] for frame in first_frames)
    assert check_everything_sent(again, 1, possible) > 10
    # The next game on the same data channels: no new pairing, each phone on its player's new seat.
    one_more_game(host, {0: host, 1: again}, rng, moves=MORE_MOVES)
    host_context.close()
    guest_context.close()
