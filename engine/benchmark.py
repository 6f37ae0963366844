"""Engine speed, measured the same way in CPython and in Pyodide: whole games and bot moves."""

from __future__ import annotations

import time
from typing import Any

from engine.registry import find_game
from engine.rng import Rng


def play_games(
    game_id: str,
    count: int,
    seats: tuple[str, ...] = ("heuristic", "random"),
    *,
    players: int | None = None,
) -> dict[str, Any]:
    """Play `count` bot games; report games per second, bot move times and seat 0's results.

    Seat i plays `seats[i % len(seats)]`; `players` defaults to the game's smallest count.
    `seat0_share` counts a shared win as a fraction (1/2 for a win shared by two).
    """
    game = find_game(game_id)
    players = players or game.state_class.info.players[0]
    bots = [game.bots[seats[i % len(seats)]][1]() for i in range(players)]
    move_times: dict[str, list[float]] = {name: [] for name in seats}
    wins = draws = actions = 0
    share = 0.0
    started = time.perf_counter()
    for seed in range(count):
        state = game.state_class(players, seed)
        rng = Rng(seed + 1)
        while not state.is_over():
            seat = state.current_player
            assert seat is not None
            t0 = time.perf_counter()
            action = bots[seat].choose(state.view(seat), rng)
            move_times[seats[seat % len(seats)]].append(time.perf_counter() - t0)
            state.apply(action)
            actions += 1
        winners = state.winners()
        wins += winners == [0]
        draws += len(winners) > 1
        share += 1 / len(winners) if 0 in winners else 0.0
    elapsed = time.perf_counter() - started
    return {
        "game": game_id,
        "players": players,
        "games": count,
        "seconds": elapsed,
        "games_per_second": count / elapsed if elapsed else 0.0,
        "actions": actions,
        "bot_move_ms": {name: 1000 * sum(t) / len(t) if t else 0.0 for name, t in move_times.items()},
        "seat0_wins": wins,
        "seat0_share": share / count if count else 0.0,
        "draws": draws,
    }
