"""Measure the sandbox's start-up and the engine's speed in one headless Chromium run.

Serves the built site/ on 127.0.0.1 and prints one table:
- bare Pyodide boot (a throwaway worker that only loads our vendored runtime) and sandbox-ready
  time of the Necropolis page (navigation start to data-rb-state="ready"), with a cold and a
  warm HTTP cache, and their ratio;
- the next page after material's instant navigation, with the worker still to start and kept;
- games per second and bot move time in host CPython and in Pyodide (the site's own worker,
  through the bridge's "bench" op, so the browser runs exactly the shipped wheel).

A persistent temporary profile keeps the HTTP cache on disk between pages (an incognito context
would fetch the wasm again every time); the cold runs clear it first.

    python -m build_tools.bench [--runs 3] [--games 1000]      (make bench)
"""

from __future__ import annotations

import argparse
import platform
import statistics
import tempfile
import threading
from collections import defaultdict
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from functools import partial
from pathlib import Path
from typing import BinaryIO
from urllib.parse import urlsplit

from playwright.sync_api import BrowserContext, Page, sync_playwright

from build_tools.serve import SiteHandler, make_server
from engine.benchmark import play_games

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run"]
GAME = "necropolis"
NO_SANDBOX_PAGE = "404.html"  # a page of the site with no sandbox on it
TIMEOUT_MS = 120_000

# Runs in every document: note the moment any sandbox becomes ready (performance.now(), ms).
RECORD_READY = """
window.__rbReady = [];
new MutationObserver((records) => {
  for (const record of records) {
    if (record.target.dataset.rbState === "ready" && record.oldValue !== "ready") {
      window.__rbReady.push(performance.now());
    }
  }
}).observe(document, {subtree: true, attributeFilter: ["data-rb-state"], attributeOldValue: true});
"""

BARE_BOOT = """async (indexURL) => {
  const source = `import { loadPyodide } from ${JSON.stringify(indexURL + "pyodide.mjs")};
    await loadPyodide({ indexURL: ${JSON.stringify(indexURL)} });
    postMessage("booted");`;
  const started = performance.now();
  const worker = new Worker(URL.createObjectURL(new Blob([source], { type: "text/javascript" })),
                            { type: "module" });
  await new Promise((resolve, reject) => {
    worker.onmessage = resolve;
    worker.onerror = () => reject(new Error("the bare Pyodide worker failed"));
  });
  worker.terminate();
  return performance.now() - started;
}"""

ENGINE_BENCH = """async ([workerURL, payload]) => {
  const worker = new Worker(workerURL, { type: "module" });
  let runtime = null;
  const reply = await new Promise((resolve) => {
    worker.onmessage = ({ data }) => {
      if (data.stage === "ready") runtime = data;
      if (data.id === 1) resolve(data);
    };
    worker.postMessage({ id: 1, type: "call", payload });
  });
  worker.terminate();
  return { reply, runtime };
}"""

INSTANT_CLICK = """(href) => {
  const link = [...document.querySelectorAll(".md-sidebar--primary a.md-nav__link")]
    .find((a) => a.getAttribute("href").endsWith(href));
  const started = performance.now();
  link.click();
  return started;
}"""


class QuietHandler(SiteHandler):
    """The site's handler without a line per request; a download the browser drops is no error."""

    def log_message(self, *args: object) -> None:
        pass

    def copyfile(self, source: BinaryIO, outputfile: BinaryIO) -> None:
        with suppress(ConnectionError):
            super().copyfile(source, outputfile)


@contextmanager
def serving(site: Path) -> Iterator[str]:
    server = make_server(site)
    server.RequestHandlerClass = partial(QuietHandler, directory=str(site))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}/"
    finally:
        server.shutdown()
        server.server_close()


def clear_cache(context: BrowserContext, page: Page) -> None:
    context.new_cdp_session(page).send("Network.clearBrowserCache")


def bare_boot_ms(page: Page, base: str) -> float:
    page.goto(base + NO_SANDBOX_PAGE)
    return page.evaluate(BARE_BOOT, base + "assets/vendor/pyodide/")


def wait_ready(page: Page, count: int) -> float:
    """Wait for the count-th time a sandbox became ready on this document; return that moment."""
    page.wait_for_function(f"window.__rbReady.length >= {count}", timeout=TIMEOUT_MS)
    return page.evaluate(f"window.__rbReady[{count - 1}]")


def sandbox_ready_ms(context: BrowserContext, base: str, *, cold: bool) -> float:
    page = context.new_page()
    if cold:
        page.goto(base + NO_SANDBOX_PAGE)
        page.evaluate("localStorage.clear()")
        clear_cache(context, page)
    page.goto(base + f"{GAME}.html")
    ready = wait_ready(page, 1)  # performance.now() counts from the navigation's start
    page.close()
    return ready


def instant_navigation_ms(context: BrowserContext, base: str) -> tuple[float, float]:
    """index -> game page (worker still to start), then game -> index -> game (worker kept)."""
    page = context.new_page()
    page.goto(base + "index.html")
    clicked = page.evaluate(INSTANT_CLICK, f"/{GAME}.html")
    first = wait_ready(page, 1) - clicked
    page.evaluate(INSTANT_CLICK, "/index.html")
    page.wait_for_url(base + "index.html")
    clicked = page.evaluate(INSTANT_CLICK, f"/{GAME}.html")
    kept = wait_ready(page, 2) - clicked
    starts = page.evaluate("window.__rbWorkerStarts")
    page.close()
    if starts != 1:
        raise RuntimeError(f"instant navigation started {starts} workers, expected 1")
    return first, kept


