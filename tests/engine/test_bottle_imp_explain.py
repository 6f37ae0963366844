"""The Bottle Imp's hint sentences (engine.games.bottle_imp.hints) are true wherever they are
given: each claim checked on the state (tests/engine/explained.py), a claim about how the trick
ends by playing it to its end (by the heuristic bot, and by the lowest legal card every time)."""

from __future__ import annotations

import re

import pytest

from engine.core import State
from engine.games.bottle_imp.bots import HeuristicBot
from engine.games.bottle_imp.cards import coins
from engine.rng import Rng

from .explained import Claim, check_sentences

pytestmark = pytest.mark.host_only  # see pyproject.toml


def _seat(state: State) -> int:
    seat = state.current_player
    assert seat is not None
    return seat


def _endings(after: State) -> list[dict]:
    """The trick `after` is in, played to its end in two ways: its last trick as it closed."""
    if not after._trick:  # type: ignore[attr-defined]
        return [after._last_trick]  # type: ignore[attr-defined]
    closed = []
    for choose in (lambda s: HeuristicBot().choose(s.view(s.current_player), Rng(len(s.history))), _lowest):
        state = after.clone()
        while state._trick:  # type: ignore[attr-defined]
            state.apply(choose(state))
        closed.append(state._last_trick)  # type: ignore[attr-defined]
    return closed


def _lowest(state: State) -> str:
    return min(state.legal_actions(), key=lambda action: int(action.split(":")[1]))


def _names(state: State) -> dict[str, int]:
    return {state.seat_name(seat): seat for seat in range(state.players)}


def _never_takes(card: int, after: State) -> bool:
    return all(trick["card"] != card for trick in _endings(after))


def _under(match: re.Match[str], before: State, after: State, action: str) -> bool:
    owner, lowest, card = _names(before)[match[1]], int(match[2]), int(match[3])
    below = [(c, s) for s, c, _ in before._trick if c < before._price]  # type: ignore[attr-defined]
    return (
        action == f"play:{card}"
        and max(below) == (lowest, owner) != (lowest, _seat(before))
        and card < lowest
    ) and _never_takes(card, after)


def _above(match: re.Match[str], before: State, after: State, action: str) -> bool:
    card, price = int(match[1]), int(match[2])
    if action != f"play:{card}" or price != before._price or card < price:  # type: ignore[attr-defined]
        return False
    return all(not trick["bottle_moved"] for trick in _endings(after) if trick["card"] == card)


def _takes(match: re.Match[str], before: State, after: State, action: str) -> bool:
    card, worth = int(match[1]), int(match[2])
    trick = after._last_trick  # type: ignore[attr-defined]
    played = [c for _, c, _ in trick["cards"]]
    won = trick["winner"] == _seat(before) and trick["card"] == card and not trick["bottle_moved"]
    return action == f"play:{card}" and won and coins(played) == worth and not after._trick  # type: ignore[attr-defined]


def _passes_on(match: re.Match[str], before: State, after: State, action: str) -> bool:
    card, receiver = int(match[1]), _names(before)[match[2]]
    was_holder = before._holder == _seat(before)  # type: ignore[attr-defined]
    return action == f"play:{card}" and was_holder and after._holder == receiver != _seat(before)  # type: ignore[attr-defined]


CLAIMS = [
    Claim(
        "under",
        r"すでに(\S+?)の(\d+)が値段より小さいので、(\d+)ではトリックを取らず、このカードでボトルを受け取ることはありません。",
        _under,
    ),
    Claim("above", r"(\d+)は値段(\d+)より大きいので、このカードでボトルを受け取ることはありません。", _above),
    Claim("takes", r"最後の1枚なので、(\d+)でコイン(\d+)のトリックを取り、ボトルは受け取りません。", _takes),
    Claim("passes", r"最後の1枚なので、(\d+)を出せばボトルは(\S+?)に移ります。", _passes_on),
]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_hint_sentence_is_true_of_the_position(players: int) -> None:
    check_sentences("bottle-imp", CLAIMS, count=8, players=players, options={"target": "one-hand"})
