"""The Bottle Imp: rules, view, bots and worked examples, gathered into one registry entry."""

from engine.bots.random_bot import RandomBot
from engine.game import Game
from engine.games.bottle_imp.bots import HeuristicBot, hand_horizon, projected_scores
from engine.games.bottle_imp.examples import FIGURES, SCENARIOS
from engine.games.bottle_imp.rules import BottleImpState
from engine.games.bottle_imp.view import render, status

GAME = Game(
    state_class=BottleImpState,
    render=render,
    status=status,
    bots={"random": RandomBot, "heuristic": HeuristicBot},
    scenarios=SCENARIOS,
    figures=FIGURES,
    option_samples=({"target": "one-hand"},),
    projected_scores=projected_scores,
    search_horizon=hand_horizon,
    search_kind="rollouts",  # つよい vs やさしい, 30–40 games: 100 %, 3.0×, 3.1× (tree: 90 %, 1.72×, 1.24×)
)
