"""A tutorial through a driver: opened from the page's own button, played to its end through the
coach panel and the board, the panel saying at every step what the engine's coach says (the
worker's save, replayed in host Python). The shortest tutorial of the registry, by default in
Firefox alone (test_cross_browser.py); Chromium plays every tutorial with the keyboard
(tests/browser/test_tutorials.py).
"""

from __future__ import annotations

import json

from build_tools.browsers import Driver
from engine.registry import games
from engine.session import Session
from engine.tutorial import ANY
from tests.browser.cross.reader import action_button, click, saved_game

COACH = ".rb-sandbox .rb-coach"
NEXT = f"{COACH} .rb-coach-steps .md-button--primary"
PLAY_ON = f"{COACH} .rb-coach-ways .md-button--primary"
TUTORIALS = [
    (game_id, name, game.tutorials[name]) for game_id, game in games().items() for name in game.tutorials
]
GAME_ID, NAME, TUTORIAL = min(TUTORIALS, key=lambda entry: len(entry[2].steps))
PAGE = f"{GAME_ID}.html"
PANEL = f"() => document.querySelector({json.dumps(COACH)}).innerText"


def play_the_shortest_tutorial(driver: Driver) -> None:
    """On its game's page (`PAGE`, open and ready), the shortest tutorial played to its end."""
    click(driver, f".rb-tutorial-links #{NAME}")
    for _ in range(len(TUTORIAL.steps) * 10):
        entry = saved_game(driver, GAME_ID)
        session = Session(entry["log"], entry["seats"], entry.get("coach"))
        assert session.coach is not None, "the tutorial is no longer on"
        shown = session.frame()["coach"]
        panel = driver.evaluate(PANEL)
        assert f"ステップ {shown['step']} / {shown['steps']}" in panel
        if shown["waiting"] == "done":
            click(driver, PLAY_ON)
            break
        assert shown["say"] in panel
        if shown["waiting"] == "read":
            click(driver, NEXT)
            continue
        step, legal = session.coach.step(), session.state.legal_actions()
        action = legal[0] if step.play == ANY else next(a for a in step.play if a in legal)
        click(driver, action_button(action))
    else:
        raise AssertionError("the tutorial did not end")
    assert saved_game(driver, GAME_ID).get("coach") is None
