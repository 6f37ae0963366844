"""Every registered game in Chromium, through its page's board, as a reader plays it.

For each game at every player count, the reader's seat plays against heuristic bots (quick to
answer; the search levels' thinking in the browser is tested in test_shell.py). At the smallest
count: the first `PART_CLICKS` of the reader's moves, and the game's end, opened from a share link
`PART_CLICKS` moves before it (the end of a game is the same code at every count; the middle of a
game is the same boards again, and the whole of No Return's took 23 s). At a larger count, where
what differs is the seats and the board drawn for them: the first `MORE_SEATS_CLICKS` (each of them
after a bot's move from every other seat).
At every step the board must be exactly what the engine renders for that seat's view of the
true state (replayed on the host from the worker's save): the engine's leak tests prove that
view reveals nothing hidden, so the DOM reveals nothing either. The buttons must be the legal
actions, and the move log what that seat may read.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from engine.bots.base import Bot
from engine.registry import find_game, games
from engine.rng import Rng
from tests.browser.conftest import WarmSite
from tests.browser.helpers import (
    SANDBOX,
    board_mismatch,
    click_action,
    frames,
    legal_buttons,
    move_lines,
    near_the_end,
    new_log,
    next_step,
    open_settings,
    open_shared,
    saved,
    true_state,
    wait_new_frame,
    wait_settled,
)

PART_CLICKS = 12
MORE_SEATS_CLICKS = 8
CASES = [(game.id, players) for game in games().values() for players in game.info.players]


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_a_game_through_the_board_shows_only_the_readers_side(
    warm: WarmSite, game_id: str, players: int
) -> None:
    game = find_game(game_id)
    page = warm.show(game_id)
    seed = 2026 + players
    seats = ["human"] + ["bot:heuristic"] * (players - 1)
    open_shared(page, {"log": new_log(game_id, players, seed, game.option_samples[0]), "seats": seats})
    assert saved(page, game_id)["log"]["seed"] == seed
    bot, rng = game.bots["heuristic"](), Rng(seed)
    smallest = players == min(game.info.players)
    over = reader_moves(page, game_id, bot, rng, PART_CLICKS if smallest else MORE_SEATS_CLICKS)
    if not over and smallest:
        open_shared(page, {"log": near_the_end(saved(page, game_id)["log"], PART_CLICKS), "seats": seats})
        over = reader_moves(page, game_id, bot, rng, 2 * PART_CLICKS)
        assert over, f"{game_id}: no end {PART_CLICKS} moves after the share link"
    state = true_state(page, game_id)
    assert state.is_over() == over
    assert board_mismatch(page, game.render(state.view(0), interactive=not over)) is None
    assert move_lines(page) == state.log_lines(0)
    if over:  # the seed is shown once the game is over
        expect(page.locator(f"{SANDBOX} .rb-seed")).to_have_text(f"シード: {seed}")


def reader_moves(page: Page, game_id: str, bot: Bot, rng: Rng, clicks: int) -> bool:
    """Up to `clicks` of the reader's moves through the board (the heuristic's, one in five at
    random), the board and its buttons checked before each; whether the game is over."""
    game = find_game(game_id)
    for _ in range(clicks):
        state = true_state(page, game_id)
        if next_step(page) == "over":
            return True
        assert next_step(page) == "human" and state.current_player == 0
        view = state.view(0)
        assert board_mismatch(page, game.render(view, interactive=True)) is None
        assert set(legal_buttons(page)) == set(state.legal_actions())
        legal = state.legal_actions()
        click_action(page, rng.choice(legal) if rng.below(5) == 0 else bot.choose(view, rng))
    return next_step(page) == "over"


@pytest.mark.parametrize("game_id", sorted(games()))
def test_worked_examples_open_from_their_figures(warm: WarmSite, game_id: str) -> None:
    game = find_game(game_id)
    page = warm.show(game_id)
    buttons = page.locator(".rb-open-scenario")
    assert buttons.count() == len([f for f in game.figures.values() if f.scenario])
    for index in range(buttons.count()):
        button = buttons.nth(index)
        name = button.get_attribute("data-scenario") or ""
        expected = game.scenarios[name].build()
        before = frames(page)
        button.click()
        wait_new_frame(page, before)  # the example's own frame, not the one before the click
        log = saved(page, game_id)["log"]
        assert (log["scenario"], log["players"]) == (name, expected.players)
        assert page.locator(f"{SANDBOX} .rb-setup fieldset select").count() == expected.players
        step = next_step(page)  # the reader holds seat 0, the bots answer at once
        assert step in ("human", "over"), f"{name}: {step}"
        state = true_state(page, game_id)
        assert board_mismatch(page, game.render(state.view(0), interactive=step == "human")) is None


@pytest.mark.parametrize("game_id", sorted(games()))
def test_the_setup_offers_every_player_count_and_option(warm: WarmSite, game_id: str) -> None:
    info = find_game(game_id).info
    page = warm.show(game_id)
    open_settings(page)
    setup = page.locator(f"{SANDBOX} .rb-setup")
    for option in info.options:
        expect(setup.get_by_label(option.label)).to_have_count(1)
    if len(info.players) < 2:
        expect(setup.get_by_label("人数")).to_be_hidden()
        return
    most = max(info.players)
    setup.get_by_label("人数").select_option(str(most))
    wait_settled(page)
    assert saved(page, game_id)["log"]["players"] == most
    assert setup.locator("fieldset select").count() == most


def test_a_new_player_count_keeps_the_readers_seats_and_gives_the_rest_its_defaults(warm: WarmSite) -> None:
    """A seat the reader chose stays as chosen when the player count changes; the seats a count
    adds take the game's default (Game.default_bot: やさしい)."""
    page = warm.show("rondo")
    open_settings(page)
    setup = page.locator(f"{SANDBOX} .rb-setup")
    seats = setup.locator("fieldset select")

    def choose_count(players: int) -> list[str]:
        setup.get_by_label("人数").select_option(str(players))
        wait_settled(page)
        return saved(page, "rondo")["seats"]

    choose_count(4)  # the seats may hold an earlier test's choices: set them all
    for index, kind in enumerate(["human", "bot:random", "bot:strong", "bot:heuristic"]):
        seats.nth(index).select_option(kind)
        wait_settled(page)
    assert choose_count(2) == ["human", "bot:random"]
    assert choose_count(4) == ["human", "bot:random", "bot:heuristic", "bot:heuristic"]
    seats.nth(2).select_option("bot:normal")
    wait_settled(page)
    assert choose_count(3) == ["human", "bot:random", "bot:normal"]
