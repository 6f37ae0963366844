"""Every tutorial played through its page in Chromium, with the keyboard only, once: the games'
first tutorials at 1280 and 390 px by turns (the same panel and script at both widths; each run
costs a fresh clone's tests some ten seconds), the others (the same panel, more players) at 390 px.

The reader opens 「はじめての1局」 (and any other tutorial) from the page's own button, then only
presses Tab and Enter: 次へ on a read step, the move the step asks for on a move step (the first it
takes, as the engine says on the worker's own save, replayed in host Python), 「このまま続けて遊ぶ」
at the end, after which a game goes on (the panel said how). At every step the coach panel must
say what the engine's coach says, and as each tutorial opens axe-core must find no serious
violation in the sandbox with the panel open, at the width it is played at (both widths across the
games' first tutorials; the rest of the page is swept in test_accessibility.py). Also: a reload
in the middle resumes at the same step, and a link to the tutorial's name opens it.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from engine.registry import games
from engine.session import Session
from engine.tutorial import ANY
from tests.browser.conftest import WarmSite
from tests.browser.helpers import SANDBOX, legal_buttons, next_step, press, saved, wait_settled
from tests.browser.test_accessibility import serious_violations

TUTORIALS = [(game_id, name) for game_id, game in games().items() for name in game.tutorials]
SCREENS = {"desktop": (1280, 720), "phone": (390, 844)}
FIRSTS = [(game_id, next(iter(game.tutorials))) for game_id, game in sorted(games().items())]


def screen_for(game_id: str, name: str) -> str:
    """The games' first tutorials: desktop and phone by turns; every other tutorial: phone."""
    if (game_id, name) not in FIRSTS:
        return "phone"
    return list(SCREENS)[FIRSTS.index((game_id, name)) % 2]


PLAYED = [
    pytest.param(game_id, name, screen_for(game_id, name), id=f"{game_id}-{name}-{screen_for(game_id, name)}")
    for game_id, name in TUTORIALS
]
MAX_STEPS = 200
NEXT = f"{SANDBOX} .rb-coach-steps .md-button--primary"
PLAY_ON = f"{SANDBOX} .rb-coach-ways .md-button--primary"


def engine_session(page: Page, game_id: str) -> Session:
    """The sandbox's game as the worker saved it, tutorial progress and all, in host Python."""
    entry = saved(page, game_id)
    return Session(entry["log"], entry["seats"], entry.get("coach"))


def open_tutorial(page: Page, name: str) -> None:
    """The page's own button, reached by keyboard from the top of the page."""
    page.evaluate("() => document.activeElement?.blur()")
    page.evaluate("() => window.scrollTo(0, 0)")
    press(page, f".rb-tutorial-links #{name}")
    page.wait_for_selector(f"{SANDBOX} .rb-coach:not([hidden])")


def play_to_the_end(page: Page, game_id: str) -> int:
    """Follow the tutorial to its end with the keyboard; returns the steps seen."""
    seen = set()
    for _ in range(MAX_STEPS):
        session = engine_session(page, game_id)
        coach = session.coach
        assert coach is not None, "the tutorial is no longer on"
        shown = session.frame()["coach"]
        panel = page.inner_text(f"{SANDBOX} .rb-coach")
        assert f"ステップ {shown['step']} / {shown['steps']}" in panel
        waiting = shown["waiting"]
        if waiting == "done":
            assert all(item["text"] in panel for item in shown["learned"]) and shown["play_on"] in panel
            return len(seen)
        seen.add(coach.index)
        assert shown["say"] in panel
        if waiting == "read":
            press(page, NEXT)
            continue
        assert waiting == "move", f"the sandbox waits on the script at step {coach.index + 1}"
        step, legal = coach.step(), session.state.legal_actions()
        action = legal[0] if step.play == ANY else next(a for a in step.play if a in legal)
        press(page, f'{SANDBOX} .rb-board button[data-action="{action}"]')
    raise AssertionError(f"no end after {MAX_STEPS} steps")


@pytest.mark.parametrize(("game_id", "name", "screen"), PLAYED)
def test_a_tutorial_played_to_its_end_with_the_keyboard(
    warm: WarmSite, game_id: str, name: str, screen: str
) -> None:
    page = warm.show(game_id)
    width, height = SCREENS[screen]
    page.set_viewport_size({"width": width, "height": height})
    try:
        open_tutorial(page, name)
        assert serious_violations(page, SANDBOX) == []
        steps = play_to_the_end(page, game_id)
        assert steps == len(games()[game_id].tutorials[name].steps)
        press(page, PLAY_ON)
        assert page.locator(f"{SANDBOX} .rb-coach").is_hidden()
        assert engine_session(page, game_id).coach is None
        assert next_step(page) in ("human", "bot")  # a game goes on (the reader's move, or a bot's first)
        assert next_step(page) == "bot" or legal_buttons(page)
    finally:
        page.set_viewport_size({"width": 1280, "height": 720})


def test_a_reload_resumes_the_tutorial_at_its_step(warm: WarmSite) -> None:
    game_id, name = TUTORIALS[0]
    page = warm.show(game_id)
    open_tutorial(page, name)
    for _ in range(3):
        press(page, NEXT if page.is_visible(NEXT) else f"{SANDBOX} .rb-board button.rb-point")
    before = page.inner_text(f"{SANDBOX} .rb-coach")
    coach = engine_session(page, game_id).coach
    assert coach is not None and coach.index > 0
    page.reload()
    wait_settled(page)
    page.wait_for_selector(f"{SANDBOX} .rb-coach:not([hidden])")
    assert page.inner_text(f"{SANDBOX} .rb-coach") == before


def test_a_link_to_the_tutorials_name_opens_it(warm: WarmSite) -> None:
    """The top page's cards link to <page>#first-game."""
    game_id, name = TUTORIALS[0]
    page = warm.visit("index.html")
    page.locator(f'a[href$="{game_id}.html#{name}"]').first.click()
    page.wait_for_selector(f"{SANDBOX} .rb-coach:not([hidden])")
    wait_settled(page)
    assert "ステップ 1 /" in page.inner_text(f"{SANDBOX} .rb-coach")
    assert "#" not in page.url  # a reload resumes where the reader is, not at step 1
