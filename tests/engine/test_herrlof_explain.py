"""Herrlof's hint sentences (engine.games.herrlof.hints) are true wherever they are given: each
claim checked on the state (tests/engine/explained.py), a claim about who takes a trick by
playing the trick to its end and seeing whose tricks grew."""

from __future__ import annotations

import re

import pytest

from engine.core import State
from engine.games.herrlof.bots import HeuristicBot
from engine.games.herrlof.cards import VALKNUT, card_name
from engine.rng import Rng

from .explained import Claim, check_sentences

pytestmark = pytest.mark.host_only  # see pyproject.toml


def _seat(state: State) -> int:
    seat = state.current_player
    assert seat is not None
    return seat


def _taker(before: State, after: State) -> int | None:
    """Who took the trick the action joined (None: nobody), once the heuristic bot has played it
    to its end: the seat whose tricks grew by one when it was resolved (on the round's score
    sheet if that was the round's last trick)."""
    state, bot = after.clone(), HeuristicBot()
    joined = len(before._trick) + 1  # type: ignore[attr-defined]
    while len(state._trick) >= joined:  # type: ignore[attr-defined]
        state.apply(bot.choose(state.view(state.current_player), Rng(len(state.history))))
    ended = state._round != before._round or state.is_over()  # type: ignore[attr-defined]
    tricks = state._sheet[-1]["tricks"] if ended else [len(won) for won in state._won]  # type: ignore[attr-defined]
    grown = [s for s, won in enumerate(before._won) if tricks[s] == len(won) + 1]  # type: ignore[attr-defined]
    assert len(grown) <= 1 and sum(tricks) - sum(map(len, before._won)) == len(grown)  # type: ignore[attr-defined]
    return grown[0] if grown else None


def _names(state: State) -> dict[str, int]:
    return {state.seat_name(seat): seat for seat in range(state.players)}


def _own_valknut(_match: re.Match[str], before: State, after: State, action: str) -> bool:
    return action == f"play:{VALKNUT}" and _taker(before, after) is None


def _valknut_in(match: re.Match[str], before: State, after: State, action: str) -> bool:
    in_trick = VALKNUT in [card for _, card in before._trick]  # type: ignore[attr-defined]
    return in_trick and card_name(action[5:]) == match[1] and _taker(before, after) is None


def _last(before: State, action: str, name: str) -> bool:
    return len(before._trick) == before.players - 1 and card_name(action[5:]) == name  # type: ignore[attr-defined]


def _takes(match: re.Match[str], before: State, after: State, action: str) -> bool:
    return _last(before, action, match[1]) and _taker(before, after) == _seat(before)


def _gives(match: re.Match[str], before: State, after: State, action: str) -> bool:
    return _last(before, action, match[1]) and _taker(before, after) == _names(before)[match[2]] != _seat(
        before
    )


def _draw_back(_match: re.Match[str], _before: State, after: State, action: str) -> bool:
    return action == "three:draw" and f"bury:{after._drawn}" in after.legal_actions()  # type: ignore[attr-defined]


def _take_back(_match: re.Match[str], _before: State, after: State, action: str) -> bool:
    return action.startswith("six:take:") and f"give:{after._taken}" in after.legal_actions()  # type: ignore[attr-defined]


def _steal(match: re.Match[str], before: State, after: State, action: str) -> bool:
    seat, bid = _seat(before), int(match[1])
    return action.startswith("one:steal:") and len(after._won[seat]) == before._bids[seat] == bid  # type: ignore[attr-defined]


def _keep(match: re.Match[str], before: State, _after: State, action: str) -> bool:
    seat, bid = _seat(before), int(match[1])
    return action == "one:pass" and len(before._won[seat]) == before._bids[seat] == bid  # type: ignore[attr-defined]


CLAIMS = [
    Claim("valknut", r"ヴァルクヌートを出すと、このトリックはだれも取りません。", _own_valknut),
    Claim(
        "destroyed",
        r"すでにヴァルクヌートが出ているので、(\S+?)を出してもこのトリックはだれも取りません。",
        _valknut_in,
    ),
    Claim("takes", r"最後の1枚なので、(\S+?)でこのトリックを取ります。", _takes),
    Claim("gives", r"最後の1枚なので、(\S+?)を出せばこのトリックは(\S+?)が取ります。", _gives),
    Claim(
        "three",
        r"引いたカードをそのまま山札の下に伏せてもよいので、引いて手札が悪くなることはありません。",
        _draw_back,
    ),
    Claim(
        "six", r"取ったカードをそのまま返してもよいので、取って手札が悪くなることはありません。", _take_back
    ),
    Claim("steal", r"奪えば、あなたのトリックは予想どおり(\d+)になります。", _steal),
    Claim("pass", r"いまトリックが予想どおり(\d+)なので、奪わずにおけます。", _keep),
]


@pytest.mark.parametrize("players", [2, 3])
def test_every_hint_sentence_is_true_of_the_position(players: int) -> None:
    check_sentences("herrlof", CLAIMS, count=30, players=players, options={"target": 20})
