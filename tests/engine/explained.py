"""Checking a game's hint sentences (`Game.explain`) against the state, like a worked example's
`holds`: every sentence given for any legal action must match exactly one of the game's claims
(its figures caught by the pattern, matched in full), and that claim's check must hold on the real
state before and after the action (not on the view the sentence was made from): each figure the
sentence states (a count, a chance, points) is computed again there, from the pieces where they
really lie. The shared test (test_hint_figures.py) runs it for every game at every player count,
over seeded games and every position of the game's tutorials; each game's claims live in its
tests/engine/test_<package>_explain.py (`CLAIMS`, and the `OPTIONS` its games are played with).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import engine
from engine.core import State
from engine.registry import games
from engine.rng import Rng
from engine.session import Session

from .harness import bounded


@dataclass(frozen=True)
class Claim:
    """What a kind of sentence says (`pattern`, matched in full) and its check on the state
    before the action, the state after it, and the action."""

    name: str
    pattern: str
    holds: Callable[[re.Match[str], State, State, str], bool]


def check_sentences(
    game_id: str,
    claims: list[Claim],
    *,
    positions: int,
    every: int = 1,
    players: int | None = None,
    options: dict[str, Any] | None = None,
) -> Counter[str]:
    """Play seeded games between heuristic bots (a random move now and then) until `positions`
    positions were checked, checking the sentence of every legal action at every `every`-th
    position (for claims that are dear to check); returns how often each claim was met."""
    met: Counter[str] = Counter()
    checked = 0
    for seed in bounded(f"{game_id}: {positions} positions", positions):
        for step, state in enumerate(_one_game(game_id, seed, players, options)):
            if step % every == 0:
                met += check_position(game_id, claims, state, f"seed {seed}")
                checked += 1
        if checked >= positions:
            return met
    raise AssertionError("unreachable: bounded raises first")


def _one_game(
    game_id: str, seed: int, players: int | None, options: dict[str, Any] | None
) -> Iterator[State]:
    game = games()[game_id]
    state = engine.new_game(game_id, players or game.info.players[0], seed, options)
    bot, rng = game.bots["heuristic"](), Rng(seed)
    for _ in bounded(f"{game_id} seed {seed}"):
        if state.is_over():
            return
        yield state
        view = state.view(state.current_player)
        legal = state.legal_actions()
        state.apply(rng.choice(legal) if rng.below(6) == 0 else bot.choose(view, rng))


def tutorial_positions(game_id: str) -> Iterator[tuple[str, State]]:
    """Every position of every tutorial of the game, played as a reader who does what each step
    asks (the first move it takes), with the seat to move there."""
    for name in games()[game_id].tutorials:
        session = Session.tutorial(game_id, name)
        for _ in bounded(f"{game_id} {name}"):
            coach = session.coach
            assert coach is not None
            waiting = coach.waiting(session.state)
            if waiting == "done" or session.state.is_over():
                break
            yield f"{name} at {len(session.state.history)}", session.state.clone()
            if waiting == "read":
                session.coach_command("next")
            elif waiting == "move":
                step, legal = coach.step(), session.state.legal_actions()
                session.act(next(a for a in legal if step.accepts(a)))
            else:
                session.step()


def check_position(game_id: str, claims: list[Claim], state: State, where: str) -> Counter[str]:
    """The sentence of every legal action at `state`, each matched to one claim and checked."""
    explain = games()[game_id].explain
    assert explain is not None, f"{game_id} gives no sentences"
    met: Counter[str] = Counter()
    view = state.view(state.current_player)
    for action in state.legal_actions():
        sentence = explain(view, action)
        if sentence is None:
            continue
        found = [(claim, match) for claim in claims if (match := re.fullmatch(claim.pattern, sentence))]
        assert len(found) == 1, f"{where}, {action}: {sentence!r} matches {len(found)} claims"
        claim, match = found[0]
        after = state.clone()
        after.apply(action)
        assert claim.holds(match, state, after, action), f"{where}, {action}: {sentence!r} is false"
        met[claim.name] += 1
    return met
