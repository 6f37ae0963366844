"""The one entry point the browser's worker calls: a JSON request in, a JSON response out.

Requests are {"op": ..., "sandbox": id, ...}; every refusal comes back as
{"ok": false, "error": "<日本語>"} and leaves the sandbox's game exactly as it was.
"""

from __future__ import annotations

import json
import os
from typing import Any

from engine.benchmark import play_games
from engine.errors import EngineError
from engine.registry import Game, games
from engine.session import HUMAN, Session

_sessions: dict[str, Session] = {}


def handle_json(request_json: str) -> str:
    try:
        request = json.loads(request_json)
    except ValueError:
        return json.dumps({"ok": False, "error": "要求の形式が正しくありません。"})
    return json.dumps(handle(request), ensure_ascii=False)


def handle(request: object) -> dict[str, Any]:
    if not isinstance(request, dict) or request.get("op") not in _OPS:
        return {"ok": False, "error": "知らない要求です。"}
    try:
        return _OPS[request["op"]](request)
    except EngineError as error:
        return {"ok": False, "error": error.message}


def _catalog(_request: dict[str, Any]) -> dict[str, Any]:
    return {"ok": True, "games": [_catalog_entry(game) for game in games().values()]}


def _catalog_entry(game: Game) -> dict[str, Any]:
    info = game.state_class.info
    return {
        "id": game.id,
        "name": info.name,
        "players": list(info.players),
        "seat_names": [info.seat_name(seat) for seat in range(max(info.players))],
        "seat_kinds": [{"id": HUMAN, "name": "人間"}]
        + [{"id": f"bot:{key}", "name": name} for key, (name, _) in game.bots.items()],
        "default_seats": [HUMAN] + ["bot:heuristic"] * (info.players[0] - 1),
    }


def _open(request: dict[str, Any]) -> dict[str, Any]:
    log = request.get("log")
    if isinstance(log, dict) and log.get("seed") is None:
        log = {**log, "seed": int.from_bytes(os.urandom(4), "big") % 1_000_000}
    session = Session(log, request.get("seats"))
    _sessions[str(request.get("sandbox"))] = session
    return session.frame()


def _session(request: dict[str, Any]) -> Session:
    session = _sessions.get(str(request.get("sandbox")))
    if session is None:
        raise EngineError("このサンドボックスではまだゲームが始まっていません。")
    return session


def _command(name: str):  # noqa: ANN202  (a small factory of handlers)
    def run(request: dict[str, Any]) -> dict[str, Any]:
        session = _session(request)
        if name == "act":
            session.act(request.get("action"))
        else:
            getattr(session, name)()
        return session.frame()

    return run


def _close(request: dict[str, Any]) -> dict[str, Any]:
    _sessions.pop(str(request.get("sandbox")), None)
    return {"ok": True}


def _bench(request: dict[str, Any]) -> dict[str, Any]:
    players = request.get("players")
    report = play_games(
        str(request.get("game")), int(request.get("games", 50)), players=int(players) if players else None
    )
    return {"ok": True, **report}


_OPS = {
    "catalog": _catalog,
    "open": _open,
    "act": _command("act"),
    "step": _command("step"),
    "undo": _command("undo"),
    "reveal": _command("reveal"),
    "close": _close,
    "bench": _bench,
}
