"""Information-set Monte Carlo tree search: one player that every game gets through the contract.

Single-observer ISMCTS (Cowling, Powley & Whitehouse 2012). Each iteration
1. draws a state the seat cannot tell from the real one (`Perspective.sample`);
2. walks down one tree of action ids shared by all iterations, among the actions legal in that
   state, by PUCT: a node's mean value plus a bonus that fades with visits, weighted by a prior
   that favours the action the game's own heuristic bot would play (so a small budget plays
   about as well as the heuristic and departs from it on evidence); an offer (`Game.offers`)
   is a candidate only where the heuristic makes it;
3. adds new nodes up to the end of the current seat's run of actions, never stopping half-way
   through a compound turn, so every value belongs to a finished move;
4. lets the heuristic play on for `horizon` turns (changes of the seat to move; a number, or a
   function of the position where the rollout starts) and values the position from the scores
   as they stand (or as `evaluate` projects them): each seat's win share if the game ended
   there (a game where by how much a seat leads matters more than who leads plays the rollouts
   of `engine.bots.rollouts`, which compare leads);
5. credits every action on the path with the value of the seat that chose it.

Compound turns (choose, pick, unpick, done) neither go round in circles nor wander:
- in the tree, an action that brings the seat back to a view it already had in its current run
  of actions closes a loop; such a node is marked and never chosen again, and a node whose every
  action is marked is marked too, so the tree is finite;
- in the real game, one search plans a whole segment of the seat's run: the most visited line
  of its own actions, up to the end of the run or to the first action whose outcome the seat
  could not foresee (its view after it differed between samples: a drawn tile). Every later
  step of the run finds the same plan again (`Perspective.turn` gives the run so far; a plan is
  seeded from the views it starts from, and kept) and plays its next action; a new segment is
  planned only where the last one ended. So a turn is played as the search chose it whole.

The iteration budget fixes the result: the same position gives the same move in CPython and in
Pyodide. The wall-clock cap (`engine.bots.clock`) is a safety net for the browser only: an
iteration it cuts short is dropped, and the plan is drawn from the iterations that finished.
"""

from __future__ import annotations

import math
from collections import OrderedDict
from collections.abc import Callable

from engine.bots.base import Bot
from engine.bots.clock import NO_DEADLINE, Deadline, OutOfTime, RunClock
from engine.bots.perspective import Perspective, run_seed, seed_from, signature
from engine.bots.weighing import Weighed, Weighing, forced
from engine.core import State, win_shares
from engine.rng import Rng

Evaluate = Callable[[State], list[float]]
"""A game's projection of each seat's final score from a position, oriented like `scores()`."""

EXPLORATION = 1.0
HINT_PRIOR = 0.6
"""The prior of the heuristic's action; the other actions share the rest."""
ROLLOUT_STEPS = 400
"""Safety cap on the atomic actions of one rollout."""
PLAN_CACHE = 256


class _Node:
    __slots__ = ("after", "children", "loop", "reveals", "seat", "value", "visits")

    def __init__(self, seat: int | None) -> None:
        self.children: dict[str, _Node] = {}
        self.seat = seat  # who chose the action leading here
        self.visits = 0
        self.value = 0.0
        self.loop = False
        self.after: str | None = None  # the chooser's view after the action, while it moves on
        self.reveals = False  # that view was not the same in every sample


