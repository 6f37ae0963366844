"""No Return invariants over 2,000 seeded random games per player count (see harness.py).

Two kinds of random games:
- the harness's uniform random walk over the atomic steps (`random_games`): it shows that such a
  walk always finishes its turns and its games; its turns are long (a uniform walker picks and
  unpicks counters for a while), so it plays a fortieth as many games (50);
- a random player that finishes what it starts (`finishing_games`): uniform among the legal
  actions, but a finishing step weighs more and declaring, cancelling and unpicking less, so its
  games reach placing, cashing and the end in realistic shapes, in fewer steps.

At every step: every counter accounted for, legal actions non-empty until the end, the chosen
action applies; at the end, a result. At sampled steps (every 500th, from an offset that varies
by game, so about every other game gets one) and at the end of every fourth game, the harness's
full check: illegal actions refused with the state unchanged; views, log lines and legal actions
unchanged when only what a seat cannot see changes; and (for the first 100 games) every legal
action applies. Every fourth game is replayed from its log and must come out identical.
RB_INVARIANT_GAMES scales the number of games (the budget: under a minute for all three counts).
"""

from __future__ import annotations

import copy
import os
from bisect import bisect_right
from collections.abc import Iterator
from itertools import accumulate, chain

import pytest

import engine
from engine.core import State
from engine.games.no_return.codec import ACTIONS, ALL_COUNTERS
from engine.games.no_return.rules import NoReturnState
from engine.rng import Rng

from .harness import GameHooks, check_replay, check_step, random_games

GAMES = int(os.environ.get("RB_INVARIANT_GAMES", "2000"))
UNIFORM_GAMES = max(1, GAMES // 40)
ALL_LEGAL_GAMES = 100  # the first games also apply every legal action at the sampled steps
SAMPLE_EVERY = 500  # the full check runs every this many steps (from an offset that varies by game)
REPLAY_ONE_IN = 4  # every fourth game gets the full check at its end and is replayed from its log
MAX_STEPS = 10_000

# Counter kinds as digits of a base-256 number: the sum over a list of 132 counters equals
# TOTAL exactly when it holds each kind as often as the full set does.
_DIGIT = {kind: 1 << (8 * i) for i, kind in enumerate(sorted(set(ALL_COUNTERS)))}
TOTAL = sum(_DIGIT[counter] for counter in ALL_COUNTERS)

Step = tuple[int, State, list[str]]


def disguise(state: NoReturnState, seat: int, rng: Rng) -> NoReturnState:
    """Deal what `seat` cannot see anew: other hands (and their picks), their put-aside and
    exchanged counters, and the bag's order; reseed the generator."""
    twin = copy.deepcopy(state)
    if state.is_over():
        return twin
    others = [s for s in range(state.players) if s != seat]
    places = [part for s in others for part in (twin._hands[s], twin._removed[s], twin._aside[s])]
    hidden = twin._bag + [counter for part in places for counter in part]
    rng.shuffle(hidden)
    for part in places:
        part[:], hidden = hidden[: len(part)], hidden[len(part) :]
    twin._bag = hidden
    if twin._turn_player != seat:
        twin._picked = twin._hands[twin._turn_player][: len(twin._picked)]
    twin._rng = Rng(rng.next64())
    return twin


def hooks(players: int) -> GameHooks:
    return GameHooks(
        game_id="no-return",
        players=players,
        components=lambda state: state.components(),
        expected_components=list(ALL_COUNTERS),
        disguise=disguise,
        junk_actions=("", "nonsense", "place:pick:B12", "cash:column:X", "setup", "pass:now", "cancel"),
    )


def _weight(action: str) -> int:
    namespace, _, step = action.partition(":")
    if namespace in ("declare", "cancel"):
        return 1
    return {"done": 40, "unpick": 1, "fewer": 4}.get(step.partition(":")[0], 20)


WEIGHTS = {action: _weight(action) for action in ACTIONS}


def finishing_choice(legal: list[str], rng: Rng) -> str:
    """A random legal action, weighted to finish selections (see the module docstring)."""
    bounds = list(accumulate(WEIGHTS[action] for action in legal))
    return legal[bisect_right(bounds, rng.below(bounds[-1]))]


def finishing_games(game_hooks: GameHooks, count: int) -> Iterator[Step]:
    """Like harness.random_games, with the finishing player choosing."""
    for seed in range(count):
        state = engine.new_game(game_hooks.game_id, game_hooks.players, seed)
        chooser = Rng(seed * 7919 + 1)
        for _ in range(MAX_STEPS):
            if state.is_over():
                break
            legal = state.legal_actions()
            assert legal, "legal actions must not be empty before the end"
            action = finishing_choice(legal, chooser)
            yield seed, state, [action]
            state.apply(action)
        assert state.is_over(), f"game with seed {seed} does not end"
        yield seed, state, []


def check_games(game_hooks: GameHooks, steps: Iterator[Step], *, first_seed: int = 0) -> int:
    """Run the checks over every step of the games; return how many games finished."""
    sampler = Rng(game_hooks.players)
    finished = 0
    places: tuple[int, tuple[object, ...]] | None = None
    for seed, state, chosen in steps:
        places = check_counters(state, seed, places)
        all_legal = seed - first_seed < ALL_LEGAL_GAMES
        if chosen:
            if len(state.history) % SAMPLE_EVERY == seed % SAMPLE_EVERY:
                check_step(game_hooks, state, all_legal=all_legal, rng=sampler)
            continue
        finished += 1
        assert state.current_player is None and not state.legal_actions() and state.winners()
        if seed % REPLAY_ONE_IN == 0:
            check_step(game_hooks, state, all_legal=all_legal, rng=sampler)
            check_replay(state)
    return finished


def check_counters(
    state: NoReturnState, seed: int, before: tuple[int, tuple[object, ...]] | None
) -> tuple[int, tuple[object, ...]]:
    """Every counter accounted for. A step that left every place of counters exactly as it was
    keeps the set already checked; any other step (and a game's first) is checked in full."""
    now = (seed, counter_places(state))
    if now != before:
        counters = state.components()
        assert len(counters) == len(ALL_COUNTERS) and sum(map(_DIGIT.__getitem__, counters)) == TOTAL
    return now


def counter_places(state: NoReturnState) -> tuple[object, ...]:
    """A snapshot of every place counters lie in (cheap to take and to compare)."""
    piles = chain(state._hands, state._cashed, state._removed, state._aside)
    columns = tuple(tuple((c, tuple(values)) for c, values in seat.items()) for seat in state._columns)
    return (tuple(state._bag), tuple(state._paid), tuple(map(tuple, piles)), columns)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_invariants_over_random_games(players: int) -> None:
    assert check_games(hooks(players), finishing_games(hooks(players), GAMES)) == GAMES


@pytest.mark.parametrize("players", [2, 3, 4])
def test_uniform_random_walks_finish_every_game(players: int) -> None:
    steps = random_games(hooks(players), UNIFORM_GAMES, first_seed=GAMES)
    assert check_games(hooks(players), steps, first_seed=GAMES) == UNIFORM_GAMES
