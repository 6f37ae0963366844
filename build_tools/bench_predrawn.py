"""The reader's two waits at a game page's start (issue 57), in Chromium, beside the page's own
first contentful paint:

- board on screen: from the navigation's start to the first board drawn in the sandbox (the
  pre-drawn one, data-rb-early="shown", or else Python's first frame);
- Python ready: the sandbox's first "ready" (before the pre-drawn board, this was the board's
  start);
- first move accepted: a piece of that board is tapped as soon as it shows (by the page's own
  observer, in the same task), and this is when Python's answer to it is drawn (the sandbox's
  second frame from Python: its opening, then the tap's).

Each run uses a fresh profile and the plain host behind one shared link of --rate MB/s
(build_tools.serve): the first visit, kept open until the service worker has kept the site; a
return visit (the browser started again on that profile) after the first visit's game was
dropped from the saves, as for a reader with no game left to resume; and a return visit with the
game saved, which resumes it (no pre-drawn board: the saved game waits for Python). Also the bytes
of the pre-drawn file the first visit fetched. Medians of --runs (range in brackets); the
machine's other load moves every figure: compare within one run.

    python -m build_tools.bench_predrawn [--runs 3] [--rate 5 1]
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
from collections import defaultdict
from pathlib import Path

from playwright.sync_api import BrowserContext, Page, sync_playwright

from build_tools.bench import CHROMIUM_ARGS, KEPT, TIMEOUT_MS, guard_requests, progress
from build_tools.browsers import CHROMIUM
from build_tools.predrawn import FOLDER
from build_tools.serve import SiteServer, running

ROOT = Path(__file__).resolve().parent.parent
GAME = "necropolis"  # the page measured, as in build_tools.bench

# Runs in every document: the moments (performance.now(), ms) the sandbox first showed a board,
# a piece was tapped, and Python's answer to it was drawn.
RECORD = """
try { localStorage.setItem("rb:bot-speed", "instant"); } catch {}
window.__rbTimes = {};
new MutationObserver((records) => {
  const el = document.querySelector(".rb-sandbox");
  const piece = el?.querySelector(".rb-board [data-action]");
  const times = window.__rbTimes;
  // ready now, or was since the last call (a request may have made it busy again meanwhile)
  const wasReady = records.some((r) => r.attributeName === "data-rb-state" && r.oldValue === "ready");
  if (el?.dataset.rbState === "ready" || wasReady) times.ready ??= performance.now();
  if (el?.dataset.rbEarly) times.early ??= performance.now();
  if (!piece) return;
  times.board ??= performance.now();
  if (times.tapped === undefined && ["loading", "ready"].includes(el.dataset.rbState)) {
    times.tapped = performance.now();
    times.frames = Number(el.dataset.rbFrames ?? 0);
    piece.click();
  }
  if (times.frames !== undefined && Number(el.dataset.rbFrames ?? 0) >= Math.max(times.frames + 1, 2)) {
    times.accepted ??= performance.now();
  }
}).observe(document, {
  subtree: true, childList: true, attributeOldValue: true,
  attributeFilter: ["data-rb-frames", "data-rb-early", "data-rb-state"],
});
"""
FCP = """() => performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? null"""
# The saved games dropped, and the page's marks of them (saved.js: "rb:saved:<game>").
DROP_SAVES = """() => new Promise((resolve, reject) => {
  for (const key of Object.keys(localStorage)) if (key.startsWith("rb:saved:")) localStorage.removeItem(key);
  const opening = indexedDB.open("rb", 1);
  opening.onerror = () => reject(opening.error);
  opening.onsuccess = () => {
    const clearing = opening.result.transaction("saves", "readwrite").objectStore("saves").clear();
    clearing.onsuccess = () => { opening.result.close(); resolve(); };
    clearing.onerror = () => reject(clearing.error);
  };
})"""


def launch(playwright: object, profile: str, foreign: list[str]) -> BrowserContext:
    context = playwright.chromium.launch_persistent_context(  # type: ignore[attr-defined]
        profile, executable_path=CHROMIUM, args=CHROMIUM_ARGS, locale="ja-JP"
    )
    context.set_default_timeout(TIMEOUT_MS)
    context.add_init_script(RECORD)
    guard_requests(context, foreign)
    return context


def visit(context: BrowserContext, base: str) -> tuple[Page, dict[str, float]]:
    """Open the game page; its FCP, board on screen and first move accepted (ms from navigation)."""
    page = context.pages[0] if context.pages else context.new_page()
    page.goto(f"{base}{GAME}.html", wait_until="commit")
    page.wait_for_function("window.__rbTimes?.accepted", timeout=TIMEOUT_MS, polling=50)
    times = page.evaluate("window.__rbTimes")
    page.wait_for_function(f"({FCP})() !== null", timeout=TIMEOUT_MS, polling=50)
    wanted = ("board", "ready", "accepted")
    return page, {"fcp": page.evaluate(FCP), **{name: times[name] for name in wanted}}


def run_once(playwright: object, server: SiteServer, foreign: list[str], results: dict) -> None:
    base = f"http://127.0.0.1:{server.server_port}/"
    with tempfile.TemporaryDirectory() as profile:
        context = launch(playwright, profile, foreign)
        assert server.sent is not None
        mark = len(server.sent)
        page, times = visit(context, base)
        results["first"].append(times)
        drawn = [s.size for s in server.sent[mark:] if s.path.startswith(f"/{FOLDER}/") and s.status == 200]
        results["bytes"].append(sum(drawn))
        page.wait_for_function(KEPT, timeout=TIMEOUT_MS, polling=100)
        page.evaluate(DROP_SAVES)
        context.close()
        for kind in ("return", "return, game saved"):
            context = launch(playwright, profile, foreign)
            _, times = visit(context, base)
            results[kind].append(times)
            context.close()


def ms(values: list[float]) -> str:
    return f"{statistics.median(values):6.0f} ms ({min(values):.0f}–{max(values):.0f})"


def report(rate: float, results: dict, runs: int) -> None:
    print(f"\nChromium, {GAME}, plain host, a shared {rate:g} MB/s link, median of {runs}:")
    print(f"  pre-drawn file fetched on the first visit: {statistics.median(results['bytes']):.0f} bytes")
    for kind in ("first", "return", "return, game saved"):
        rows = results[kind]
        print(f"  {kind} visit:")
        print(f"    first contentful paint  {ms([r['fcp'] for r in rows])}")
        print(f"    board on screen         {ms([r['board'] for r in rows])}", end="")
        print(f"   (after FCP {ms([r['board'] - r['fcp'] for r in rows])})")
        print(f"    Python ready            {ms([r['ready'] for r in rows])}")
        print(f"    first move accepted     {ms([r['accepted'] for r in rows])}")


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--rate", type=float, nargs="+", default=[5.0], help="the link's MB/s (10^6 bytes)")
    parser.add_argument("--site", type=Path, default=ROOT / "site")
    args = parser.parse_args()
    foreign: list[str] = []
    with sync_playwright() as playwright:
        for rate in args.rate:
            results: dict = defaultdict(list)
            with running(args.site, quiet=True, rate=rate * 1e6, log=True) as server:
                for run in range(args.runs):
                    progress(f"pre-drawn start, {rate:g} MB/s, run {run + 1} of {args.runs}")
                    run_once(playwright, server, foreign, results)
            report(rate, results, args.runs)
    if foreign:
        raise SystemExit(f"requests left 127.0.0.1: {foreign}")


if __name__ == "__main__":
    main()
