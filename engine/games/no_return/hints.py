"""Why a No Return action is good, in one sentence a hint shows beside the search's figures.

Each sentence says only what the seat's view makes certain: what a cashing is worth (a cashed
counter leaves the column's minus and joins the plus, so it counts twice), which columns the
hand can pay for, which counters can never be placed any more (a column's bottom only goes
down), a payment that loses nothing, and what a placement makes of its column (its new bottom,
below which alone that colour can go on, and the minus it then holds). Where nothing certain
speaks for an action, there is no sentence.
"""

from __future__ import annotations

from typing import Any

from engine.games.no_return.codec import (
    COLOUR_NAMES,
    COLOURS,
    Counter,
    cashable_columns,
    counter_name,
    fits,
    most_payable,
    parse_action,
    parse_counter,
)


def explain(view: dict[str, Any], action: str) -> str | None:
    move = parse_action(action)
    if move is None:
        return None
    own = view["seats"][view["seat"]]
    columns: dict[str, list[int]] = own["columns"]
    if action == "cash:done":
        return _cashed(view["selection"]["cashing_sum"])
    if (move.namespace, move.step) == ("cash", "column"):
        return _column(move.argument, columns[move.argument], _budget(view["hand"]))
    if (move.namespace, move.step) == ("cash", "pick"):
        return _exact_payment(view["selection"], _counter(move.argument))
    if action == "declare":
        return _declare(columns, _budget(view["hand"]))
    if (move.namespace, move.step) == ("place", "pick"):
        return _placed(columns, [*view["selection"]["picked"], move.argument])
    if action == "place:done":
        return _placed(columns, view["selection"]["picked"])
    if own["phase"] == 2:
        return None
    if action == "exchange":
        stuck = [c for c in view["hand"] if _stuck(_counter(c), columns)]
        return (
            f"手元の{len(stuck)}個は、同じ色の列のいちばん下より大きいので、もう並べられません。"
            if stuck
            else None
        )
    if (move.namespace, move.step) == ("exchange", "pick"):
        return _never_placed(_counter(move.argument), columns)
    return None


def cashable(column: list[int], budget: int) -> tuple[int, int]:
    """How many counters of `column` one colour worth `budget` can cash from the bottom, and
    their sum (as far as `cash:more` goes)."""
    count = total = 0
    for value in reversed(column):
        if total + value > budget:
            break
        count, total = count + 1, total + value
    return count, total


def _counter(text: str) -> Counter:
    counter = parse_counter(text)
    assert counter is not None
    return counter


def _budget(hand: list[str]) -> int:
    """The most one colour of the hand can pay."""
    return most_payable(map(_counter, hand))


def _stuck(counter: Counter, columns: dict[str, list[int]]) -> bool:
    """Not placeable under its colour's column: the bottom only goes down, so it never will be."""
    return not fits(counter, columns)


def _cashed(total: int) -> str:
    moved = f"列の失点{total}点が消え、得点の山に{total}点が入る"
    return f"この清算で{moved}ので、得点は{2 * total}点上がります。"


def _column(colour: str, column: list[int], budget: int) -> str:
    count, total = cashable(column, budget)
    return (
        f"手元の1色で払えるのは{COLOUR_NAMES[colour]}の列の下から{count}個（計{total}）までで、"
        f"全部清算すれば得点が{2 * total}点上がります。"
    )


def _placed(columns: dict[str, list[int]], picked: list[str]) -> str:
    """The column once the picked counters (all of one colour) are placed under it."""
    counters = [_counter(text) for text in picked]
    colour = counters[0][0]
    values = [value for _, value in counters]
    total = sum(columns.get(colour, [])) + sum(values)
    return (
        f"並べると{COLOUR_NAMES[colour]}の列のいちばん下は{min(values)}になり、"
        f"列の失点は計{total}点になります。"
    )


def _exact_payment(selection: dict[str, Any], counter: Counter) -> str | None:
    need = selection["cashing_sum"]
    if selection["picked_sum"] + counter[1] != need:
        return None
    return f"{counter_name(counter)}を足すと支払いが清算する合計{need}ちょうどになり、むだがありません。"


def _declare(columns: dict[str, list[int]], budget: int) -> str | None:
    payable = [c for c in COLOURS if c in cashable_columns(columns, budget)]
    if not payable:
        return None
    names = "・".join(COLOUR_NAMES[c] for c in payable)
    return f"フェイズ2に移ると、この手番から{names}の列を清算できます。"


def _never_placed(counter: Counter, columns: dict[str, list[int]]) -> str | None:
    if not _stuck(counter, columns):
        return None
    column = f"{COLOUR_NAMES[counter[0]]}の列のいちばん下（{columns[counter[0]][-1]}）"
    return f"{counter_name(counter)}は{column}より大きいので、もう並べられません。"
