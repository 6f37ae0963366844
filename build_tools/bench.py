"""Measure the sandbox's start-up and the engine's speed in one headless Chromium run.

Serves the built site/ on 127.0.0.1 and prints two tables:
- bare Pyodide boot (a throwaway worker that only loads our vendored runtime) and sandbox-ready
  time of the Necropolis page (navigation start to data-rb-state="ready"), with a cold and a
  warm HTTP cache, and their ratio;
- the next page after material's instant navigation, with the worker still to start and kept;
- for every registered game and each of its player counts: games per second, the heuristic's
  and the random bot's move time, and the heuristic's result against randoms (its seat rotates
  with the game index: engine.benchmark.rotated_lineup), in host CPython and in Pyodide (the
  site's own worker, through the bridge's "bench" op, so the browser runs exactly the shipped
  wheel). With 2 players the result is a win rate, with more a share of the wins against the
  fair share 1/n; a win shared by k seats counts 1/k.

A persistent temporary profile keeps the HTTP cache on disk between pages (an incognito context
would fetch the wasm again every time); the cold runs clear it first.

    python -m build_tools.bench [--runs 3] [--games 300]      (make bench; --runs 0: engine only)
"""

from __future__ import annotations

import argparse
import platform
import statistics
import sys
import tempfile
from collections import defaultdict
from pathlib import Path
from urllib.parse import urlsplit

from playwright.sync_api import BrowserContext, Page, sync_playwright

from build_tools.serve import serving
from engine.benchmark import play_games
from engine.registry import games as registered_games

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run"]
GAME = "necropolis"  # the page whose start-up is measured
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

# One worker for every engine run: boots once, then answers each "bench" request in turn.
START_WORKER = """(workerURL) => {
  const worker = new Worker(workerURL, { type: "module" });
  let lastId = 0;
  window.__benchCall = (payload) => new Promise((resolve) => {
    const id = ++lastId;
    const listen = ({ data }) => {
      if (data.stage === "ready") window.__benchRuntime = data;
      if (data.id !== id) return;
      worker.removeEventListener("message", listen);
      resolve(data);
    };
    worker.addEventListener("message", listen);
    worker.postMessage({ id, type: "call", payload });
  });
}"""

INSTANT_CLICK = """(href) => {
  const link = [...document.querySelectorAll(".md-sidebar--primary a.md-nav__link")]
    .find((a) => a.getAttribute("href").endsWith(href));
  const started = performance.now();
  link.click();
  return started;
}"""


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


def table_sizes() -> list[tuple[str, int]]:
    """(game, players) for every registered game and each of its player counts."""
    return [
        (game.id, players)
        for game in registered_games().values()
        for players in game.state_class.info.players
    ]


def progress(text: str) -> None:
    print(f"bench: {text}", file=sys.stderr, flush=True)


def pyodide_engine(context: BrowserContext, base: str, games: int) -> tuple[list[dict], dict]:
    """Every table size in the site's worker; returns the reports and the worker's runtime."""
    page = context.new_page()
    page.goto(base + NO_SANDBOX_PAGE)
    page.evaluate(START_WORKER, base + "assets/javascripts/sandbox/worker.mjs")
    reports = []
    for game, players in table_sizes():
        progress(f"{game}, {players} players, {games} games in Pyodide")
        payload = {"op": "bench", "game": game, "games": games, "players": players}
        reply = page.evaluate("payload => window.__benchCall(payload)", payload)
        if not (reply["ok"] and reply["result"]["ok"]):
            raise RuntimeError(f"the bench op failed in Pyodide: {reply}")
        reports.append(reply["result"])
    runtime = page.evaluate("window.__benchRuntime")
    page.close()
    return reports, runtime


