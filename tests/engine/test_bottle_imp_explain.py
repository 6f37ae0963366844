"""The Bottle Imp's hint sentences (engine.games.bottle_imp.hints) are true wherever they are
given: each claim checked on the state (tests/engine/explained.py,
run by test_hint_figures.py), a claim about how the trick
ends by playing it to its end (by the heuristic bot, and by the lowest legal card every time)."""

from __future__ import annotations

import re

import pytest

from engine.core import State
from engine.games.bottle_imp.bots import HeuristicBot
from engine.games.bottle_imp.cards import COINS, coins
from engine.rng import Rng

from .explained import Claim

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
    owner, highest_below, price = _names(before)[match[1]], int(match[2]), int(match[3])
    card, again, named = int(match[4]), int(match[5]), before._price  # type: ignore[attr-defined]
    below = [(c, s) for s, c, _ in before._trick if c < named]  # type: ignore[attr-defined]
    return (
        action == f"play:{card}"
        and card == again
        and price == named
        and max(below) == (highest_below, owner) != (highest_below, _seat(before))
        and card < highest_below < price
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
    not_holder = before._holder != _seat(before)  # type: ignore[attr-defined]
    return action == f"play:{card}" and won and not_holder and coins(played) == worth and not after._trick  # type: ignore[attr-defined]


def _keeps(match: re.Match[str], before: State, after: State, action: str) -> bool:
    """The holder takes the trick above the price: the bottle stays with it."""
    card, seat = int(match[1]), _seat(before)
    trick = after._last_trick  # type: ignore[attr-defined]
    won = trick["winner"] == seat and trick["card"] == card and not trick["bottle_moved"]
    held = before._holder == seat == after._holder  # type: ignore[attr-defined]
    return action == f"play:{card}" and won and held and card > before._price and not after._trick  # type: ignore[attr-defined]


def _passes_on(match: re.Match[str], before: State, after: State, action: str) -> bool:
    card, receiver = int(match[1]), _names(before)[match[2]]
    was_holder = before._holder == _seat(before)  # type: ignore[attr-defined]
    return action == f"play:{card}" and was_holder and after._holder == receiver != _seat(before)  # type: ignore[attr-defined]


def _passes_done(after: State) -> State:
    """`after` with every seat's passing finished by the heuristic bot, but never taking a chosen
    card back (then the first other choice): the passed cards moved."""
    state = after.clone()
    while not all(state._passed):  # type: ignore[attr-defined]
        chosen = HeuristicBot().choose(state.view(state.current_player), Rng(len(state.history)))
        if chosen.startswith("back:"):
            chosen = next(a for a in state.legal_actions() if not a.startswith("back:"))
        state.apply(chosen)
    return state


def _to_imp(match: re.Match[str], before: State, after: State, action: str) -> bool:
    card, worth = int(match[1]), int(match[2])
    return action == f"imp:{card}" and COINS[card] == worth and card in _passes_done(after)._imp  # type: ignore[attr-defined]


def _given_below(match: re.Match[str], before: State, after: State, action: str) -> bool:
    """Below the price, and after the passes no longer the seat's to play (hidden or face up)."""
    card, price, seat = int(match[1]), int(match[2]), _seat(before)
    passed = _passes_done(after)
    kept = card in passed._hands[seat] or card in passed._open[seat]  # type: ignore[attr-defined]
    given = action.split(":")[0] in ("left", "right", "open", "hand")
    return given and action.endswith(f":{card}") and card < price == before._price and not kept  # type: ignore[attr-defined]


def _given_above(match: re.Match[str], before: State, _after: State, action: str) -> bool:
    """Above the price, which only falls: never below it, so it never wins the bottle."""
    card, price = int(match[1]), int(match[2])
    given = action.split(":")[0] in ("left", "right", "open", "hand")
    return given and action.endswith(f":{card}") and card > price == before._price  # type: ignore[attr-defined]


CLAIMS = [
    Claim(
        "under",
        r"すでに(\S+?)の(\d+)が値段(\d+)より小さく、(\d+)はそれよりさらに小さいので、"
        r"(\d+)ではトリックを取らず、このカードでボトルを受け取ることはありません。",
        _under,
    ),
    Claim("above", r"(\d+)は値段(\d+)より大きいので、このカードでボトルを受け取ることはありません。", _above),
    Claim("takes", r"最後の1枚なので、(\d+)でコイン(\d+)のトリックを取り、ボトルは受け取りません。", _takes),
    Claim(
        "keeps",
        r"最後の1枚なので、(\d+)でこのトリックを取ります。ボトルは動かず、あなたが持ったままです"
        r"（持ったままハンドを終えると、コインは数えません）。",
        _keeps,
    ),
    Claim("passes", r"最後の1枚なので、(\d+)を出せばボトルは(\S+?)に移ります。", _passes_on),
    Claim(
        "imp",
        r"インプのトリックに入れる(\d+)のコイン(\d+)枚は、ハンドの終わりにボトルを持っている人が失います。",
        _to_imp,
    ),
    Claim(
        "given below",
        r"(\d+)は値段(\d+)より小さいカードですが、渡せばあなたがこのカードでボトルを受け取ることはなくなります。",
        _given_below,
    ),
    Claim(
        "given above",
        r"(\d+)は値段(\d+)より大きいので、渡した相手がこのカードでボトルを受け取ることはありません。",
        _given_above,
    ),
]

OPTIONS = {"target": "one-hand"}
