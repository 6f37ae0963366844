"""The seat levels against each other, per game and player count, and the search's think time in
CPython and in Pyodide in Chromium.

For every registered game, each of its player counts and each pair of levels (`PAIRS`, the
stronger first): games in which the stronger level holds one seat (seat g % players in game g)
and the weaker every other seat. With 2 players the figure is the stronger level's win rate;
with more, its share of the wins against the fair share 1/n. A win shared by k seats counts 1/k;
the 95 % interval is Wilson's (it stays inside 0–100 % and does not shrink to nothing when every
game is won; with shared wins it is a little wide). Think time: per decision with a
choice (forced actions cost nothing), median and 95th percentile, in host CPython (from the same
games) and in the site's own worker in Chromium (a few games against the heuristic).

Chunks of games run in `--jobs` processes; each finished chunk is appended to `--out` (JSON
lines), so a long run can be stopped and reported as far as it went (`--report-only`), or
resumed: chunks already in the file are not played again. Each chunk is stamped with a digest
of the code that played it (the shared engine and that game's package, comments aside), and
only chunks of the code as it is now count: the figures of 400 games take hours (a Bottle Imp
game of 500 points is some 300 decisions), so `RECORDS` is kept in the repository and a run
adds to it, while a change to a game drops that game's chunks. Think times are kept as counts
of values rounded to two significant figures, which keeps a chunk small and its median and 95th
percentile exact to a few per cent.

    nice -n 19 python -m build_tools.bench_search [--games 400] [--jobs 2] [--pairs strong:random]
        [--tables rondo:3] [--browser-games 2] [--out build_tools/records/search.jsonl] [--report-only]
"""

from __future__ import annotations

import argparse
import ast
import hashlib
import json
import math
import statistics
import sys
import tempfile
from collections import Counter, defaultdict
from concurrent.futures import ProcessPoolExecutor, as_completed
from functools import cache
from pathlib import Path
from typing import Any

import engine as engine_package
from build_tools.bench import NO_SANDBOX_PAGE, START_WORKER, TIMEOUT_MS, launch
from build_tools.serve import serving
from engine.benchmark import play_match
from engine.bots.levels import LEVELS
from engine.registry import find_game
from engine.registry import games as registered_games

ROOT = Path(__file__).resolve().parent.parent
RECORDS = Path(__file__).resolve().parent / "records" / "search.jsonl"
PAIRS = [
    ("strong", "random"),
    ("strong", "heuristic"),
    ("normal", "random"),
    ("normal", "heuristic"),
    ("strong", "normal"),
    ("heuristic", "random"),
]
"""Most telling first: a stopped run has the targets' figures."""
SEARCH_LEVELS = ("normal", "strong")
"""The levels whose think time is measured (in Pyodide: `--browser-levels`)."""
CHUNK = 10

Key = tuple[str, int, str, str]  # game, players, lead, field


def tables(chosen: list[str] | None = None) -> list[tuple[str, int]]:
    """The tables named `game:players` in `chosen`; every game at every player count if none."""
    if chosen:
        return [(name, int(players)) for name, players in (table.split(":") for table in chosen)]
    return [(game.id, players) for game in registered_games().values() for players in game.info.players]


def progress(text: str) -> None:
    print(f"bench-search: {text}", file=sys.stderr, flush=True)


@cache
def code_digest(game_id: str) -> str:
    """A digest of the code that plays `game_id` in the engine that runs this (maybe a snapshot)."""
    module = sys.modules[find_game(game_id).state_class.__module__]
    return digest_of(Path(engine_package.__file__).parent, Path(module.__file__ or "").parent)


def digest_of(engine: Path, game: Path) -> str:
    """A digest of every engine module outside the games and of the game's own package, as
    parsed: a comment or the layout may change (the figures in a comment, say) and the kept
    games still count."""
    shared = [f for f in engine.rglob("*.py") if "games" not in f.relative_to(engine).parts[:-1]]
    digest = hashlib.sha256()
    for path in sorted(shared) + sorted(game.rglob("*.py")):
        parsed = ast.dump(ast.parse(path.read_text(encoding="utf-8")))
        digest.update(f"{path.relative_to(engine)}\0{parsed}\0".encode())
    return digest.hexdigest()[:16]


