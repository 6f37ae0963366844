"""遊べるルールブック's rules engine: pure Python, the same in pytest, at build time and in the browser.

Every game: `engine.registry.games()` (not re-exported here: `engine.games` is the package of
the games themselves).

>>> import engine
>>> state = engine.new_game("necropolis", players=2, seed=7)
>>> state.apply(state.legal_actions()[0])
>>> state.current_player
0
"""

from engine.core import GameInfo, Option, State
from engine.errors import BadLog, BadOption, EngineError, IllegalAction
from engine.game import Figure, Game, Scenario
from engine.registry import find_game
from engine.replay import LOG_VERSION, load_log, new_game, to_log

__all__ = [
    "LOG_VERSION",
    "BadLog",
    "BadOption",
    "EngineError",
    "Figure",
    "Game",
    "GameInfo",
    "IllegalAction",
    "Option",
    "Scenario",
    "State",
    "find_game",
    "load_log",
    "new_game",
    "to_log",
]
