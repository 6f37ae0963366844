"""Herrlof: rules, view, bots and worked examples, gathered into one registry entry."""

from engine.bots.random_bot import RandomBot
from engine.game import Game
from engine.games.herrlof.bots import HeuristicBot, projected_scores, round_horizon
from engine.games.herrlof.examples import FIGURES, SCENARIOS
from engine.games.herrlof.hints import explain
from engine.games.herrlof.rules import HerrlofState
from engine.games.herrlof.tutorial import TUTORIALS
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
    # Chosen on 400 games a figure, つよい vs やさしい at 2, 3 players, with the code of the time:
    # rollouts 64.2 %, 1.55× against the tree's 62.5 %, 1.28× (16 draws), then 32 draws 69.9 %,
    # 1.85×. The code as it is: 73.8 %, 1.93× (build_tools/records, `make bench`). At 2 players
    # つよい weighs 24 draws, not 32: a round's first plays kept Chromium's p95 wait at 1 s (issue
    # 38). On 200 deals (100 of the bench's, 100 fresh) played by both, 24 draws won 73.2 %, 32
    # won 72.2 %: paired, +1.0 ± 8.8 points (95 %).
    search_kind="rollouts",
    search_budgets={"normal": 8, "strong": {2: 24, 3: 32}},
    tutorials=TUTORIALS,
    explain=explain,
)
