"""ヒント and 振り返り in Chromium, with the keyboard only (Tab, Enter, the arrow keys), at 1280 and
390 px; what the page shows is checked against the engine in host Python on the worker's own save.

- a hint is shown, names what つよい would play (the same answer as in CPython), and is followed;
- ほぼ互角 is said where the search cannot tell the best apart;
- the review of a short finished game (a share link opens it at once; on a phone, in the open
  panel, the game is played to its end and 振り返り is then in view and uncovered): stepping with
  the keys, the moments the engine finds, each one line whose moves and board open on demand, and
  「打ち直す」 as the reader saw it, the better move marked on the board until the reader moves;
- 中止 stops the weighing: no decision is weighed after it;
- axe-core finds no serious violation in the sandbox with the hint open, or with the review open
  (the page around them is test_accessibility's sweep).
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from engine.registry import find_game
from engine.review import Review
from engine.rng import Rng
from engine.session import Session
from tests.browser.conftest import WarmSite
from tests.browser.helpers import (
    POLL_MS,
    SANDBOX,
    near_the_end,
    new_log,
    next_step,
    open_shared,
    press,
    resize,
    saved,
    true_state,
)
from tests.browser.test_accessibility import serious_violations
from tests.engine.harness import bounded
from tests.engine.test_review import finished

SCREENS = {"desktop": (1280, 720), "phone": (390, 844)}
HINT = f"{SANDBOX} .rb-hint"
REVIEW = f"{SANDBOX} .rb-review:not(.rb-review-found)"
FOUND = f"{SANDBOX} .rb-review-found"
WEIGHING = "s => /（[1-9]\\d* \\/ /.test(document.querySelector(s).textContent)"
STARTS_WITH = "([s, t]) => document.querySelector(s).textContent.startsWith(t)"
MARKED = f"{SANDBOX} .rb-board .rb-hint-best"
UNCOVERED = """selector => {
  const el = document.querySelector(selector);
  const box = el.getBoundingClientRect();
  const inside = box.top >= 0 && box.left >= 0 && box.bottom <= innerHeight && box.right <= innerWidth;
  const points = [[box.left + 3, box.top + 3], [box.right - 3, box.bottom - 3]];
  return inside && points.every(([x, y]) => el.contains(document.elementFromPoint(x, y)));
}"""
ONE_LINE = """selector => [...document.querySelectorAll(selector)].every((line) => {
  const rects = [...line.children].flatMap((part) => [...part.getClientRects()]);
  const level = (r) => Math.abs(r.bottom - rects[0].bottom) < 4;
  return rects.length === line.children.length && rects.every(level);
})"""
"""Each moment's line: every part of it one box, all on one baseline (nothing wrapped)."""
NEARLY_EVEN = ("necropolis", 1)
"""A game and seed whose first position the search cannot tell apart (checked in host Python)."""


def engine_hint(page: Page, game_id: str) -> dict:
    entry = saved(page, game_id)
    return Session(entry["log"], entry["seats"]).hint()


def ask_hint(page: Page) -> None:
    page.evaluate("() => document.activeElement?.blur()")
    press(page, f"{SANDBOX} .rb-hint-button", new_frame=False)
    page.wait_for_selector(f"{HINT} .rb-hint-list li")


@pytest.mark.parametrize("screen", list(SCREENS))
def test_a_hint_names_what_the_strong_bot_plays_and_is_followed(warm: WarmSite, screen: str) -> None:
    page = warm.show("necropolis")
    resize(page, dict(zip(("width", "height"), SCREENS[screen], strict=True)))
    try:
        open_shared(page, {"log": new_log("necropolis", 2, 5), "seats": ["human", "bot:strong"]})
        ask_hint(page)
        expected = engine_hint(page, "necropolis")
        shown = page.locator(f"{HINT} .rb-hint-list li").all_inner_texts()
        assert len(shown) == len(expected["actions"])
        for text, item in zip(shown, expected["actions"], strict=True):
            assert item["label"] in text and (item["figure"] or "") in text
        best = next(item["action"] for item in expected["actions"] if item["best"])
        ringed = page.locator(f"{SANDBOX} .rb-board .rb-hint-best")
        assert ringed.count() and ringed.first.get_attribute("data-action") == best
        assert serious_violations(page, SANDBOX) == []  # the hint is the sandbox's; the sweep saw the rest
        press(page, f'{SANDBOX} .rb-board button[data-action="{best}"]')
        assert saved(page, "necropolis")["log"]["actions"][0] == best
        assert page.locator(HINT).is_hidden()  # a hint is for the position it was asked in
    finally:
        page.set_viewport_size({"width": 1280, "height": 720})


def test_nearly_even_is_said_where_the_search_cannot_tell(warm: WarmSite) -> None:
    game_id, seed = NEARLY_EVEN
    page = warm.show(game_id)
    open_shared(page, {"log": new_log(game_id, 2, seed), "seats": ["human", "bot:strong"]})
    assert engine_hint(page, game_id)["close"], "pick another position: the search tells this one apart now"
    ask_hint(page)
    assert "ほぼ互角" in page.inner_text(HINT)


def open_review(page: Page, game_id: str, log: dict) -> None:
    """A finished game's share link: the sandbox opens its review at once."""
    seats = ["human"] + ["bot:strong"] * (log["players"] - 1)
    open_shared(page, {"log": log, "seats": seats})
    page.wait_for_selector(f"{REVIEW}:not([hidden])")


