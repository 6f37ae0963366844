"""What one turn of a search level is worth against one turn of the heuristic, per game and
player count (`engine.benchmark.turn_worth`): a finer measure than a win rate, for the turns it
samples. Positions are spread over `--jobs` processes.

    nice -n 19 python -m build_tools.bench_turns [--tables rondo:3] [--level strong]
        [--positions 200] [--samples 20] [--jobs 2]
"""

from __future__ import annotations

import argparse
import statistics
import sys
from concurrent.futures import ProcessPoolExecutor

from build_tools.bench_search import interval, tables
from engine.benchmark import TURN_STRIDE, turn_worth
from engine.bots.levels import LEVELS

GAMES_PER_TASK = 4


def measure(game: str, players: int, level: str, positions: int, samples: int, jobs: int) -> None:
    """Play self-play games in `jobs` processes until `positions` turns are measured; print them."""
    gains: list[float] = []
    differed: list[bool] = []
    first = 0
    with ProcessPoolExecutor(jobs) as pool:
        while len(gains) < positions:
            starts = [first + GAMES_PER_TASK * i for i in range(jobs)]
            first += GAMES_PER_TASK * jobs
            futures = [
                pool.submit(turn_worth, game, players, level, range(start, start + GAMES_PER_TASK), samples)
                for start in starts
            ]
            for result in (future.result() for future in futures):
                gains += result["gains"]
                differed += result["differed"]
    gains, differed = gains[:positions], differed[:positions]
    mean, half = interval(gains)
    print(
        f"{game}, {players} players: one turn of {LEVELS[level].name} against one of ボット（やさしい）"
        f" {mean:+.4f} ± {half:.4f} win share; the turns differed in {statistics.fmean(differed):.0%}"
        f" [{len(gains)} positions × {samples} samples]",
        flush=True,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", nargs="*", help="game:players, e.g. rondo:3 (default: all)")
    parser.add_argument("--level", default="strong", choices=list(LEVELS))
    parser.add_argument(
        "--positions", type=int, default=200, help=f"turns per table (about one in {TURN_STRIDE})"
    )
    parser.add_argument("--samples", type=int, default=20, help="redraws of the hidden pieces per turn")
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    chosen = tables(args.tables)
    for game, players in chosen:
        print(f"bench-turns: {game} {players}p", file=sys.stderr, flush=True)
        measure(game, players, args.level, args.positions, args.samples, args.jobs)


if __name__ == "__main__":
    main()
