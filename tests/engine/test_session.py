"""Sessions through the bridge: seats, bots, undo, hand-over, and what a frame may carry."""

from __future__ import annotations

from typing import Any

import pytest

import engine
from engine import bridge
from engine.bridge import handle
from engine.core import canonical
from engine.registry import games
from engine.rng import Rng
from engine.session import Session

from .harness import Table, tables

NEW = {"game": "necropolis", "players": 2, "seed": 5, "options": {}, "actions": []}
SECRET_KEYS = {"log", "seed"}


@pytest.fixture(autouse=True)
def no_sessions() -> None:
    bridge._sessions.clear()


def open_game(seats: list[str], sandbox: str = "t", log: dict | None = None) -> dict:
    return handle({"op": "open", "sandbox": sandbox, "log": log or NEW, "seats": seats})


def act(action: str, sandbox: str = "t") -> dict:
    return handle({"op": "act", "sandbox": sandbox, "action": action})


def test_catalog_describes_one_game_with_its_seat_kinds_and_defaults() -> None:
    entry = handle({"op": "catalog", "game": "no-return"})["game"]
    assert entry["players"] == [2, 3, 4] and entry["seat_names"][:2] == ["プレイヤー1", "プレイヤー2"]
    assert {"human", "bot:random", "bot:heuristic", "bot:strong"} <= {k["id"] for k in entry["seat_kinds"]}
    level = engine.find_game("no-return").default_bot
    assert entry["default_seats"]["4"] == ["human"] + [f"bot:{level}"] * 3
    assert entry["options"][0]["key"] == "start_player" and entry["options"][0]["default"] is None


def test_a_human_plays_and_the_bot_answers_one_step_at_a_time() -> None:
    frame = open_game(["human", "bot:heuristic"])
    assert frame["next"] == "human" and 'data-action="draw"' in frame["html"]
    act("draw")
    frame = act("keep")
    assert frame["next"] == "bot"
    frame = handle({"op": "step", "sandbox": "t"})
    assert len(frame["save"]["log"]["actions"]) == 3


def test_an_illegal_click_changes_nothing_and_names_its_rule() -> None:
    open_game(["human", "bot:random"])
    refused = act("keep")
    assert refused == {
        "ok": False,
        "error": "今は引いた牌も提案もありません。手番の行動を1つ選んでください。",
        "rule": "turn",
    }
    refused = handle({"op": "undo", "sandbox": "t"})
    assert refused["ok"] is False and "戻せる手" in refused["error"]
    assert act("draw")["save"]["log"]["actions"] == ["draw"]


def test_undo_removes_the_last_human_action_and_the_bot_replies() -> None:
    open_game(["human", "bot:heuristic"])
    act("draw")
    act("keep")
    while (frame := handle({"op": "step", "sandbox": "t"}))["next"] == "bot":
        pass
    frame = handle({"op": "undo", "sandbox": "t"})
    assert frame["save"]["log"]["actions"] == ["draw"] and frame["next"] == "human"


def test_two_humans_get_a_hand_over_screen_that_hides_the_previous_hand() -> None:
    open_game(["human", "human"])
    act("draw")
    frame = act("keep")
    assert frame["next"] == "handover" and "data-tile" not in frame["html"] and frame["lines"] == []
    assert act("draw")["ok"] is False
    frame = handle({"op": "reveal", "sandbox": "t"})
    assert frame["next"] == "human" and frame["viewer"] == 1


def test_undo_between_two_humans_hands_over_instead_of_showing_the_other_side() -> None:
    """The reported fault: 先手 moves, 後手 draws and keeps, 先手 reveals and presses undo."""
    open_game(["human", "human"])
    act("draw")
    act("keep")
    handle({"op": "reveal", "sandbox": "t"})
    act("draw")
    act("keep")
    frame = handle({"op": "reveal", "sandbox": "t"})
    assert frame["viewer"] == 0
    frame = handle({"op": "undo", "sandbox": "t"})
    assert frame["next"] == "handover" and frame["viewer"] == 0 and "data-tile" not in frame["html"]
    frame = handle({"op": "reveal", "sandbox": "t"})
    assert frame["viewer"] == 1 and frame["next"] == "human" and 'data-action="keep"' in frame["html"]


def test_changing_seats_keeps_the_game_and_hands_over_to_a_new_human() -> None:
    open_game(["human", "bot:random"])
    act("draw")
    frame = act("keep")
    frame = handle({"op": "seats", "sandbox": "t", "seats": ["human", "human"]})
    assert frame["save"]["log"]["actions"] == ["draw", "keep"] and frame["next"] == "handover"
    assert "data-tile" not in frame["html"]
    frame = handle({"op": "seats", "sandbox": "t", "seats": ["bot:random", "human"]})
    assert frame["next"] == "handover", "the screen still shows 先手's side"
    assert "席の種類" in handle({"op": "seats", "sandbox": "t", "seats": ["human", "alien"]})["error"]


