"""A sensible Rondo player that reads only its own view (and the printed board).

It values a chip on its rack at w points (what it will score later, roughly: WORTH_SHARE of the
side's mean space value), so a space filled face up with n chips of value v is worth n × (v − w),
a face-down chip −w, and a chain the sum of its spaces plus the chip drawn afterwards; drawing
is worth w a chip. It searches every chain from the spaces it may start on, with the choices
that can pay: all its chips of the space's colour face up when the space is worth more than w,
else one face-down chip as a bridge (at most BRIDGES a chain). It needs no memory between
calls: in the middle of a chain it searches again from where the chain stands, and the rest of
its plan is still the best. Near the end a chip on the rack is worth little (it only breaks a
tie), so w falls to END_WORTH once the end is triggered or the bag is nearly empty.

In self-play, w = 0.86 × mean beat w = 0.55 × mean in 80 % of 2-player games on the blue side
and 0.7 × mean in 66 % on the red side; letting the bot also weigh the spaces its chain opens
to the others, or allowing two bridges, changed nothing measurable, so neither is here.
"""

from __future__ import annotations

from typing import Any

from engine.core import State
from engine.games.rondo.board import COLOURS_OF, INDEX, NEIGHBOURS, SPACES, VALUES
from engine.games.rondo.codec import COLOURS, DOWN_IDS, GO_IDS, RACK_LIMIT, UP_IDS
from engine.games.rondo.rules import RondoState, chain_starts
from engine.rng import Rng

WORTH_SHARE = 0.86
"""A chip on the rack is worth this share of the side's mean space value (tuned in self-play)."""
END_WORTH = 0.2
BRIDGES = 1
NEGATIVE = -1e9
_MEAN = {side: sum(values) / len(values) for side, values in VALUES.items()}


def rack_worth(view: dict[str, Any]) -> float:
    """What a chip on a rack is worth from the position `view` shows (any seat's view will do)."""
    nearly_empty = view["bag"] <= 2 * view["players"]
    return END_WORTH if view["ending"] or nearly_empty else WORTH_SHARE * _MEAN[view["side"]]


def projected_scores(state: State) -> list[float]:
    """Each seat's points plus its rack at `rack_worth` a chip: the search then values a position
    as the heuristic plays it, and no longer sees a chip laid at a loss as a gain."""
    assert isinstance(state, RondoState)
    worth = rack_worth(state.bot_view(0))
    return [score + worth * held for score, held in zip(state.scores(), state.rack_counts(), strict=True)]


class HeuristicBot:
    def choose(self, view: dict[str, Any], rng: Rng) -> str:
        legal = view["legal_actions"]
        action = _Planner(view).best_action()
        return action if action in legal else rng.choice(legal)


class _Planner:
    """One decision: the chain search over a copy of what the view shows."""

    def __init__(self, view: dict[str, Any]) -> None:
        self.values = VALUES[view["side"]]
        self.occupied = {INDEX[space] for space in view["board"]}
        self.rack = [view["rack"][c] for c in COLOURS]
        self.turn = view["turn"]
        self.worth = rack_worth(view)
        chain = [INDEX[space] for space in self.turn["chain"]]
        self.bridges = BRIDGES - sum(view["board"][SPACES[i].id]["face"] == "down" for i in chain)
        self.last = chain[-1] if chain else None

    def best_action(self) -> str:
        stage = self.turn["stage"]
        if stage == "chips":
            target = INDEX[self.turn["target"]]
            return self._fill(target, self.bridges, must=True)[1]
        if stage == "next":
            if not sum(self.rack):
                return "end"
            value, start = self._best_start(NEIGHBOURS[self.last], self.bridges)  # type: ignore[index]
            return GO_IDS[start] if start is not None and value > 0 else "end"
        return self._choose_turn()

    def _choose_turn(self) -> str:
        held = sum(self.rack)
        starts = chain_starts(self.occupied)
        if not held or not starts:
            return "pass" if held == RACK_LIMIT else "draw"
        value, start = self._best_start(starts, self.bridges, must=held == RACK_LIMIT)
        drawn = 2 if held <= RACK_LIMIT - 2 else 1
        if start is not None and (held == RACK_LIMIT or value + self.worth > drawn * self.worth):
            return GO_IDS[start]
        return "draw"

    def _best_start(self, spaces: Any, bridges: int, *, must: bool = False) -> tuple[float, int | None]:
        """The best chain from any of `spaces`: (its worth, where it starts)."""
        best, where = NEGATIVE, None
        for space in spaces:
            if space in self.occupied:
                continue
            value = self._fill(space, bridges, must=must)[0]
            if value > best:
                best, where = value, space
        return best, where

    def _fill(self, space: int, bridges: int, *, must: bool = False) -> tuple[float, str]:
        """The best way to fill `space` and go on from it: (worth of the rest of the chain, action)."""
        colour = COLOURS.index(COLOURS_OF[space])
        gain = self.values[space] - self.worth
        options: list[tuple[int, int, float, int, str]] = []  # colour, chips, worth, bridges left, action
        if self.rack[colour] and gain > 0:
            count = self.rack[colour]
            options.append((colour, count, count * gain, bridges, UP_IDS[count]))
        elif bridges > 0 or must:
            spare = min(
                (k for k in range(len(COLOURS)) if self.rack[k]), key=lambda k: (self.rack[k], k == colour)
            )
            options.append((spare, 1, -self.worth, bridges - 1, DOWN_IDS[COLOURS[spare]]))
        if must and self.rack[colour] and gain <= 0:
            options.append((colour, 1, gain, bridges, UP_IDS[1]))
        self.occupied.add(space)
        best, action = NEGATIVE, ""
        for used, count, value, left, step in options:
            self.rack[used] -= count
            rest = max(self._best_start(NEIGHBOURS[space], left)[0], 0.0) if sum(self.rack) else 0.0
            self.rack[used] += count
            if value + rest > best:
                best, action = value + rest, step
        self.occupied.discard(space)
        return best, action
