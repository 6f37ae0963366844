"""Necropolis's hint sentences (engine.games.necropolis.hints) are true wherever they are given:
each claim checked on the state itself, the hidden tiles included (tests/engine/explained.py,
run by test_hint_figures.py)."""

from __future__ import annotations

import re

import pytest

from engine.core import State
from engine.games.necropolis.rules import canonical, pips, placements

from .explained import Claim

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
    """What the seat to move has not seen: the pile, the opponent's mastaba and the tiles a
    practice game set aside."""
    return [tile for tiles in _places(state).values() for tile in tiles]


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


def _fits(state: State, tiles: list[tuple[int, int]]) -> int:
    grave = state._graves[_seat(state)]  # type: ignore[attr-defined]
    return sum(1 for tile in tiles if placements(tile, grave))


def _places(state: State) -> dict[str, list[tuple[int, int]]]:
    """Where the tiles the seat has not seen lie, as the state holds them."""
    return {
        "山": state._pile,  # type: ignore[attr-defined]
        "相手のマスタバ": state._mastabas[1 - _seat(state)],  # type: ignore[attr-defined]
        "よけてある牌": list(state._set_aside),  # type: ignore[attr-defined]
    }


def _fitting_in_pile(match: re.Match[str], before: State, _after: State, action: str) -> bool:
    """Said only where the pile is all the seat has not seen."""
    places = _places(before)
    alone = not places["相手のマスタバ"] and not places["よけてある牌"]
    pile = places["山"]
    return action == "draw" and alone and int(match[1]) == len(pile) and int(match[2]) == _fits(before, pile)


def _fitting_somewhere(match: re.Match[str], before: State, _after: State, action: str) -> bool:
    """Every place named with its true count, none left out, and the fitting tiles among them all."""
    places = {name: tiles for name, tiles in _places(before).items() if tiles}
    named = dict(re.findall(r"(\D+?)(\d+)枚(?:・|$)", match[2]))
    unseen = [tile for tiles in places.values() for tile in tiles]
    return (
        action == "draw"
        and len(places) > 1
        and named == {name: str(len(tiles)) for name, tiles in places.items()}
        and int(match[1]) == len(unseen)
        and int(match[3]) == _fits(before, unseen)
        and int(match[4]) == len(places["山"])
    )


CLAIMS = [
    Claim("add", rf"引いた{TILE}は墓地の(左端|右端)につながるので、マスタバに置かずに済みます。", _added),
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
        rf"引いた{TILE}は墓地のどちらの端にもつながらないので、マスタバに置くしかありません。",
        _forced,
    ),
    Claim(
        "draw", r"山の(\d+)枚のうち(\d+)枚は、あなたの墓地のどちらかの端につながります。", _fitting_in_pile
    ),
    Claim(
        "draw unseen",
        r"まだ見えていない(\d+)枚（(\S+?)）のうち(\d+)枚は、あなたの墓地のどちらかの端につながります。"
        r"山の(\d+)枚がどれかは分かりません。",
        _fitting_somewhere,
    ),
]

OPTIONS: dict = {}
