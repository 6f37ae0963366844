"""How long the reader waits for each bot's move, in whole games, in Chromium, Firefox ESR and WebKitGTK.

For every registered game and player count, at the default options: whole games on the game's
page, every seat the bot of one level (つよい unless --level says another: the longest waits), the
bot pace set to すぐ. A wait runs from the frame that shows a bot to move until the frame that shows its whole
move done (the next seat to move, or the end): a compound turn (pick, pick, done) counts once
(at すぐ the sandbox shows it only when done). The times are taken in the page, as each frame
reaches the screen.

Printed per browser and table: the number of waits, their median, 95th percentile and maximum,
and the longest few with the status line the reader saw while waiting (which names the move).
Targets (issue 50): p95 <= 1 s and max <= 2 s in Chromium; max <= 4 s in WebKitGTK on this
machine. The machine's other load moves every figure.

    python -m build_tools.bench_waits [--browsers chromium firefox webkit] [--tables bottle-imp:2]
        [--games 3] [--seed 1] [--level strong]
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from build_tools.browsers import BROWSERS, Driver, launch
from build_tools.serve import serving
from engine.bots.levels import LEVELS
from engine.game import Game
from engine.registry import games as registered_games

ROOT = Path(__file__).resolve().parent.parent
TARGETS = {"chromium": {"p95": 1.0, "max": 2.0}, "webkit": {"max": 4.0}}
LONGEST = 3
POLL_S = 120.0
"""Each wait for the end of a game is this long at most (a driver command's own limit is longer)."""
GAME_S = 1800.0
"""A whole game not over after this long is reported as stuck."""

RECORD_FRAMES = """() => {
  // Every frame a sandbox shows: when it reached the page, who is to move, what comes next. The
  // whole document is watched: opening a shared link may mount the sandbox afresh.
  const frames = (window.__rbFrames = []);
  const note = (mutations) => {
    for (const { target: el } of mutations) {
      if (el.dataset.rbFrames === undefined) continue; // a teardown, not a frame
      frames.push({
        n: Number(el.dataset.rbFrames),
        t: performance.now(),
        mover: el.dataset.rbMover ?? "",
        next: el.dataset.rbNext ?? "",
        status: el.querySelector(".rb-status")?.textContent ?? "",
      });
    }
  };
  window.__rbFramesWatch?.disconnect();
  window.__rbFramesWatch = new MutationObserver(note);
  window.__rbFramesWatch.observe(document.body, {
    attributes: true, subtree: true, attributeFilter: ["data-rb-frames"],
  });
  return true;
}"""
STOP_RECORDING = """() => { window.__rbFramesWatch?.disconnect(); delete window.__rbFrames; return true; }"""
READY = """() => document.querySelector(".rb-sandbox")?.dataset.rbState === "ready" """
OVER = """() => document.querySelector(".rb-sandbox")?.dataset.rbNext === "over" """
INSTANT = """() => localStorage.setItem("rb:bot-speed", "instant")"""
OPEN = """fragment => { location.hash = fragment; return true; }"""
NEW_FRAME = """() => window.__rbFrames.length > 0"""


@dataclass(frozen=True)
class Wait:
    """One bot's whole move as the reader waited for it."""

    seconds: float
    mover: str
    status: str


def bot_waits(frames: list[dict[str, Any]], humans: frozenset[str] = frozenset()) -> list[Wait]:
    """The waits in a list of recorded frames (`RECORD_FRAMES`): each run of frames with the same
    seat to move is one move, from its first frame to the frame after its last; a human's runs
    are the reader's own time, not a wait. Only the frames of the sandbox's last mount count (a
    mount counts its frames from 1 again)."""
    remounts = [i for i in range(1, len(frames)) if frames[i]["n"] <= frames[i - 1]["n"]]
    frames = frames[remounts[-1] if remounts else 0 :]
    waits = []
    start = 0
    for i in range(1, len(frames) + 1):
        if i < len(frames) and frames[i]["mover"] == frames[start]["mover"]:
            continue
        first = frames[start]
        if i < len(frames) and first["next"] == "bot" and first["mover"] not in humans:
            seconds = (frames[i]["t"] - first["t"]) / 1000
            waits.append(Wait(seconds, first["mover"], first["status"]))
        start = i
    return waits


def play_one(driver: Driver, base: str, game: Game, players: int, seed: int, level: str) -> list[Wait]:
    """One whole game of `level` bots on the game's page, with the pace set to すぐ; its waits."""
    from tests.browser.helpers import share_fragment  # the share link's one encoder

    driver.goto(f"{base}{game.id}.html")
    driver.evaluate(INSTANT)
    driver.wait_for(READY, timeout=POLL_S)
    driver.evaluate(RECORD_FRAMES)
    log = {"game": game.id, "players": players, "seed": seed, "options": {}, "actions": []}
    seats = [f"bot:{level}"] * players
    driver.evaluate(OPEN, share_fragment({"log": log, "seats": seats}))
    # The page may still show the last table's finished game (the same page): its first frame
    # first, or the check below would find that game over.
    driver.wait_for(NEW_FRAME, timeout=POLL_S)
    given_up = time.monotonic() + GAME_S
    while True:
        try:
            driver.wait_for(OVER, timeout=POLL_S)
            break
        except Exception:  # each engine words its timeout differently: look at the page instead
            state = driver.evaluate("() => document.querySelector('.rb-sandbox')?.dataset.rbState")
            if state == "error" or time.monotonic() > given_up:
                raise RuntimeError(f"{game.id} {players}p: no end (the sandbox is {state})") from None
    return bot_waits(driver.evaluate("() => window.__rbFrames"))


def percentile(values: list[float], share: float) -> float:
    """The nearest-rank percentile: with 20 values, p95 is the 19th, not the maximum."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(share * len(ordered)) - 1)]


def report(browser: str, table: str, waits: list[Wait]) -> None:
    seconds = [wait.seconds for wait in waits]
    if not seconds:  # the game's frames were not seen: say so, and go on to the next table
        print(f"  {table:<14} no bot wait recorded (no frame reached the page)", flush=True)
        return
    print(
        f"  {table:<14} {len(waits):5d} waits  median {statistics.median(seconds):5.2f} s"
        f"  p95 {percentile(seconds, 0.95):5.2f} s  max {max(seconds):5.2f} s{verdict(browser, seconds)}"
    )
    for wait in sorted(waits, key=lambda w: -w.seconds)[:LONGEST]:
        print(f"      {wait.seconds:5.2f} s: {wait.status}")
    sys.stdout.flush()


def verdict(browser: str, seconds: list[float]) -> str:
    target = TARGETS.get(browser, {})
    checks = {"p95": percentile(seconds, 0.95), "max": max(seconds)}
    missed = [f"{name} over {limit:g} s" for name, limit in target.items() if checks[name] > limit]
    return ("  MISSED: " + ", ".join(missed)) if missed else ("  ok" if target else "")


def tables(chosen: list[str] | None) -> list[tuple[Game, int]]:
    every = [(game, players) for game in registered_games().values() for players in game.info.players]
    if not chosen:
        return every
    wanted = {(name, int(count)) for name, count in (entry.split(":") for entry in chosen)}
    return [(game, players) for game, players in every if (game.id, players) in wanted]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--browsers", nargs="+", choices=BROWSERS, default=list(BROWSERS))
    parser.add_argument("--tables", nargs="*", help="game:players, e.g. bottle-imp:2 (default: all)")
    parser.add_argument("--games", type=int, default=3, help="whole games per table")
    parser.add_argument("--seed", type=int, default=1, help="the first game's seed")
    parser.add_argument("--site", type=Path, default=ROOT / "site")
    parser.add_argument("--level", choices=LEVELS, default="strong", help="every seat's bot (strong: つよい)")
    args = parser.parse_args()
    with serving(args.site, quiet=True) as base:
        for browser in args.browsers:
            with launch(browser) as driver:
                bots = LEVELS[args.level].name
                print(f"\n{browser} {driver.version}: each whole move of {bots}, pace すぐ, default options")
                for game, players in tables(args.tables):
                    started = time.perf_counter()
                    waits = [
                        wait
                        for seed in range(args.seed, args.seed + args.games)
                        for wait in play_one(driver, base, game, players, seed, args.level)
                    ]
                    minutes = (time.perf_counter() - started) / 60
                    report(browser, f"{game.id} {players}p", waits)
                    print(f"      ({args.games} game(s) in {minutes:.1f} min)")


if __name__ == "__main__":
    main()
