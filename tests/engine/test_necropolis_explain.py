"""Necropolis's hint sentences (engine.games.necropolis.hints) are true wherever they are given:
each claim checked on the state itself, the hidden tiles included (tests/engine/explained.py)."""

from __future__ import annotations

import re

import pytest

from engine.core import State
from engine.games.necropolis.rules import canonical, pips, placements

from .explained import Claim, check_sentences

pytestmark = pytest.mark.host_only  # see pyproject.toml

TILE = r"\[(\d)\|(\d)\]"
SIDES = {"左端": 0, "右端": -1}


def _tile(match: re.Match[str], first: int = 1) -> tuple[int, int]:
    return int(match[first]), int(match[first + 1])


def _seat(state: State) -> int:
    seat = state.current_player
    assert seat is not None
    return seat


def _unseen(state: State) -> list[tuple[int, int]]:
    """What the seat to move has not seen: the pile and the opponent's mastaba."""
    return state._pile + state._mastabas[1 - _seat(state)]  # type: ignore[attr-defined]


def _scored(before: State, after: State, lost: int) -> bool:
    seat = _seat(before)
    return before.scores()[seat] - after.scores()[seat] == lost


def _added(match: re.Match[str], before: State, after: State, _action: str) -> bool:
    seat, tile = _seat(before), _tile(match)
    grave_end = after._graves[seat][SIDES[match[3]]]  # type: ignore[attr-defined]
    kept = after._mastabas[seat] == before._mastabas[seat]  # type: ignore[attr-defined]
    return canonical(before._drawn) == canonical(tile) and grave_end == tile and kept  # type: ignore[attr-defined]


def _moved(match: re.Match[str], before: State, after: State, _action: str) -> bool:
    seat, tile = _seat(before), _tile(match)
    grave_end = after._graves[seat][SIDES[match[3]]]  # type: ignore[attr-defined]
    return grave_end == tile and int(match[4]) == pips(tile) and _scored(before, after, pips(tile))


def _rebuilt(match: re.Match[str], before: State, after: State, _action: str) -> bool:
    start = before._starts[_seat(before)]  # type: ignore[attr-defined]
    return start == _tile(match) and int(match[3]) == pips(start) and _scored(before, after, pips(start))


def _heavier(match: re.Match[str], before: State, _after: State, _action: str) -> bool:
    unseen = [pips(tile) for tile in _unseen(before)]
    mean = sum(unseen) / len(unseen)
    worth = int(match[3])
    return worth == pips(_tile(match)) and worth > mean and abs(mean - float(match[4])) <= 0.05


def _forced(match: re.Match[str], before: State, after: State, _action: str) -> bool:
    seat, tile = _seat(before), _tile(match)
    grave = before._graves[seat]  # type: ignore[attr-defined]
    kept = canonical(tile) in after._mastabas[seat]  # type: ignore[attr-defined]
    return tile == before._drawn and not placements(tile, grave) and kept  # type: ignore[attr-defined]


def _fitting(match: re.Match[str], before: State, _after: State, _action: str) -> bool:
    grave = before._graves[_seat(before)]  # type: ignore[attr-defined]
    unseen = _unseen(before)
    return int(match[1]) == len(unseen) and int(match[2]) == sum(1 for t in unseen if placements(t, grave))


CLAIMS = [
    Claim("add", rf"引いた{TILE}は墓地の(左端|右端)につながるので、マスタバに入れずに済みます。", _added),
    Claim("move", rf"マスタバの{TILE}を墓地の(左端|右端)につなげると、得点が(\d+)点減ります。", _moved),
    Claim(
        "rebuild",
        rf"マスタバの牌から作りなおすと、いまの最初の牌{TILE}の(\d+)点が得点から消えます。",
        _rebuilt,
    ),
    Claim(
        "exchange",
        rf"マスタバの{TILE}（(\d+)点）は、まだ見えていない牌の目の平均（約(\d+\.\d)点）より重い牌です。",
        _heavier,
    ),
    Claim(
        "keep",
        rf"引いた{TILE}は墓地のどちらの端にもつながらないので、マスタバに入れるしかありません。",
        _forced,
    ),
    Claim(
        "draw",
        r"まだ見えていない(\d+)枚のうち(\d+)枚は、あなたの墓地のどちらかの端につながります。",
        _fitting,
    ),
]


def test_every_hint_sentence_is_true_of_the_position() -> None:
    check_sentences("necropolis", CLAIMS, count=60)
