"""Herrlof's cards and action ids: one codec, disjoint namespaces (see rules.py's docstring).

A card is its id: a suit letter and a number ("R7"), or "V" (Valknut) or "H" (Hagalaz); the
three copies of V and of H are alike. Suits: R 赤 ▲, B 青 ●, G 緑 ■, Y 黄 ✚ (our choice: the
source names none), each with the symbol the site's colour code gives its colour (engine.colours),
so that no suit relies on colour alone.

>>> suit_of("R7"), rank_of("R7"), suit_of("V"), card_name("Y9")
('R', 7, None, '黄9')
>>> parse_action("one:steal:2")
Action(namespace='one', step='steal', argument='2')
>>> parse_action("play:R0") is None
True
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from engine.colours import COLOURS

SUITS = ("R", "B", "G", "Y")
SUIT_NAMES = {suit: COLOURS[suit].name for suit in SUITS}
SUIT_SYMBOLS = {suit: COLOURS[suit].symbol for suit in SUITS}
VALKNUT, HAGALAZ = "V", "H"
COPIES = 3  # of each unsuited card
RANKS = tuple(range(1, 10))
MAX_PLAYERS = 3
MAX_BID = 15  # the hand size with 2 players

ALL_CARDS: tuple[str, ...] = (
    tuple(f"{suit}{rank}" for suit in SUITS for rank in RANKS) + (VALKNUT,) * COPIES + (HAGALAZ,) * COPIES
)
_DISTINCT = tuple(dict.fromkeys(ALL_CARDS))
_SUIT = {card: (card[0] if card[0] in SUITS else None) for card in _DISTINCT}
_RANK = {card: (int(card[1]) if len(card) == 2 else 0) for card in _DISTINCT}
_ORDER = {card: index for index, card in enumerate(_DISTINCT)}


def suit_of(card: str) -> str | None:
    """The suit letter; None for a Valknut or a Hagalaz (they have no suit)."""
    return _SUIT[card]


def rank_of(card: str) -> int:
    """The printed number; 0 for a Valknut or a Hagalaz (they have none)."""
    return _RANK[card]


def card_name(card: str) -> str:
    """Japanese name: "赤7", "ヴァルクヌート", "ハガラズ"."""
    return _NAMES[card]


_NAMES = {card: f"{SUIT_NAMES[card[0]]}{card[1]}" for card in _DISTINCT if _SUIT[card]}
_NAMES |= {VALKNUT: "ヴァルクヌート", HAGALAZ: "ハガラズ"}
"""Written once: a search's rollouts write a log line naming a card at almost every step."""


def card_label(card: str) -> str:
    """Accessible name, the suit's symbol included: "赤▲7"."""
    suit = suit_of(card)
    return card_name(card) if suit is None else f"{SUIT_NAMES[suit]}{SUIT_SYMBOLS[suit]}{card[1]}"


def suit_label(suit: str | None) -> str:
    return "なし" if suit is None else f"{SUIT_NAMES[suit]}{SUIT_SYMBOLS[suit]}"


def names(cards: Iterable[str]) -> str:
    """Japanese list: "赤7・ハガラズ"."""
    return "・".join(card_name(card) for card in cards)


def display_order(cards: Iterable[str]) -> list[str]:
    """By suit in the fixed order and rising number, then Valknut, then Hagalaz."""
    return sorted(cards, key=_ORDER.__getitem__)


# --- action ids ------------------------------------------------------------------------------


class Action(NamedTuple):
    namespace: str
    step: str = ""
    argument: str = ""


def _every_action() -> dict[str, Action]:
    moves = [Action("bid", str(n)) for n in range(MAX_BID + 1)]
    moves += [Action(space, card) for space in ("play", "bury", "give") for card in _DISTINCT]
    moves += [Action("three", "draw"), Action("three", "pass"), Action("one", "pass"), Action("six", "pass")]
    moves += [
        Action(space, step, str(seat))
        for space, step in (("one", "steal"), ("six", "take"))
        for seat in range(MAX_PLAYERS)
    ]
    return {action_id(*move): move for move in moves}


def action_id(namespace: str, step: str = "", argument: str = "") -> str:
    return ":".join(part for part in (namespace, step, argument) if part)


ACTIONS: dict[str, Action] = _every_action()
"""Every well-formed action id (legal or not at some moment), read once."""


def parse_action(text: str) -> Action | None:
    """Read an action id; None unless it is well formed (legality is a separate question)."""
    return ACTIONS.get(text)


def describe_action(action: str, seat_names: list[str]) -> str:
    """Japanese text of an action id; `seat_names` name the seats an action may target.

    >>> describe_action("six:take:1", ["P1", "P2"])
    '6の効果: P2の手札から1枚を無作為に取る（そのあと1枚を返す）'
    """
    move = parse_action(action)
    if move is None:
        return f"「{action}」という手はありません"
    if move.namespace == "bid":
        return f"{move.step}トリックと予想する"
    if move.namespace in _CARD_TEXT:
        return _CARD_TEXT[move.namespace].format(card_name(move.step))
    if move.step in ("steal", "take"):
        return _TARGET_TEXT[move.namespace].format(seat_names[int(move.argument)])
    return _PLAIN[action]


_CARD_TEXT = {
    "play": "{}を出す",
    "bury": "{}を山札の下に伏せて入れる",
    "give": "{}を相手に渡す",
}
_TARGET_TEXT = {
    "one": "1の効果: {}が取ったトリックを1つ奪う",
    "six": "6の効果: {}の手札から1枚を無作為に取る（そのあと1枚を返す）",
}
_PLAIN = {
    "three:draw": "3の効果: 山札の一番上を1枚引く（そのあと手札1枚を山札の下へ）",
    "three:pass": "3の効果を使わない（山札から引かない）",
    "one:pass": "1の効果を使わない（トリックを奪わない）",
    "six:pass": "6の効果を使わない（手札を取らない）",
}