def test_the_log_and_seed_reach_the_page_only_at_the_end_or_in_an_export() -> None:
    frame = open_game(["human", "human"])
    assert not SECRET_KEYS & set(frame) and frame["save"]["log"]["seed"] == 5
    exported = handle({"op": "export", "sandbox": "t"})
    assert exported["reveals"] is True and exported["log"]["seed"] == 5 and exported["seats"] == ["human"] * 2
    act("propose")
    handle({"op": "reveal", "sandbox": "t"})
    frame = act("accept")
    assert frame["next"] == "over" and frame["seed"] == 5 and frame["log"] == frame["save"]["log"]
    assert handle({"op": "export", "sandbox": "t"})["reveals"] is False


def test_a_scenario_opens_in_the_sandbox() -> None:
    frame = open_game(["human", "bot:random"], log={**NEW, "scenario": "grave-row"})
    assert 'data-action="move:R:6-2"' in frame["html"] and frame["scenario"] == "grave-row"


def test_bad_requests_get_japanese_errors() -> None:
    assert not handle({"op": "nope"})["ok"]
    assert "席" in open_game(["human"])["error"]
    assert "席の種類" in open_game(["human", "bot:genius"])["error"]
    assert "開けません" in open_game(["human", "human"], log={**NEW, "game": "go"})["error"]
    assert "別の版" in open_game(["human", "human"], log={**NEW, "version": 99})["error"]
    assert "始まっていません" in handle({"op": "step", "sandbox": "missing"})["error"]


def test_a_fresh_game_gets_a_seed_from_python() -> None:
    frame = open_game(["human", "bot:random"], log={**NEW, "seed": None})
    assert isinstance(frame["save"]["log"]["seed"], int)


# --- hot seat: what reaches the screen depends only on the seat holding the device ----------------


def expected_frame(session: Session, rng: Rng) -> dict[str, Any]:
    """The frame a session would show if everything hidden from the viewer lay otherwise."""
    twin = object.__new__(Session)
    twin.__dict__.update(vars(session))
    twin.state = session.state.resample_hidden(session.viewer, rng)
    return screen(twin.frame())


def screen(frame: dict[str, Any]) -> dict[str, Any]:
    """What the page receives of a frame (the worker keeps `save`)."""
    return {key: value for key, value in frame.items() if key != "save"}


@pytest.mark.parametrize("table", tables(), ids=lambda t: t.id)
def test_hot_seat_with_undo_and_hand_over_shows_only_the_seat_at_the_screen(table: Table) -> None:
    for seed in range(3):
        rng = Rng(seed)
        kinds = ["human", "human", *(["bot:random"] * (table.players - 2))]
        log = {"game": table.game.id, "players": table.players, "seed": seed, "options": table.options}
        answer = handle({"op": "open", "sandbox": "hot", "log": {**log, "actions": []}, "seats": kinds})
        for _ in range(300):
            session = bridge._sessions["hot"]
            step = answer["next"]
            if step == "over":
                break
            assert not SECRET_KEYS & set(answer), "the log or the seed reached the page mid-game"
            assert screen(answer) == expected_frame(session, rng), "the screen shows something hidden"
            if step == "handover":
                request = {"op": "reveal"}
            elif step == "bot":
                request = {"op": "step"}
            elif answer["can_undo"] and rng.below(10) == 0:
                request = {"op": "undo"}
            elif rng.below(25) == 0:
                request = {"op": "seats", "seats": [rng.choice(["human", "bot:random"]) for _ in kinds]}
            else:
                request = {"op": "act", "action": rng.choice(session.state.legal_actions())}
            answer = handle({**request, "sandbox": "hot"})
            assert answer["ok"], answer


@pytest.mark.parametrize("game_id", sorted(games()))
def test_bots_choose_legal_actions_from_their_view_alone(game_id: str) -> None:
    """A bot's choice depends on its view only: a resampled twin gets the same move."""
    game = engine.find_game(game_id)
    for players in game.info.players:
        state = engine.new_game(game_id, players, 9)
        rng = Rng(9)
        for _ in range(60):
            if state.is_over():
                break
            seat = state.current_player
            twin = state.resample_hidden(seat, Rng(rng.next64()))
            for name, make in game.bots.items():
                seed = rng.next64()
                choice = make().choose(state.view(seat), Rng(seed))
                assert choice in state.legal_actions(), f"{name} chose an illegal {choice!r}"
                assert make().choose(twin.view(seat), Rng(seed)) == choice
            state.apply(rng.choice(state.legal_actions()))
    assert canonical(state) == canonical(state.clone())
