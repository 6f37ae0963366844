"""Why a Herrlof action is good, in one sentence a hint shows beside the search's figures.

Each sentence says only what the seat's view makes certain: a Valknut in the trick means nobody
takes it; the trick's last card decides who does; a 3's draw and a 6's take may hand the very
card back, so they never leave the hand worse; a 1 that steals can bring the tricks to the bid.
A bid, a lead or a card given back has no certain sentence, and none.
"""

from __future__ import annotations

from typing import Any

from engine.games.herrlof.cards import VALKNUT, card_name, parse_action
from engine.games.herrlof.tricks import trick_winner


def explain(view: dict[str, Any], action: str) -> str | None:
    move = parse_action(action)
    if move is None:
        return None
    if move.namespace == "play":
        return _play(view, move.step)
    if action == "three:draw":
        return "引いたカードをそのまま山札の下に伏せてもよいので、引いて手札が悪くなることはありません。"
    if move.namespace == "six" and move.step == "take":
        return "取ったカードをそのまま返してもよいので、取って手札が悪くなることはありません。"
    if move.namespace == "one":
        return _one(view["seats"][view["seat"]], move.step)
    return None


def _play(view: dict[str, Any], card: str) -> str | None:
    played = [c for _, c in view["trick"]]
    if card == VALKNUT:
        return "ヴァルクヌートを出すと、このトリックはだれも取りません。"
    if VALKNUT in played:
        return (
            f"すでにヴァルクヌートが出ているので、{card_name(card)}を出してもこのトリックはだれも取りません。"
        )
    if len(played) != view["players"] - 1:
        return None
    seats = [s for s, _ in view["trick"]] + [view["seat"]]
    winner = trick_winner([*played, card], trump=view["trump"])
    assert winner is not None
    if seats[winner] == view["seat"]:
        return f"最後の1枚なので、{card_name(card)}でこのトリックを取ります。"
    taker = view["seat_names"][seats[winner]]
    return f"最後の1枚なので、{card_name(card)}を出せばこのトリックは{taker}が取ります。"


def _one(own: dict[str, Any], step: str) -> str | None:
    """A 1's steal, against the seat's own bid (which it sees)."""
    tricks, bid = own["tricks"], own["bid"]
    if step == "steal" and tricks + 1 == bid:
        return f"奪えば、あなたのトリックは予想どおり{bid}になります。"
    if step == "pass" and tricks == bid:
        return f"いまトリックが予想どおり{bid}なので、奪わずにおけます。"
    return None
