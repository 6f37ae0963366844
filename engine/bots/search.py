"""Information-set Monte Carlo tree search: one player that every game gets through the contract.

A search plans a seat's move from a position (single-observer ISMCTS, after Cowling, Powley &
Whitehouse 2012). Each iteration
1. draws a state the seat cannot tell from the real one (`Perspective.sample`);
2. walks down one tree of action ids shared by all iterations, among the actions legal in that
   state, by PUCT: a node's mean value plus a bonus that fades with visits, weighted by a prior
   that favours the action the game's own heuristic bot would play (so a small budget plays at
   least about as well as the heuristic, and the search departs from it on evidence);
3. adds new nodes to the end of the current seat's run of actions, never stopping half-way
   through a compound turn, so every value belongs to a finished move;
4. lets the heuristic play on for `horizon` turns and values the position: each seat's win
   share if the game ended with the scores as they stand (or as `evaluate` projects them);
5. credits every action on the path with the value of the seat that chose it.

Compound turns (choose, pick, unpick, done, cancel) cannot make it go round in circles:
- within an iteration, an action that brings the seat back to a view it already had in this
  run of actions (unpick after pick, cancel after choosing) closes a loop; its node is marked
  and never chosen again, so the tree below a position is finite;
- across the real game, the search plans a whole segment of the turn once: the most visited
  line through the seat's run. Every later step of the turn finds that plan again (the search
  is seeded from the position where the plan starts; plans are cached) and plays its next
  action. A new plan starts only where the old one ends, where the game revealed something
  to the seat on the way (a drawn tile), or where the played line left it.

The iteration budget fixes the result: the same position gives the same move in CPython and
in Pyodide. The wall-clock cap is a safety net for the browser, never reached at the sandbox's
budgets.
"""

from __future__ import annotations

import hashlib
import json
import math
import time
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from engine.bots.base import Bot
from engine.bots.perspective import Perspective
from engine.core import State
from engine.rng import Rng

Evaluate = Callable[[State], list[float]]
"""A game's projection of each seat's final score from a position, oriented like `scores()`."""

EXPLORATION = 1.0
HINT_PRIOR = 0.6
"""The prior of the heuristic's action; the other actions share the rest."""
HORIZON = 2
"""Turns a rollout plays (changes of the seat to move) before the position is valued."""
ROLLOUT_STEPS = 400
"""Safety cap on the atomic actions of one rollout."""
PLAN_CACHE = 256


class _Node:
    __slots__ = ("children", "loop", "seat", "value", "visits")

    def __init__(self, seat: int | None) -> None:
        self.children: dict[str, _Node] = {}
        self.seat = seat  # who chose the action leading here
        self.visits = 0
        self.value = 0.0
        self.loop = False


