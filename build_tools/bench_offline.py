"""The site kept offline (issue 48), in headless Chromium on a persistent profile (build_tools.bench's):
- the first visit to the game page: its sandbox ready, then the whole build kept by the service
  worker (offline.js registers it once the sandbox has been ready a few seconds), from the
  navigation's start;
- a return visit with the network and one with it cut (Playwright's offline mode), each in the
  browser started again on that profile: the sandbox ready (its first game on screen).

A plain server (no compression) behind a link of --rate MB/s, as build_tools.bench's "plain" host.

    python -m build_tools.bench_offline [--runs 3] [--rate 5]
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
from collections import defaultdict
from pathlib import Path

from playwright.sync_api import Playwright, sync_playwright

from build_tools.bench import GAME, KEPT, TIMEOUT_MS, first_page, launch, sandbox_ready_ms, spread
from build_tools.serve import running

ROOT = Path(__file__).resolve().parent.parent


def run(playwright: Playwright, base: str, timings: dict[str, list[float]], foreign: list[str]) -> None:
    with tempfile.TemporaryDirectory() as profile:
        context = launch(playwright, profile, foreign)
        timings["first ready"].append(sandbox_ready_ms(context, base))
        kept = first_page(context).wait_for_function(KEPT, timeout=TIMEOUT_MS, polling=100)
        timings["kept"].append(kept.json_value())
        context.close()
        context = launch(playwright, profile, foreign)
        timings["return online"].append(sandbox_ready_ms(context, base))
        context.close()
        context = launch(playwright, profile, foreign)
        context.set_offline(True)
        timings["return offline"].append(sandbox_ready_ms(context, base))
        context.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, default=ROOT / "site")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--rate", type=float, default=5.0, help="the link's MB/s (10^6 bytes)")
    args = parser.parse_args()
    timings: dict[str, list[float]] = defaultdict(list)
    foreign: list[str] = []
    with running(args.site, quiet=True, rate=args.rate * 1e6) as server, sync_playwright() as playwright:
        base = f"http://127.0.0.1:{server.server_port}/"
        for number in range(args.runs):
            print(f"… run {number + 1} of {args.runs}", flush=True)
            run(playwright, base, timings, foreign)
    host = f"a plain host behind {args.rate:g} MB/s"
    print(f"\nThe site kept offline, {GAME} page, {host}; median of {args.runs} (range)")
    rows = [
        ("first visit: sandbox ready", "first ready"),
        ("first visit: the whole build kept", "kept"),
        ("return visit, online: sandbox ready", "return online"),
        ("return visit, offline: sandbox ready", "return offline"),
    ]
    for label, key in rows:
        print(f"  {label:<38} {spread(timings[key])}")
    ratio = statistics.median(timings["return offline"]) / statistics.median(timings["return online"])
    print(f"  offline return / online return: {ratio:.2f}")
    print(f"\nrequests that left 127.0.0.1: {len(foreign)}")


if __name__ == "__main__":
    main()
