"""No Return's counters and action ids: one codec, disjoint namespaces (see rules.py's docstring).

>>> parse_counter("K5"), counter_id(("K", 5)), counter_name(("K", 5))
(('K', 5), 'K5', '桃5')
>>> parse_action("cash:pick:G11")
Action(namespace='cash', step='pick', argument='G11')
>>> action_id("place", "pick", "B11"), parse_action("place:pick:B12")
('place:pick:B11', None)
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from engine.colours import COLOURS as CODE

COLOURS = ("B", "R", "G", "P", "K", "Y")
COLOUR_NAMES = {colour: CODE[colour].name for colour in COLOURS}
COLOUR_SYMBOLS = {colour: CODE[colour].symbol for colour in COLOURS}
"""The site's colour code (engine.colours): these six colours set it."""
VALUES = tuple(range(1, 12))
COPIES = 2

Counter = tuple[str, int]
"""A counter as (colour letter, value)."""

ALL_COUNTERS: tuple[Counter, ...] = tuple((c, v) for c in COLOURS for v in VALUES for _ in range(COPIES))


# --- counters ----------------------------------------------------------------------------------


_IDS: dict[Counter, str] = {(c, v): f"{c}{v}" for c in COLOURS for v in VALUES}
_BY_ID: dict[str, Counter] = {text: counter for counter, text in _IDS.items()}


def counter_id(counter: Counter) -> str:
    return _IDS[counter]


def parse_counter(text: str) -> Counter | None:
    """Read "B11"; None unless it is exactly the id of a counter."""
    return _BY_ID.get(text)


def read_counters(ids: Iterable[str]) -> list[Counter]:
    """The counters of ids known to be well formed (a view's): a KeyError for any other."""
    return [_BY_ID[text] for text in ids]


def counter_name(counter: Counter) -> str:
    """Japanese name: "青11"."""
    return f"{COLOUR_NAMES[counter[0]]}{counter[1]}"


_DISPLAY_RANK: dict[Counter, int] = {
    counter: rank for rank, counter in enumerate(sorted(_IDS, key=lambda c: (COLOURS.index(c[0]), -c[1])))
}


def display_ids(counters: Iterable[Counter]) -> list[str]:
    """The ids of `counters` in display order: by colour in the fixed order, then highest value
    first (a view's hand and piles, built at every step of a search's rollouts: one lookup each)."""
    return [_IDS[counter] for counter in sorted(counters, key=_DISPLAY_RANK.__getitem__)]


def without(counters: Iterable[Counter], taken: Iterable[Counter]) -> list[Counter]:
    """`counters` less one copy of each of `taken` that is among them (two B3 are two counters)."""
    rest = list(counters)
    for counter in taken:
        if counter in rest:
            rest.remove(counter)
    return rest


def colour_totals(counters: Iterable[Counter]) -> dict[str, int]:
    """Sum of the values of each colour present."""
    totals: dict[str, int] = {}
    for colour, value in counters:
        totals[colour] = totals.get(colour, 0) + value
    return totals


def most_payable(hand: Iterable[Counter]) -> int:
    """The most one colour of `hand` can pay (a payment is all of one colour)."""
    return max(colour_totals(hand).values(), default=0)


def cashable_columns(columns: dict[str, list[int]], most: int) -> list[str]:
    """The colours whose column a payment of at most `most` may start to cash (its bottom)."""
    return [colour for colour, column in columns.items() if column[-1] <= most]


def fits(counter: Counter, columns: dict[str, list[int]]) -> bool:
    """May `counter` go under its colour's column (empty, or bottom value not smaller)?"""
    column = columns.get(counter[0])
    return not column or column[-1] >= counter[1]


# --- action ids ------------------------------------------------------------------------------


class Action(NamedTuple):
    namespace: str
    step: str = ""
    argument: str = ""