def cpython_engine(games: int) -> list[dict]:
    reports = []
    for game, players in table_sizes():
        progress(f"{game}, {players} players, {games} games in CPython")
        reports.append(play_games(game, games, players=players))
    return reports


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
    with (
        serving(site, quiet=True) as base,
        sync_playwright() as playwright,
        tempfile.TemporaryDirectory() as profile,
    ):
        context = playwright.chromium.launch_persistent_context(
            profile, executable_path=CHROMIUM, args=CHROMIUM_ARGS, locale="ja-JP"
        )
        context.set_default_timeout(TIMEOUT_MS)
        context.add_init_script(RECORD_READY)
        foreign = guard_requests(context)
        page = context.new_page()
        agent = page.evaluate("navigator.userAgent")
        page.close()
        for run in range(runs):
            progress(f"start-up, run {run + 1} of {runs}")
            page = context.new_page()
            page.goto(base + NO_SANDBOX_PAGE)
            clear_cache(context, page)
            timings["bare cold"].append(bare_boot_ms(page, base))
            timings["bare warm"].append(bare_boot_ms(page, base))
            page.close()
            timings["sandbox cold"].append(sandbox_ready_ms(context, base, cold=True))
            timings["sandbox warm"].append(sandbox_ready_ms(context, base, cold=False))
            first, kept = instant_navigation_ms(context, base)
            timings["nav first"].append(first)
            timings["nav kept"].append(kept)
        in_pyodide, runtime = pyodide_engine(context, base, games)
        context.close()
    in_cpython = cpython_engine(games)
    browser = next((part for part in agent.split() if "Chrome/" in part), "Chromium")
    if runs:
        print_startup(timings, runs, browser)
    print_engine(games, in_cpython, in_pyodide, runtime, browser)
    print(f"\nrequests that left 127.0.0.1: {len(foreign)}")


def print_startup(timings: dict[str, list[float]], runs: int, browser: str) -> None:
    def ratio(key: str, bare: str) -> str:
        return f"{statistics.median(timings[key]) / statistics.median(timings[bare]):.2f}× bare"

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


def heuristic_result(report: dict) -> str:
    """2 players: the heuristic's win rate; more: its share of the wins against the fair share."""
    share, fair = report["share"]["heuristic"], report["fair_share"]
    if report["players"] == 2:
        return f"win rate {share:6.1%}"
    return f"share    {share:6.1%} of wins (fair {fair:.1%}, {share / fair:.2f}×)"


def print_engine(
    games: int, in_cpython: list[dict], in_pyodide: list[dict], runtime: dict, browser: str
) -> None:
    cpython = f"CPython {platform.python_version()}"
    pyodide = f"Pyodide {runtime['pyodide']}"
    inner = runtime["python"].split()[0]
    print(
        f"\nEngine: {games} bot games a row, the heuristic at seat (game index % players), randoms elsewhere"
        f"\n  {cpython} on the host; {pyodide} (Python {inner}) in {browser}'s worker;"
        "\n  move time: mean per atomic action; result: a win shared by k seats counts 1/k"
    )
    print(
        f"  {'game':<12} {'players':>7}  {'runtime':<16} {'games/s':>8}  {'heuristic move':>14}"
        f"  {'random move':>11}  {'clone':>8}  {'deepcopy':>8}  heuristic against randoms"
    )
    for host, pyo in zip(in_cpython, in_pyodide, strict=True):
        for label, report in ((cpython, host), (pyodide, pyo)):
            moves, speed = report["bot_move_ms"], report["games_per_second"]
            print(
                f"  {report['game']:<12} {report['players']:>7}  {label:<16} {speed:8.1f}"
                f"  {moves['heuristic']:11.3f} ms  {moves['random']:8.3f} ms"
                f"  {report['clone_us']:5.0f} µs  {report['deepcopy_us']:5.0f} µs  {heuristic_result(report)}"
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, default=ROOT / "site")
    parser.add_argument("--runs", type=int, default=3, help="start-up runs (0: only the engine)")
    parser.add_argument("--games", type=int, default=300, help="bot games per game and player count")
    args = parser.parse_args()
    measure(args.site, args.runs, args.games)


if __name__ == "__main__":
    main()
