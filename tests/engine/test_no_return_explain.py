"""No Return's hint sentences (engine.games.no_return.hints) are true wherever they are given:
each claim checked on the state itself (tests/engine/explained.py,
run by test_hint_figures.py), a cashing by carrying it out."""

from __future__ import annotations

import re

import pytest

from engine.core import State
from engine.games.no_return.codec import COLOUR_NAMES, colour_totals

from .explained import Claim

pytestmark = pytest.mark.host_only  # see pyproject.toml

LETTER = {name: letter for letter, name in COLOUR_NAMES.items()}
COUNTER = r"(\S+?)(\d+)"


def _seat(state: State) -> int:
    seat = state.current_player
    assert seat is not None
    return seat


def _gain(before: State, after: State) -> int:
    seat = _seat(before)
    return after.scores()[seat] - before.scores()[seat]


def _cashed(match: re.Match[str], before: State, after: State, _action: str) -> bool:
    total = int(match[1])
    taken = sum(before._cash_taken())  # type: ignore[attr-defined]
    return taken == total == int(match[2]) and _gain(before, after) == int(match[3]) == 2 * total


def _column(match: re.Match[str], before: State, after: State, action: str) -> bool:
    """Cash as far as the steps allow, pay with the richest colour, and compare."""
    cashing = after.clone()
    while "cash:more" in cashing.legal_actions():
        cashing.apply("cash:more")
    taken = cashing._cash_taken()  # type: ignore[attr-defined]
    if (len(taken), sum(taken)) != (int(match[2]), int(match[3])):
        return False
    hand = cashing._hands[_seat(before)]  # type: ignore[attr-defined]
    totals = colour_totals(hand)
    colour = max(totals, key=lambda c: totals[c])
    for counter in sorted((c for c in hand if c[0] == colour), key=lambda c: -c[1]):
        if "cash:done" in cashing.legal_actions():
            break
        cashing.apply(f"cash:pick:{counter[0]}{counter[1]}")
    cashing.apply("cash:done")
    named = action == f"cash:column:{LETTER[match[1]]}"
    return named and _gain(before, cashing) == int(match[4]) == 2 * sum(taken)


def _exact(match: re.Match[str], before: State, _after: State, action: str) -> bool:
    paid = sum(value for _, value in before._picked)  # type: ignore[attr-defined]
    value = int(match[2])
    need = before._cash_need()  # type: ignore[attr-defined]
    return action == f"cash:pick:{LETTER[match[1]]}{value}" and paid + value == need == int(match[3])


def _declared(match: re.Match[str], _before: State, after: State, _action: str) -> bool:
    payable = {a.rsplit(":", 1)[1] for a in after.legal_actions() if a.startswith("cash:column:")}
    return payable == {LETTER[name] for name in match[1].split("・")}


def _bottoms(state: State) -> dict[str, int]:
    return {c: column[-1] for c, column in state._columns[_seat(state)].items()}  # type: ignore[attr-defined]


def _stuck(match: re.Match[str], before: State, _after: State, _action: str) -> bool:
    bottoms = _bottoms(before)
    hand = before._hands[_seat(before)]  # type: ignore[attr-defined]
    stuck = [c for c in hand if c[0] in bottoms and bottoms[c[0]] < c[1]]
    return len(stuck) == int(match[1]) > 0


def _never(match: re.Match[str], before: State, _after: State, action: str) -> bool:
    colour, value, bottom = LETTER[match[1]], int(match[2]), int(match[4])
    return (
        action == f"exchange:pick:{colour}{value}"
        and match[3] == match[1]
        and _bottoms(before).get(colour) == bottom < value
    )


def _placed(match: re.Match[str], before: State, after: State, action: str) -> bool:
    """Place the selection (a pick's: with the picked counter) and read the column."""
    placed = after.clone()
    if action != "place:done":
        placed.apply("place:done")
    column = placed._columns[_seat(before)].get(LETTER[match[1]], [])  # type: ignore[attr-defined]
    return action.startswith("place:") and column[-1:] == [int(match[2])] and sum(column) == int(match[3])


CLAIMS = [
    Claim(
        "cash",
        r"この清算で列の失点(\d+)点が消え、得点の山に(\d+)点が入るので、得点は(\d+)点上がります。",
        _cashed,
    ),
    Claim(
        "column",
        r"手元の1色で払えるのは(\S+?)の列の下から(\d+)個（計(\d+)）までで、全部清算すれば得点が(\d+)点上がります。",
        _column,
    ),
    Claim(
        "payment", rf"{COUNTER}を足すと支払いが清算する合計(\d+)ちょうどになり、むだがありません。", _exact
    ),
    Claim("declare", r"フェイズ2に移ると、この手番から(\S+?)の列を清算できます。", _declared),
    Claim("exchange", r"手元の(\d+)個は、同じ色の列のいちばん下より大きいので、もう並べられません。", _stuck),
    Claim("place", r"並べると(\S+?)の列のいちばん下は(\d+)になり、列の失点は計(\d+)点になります。", _placed),
    Claim("pick", rf"{COUNTER}は(\S+?)の列のいちばん下（(\d+)）より大きいので、もう並べられません。", _never),
]

OPTIONS: dict = {}
