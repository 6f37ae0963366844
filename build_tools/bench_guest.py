"""A guest's start at みんなのスマホで遊ぶ, measured in Chromium inside a network namespace of its
own (build_tools/netns.py): the host opens The Bottle Imp and makes one invitation; then each of
SAMPLES phones, a fresh browser context of its own (nothing cached: a friend's first visit), opens
the invitation's link at 390 × 844, and its start is timed from the link opened to its reply's QR
code on screen (what the friend shows the host). bench_table times two such starts among
everything else; this one takes enough of them for a median and a spread.

Printed: the starts (median, min, max), where the median phone's start went (its page's own
milestones, the shell's mount, its peer connection, the reply's code, and every download with when
it ended), and what every phone fetched (requests, KB).
The machine's other load moves every figure: compare runs made side by side.

    python -m build_tools.bench_guest [SAMPLES]      (needs root, or user namespaces)
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
from pathlib import Path

from build_tools.netns import INSIDE, inside_namespace

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = 10

SHOWN = """() => {
  // When the shell mounted the sandbox, the guest's peer connection was made and had gathered its
  // candidates, the reply's code was written and its QR code drawn (ms from the link opened).
  const marks = (window.__rbMarks = {});
  const mark = (name) => (marks[name] ??= Math.round(performance.now()));
  const Connection = window.RTCPeerConnection;
  window.RTCPeerConnection = function (...args) {
    mark("connection");
    const pc = new Connection(...args);
    const gathered = () => pc.iceGatheringState === "complete" && mark("gathered");
    pc.addEventListener("icegatheringstatechange", gathered);
    return pc;
  };
  window.RTCPeerConnection.prototype = Connection.prototype;
  new MutationObserver(() => {
    if (document.querySelector(".rb-sandbox[data-rb-state]")) mark("mounted");
    if (document.querySelector(".rb-table-code")) mark("code");
    if (document.querySelector(".rb-table-qr svg")) mark("shown");
  }).observe(document, { subtree: true, childList: true, attributeFilter: ["data-rb-state"] });
}"""

WHERE = """() => {
  // The page's milestones, and every download with its size and when it ended.
  const [nav] = performance.getEntriesByType("navigation");
  const paint = performance.getEntriesByType("paint").map((e) => [e.name, Math.round(e.startTime)]);
  const loads = performance.getEntriesByType("resource").sort((a, b) => a.responseEnd - b.responseEnd);
  return {
    html: `${Math.round(nav.encodedBodySize / 1024)} KB by ${Math.round(nav.responseEnd)}`,
    domContentLoaded: Math.round(nav.domContentLoadedEventEnd),
    load: Math.round(nav.loadEventEnd),
    ...Object.fromEntries(paint),
    downloads: loads.map((e) => {
      const name = e.name.split("/").pop();
      return `${name} ${Math.round(e.encodedBodySize / 1024)} KB by ${Math.round(e.responseEnd)}`;
    }),
  };
}"""


def measure(samples: int) -> None:
    from playwright.sync_api import sync_playwright

    from build_tools.browsers import CHROMIUM, CHROMIUM_ARGS
    from build_tools.serve import serving
    from tests.browser.helpers import wait_settled
    from tests.browser.table import answer, invite

    args = [*CHROMIUM_ARGS, "--disable-features=WebRtcHideLocalIpsWithMdns"]
    phone = {"locale": "ja-JP", "viewport": {"width": 390, "height": 844}}
    with serving(ROOT / "site", quiet=True) as url, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=args)
        host = browser.new_context(**phone).new_page()
        host.goto(url + "bottle-imp.html")
        wait_settled(host)
        (link,) = invite(host, ["here", "friend"])
        starts: list[tuple[float, dict, int, int]] = []
        for _ in range(samples):
            context = browser.new_context(**phone)
            context.add_init_script(f"({SHOWN})()")
            fetched: list[int] = []
            size = lambda request, got=fetched: got.append(request.sizes()["responseBodySize"])  # noqa: E731
            context.on("requestfinished", size)
            guest = context.new_page()
            answer(guest, link)
            guest.wait_for_load_state("load")
            marks = guest.evaluate("window.__rbMarks")
            starts.append((marks["shown"], {**marks, **guest.evaluate(WHERE)}, len(fetched), sum(fetched)))
            context.close()
        browser.close()
    times = sorted(start[0] for start in starts)
    print(
        f"a guest's start, its link opened to its reply's QR code on screen ({samples} phones): "
        f"median {statistics.median(times):.0f} ms, min {times[0]:.0f} ms, max {times[-1]:.0f} ms"
    )
    middle = sorted(starts, key=lambda start: start[0])[(samples - 1) // 2]
    print(f"the median phone ({middle[0]:.0f} ms): {middle[1]}")
    requests = statistics.median(start[2] for start in starts)
    kilobytes = statistics.median(start[3] for start in starts) / 1024
    print(f"a phone's downloads until its page's load (medians): {requests:.0f} requests, {kilobytes:.0f} KB")


def main() -> None:
    samples = int(sys.argv[1]) if len(sys.argv) > 1 else SAMPLES
    if os.environ.get(INSIDE) == "1":
        return measure(samples)
    command = inside_namespace([sys.executable, "-m", "build_tools.bench_guest", str(samples)])
    sys.exit(subprocess.run(command, cwd=ROOT, env={**os.environ, INSIDE: "1"}).returncode)


if __name__ == "__main__":
    main()
