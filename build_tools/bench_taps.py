"""How long a reader waits from a tap on a piece to the next frame on screen, on a phone.

    python -m build_tools.bench_taps [--decisions 40] [--size 390x844]   (in make bench)

Chromium, a phone's context (touch, 390 × 844), every game at its largest player count, the reader
in the first seat tapping a random legal piece (build_tools/phone.py), every other seat a bot at
once; a game that ends before its taps are counted is followed by another (the next seed).
Timed in the page: from the tap's `pointerdown` to the first animation frame after the
sandbox showed the frame that answered it (data-rb-frames went up): what the reader sees. Prints
the median and p95 per game and over all; the target is p95 ≤ 100 ms. Figures, never asserted.
"""

from __future__ import annotations

import argparse
import statistics
from pathlib import Path

from build_tools.phone import chromium, open_game, phone_context, play_by_taps, reader_seats
from build_tools.serve import serving
from engine.registry import games

ROOT = Path(__file__).resolve().parent.parent
MAX_GAMES = 10  # per game, until its taps are counted
# In the page: each tap's time, and the time its answer was painted.
TIMER = """(() => {
  window.__rbTaps = [];
  let pressed = null;
  addEventListener("pointerdown", () => (pressed = performance.now()), { capture: true });
  new MutationObserver(() => {
    if (pressed === null) return;
    const at = pressed;
    pressed = null;
    requestAnimationFrame(() => window.__rbTaps.push(performance.now() - at));
  }).observe(document, { subtree: true, attributeFilter: ["data-rb-frames"] });
})()"""


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def figures(taps: list[float]) -> str:
    return f"{len(taps):3d} taps, median {statistics.median(taps):5.1f} ms, p95 {p95(taps):5.1f} ms"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decisions", type=int, default=40, help="taps per game")
    parser.add_argument("--size", default="390x844")
    args = parser.parse_args()
    width, height = (int(n) for n in args.size.split("x"))
    every: list[float] = []
    print(f"tap to the next frame on screen, Chromium, {width} × {height}, {args.decisions} taps a game")
    with serving(ROOT / "site", quiet=True) as base, chromium() as browser:
        context = phone_context(browser, (width, height))
        context.add_init_script(TIMER)
        page = context.new_page()
        for game_id, game in sorted(games().items()):
            players = max(game.info.players)
            taps: list[float] = []
            tapped = 0
            # a game may end in a few taps (Necropolis's 終了を提案, accepted): the next seed goes on
            for seed in range(5, 5 + MAX_GAMES):
                log = {"game": game_id, "players": players, "seed": seed, "options": {}, "actions": []}
                open_game(page, base, log, reader_seats(game_id, players))
                page.evaluate("window.__rbTaps = []")
                for _ in play_by_taps(page, seed=seed, max_decisions=args.decisions - tapped):
                    tapped += 1
                taps += [ms for ms in page.evaluate("window.__rbTaps") if ms > 0]
                if tapped >= args.decisions:
                    break
            every += taps
            if taps:
                print(f"{game_id:11s} at {players}: {figures(taps)}")
        context.close()
    if every:
        print(
            f"all games: {len(every)} taps, median {statistics.median(every):.1f} ms, p95 {p95(every):.1f} ms"
        )


if __name__ == "__main__":
    main()
