"""End to end: the No Return sandbox in Debian's Chromium, served from 127.0.0.1 only.

Every request to another host fails the test (tests/conftest.py), and so does any console error
(tests/browser/conftest.py). The engine's true state comes from replaying the page's own saved
log in host Python: at every human step the board must offer exactly the legal actions, show
every other seat's hand as backs without face data, and show no counter face up that is hidden
(another hand, the bag, the set-up's put-aside counters, the exchanged counters in the lid).
"""

from __future__ import annotations

import random
import time
from collections import Counter
from typing import Any

from playwright.sync_api import Page, expect

import engine
from engine.games.no_return.codec import counter_id
from engine.games.no_return.rules import NoReturnState
from engine.registry import find_game
from tests.browser.helpers import (
    SANDBOX,
    click_action,
    legal_buttons,
    move_lines,
    next_step,
    open_sandbox,
    saved,
    share_fragment,
    wait_settled,
)

GAME = "no-return"
PAGE = "no-return.html"
MAX_CLICKS = 300  # the policy below needs about 100 in a 2-player game (at most 115 in 200 seeds)
DECLARE_AT = 30  # the human moves to phase 2 once the bag shown holds this many counters or fewer
FINISHES = {"declare", "place:done", "exchange:done", "cash:done"}
BACK_LABEL = "伏せたカウンター"

# Everything the sandbox shows face up, and how each other seat's hand is drawn.
BOARD_FACES = """([board, players]) => ({
  faces: [...board.querySelectorAll("[data-counter]")].map((e) => e.dataset.counter),
  tokens: board.querySelectorAll("svg.nr-token:not(.nr-back)").length,
  hands: Array.from({ length: players }, (_, seat) => {
    const hand = board.querySelector(`#nr-seat-${seat} .nr-hand`);
    const tokens = hand?.querySelector(".nr-tokens");
    return hand && {
      backs: tokens.querySelectorAll("svg.nr-back").length,
      faces: hand.querySelectorAll("[data-counter], text, [class*='nr-c-'], button").length,
      labels: [...tokens.querySelectorAll("[aria-label], [title]")].map(
        (e) => e.getAttribute("aria-label") ?? e.getAttribute("title")),
      text: tokens.textContent.trim(),
    };
  }),
})"""


def new_log(seed: int, players: int) -> dict[str, Any]:
    return {"game": GAME, "players": players, "seed": seed, "options": {}, "actions": [], "scenario": None}


def host_state(page: Page) -> NoReturnState:
    state = engine.load_log(saved(page, GAME)["log"])
    assert isinstance(state, NoReturnState)
    return state


def ids(counters: list[tuple[str, int]]) -> Counter[str]:
    return Counter(counter_id(c) for c in counters)


def face_up(state: NoReturnState, me: int) -> Counter[str]:
    """What seat `me` may see face up: every column, score pile and payment, and its own hand."""
    public = ids(state._paid) + ids(state._hands[me])
    for seat in range(state.players):
        public += ids(state._cashed[seat])
        public += Counter(f"{c}{v}" for c, column in state._columns[seat].items() for v in column)
    return public


