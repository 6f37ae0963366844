"""The Bottle Imp's action ids and their Japanese text: one codec, disjoint namespaces.

An id is `kind:card` or the bare `done`; the card is its printed number:
    imp:24     choose 24 for the Imp's trick            (every player count)
    left:24    choose 24 for the left neighbour          (3–4 players)
    right:24   choose 24 for the right neighbour         (3–4 players)
    open:24    choose 24 for the opponent's face-up cards (2 players)
    hand:24    choose 24 for the opponent's hidden hand   (2 players)
    back:24    take a chosen card back into the hand
    done       hand over the chosen cards (all slots filled)
    play:24    play 24 to the trick

>>> parse_action("left:24"), parse_action("done"), parse_action("play:19")
(Action(kind='left', card=24), Action(kind='done', card=None), None)
>>> describe_action("right:3")
'3（黄✚・コイン2）を右隣に渡すカードに選ぶ'
"""

from __future__ import annotations

from typing import NamedTuple

from engine.games.bottle_imp.cards import DECK, card_label

SLOT_KINDS = ("imp", "left", "right", "open", "hand")
SLOTS = {2: ("imp", "imp", "open", "hand"), 3: ("imp", "left", "right"), 4: ("imp", "left", "right")}
"""The cards each player chooses when passing, in the order the engine asks for them."""
SLOT_NAMES = {
    "imp": "インプのトリック",
    "left": "左隣",
    "right": "右隣",
    "open": "相手の公開札",
    "hand": "相手の手札",
}


class Action(NamedTuple):
    kind: str
    card: int | None = None


def _every_action() -> dict[str, Action]:
    moves = {"done": Action("done")}
    for kind in (*SLOT_KINDS, "back", "play"):
        moves.update({f"{kind}:{card}": Action(kind, card) for card in DECK})
    return moves


ACTIONS: dict[str, Action] = _every_action()
"""Every well-formed action id (legal or not at some moment), read once."""
PICK_IDS = {kind: {card: f"{kind}:{card}" for card in DECK} for kind in SLOT_KINDS}
BACK_IDS = {card: f"back:{card}" for card in DECK}
PLAY_IDS = {card: f"play:{card}" for card in DECK}
"""Ids by card, built once: legal lists are computed at every step."""


def parse_action(text: str) -> Action | None:
    """Read an action id; None unless it is well formed (legality is a separate question)."""
    return ACTIONS.get(text)


def describe_action(action: str) -> str:
    """Japanese text of an action id, the same in every situation; a card's text starts with its
    number, as the card's button shows it."""
    move = parse_action(action)
    if move is None:
        return f"「{action}」という手はありません"
    if move.kind == "done":
        return "選んだカードを渡す（全員がそろうまで伏せて待つ）"
    assert move.card is not None
    label = card_label(move.card)
    if move.kind == "play":
        return f"{label}を出す"
    if move.kind == "back":
        return f"{label}の選択をやめて手札に戻す"
    if move.kind == "imp":
        return f"{label}をインプのトリックに入れるカードに選ぶ"
    return f"{label}を{SLOT_NAMES[move.kind]}に渡すカードに選ぶ"