def rounded(think_ms: list[float]) -> dict[str, int]:
    """Think times as counts of their values to two significant figures."""
    return dict(Counter(str(float(f"{value:.2g}")) for value in think_ms))


def load(out: Path) -> list[dict[str, Any]]:
    """The chunks in `out` played by the code as it is now."""
    if not out.exists():
        return []
    records = [json.loads(line) for line in out.read_text().splitlines()]
    return [r for r in records if r["code"] == code_digest(r["game"])]


def prune(out: Path) -> None:
    """Drop the chunks of code that has changed since: they can never count again."""
    current = load(out)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text("".join(json.dumps(r) + "\n" for r in current))


def play_cpython(
    chosen: list[tuple[str, int]], pairs: list[tuple[str, str]], games: int, jobs: int, out: Path
) -> None:
    """Every missing chunk, chunk by chunk across all tables and pairs (a stopped run is even)."""
    done = {
        (r["game"], r["players"], r["lead"], r["field"], r["first"])
        for r in load(out)
        if r["runtime"] == "cpython"
    }
    tasks = [
        (game, players, lead, field, first)
        for first in range(0, games, CHUNK)
        for game, players in chosen
        for lead, field in pairs
        if (game, players, lead, field, first) not in done
    ]
    progress(f"{len(tasks)} chunks of {CHUNK} games in {jobs} processes")
    with ProcessPoolExecutor(jobs) as pool, out.open("a") as sink:
        futures = {
            pool.submit(
                play_match, game, players, lead, field, range(first, min(first + CHUNK, games))
            ): first
            for game, players, lead, field, first in tasks
        }
        for number, future in enumerate(as_completed(futures), 1):
            result = stamped(future.result(), first=futures[future], runtime="cpython")
            sink.write(json.dumps(result) + "\n")
            sink.flush()
            progress(
                f"{number}/{len(tasks)} {result['game']} {result['players']}p"
                f" {result['lead']}:{result['field']}"
            )


def stamped(result: dict[str, Any], *, first: int, runtime: str) -> dict[str, Any]:
    """A chunk as it is kept: where it starts, what ran it, its code's digest, its think times
    rounded (a search level's only: the report shows no other, and a heuristic's double the file)."""
    kept = {key: value for key, value in result.items() if key != "think_ms"}
    think = rounded(result["think_ms"]) if result["lead"] in SEARCH_LEVELS else {}
    return {**kept, "think": think, "first": first, "runtime": runtime, "code": code_digest(result["game"])}


def play_pyodide(chosen: list[tuple[str, int]], levels: list[str], games: int, out: Path, site: Path) -> None:
    """Each search level against the heuristic in the site's worker, for its think time."""
    from playwright.sync_api import sync_playwright

    with (
        serving(site, quiet=True) as base,
        sync_playwright() as playwright,
        tempfile.TemporaryDirectory() as profile,
    ):
        foreign: list[str] = []
        context = launch(playwright, profile, foreign)
        context.set_default_timeout(TIMEOUT_MS * 10)
        page = context.new_page()
        page.goto(base + NO_SANDBOX_PAGE)
        page.evaluate(START_WORKER, base + "assets/javascripts/sandbox/worker.mjs")
        with out.open("a") as sink:
            for game, players in chosen:
                for level in levels:
                    progress(f"{game} {players}p {level} in Pyodide, {games} games")
                    payload = {"op": "bench", "game": game, "players": players, "games": games}
                    reply = page.evaluate(
                        "p => window.__benchCall(p)", {**payload, "lead": level, "field": "heuristic"}
                    )
                    if not (reply["ok"] and reply["result"]["ok"]):
                        raise RuntimeError(f"the bench op failed in Pyodide: {reply}")
                    result = {k: v for k, v in reply["result"].items() if k != "ok"}
                    sink.write(json.dumps(stamped(result, first=0, runtime="pyodide")) + "\n")
                    sink.flush()
        context.close()
    if foreign:
        raise RuntimeError(f"requests left 127.0.0.1: {foreign}")


