"""Why a Necropolis action is good, in one sentence a hint shows beside the search's figures.

Each sentence says only what the seat's view makes certain (what the action does to its score,
or what the tiles it has not seen are), so it is true wherever it is given; where nothing certain
speaks for an action (a draw with nothing unseen that fits, a proposal), there is no sentence.
"""

from __future__ import annotations

from typing import Any

from engine.games.necropolis.bots import unseen_average, unseen_tiles
from engine.games.necropolis.rules import parse_tile, pips, placements
from engine.games.necropolis.view import written

_SIDE = {"L": "左端", "R": "右端"}


def explain(view: dict[str, Any], action: str) -> str | None:
    verb, _, rest = action.partition(":")
    if verb in ("add", "move"):
        return _to_grave(verb, *rest.split(":"))
    if verb == "rebuild" and rest != "draw":
        return _rebuild(view["starts"][view["seat"]])
    if verb == "exchange":
        return _exchange(rest, unseen_average(view))
    if action == "keep" and view["legal_actions"] == ["keep"]:
        drawn = written(view["drawn"])
        return f"引いた{drawn}は墓地のどちらの端にもつながらないので、マスタバに置くしかありません。"
    if action == "draw":
        return _draw(view)
    return None


def _to_grave(verb: str, side: str, tile: str) -> str | None:
    if verb == "add":
        return f"引いた{written(tile)}は墓地の{_SIDE[side]}につながるので、マスタバに置かずに済みます。"
    worth = pips(parse_tile(tile))
    return (
        f"マスタバの{written(tile)}を墓地の{_SIDE[side]}につなげると、得点が{worth}点減ります。"
        if worth
        else None
    )


def _rebuild(start: str) -> str | None:
    """From the mastaba, the new start leaves it: the old start's pips are all the score loses."""
    worth = pips(parse_tile(start))
    if not worth:
        return None
    return f"マスタバの牌から作りなおすと、いまの最初の牌{written(start)}の{worth}点が得点から消えます。"


def _exchange(tile: str, average: float) -> str | None:
    worth = pips(parse_tile(tile))
    if worth <= average:
        return None
    return (
        f"マスタバの{written(tile)}（{worth}点）は、まだ見えていない牌の目の平均"
        f"（約{average:.1f}点）より重い牌です。"
    )


def _draw(view: dict[str, Any]) -> str | None:
    """How many of the tiles the seat has not seen fit its grave, and where those tiles lie: only
    the pile can be drawn, but where the opponent's mastaba or a practice game's set-aside tiles
    hide some too, the seat cannot tell which lie in the pile, so the sentence names each place."""
    unseen = unseen_tiles(view)
    grave = [parse_tile(t) for t in view["graves"][view["seat"]]]
    fitting = sum(1 for tile in unseen if placements(tile, grave))
    if not fitting:
        return None
    places = [
        (name, count)
        for name, count in (
            ("山", view["pile"]),
            ("相手のマスタバ", view["mastaba_counts"][1 - view["seat"]]),
            ("よけてある牌", view.get("set_aside", 0)),
        )
        if count
    ]
    assert len(unseen) == sum(count for _, count in places)
    ends = "あなたの墓地のどちらかの端につながります"
    if len(places) == 1:
        return f"山の{len(unseen)}枚のうち{fitting}枚は、{ends}。"
    where = "・".join(f"{name}{count}枚" for name, count in places)
    which = f"山の{view['pile']}枚がどれかは分かりません"
    return f"まだ見えていない{len(unseen)}枚（{where}）のうち{fitting}枚は、{ends}。{which}。"
