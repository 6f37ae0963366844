"""ヒント and 振り返り in the site's own worker in Chromium (Pyodide): how long the reader waits.

For every registered game and player count, at the default options, in one game from a fixed seed
with the reader in seat 0 and つよい elsewhere: the reader asks for a hint at each of its first
`--hints` decisions, and follows it. Printed: median, p95 and max of the hint's round trip
(request to answer, as the page sees it). Target (issue 37): median <= 300 ms and p95 <= 1 s.

Then, for every game at its default player count: the review of one whole game of the default
length (bots to the end, from a fixed seed): the time to its first progress and to its moments,
with the number of decisions weighed. Target: within 60 s.

The machine's other load moves every figure.

    python -m build_tools.bench_advice [--hints 40] [--tables bottle-imp:2] [--no-review]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from build_tools.bench import NO_SANDBOX_PAGE, START_WORKER, TIMEOUT_MS, launch
from build_tools.bench_waits import percentile, tables
from build_tools.serve import serving
from engine.game import Game
from engine.replay import new_game, to_log
from engine.rng import Rng

ROOT = Path(__file__).resolve().parent.parent
SEED = 37
TIMED_CALL = """async (payload) => {
  const started = performance.now();
  const reply = await window.__benchCall(payload);
  const answer = reply.ok ? reply.result : { ok: false, error: reply.error };
  return { ms: performance.now() - started, reply: answer };
}"""


def call(page: Any, payload: dict[str, Any]) -> tuple[float, dict[str, Any]]:
    timed = page.evaluate(TIMED_CALL, {**payload, "sandbox": "bench"})
    if not timed["reply"].get("ok"):
        raise RuntimeError(f"{payload['op']} refused: {timed['reply']}")
    return timed["ms"], timed["reply"]


def hint_times(page: Any, game: Game, players: int, count: int) -> list[float]:
    """The reader asks for a hint at each of its decisions (up to `count`) and follows it."""
    log = to_log(new_game(game.id, players, SEED))
    seats = ["human"] + [f"bot:{game.default_bot}"] * (players - 1)
    _, frame = call(page, {"op": "open", "log": log, "seats": seats})
    times: list[float] = []
    while len(times) < count and frame["next"] != "over":
        if frame["next"] == "bot":
            _, frame = call(page, {"op": "step"})
            continue
        ms, reply = call(page, {"op": "hint"})
        times.append(ms)
        best = next(item["action"] for item in reply["hint"]["actions"] if item["best"])
        _, frame = call(page, {"op": "act", "action": best})
    return times


def finished_game(game: Game) -> dict[str, Any]:
    """A whole game of the default options between the game's heuristic bots (played on the host)."""
    state, bot, rng = new_game(game.id, game.info.players[0], SEED), game.bots["heuristic"](), Rng(SEED)
    while not state.is_over():
        state.apply(bot.choose(state.view(state.current_player), rng))
    return to_log(state)


def review_time(page: Any, game: Game) -> tuple[float, float, int]:
    """Seconds to the review's first progress and to its moments, and the decisions weighed."""
    log = finished_game(game)
    seats = ["human"] + [f"bot:{game.default_bot}"] * (log["players"] - 1)
    call(page, {"op": "open", "log": log, "seats": seats})
    started = time.perf_counter()
    call(page, {"op": "review", "do": "open"})
    first = None
    while True:
        _, reply = call(page, {"op": "review", "do": "weigh"})
        first = first or time.perf_counter() - started
        if "moments" in reply["review"]:
            return first, time.perf_counter() - started, reply["review"]["decisions"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hints", type=int, default=40, help="hints per game and player count")
    parser.add_argument("--tables", nargs="*", help="game:players, e.g. rondo:3 (default: all)")
    parser.add_argument("--no-review", action="store_true")
    parser.add_argument("--site", type=Path, default=ROOT / "site")
    args = parser.parse_args()
    if args.hints < 1:
        parser.error("--hints: at least 1 (the figures are taken over the hints asked)")
    from playwright.sync_api import sync_playwright

    chosen = tables(args.tables)
    with (
        serving(args.site, quiet=True) as base,
        sync_playwright() as playwright,
        tempfile.TemporaryDirectory() as profile,
    ):
        foreign: list[str] = []
        context = launch(playwright, profile, foreign)
        context.set_default_timeout(TIMEOUT_MS * 10)
        page = context.new_page()
        page.goto(base + NO_SANDBOX_PAGE)
        page.evaluate(START_WORKER, base + "assets/javascripts/sandbox/worker.mjs")
        print(f"Chromium {context.browser.version if context.browser else ''}: the site's worker (Pyodide)")
        print("\nヒント at つよい's budget, round trip as the page sees it")
        print("  (target: median <= 300 ms, p95 <= 1 s)")
        for game, players in chosen:
            times = hint_times(page, game, players, args.hints)
            median, p95 = statistics.median(times), percentile(times, 0.95)
            print(
                f"  {game.id:<11} {players}p  {len(times):3d} hints  median {median:5.0f} ms"
                f"  p95 {p95:5.0f} ms  max {max(times):5.0f} ms"
            )
            sys.stdout.flush()
        if not args.no_review:
            print("\n振り返り of one whole game of the default length (target: within 60 s)")
            for game in {game.id: game for game, _ in chosen}.values():
                first, whole, decisions = review_time(page, game)
                print(
                    f"  {game.id:<11} {game.info.players[0]}p  {decisions:4d} decisions weighed"
                    f" in {whole:5.1f} s  (first progress after {first:.1f} s)"
                )
                sys.stdout.flush()
        context.close()
    if foreign:
        raise RuntimeError(f"requests left 127.0.0.1: {foreign}")


if __name__ == "__main__":
    main()
