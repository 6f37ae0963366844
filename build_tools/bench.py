"""Measure the sandbox's start-up and the engine's speed in headless Chromium.

Start-up (issue 13), for each host the bench stands in for (build_tools.serve): a plain server
behind a link of --rate MB/s shared by every download, the same server unthrottled, and on
request a compressing one. Each run, with fresh profiles:
- bare Pyodide boot: a probe page served from the same vendored files, whose module worker
  only runs loadPyodide(); time from the navigation's start to its end; first visit (empty
  profile), then a return visit (the browser started again on the same profile, after the first
  visit stayed open --linger seconds);
- sandbox ready: the same on the Necropolis page, to its sandbox's first game on screen (its
  first frame drawn, data-rb-frames="1": a bot seated to move first thinks after that, which
  is play, not start-up); the first visit stays open until the service worker has kept the site
  (a reader's return visit finds it so), and its ratio to the transfer floor: the time the bytes
  the server sent before ready take at --rate (issue 50's target <= 1.5); the return visit's
  ratio to the bare boot's (issue 50's target <= 0.25);
- the next game page by material's instant navigation, in both sessions (target <= 150 ms);
  index -> game with the worker still to start, and game -> index -> game with the worker kept;
- the first visit's transfer: every file the server sent until ready, as sent and gzip-compressed
  (what a compressing host would send), and what the service worker downloaded after.

Engine: for every registered game and each of its player counts: games per second, the
heuristic's and the random bot's move time, and the heuristic's result against randoms (its seat
rotates with the game index: engine.benchmark.rotated_lineup), in host CPython and in Pyodide
(the site's own worker, through the bridge's "bench" op, so the browser runs exactly the shipped
wheel). With 2 players the result is a win rate, with more a share of the wins against the fair
share 1/n; a win shared by k seats counts 1/k.

The machine's other load moves every figure: compare ratios within one run.

    python -m build_tools.bench [--runs 3] [--rate 5] [--linger 5] [--hosts plain local]
                                [--games 300]       (make bench; --runs 0: engine only;
                                                     --games 0: start-up only)
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import gzip
import platform
import statistics
import sys
import tempfile
import time
from collections import defaultdict
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from urllib.parse import urlsplit

from playwright.sync_api import BrowserContext, Page, Playwright, sync_playwright

from build_tools.browsers import CHROMIUM, SITE_KEPT
from build_tools.browsers import CHROMIUM_ARGS as BROWSER_ARGS
from build_tools.serve import Sent, SiteServer, running, serving
from engine.benchmark import play_games
from engine.registry import games as registered_games

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM_ARGS = [
    *BROWSER_ARGS,
    # Every other host fails to resolve: the guard blocks them without Playwright's routing,
    # which would turn the HTTP cache off (and with it every return visit's cache).
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost",
]
GAME, NEXT_GAME = "necropolis", "no-return"  # the page whose start-up is measured, and the next one
NO_SANDBOX_PAGE = "404.html"  # a page of the site with no sandbox on it
TIMEOUT_MS = 120_000
TARGETS = {"first": 1.5, "return": 0.25, "next": 0.150}  # issue 50: × floor, × bare; issue 13: seconds
KEPT = f"{SITE_KEPT} && performance.now()"
"""The moment the service worker has kept the whole site (offline.js marks the page so)."""


@dataclass(frozen=True)
class Host:
    """A kind of host the bench stands in for."""

    name: str
    throttled: bool
    compress: bool

    def describe(self, rate: float) -> str:
        link = f"a shared {rate:g} MB/s link" if self.throttled else "no throttle (loopback)"
        server = "compressing server (gzip)" if self.compress else "plain server (no compression)"
        return f"{server}, {link}"


HOSTS = {
    "plain": Host("plain", throttled=True, compress=False),  # python3 -m http.server on a LAN
    "local": Host("local", throttled=False, compress=False),
    "gzip": Host("gzip", throttled=True, compress=True),  # a host that compresses
}

# Runs in every document: note the moment any sandbox shows its first game (performance.now(),
# ms). Bots are set to move at once (a speed readers can choose) for the pages' later moves.
RECORD_READY = """
try { localStorage.setItem("rb:bot-speed", "instant"); } catch {}
window.__rbReady = [];
new MutationObserver((records) => {
  for (const record of records) {
    if (record.target.dataset.rbFrames === "1" && record.oldValue !== "1") {
      window.__rbReady.push(performance.now());
    }
  }
}).observe(document, {subtree: true, attributeFilter: ["data-rb-frames"], attributeOldValue: true});
"""

# The bare-boot probe: a page whose module worker only loads the site's vendored Pyodide.
PROBE_PAGE = "/__bench__/bare.html"
PROBE_HTML = b"""<!doctype html><meta charset="utf-8"><title>bare Pyodide boot</title>
<link rel="icon" href="data:,">
<script type="module">
  const worker = new Worker(new URL("bare-worker.mjs", location.href), { type: "module" });
  worker.onmessage = () => (window.__bareBooted = performance.now());
  worker.onerror = (event) => (window.__bareFailed = event.message || "the worker failed");