class SearchBot:
    """ISMCTS with `iterations` samples a plan, guided and played out by a game's `policy` bot."""

    def __init__(
        self,
        policy: Bot,
        iterations: int,
        *,
        horizon: int | Callable[[State], int],
        evaluate: Evaluate | None = None,
        time_limit: float | None = None,
        offers: frozenset[str] = frozenset(),
    ) -> None:
        self.policy = policy
        self.offers = offers
        self.iterations = iterations
        self.evaluate = evaluate
        self.horizon = horizon
        self.clock = RunClock(time_limit)
        self._plans: OrderedDict[str, list[str]] = OrderedDict()

    def choose(self, perspective: Perspective, rng: Rng) -> str:
        """The next action of the plan the run is following; `rng` only where none is left."""
        view = perspective.view()
        legal = view["legal_actions"]
        if len(legal) == 1:
            return legal[0]
        turn = perspective.turn()
        points = [point for point, _ in turn] + [perspective]
        played = [action for _, action in turn]
        signatures = [signature(point.view()) for point in points]
        with self.clock.thinking(run_seed(points[0]), first_step=not turn) as deadline:
            return self._follow(points, played, signatures, legal, deadline) or self.policy.choose(view, rng)

    def weigh(self, perspective: Perspective, rng: Rng, *, own_cap: bool = False) -> Weighing:
        """A search from this position: each action's mean win share (with its standard error) and
        visits, most visited first, and the action the tree plays (`choose`: the plan of the run
        so far). `close` where the two most visited are within their standard errors.
        `own_cap`: a cap of its own (a hint), not the run's."""
        view = perspective.view()
        legal = view["legal_actions"]
        if len(legal) == 1:
            return forced(legal[0], "win")
        turn = perspective.turn()
        points = [point for point, _ in turn] + [perspective]
        played = [action for _, action in turn]
        signatures = [signature(point.view()) for point in points]
        key = "\n".join([*perspective.log_lines(), *signatures])
        with self.clock.thinking(run_seed(points[0]), first_step=own_cap or not turn) as deadline:
            plan, whole, root = self._search(perspective, set(signatures), Rng(seed_from([key])), deadline)
            if whole:
                self._keep(key, plan)  # the plan `choose` searches for here: the same key, the same draws
            choice = self._follow(points, played, signatures, legal, deadline)
        choice = choice or self.policy.choose(view, rng)
        children = [(action, c) for action, c in root.children.items() if c.visits and not c.loop]
        if not children:
            return forced(choice, "win")
        children.sort(key=lambda item: (-item[1].visits, -item[1].value, item[0]))
        figures = tuple(Weighed(action, *_win_share(c), c.visits) for action, c in children)
        if len(figures) < 2:
            return Weighing("win", figures, choice, close=False)
        margin = math.hypot(figures[0].error, figures[1].error)
        close = figures[0].value - figures[1].value <= margin
        return Weighing("win", figures, choice, close, margin)

    def _follow(
        self,
        points: list[Perspective],
        played: list[str],
        signatures: list[str],
        legal: list[str],
        deadline: Deadline,
    ) -> str | None:
        """The next action of the plan the run is following (None: every line returns to an
        earlier view, nothing to plan)."""
        start = 0
        while True:
            plan = self._plan(points[start], signatures[: start + 1], deadline)
            followed = 0
            while (
                followed < min(len(plan), len(played) - start) and plan[followed] == played[start + followed]
            ):
                followed += 1
            if start + followed < len(played):  # a new segment began there
                start += max(followed, 1)
                continue
            if followed < len(plan) and plan[followed] in legal:
                return plan[followed]
            if start == len(played):  # nothing to plan: every line returns to an earlier view
                return None
            start = len(played)  # the plan ended here: plan the next segment

    def _plan(self, point: Perspective, signatures: list[str], deadline: Deadline) -> list[str]:
        """The seat's most visited line from `point`, searched once per position and kept (the
        position as the seat knows it: its views of the run so far and the log it may read)."""
        key = "\n".join([*point.log_lines(), *signatures])
        plan = self._plans.get(key)
        if plan is None:
            plan, whole, _ = self._search(point, set(signatures), Rng(seed_from([key])), deadline)
            if whole:  # a plan the cap cut short is not kept: the position may come again
                self._keep(key, plan)
        return plan

    def _keep(self, key: str, plan: list[str]) -> None:
        self._plans[key] = plan
        if len(self._plans) > PLAN_CACHE:
            self._plans.popitem(last=False)

    def _search(
        self, point: Perspective, seen: set[str], rng: Rng, deadline: Deadline
    ) -> tuple[list[str], bool, _Node]:
        """The most visited line, whether the search ran its whole budget (not cut short), and
        the tree (its root)."""
        root = _Node(None)
        whole = True
        for _ in range(self.iterations):
            try:
                self._iterate(root, point.sample(rng), rng, seen, deadline)
            except OutOfTime:
                whole = False  # the cut iteration's nodes got no visit: the plan passes them by
                break
            if root.loop:
                break
        plan = []
        node = root
        while not node.reveals:
            options = [(a, c) for a, c in node.children.items() if c.visits and not c.loop]
            if not options:
                break
            action, node = max(options, key=lambda item: (item[1].visits, item[1].value))
            if node.seat != point.seat:
                break
            plan.append(action)
        return plan, whole, root

    def _iterate(self, root: _Node, state: State, rng: Rng, seen: set[str], deadline: Deadline) -> None:
        """One sample, one walk down the tree to the end of a seat's run, one rollout."""
        deadline.check()
        path: list[_Node] = []
        node = root
        mover = state.current_player
        expanded = False
        while mover is not None:
            hint = self.policy.choose(state.bot_view(mover), rng)
            action = self._select(node, state.legal_actions(), hint, rng)
            if action is None:  # every action closes a loop: a dead end
                node.loop = True
                return
            node = node.children.setdefault(action, _Node(mover))
            expanded = expanded or node.visits == 0
            state.apply(action)
            path.append(node)
            seat = state.current_player
            if seat != mover:
                if expanded:
                    break
                mover = seat
                seen = {signature(state.view(seat))} if seat is not None else set()
                continue
            after = signature(state.view(mover))
            if node.after is None:
                node.after = after
            node.reveals = node.reveals or node.after != after
            if after in seen:
                node.loop = True
                return
            seen = seen | {after}
            deadline.check()
        values = self._rollout(state, rng, deadline)
        for child in path:
            child.visits += 1
            child.value += values[child.seat]  # type: ignore[index]  # set for every child

    def _select(self, node: _Node, legal: list[str], hint: str, rng: Rng) -> str | None:
        """PUCT over the actions that close no loop, but an offer only where the heuristic makes
        it; ties go to the generator."""
        open_ = [a for a in legal if not (a in node.children and node.children[a].loop)]
        if not open_:
            return None
        open_ = [a for a in open_ if a not in self.offers or a == hint] or open_
        visits = [node.children[a].visits if a in node.children else 0 for a in open_]
        total = sum(visits)
        means = {a: node.children[a].value / n for a, n in zip(open_, visits, strict=True) if n}
        first_play = sum(node.children[a].value for a in means) / total if total else 0.5
        scale = EXPLORATION * math.sqrt(max(total, 1))
        others = (1 - HINT_PRIOR) / (len(open_) - 1) if len(open_) > 1 else 0.0
        best: list[str] = []
        best_score = -math.inf
        for action, n in zip(open_, visits, strict=True):
            prior = (HINT_PRIOR if action == hint else others) if hint in open_ else 1 / len(open_)
            mean = means[action] if n else first_play
            score = mean + scale * prior / (1 + n)
            if score > best_score:
                best, best_score = [action], score
            elif score == best_score:
                best.append(action)
        return best[0] if len(best) == 1 else rng.choice(best)

    def _rollout(self, state: State, rng: Rng, deadline: Deadline) -> list[float]:
        turns = self.horizon(state) if callable(self.horizon) else self.horizon
        return play_on(
            state, self.policy, rng, turns, evaluate=self.evaluate, by_lead=False, deadline=deadline
        )


