"""Why a Bottle Imp card is good to play, in one sentence a hint shows beside the search's figures.

Each sentence follows from the winning rule alone and the cards already in the trick, so it is
true wherever it is given: the last card of a trick decides it; a card under another's card below
the price never wins; a card above the price can win only when nothing went under the price, and
then the bottle stays where it is. A card passed: one for the Imp's trick costs its coins to
whoever holds the bottle at the hand's end; one passed on below the price can no longer win the
bottle for the seat, and one above it never wins the bottle for anyone (the price only falls).
"""

from __future__ import annotations

from typing import Any

from engine.games.bottle_imp.cards import COINS, coins, trick_winner
from engine.games.bottle_imp.codec import SLOT_KINDS, parse_action
from engine.games.bottle_imp.rules import trick_size


def explain(view: dict[str, Any], action: str) -> str | None:
    move = parse_action(action)
    if move is None or move.card is None:
        return None
    if move.kind in SLOT_KINDS:
        return _passed(move.kind, move.card, view["price"])
    if move.kind != "play":
        return None
    card, price, seat = move.card, view["price"], view["seat"]
    played = [c for _, c, _ in view["trick"]]
    if len(played) == trick_size(view["players"]) - 1:
        decided = _last_card(view, [*played, card], card)
        if decided:
            return decided
    below = [(c, s) for s, c, _ in view["trick"] if c < price]
    if below and card < max(below)[0] and max(below)[1] != seat:
        return _under(view, *max(below), card)
    if card > price and view["holder"] != seat:
        return f"{card}は値段{price}より大きいので、このカードでボトルを受け取ることはありません。"
    return None


def _passed(slot: str, card: int, price: int) -> str:
    if slot == "imp":
        lost = "ハンドの終わりにボトルを持っている人が失います"
        return f"インプのトリックに入れる{card}のコイン{COINS[card]}枚は、{lost}。"
    if card < price:
        mine = "渡せばあなたがこのカードでボトルを受け取ることはなくなります"
        return f"{card}は値段{price}より小さいカードですが、{mine}。"
    return f"{card}は値段{price}より大きいので、渡した相手がこのカードでボトルを受け取ることはありません。"


def _under(view: dict[str, Any], highest_below: int, owner: int, card: int) -> str:
    """Under another seat's card below the price: that card or a higher one below it wins, so
    the sentence names both conditions (a card between the two could still win)."""
    name, price = view["seat_names"][owner], view["price"]
    return (
        f"すでに{name}の{highest_below}が値段{price}より小さく、{card}はそれよりさらに小さいので、"
        f"{card}ではトリックを取らず、このカードでボトルを受け取ることはありません。"
    )


def _last_card(view: dict[str, Any], cards: list[int], card: int) -> str | None:
    """The trick's last card decides it: taken above the price, or the bottle passed on."""
    price, seat = view["price"], view["seat"]
    seats = [s for s, _, _ in view["trick"]] + [seat]
    winner = trick_winner(cards, price)
    if winner == len(cards) - 1 and card > price:
        if view["holder"] == seat:
            kept = "ボトルは動かず、あなたが持ったままです（持ったままハンドを終えると、コインは数えません）"
            return f"最後の1枚なので、{card}でこのトリックを取ります。{kept}。"
        return f"最後の1枚なので、{card}でコイン{coins(cards)}のトリックを取り、ボトルは受け取りません。"
    if view["holder"] == seat and cards[winner] < price and seats[winner] != seat:
        return f"最後の1枚なので、{card}を出せばボトルは{view['seat_names'][seats[winner]]}に移ります。"
    return None
