"""Checking a game's hint sentences (`Game.explain`) against the state, like a worked example's
`holds`: every sentence given for any legal action of many seeded positions must match exactly
one of the game's claims, and that claim's check must hold on the real state before and after
the action (not on the view the sentence was made from). Every claim must be met at least once,
so a claim that the games never reach fails instead of passing unseen.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import engine
from engine.core import State
from engine.registry import games
from engine.rng import Rng

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
    count: int,
    every: int = 1,
    players: int | None = None,
    options: dict[str, Any] | None = None,
) -> Counter[str]:
    """Play `count` seeded games between heuristic bots (a random move now and then) and check
    the sentence of every legal action at every `every`-th position (for claims that are dear
    to check); returns how often each claim was met."""
    game = games()[game_id]
    explain = game.explain
    assert explain is not None, f"{game_id} gives no sentences"
    compiled = [(claim, re.compile(claim.pattern)) for claim in claims]
    met: Counter[str] = Counter()
    for seed in range(count):
        state = engine.new_game(game_id, players or game.info.players[0], seed, options)
        bot, rng = game.bots["heuristic"](), Rng(seed)
        for step in bounded(f"{game_id} seed {seed}"):
            if state.is_over():
                break
            view = state.view(state.current_player)
            for action in state.legal_actions() if step % every == 0 else []:
                sentence = explain(view, action)
                if sentence is None:
                    continue
                found = [
                    (claim, match) for claim, pattern in compiled if (match := pattern.fullmatch(sentence))
                ]
                assert len(found) == 1, f"seed {seed}, {action}: {sentence!r} matches {len(found)} claims"
                claim, match = found[0]
                after = state.clone()
                after.apply(action)
                assert claim.holds(match, state, after, action), (
                    f"seed {seed}, {action}: {sentence!r} is false"
                )
                met[claim.name] += 1
            legal = state.legal_actions()
            state.apply(rng.choice(legal) if rng.below(6) == 0 else bot.choose(view, rng))
    unmet = [claim.name for claim in claims if not met[claim.name]]
    assert not unmet, f"{game_id}: claims never given: {unmet}"
    return met
