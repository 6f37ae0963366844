"""Why a Rondo step is good, in one sentence a hint shows beside the search's figures.

The sentence is the most this turn's chain can still score once the step is taken: every chain
the seat's own rack can lay from there is tried (at most five spaces, so the search is small),
from the board as everyone sees it. That is certain from the view alone, so it is true wherever
it is given. A draw is told what placing would score at best instead; a pass has no sentence.
"""

from __future__ import annotations

from typing import Any

from engine.games.rondo.board import COLOURS_OF, INDEX, NEIGHBOURS, VALUES
from engine.games.rondo.codec import COLOURS, parse_action
from engine.games.rondo.rules import chain_starts

Rack = tuple[int, ...]
"""Chips on the rack by colour, in the order of COLOURS."""


def explain(view: dict[str, Any], action: str) -> str | None:
    move = parse_action(action)
    if move is None or view["turn"] is None:
        return None
    chain = _Chain(view)
    turn, rack = view["turn"], tuple(view["rack"][c] for c in COLOURS)
    so_far = turn["points"]
    if move.kind == "draw":
        firsts = chain_starts(chain.filled)
        if not sum(rack) or not firsts:
            return None
        best = max(chain.from_space(space, rack) for space in firsts)
        return f"いまチップを置いても、この手番は最大{best}点です。"
    if move.kind == "end":
        if chain.onwards(INDEX[turn["chain"][-1]], rack):
            return None
        return f"この先に置いても点は増えないので、{so_far}点で置き終えます。"
    if move.kind == "go":
        best = so_far + chain.from_space(INDEX[move.argument], rack)
    elif move.kind in ("up", "down"):
        target = INDEX[turn["target"]]
        colour = COLOURS_OF[target] if move.kind == "up" else move.argument
        count = int(move.argument) if move.kind == "up" else 1
        points = count * chain.values[target] if move.kind == "up" else 0
        best = so_far + points + chain.onwards(target, _less(rack, colour, count), chain.filled | {target})
    else:
        return None
    if move.kind == "go" and not turn["chain"]:
        return f"このマスから置き始めると、この手番は最大{best}点になります。"
    return f"この手で続けると、この手番は最大{best}点になります。"


class _Chain:
    """The chains the seat may still lay on the board as it stands."""

    def __init__(self, view: dict[str, Any]) -> None:
        self.values = VALUES[view["side"]]
        self.filled = frozenset(INDEX[space] for space in view["board"])

    def from_space(self, space: int, rack: Rack, filled: frozenset[int] | None = None) -> int:
        """The most a chain going on from an empty `space` scores: face up as many chips of its
        colour as the rack holds, or one chip face down, then on to a neighbour."""
        taken = (self.filled if filled is None else filled) | {space}
        colour = COLOURS_OF[space]
        held = rack[COLOURS.index(colour)]
        best = max(
            (
                n * self.values[space] + self.onwards(space, _less(rack, colour, n), taken)
                for n in range(1, held + 1)
            ),
            default=0,
        )
        for other, count in zip(COLOURS, rack, strict=True):
            if count:
                best = max(best, self.onwards(space, _less(rack, other, 1), taken))
        return best

    def onwards(self, last: int, rack: Rack, filled: frozenset[int] | None = None) -> int:
        """The most the chain still scores after `last` was filled (0: it stops there)."""
        taken = self.filled if filled is None else filled
        if not sum(rack):
            return 0
        return max((self.from_space(j, rack, taken) for j in NEIGHBOURS[last] if j not in taken), default=0)


def _less(rack: Rack, colour: str, count: int) -> Rack:
    index = COLOURS.index(colour)
    return tuple(n - count if i == index else n for i, n in enumerate(rack))
