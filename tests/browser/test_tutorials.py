"""Every tutorial played through its page in Chromium, with the keyboard only, once, on a phone:
at every step and after every press the same page is looked at as 390 × 844 and as 360 × 740
(resized in between: each tutorial is played once, some ten seconds of a fresh clone's tests), and
a sample (SIDEWAYS: a game's end and the seat's pieces pointed, its tutorial ending with its game)
also as a phone on its side, 740 × 360, where the coach tops the seat's column (coach.css).

The reader opens 「はじめての1局」 (and any other tutorial) from the page's own button, then only
presses Tab and Enter: 次へ on a read step, the move the step asks for on a move step (the first it
takes, as the engine says on the worker's own save, replayed in host Python), 「このまま続けて遊ぶ」
at the end, after which the reader has a move in the game played on (the panel said how). At every
step the coach panel must say what the engine's coach says, and at both sizes what a person sees
must hold (SEEN): the step's first and last line and its rule link on screen and uncovered, every
piece and button the step points at whole on screen (not half under another box or cut by a seat
that scrolls), the coach's buttons (at the end its two ways on) too and where they were at the step before,
no two buttons of different purposes with one name. As each tutorial opens axe-core must find no
serious violation in the sandbox with the panel open (the games' first tutorials by turns also at
1280 px, the wide layout; the rest of the page is swept in test_accessibility.py). Also: a reload
in the middle resumes at the same step, and a link to the tutorial's name opens it, on a phone too.
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page

from build_tools.contact_sheet import reader_action
from build_tools.phone import SHOWN_AREA
from engine.registry import games
from engine.session import Session
from tests.browser.conftest import WarmSite
from tests.browser.helpers import (
    SANDBOX,
    frames,
    legal_buttons,
    next_step,
    press,
    resize,
    saved,
    wait_settled,
)
from tests.browser.test_accessibility import serious_violations

TUTORIALS = [(game_id, name) for game_id, game in games().items() for name in game.tutorials]
DESKTOP = {"width": 1280, "height": 720}
PHONES = [{"width": 390, "height": 844}, {"width": 360, "height": 740}]
ON_ITS_SIDE = {"width": 740, "height": 360}  # a phone turned: the coach tops the seat's column
SIDEWAYS = {("necropolis", "first-game")}  # also looked at on its side: the game's end, the seat pointed
FIRSTS = [(game_id, next(iter(game.tutorials))) for game_id, game in sorted(games().items())]
WIDE_AXE = FIRSTS[::2]  # axe-core also at 1280 px as these open: half the games' first tutorials

PLAYED = [pytest.param(game_id, name, id=f"{game_id}-{name}") for game_id, name in TUTORIALS]
MAX_STEPS = 200
NEXT = f"{SANDBOX} .rb-coach-steps .md-button--primary"
PLAY_ON = f"{SANDBOX} .rb-coach-ways .md-button--primary"

# What a person sees of the step at this size: a list of what is wrong (empty: all is well) and
# the coach's buttons' rectangles. A point "sees" an element when elementFromPoint there is the
# element or inside it, within the window. The resize's own events are let run first (two frames).
SEEN = r"""async () => {
  const shownArea = SHOWN_AREA;
  await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
  const wrong = [];
  const [W, H] = [innerWidth, innerHeight];
  const sees = (node, x, y) =>
    x >= 0 && y >= 0 && x < W && y < H && node.contains(document.elementFromPoint(x, y));
  const span = (r) => `${Math.round(r.top)}..${Math.round(r.bottom)} of ${H}`;
  // a button's accessible name, near enough: an aria-label (its own or a picture's inside) stands
  // for what it labels; the title only where nothing else names it
  const named = (node) =>
    node.nodeType === Node.TEXT_NODE ? node.textContent
    : node.nodeType !== Node.ELEMENT_NODE || node.getAttribute("aria-hidden") === "true" ? ""
    : node.getAttribute("aria-label") ?? [...node.childNodes].map(named).join("");
  const name = (node) => (named(node).trim() || node.title).replace(/\s+/g, " ").slice(0, 40);
  const coach = document.querySelector(".rb-sandbox .rb-coach");
  const say = coach.querySelector(".rb-coach-say");
  const range = document.createRange();
  range.selectNodeContents(say);
  const lines = [...range.getClientRects()].filter((r) => r.width > 0);
  for (const [which, line] of [["first", lines[0]], ["last", lines.at(-1)]]) {
    const y = line.top + line.height / 2;
    if (!(sees(say, line.left + 2, y) && sees(say, line.right - 2, y)))
      wrong.push(`the step's ${which} line is not seen (${span(line)})`);
  }
  const link = coach.querySelector(".rb-coach-rule a");
  if (link) {
    const r = link.getBoundingClientRect();
    if (!(sees(link, r.left + 2, r.top + r.height / 2) && sees(link, r.right - 2, r.top + r.height / 2)))
      wrong.push(`the rule link 「${name(link)}」 is not seen`);
  }
  // a thing seen whole: inside the window and every box that clips it (a seat that scrolls within
  // itself), and the topmost thing at its centre and near each of its four corners (not half
  // under another box)
  const whole = (node) => {
    const r = node.getBoundingClientRect();
    const [left, top, right, bottom] = shownArea(node);
    if (r.top < top - 1 || r.left < left - 1 || r.bottom > bottom + 1 || r.right > right + 1) return false;
    return sees(node, r.left + r.width / 2, r.top + r.height / 2);
  };
  // a choice pointed at twice (a board's space, and the same in a list for the keyboard, out of
  // sight on a phone: ARCHITECTURE.md, the game screen) is seen where one of the two is
  const pointed = new Map();
  for (const node of document.querySelectorAll(".rb-sandbox .rb-board .rb-point")) {
    const r = node.getBoundingClientRect();
    if (!r.width || !r.height) continue;
    const key = node.dataset.action ?? node;
    pointed.set(key, [...(pointed.get(key) ?? []), node]);
  }
  for (const nodes of pointed.values()) {
    if (nodes.some(whole)) continue;
    const [node] = nodes;
    const what = `${node.id || node.dataset.action} 「${name(node)}」`;
    wrong.push(`pointed ${what} not seen whole (${span(node.getBoundingClientRect())})`);
  }
  // the coach's own buttons, at the end the two ways on (続けて遊ぶ, 新しいゲーム) too
  for (const button of coach.querySelectorAll(".rb-coach-steps button, .rb-coach-ways button")) {
    if (!button.checkVisibility() || whole(button)) continue;
    wrong.push(`the coach's 「${name(button)}」 not seen whole`);
  }
  const purposes = new Map(); // a button's name -> what it does (a board's action, or the button itself)
  document.querySelectorAll(".rb-panel button, .rb-sandbox button").forEach((button, i) => {
    if (!button.checkVisibility()) return;
    const what = purposes.get(name(button)) ?? new Set();
    what.add(button.dataset.action ?? i);
    purposes.set(name(button), what);
  });
  for (const [label, what] of purposes) {
    if (what.size > 1) wrong.push(`${what.size} buttons named 「${label}」`);
  }
  const buttons = [...coach.querySelectorAll(".rb-coach-head button, .rb-coach-steps button")].map((b) => {
    const r = b.getBoundingClientRect();
    return [name(b), Math.round(r.left), Math.round(r.top), Math.round(r.width), Math.round(r.height)];
  });
  return { wrong, buttons };
}""".replace("SHOWN_AREA", SHOWN_AREA)


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


SEES_NUDGE = """() => {
  const nudge = document.querySelector(".rb-sandbox .rb-coach .rb-alert");
  const r = nudge.getBoundingClientRect();
  const [x, y] = [r.left + 4, r.top + r.height / 2];
  return y > 0 && y < innerHeight && nudge.contains(document.elementFromPoint(x, y));
}"""


def same_places(buttons: list[Any], before: list[Any]) -> bool:
    """The coach's buttons where they were: the same names, each within a pixel (a sub-pixel
    rounding is no move a reader sees)."""
    return len(buttons) == len(before) and all(
        now[0] == then[0] and all(abs(a - b) <= 1 for a, b in zip(now[1:], then[1:], strict=True))
        for now, then in zip(buttons, before, strict=True)
    )


class Looks:
    """What a person sees, checked at every size of `sizes` each time the tutorial shows
    something; the coach's buttons must stay where they were, size by size. The page stays at the
    size it was last looked at, so each look resizes once per size but one (with the two phones,
    half the frames come up at 360 × 740)."""

    def __init__(self, page: Page, sizes: list[dict[str, int]]) -> None:
        self.page = page
        self.buttons: dict[int, list[Any]] = {}
        self.sizes = sizes[::-1]  # reversed at each look: the first size first (the page opens at it)

    def check(self, where: str) -> list[str]:
        wrong = []
        self.sizes = self.sizes[::-1]  # the size the page is at now comes first
        for phone in self.sizes:
            if self.page.viewport_size != phone:
                self.page.set_viewport_size(phone)
            seen = self.page.evaluate(SEEN)
            size = f"{phone['width']}×{phone['height']}"
            wrong += [f"{where} at {size}: {problem}" for problem in seen["wrong"]]
            before = self.buttons.setdefault(phone["width"], seen["buttons"])
            if not same_places(seen["buttons"], before):
                wrong.append(f"{where} at {size}: the coach's buttons moved: {before} -> {seen['buttons']}")
        return wrong


def play_to_the_end(page: Page, game_id: str, sizes: list[dict[str, int]]) -> tuple[int, list[str]]:
    """Follow the tutorial to its end with the keyboard, looking at every size of `sizes` at
    every step and after every press; returns the steps seen and what was wrong on screen."""
    seen, looks, wrong = set(), Looks(page, sizes), []
    for _ in range(MAX_STEPS):
        session = engine_session(page, game_id)
        coach = session.coach
        assert coach is not None, "the tutorial is no longer on"
        shown = session.frame()["coach"]
        panel = page.inner_text(f"{SANDBOX} .rb-coach")
        assert f"ステップ {shown['step']} / {shown['steps']}" in panel
        wrong += looks.check(f"step {shown['step']}")
        waiting = shown["waiting"]
        if waiting == "done":
            assert all(item["text"] in panel for item in shown["learned"]) and shown["play_on"] in panel
            return len(seen), wrong
        seen.add(coach.index)
        assert shown["say"] in panel
        assert waiting in ("read", "move"), f"the sandbox waits on the script at step {coach.index + 1}"
        action = reader_action(session)
        press(page, NEXT if action is None else f'{SANDBOX} .rb-board button[data-action="{action}"]')
    raise AssertionError(f"no end after {MAX_STEPS} steps")


@pytest.mark.parametrize(("game_id", "name"), PLAYED)
def test_a_tutorial_played_to_its_end_with_the_keyboard(warm: WarmSite, game_id: str, name: str) -> None:
    page = warm.show(game_id)
    try:
        if (game_id, name) in WIDE_AXE:
            resize(page, DESKTOP)
            open_tutorial(page, name)
            assert serious_violations(page, SANDBOX) == []
        resize(page, PHONES[0])
        open_tutorial(page, name)
        assert serious_violations(page, SANDBOX) == []
        sizes = PHONES + ([ON_ITS_SIDE] if (game_id, name) in SIDEWAYS else [])
        steps, wrong = play_to_the_end(page, game_id, sizes)
        assert steps == len(games()[game_id].tutorials[name].steps)
        assert wrong == [], "\n".join(wrong)
        press(page, PLAY_ON)
        assert page.locator(f"{SANDBOX} .rb-coach").is_hidden()
        assert engine_session(page, game_id).coach is None
        # the game goes on, and the reader has a move in it (bots are instant: INSTANT_BOTS)
        wait_settled(page)
        assert next_step(page) == "human", "「このまま続けて遊ぶ」 left the reader no move"
        assert legal_buttons(page)
    finally:
        page.set_viewport_size(DESKTOP)


def test_a_reload_resumes_the_tutorial_at_its_step(warm: WarmSite) -> None:
    game_id, name = TUTORIALS[0]
    page = warm.show(game_id)
    open_tutorial(page, name)
    for _ in range(3):
        press(page, NEXT if page.is_enabled(NEXT) else f"{SANDBOX} .rb-board button.rb-point")
    before = page.inner_text(f"{SANDBOX} .rb-coach")
    coach = engine_session(page, game_id).coach
    assert coach is not None and coach.index > 0
    page.reload()
    wait_settled(page)
    page.wait_for_selector(f"{SANDBOX} .rb-coach:not([hidden])")
    assert page.inner_text(f"{SANDBOX} .rb-coach") == before


def test_a_link_to_the_tutorials_name_opens_it_on_a_phone(warm: WarmSite) -> None:
    """The top page's cards link to <page>#first-game; a link within the page to the name opens
    it too. On a phone the panel opens over the rules, the step in view."""
    game_id, name = TUTORIALS[0]
    page = warm.visit("index.html")
    resize(page, PHONES[0])
    try:
        page.locator(f'a[href$="{game_id}.html#{name}"]').first.click()
        page.wait_for_selector(f"{SANDBOX} .rb-coach:not([hidden])")
        wait_settled(page)
        assert "ステップ 1 /" in page.inner_text(f"{SANDBOX} .rb-coach")
        assert "#" not in page.url  # a reload resumes where the reader is, not at step 1
        assert page.locator(".rb-panel--open").count() == 1
        assert page.evaluate(SEEN)["wrong"] == []
        press(page, NEXT)
        # leaving asks first, inline, and 「チュートリアルを続ける」 keeps the step
        page.locator(f"{SANDBOX} .rb-coach-leave").click()
        assert page.locator(f"{SANDBOX} .rb-coach-confirm").is_visible()
        confirm = page.locator(f"{SANDBOX} .rb-coach-confirm")
        confirm.get_by_role("button", name="チュートリアルを続ける").click()
        assert confirm.is_hidden()
        assert "ステップ 2 /" in page.inner_text(f"{SANDBOX} .rb-coach")
        # a move the step does not take: its nudge inside the coach, next to its words, in view
        while page.is_enabled(NEXT):
            press(page, NEXT)
        session = engine_session(page, game_id)
        wanted = reader_action(session)
        wrong = next(a for a in legal_buttons(page) if a != wanted and a not in session.coach.step().play)
        before = frames(page)
        page.locator(f'{SANDBOX} .rb-board button[data-action="{wrong}"]').first.click()
        page.wait_for_selector(f"{SANDBOX} .rb-coach .rb-alert:not(:empty)")
        assert page.evaluate(SEES_NUDGE), page.inner_text(f"{SANDBOX} .rb-coach")
        assert frames(page) == before  # refused: nothing changed
        page.locator(".rb-panel-back").click()  # back to the rules, then a link on the page
        before = frames(page)
        page.evaluate("name => { location.hash = name }", name)
        wait_settled(page, after=before)
        assert page.locator(".rb-panel--open").count() == 1
        assert "ステップ 1 /" in page.inner_text(f"{SANDBOX} .rb-coach")
        assert page.evaluate(SEEN)["wrong"] == []
    finally:
        page.set_viewport_size(DESKTOP)
