"""One plain table of games, like python-chess's VARIANTS: `find_game(id)` returns its entry."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from engine.bots.base import Bot
from engine.core import State
from engine.errors import BadOption


@dataclass(frozen=True)
class Scenario:
    """A worked example: a position built by `build`, and what the page claims about it."""

    name: str
    title: str
    claim: str
    build: Callable[[], State]


@dataclass(frozen=True)
class Figure:
    """A drawing for the rules page; a figure of a scenario can be opened in the sandbox."""

    caption: str
    draw: Callable[[], str]
    scenario: str | None = None


@dataclass(frozen=True)
class Game:
    """Everything the site needs of one game; the rules module itself knows none of this."""

    state_class: type[State]
    render: Callable[..., str]
    status: Callable[[dict[str, Any]], str]
    bots: dict[str, tuple[str, Callable[[], Bot]]]
    scenarios: dict[str, Scenario] = field(default_factory=dict)
    figures: dict[str, Figure] = field(default_factory=dict)

    @property
    def id(self) -> str:
        return self.state_class.info.id


def _games() -> dict[str, Game]:
    from engine.games.necropolis import GAME as NECROPOLIS
    from engine.games.no_return import GAME as NO_RETURN

    return {game.id: game for game in (NECROPOLIS, NO_RETURN)}


_TABLE: dict[str, Game] = {}


def games() -> dict[str, Game]:
    """Every playable game by id (loaded on first use)."""
    if not _TABLE:
        _TABLE.update(_games())
    return _TABLE


def find_game(game_id: object) -> Game:
    game = games().get(game_id) if isinstance(game_id, str) else None
    if game is None:
        raise BadOption(f"「{game_id}」というゲームはありません。")
    return game
