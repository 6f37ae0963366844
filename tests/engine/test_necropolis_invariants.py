"""Necropolis invariants over 2,000 seeded random games (see harness.py)."""

from __future__ import annotations

import copy
import os

from engine.games.necropolis.rules import ALL_TILES, NecropolisState, canonical
from engine.rng import Rng

from .harness import GameHooks, check_replay, check_step, random_games

GAMES = int(os.environ.get("RB_INVARIANT_GAMES", "2000"))


def components(state: NecropolisState) -> list[tuple[int, int]]:
    tiles = [canonical(t) for grave in state._graves for t in grave]
    tiles += [t for m in state._mastabas for t in m] + state._pile + state._discarded
    return tiles + ([canonical(state._drawn)] if state._drawn else [])


def disguise(state: NecropolisState, seat: int, rng: Rng) -> NecropolisState:
    """Swap the opponent's mastaba with pile tiles and reshuffle the pile: all hidden from `seat`."""
    twin = copy.deepcopy(state)
    other = 1 - seat
    if not state.is_over():
        hidden = twin._mastabas[other] + twin._pile
        if twin._drawn and twin._turn_player == other:
            hidden.append(twin._drawn)
        rng.shuffle(hidden)
        count = len(twin._mastabas[other])
        twin._mastabas[other] = hidden[:count]
        if twin._drawn and twin._turn_player == other:
            twin._drawn, hidden = hidden[count], hidden[:count] + hidden[count + 1 :]
        twin._pile = hidden[count:]
        twin._rng = Rng(rng.next64())
    return twin


HOOKS = GameHooks(
    game_id="necropolis",
    players=2,
    components=components,
    expected_components=list(ALL_TILES),
    disguise=disguise,
)


def test_invariants_over_random_games() -> None:
    rng = Rng(99)
    finished = 0
    for seed, state, chosen in random_games(HOOKS, GAMES):
        check_step(HOOKS, state, all_legal=seed < 200, rng=rng)
        if not chosen:
            check_replay(state)
            finished += 1
    assert finished == GAMES
