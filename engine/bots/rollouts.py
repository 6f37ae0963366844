"""Determinised rollouts: the other search every game gets through the contract.

At each decision with a choice, every legal action is tried on the same `samples` draws of the
hidden pieces (`Perspective.sample`), and after each the game's heuristic plays on, with the
same dice for every action, to the end of the seat's run and then for the game's horizon (a
function of the position is asked where the seat's run ends: a run may cross into a new hand,
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

The draws are a race: after RACE_AFTER draws, an action the leader beats by RACE_MARGIN standard
errors of their paired differences is dropped, and once one action is left the weighing stops.
Most actions of a hand of cards or a row of spaces are clearly worse after a few draws; the
budget is spent on the close ones (Herrlof's bids and Rondo's chains about 2.5 times faster, with
the same choices in most positions; `make bench` has its strength). The heuristic's action
races to the end where a game asks for evidence against it (`confidence`, below).

Compound turns (choose, pick, unpick, done) climb to a better finished move in a few steps:
- The draws are seeded from what the seat knew where its current run of actions began (the log
  it could read and its view then), so every step of the run weighs its actions on the same
  draws, and the same position gives the same move in CPython and in Pyodide.
- An action is worth the move the heuristic finishes from it: the seat's run is played to its
  end first, and that finished move is valued once per draw and remembered for the run. So the
  line the last step chose is worth exactly what it was worth then, a step leaves it only for a
  strictly better one (ties go to the heuristic, which follows the line), and a turn cannot
  wander. (Valued afresh at every step, a finished move was played out for another horizon
  depending on how many picks were still to come, its worth changed from step to step, and The
  Bottle Imp's passing wandered through hundreds of picks and unpicks: over a minute.)
- An action that brings the seat back to a view it already had in its current run
  (`Perspective.turn`) is never tried.
- A game may have its bot weigh only the first steps of a run (`steps_weighed`); later steps are
  the heuristic's, which finishes exactly the move the last weighed step chose. In No Return's
  set-ups, exchanges and cashing, the search played the heuristic's own step at 503 of 509 of
  the third and later steps of a run (つよい at every seat, 3 games), which cost some 40 % of its
  thinking. A hint or a review still weighs every step: they are asked about one position.

The wall-clock cap (`engine.bots.clock`) is a safety net for the browser only: a draw it cuts
short is dropped, so every action is still weighed on the same finished draws; with no draw
finished, the heuristic's choice is played.
"""

from __future__ import annotations

import pickle
from collections import OrderedDict
from collections.abc import Callable

from engine.bots.base import Bot
from engine.bots.clock import Deadline, OutOfTime, RunClock
from engine.bots.perspective import Perspective, run_seed, signature
from engine.bots.search import ROLLOUT_STEPS, Evaluate, play_on
from engine.bots.weighing import Weighed, Weighing, forced, mean_and_error
from engine.core import State
from engine.rng import Rng

