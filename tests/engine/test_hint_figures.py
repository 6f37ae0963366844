"""Every figure a hint's sentence states is true, for every registered game at every player count:
the sentence of every legal action, over a few hundred positions of seeded games a count and every
position of the game's tutorials (where a practice game sets tiles aside, say), is matched to one
of the game's claims and its figures computed again from the real state (tests/engine/explained.py;
each game's claims in tests/engine/test_<package>_explain.py). Every claim must come up somewhere,
so a sentence the games never give fails instead of passing unseen.
"""

from __future__ import annotations

import importlib
from collections import Counter

import pytest

from engine.registry import games

from .explained import check_position, check_sentences, tutorial_positions

pytestmark = pytest.mark.host_only  # see pyproject.toml

POSITIONS = 300
"""Positions checked a player count (each with the sentence of every legal action)."""


def claims_of(game_id: str):  # noqa: ANN201 - the game's test module
    package = games()[game_id].state_class.__module__.split(".")[2]
    return importlib.import_module(f"tests.engine.test_{package}_explain")


@pytest.mark.parametrize("game_id", sorted(games()))
def test_every_figure_a_hint_states_is_true_of_the_position(game_id: str) -> None:
    module, game = claims_of(game_id), games()[game_id]
    met: Counter[str] = Counter()
    for players in game.info.players:
        met += check_sentences(
            game_id,
            module.CLAIMS,
            positions=POSITIONS // getattr(module, "EVERY", 1),
            every=getattr(module, "EVERY", 1),
            players=players,
            options=module.OPTIONS,
        )
    for where, state in tutorial_positions(game_id):
        met += check_position(game_id, module.CLAIMS, state, where)
    unmet = [claim.name for claim in module.CLAIMS if not met[claim.name]]
    assert not unmet, f"{game_id}: claims never given: {unmet}"
