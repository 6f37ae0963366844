"""みんなのスマホで遊ぶ measured in Chromium over real data channels, inside a network namespace of
its own (as tests/browser/test_table.py makes one): The Bottle Imp (one hand) at 3, the host's seat
and two guests, each a browser context of its own (a phone), paired by link and pasted answer.

Printed: the QR codes' versions (invitation and answer) and their width in modules; the time from
the host's 「招待を作る」 to both sides connected, per guest; a guest's start (its link opened to its
answer on screen, ready to be scanned) against the host sandbox's cold start (the page opened to
its first frame), and where a guest's start goes (the page's own load events and its biggest
downloads, by when each ended); for every move made on a guest's phone, the time from its click to
the new frame on every device (median, 95th percentile, max); the bytes of a frame as a guest
receives it; and もう1局, from the host's tap to every device's new game on screen.
Times are taken in the pages (one clock: every page runs on this machine). The machine's other
load moves every figure.

    python -m build_tools.bench_table            (needs root, or user namespaces)
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

from build_tools.netns import INSIDE, inside_namespace

ROOT = Path(__file__).resolve().parent.parent

CLOCK = """(() => {
  // When each frame reached this page, and when the reader last clicked a move (one clock for all
  // pages of the machine: the time origin plus now).
  const now = () => performance.timeOrigin + performance.now();
  window.__rbShown = [];
  new MutationObserver((mutations) => {
    for (const { target } of mutations) if (target.dataset.rbFrames) window.__rbShown.push(now());
  }).observe(document, { subtree: true, attributeFilter: ["data-rb-frames"] });
  addEventListener("click", (event) => {
    if (event.target.closest("[data-action]")) window.__rbClicked = now();
  }, true);
})()"""


GUEST_START = """() => {
  // The page's own milestones, and its five biggest downloads with when each ended.
  const [nav] = performance.getEntriesByType("navigation");
  const big = performance.getEntriesByType("resource").sort((a, b) => b.encodedBodySize - a.encodedBodySize);
  return {
    domContentLoaded: Math.round(nav.domContentLoadedEventEnd),
    load: Math.round(nav.loadEventEnd),
    biggest: big.slice(0, 5).map((e) => {
      const name = e.name.split("/").pop();
      return `${name} ${Math.round(e.encodedBodySize / 1024)} KB by ${Math.round(e.responseEnd)}`;
    }),
  };
}"""
AGAIN = """() => {
  // 「同じメンバーでもう1局」 tapped; when (the pages' one clock).
  [...document.querySelectorAll("button")].find((b) => b.textContent === "同じメンバーでもう1局").click();
  return performance.timeOrigin + performance.now();
}"""


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def measure() -> None:
    from playwright.sync_api import sync_playwright

    from build_tools.browsers import CHROMIUM, CHROMIUM_ARGS
    from build_tools.serve import serving
    from engine.rng import Rng
    from tests.browser.helpers import (
        BOARD,
        INSTANT_BOTS,
        SANDBOX,
        frames,
        legal_buttons,
        open_settings,
        wait_settled,
    )
    from tests.browser.table import RECORDER, answer, connected, invite, paste, seated

    args = [*CHROMIUM_ARGS, "--disable-features=WebRtcHideLocalIpsWithMdns"]
    with serving(ROOT / "site", quiet=True) as url, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=args)
        phones = []
        for _ in range(3):
            context = browser.new_context(locale="ja-JP", viewport={"width": 390, "height": 844})
            for script in (INSTANT_BOTS, RECORDER, CLOCK):
                context.add_init_script(script)
            phones.append(context.new_page())
        host, *guests = phones
        host.goto(url + "bottle-imp.html")
        wait_settled(host)
        host_start = host.evaluate("window.__rbShown[0] - performance.timeOrigin")
        open_settings(host)
        before = frames(host)
        host.select_option(f"{SANDBOX} select[name=target]", json.dumps("one-hand"))
        wait_settled(host, after=before)
        invited = host.evaluate("performance.timeOrigin + performance.now()")
        links = invite(host, ["here", "friend", "friend"])
        qr = host.eval_on_selector_all(".rb-table-card svg", "svgs => svgs.map(s => s.dataset.version)")
        pairing, guest_starts = [], []
        for seat, (guest, link) in enumerate(zip(guests, links, strict=True), start=1):
            code = answer(guest, link)
            guest.wait_for_selector(".rb-table-qr svg")
            guest_starts.append(guest.evaluate("performance.now()"))
            qr.append(guest.get_attribute(".rb-table-qr svg", "data-version"))
            assert paste(host, code) == ""
            connected(host, seat)
            pairing.append(host.evaluate("t => performance.timeOrigin + performance.now() - t", invited))
        for guest in guests:
            seated(guest)
        print(f"link {len(links[0])} characters, answer {len(code)}; QR versions (invites, answers): {qr}")
        print(f"pairing, 「招待を作る」 to connected: {', '.join(f'{ms / 1000:.2f} s' for ms in pairing)}")
        print(
            f"start: host sandbox {host_start / 1000:.2f} s (cold) against a guest's answer on screen "
            f"{statistics.median(guest_starts) / 1000:.2f} s (median of {len(guest_starts)})"
        )
        print("where a guest's start went (ms from its link opened):", guests[0].evaluate(GUEST_START))
        rng, delays = Rng(1), []
        devices = {0: host, 1: guests[0], 2: guests[1]}
        while host.get_attribute(SANDBOX, "data-rb-next") != "over":
            device = devices[int(host.get_attribute(SANDBOX, "data-rb-mover"))]
            counts = {page: frames(page) for page in phones}
            shown = {page: page.evaluate("window.__rbShown.length") for page in phones}
            device.locator(f'{BOARD} button[data-action="{rng.choice(legal_buttons(device))}"]').first.click()
            for page in {host, device}:  # a guest whose seat sees no change is sent nothing
                wait_settled(page, after=counts[page])
            if device is not host:
                clicked = device.evaluate("window.__rbClicked")
                got = [page for page in phones if page.evaluate("window.__rbShown.length") > shown[page]]
                delays.extend(page.evaluate("window.__rbShown.at(-1)") - clicked for page in got)
        sizes = [
            sum(len(text.encode()) for text in texts)
            for texts in guests[0].evaluate(
                """() => {
                  const byFrame = new Map();
                  for (const text of window.__rbReceived) {
                    const m = JSON.parse(text);
                    if (m.kind === "part") byFrame.set(m.id, [...(byFrame.get(m.id) ?? []), text]);
                  }
                  return [...byFrame.values()];
                }"""
            )
        ]
        print(
            f"a guest's move to the new frame on every device it changed ({len(delays)} arrivals): "
            f"median {statistics.median(delays):.0f} ms, "
            f"p95 {percentile(delays, 0.95):.0f} ms, max {max(delays):.0f} ms"
        )
        print(
            f"bytes a frame, as a guest receives it ({len(sizes)} frames): median "
            f"{statistics.median(sizes):,.0f}, max {max(sizes):,}"
        )
        shown = [page.evaluate("window.__rbShown.length") for page in phones]
        tapped = host.evaluate(AGAIN)
        for page, count in zip(phones, shown, strict=True):
            page.wait_for_function("n => window.__rbShown.length > n", arg=count)
        again = max(page.evaluate("window.__rbShown.at(-1)") for page in phones) - tapped
        print(f"もう1局, the host's tap to every device's new game on screen: {again:.0f} ms")
        browser.close()


def main() -> None:
    if os.environ.get(INSIDE) == "1":
        return measure()
    command = inside_namespace([sys.executable, "-m", "build_tools.bench_table"])
    sys.exit(subprocess.run(command, cwd=ROOT, env={**os.environ, INSIDE: "1"}).returncode)


if __name__ == "__main__":
    main()