RACE_AFTER = 4
"""Draws every candidate gets before any can be dropped: fewer tell too little of the spread."""
RACE_MARGIN = 2.0
"""Standard errors (of the paired differences) by which the leader must beat an action to drop it."""
RUNS_REMEMBERED = 8
"""Runs whose finished moves' worth is kept (see the module docstring); one run's steps come one
after another, but several sandboxes and seats may share one search bot."""


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
        steps_weighed: int | None = None,
    ) -> None:
        self.policy = policy
        self.samples = samples
        self.confidence = confidence
        self.steps_weighed = steps_weighed
        self.horizon = horizon
        self.evaluate = evaluate
        self.clock = RunClock(time_limit)
        self.offers = offers
        self._worth: OrderedDict[int, dict[tuple[int, bytes], float]] = OrderedDict()

    def choose(self, perspective: Perspective, rng: Rng) -> str:
        """The action with the best mean lead; ties go to the heuristic's choice (made with `rng`),
        then to the first legal one; the heuristic's choice unless the best one convinces (see
        `confidence` above). An offer is weighed only where the heuristic makes it. Past
        `steps_weighed` steps of the seat's run, the heuristic's step (see the module docstring)."""
        view = perspective.view()
        legal = view["legal_actions"]
        if len(legal) == 1:
            return legal[0]
        if self.steps_weighed is not None and perspective.steps_taken() >= self.steps_weighed:
            return self.policy.choose(view, rng)  # the heuristic finishes the line chosen so far
        return self.weigh(perspective, rng).choice

    def weigh(self, perspective: Perspective, rng: Rng, *, own_cap: bool = False) -> Weighing:
        """Every candidate's mean lead with its standard error, best first, and the choice (see
        `choose`); `close` where the best does not beat the second by one standard error of their
        paired differences. `own_cap`: a cap of its own (a hint), not the run's."""
        view = perspective.view()
        legal = view["legal_actions"]
        if len(legal) == 1:
            return forced(legal[0], "lead")
        hint = self.policy.choose(view, rng)
        candidates = [action for action in legal if action not in self.offers or action == hint]
        if len(candidates) == 1:
            return forced(candidates[0], "lead")
        turn = perspective.turn()
        run = [point for point, _ in turn] + [perspective]
        start = run_seed(run[0])
        with self.clock.thinking(start, first_step=own_cap or not turn) as deadline:
            keep = hint if self.confidence else None  # weighed on every draw: the confidence test needs it
            leads = self._weigh(perspective, candidates, run, start, deadline, keep)
        if not leads:
            return forced(hint, "lead")
        means = {action: _running_sum(values) / len(values) for action, values in leads.items()}
        most = max(len(values) for values in leads.values())
        raced = [action for action in leads if len(leads[action]) == most]  # not dropped on the way
        best = max(raced, key=lambda action: (means[action], action == hint))
        choice = best
        if self.confidence and best != hint and hint in raced:
            choice = best if convinces(leads[best], leads[hint], self.confidence) else hint
        order = sorted(leads, key=lambda action: (-means[action], action != choice, action))
        figures = tuple(
            Weighed(action, *mean_and_error(leads[action]), len(leads[action])) for action in order
        )
        margin = paired_error(leads[order[0]], leads[order[1]]) if len(order) > 1 else None
        close = len(order) > 1 and not convinces(leads[order[0]], leads[order[1]], 1.0)
        return Weighing("lead", figures, choice, close, margin)

    def _weigh(
        self,
        perspective: Perspective,
        candidates: list[str],
        run: list[Perspective],
        start: int,
        deadline: Deadline,
        keep: str | None,
    ) -> dict[str, list[float]]:
        """Each candidate's lead on every draw the cap let finish (none: an empty dict); an action
        that returns to a view of the run is left out."""
        seat = perspective.seat
        seen = {signature(point.view()) for point in run}
        worth = self._worth_of(start, first_step=len(run) == 1)
        draws = Rng(start)
        leads: dict[str, list[float]] = {action: [] for action in candidates}
        racing = list(candidates)
        for count in range(1, self.samples + 1):
            state = perspective.sample(draws)
            roll = draws.next64()
            try:
                drawn = {}
                for action in racing:
                    deadline.check()
                    after = state.clone()
                    after.apply_legal(action)  # the seat's own moves: the same in every sample
                    if after.current_player == seat and signature(after.view(seat)) in seen:
                        continue  # back to a view of this run: a loop
                    drawn[action] = self._finished_worth(after, seat, roll, worth, deadline)
            except OutOfTime:
                break
            for action, lead in drawn.items():
                leads[action].append(lead)
            racing = [action for action in racing if action in drawn]
            if count >= RACE_AFTER:
                racing = still_racing(leads, racing, keep)
            if len(racing) < 2:
                break
        return {action: values for action, values in leads.items() if values}

    def _finished_worth(
        self, state: State, seat: int, roll: int, worth: dict[tuple[int, bytes], float], deadline: Deadline
    ) -> float:
        """The seat's lead once the heuristic has finished its run (the finished move, valued once
        per draw: see the module docstring) and then played the horizon."""
        dice = Rng(roll)
        steps = 0
        while state.current_player == seat and steps < ROLLOUT_STEPS:
            state.apply_legal(self.policy.choose(state.bot_view(seat), dice))
            steps += 1
            deadline.check()
        key = (roll, exact_key(state))
        if key not in worth:
            turns = self.horizon(state) if callable(self.horizon) else self.horizon
            played = play_on(
                state, self.policy, Rng(roll), turns, evaluate=self.evaluate, by_lead=True, deadline=deadline
            )
            worth[key] = played[seat]
        return worth[key]

    def _worth_of(self, start: int, *, first_step: bool) -> dict[tuple[int, bytes], float]:
        """The finished moves' worth kept for the run `start` (a fresh table at its first step)."""
        if first_step:
            self._worth.pop(start, None)
        table = self._worth.pop(start, {})
        self._worth[start] = table
        while len(self._worth) > RUNS_REMEMBERED:
            self._worth.popitem(last=False)
        return table


def exact_key(state: State) -> bytes:
    """The finished position exactly, as bytes (its replay history and move log left out): equal
    only for identical states, so a finished move found again is always worth what it was; two
    states alike but for the order of a dict or set only miss (valued twice). Pickled rather than
    `engine.core.position_key`: seven times quicker, and asked for every action on every draw."""
    kept = {name: value for name, value in vars(state).items() if name not in _RECORDS}
    return pickle.dumps(kept, protocol=pickle.HIGHEST_PROTOCOL)


_RECORDS = ("history", "journal")


def still_racing(leads: dict[str, list[float]], racing: list[str], keep: str | None) -> list[str]:
    """The actions still in the race: those the leader does not beat by RACE_MARGIN standard errors
    on the draws so far (`keep` stays whatever it does)."""
    leader = max(racing, key=lambda action: _running_sum(leads[action]))
    return [
        action
        for action in racing
        if action in (leader, keep) or not convinces(leads[leader], leads[action], RACE_MARGIN)
    ]


def _running_sum(values: list[float]) -> float:
    """Summed one by one as they come: the same float in every Python (`sum` of floats rounds
    differently from 3.12 on, and Pyodide runs 3.14)."""
    total = 0.0
    for value in values:
        total += value
    return total


def convinces(better: list[float], baseline: list[float], confidence: float) -> bool:
    """Whether `better` beats `baseline` (leads on the same draws; the draws both have) by
    `confidence` standard errors of the mean paired difference. Exact sums (`math.fsum`): the same
    answer in CPython and in Pyodide, whose `sum` of floats rounds differently."""
    differences = [b - a for b, a in zip(better, baseline, strict=False)]
    if len(differences) < 2:
        return False  # one draw tells nothing of the spread
    mean, error = mean_and_error(differences)
    return mean > confidence * error


def paired_error(better: list[float], baseline: list[float]) -> float | None:
    """The standard error of the mean difference of two actions' leads on the draws both have
    (what `convinces` measures against); None from one draw, which tells nothing of the spread."""
    differences = [b - a for b, a in zip(better, baseline, strict=False)]
    return mean_and_error(differences)[1] if len(differences) > 1 else None
