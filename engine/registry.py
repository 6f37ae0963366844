"""One plain table of games, like python-chess's VARIANTS: `find_game(id)` returns its entry.

The table names each game's package; a package is imported the first time its game is asked
for, so a page that opens one game never pays for the others.
"""

from __future__ import annotations

from importlib import import_module

from engine.errors import BadOption
from engine.game import Game

PACKAGES = {
    "necropolis": "engine.games.necropolis",
    "no-return": "engine.games.no_return",
    "bottle-imp": "engine.games.bottle_imp",
    "rondo": "engine.games.rondo",
    "herrlof": "engine.games.herrlof",
}


def find_game(game_id: object) -> Game:
    if not isinstance(game_id, str) or game_id not in PACKAGES:
        raise BadOption(f"「{game_id}」というゲームはありません。")
    return import_module(PACKAGES[game_id]).GAME


def games() -> dict[str, Game]:
    """Every playable game by id."""
    return {game_id: find_game(game_id) for game_id in PACKAGES}
