"""Every registered game in Chromium, as a reader opens and sets it up: its worked examples from
their figures, each drawn exactly as the engine renders the reader's view of its true state, and
the setup's player counts, options and seats.

A game played through the board, at every step the board exactly what the engine renders for the
reader's seat's view of the true state, its buttons the legal actions and its move log what that
seat may read, is test_phone_screen.py's walk (test_every_decision_fits_a_phone_screen): every game
at every player count, from its start and to its end, on a phone.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from engine.registry import find_game, games
from tests.browser.conftest import WarmSite
from tests.browser.helpers import (
    SANDBOX,
    board_mismatch,
    frames,
    next_step,
    open_settings,
    saved,
    true_state,
    wait_new_frame,
    wait_settled,
)


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