def assert_hidden_stays_hidden(page: Page, state: NoReturnState, me: int) -> None:
    """Other hands are backs only; nothing hidden (hands, bag, aside, lid) shows a face."""
    board = page.locator(f"{SANDBOX} .rb-board").element_handle()
    shown = page.evaluate(BOARD_FACES, [board, state.players])
    faces = Counter(shown["faces"])
    assert shown["tokens"] == len(shown["faces"]), "a face-up counter without its data-counter"
    expected = face_up(state, me)
    assert faces == expected, f"face up but hidden: {faces - expected}, missing: {expected - faces}"
    # Each counter has two copies: a hidden copy leaves at most the other one to show.
    exchanged = ids([c for part in state._removed for c in part])
    for counter, copies in exchanged.items():
        assert faces[counter] + copies <= 2, f"exchanged {counter} is face up in the sandbox"
    others = [c for seat in range(state.players) if seat != me for c in state._hands[seat]]
    hidden = ids(state._bag + [c for part in state._aside for c in part] + others) + exchanged
    for counter, copies in hidden.items():
        assert faces[counter] + copies <= 2, f"hidden {counter} is face up in the sandbox"
    for seat, hand in enumerate(shown["hands"]):
        assert hand is not None, f"seat {seat} has no hand area"
        if seat == me:
            continue
        assert hand["faces"] == 0, f"seat {seat}'s hand shows face data"
        assert hand["backs"] == len(state._hands[seat])
        assert set(hand["labels"]) <= {BACK_LABEL}, hand["labels"]
        assert hand["text"] == ""


def bag_shown(page: Page) -> int:
    return int(page.inner_text(f"{SANDBOX} .rb-board .nr-bag strong"))


def human_choice(actions: list[str], bag: int, rng: random.Random) -> str:
    """A policy that finishes turns: declare late, pick a little, finish as soon as it may."""
    if "declare" in actions and bag <= DECLARE_AT:
        return "declare"
    picks = [a for a in actions if ":pick:" in a]
    done = [a for a in actions if a.endswith(":done")]
    if done and (not picks or rng.random() < 0.6):
        return done[0]
    if picks:
        return rng.choice(picks)
    columns = [a for a in actions if a.startswith("cash:column:")]
    if columns:
        return rng.choice(columns)
    if "place" in actions and ("exchange" not in actions or rng.random() < 0.75):
        return "place"
    for action in ("exchange", "declare", "pass"):
        if action in actions:
            return action
    return rng.choice([a for a in actions if a != "cancel"] or actions)


def play_to_the_end(page: Page, me: int, rng: random.Random) -> NoReturnState:
    """Click the human's moves until the game is over, checking the board at every step."""
    for _ in range(MAX_CLICKS):
        state = host_state(page)
        if next_step(page) == "over":
            return state
        assert next_step(page) == "human"
        assert state.current_player == me
        actions = legal_buttons(page)
        assert set(actions) == set(state.legal_actions())
        assert_hidden_stays_hidden(page, state, me)
        click_action(page, human_choice(actions, bag_shown(page), rng))
    raise AssertionError(f"no end after {MAX_CLICKS} clicks: {saved(page, GAME)['log']}")


def assert_game_over(page: Page, state: NoReturnState, me: int) -> None:
    assert state.is_over()
    assert next_step(page) == "over"
    result = page.locator(f"{SANDBOX} .rb-board .nr-result")
    expect(result).to_contain_text("得点計算")
    totals = result.locator("tbody tr td:last-child").all_inner_texts()
    assert [int(total.replace("−", "-")) for total in totals] == state.scores()  # printed with U+2212
    assert move_lines(page) == state.log_lines(me)
    assert_hidden_stays_hidden(page, state, me)


def test_two_players_human_against_the_heuristic_to_the_end(sandbox_page: Page, http_server: str) -> None:
    seed, started = 2026, time.monotonic()
    entry = {"log": new_log(seed, 2), "seats": ["human", "bot:heuristic"]}
    open_sandbox(sandbox_page, http_server + PAGE + share_fragment(entry))
    assert saved(sandbox_page, GAME)["log"]["seed"] == seed
    state = play_to_the_end(sandbox_page, 0, random.Random(seed))
    assert_game_over(sandbox_page, state, 0)
    mine = {action for action, entry in zip(state.history, state.journal, strict=True) if entry.seat == 0}
    assert mine >= FINISHES, f"the human never finished {FINISHES - mine}"
    print(f"2 players: {len(state.history)} actions in {time.monotonic() - started:.0f} s")


