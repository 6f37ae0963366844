"""Fuzz the worker's one entry point: no request, however malformed, escapes or changes a game.

Random requests mix real ones (open, act with a legal or an illegal action, step, undo, reveal,
export, close, catalog, bench; a tutorial and its coach; now and then a hint or a review) with
malformed ones (wrong types, missing fields, junk values, broken JSON). Every answer must be a
JSON object with "ok"; a refusal must be Japanese and leave every sandbox's game (its moves, its
coach, its review) exactly as it was; nothing may be reported as a bug. And every
request accepted must have been one to accept, by the test's own account of what it sent and
was shown (`Known`): a valid log and seats, a legal move of a human at the screen, a bot's one
legal move, an undo of the last human move, a hand-over that was asked for, a coach's command its
step waits for, a hint for the seat at the screen, a review of a finished game.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from functools import cache
from typing import Any

import pytest

import engine
from engine import bridge
from engine.bots.levels import LEVELS
from engine.core import State, canonical
from engine.registry import games
from engine.rng import Rng

from .harness import bounded

REQUESTS = int(os.environ.get("RB_FUZZ_REQUESTS", "8000"))
RARE = 150
"""One real request in this many asks for a hint or weighs a review decision (a search each)."""
COACH_COMMANDS = ["next", "next", "back", "restart", "continue"]
REVIEW_COMMANDS = ["open", "show", "show", "replay"]
SANDBOXES = ["a", "b", "c"]
JUNK: list[Any] = [None, True, 0, -1, 2**70, 1.5, "", "x", [], {}, [{}], {"op": "open"}, "🎲" * 3]


def junk(rng: Rng) -> Any:
    return rng.choice(JUNK)


def fresh_log(rng: Rng, game_id: str, players: int) -> dict[str, Any]:
    return {"game": game_id, "players": players, "seed": rng.below(1000), "options": {}, "actions": []}


def real_request(rng: Rng) -> dict[str, Any]:
    """A request a real shell could send (legal or not at this moment)."""
    sandbox = rng.choice(SANDBOXES)
    ops = ["open", "act", "act", "act", "step", "step", "undo", "reveal", "seats", "export", "close"]
    ops += ["tutorial", "coach", "coach", "review"]
    op = rng.choice(ops) if rng.below(RARE) else rng.choice(["hint", "weigh"])
    session = bridge._sessions.get(sandbox)
    if session and session.state.is_over() and rng.below(2):
        op = "review"  # a finished game: its review, more often than anything else
    if op == "tutorial":
        game = rng.choice(sorted(games().values(), key=lambda g: g.id))
        name = rng.choice(sorted(game.tutorials)) if rng.below(4) else junk(rng)
        return {"op": "tutorial", "sandbox": sandbox, "game": game.id, "name": name}
    if op == "coach":
        return {
            "op": "coach",
            "sandbox": sandbox,
            "do": rng.choice(COACH_COMMANDS) if rng.below(6) else junk(rng),
        }
    if op == "weigh":
        return {"op": "review", "sandbox": sandbox, "do": "weigh"}
    if op == "review":
        command = rng.choice(REVIEW_COMMANDS)
        at = rng.below(60) if rng.below(4) else junk(rng)
        return {"op": "review", "sandbox": sandbox, "do": command, "at": at, "as_seen": rng.below(2) == 0}
    if op == "open":
        game = rng.choice(sorted(games().values(), key=lambda g: g.id))
        if rng.below(6) == 0:  # a finished game, to review
            log = finished(game.id)
            return {"op": "open", "sandbox": sandbox, "log": log, "seats": ["human"] * log["players"]}
        players = rng.choice(list(game.info.players))
        kinds = ["human", *(f"bot:{name}" for name in game.bots)]
        seats = [rng.choice(kinds) for _ in range(players)]
        return {"op": "open", "sandbox": sandbox, "log": fresh_log(rng, game.id, players), "seats": seats}
    if op == "act":
        session = bridge._sessions.get(sandbox)
        legal = session.state.legal_actions() if session else []
        action = rng.choice(legal) if legal and rng.below(4) else junk(rng)
        return {"op": "act", "sandbox": sandbox, "action": action}
    if op == "seats":
        session = bridge._sessions.get(sandbox)
        players = session.state.players if session else 2
        return {"op": "seats", "sandbox": sandbox, "seats": [rng.choice(["human", "bot:random"])] * players}
    return {"op": op, "sandbox": sandbox}


@cache
def finished(game_id: str) -> dict[str, Any]:
    """A short finished game (the game's first option set, random bots)."""
    game = games()[game_id]
    state, rng = engine.new_game(game_id, game.info.players[0], 1, game.option_samples[0]), Rng(1)
    for _ in bounded("finished"):
        if state.is_over():
            break
        state.apply(rng.choice(state.legal_actions()))
    return engine.to_log(state)


def malformed_request(rng: Rng) -> Any:
    """A request no shell sends: wrong shapes, wrong types, broken fields."""
    game = rng.choice(sorted(games()))
    shapes: list[Any] = [
        junk(rng),
        {"op": junk(rng)},
        {"op": "open", "sandbox": junk(rng), "log": junk(rng), "seats": junk(rng)},
        {
            "op": "open",
            "sandbox": "a",
            "log": {**fresh_log(rng, game, 2), "players": junk(rng)},
            "seats": [{}, {}],
        },
        {"op": "open", "sandbox": "a", "log": {**fresh_log(rng, game, 2), "options": {"x": junk(rng)}}},
        {"op": "open", "sandbox": "b", "log": {**fresh_log(rng, game, 2), "actions": [junk(rng)]}},
        {"op": "open", "sandbox": "b", "log": {**fresh_log(rng, game, 2), "version": junk(rng)}},
        {
            "op": "open",
            "sandbox": "c",
            "log": {**fresh_log(rng, game, 2), "seed": junk(rng)},
            "seats": ["human"] * 2,
        },
        {"op": "open", "sandbox": "c", "log": {**fresh_log(rng, game, 2), "scenario": junk(rng)}},
        {"op": rng.choice(["act", "step", "undo", "reveal", "export"]), "sandbox": junk(rng)},
        {"op": "seats", "sandbox": "a", "seats": junk(rng)},
        {"op": "seats", "sandbox": rng.choice(SANDBOXES), "seats": ["human"] * rng.below(6)},
        {
            "op": "open",
            "sandbox": "b",
            "log": fresh_log(rng, game, 2),
            "seats": ["bot:random"] * rng.below(6),
        },
        {"op": "catalog", "game": junk(rng)},
        {"op": "bench", "game": game, "games": junk(rng), "players": junk(rng)},
        {"op": "bench", "game": junk(rng), "games": 1},
        {"op": "tutorial", "sandbox": "a", "game": junk(rng), "name": junk(rng)},
        {"op": "coach", "sandbox": rng.choice(SANDBOXES), "do": junk(rng)},
        {"op": "review", "sandbox": rng.choice(SANDBOXES), "do": junk(rng), "at": junk(rng)},
        {
            "op": "open",
            "sandbox": "c",
            "log": fresh_log(rng, game, 2),
            "seats": ["human"] * 2,
            "coach": junk(rng),
        },
        {"op": "open", "sandbox": "a", "log": {**fresh_log(rng, game, 2), "redeal": junk(rng)}},
    ]
    return rng.choice(shapes)


def snapshot() -> dict[str, tuple[str, str | None, list[str], Any, bool]]:
    return {
        key: (
            canonical(session.state),
            str(session.viewer),
            list(session.seats),
            session.coach.saved() if session.coach else None,
            session.review is not None,
        )
        for key, session in bridge._sessions.items()
    }


SEAT_KINDS = {"human", *(f"bot:{key}" for key in LEVELS)}


@dataclass
class Known:
    """One sandbox as the test knows it: the game it opened, replayed on the host with the moves
    accepted since; the seats it set; and what the last frame it was shown said comes next."""

    state: State
    seats: list[str]
    next: str
    can_undo: bool
    coach: dict[str, Any] | None = None
    """The coach's part of the last frame, in a tutorial."""
    reviewing: bool = False


def check_answer(
    request: Any, answer: dict[str, Any], before: dict[str, Any], known: dict[str, Known]
) -> None:
    assert isinstance(answer, dict) and isinstance(answer.get("ok"), bool), answer
    assert not answer.get("bug"), f"{request!r} hit a bug"
    if answer["ok"]:
        check_accepted(request, answer, known)
        return
    assert isinstance(answer["error"], str) and not answer["error"].isascii(), answer
    assert snapshot() == before, f"the refused {request!r} changed a game"


def check_accepted(request: Any, answer: dict[str, Any], known: dict[str, Known]) -> None:
    """An accepted request was one to accept, and did what it asked; `known` follows it."""
    assert isinstance(request, dict), f"{request!r} was accepted"
    op, sandbox = request.get("op"), request.get("sandbox")
    if op == "catalog":
        assert request.get("game") in games() and answer["game"]["id"] == request["game"], request
        return
    if op == "bench":
        assert request.get("game") in games() and type(request.get("games")) is int, request
        return
    assert isinstance(sandbox, str) and sandbox, f"{request!r} was accepted without a sandbox"
    if op == "close":
        known.pop(sandbox, None)
        return
    if op == "open":
        known[sandbox] = opened(request, answer)
        return
    if op == "tutorial":
        game = games().get(request.get("game"))  # type: ignore[arg-type]
        assert game and request.get("name") in game.tutorials, f"the tutorial {request!r} was opened"
        known[sandbox] = shown(answer)
        return
    was = known.get(sandbox)
    assert was is not None, f"{request!r} was accepted for a sandbox with no game"
    if op == "export":
        assert answer["log"] == engine.to_log(was.state, scenario=answer["log"]["scenario"]), request
        return
    if op in ("hint", "review", "coach"):
        check_advice(request, answer, was, known)
        return
    moves = answer["save"]["log"]["actions"]
    state = was.state
    if op == "act":
        assert was.next == "human", f"a move was accepted while the screen showed {was.next!r}"
        assert not was.coach or was.coach["waiting"] == "move", "a move the coach's step does not take"
        assert request["action"] in state.legal_actions(), f"the illegal {request['action']!r} was accepted"
        state = state.clone()
        state.apply(request["action"])
    elif op == "step":
        assert was.next == "bot", f"a bot step was accepted while the screen showed {was.next!r}"
        assert moves[:-1] == state.history and moves[-1] in state.legal_actions(), "the bot's step"
        state = state.clone()
        state.apply(moves[-1])
    elif op == "undo":
        assert was.can_undo, "an undo was accepted where the screen offered none"
        humans = [i for i, entry in enumerate(state.journal) if was.seats[entry.seat] == "human"]
        assert humans, "an undo was accepted with no human move to take back"
        state = engine.load_log(engine.to_log(state, upto=humans[-1]))
    elif op == "reveal":
        assert was.next == "handover", f"a hand-over was accepted while the screen showed {was.next!r}"
    elif op == "seats":
        assert valid_seats(request.get("seats"), state.players), f"the seats {request.get('seats')!r}"
        was.seats = list(request["seats"])
    else:
        raise AssertionError(f"{request!r} was accepted")
    assert moves == state.history, f"{op} left the moves {moves}, not {state.history}"
    was.state, was.next, was.can_undo, was.coach = state, answer["next"], answer["can_undo"], answer["coach"]
    was.reviewing = False


def check_advice(
    request: dict[str, Any], answer: dict[str, Any], was: Known, known: dict[str, Known]
) -> None:
    """A hint, a review request or a coach's command was accepted: it was one to accept."""
    op, sandbox = request["op"], request["sandbox"]
    if op == "hint":
        assert was.next == "human" and (not was.coach or was.coach["waiting"] == "move"), "a hint off turn"
        assert {item["action"] for item in answer["hint"]["actions"]} <= set(was.state.legal_actions())
        return
    if op == "coach":
        command, coach = request.get("do"), was.coach
        assert coach is not None, "a coach's command was accepted outside a tutorial"
        waits = {"next": "read", "continue": "done"}.get(command)  # type: ignore[arg-type]
        assert waits is None or coach["waiting"] == waits, f"{command!r} while the step waited for {coach}"
        assert command in ("next", "back", "restart", "continue"), f"the command {command!r}"
        moves = answer["save"]["log"]["actions"]
        assert moves == was.state.history[: len(moves)], f"{command!r} changed the moves already played"
        known[sandbox] = shown(answer)
        return
    command = request.get("do")
    if command == "open":
        assert was.state.is_over() and "human" in was.seats, "a review of a game not over, or of bots"
        was.reviewing = True
        return
    assert was.reviewing, f"the review's {command!r} was accepted with no review open"
    at = request.get("at")
    if command == "show":
        assert type(at) is int and 0 <= at <= len(was.state.history), f"a position {at!r} was shown"
    elif command == "replay":
        assert type(at) is int and 0 <= at < len(was.state.history), f"a replay from {at!r}"
        known[sandbox] = shown(answer)
        assert answer["save"]["log"]["actions"] == was.state.history[:at]
    else:
        assert command == "weigh", f"the review's {command!r} was accepted"


def shown(answer: dict[str, Any]) -> Known:
    """The game a frame shows, from its save (the test trusts the log it checked elsewhere)."""
    state = engine.load_log(answer["save"]["log"])
    return Known(state, list(answer["seats"]), answer["next"], answer["can_undo"], answer["coach"])


def opened(request: dict[str, Any], answer: dict[str, Any]) -> Known:
    """The game an accepted open started: its log was valid, and its seed was one it may hold."""
    log, seats = request.get("log"), request.get("seats")
    assert isinstance(log, dict), f"an open of {log!r} was accepted"
    seed = log.get("seed")
    assert seed is None or (type(seed) is int and 0 <= seed < 2**63), f"a log with seed {seed!r} was accepted"
    saved = answer["save"]["log"]
    assert seed is None or saved["seed"] == seed, f"the log's seed {seed} became {saved['seed']}"
    assert saved == engine.to_log(
        engine.load_log({**log, "seed": saved["seed"]}), scenario=log.get("scenario")
    )
    state = engine.load_log(saved)
    assert valid_seats(seats, state.players), f"the seats {seats!r} were accepted"
    assert request.get("coach") is None, f"an open with the coach {request.get('coach')!r} was accepted"
    return Known(state, list(seats), answer["next"], answer["can_undo"])


def valid_seats(seats: object, players: int) -> bool:
    return isinstance(seats, list) and len(seats) == players and all(seat in SEAT_KINDS for seat in seats)


@pytest.fixture(autouse=True)
def no_sessions() -> None:
    bridge._sessions.clear()


def test_fuzzed_requests_get_answers_and_refusals_change_nothing() -> None:
    rng = Rng(20261122)
    known: dict[str, Known] = {}
    accepted: dict[str, int] = {}
    for _ in range(REQUESTS):
        request = real_request(rng) if rng.below(3) else malformed_request(rng)
        if isinstance(request, dict) and request.get("op") == "bench":
            request = {**request, "games": 1} if type(request.get("games")) is int else request
        before = snapshot()
        if rng.below(2):
            answer = bridge.handle(request)
        else:
            text = json.dumps(request) if rng.below(8) else json.dumps(request)[: rng.below(20)]
            answer = json.loads(bridge.handle_json(text))
            request = received(text)
        check_answer(request, answer, before, known)
        if answer["ok"]:
            accepted[request["op"]] = accepted.get(request["op"], 0) + 1
    every = {
        "open",
        "act",
        "step",
        "undo",
        "reveal",
        "seats",
        "export",
        "close",
        "tutorial",
        "coach",
        "review",
    }
    assert set(accepted) >= every, accepted


def received(text: str) -> Any:
    """The request the bridge was given as JSON text (a text cut short reads as none)."""
    try:
        return json.loads(text)
    except ValueError:
        return None


@pytest.mark.parametrize(
    "request_",
    [
        {"op": []},
        {"op": {}},
        {"op": "bench", "games": "x"},
        {"op": "bench", "game": "necropolis", "games": "x"},
    ],
    ids=["op-list", "op-dict", "bench-no-game", "bench-games-text"],
)
def test_the_reported_malformed_requests_are_refused_in_japanese(request_: dict[str, Any]) -> None:
    answer = bridge.handle(request_)
    assert answer["ok"] is False and not answer["error"].isascii()


def test_a_share_link_with_empty_seats_is_refused_and_the_game_stays() -> None:
    log = {"game": "necropolis", "players": 2, "seed": 1, "options": {}, "actions": []}
    bridge.handle({"op": "open", "sandbox": "a", "log": log, "seats": ["human", "bot:random"]})
    before = snapshot()
    answer = bridge.handle({"op": "open", "sandbox": "a", "log": log, "seats": [{}, {}]})
    assert answer["ok"] is False and "席" in answer["error"] and snapshot() == before


def test_an_unexpected_exception_is_logged_and_the_game_is_kept(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    log = {"game": "necropolis", "players": 2, "seed": 1, "options": {}, "actions": []}
    bridge.handle({"op": "open", "sandbox": "a", "log": log, "seats": ["human", "bot:random"]})
    before = snapshot()
    session = bridge._sessions["a"]

    def broken(state: Any, _action: str) -> Any:
        state.history.append("half-done")
        raise KeyError("a bug")

    monkeypatch.setattr(type(session.state), "_apply", broken)
    answer = bridge.handle({"op": "act", "sandbox": "a", "action": "draw"})
    assert answer["ok"] is False and answer["bug"] and not answer["error"].isascii()
    assert "KeyError" in capsys.readouterr().err
    monkeypatch.undo()
    assert snapshot() == before
    assert bridge.handle({"op": "act", "sandbox": "a", "action": "draw"})["ok"] is True
