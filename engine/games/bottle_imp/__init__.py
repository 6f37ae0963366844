"""The Bottle Imp: rules, view, bots and worked examples, gathered into one registry entry."""

from engine.bots.random_bot import RandomBot
from engine.game import Game
from engine.games.bottle_imp.bots import HeuristicBot, hand_horizon, projected_scores
from engine.games.bottle_imp.examples import FIGURES, SCENARIOS
from engine.games.bottle_imp.hints import explain
from engine.games.bottle_imp.rules import BottleImpState
from engine.games.bottle_imp.tutorial import TUTORIALS
from engine.games.bottle_imp.view import render, status

GAME = Game(
    state_class=BottleImpState,
    render=render,
    status=status,
    bots={"random": RandomBot, "heuristic": HeuristicBot},
    scenarios=SCENARIOS,
    figures=FIGURES,
    tutorials=TUTORIALS,
    option_samples=({"target": "one-hand"},),
    projected_scores=projected_scores,
    search_horizon=hand_horizon,
    search_kind="rollouts",
    # Against やさしい, 1 draw: 100 %, 2.70×, 2.40× (10 games at 2, 3, 4 players); 4 draws: 100 %
    # (20 games), 3.0× (10); 16 draws: 100 %, 3.0×, 3.1× (30-40 games). Four draws keep a move
    # of a 500-point game, some 300 a seat, quick in the browser (16 drew the slowest median).
    search_budgets={"normal": 1, "strong": 4},
    explain=explain,
)