</script>
"""
PROBE_WORKER = """import {{ loadPyodide }} from "../{runtime}pyodide.mjs";
await loadPyodide({{ indexURL: new URL("../{runtime}", import.meta.url).href }});
postMessage("booted");
"""

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


def wait_ready(page: Page, count: int) -> float:
    """Wait for the count-th time a sandbox showed its first game on this document; return that
    moment."""
    page.wait_for_function(f"window.__rbReady.length >= {count}", timeout=TIMEOUT_MS)
    return page.evaluate(f"window.__rbReady[{count - 1}]")


def click_nav(page: Page, name: str) -> float:
    """Follow the sidebar's link to `name` (material's instant navigation); when it was clicked."""
    return page.evaluate(INSTANT_CLICK, f"/{name}")


def launch(playwright: Playwright, profile: str, foreign: list[str]) -> BrowserContext:
    """Chromium on a persistent profile (an incognito context would keep no wasm on disk)."""
    context = playwright.chromium.launch_persistent_context(
        profile, executable_path=CHROMIUM, args=CHROMIUM_ARGS, locale="ja-JP"
    )
    context.set_default_timeout(TIMEOUT_MS)
    context.add_init_script(RECORD_READY)
    guard_requests(context, foreign)
    return context


def first_page(context: BrowserContext) -> Page:
    return context.pages[0] if context.pages else context.new_page()


def bare_boot_ms(context: BrowserContext, base: str) -> float:
    page = first_page(context)
    page.goto(base + PROBE_PAGE.lstrip("/"), wait_until="commit")
    page.wait_for_function("window.__bareBooted || window.__bareFailed", timeout=TIMEOUT_MS)
    failed = page.evaluate("window.__bareFailed")
    if failed:
        raise RuntimeError(f"the bare Pyodide probe failed: {failed}")
    return page.evaluate("window.__bareBooted")


def sandbox_ready_ms(context: BrowserContext, base: str) -> float:
    page = first_page(context)
    page.goto(base + f"{GAME}.html", wait_until="commit")
    return wait_ready(page, 1)  # performance.now() counts from the navigation's start


def next_game_ms(context: BrowserContext) -> float:
    """From the game page, whose sandbox is ready, to the next game's sandbox, ready."""
    page = first_page(context)
    clicked = click_nav(page, f"{NEXT_GAME}.html")
    return wait_ready(page, 2) - clicked


def instant_navigation_ms(context: BrowserContext, base: str) -> tuple[float, float]:
    """index -> game page (worker still to start), then game -> index -> game (worker kept)."""
    page = context.new_page()
    page.goto(base + "index.html")
    clicked = click_nav(page, f"{GAME}.html")
    first = wait_ready(page, 1) - clicked
    click_nav(page, "index.html")
    page.wait_for_url(base + "index.html")
    clicked = click_nav(page, f"{GAME}.html")
    kept = wait_ready(page, 2) - clicked
    starts = page.evaluate("window.__rbWorkerStarts")
    page.close()
    if starts != 1:
        raise RuntimeError(f"instant navigation started {starts} workers, expected 1")
    return first, kept


@dataclass(frozen=True)
class Transfer:
    """What one visit made the server send before ready (files, bytes as sent, and
    gzip-compressed), and the bytes the service worker downloaded after."""

    files: int
    sent: int
    gzipped: int
    kept_after: int = 0


