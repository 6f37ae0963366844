"""Herrlof's hint sentences (engine.games.herrlof.hints) are true wherever they are given: each
claim checked on the state (tests/engine/explained.py,
run by test_hint_figures.py), a claim about who takes a trick by
playing the trick to its end and seeing whose tricks grew, and a card's sentence's end (how far
the seat is from its bid) against the seat's real bid and tricks."""

from __future__ import annotations

import re

import pytest

from engine.core import State
from engine.games.herrlof.bots import HeuristicBot
from engine.games.herrlof.cards import HAGALAZ, SUIT_NAMES, VALKNUT, card_name, rank_of, suit_of
from engine.games.herrlof.tricks import trick_winner
from engine.rng import Rng

from .explained import Claim

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


def _trick_ended(before: State, after: State) -> State:
    """`after` played on by the heuristic bot until the trick the action joined is over and its
    1 or 6 settled: the next trick's leader is to play (or the round or the game is over)."""
    state, bot = after.clone(), HeuristicBot()
    joined = len(before._trick) + 1  # type: ignore[attr-defined]
    while not state.is_over() and (
        len(state._trick) >= joined or state._stage.value != "play"  # type: ignore[attr-defined]
    ):
        if state._round != before._round:  # type: ignore[attr-defined]
            break
        state.apply(bot.choose(state.view(state.current_player), Rng(len(state.history))))
    return state


PROGRESS = (
    r"（(?:予想(?P<short_bid>\d+)まであと(?P<short>\d+)トリック|いま予想どおり(?P<exact>\d+)トリック"
    r"|予想(?P<over_bid>\d+)より(?P<over>\d+)トリック多い)）。"
)
"""The end of a card's sentence: how far the seat's tricks are from its bid."""


def _progress(match: re.Match[str], before: State) -> bool:
    seat = _seat(before)
    bid, tricks = before._bids[seat], len(before._won[seat])  # type: ignore[attr-defined]
    if match["short"]:
        return int(match["short_bid"]) == bid and int(match["short"]) == bid - tricks > 0
    if match["exact"]:
        return int(match["exact"]) == bid == tricks
    return int(match["over_bid"]) == bid and int(match["over"]) == tricks - bid > 0


def _bid(match: re.Match[str], before: State, _after: State, action: str) -> bool:
    """Points as the page's scoring rule gives them: a point a trick, 10 for the bid, 5 for 3-5."""
    bid = int(match[4])
    trump = before.trump()  # type: ignore[attr-defined]
    hand = before._hands[_seat(before)]  # type: ignore[attr-defined]
    held = sum(1 for card in hand if suit_of(card) == trump and trump is not None)
    if match[1]:
        told = SUIT_NAMES.get(trump or "") == match[1] and int(match[2]) == held > 0
    elif match[3]:
        told = SUIT_NAMES.get(trump or "") == match[3] and held == 0
    else:
        told = trump is None
    return told and action == f"bid:{bid}" and int(match[5]) == bid + 10 + (5 if 3 <= bid <= 5 else 0)


def _own_valknut(match: re.Match[str], before: State, after: State, action: str) -> bool:
    return action == f"play:{VALKNUT}" and _taker(before, after) is None and _progress(match, before)


def _valknut_in(match: re.Match[str], before: State, after: State, action: str) -> bool:
    in_trick = VALKNUT in [card for _, card in before._trick]  # type: ignore[attr-defined]
    named = card_name(action[5:]) == match[1]
    return in_trick and named and _taker(before, after) is None and _progress(match, before)


def _last(before: State, action: str, name: str) -> bool:
    return len(before._trick) == before.players - 1 and card_name(action[5:]) == name  # type: ignore[attr-defined]


def _takes(match: re.Match[str], before: State, after: State, action: str) -> bool:
    taken = _taker(before, after) == _seat(before)
    return _last(before, action, match[1]) and taken and _progress(match, before)


def _gives(match: re.Match[str], before: State, after: State, action: str) -> bool:
    taker = _taker(before, after)
    given = taker == _names(before)[match[2]] != _seat(before)
    return _last(before, action, match[1]) and given and _progress(match, before)


