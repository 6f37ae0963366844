"""What a search found for each action of one decision: the figures behind a hint and a review.

Both kinds of search give them through `weigh(perspective, rng)`, from the seat's knowledge alone
(the `Perspective`), and both play exactly the `choice` they report (but for the steps of a run
a game has the rollouts follow unweighed: `Game.search_steps_weighed`). The unit is the search's own:
the rollouts' mean lead over the best other seat where their rollouts stop (points: "lead"), the
tree's mean win share ("win", 0 to 1). `error` is the standard error of that mean, the search's
own noise; `close` says that the best two are within it, so a reader is not shown a clear best
where the search cannot tell, and `margin` is how large that noise is: the standard error of the
difference between the best two, as the search measured it when it called them close (the
rollouts' on the draws both had, paired; the tree's from the two errors).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Literal

Unit = Literal["lead", "win"]


@dataclass(frozen=True)
class Weighed:
    action: str
    value: float
    error: float
    samples: int


@dataclass(frozen=True)
class Weighing:
    unit: Unit
    actions: tuple[Weighed, ...]
    """Best first (the best value; the tree: the most visited, as it plays)."""
    choice: str
    close: bool
    margin: float | None = None
    """The standard error of the best two's difference (None: not known, fewer than two weighed
    or fewer than two draws in common)."""

    def of(self, action: str) -> Weighed | None:
        return next((weighed for weighed in self.actions if weighed.action == action), None)


def forced(action: str, unit: Unit) -> Weighing:
    """A decision with one action only: nothing to weigh."""
    return Weighing(unit, (Weighed(action, 0.0, 0.0, 0),), action, close=False)


def mean_and_error(values: list[float]) -> tuple[float, float]:
    """The mean and its standard error, summed exactly (`math.fsum`: the same in CPython and
    Pyodide); no spread is known from one value."""
    count = len(values)
    mean = math.fsum(values) / count
    if count < 2:
        return mean, 0.0
    return mean, math.sqrt(math.fsum((v - mean) ** 2 for v in values) / (count - 1) / count)
