"""Determinised rollouts: the other search every game gets through the contract.

At each decision with a choice, every legal action is tried on the same `samples` draws of the
hidden pieces (`Perspective.sample`), and after each the game's heuristic plays on, with the
same dice for every action, to the end of the seat's run and then for the game's horizon (a
function of the position is asked where each rollout starts: a run may cross into a new hand,
whose bids need a horizon of their own). The action with the best mean lead over the best
other seat is played (the rollout algorithm of Tesauro & Galperin 1996, determinised as in
Perfect Information Monte Carlo).

Why it can beat the tree search at the same time: the actions are compared in pairs, on the
same draws and the same dice, so the luck they share cancels out and a difference of a point is
seen in 16 samples; a tree spends its iterations unevenly and compares means of different draws.
Why the lead: with paired draws most win shares would tie, while leads still differ.

A game may ask for evidence before the search leaves its heuristic (`confidence`): the best
action is played instead of the heuristic's only if its mean lead beats the heuristic's by that
many standard errors of their paired differences. The best of many means is partly luck, and
where the heuristic is already good, a departure on a point or two of luck is a loss more often
than a gain (No Return at 2 players: see its `Game`).

Compound turns (choose, pick, unpick, done) cannot go round in circles: an action that brings
the seat back to a view it already had in its current run (`Perspective.turn`) is never tried,
so every step of a run reaches a view the run has not seen, and there are finitely many.

The draws are seeded from what the seat knew where its current run of actions began (the log
it could read and its view then), so the same position gives the same move in CPython and in
Pyodide, and every step of a compound turn weighs its actions on the same draws: the line the
last step chose is played out again as the heuristic's next step, and a step leaves it only for
one that does better on those draws. A turn climbs to a better finished move; with fresh draws
at every step it wandered on noise (pick, unpick, pick another). The wall-clock cap is a safety
net for the browser only: it stops between samples, so every action is still weighed on the
same draws.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable

from engine.bots.base import Bot
from engine.bots.perspective import Perspective, seed_from, signature
from engine.bots.search import Evaluate, play_on
from engine.core import State
from engine.rng import Rng


class RolloutBot:
    """Each action weighed on `samples` shared draws, played on by a game's `policy` bot."""

    def __init__(
        self,
        policy: Bot,
        samples: int,
        *,
        horizon: int | Callable[[State], int],
        evaluate: Evaluate | None = None,
        time_limit: float | None = None,
        offers: frozenset[str] = frozenset(),
        confidence: float = 0.0,
    ) -> None:
        self.policy = policy
        self.samples = samples
        self.confidence = confidence
        self.horizon = horizon
        self.evaluate = evaluate
        self.time_limit = time_limit
        self.offers = offers

    def choose(self, perspective: Perspective, rng: Rng) -> str:
        """The action with the best mean lead; ties go to the heuristic's choice (made with `rng`),
        then to the first legal one; the heuristic's choice unless the best one convinces (see
        `confidence` above). An offer is weighed only where the heuristic makes it."""
        view = perspective.view()
        legal = view["legal_actions"]
        if len(legal) == 1:
            return legal[0]
        hint = self.policy.choose(view, rng)
        candidates = [action for action in legal if action not in self.offers or action == hint]
        if len(candidates) == 1:
            return candidates[0]
        seat = perspective.seat
        run = [point for point, _ in perspective.turn()] + [perspective]
        seen = [signature(point.view()) for point in run]
        draws = Rng(seed_from([*run[0].log_lines(), seen[0]]))  # where the run began: see above
        totals = dict.fromkeys(candidates, 0.0)  # summed as they come: the same in every Python
        leads: dict[str, list[float]] = {action: [] for action in candidates}  # for `convinces`
        started = time.perf_counter()
        for _ in range(self.samples):
            state = perspective.sample(draws)
            dice = Rng(draws.next64())
            for action in list(totals):
                after = state.clone()
                after.apply(action)
                if after.current_player == seat and signature(after.view(seat)) in seen:
                    del totals[action]  # back to a view of this run: a loop
                    continue
                lead = self._play_on(after, seat, dice.copy())
                totals[action] += lead
                leads[action].append(lead)
            if self.time_limit and time.perf_counter() - started > self.time_limit:
                break
        if not totals:
            return hint
        best = max(totals, key=lambda action: (totals[action], action == hint))
        if self.confidence and best != hint and hint in totals:
            return best if convinces(leads[best], leads[hint], self.confidence) else hint
        return best

    def _play_on(self, state: State, seat: int, dice: Rng) -> float:
        """The seat's lead once the heuristic has finished its run and played the horizon."""
        turns = self.horizon(state) if callable(self.horizon) else self.horizon
        if state.current_player == seat:
            turns += 1  # the end of the seat's own run is not one of the horizon's turns
        return play_on(state, self.policy, dice, turns, evaluate=self.evaluate, by_lead=True)[seat]


def convinces(better: list[float], baseline: list[float], confidence: float) -> bool:
    """Whether `better` beats `baseline` (leads on the same draws) by `confidence` standard errors
    of the mean paired difference. Exact sums (`math.fsum`): the same answer in CPython and in
    Pyodide, whose `sum` of floats rounds differently."""
    differences = [b - a for b, a in zip(better, baseline, strict=True)]
    count = len(differences)
    if count < 2:
        return False  # one draw tells nothing of the spread
    mean = math.fsum(differences) / count
    spread = math.fsum((d - mean) ** 2 for d in differences) / (count - 1)
    return mean > confidence * math.sqrt(spread / count)