def pyodide_engine(context: BrowserContext, base: str, games: int) -> tuple[dict, dict]:
    page = context.new_page()
    page.goto(base + NO_SANDBOX_PAGE)
    worker_url = base + "assets/javascripts/sandbox-worker.mjs"
    result = page.evaluate(ENGINE_BENCH, [worker_url, {"op": "bench", "game": GAME, "games": games}])
    page.close()
    reply = result["reply"]
    if not (reply["ok"] and reply["result"]["ok"]):
        raise RuntimeError(f"the bench op failed in Pyodide: {reply}")
    return reply["result"], result["runtime"]


def guard_requests(context: BrowserContext) -> list[str]:
    """Block (and list) every request that would leave 127.0.0.1."""
    foreign: list[str] = []

    def is_foreign(url: str) -> bool:
        parts = urlsplit(url)
        return parts.scheme in {"http", "https"} and parts.hostname not in {"127.0.0.1", "localhost"}

    context.on("request", lambda request: is_foreign(request.url) and foreign.append(request.url))
    context.route(is_foreign, lambda route: route.abort())
    return foreign


def spread(values: list[float]) -> str:
    """Median with range, in seconds."""
    seconds = [v / 1000 for v in values]
    return f"{statistics.median(seconds):6.2f} s  ({min(seconds):.2f}–{max(seconds):.2f})"


def measure(site: Path, runs: int, games: int) -> None:
    timings: dict[str, list[float]] = defaultdict(list)
    with serving(site) as base, sync_playwright() as playwright, tempfile.TemporaryDirectory() as profile:
        context = playwright.chromium.launch_persistent_context(
            profile, executable_path=CHROMIUM, args=CHROMIUM_ARGS, locale="ja-JP"
        )
        context.set_default_timeout(TIMEOUT_MS)
        context.add_init_script(RECORD_READY)
        foreign = guard_requests(context)
        for _ in range(runs):
            page = context.new_page()
            page.goto(base + NO_SANDBOX_PAGE)
            clear_cache(context, page)
            timings["bare cold"].append(bare_boot_ms(page, base))
            timings["bare warm"].append(bare_boot_ms(page, base))
            agent = page.evaluate("navigator.userAgent")
            page.close()
            timings["sandbox cold"].append(sandbox_ready_ms(context, base, cold=True))
            timings["sandbox warm"].append(sandbox_ready_ms(context, base, cold=False))
            first, kept = instant_navigation_ms(context, base)
            timings["nav first"].append(first)
            timings["nav kept"].append(kept)
        in_pyodide, runtime = pyodide_engine(context, base, games)
        context.close()
    in_cpython = play_games(GAME, games)
    print_table(timings, runs, in_cpython, in_pyodide, runtime, agent, foreign)


def print_table(
    timings: dict[str, list[float]],
    runs: int,
    in_cpython: dict,
    in_pyodide: dict,
    runtime: dict,
    agent: str,
    foreign: list[str],
) -> None:
    def ratio(key: str, bare: str) -> str:
        return f"{statistics.median(timings[key]) / statistics.median(timings[bare]):.2f}× bare"

    browser = next((part for part in agent.split() if "Chrome/" in part), "Chromium")
    print(f"\nSandbox start-up, {GAME} page, {browser}, median of {runs} (range)")
    rows = [
        ("bare Pyodide boot, cold cache", "bare cold", ""),
        ("bare Pyodide boot, warm cache", "bare warm", ""),
        ("sandbox ready, cold cache", "sandbox cold", ratio("sandbox cold", "bare cold")),
        ("sandbox ready, warm cache", "sandbox warm", ratio("sandbox warm", "bare warm")),
        ("index → game page, worker to start", "nav first", "instant navigation"),
        ("game → index → game, worker kept", "nav kept", "instant navigation"),
    ]
    for label, key, note in rows:
        print(f"  {label:<38} {spread(timings[key])}  {note}".rstrip())
    print(f"\nEngine: {GAME}, {in_cpython['games']} bot games each (heuristic vs random)")
    print(f"  {'runtime':<38} {'games/s':>8}  {'heuristic move':>15}  {'random move':>12}")
    hosts = [
        (f"CPython {platform.python_version()} (host)", in_cpython),
        (f"Pyodide {runtime['pyodide']}, Python {runtime['python'].split()[0]}", in_pyodide),
    ]
    for label, result in hosts:
        moves = result["bot_move_ms"]
        print(
            f"  {label:<38} {result['games_per_second']:8.1f}  "
            f"{moves['heuristic']:12.3f} ms  {moves['random']:9.3f} ms"
        )
    print(f"\nrequests that left 127.0.0.1: {len(foreign)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, default=ROOT / "site")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--games", type=int, default=1000)
    args = parser.parse_args()
    measure(args.site, args.runs, args.games)


if __name__ == "__main__":
    main()
