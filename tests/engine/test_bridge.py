"""The worker's one entry point: sessions, seats, bots, undo, hand-over and refusals."""

from __future__ import annotations

import json

from engine.bridge import handle, handle_json

NEW = {"game": "necropolis", "players": 2, "seed": 5, "options": {}, "actions": []}


def open_game(seats: list[str], sandbox: str = "t", log: dict | None = None) -> dict:
    return handle({"op": "open", "sandbox": sandbox, "log": log or NEW, "seats": seats})


def test_catalog_lists_necropolis_with_its_seat_kinds() -> None:
    game = {g["id"]: g for g in handle({"op": "catalog"})["games"]}["necropolis"]
    assert game["id"] == "necropolis" and game["players"] == [2]
    assert {k["id"] for k in game["seat_kinds"]} == {"human", "bot:random", "bot:heuristic"}


def test_a_human_plays_and_the_bot_answers_one_step_at_a_time() -> None:
    frame = open_game(["human", "bot:heuristic"])
    assert frame["next"] == "human" and 'data-action="draw"' in frame["html"]
    frame = handle({"op": "act", "sandbox": "t", "action": "draw"})
    frame = handle({"op": "act", "sandbox": "t", "action": "keep"})
    assert frame["next"] == "bot"
    frame = handle({"op": "step", "sandbox": "t"})
    assert len(frame["log"]["actions"]) == 3


def test_an_illegal_click_changes_nothing() -> None:
    open_game(["human", "bot:random"])
    refused = handle({"op": "act", "sandbox": "t", "action": "keep"})
    assert refused == {
        "ok": False,
        "error": "今は引いた牌も提案もありません。手番の行動を1つ選んでください。",
    }
    refused = handle({"op": "undo", "sandbox": "t"})
    assert refused["ok"] is False and "戻せる手" in refused["error"]
    assert handle({"op": "act", "sandbox": "t", "action": "draw"})["log"]["actions"] == ["draw"]


def test_undo_removes_the_last_human_action_and_the_bot_replies() -> None:
    open_game(["human", "bot:heuristic"])
    handle({"op": "act", "sandbox": "t", "action": "draw"})
    handle({"op": "act", "sandbox": "t", "action": "keep"})
    while (frame := handle({"op": "step", "sandbox": "t"}))["next"] == "bot":
        pass
    frame = handle({"op": "undo", "sandbox": "t"})
    assert frame["log"]["actions"] == ["draw"] and frame["next"] == "human"


def test_two_humans_get_a_hand_over_screen_that_hides_the_previous_hand() -> None:
    open_game(["human", "human"])
    handle({"op": "act", "sandbox": "t", "action": "draw"})
    frame = handle({"op": "act", "sandbox": "t", "action": "keep"})
    assert frame["next"] == "handover" and "data-tile" not in frame["html"] and frame["lines"] == []
    refused = handle({"op": "act", "sandbox": "t", "action": "draw"})
    assert refused["ok"] is False
    frame = handle({"op": "reveal", "sandbox": "t"})
    assert frame["next"] == "human" and frame["viewer"] == 1


def test_the_opponents_mastaba_never_reaches_the_html() -> None:
    frame = open_game(["bot:heuristic", "human"])
    while frame["next"] == "bot":
        frame = handle({"op": "step", "sandbox": "t"})
    import engine

    state = engine.load_log(frame["log"])
    for a, b in state._mastabas[0]:
        assert f'data-tile="{a}-{b}"' not in frame["html"] and f'data-tile="{b}-{a}"' not in frame["html"]


def test_a_scenario_opens_in_the_sandbox() -> None:
    frame = open_game(["human", "bot:random"], log={**NEW, "scenario": "grave-row"})
    assert 'data-action="move:R:6-2"' in frame["html"]


def test_bad_requests_get_japanese_errors() -> None:
    assert not handle({"op": "nope"})["ok"]
    assert "席" in open_game(["human"])["error"]
    assert "席の種類" in open_game(["human", "bot:genius"])["error"]
    assert "開けません" in open_game(["human", "human"], log={**NEW, "game": "go"})["error"]
    assert json.loads(handle_json("{not json"))["ok"] is False
    assert "始まっていません" in handle({"op": "step", "sandbox": "missing"})["error"]


def test_a_fresh_game_gets_a_seed_from_python() -> None:
    frame = open_game(["human", "bot:random"], log={**NEW, "seed": None})
    assert isinstance(frame["seed"], int) and frame["log"]["seed"] == frame["seed"]
