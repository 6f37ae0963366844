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

`--browser firefox` or `webkit` (build_tools.browsers: no script of ours runs there before the
page's own) measures the same three visits on loopback (no --rate), in one browser session whose
return visits open the page again after about:blank (its memory cache warm, unlike Chromium's
restart): board on screen is the page's own mark (`rb-board`, first/draw.js and component.js: the
first board drawn; for a build without it, Firefox's preload script sees the board come, and
WebKit says nothing), and the tap is made once the page has loaded, as soon as a piece is there;
Python ready is not measured there.

    python -m build_tools.bench_predrawn [--runs 3] [--rate 5 1] [--browser chromium firefox webkit]
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
from collections import defaultdict
from pathlib import Path

from playwright.sync_api import BrowserContext, Page, sync_playwright

from build_tools.bench import CHROMIUM_ARGS, KEPT, TIMEOUT_MS, guard_requests, progress
from build_tools.browsers import CHROMIUM, SITE_KEPT, Driver, FirefoxDriver
from build_tools.browsers import launch as launch_browser
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
# Firefox and WebKit: the page's own mark of its first board, then a piece tapped as soon as there
# is one (the page has loaded), and the moment Python's answer to it is drawn (as RECORD does).
TAP_AND_WAIT = """() => new Promise((resolve) => {
  const el = document.querySelector(".rb-sandbox");
  const times = {};
  const check = () => {
    const piece = el.querySelector(".rb-board [data-action]");
    if (times.tapped === undefined && piece && ["loading", "ready"].includes(el.dataset.rbState)) {
      times.tapped = performance.now();
      times.frames = Number(el.dataset.rbFrames ?? 0);
      piece.click();
    }
    if (times.frames !== undefined && Number(el.dataset.rbFrames ?? 0) >= Math.max(times.frames + 1, 2)) {
      observer.disconnect();
      resolve({ ...times, accepted: performance.now() });
    }
  };
  const observer = new MutationObserver(check);
  observer.observe(el, { subtree: true, childList: true, attributes: true,
    attributeFilter: ["data-rb-frames", "data-rb-state"] });
  check();
})"""
BOARD_MARK = """() => performance.getEntriesByName("rb-board")[0]?.startTime
  ?? window.__rbBoardSeen ?? null"""
# Firefox runs this before the page's own scripts (WebDriver BiDi's preload script): when a board
# with pieces is first in the sandbox, for a build that marks nothing (before rb-board).
SEE_BOARD = """() => new MutationObserver((_, observer) => {
  if (!document.querySelector(".rb-sandbox .rb-board [data-action]")) return;
  window.__rbBoardSeen = performance.now();
  observer.disconnect();
}).observe(document, { subtree: true, childList: true })"""
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


def visit_driver(driver: Driver, url: str) -> dict[str, float | None]:
    """Open the game page in Firefox or WebKit; its FCP, board on screen and first move accepted."""
    driver.goto("about:blank")
    driver.goto(url)
    times = driver.evaluate(TAP_AND_WAIT)
    return {"fcp": driver.evaluate(FCP), "board": driver.evaluate(BOARD_MARK), "ready": None, **times}


def run_other(name: str, server: SiteServer, results: dict) -> None:
    """The three visits in Firefox or WebKit, on loopback, in one fresh browser."""
    url = f"http://127.0.0.1:{server.server_port}/{GAME}.html"
    with launch_browser(name) as driver:
        if isinstance(driver, FirefoxDriver):
            driver.bidi.send("script.addPreloadScript", {"functionDeclaration": SEE_BOARD})
        assert server.sent is not None
        mark = len(server.sent)
        results["first"].append(visit_driver(driver, url))
        drawn = [s.size for s in server.sent[mark:] if s.path.startswith(f"/{FOLDER}/") and s.status == 200]
        results["bytes"].append(sum(drawn))
        driver.wait_for(f"() => {SITE_KEPT}", timeout=TIMEOUT_MS / 1000)
        driver.evaluate(DROP_SAVES)
        for kind in ("return", "return, game saved"):
            results[kind].append(visit_driver(driver, url))


def ms(values: list[float | None]) -> str:
    known = [value for value in values if value is not None]
    if not known:
        return "     —"
    return f"{statistics.median(known):6.0f} ms ({min(known):.0f}–{max(known):.0f})"


def report(browser: str, link: str, results: dict, runs: int) -> None:
    print(f"\n{browser}, {GAME}, plain host, {link}, median of {runs}:")
    print(f"  pre-drawn file fetched on the first visit: {statistics.median(results['bytes']):.0f} bytes")
    for kind in ("first", "return", "return, game saved"):
        rows = results[kind]
        gaps = [None if None in (r["board"], r["fcp"]) else r["board"] - r["fcp"] for r in rows]
        print(f"  {kind} visit:")
        print(f"    first contentful paint  {ms([r['fcp'] for r in rows])}")
        print(f"    board on screen         {ms([r['board'] for r in rows])}", end="")
        print(f"   (after FCP {ms(gaps)})")
        print(f"    Python ready            {ms([r['ready'] for r in rows])}")
        print(f"    first move accepted     {ms([r['accepted'] for r in rows])}")


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--rate", type=float, nargs="+", default=[5.0], help="the link's MB/s (10^6 bytes)")
    parser.add_argument("--site", type=Path, default=ROOT / "site")
    parser.add_argument(
        "--browser",
        nargs="+",
        default=["chromium"],
        choices=["chromium", "firefox", "webkit"],
        help="firefox and webkit: on loopback (--rate is Chromium's alone)",
    )
    args = parser.parse_args()
    foreign: list[str] = []
    for browser in args.browser:
        if browser != "chromium":
            results: dict = defaultdict(list)
            with running(args.site, quiet=True, log=True) as server:
                for run in range(args.runs):
                    progress(f"pre-drawn start, {browser}, loopback, run {run + 1} of {args.runs}")
                    run_other(browser, server, results)
            report({"firefox": "Firefox", "webkit": "WebKit"}[browser], "loopback", results, args.runs)
            continue
        with sync_playwright() as playwright:
            for rate in args.rate:
                results = defaultdict(list)
                with running(args.site, quiet=True, rate=rate * 1e6, log=True) as server:
                    for run in range(args.runs):
                        progress(f"pre-drawn start, {rate:g} MB/s, run {run + 1} of {args.runs}")
                        run_once(playwright, server, foreign, results)
                report("Chromium", f"a shared {rate:g} MB/s link", results, args.runs)
    if foreign:
        raise SystemExit(f"requests left 127.0.0.1: {foreign}")


if __name__ == "__main__":
    main()
