"""Engine speed, measured the same way in CPython and in Pyodide: whole games and bot moves."""

from __future__ import annotations

import copy
import time
from typing import Any

from engine.bots.base import Bot
from engine.bots.levels import LEVELS, Player
from engine.bots.perspective import Perspective
from engine.core import State, win_shares
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
        bots = [
            LEVELS[lead if seat == seat_of_lead else field].make(game, players) for seat in range(players)
        ]
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


TURN_STRIDE = 7
"""`turn_worth` takes about one turn in this many of heuristic self-play."""


def turn_worth(game_id: str, players: int, level: str, games: range, samples: int) -> dict[str, Any]:
    """What one turn of `level` is worth against one turn of the heuristic, in win share.

    From the starts of turns with a choice in heuristic self-play (game g seeded by g, options
    `option_samples[0]`, about one turn in TURN_STRIDE), the seat plays its turn once as `level`
    and once as the heuristic, each followed by heuristic play to the end, on the same `samples`
    redraws of what it cannot see and the same dice. A win rate needs hundreds of games to show
    a few points; this shows a turn's worth directly, but only of the turns it samples: a rare
    turn that decides a game (ending by agreement) is seldom among them.

    Returns, per position, the mean difference in the seat's win share, and whether the two
    turns differed on any sample.
    """
    game = find_game(game_id)
    options = dict(game.option_samples[0])
    weighed, heuristic = LEVELS[level].make(game, players), LEVELS[LEAD].make(game, players)
    gains: list[float] = []
    differed: list[bool] = []
    for index in games:
        state, rng = game.state_class(players, index, options=options), Rng(index + 1)
        bot, mover = game.bots[LEAD](), None
        while not state.is_over():
            seat = state.current_player
            assert seat is not None
            if seat != mover and len(state.legal_actions()) > 1 and rng.below(TURN_STRIDE) == 0:
                worth, differs = [0.0, 0.0], False
                for sample in range(samples):
                    drawn, lines = state.resample_hidden(seat, Rng(sample)), []
                    for side, player in enumerate((weighed, heuristic)):
                        twin = drawn.clone()
                        lines.append(_play_turn(player, twin, seat, Rng(samples + sample)))
                        worth[side] += _finish(game.bots[LEAD](), twin, Rng(2 * samples + sample))[seat]
                    differs = differs or lines[0] != lines[1]
                gains.append((worth[0] - worth[1]) / samples)
                differed.append(differs)
            mover = seat
            state.apply(bot.choose(state.view(seat), rng))
    return {"game": game_id, "players": players, "level": level, "gains": gains, "differed": differed}


def _play_turn(player: Player, state: State, seat: int, rng: Rng) -> tuple[str, ...]:
    """Play `seat`'s run of actions as `player` would; the actions played."""
    past: list[tuple[State, str]] = []
    while state.current_player == seat:
        action = player.choose(Perspective(state, seat, past=list(past)), rng)
        past.append((state.clone(), action))
        state.apply(action)
    return tuple(action for _, action in past)


def _finish(bot: Bot, state: State, rng: Rng) -> list[float]:
    """Every seat's win share once `bot` has played every seat to the end."""
    while not state.is_over():
        state.apply(bot.choose(state.view(state.current_player), rng))
    return win_shares(state.winners(), state.players)


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
