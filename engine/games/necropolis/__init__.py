"""Necropolis: rules, view, bots and worked examples, gathered into one registry entry."""

from engine.bots.random_bot import RandomBot
from engine.game import Game
from engine.games.necropolis.bots import HeuristicBot
from engine.games.necropolis.examples import FIGURES, SCENARIOS
from engine.games.necropolis.hints import explain
from engine.games.necropolis.rules import NecropolisState
from engine.games.necropolis.tutorial import TUTORIALS
from engine.games.necropolis.view import render, status

GAME = Game(
    state_class=NecropolisState,
    render=render,
    status=status,
    bots={"random": RandomBot, "heuristic": HeuristicBot},
    scenarios=SCENARIOS,
    figures=FIGURES,
    offers=frozenset({"propose"}),
    tutorials=TUTORIALS,
    explain=explain,
)
