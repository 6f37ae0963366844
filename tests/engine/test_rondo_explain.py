"""Rondo's hint sentences (engine.games.rondo.hints) are true wherever they are given: the most
a turn's chain can score is found again by playing every way the rules allow on the real state
(tests/engine/explained.py,
run by test_hint_figures.py)."""

from __future__ import annotations

import re

import pytest

from engine.core import State

from .explained import Claim

pytestmark = pytest.mark.host_only  # see pyproject.toml

NO_CHAIN = -1000


SEEN: dict[tuple, int] = {}
"""What a chain can still add, by what decides it: the board, the side, the rack of the seat to
move, the chain's last space and the space being filled (the same in any game)."""


def most(state: State) -> int:
    """The most this turn's chain scores from `state` on, over every legal way to go on (tried on
    a copy without the game's record, which every trial would copy again and none reads)."""
    bare = state.clone()
    bare.history, bare.journal = [], []
    return state.chain_points() + _more(bare, SEEN)  # type: ignore[attr-defined]


def _more(state: State, seen: dict[tuple, int]) -> int:
    """What the chain can still add from `state` (NO_CHAIN: nothing can be laid)."""
    last = state._chain[-1] if state._chain else None  # type: ignore[attr-defined]
    rack = tuple(state._racks[state._turn])  # type: ignore[attr-defined]
    key = (tuple(state._board), state.options["side"], rack, last, state._target)  # type: ignore[attr-defined]
    if key not in seen:
        legal = state.legal_actions()
        best = 0 if "end" in legal else NO_CHAIN
        for action in legal:
            if action not in ("end", "draw", "pass"):
                after = state.clone()
                after.apply_legal(action)
                gained = after.chain_points() - state.chain_points()  # type: ignore[attr-defined]
                best = max(best, gained + _more(after, seen))
        seen[key] = best
    return seen[key]


def _continued(match: re.Match[str], before: State, after: State, _action: str) -> bool:
    return bool(before._chain or before._target is not None) and most(after) == int(match[1])  # type: ignore[attr-defined]


def _started(match: re.Match[str], before: State, after: State, action: str) -> bool:
    """Said of the chain's first space only."""
    return action.startswith("go:") and not before._chain and most(after) == int(match[1])  # type: ignore[attr-defined]


def _instead(match: re.Match[str], before: State, _after: State, _action: str) -> bool:
    return most(before) == int(match[1])


def _stops(match: re.Match[str], before: State, after: State, _action: str) -> bool:
    return most(before) == before.chain_points() == int(match[1])  # type: ignore[attr-defined]


CLAIMS = [
    Claim("start", r"このマスから置き始めると、この手番は最大(\d+)点になります。", _started),
    Claim("go-on", r"この手で続けると、この手番は最大(\d+)点になります。", _continued),
    Claim("draw", r"いまチップを置いても、この手番は最大(\d+)点です。", _instead),
    Claim("end", r"この先に置いても点は増えないので、(\d+)点で置き終えます。", _stops),
]

OPTIONS: dict = {}
EVERY = 6
"""Its claims are dear to check (every chain tried again): every sixth position is checked."""