def _lead_place(match: re.Match[str], before: State, action: str, place: str) -> bool:
    """A lead, named with its suit (and whether it is trump), and its place among the hand's
    cards of that suit: "only", "大きい" or "小さい"."""
    card = action[5:]
    suit = suit_of(card)
    hand = before._hands[_seat(before)]  # type: ignore[attr-defined]
    ranks = [rank_of(c) for c in hand if suit_of(c) == suit]
    is_trump = suit is not None and suit == before.trump()  # type: ignore[attr-defined]
    placed = {
        "only": len(ranks) == 1,
        "大きい": rank_of(card) == max(ranks),
        "小さい": rank_of(card) == min(ranks),
    }
    named = (
        card_name(card) == match[1] and SUIT_NAMES.get(suit or "") == match[3] and bool(match[2]) == is_trump
    )
    return not before._trick and named and placed[place] and _progress(match, before)  # type: ignore[attr-defined]


def _only(match: re.Match[str], before: State, _after: State, action: str) -> bool:
    return _lead_place(match, before, action, "only")


def _extreme(match: re.Match[str], before: State, _after: State, action: str) -> bool:
    return _lead_place(match, before, action, match[4])


def _ahead(match: re.Match[str], before: State, _after: State, action: str) -> bool:
    """Ahead of every card in the trick now, and not the trick's last card."""
    cards = [card for _, card in before._trick] + [action[5:]]  # type: ignore[attr-defined]
    now = trick_winner(cards, trump=before.trump()) == len(cards) - 1  # type: ignore[attr-defined]
    not_last = 0 < len(cards) < before.players
    return now and not_last and card_name(action[5:]) == match[1] and _progress(match, before)


def _beaten(match: re.Match[str], before: State, after: State, action: str) -> bool:
    joined = bool(before._trick)  # type: ignore[attr-defined]
    lost = _taker(before, after) != _seat(before)
    return joined and lost and card_name(action[5:]) == match[1] and _progress(match, before)


def _hagalaz(match: re.Match[str], before: State, after: State, action: str) -> bool:
    """Loses the trick; the next trick is the seat's to lead, unless a Valknut destroyed it."""
    if action != f"play:{HAGALAZ}" or not before._trick or _taker(before, after) == _seat(before):  # type: ignore[attr-defined]
        return False
    ended = _trick_ended(before, after)
    destroyed = VALKNUT in [card for _, card in ended._last]  # type: ignore[attr-defined]
    return (destroyed or ended.current_player == _seat(before)) and _progress(match, before)


def _draw_back(_match: re.Match[str], _before: State, after: State, action: str) -> bool:
    return action == "three:draw" and f"bury:{after._drawn}" in after.legal_actions()  # type: ignore[attr-defined]


def _bury_drawn(match: re.Match[str], before: State, after: State, action: str) -> bool:
    """The hand is the hand before the draw: the drawn card left it again (unless the round ended
    with the trick and a new hand was dealt)."""
    drawn, seat = before._drawn, _seat(before)  # type: ignore[attr-defined]
    hand = list(before._hands[seat])  # type: ignore[attr-defined]
    hand.remove(drawn)
    dealt = after._round != before._round  # type: ignore[attr-defined]
    same = dealt or sorted(after._hands[seat]) == sorted(hand)  # type: ignore[attr-defined]
    return action == f"bury:{drawn}" and card_name(drawn) == match[1] and same


def _bury_out(match: re.Match[str], before: State, after: State, action: str) -> bool:
    """Under the stock: never drawn again in the round (a draw takes the stock's top)."""
    card = action[5:]
    under = (_seat(before), card) in after._under  # type: ignore[attr-defined]
    return action.startswith("bury:") and card_name(card) == match[1] and under


def _take_back(_match: re.Match[str], _before: State, after: State, action: str) -> bool:
    return action.startswith("six:take:") and f"give:{after._taken}" in after.legal_actions()  # type: ignore[attr-defined]


def _give_back(match: re.Match[str], before: State, _after: State, action: str) -> bool:
    taken, victim = before._taken, before._victim  # type: ignore[attr-defined]
    return action == f"give:{taken}" and card_name(taken) == match[1] and _names(before)[match[2]] == victim


def _give_other(match: re.Match[str], before: State, after: State, action: str) -> bool:
    taken, victim, seat = before._taken, before._victim, _seat(before)  # type: ignore[attr-defined]
    given = action[5:]
    kept = taken in after._hands[seat] and given in after._hands[victim]  # type: ignore[attr-defined]
    named = (
        card_name(given) == match[1] and _names(before)[match[2]] == victim and card_name(taken) == match[3]
    )
    return given != taken and kept and named


