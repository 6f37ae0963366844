"""Herrlof: rules, view, bots and worked examples, gathered into one registry entry."""

from engine.bots.random_bot import RandomBot
from engine.game import Game
from engine.games.herrlof.bots import HeuristicBot, projected_scores, round_horizon
from engine.games.herrlof.examples import FIGURES, SCENARIOS
from engine.games.herrlof.rules import HerrlofState
from engine.games.herrlof.view import render, status

GAME = Game(
    state_class=HerrlofState,
    render=render,
    status=status,
    bots={"random": RandomBot, "heuristic": HeuristicBot},
    scenarios=SCENARIOS,
    figures=FIGURES,
    option_samples=({"target": 20}, {}),
    projected_scores=projected_scores,
    search_horizon=round_horizon,
    search_kind="rollouts",  # つよい vs やさしい, 400 games, 16 draws: 64.2 %, 1.55× (tree: 62.5 %, 1.28×)
    search_budgets={"normal": 8, "strong": 32},  # つよい at 32 draws, 400 games: 69.9 %, 1.85×
)