def transfer(site: Path, sent: list[Sent]) -> Transfer:
    bodies = [s for s in sent if s.status == 200]
    return Transfer(
        files=len(bodies),
        sent=sum(s.size for s in bodies),
        gzipped=sum(s.size if s.encoding == "gzip" else gzip_size(site, s.path) for s in bodies),
    )


@cache
def gzip_size(site: Path, url_path: str) -> int:
    """The file gzip-compressed (level 6, as hosts do), or as is when that is no smaller."""
    data = (site / url_path.lstrip("/")).read_bytes()
    return min(len(data), len(gzip.compress(data, 6)))


def probe_files(site: Path) -> dict[str, bytes]:
    """The bare-boot probe page and its worker, importing the runtime the site ships."""
    (runtime,) = {path.parent for path in site.glob("assets/vendor/**/pyodide.mjs")}
    worker = PROBE_WORKER.format(runtime=runtime.relative_to(site).as_posix() + "/")
    return {PROBE_PAGE: PROBE_HTML, PROBE_PAGE.replace("bare.html", "bare-worker.mjs"): worker.encode()}


def startup_run(
    playwright: Playwright, server: SiteServer, site: Path, linger: float, timings: dict, foreign: list[str]
) -> Transfer:
    """One run on one host: bare boot and sandbox, each a first visit then a return visit."""
    base = f"http://127.0.0.1:{server.server_port}/"
    with tempfile.TemporaryDirectory() as bare, tempfile.TemporaryDirectory() as sandbox:
        context = launch(playwright, bare, foreign)
        timings["bare first"].append(bare_boot_ms(context, base))
        time.sleep(linger)
        context.close()
        context = launch(playwright, bare, foreign)
        timings["bare return"].append(bare_boot_ms(context, base))
        context.close()

        context = launch(playwright, sandbox, foreign)
        assert server.sent is not None
        mark = len(server.sent)
        timings["sandbox first"].append(sandbox_ready_ms(context, base))
        at_ready = len(server.sent)
        first_page(context).wait_for_function(KEPT, timeout=TIMEOUT_MS, polling=100)
        after = sum(s.size for s in server.sent[at_ready:] if s.status == 200)
        visit = dataclasses.replace(transfer(site, server.sent[mark:at_ready]), kept_after=after)
        timings["next first"].append(next_game_ms(context))
        context.close()
        context = launch(playwright, sandbox, foreign)
        timings["sandbox return"].append(sandbox_ready_ms(context, base))
        timings["next return"].append(next_game_ms(context))
        first, kept = instant_navigation_ms(context, base)
        timings["nav first"].append(first)
        timings["nav kept"].append(kept)
        context.close()
    return visit


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


def guard_requests(context: BrowserContext, foreign: list[str]) -> None:
    """List every request that would leave 127.0.0.1 (CHROMIUM_ARGS make them fail)."""

    def is_foreign(url: str) -> bool:
        parts = urlsplit(url)
        return parts.scheme in {"http", "https"} and parts.hostname not in {"127.0.0.1", "localhost"}

    context.on("request", lambda request: is_foreign(request.url) and foreign.append(request.url))


def spread(values: list[float]) -> str:
    """Median with range, in seconds."""
    seconds = [v / 1000 for v in values]
    return f"{statistics.median(seconds):6.2f} s  ({min(seconds):.2f}–{max(seconds):.2f})"


def measure_startup(
    playwright: Playwright, host: Host, args: argparse.Namespace, foreign: list[str]
) -> dict[Path, tuple[dict[str, list[float]], list[Transfer]]]:
    """Every site on this host, run after run in turn (so the machine's load weighs on all alike)."""
    results = {site: (defaultdict(list), []) for site in args.site}
    rate = args.rate * 1e6 if host.throttled else None
    with contextlib.ExitStack() as stack:
        servers = {}
        for site in args.site:
            files = probe_files(site)
            server = running(site, quiet=True, rate=rate, compress=host.compress, files=files, log=True)
            servers[site] = stack.enter_context(server)
            if host.compress:
                servers[site].compress_all()
        for run in range(args.runs):
            for site, (timings, transfers) in results.items():
                progress(f"start-up, {host.name} host, {site.name}, run {run + 1} of {args.runs}")
                transfers.append(startup_run(playwright, servers[site], site, args.linger, timings, foreign))
    return results