def test_four_players_one_human_three_bots_to_the_end(sandbox_page: Page, http_server: str) -> None:
    seed, started = 4044, time.monotonic()
    open_sandbox(sandbox_page, http_server + PAGE)
    sandbox_page.get_by_label("人数").select_option("4")
    wait_settled(sandbox_page)
    seats = ["human", "bot:heuristic", "bot:random", "bot:heuristic"]
    for name, kind in zip(("プレイヤー1", "プレイヤー2", "プレイヤー3", "プレイヤー4"), seats, strict=True):
        sandbox_page.get_by_label(name, exact=True).select_option(kind)
        wait_settled(sandbox_page)
    assert saved(sandbox_page, GAME)["seats"] == seats
    assert saved(sandbox_page, GAME)["log"]["players"] == 4
    # The same table with a fixed seed, through a share link, so a failure can be replayed.
    sandbox_page.goto("about:blank")
    open_sandbox(sandbox_page, http_server + PAGE + share_fragment({"log": new_log(seed, 4), "seats": seats}))
    expect(sandbox_page.get_by_label("人数")).to_have_value("4")
    selects = sandbox_page.locator(f"{SANDBOX} .rb-setup fieldset select")
    assert selects.evaluate_all("es => es.map((e) => e.value)") == seats
    state = play_to_the_end(sandbox_page, 0, random.Random(seed))
    assert_game_over(sandbox_page, state, 0)
    assert any(state._removed), "the game should have seen an exchange"
    print(f"4 players: {len(state.history)} actions in {time.monotonic() - started:.0f} s")


def test_worked_examples_open_from_their_figures_at_any_player_count(
    sandbox_page: Page, http_server: str
) -> None:
    scenarios = find_game(GAME).scenarios
    open_sandbox(sandbox_page, http_server + PAGE)
    seats = sandbox_page.locator(f"{SANDBOX} .rb-setup fieldset select")
    buttons = sandbox_page.locator(".rb-open-scenario")
    assert buttons.count() == len(scenarios)
    for index in range(buttons.count()):
        sandbox_page.get_by_label("人数").select_option("4")
        wait_settled(sandbox_page)
        assert saved(sandbox_page, GAME)["log"]["players"] == 4 and seats.count() == 4
        button = buttons.nth(index)
        expect(button).to_have_text("この局面をサンドボックスで開く")
        name, players = button.get_attribute("data-scenario"), int(button.get_attribute("data-players") or 0)
        assert name in scenarios and players == scenarios[name].build().players
        button.click()
        wait_settled(sandbox_page)
        log = saved(sandbox_page, GAME)["log"]
        assert (log["scenario"], log["players"], log["actions"]) == (name, players, [])
        assert seats.count() == players
        expect(sandbox_page.get_by_label("人数")).to_have_value(str(players))
        state = host_state(sandbox_page)
        assert next_step(sandbox_page) == "human" and state.current_player == 0
        assert set(legal_buttons(sandbox_page)) == set(state.legal_actions())
        hand = sandbox_page.locator(f"{SANDBOX} #nr-seat-0 .nr-hand [data-counter]")
        assert Counter(hand.evaluate_all("es => es.map((e) => e.dataset.counter)")) == ids(state._hands[0])
        assert_hidden_stays_hidden(sandbox_page, state, 0)


def test_player_count_rebuilds_the_seats(sandbox_page: Page, http_server: str) -> None:
    open_sandbox(sandbox_page, http_server + PAGE)  # a game for 2 to 4 players
    seats = sandbox_page.locator(f"{SANDBOX} .rb-setup fieldset select")
    assert seats.count() == 2
    sandbox_page.get_by_label("人数").select_option("3")
    wait_settled(sandbox_page)
    assert saved(sandbox_page, GAME)["log"]["players"] == 3
    assert seats.count() == 3
    sandbox_page.reload()
    wait_settled(sandbox_page)
    assert seats.count() == 3
    expect(sandbox_page.get_by_label("人数")).to_have_value("3")
