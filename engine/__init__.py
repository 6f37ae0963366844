"""遊べるルールブック's rules engine: pure Python, the same in pytest, at build time and in the browser.

>>> import engine
>>> state = engine.new_game("necropolis", players=2, seed=7)
>>> state.apply(state.legal_actions()[0])
"""

from engine.core import GameInfo, State
from engine.errors import BadLog, BadOption, EngineError, IllegalAction
from engine.registry import find_game, games
from engine.replay import load_log, new_game, to_log

__all__ = [
    "BadLog",
    "BadOption",
    "EngineError",
    "GameInfo",
    "IllegalAction",
    "State",
    "find_game",
    "games",
    "load_log",
    "new_game",
    "to_log",
]