def play_to_the_end_on_a_phone(page: Page, game_id: str) -> dict:
    """A game one decision from its end, in the phone's open panel, played to its end by the
    reader with the keyboard (the heuristic's moves); its log."""
    log = near_the_end(new_log(game_id, 2, 5), 1)
    open_shared(page, {"log": log, "seats": ["human", "bot:heuristic"]})
    page.wait_for_function("document.documentElement.dataset.rbLayout !== 'side'")
    page.evaluate("window.scrollTo(0, 0)")  # at the rules: the sandbox is opened as a panel over them
    page.get_by_role("button", name="遊ぶ", exact=True).click()
    expect(page.locator(".rb-panel--open")).to_be_visible()
    bot = find_game(game_id).bots["heuristic"]()
    for _ in bounded(f"{game_id}: the last moves"):
        if next_step(page) == "over":
            break
        state = true_state(page, game_id)
        action = bot.choose(state.view(state.current_player), Rng(len(state.history)))
        press(page, f'{SANDBOX} .rb-board button[data-action="{action}"]')
    return saved(page, game_id)["log"]


@pytest.mark.parametrize("screen", list(SCREENS))
def test_the_review_of_a_short_game_steps_finds_its_moments_and_plays_on(warm: WarmSite, screen: str) -> None:
    game_id = "necropolis"
    page = warm.show(game_id)
    resize(page, dict(zip(("width", "height"), SCREENS[screen], strict=True)))
    try:
        if screen == "phone":
            log = play_to_the_end_on_a_phone(page, game_id)
            assert page.evaluate(UNCOVERED, f"{SANDBOX} .rb-review-button"), "振り返り is out of sight"
            press(page, f"{SANDBOX} .rb-review-button", new_frame=False)
            page.wait_for_selector(f"{REVIEW}:not([hidden])")
        else:
            log = finished(game_id)
            open_review(page, game_id, log)
        moves = len(log["actions"])
        where = f"{REVIEW} .rb-review-where"
        assert page.inner_text(where).endswith(f"（全{moves}手）")
        page.focus(REVIEW)
        for key, text in (("Home", "開始時"), ("ArrowRight", "1手目のあと"), ("End", f"{moves}手目のあと")):
            page.keyboard.press(key)
            page.wait_for_function(STARTS_WITH, arg=[where, text], polling=POLL_MS)
        page.wait_for_selector(f"{FOUND}:not([hidden]) h4")
        review = Review(find_game(game_id), log, 0)
        for _ in bounded(f"{game_id}: the review's weighing"):
            if "moments" in (progress := review.weigh_next()):
                break
        expected = progress["moments"]
        assert expected, "pick another game: this one has no moment to replay"
        shown = page.locator(f"{FOUND} .rb-review-moment").all_text_contents()
        assert len(shown) == len(expected)
        for text, moment in zip(shown, expected, strict=True):
            assert moment["played"] in text and moment["best"] in text and moment["loss"] in text
        assert page.evaluate(ONE_LINE, f"{FOUND} .rb-review-line"), "a moment's line wraps"
        first = page.locator(f"{FOUND} .rb-review-moment").first
        assert first.locator(".rb-review-board").is_hidden()  # the board on demand only
        press(page, f"{FOUND} .rb-review-line", new_frame=False)
        expect(first.locator(".rb-review-board")).to_be_visible()
        assert serious_violations(page, SANDBOX) == []  # the review is the sandbox's, as the hint
        press(page, f"{FOUND} .rb-review-moment .md-button--primary")
        replayed = saved(page, game_id)["log"]
        assert replayed["redeal"] == {**replayed["redeal"], "at": expected[0]["at"], "seat": 0}
        assert replayed["actions"] == log["actions"][: expected[0]["at"]]
        assert page.locator(REVIEW).is_hidden()
        marked = page.locator(MARKED)  # the better move, until the reader moves
        assert [marked.nth(i).get_attribute("data-action") for i in range(marked.count())] == [
            expected[0]["best_action"]
        ]
        assert page.evaluate(UNCOVERED, MARKED), "the better move is out of sight"
        press(page, f'{SANDBOX} .rb-board button[data-action="{expected[0]["played_action"]}"]')
        assert page.locator(MARKED).count() == 0
    finally:
        if page.locator(".rb-panel--open").count():
            page.keyboard.press("Escape")
        page.set_viewport_size({"width": 1280, "height": 720})
        page.wait_for_function("document.documentElement.dataset.rbLayout === 'side'")


def test_cancel_stops_the_weighing(warm: WarmSite) -> None:
    game_id = "rondo"
    page = warm.show(game_id)
    open_review(page, game_id, finished(game_id))
    progress = f"{REVIEW} .rb-review-progress"
    page.wait_for_function(WEIGHING, arg=progress, polling=POLL_MS)  # at least one decision weighed
    press(page, f"{REVIEW} .rb-review-progress .md-button", new_frame=False)  # 中止
    page.wait_for_selector(f"{REVIEW} .rb-review-resume:not([hidden])")
    stopped = page.inner_text(progress)
    assert "中止" in stopped
    where = f"{REVIEW} .rb-review-where"
    before = page.inner_text(where)
    page.keyboard.press("Home")  # a request after the last weighing: answered after it, in turn
    page.wait_for_function(
        "([s, t]) => document.querySelector(s).textContent !== t", arg=[where, before], polling=POLL_MS
    )
    assert page.inner_text(progress) == stopped