# namespace -> step -> what its argument is ("" none, "counter" like B11, "colour" like P)
_PICKS = {"pick": "counter", "unpick": "counter", "done": ""}
_GRAMMAR: dict[str, dict[str, str]] = {
    "setup": _PICKS,
    "place": {"": "", **_PICKS},
    "exchange": {"": "", **_PICKS},
    "cash": {"column": "colour", "more": "", "fewer": "", **_PICKS},
    "declare": {"": ""},
    "cancel": {"": ""},
    "pass": {"": ""},
}


def action_id(namespace: str, step: str = "", argument: str = "") -> str:
    return ":".join(part for part in (namespace, step, argument) if part)


def _every_action() -> dict[str, Action]:
    arguments = {"": [""], "counter": list(_BY_ID), "colour": list(COLOURS)}
    moves = [
        Action(namespace, step, argument)
        for namespace, steps in _GRAMMAR.items()
        for step, kind in steps.items()
        for argument in arguments[kind]
    ]
    return {action_id(*move): move for move in moves}


ACTIONS: dict[str, Action] = _every_action()
"""Every well-formed action id (legal or not at some moment), read once."""

_CHOOSING = ("setup", "place", "exchange", "cash")
PICK_IDS = {space: {c: f"{space}:pick:{text}" for c, text in _IDS.items()} for space in _CHOOSING}
UNPICK_IDS = {space: {c: f"{space}:unpick:{text}" for c, text in _IDS.items()} for space in _CHOOSING}
"""The ids of choosing and un-choosing each counter, by namespace (built once: legal lists are hot)."""


def parse_action(text: str) -> Action | None:
    """Read an action id; None unless it is well formed (legality is a separate question)."""
    return ACTIONS.get(text)


_PLAIN = {
    "setup:done": "選んだカウンターを伏せて脇に置き、同じ個数を袋から引く（0個なら交換しない）",
    "declare": "フェイズ2に移る（もうフェイズ1には戻れない）",
    "place": "並べる（1色を選び、列の下に並べる）",
    "place:done": "選んだカウンターを列の下に並べ、同じ個数を袋から引く",
    "exchange": "交換する（1〜4個を伏せて上ブタへ）",
    "exchange:done": "選んだカウンターを伏せて上ブタに入れ、同じ個数を袋から引く",
    "cash:more": "清算するカウンターを列の上へ1個増やす",
    "cash:fewer": "清算するカウンターを1個減らす",
    "cash:done": "清算する（支払いは表向きで上ブタへ、清算したカウンターは得点の山へ）",
    "cancel": "選ぶのをやめて、手番の行動を選び直す",
    "pass": "パスする（この手番は何もしない）",
}
_PICK_TEXT = {
    "setup": ("{}を脇に伏せるカウンターに選ぶ", "{}を脇に伏せるカウンターから外す"),
    "place": ("{}を並べるカウンターに加える", "{}を並べるカウンターから外す"),
    "exchange": ("{}を交換に出すカウンターに選ぶ", "{}を交換に出すカウンターから外す"),
    "cash": ("{}で支払う", "{}を支払いから外す"),
}


def describe_action(action: str) -> str:
    """Japanese text of an action id, the same in every situation.

    >>> describe_action("cash:column:P")
    '紫の列を清算する（一番下のカウンターから）'
    """
    move = parse_action(action)
    if move is None:
        return f"「{action}」という手はありません"
    if move.step in ("pick", "unpick"):
        counter = parse_counter(move.argument)
        assert counter is not None
        pick, unpick = _PICK_TEXT[move.namespace]
        return (pick if move.step == "pick" else unpick).format(counter_name(counter))
    if move.step == "column":
        return f"{COLOUR_NAMES[move.argument]}の列を清算する（一番下のカウンターから）"
    return _PLAIN[action]


def names(counters: list[Counter]) -> str:
    """Japanese list: "青11・緑7"."""
    return "・".join(counter_name(c) for c in counters)
