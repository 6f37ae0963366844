"""ヒント: what the search would play for the seat at the screen, with the figures behind it.

Asked of つよい's search (engine.bots.levels) through the one call both kinds of search give,
`weigh`, from the seat's perspective alone, and seeded from what the seat knows: the same position
gives the same hint in CPython and in Pyodide, and two positions that differ only in what the seat
cannot see give the same hint.
"""

from __future__ import annotations

from typing import Any

from engine.bots.levels import search
from engine.bots.perspective import Perspective, run_seed
from engine.bots.weighing import Weighing
from engine.game import Game
from engine.rng import Rng
from engine.text import margin, weighed

SHOWN = 3
"""The best actions a hint lists (the one the search plays among them)."""


def weigh_for(game: Game, perspective: Perspective, *, level: str = "strong") -> Weighing:
    """The search of `level` weighing the seat's decision, seeded from what the seat knows."""
    searcher = search(game, level, perspective.players)
    return searcher.weigh(perspective, Rng(run_seed(perspective)), own_cap=True)


def hint(game: Game, perspective: Perspective, *, level: str = "strong") -> dict[str, Any]:
    """The hint as the page shows it: the best actions named as the board's buttons name them,
    each with its figure (none where the search had nothing to weigh: a single action), the one
    the search plays marked, whether the best are too close to tell apart and how large the
    search's error is there (`margin`: none where it tried too few draws to know; `tied`: so
    small that it prints as zero, the best two alike on every draw), and the game's own word on
    the best where it has one."""
    weighing = weigh_for(game, perspective, level=level)
    shown = list(weighing.actions[:SHOWN])
    chosen = weighing.of(weighing.choice)
    if chosen not in shown and chosen is not None:
        shown[-1] = chosen
    view = perspective.view()
    error = weighing.margin if weighing.close else None
    shown_margin = None if error is None else margin(weighing.unit, error)
    return {
        "forced": len(view["legal_actions"]) == 1,
        "unit": weighing.unit,
        "close": weighing.close,
        "margin": shown_margin,
        "tied": shown_margin == margin(weighing.unit, 0.0),
        "actions": [
            {
                "action": item.action,
                "label": perspective.describe(item.action),
                "figure": weighed(weighing.unit, item.value) if item.samples else None,
                "best": item.action == weighing.choice,
            }
            for item in shown
        ],
        "why": game.explain(view, weighing.choice) if game.explain else None,
    }
