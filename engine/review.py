"""振り返り: a finished game looked back on by one seat, move by move with every hidden piece
shown, and that seat's decisions weighed by the search (engine.advice), one per request so that
the page shows progress and can stop at any time; then the few moments where its choice cost
the most, each of which can be played on again (engine.session: replay_from).

Only a finished game is reviewed: nothing is secret any more, so the board of every position is
drawn from `State.review_view`, which shows the pieces the players held hidden.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from engine.advice import weigh_for
from engine.bots.perspective import Perspective
from engine.core import State
from engine.errors import BadOption
from engine.game import Game
from engine.replay import Redeal, new_game, redealt
from engine.text import MINUS

MOMENTS = 5
LEVEL = "normal"
"""The search's budget for a review: ふつう's, so that a whole game of the longest default length
is weighed within a minute in the browser (`make bench`; つよい's would take several)."""


@dataclass(frozen=True)
class Judged:
    """One decision of the reviewed seat, weighed: what it played, what the search plays, and what
    the difference is worth (`loss`, in the search's unit) against the noise of the two figures."""

    at: int
    played: str
    best: str
    loss: float
    noise: float
    unit: str


class Review:
    def __init__(self, game: Game, log: dict[str, Any], seat: int, *, level: str = LEVEL) -> None:
        """`log`: the finished game's replay log (already loaded once: it is valid)."""
        self.game, self.seat, self.level = game, seat, level
        self.scenario: str | None = log.get("scenario")
        self.redeal: Redeal | None = log.get("redeal")
        self.actions: list[str] = list(log["actions"])
        self.positions = self._positions(log)
        if not self.positions[-1].is_over():
            raise BadOption("振り返りは、終わったゲームでだけできます。")
        self.decisions = [
            at
            for at, state in enumerate(self.positions[:-1])
            if state.current_player == seat and len(state.legal_actions()) > 1
        ]
        self.runs = self._runs()
        self.judged: list[Judged | None] = []

    def _positions(self, log: dict[str, Any]) -> list[State]:
        """The position before each action, and the last one (as `load_log` builds them)."""
        state = new_game(log["game"], log["players"], log["seed"], log["options"], scenario=self.scenario)
        positions = []
        for at, action in enumerate(self.actions):
            if self.redeal and at == self.redeal["at"]:
                state = redealt(state, self.redeal)
            positions.append(state.clone())
            state.apply(action)
        return [*positions, state]

    def _runs(self) -> dict[int, int]:
        """For each action, where the seat's run of actions it belongs to began (a compound turn
        is one move: its steps share a run)."""
        runs, began = {}, 0
        for at, state in enumerate(self.positions[:-1]):
            if at == 0 or self.positions[at - 1].current_player != state.current_player:
                began = at
            runs[at] = began
        return runs

    # --- stepping through the game ---------------------------------------------------------------

    def show(self, at: object) -> dict[str, Any]:
        """Position `at` (0: the start, the number of moves: the end) as the board draws it for the
        reviewed seat with every hidden piece shown, and the move log up to it, all lines in full."""
        if type(at) is not int or not 0 <= at < len(self.positions):
            raise BadOption(f"局面の番号は0〜{len(self.positions) - 1}で指定してください。")
        view = self.positions[at].review_view(self.seat)
        lines = [entry.private or entry.public for entry in self.positions[-1].journal[:at]]
        return {
            "at": at,
            "moves": len(self.actions),
            "html": self.game.render(view, interactive=False),
            "status": self.game.status(view),
            "lines": [line for line in lines if line],
        }

    # --- weighing the seat's decisions --------------------------------------------------------------

    def weigh_next(self) -> dict[str, Any]:
        """Weigh the next decision not yet weighed; how far the review has come, and once every
        decision is weighed, its moments."""
        if len(self.judged) < len(self.decisions):
            self.judged.append(self._judge(self.decisions[len(self.judged)]))
        done = len(self.judged) == len(self.decisions)
        progress: dict[str, Any] = {"weighed": len(self.judged), "decisions": len(self.decisions)}
        return {**progress, "moments": self.moments()} if done else progress

    def _judge(self, at: int) -> Judged | None:
        state, played = self.positions[at], self.actions[at]
        perspective = Perspective(state, self.seat, scenario=self.scenario, redeal=self.redeal)
        weighing = weigh_for(self.game, perspective, level=self.level)
        mine, best = weighing.of(played), weighing.of(weighing.choice)
        if mine is None or best is None:
            return None  # not weighed (an offer the search leaves aside)
        loss = best.value - mine.value
        return Judged(at, played, weighing.choice, loss, math.hypot(best.error, mine.error), weighing.unit)

    def better_at(self, at: int) -> str | None:
        """The search's move at decision `at` where the seat played another (None: not weighed, or
        the seat played it): weighed from the seat's knowledge alone, so it may be shown to it."""
        judged = next((j for j in self.judged if j and j.at == at), None)
        return judged.best if judged and judged.best != judged.played else None

    def moments(self) -> list[dict[str, Any]]:
        """The decisions where the seat's choice lost the most against the search's, beyond the
        search's own noise: at most `MOMENTS` (one a move), the costliest first, each with the
        position as the seat saw it."""
        costly = [j for j in self.judged if j and j.played != j.best and j.loss > j.noise]
        costly.sort(key=lambda judged: (-judged.loss, judged.at))
        chosen: dict[int, Judged] = {}  # one moment a move: the costliest step of a compound turn
        for judged in costly:
            chosen.setdefault(self.runs[judged.at], judged)
        return [self._moment(judged) for judged in list(chosen.values())[:MOMENTS]]

    def _moment(self, judged: Judged) -> dict[str, Any]:
        state = self.positions[judged.at]
        view = state.view(self.seat)
        return {
            "at": judged.at,
            "move": judged.at + 1,
            "played": state.describe(judged.played),
            "best": state.describe(judged.best),
            "played_action": judged.played,
            "best_action": judged.best,
            "loss": lost(judged.unit, judged.loss),
            "html": self.game.render(view, interactive=False, prefix=f"moment{judged.at}"),
        }


def lost(unit: str, loss: float) -> str:
    """What a choice cost against the search's, in words short enough for a moment's one line on
    a phone: points of lead, or a chance of winning.

    >>> lost("win", 0.46), lost("lead", 1.23)
    ('勝つ見込み −46 %', '平均で約1.2点の損')
    """
    if unit == "win":
        return f"勝つ見込み {MINUS}{round(100 * loss)} %"
    return f"平均で約{loss:.1f}点の損"
