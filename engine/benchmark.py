"""Engine speed, measured the same way in CPython and in Pyodide: whole games and bot moves."""

from __future__ import annotations

import copy
import time
from typing import Any

from engine.bots.levels import LEVELS
from engine.bots.perspective import Perspective
from engine.core import win_shares
from engine.registry import find_game
from engine.rng import Rng

LEAD, FIELD = "heuristic", "random"


def rotated_lineup(players: int, game_index: int) -> tuple[str, ...]:
    """The benchmark's table: the heuristic at seat (game_index % players), randoms elsewhere."""
    return tuple(LEAD if seat == game_index % players else FIELD for seat in range(players))


def play_games(game_id: str, count: int, *, players: int | None = None) -> dict[str, Any]:
    """Play `count` bot games; report games per second, bot move times and each bot's share of wins.

    Game g seats the heuristic at seat g % players against randoms (`rotated_lineup`), so no
    seat's advantage favours it. `players` defaults to the game's smallest count. A win shared
    by k seats counts 1/k; `share[bot]` is a bot's mean per seat it held, so the fair share of
    every bot is 1/players.
    """
    game = find_game(game_id)
    players = players or game.state_class.info.players[0]
    move_times: dict[str, list[float]] = {name: [] for name in game.bots}
    won = dict.fromkeys(game.bots, 0.0)
    held = dict.fromkeys(game.bots, 0)
    started = time.perf_counter()
    for seed in range(count):
        lineup = rotated_lineup(players, seed)
        bots = [game.bots[name]() for name in lineup]
        state = game.state_class(players, seed)
        rng = Rng(seed + 1)
        while not state.is_over():
            seat = state.current_player
            assert seat is not None
            t0 = time.perf_counter()
            action = bots[seat].choose(state.view(seat), rng)
            move_times[lineup[seat]].append(time.perf_counter() - t0)
            state.apply(action)
        shares = win_shares(state.winners(), players)
        for seat, name in enumerate(lineup):
            held[name] += 1
            won[name] += shares[seat]
    elapsed = time.perf_counter() - started
    return {
        "game": game_id,
        "players": players,
        "games": count,
        "games_per_second": count / elapsed if elapsed else 0.0,
        "bot_move_ms": {name: 1000 * sum(t) / len(t) for name, t in move_times.items() if t},
        "share": {name: won[name] / held[name] for name in game.bots if held[name]},
        "fair_share": 1 / players,
        **copy_costs(game_id, players),
    }


def play_match(game_id: str, players: int, lead: str, field: str, games: range) -> dict[str, Any]:
    """Seat levels (`engine.bots.levels`) against each other: in game g the level `lead` holds
    seat g % players and `field` every other seat; the deal is seeded by g.

    Returns the lead's share of each game's win (a win shared by k seats counts 1/k) and its
    think times in ms, over the decisions where it had a choice (a forced action costs nothing).
    """
    game = find_game(game_id)
    shares: list[float] = []
    think_ms: list[float] = []
    for index in games:
        seat_of_lead = index % players
        bots = [LEVELS[lead if seat == seat_of_lead else field].make(game) for seat in range(players)]
        state, rng = game.state_class(players, index), Rng(index + 1)
        while not state.is_over():
            seat = state.current_player
            assert seat is not None
            started = time.perf_counter()
            action = bots[seat].choose(Perspective(state, seat), rng)
            if seat == seat_of_lead and len(state.legal_actions()) > 1:
                think_ms.append(1000 * (time.perf_counter() - started))
            state.apply(action)
        shares.append(win_shares(state.winners(), players)[seat_of_lead])
    return {
        "game": game_id,
        "players": players,
        "lead": lead,
        "field": field,
        "shares": shares,
        "think_ms": think_ms,
    }


def copy_costs(game_id: str, players: int, *, repeats: int = 200) -> dict[str, float]:
    """Microseconds to copy a mid-game state: `State.clone()` against `copy.deepcopy`."""
    state = find_game(game_id).state_class(players, 1)
    rng = Rng(1)
    length = 0
    while not state.is_over() and length < 400:
        state.apply(rng.choice(state.legal_actions()))
        length += 1
    timings = {}
    for name, copier in (("clone_us", state.clone), ("deepcopy_us", lambda: copy.deepcopy(state))):
        started = time.perf_counter()
        for _ in range(repeats):
            copier()
        timings[name] = 1e6 * (time.perf_counter() - started) / repeats
    return timings
