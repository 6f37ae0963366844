"""Why a Herrlof action is good, in one sentence a hint shows beside the search's figures.

Each sentence says only what the seat's view makes certain. A bid: the trumps in the hand and what
the bid scores if it comes true. A card: a Valknut in the trick means nobody takes it; the trick's
last card decides who does; a card that is beaten now is never the one that takes the trick (a
later card can only take it for itself, for the leader or for nobody); a following Hagalaz loses
and leads the next trick unless a Valknut comes; a lead is placed in the hand's own suit. A card's
sentence ends with how far the seat is from its bid, which it sees. A 3's draw and a 6's take may
hand the very card back, so they never leave the hand worse; what is put under the stock is out of
the round; a 1 that steals can bring the tricks to the bid.
"""

from __future__ import annotations

from typing import Any

from engine.games.herrlof.cards import HAGALAZ, SUIT_NAMES, VALKNUT, card_name, parse_action, rank_of, suit_of
from engine.games.herrlof.scoring import round_points
from engine.games.herrlof.tricks import trick_winner, winning_cards


def explain(view: dict[str, Any], action: str) -> str | None:
    move = parse_action(action)
    if move is None:
        return None
    own = view["seats"][view["seat"]]
    if move.namespace == "bid":
        return _bid(view, int(move.step))
    if move.namespace == "play":
        sentence = _play(view, move.step)
        return sentence and f"{sentence}（{_progress(own)}）。"
    if action == "three:draw":
        return "引いたカードをそのまま山札の下に伏せてもよいので、引いて手札が悪くなることはありません。"
    if move.namespace == "bury":
        return _bury(view["mine"]["drawn"], move.step)
    if move.namespace == "six" and move.step == "take":
        return "取ったカードをそのまま返してもよいので、取って手札が悪くなることはありません。"
    if move.namespace == "give":
        return _give(view, move.step)
    if move.namespace == "one":
        return _one(own, move.step)
    return None


def _bid(view: dict[str, Any], bid: int) -> str:
    """What the bid scores if it comes true, beside the trumps the hand holds."""
    trump, points = view["trump"], round_points(bid=bid, tricks=bid)["points"]
    if trump is None:
        held = "このラウンドは切り札がなく"
    else:
        count = sum(1 for card in view["hand"] if suit_of(card) == trump)
        kind = f"切り札（{SUIT_NAMES[trump]}）"
        held = f"手札に{kind}が{count}枚あり" if count else f"手札に{kind}がなく"
    return f"{held}、予想どおり{bid}トリック取れば{points}点です。"


def _progress(own: dict[str, Any]) -> str:
    """How far the seat's tricks are from its bid."""
    bid, tricks = own["bid"], own["tricks"]
    if tricks < bid:
        return f"予想{bid}まであと{bid - tricks}トリック"
    if tricks == bid:
        return f"いま予想どおり{bid}トリック"
    return f"予想{bid}より{tricks - bid}トリック多い"


def _play(view: dict[str, Any], card: str) -> str | None:
    """The sentence without its end (the seat's progress follows it)."""
    seats = [s for s, _ in view["trick"]]
    played = [c for _, c in view["trick"]]
    name = card_name(card)
    if card == VALKNUT:
        return "ヴァルクヌートを出すと、このトリックはだれも取りません"
    if VALKNUT in played:
        return f"すでにヴァルクヌートが出ているので、{name}を出してもこのトリックはだれも取りません"
    if not played:
        return _lead(view["hand"], card, view["trump"])
    if len(played) == view["players"] - 1:
        winner = trick_winner([*played, card], trump=view["trump"])
        assert winner is not None
        taker = [*seats, view["seat"]][winner]
        if taker == view["seat"]:
            return f"最後の1枚なので、{name}でこのトリックを取ります"
        return f"最後の1枚なので、{name}を出せばこのトリックは{view['seat_names'][taker]}が取ります"
    if card == HAGALAZ:
        if HAGALAZ in played[1:] or len(view["hand"]) == 1:
            return None  # an earlier follower's Hagalaz leads first; or no trick follows
        return (
            "ハガラズではこのトリックを取れず、ヴァルクヌートが出ないかぎり次のトリックはあなたがリードします"
        )
    if card in winning_cards(played, [card], trump=view["trump"]):
        return f"{name}は、いま出ているどのカードよりも強いカードです"
    return f"{name}ではこのトリックを取れません"


def _lead(hand: list[str], card: str, trump: str | None) -> str | None:
    """A lead's place in the hand's own suit (a Hagalaz lead has no certain sentence)."""
    suit = suit_of(card)
    if suit is None:
        return None
    ranks = [rank_of(c) for c in hand if suit_of(c) == suit]
    kind = f"切り札の{SUIT_NAMES[suit]}" if suit == trump else SUIT_NAMES[suit]
    if len(ranks) == 1:
        return f"{card_name(card)}は手札でただ1枚の{kind}です"
    if rank_of(card) in (max(ranks), min(ranks)):
        which = "大きい" if rank_of(card) == max(ranks) else "小さい"
        return f"{card_name(card)}は手札の{kind}でいちばん{which}カードです"
    return None


def _bury(drawn: str | None, card: str) -> str:
    if card == drawn:
        return f"引いた{card_name(card)}をそのまま伏せるので、手札は引く前と同じです。"
    return f"{card_name(card)}を山札の下に伏せると、このラウンドではもうだれの手にも渡りません。"


def _give(view: dict[str, Any], card: str) -> str:
    taken, victim = view["mine"]["taken"], view["seat_names"][view["victim"]]
    if card == taken:
        return f"取った{card_name(card)}をそのまま返すので、{victim}の手札は元どおりです。"
    return f"{card_name(card)}を{victim}に渡し、取った{card_name(taken)}は手札に残ります。"


def _one(own: dict[str, Any], step: str) -> str | None:
    """A 1's steal, against the seat's own bid (which it sees)."""
    tricks, bid = own["tricks"], own["bid"]
    if step == "steal":
        if tricks + 1 == bid:
            return f"奪えば、あなたのトリックは予想どおり{bid}になります。"
        return f"奪えば、あなたのトリックは{tricks + 1}になります（予想{bid}）。"
    if tricks == bid:
        return f"いまトリックが予想どおり{bid}なので、奪わずにおけます。"
    return f"奪わなければ、あなたのトリックは{tricks}のままです（予想{bid}）。"