class SearchBot:
    """ISMCTS with `iterations` samples a plan, guided and played out by a game's `policy` bot."""

    def __init__(
        self,
        policy: Bot,
        iterations: int,
        *,
        evaluate: Evaluate | None = None,
        horizon: int = HORIZON,
        time_limit: float | None = None,
        exploration: float = EXPLORATION,
        hint_prior: float = HINT_PRIOR,
    ) -> None:
        self.policy = policy
        self.iterations = iterations
        self.evaluate = evaluate
        self.horizon = horizon
        self.time_limit = time_limit
        self.exploration = exploration
        self.hint_prior = hint_prior
        self._plans: OrderedDict[str, list[str]] = OrderedDict()
        """Plans already searched, by position: every step of a turn asks for the same one."""

    def choose(self, perspective: Perspective, rng: Rng) -> str:
        """The next action of the current plan; `rng` is not used (see the module docstring)."""
        legal = perspective.view()["legal_actions"]
        if len(legal) == 1:
            return legal[0]
        turn = perspective.turn()
        points = [point for point, _ in turn] + [perspective]
        played = [action for _, action in turn]
        signatures = [_dump(point.view()) for point in points]
        start = _segment_start(turn, perspective)
        while True:
            plan = self._plan(points[start], signatures[: start + 1], fresh=start == 0)
            if not plan:  # nothing left to search: every line closes a loop
                if start == len(played):
                    return self._policy(perspective.sample(rng), perspective.seat, rng)
                start += 1
                continue
            done = played[start:]
            same = 0
            while same < min(len(plan), len(done)) and plan[same] == done[same]:
                same += 1
            if same == len(done) and same < len(plan):
                if plan[same] in legal:
                    return plan[same]
                if start == len(played):
                    return self._policy(perspective.sample(rng), perspective.seat, rng)
                start = len(played)  # the plan did not foresee this position: plan afresh
                continue
            start += same + (same < len(done) and same < len(plan))

    def _plan(self, point: Perspective, signatures: list[str], *, fresh: bool) -> list[str]:
        """The most visited line of `point`'s seat through its run, searched once and kept."""
        key = "\n".join(signatures)
        plan = self._plans.get(key)
        if plan is None:
            plan = self._search(point, set(signatures), Rng(_seed(key)), fresh=fresh)
            self._plans[key] = plan
            if len(self._plans) > PLAN_CACHE:
                self._plans.popitem(last=False)
        return plan

    def _search(self, point: Perspective, seen: set[str], rng: Rng, *, fresh: bool) -> list[str]:
        root = _Node(None)
        on_line = fresh or self._forward(point, seen, rng)
        started = time.perf_counter()
        for _ in range(self.iterations):
            self._iterate(root, point.sample(Rng(rng.next64())), rng, seen, on_line)
            if self.time_limit is not None and time.perf_counter() - started > self.time_limit:
                break
        plan = []
        node = root
        while True:
            options = [(a, c) for a, c in node.children.items() if c.visits and not c.loop]
            if not options:
                return plan
            action, node = max(options, key=lambda item: (item[1].visits, _mean(item[1])))
            if node.seat != point.seat:
                return plan
            plan.append(action)

    def _forward(self, point: Perspective, seen: set[str], rng: Rng) -> bool:
        """Whether the heuristic's step leads somewhere new (it may want to undo a deviation)."""
        state = point.sample(Rng(rng.next64()))
        state.apply(self._policy(state, point.seat, rng))
        return state.current_player != point.seat or _signature(state, point.seat) not in seen

    def _iterate(self, root: _Node, state: State, rng: Rng, seen: set[str], on_line: bool) -> None:
        """One sample, one walk down the tree to the end of a seat's run, one rollout."""
        path: list[_Node] = []
        node = root
        mover = state.current_player
        seen = set(seen)
        expanded = False
        while mover is not None:
            legal = state.legal_actions()
            hint = self._policy(state, mover, rng) if on_line else None
            action = self._select(node, legal, hint, rng)
            if action is None:  # every action closes a loop: a dead end
                node.loop = True
                return
            on_line = on_line and action == hint
            node = node.children.setdefault(action, _Node(mover))
            expanded = expanded or node.visits == 0
            state.apply(action)
            path.append(node)
            seat = state.current_player
            if seat != mover:
                if expanded:
                    break
                mover, on_line = seat, True
                seen = {_signature(state, seat)} if seat is not None else set()
            else:
                signature = _signature(state, mover)
                if signature in seen:
                    node.loop = True
                    return
                seen.add(signature)
        values = self._rollout(state, rng)
        for child in path:
            child.visits += 1
            child.value += values[child.seat]  # type: ignore[index]  # set for every child

    def _select(self, node: _Node, legal: list[str], hint: str | None, rng: Rng) -> str | None:
        """PUCT over the actions that close no loop; ties go to the generator."""
        open_ = [a for a in legal if not (a in node.children and node.children[a].loop)]
        if not open_:
            return None
        visits = [node.children[a].visits if a in node.children else 0 for a in open_]
        total = sum(visits)
        first_play = sum(node.children[a].value for a, n in zip(open_, visits, strict=True) if n)
        first_play = first_play / total if total else 0.5
        scale = self.exploration * math.sqrt(max(total, 1))
        others = (1 - self.hint_prior) / (len(open_) - 1) if len(open_) > 1 else 0.0
        best: list[str] = []
        best_score = -math.inf
        for action, n in zip(open_, visits, strict=True):
            prior = (self.hint_prior if action == hint else others) if hint in open_ else 1 / len(open_)
            mean = node.children[action].value / n if n else first_play
            score = mean + scale * prior / (1 + n)
            if score > best_score:
                best, best_score = [action], score
            elif score == best_score:
                best.append(action)
        return best[0] if len(best) == 1 else rng.choice(best)

    def _rollout(self, state: State, rng: Rng) -> list[float]:
        turns, steps = 0, 0
        mover = state.current_player
        while mover is not None and steps < ROLLOUT_STEPS:
            state.apply(self._policy(state, mover, rng))
            steps += 1
            if state.current_player != mover:
                mover = state.current_player
                turns += 1
                if turns >= self.horizon:
                    break
        if state.is_over():
            return win_shares(state.winners(), state.players)
        projected = self.evaluate(state) if self.evaluate else state.scores()
        return values(projected, lower_wins=state.info.lower_wins)

    def _policy(self, state: State, seat: int, rng: Rng) -> str:
        return self.policy.choose(state.view(seat), rng)


def win_shares(winners: list[int], players: int) -> list[float]:
    return [1 / len(winners) if seat in winners else 0.0 for seat in range(players)]


def values(projected: list[float], *, lower_wins: bool) -> list[float]:
    """Each seat's win share if the game ended with these scores."""
    best = min(projected) if lower_wins else max(projected)
    return win_shares([seat for seat, score in enumerate(projected) if score == best], len(projected))


def _segment_start(turn: list[tuple[Perspective, str]], now: Perspective) -> int:
    """Where the current plan may start: after the seat's last action that showed it something
    it could not have known (two samples of the position before it disagree about the view
    after it with what really followed)."""
    start = 0
    following = [point for point, _ in turn[1:]] + [now] if turn else []
    for index, ((point, action), after) in enumerate(zip(turn, following, strict=True)):
        seen = after.view()
        for k in range(2):
            trial = point.sample(Rng(k))
            trial.apply(action)
            if trial.view(point.seat) != seen:
                start = index + 1
                break
    return start


def _seed(key: str) -> int:
    return int.from_bytes(hashlib.sha256(key.encode()).digest()[:8], "big")


def _signature(state: State, seat: int) -> str:
    return _dump(state.view(seat))


def _dump(view: dict[str, Any]) -> str:
    return json.dumps(view, sort_keys=True, separators=(",", ":"))


def _mean(node: _Node) -> float:
    return node.value / node.visits if node.visits else 0.0