def interval(shares: list[float]) -> tuple[float, float]:
    """Mean and the half-width of its 95 % interval (normal approximation)."""
    mean = statistics.fmean(shares)
    spread = statistics.stdev(shares) if len(shares) > 1 else 0.0
    return mean, 1.96 * spread / math.sqrt(len(shares))


def share_interval(shares: list[float]) -> tuple[float, float, float]:
    """Mean share and its 95 % interval (Wilson's score interval)."""
    n, mean, z = len(shares), statistics.fmean(shares), 1.96
    centre = (mean + z * z / (2 * n)) / (1 + z * z / n)
    half = z / (1 + z * z / n) * math.sqrt(mean * (1 - mean) / n + z * z / (4 * n * n))
    return mean, max(0.0, centre - half), min(1.0, centre + half)


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, math.ceil(fraction * len(ordered)) - 1)]


def report(records: list[dict[str, Any]]) -> None:
    shares: dict[Key, list[float]] = defaultdict(list)
    think: dict[tuple[str, int, str, str], list[float]] = defaultdict(list)
    for r in records:
        if r["runtime"] == "cpython":
            shares[r["game"], r["players"], r["lead"], r["field"]] += r["shares"]
        think[r["game"], r["players"], r["lead"], r["runtime"]] += [
            float(value) for value, count in r["think"].items() for _ in range(count)
        ]
    print(
        "\nLevels against each other: the row's level in one seat (rotating), the column's in the others."
        "\n2 players: the row's win rate; 3–4: its share of the wins / the fair share 1/n (×)."
        "\nEach figure: mean (95 % interval) [games]. A win shared by k seats counts 1/k."
    )
    for game, players in tables():
        fair = 1 / players
        rows = [
            (lead, field, values)
            for (g, p, lead, field), values in shares.items()
            if (g, p) == (game, players)
        ]
        times = {
            (level, runtime): t for (g, p, level, runtime), t in think.items() if (g, p) == (game, players)
        }
        if not rows and not times:
            continue
        print(f"\n{game}, {players} players")
        for lead, field, values in sorted(
            rows, key=lambda row: (list(LEVELS).index(row[0]), list(LEVELS).index(row[1]))
        ):
            mean, low, high = share_interval(values)
            figure = f"{mean:6.1%} ({low:5.1%}–{high:5.1%})"
            if players > 2:
                figure += f"  = {mean / fair:4.2f}× fair ({low / fair:4.2f}–{high / fair:4.2f})"
            print(f"  {LEVELS[lead].name:<12} vs {LEVELS[field].name:<12} {figure}  [{len(values)}]")
        for level in SEARCH_LEVELS:
            cells = []
            for runtime, label in (("cpython", "CPython"), ("pyodide", "Pyodide/Chromium")):
                values = times.get((level, runtime))
                if values:
                    cells.append(
                        f"{label} median {statistics.median(values):5.0f} ms,"
                        f" p95 {percentile(values, 0.95):5.0f} ms [{len(values)}]"
                    )
            if cells:
                print(f"  think time {LEVELS[level].name:<10} " + ";  ".join(cells))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400, help="games per game, player count and pair")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--pairs", nargs="*", help="lead:field, e.g. strong:random (default: all)")
    parser.add_argument("--tables", nargs="*", help="game:players, e.g. rondo:3 (default: all)")
    parser.add_argument(
        "--browser-games", type=int, default=2, help="games per level and table in Pyodide (0: none)"
    )
    parser.add_argument("--browser-levels", nargs="*", default=list(SEARCH_LEVELS))
    parser.add_argument("--site", type=Path, default=ROOT / "site")
    parser.add_argument("--out", type=Path, default=RECORDS)
    parser.add_argument("--report-only", action="store_true")
    args = parser.parse_args()
    pairs = [tuple(p.split(":")) for p in args.pairs] if args.pairs else PAIRS
    chosen = tables(args.tables)
    if not args.report_only:
        prune(args.out)
        if args.browser_games:
            play_pyodide(chosen, args.browser_levels, args.browser_games, args.out, args.site)
        play_cpython(chosen, pairs, args.games, args.jobs, args.out)  # type: ignore[arg-type]
    report(load(args.out))


if __name__ == "__main__":
    main()
