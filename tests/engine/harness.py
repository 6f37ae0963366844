"""One invariant harness for every game: seeded random games checked at every step.

A game supplies two hooks: `components(state)` (every piece, wherever it is, to prove nothing
appears or vanishes) and `disguise(state, seat, rng)` (a twin that differs only in what `seat`
cannot see). The rest is the same for all games.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import engine
from engine.core import State
from engine.rng import Rng


@dataclass(frozen=True)
class GameHooks:
    game_id: str
    players: int
    components: Callable[[State], list[Any]]
    expected_components: list[Any]
    disguise: Callable[[State, int, Rng], State]
    junk_actions: tuple[str, ...] = ("", "nonsense", "draw:extra", "9:9:9")


def fingerprint(state: State) -> str:
    """Everything a state holds, the generator's position included, as one comparable string."""
    return repr(
        sorted((k, repr(v) if not hasattr(v, "_state") else v._state) for k, v in vars(state).items())
    )


def random_games(
    hooks: GameHooks, count: int, *, first_seed: int = 0
) -> Iterator[tuple[int, State, list[str]]]:
    """Yield (seed, state before the step, the action then chosen) for every step of `count` games."""
    for seed in range(first_seed, first_seed + count):
        state = engine.new_game(hooks.game_id, hooks.players, seed)
        chooser = Rng(seed * 7919 + 1)
        steps = 0
        while not state.is_over():
            legal = state.legal_actions()
            action = chooser.choice(legal)
            yield seed, state, [action]
            state.apply(action)
            steps += 1
            assert steps < 10_000, f"game with seed {seed} does not end"
        yield seed, state, []


def check_step(hooks: GameHooks, state: State, *, all_legal: bool, rng: Rng) -> None:
    """Every invariant that must hold at one moment of a game."""
    assert sorted(map(repr, hooks.components(state))) == sorted(map(repr, hooks.expected_components))
    legal = state.legal_actions()
    assert legal == sorted(legal) and len(set(legal)) == len(legal)
    if state.is_over():
        assert legal == [] and state.current_player is None
        assert state.winners() and len(state.scores()) == hooks.players
    else:
        assert legal, "legal actions must not be empty before the end"
    before = fingerprint(state)
    for bad in _illegal_samples(hooks, state, legal, rng):
        try:
            state.apply(bad)
        except engine.IllegalAction as error:
            assert error.message and not error.message.isascii()
        else:
            raise AssertionError(f"illegal action {bad!r} was accepted")
        assert fingerprint(state) == before, f"refusing {bad!r} changed the state"
    if all_legal:
        for candidate in legal:
            copy.deepcopy(state).apply(candidate)
    for seat in range(hooks.players):
        twin = hooks.disguise(state, seat, rng)
        assert twin.view(seat) == state.view(seat)
        assert twin.log_lines(seat) == state.log_lines(seat)
        if state.current_player == seat:
            assert twin.legal_actions() == legal


def _illegal_samples(hooks: GameHooks, state: State, legal: list[str], rng: Rng) -> list[str]:
    pool = [a for a in state.history[-6:] if a not in legal] + [
        a for a in hooks.junk_actions if a not in legal
    ]
    return [rng.choice(pool) for _ in range(2)] if pool else []


def check_replay(state: State) -> None:
    """Replaying the log gives the same state, every hidden detail included."""
    assert fingerprint(engine.load_log(engine.to_log(state))) == fingerprint(state)