def play_on(
    state: State,
    policy: Bot,
    rng: Rng,
    turns: int,
    *,
    evaluate: Evaluate | None,
    by_lead: bool,
    deadline: Deadline = NO_DEADLINE,
) -> list[float]:
    """Let `policy` play every seat for `turns` turns (changes of the seat to move), then value
    the position for each seat: its win share if the game ended with the scores as they stand
    (or as `evaluate` projects them), or, `by_lead`, its lead over the best of the others."""
    played, steps = 0, 0
    mover = state.current_player
    while mover is not None and steps < ROLLOUT_STEPS:
        state.apply_legal(policy.choose(state.bot_view(mover), rng))
        steps += 1
        deadline.check()
        if state.current_player != mover:
            mover = state.current_player
            played += 1
            if played >= turns:
                break
    if state.is_over() and not by_lead:
        return win_shares(state.winners(), state.players)
    projected = state.scores() if state.is_over() or not evaluate else evaluate(state)
    return (leads if by_lead else values)(projected, lower_wins=state.info.lower_wins)


def values(projected: list[float], *, lower_wins: bool) -> list[float]:
    """Each seat's win share if the game ended with these scores."""
    best = min(projected) if lower_wins else max(projected)
    return win_shares([seat for seat, score in enumerate(projected) if score == best], len(projected))


def leads(scores: list[float], *, lower_wins: bool) -> list[float]:
    """Each seat's lead over the best of the other seats (negative when behind)."""
    sign = -1 if lower_wins else 1
    return [
        sign * score - max(sign * other for seat, other in enumerate(scores) if seat != mine)
        for mine, score in enumerate(scores)
    ]


def _win_share(node: _Node) -> tuple[float, float]:
    """A node's mean win share and its standard error (a share's binomial spread)."""
    share = node.value / node.visits
    return share, math.sqrt(max(share * (1 - share), 0.0) / node.visits)