def _tricks_after(before: State, after: State) -> int:
    """The seat's tricks after the action: on the round's score sheet if it ended the round."""
    seat = _seat(before)
    if after._round != before._round or after.is_over():  # type: ignore[attr-defined]
        return after._sheet[-1]["tricks"][seat]  # type: ignore[attr-defined]
    return len(after._won[seat])  # type: ignore[attr-defined]


def _steal(match: re.Match[str], before: State, after: State, action: str) -> bool:
    seat, bid = _seat(before), int(match[1])
    return action.startswith("one:steal:") and _tricks_after(before, after) == before._bids[seat] == bid  # type: ignore[attr-defined]


def _steal_to(match: re.Match[str], before: State, after: State, action: str) -> bool:
    seat = _seat(before)
    tricks, bid = _tricks_after(before, after), before._bids[seat]  # type: ignore[attr-defined]
    return action.startswith("one:steal:") and tricks == int(match[1]) != bid == int(match[2])


def _keep(match: re.Match[str], before: State, _after: State, action: str) -> bool:
    seat, bid = _seat(before), int(match[1])
    return action == "one:pass" and len(before._won[seat]) == before._bids[seat] == bid  # type: ignore[attr-defined]


def _keep_at(match: re.Match[str], before: State, after: State, action: str) -> bool:
    seat = _seat(before)
    tricks, bid = len(before._won[seat]), before._bids[seat]  # type: ignore[attr-defined]
    unchanged = _tricks_after(before, after) == tricks
    return action == "one:pass" and unchanged and tricks == int(match[1]) != bid == int(match[2])


CLAIMS = [
    Claim(
        "bid",
        r"(?:手札に切り札（(\S)）が(\d+)枚あり|手札に切り札（(\S)）がなく|このラウンドは切り札がなく)、"
        r"予想どおり(\d+)トリック取れば(\d+)点です。",
        _bid,
    ),
    Claim("valknut", r"ヴァルクヌートを出すと、このトリックはだれも取りません" + PROGRESS, _own_valknut),
    Claim(
        "destroyed",
        r"すでにヴァルクヌートが出ているので、(\S+?)を出してもこのトリックはだれも取りません" + PROGRESS,
        _valknut_in,
    ),
    Claim("takes", r"最後の1枚なので、(\S+?)でこのトリックを取ります" + PROGRESS, _takes),
    Claim("gives", r"最後の1枚なので、(\S+?)を出せばこのトリックは(\S+?)が取ります" + PROGRESS, _gives),
    Claim("only", r"(\S+?)は手札でただ1枚の(切り札の)?(\S)です" + PROGRESS, _only),
    Claim(
        "extreme", r"(\S+?)は手札の(切り札の)?(\S)でいちばん(大きい|小さい)カードです" + PROGRESS, _extreme
    ),
    Claim("ahead", r"(\S+?)は、いま出ているどのカードよりも強いカードです" + PROGRESS, _ahead),
    Claim("beaten", r"(\S+?)ではこのトリックを取れません" + PROGRESS, _beaten),
    Claim(
        "hagalaz",
        r"ハガラズではこのトリックを取れず、ヴァルクヌートが出ないかぎり次のトリックはあなたがリードします"
        + PROGRESS,
        _hagalaz,
    ),
    Claim(
        "three",
        r"引いたカードをそのまま山札の下に伏せてもよいので、引いて手札が悪くなることはありません。",
        _draw_back,
    ),
    Claim("bury drawn", r"引いた(\S+?)をそのまま伏せるので、手札は引く前と同じです。", _bury_drawn),
    Claim("bury", r"(\S+?)を山札の下に伏せると、このラウンドではもうだれの手にも渡りません。", _bury_out),
    Claim(
        "six", r"取ったカードをそのまま返してもよいので、取って手札が悪くなることはありません。", _take_back
    ),
    Claim("give back", r"取った(\S+?)をそのまま返すので、(\S+?)の手札は元どおりです。", _give_back),
    Claim("give", r"(\S+?)を(\S+?)に渡し、取った(\S+?)は手札に残ります。", _give_other),
    Claim("steal", r"奪えば、あなたのトリックは予想どおり(\d+)になります。", _steal),
    Claim("steal to", r"奪えば、あなたのトリックは(\d+)になります（予想(\d+)）。", _steal_to),
    Claim("pass", r"いまトリックが予想どおり(\d+)なので、奪わずにおけます。", _keep),
    Claim("pass at", r"奪わなければ、あなたのトリックは(\d+)のままです（予想(\d+)）。", _keep_at),
]

OPTIONS = {"target": 20}