def measure(args: argparse.Namespace) -> None:
    foreign: list[str] = []
    results = {}
    with sync_playwright() as playwright:
        for name in args.hosts if args.runs else []:
            results[name] = measure_startup(playwright, HOSTS[name], args, foreign)
        with serving(args.site[0], quiet=True) as base, tempfile.TemporaryDirectory() as profile:
            context = launch(playwright, profile, foreign)
            page = first_page(context)
            agent = page.evaluate("navigator.userAgent")
            in_pyodide, runtime = pyodide_engine(context, base, args.games) if args.games else ([], {})
            context.close()
    browser = next((part for part in agent.split() if "Chrome/" in part), "Chromium")
    for name, sites in results.items():
        for site, (timings, transfers) in sites.items():
            where = f"{HOSTS[name].describe(args.rate)}" + (f"; site {site}" if len(sites) > 1 else "")
            rate = args.rate * 1e6 if HOSTS[name].throttled else None
            print_startup(where, timings, transfers, args.runs, browser, rate)
    if args.games:
        print_engine(args.games, cpython_engine(args.games), in_pyodide, runtime, browser)
    print(f"\nrequests that left 127.0.0.1: {len(foreign)}")


def print_startup(
    host: str,
    timings: dict[str, list[float]],
    transfers: list[Transfer],
    runs: int,
    browser: str,
    rate: float | None,
) -> None:
    def bare(visit: str) -> float:
        return statistics.median(timings[f"sandbox {visit}"]) / statistics.median(timings[f"bare {visit}"])

    floor_ms = [t.sent / rate * 1000 for t in transfers] if rate else []
    first = f"{bare('first'):.2f}× bare"
    if floor_ms:
        floor = statistics.median(timings["sandbox first"]) / statistics.median(floor_ms)
        first = f"{floor:.2f}× the transfer floor (≤ {TARGETS['first']}), {first}"
    print(f"\nSandbox start-up, {GAME} page, {browser}, {host}; median of {runs} (range)")
    rows = [
        ("bare Pyodide boot, first visit", "bare first", ""),
        ("bare Pyodide boot, return visit", "bare return", ""),
        ("sandbox ready, first visit", "sandbox first", first),
        (
            "sandbox ready, return visit",
            "sandbox return",
            f"{bare('return'):.2f}× bare (≤ {TARGETS['return']})",
        ),
        (f"{GAME} → {NEXT_GAME}, first visit", "next first", f"instant navigation (≤ {TARGETS['next']} s)"),
        (f"{GAME} → {NEXT_GAME}, return visit", "next return", "instant navigation"),
        ("index → game page, worker to start", "nav first", "instant navigation, return visit"),
        ("game → index → game, worker kept", "nav kept", "instant navigation"),
    ]
    for label, key, note in rows:
        print(f"  {label:<38} {spread(timings[key])}  {note}".rstrip())
    sent = statistics.median(t.sent for t in transfers) / 1e6
    gzipped = statistics.median(t.gzipped for t in transfers) / 1e6
    files = statistics.median(t.files for t in transfers)
    print(f"  first visit, before ready: {files:g} files, {sent:.2f} MB as sent, {gzipped:.2f} MB gzip")
    if floor_ms:
        print(f"  transfer floor (those bytes at the link's rate): {spread(floor_ms)}")
    kept = statistics.median(t.kept_after for t in transfers) / 1e6
    print(f"  then downloaded by the service worker to keep the site: {kept:.2f} MB as sent")


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
    parser.add_argument(
        "--site", type=Path, nargs="+", default=[ROOT / "site"], help="built sites, measured in turn"
    )
    parser.add_argument("--runs", type=int, default=3, help="start-up runs per host (0: only the engine)")
    parser.add_argument("--rate", type=float, default=5.0, help="the throttled link's MB/s (10^6 bytes)")
    parser.add_argument(
        "--linger", type=float, default=5.0, help="seconds a bare boot's first visit stays open"
    )
    parser.add_argument("--hosts", nargs="+", choices=sorted(HOSTS), default=["plain", "local"])
    parser.add_argument("--games", type=int, default=300, help="bot games per table (0: start-up only)")
    measure(parser.parse_args())


if __name__ == "__main__":
    main()
