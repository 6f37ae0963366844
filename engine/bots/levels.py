"""The seat menu of every game: its own random and heuristic bots, and the search at two budgets.

Every level plays from a `Perspective`; a game's own bots are shown only its view. The search
levels need nothing from a game but its heuristic bot (which guides the search and plays the
rollouts) and, optionally, `Game.search_kind`, `Game.search_budgets`, `Game.projected_scores`,
`Game.search_horizon`, `Game.search_confidence`, `Game.search_steps_weighed` and `Game.offers`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from engine.bots.base import Bot
from engine.bots.perspective import Perspective
from engine.bots.rollouts import RolloutBot
from engine.bots.search import SearchBot
from engine.game import Game
from engine.rng import Rng

BUDGETS: dict[str, dict[str, int]] = {
    "tree": {"normal": 30, "strong": 100},
    "rollouts": {"normal": 4, "strong": 16},
}
"""ふつう's and つよい's budgets for each kind of search (`Game.search_kind`): iterations of the
tree search, draws of the rollouts. A game may give its own (`Game.search_budgets`), for every
player count or by player count."""
SAFETY_SECONDS = 2.0
"""Wall-clock cap of the search's thinking for one whole move (a compound turn counted once) in
the sandbox: a safety net for slow browsers (`engine.bots.clock`), which play the best of the
draws that finished. CPython does not reach it at these budgets; Chromium does once or twice in
a game of Herrlof at 2 players (a round's first play, fifteen cards to weigh: `make bench`)."""


class Player(Protocol):
    def choose(self, perspective: Perspective, rng: Rng) -> str:
        """Pick one of the seat's legal actions, knowing only what `perspective` offers."""
        ...


class ViewOnly:
    """A game's own bot at the table: it is shown the seat's view and nothing else."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot

    def choose(self, perspective: Perspective, rng: Rng) -> str:
        return self.bot.choose(perspective.view(), rng)


@dataclass(frozen=True)
class Level:
    name: str
    make: Callable[[Game, int], Player]
    """The level's player for a game at that many seats."""


def new_search(
    game: Game, budget: int, *, kind: str | None = None, time_limit: float | None = SAFETY_SECONDS
) -> SearchBot | RolloutBot:
    """A search bot for `game` of `kind` (the game's own by default) at `budget`, with every hook
    the game gives it, guided and played out by the game's heuristic."""
    policy = game.bots["heuristic"]()
    hooks = {"horizon": game.search_horizon, "evaluate": game.projected_scores, "offers": game.offers}
    if (kind or game.search_kind) == "rollouts":
        return RolloutBot(
            policy,
            budget,
            **hooks,
            time_limit=time_limit,
            confidence=game.search_confidence,
            steps_weighed=game.search_steps_weighed,
        )
    return SearchBot(policy, budget, **hooks, time_limit=time_limit)


def budget(game: Game, level: str, players: int) -> int:
    """What the search of `level` spends on a move of `game` at `players` seats."""
    spent = (game.search_budgets or BUDGETS[game.search_kind])[level]
    return spent if isinstance(spent, int) else spent[players]


def search(game: Game, level: str, players: int) -> SearchBot | RolloutBot:
    """The seat menu's search bot for `game` at `level` and `players` seats: one per table and
    level, kept, so that the steps of a turn find the plan the tree search made at its start."""
    key = (game.id, level, players)
    if key not in _SEARCHERS:
        _SEARCHERS[key] = new_search(game, budget(game, level, players))
    return _SEARCHERS[key]


_SEARCHERS: dict[tuple[str, str, int], SearchBot | RolloutBot] = {}


LEVELS: dict[str, Level] = {
    "random": Level("ボット（ランダム）", lambda game, _: ViewOnly(game.bots["random"]())),
    "heuristic": Level("ボット（やさしい）", lambda game, _: ViewOnly(game.bots["heuristic"]())),
    "normal": Level("ボット（ふつう）", lambda game, players: search(game, "normal", players)),
    "strong": Level("ボット（つよい）", lambda game, players: search(game, "strong", players)),
}
"""Weakest first; the keys are the seat kinds `bot:<key>` of every game."""
