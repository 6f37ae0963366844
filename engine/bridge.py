"""The one entry point the browser's worker calls: a JSON request in, a JSON response out.

Requests are {"op": ..., "sandbox": id, ...}. Every request, however malformed, gets an answer:
a refusal is {"ok": false, "error": "<日本語>"} (with "rule", the anchor of the rule on the page,
when a move was illegal) and leaves every sandbox's game exactly as it was. An unexpected
exception is a bug: its traceback goes to stderr (the browser's console) for developers, and the
reader gets a Japanese message and a sandbox that still works.
"""

from __future__ import annotations

import json
import os
import traceback
from collections.abc import Callable
from typing import Any

from engine.benchmark import play_games, play_match
from engine.bots.levels import LEVELS
from engine.errors import BadOption, EngineError, IllegalAction
from engine.game import Game
from engine.registry import find_game
from engine.session import BOT_PREFIX, HUMAN, Session
from engine.table import TableSession

Reply = dict[str, Any]
BUG = "エンジンで予期しないエラーが起きました。この手は取り消されました。「新しいゲーム」で続けられます。"
MAX_BENCH_GAMES = 100_000

_sessions: dict[str, Session] = {}


def handle_json(request_json: str) -> str:
    try:
        request = json.loads(request_json)
    except (TypeError, ValueError, RecursionError):
        return json.dumps({"ok": False, "error": "要求の形式が正しくありません。"}, ensure_ascii=False)
    return json.dumps(handle(request), ensure_ascii=False)


def handle(request: object) -> Reply:
    if not isinstance(request, dict):
        return {"ok": False, "error": "要求の形式が正しくありません。"}
    op = request.get("op")
    handler = _OPS.get(op) if isinstance(op, str) else None
    if handler is None:
        return {"ok": False, "error": "知らない要求です。"}
    try:
        return handler(request)
    except IllegalAction as error:
        return {"ok": False, "error": error.message, "rule": error.rule}
    except EngineError as error:
        return {"ok": False, "error": error.message}
    except Exception:
        traceback.print_exc()
        return {"ok": False, "error": BUG, "bug": True}


# --- requests ------------------------------------------------------------------------------------


def _catalog(request: dict[str, Any]) -> Reply:
    """What the shell needs to offer a game: seats, seat kinds, player counts and options."""
    game = find_game(request.get("game"))
    return {"ok": True, "game": _catalog_entry(game)}


def _catalog_entry(game: Game) -> Reply:
    info = game.info
    most = max(info.players)
    return {
        "id": game.id,
        "name": info.name,
        "players": list(info.players),
        "seat_names": [info.seat_name(seat) for seat in range(most)],
        "seat_kinds": [{"id": HUMAN, "name": "人間"}]
        + [{"id": BOT_PREFIX + key, "name": level.name} for key, level in LEVELS.items()],
        "default_seats": {str(players): game.default_seats(players) for players in info.players},
        "tutorials": [
            {"name": name, "title": tutorial.title, "players": tutorial.build().players}
            for name, tutorial in game.tutorials.items()
        ],
        "options": [
            {
                "key": option.key,
                "label": option.label,
                "default": option.default,
                "choices": [{"value": value, "label": label} for value, label in option.choices],
            }
            for option in info.options
        ],
    }


def _open(request: dict[str, Any]) -> Reply:
    log = request.get("log")
    if isinstance(log, dict) and log.get("seed") is None:
        log = {**log, "seed": _fresh_seed()}
    if "table" in request:  # みんなのスマホで遊ぶ: {"host": the host's seat or None}
        table = request.get("table")
        host = table.get("host") if isinstance(table, dict) else "?"
        session: Session = TableSession(log, request.get("seats"), host)
    else:
        session = Session(log, request.get("seats"), request.get("coach"))
    _sessions[_sandbox_id(request)] = session
    return session.frame()


def _tutorial(request: dict[str, Any]) -> Reply:
    """Open a tutorial of the game from its first step."""
    session = Session.tutorial(request.get("game"), request.get("name"))
    _sessions[_sandbox_id(request)] = session
    return session.frame()


def _fresh_seed() -> int:
    """A seed for a game nobody has seen: a new game, a replay redealt, a game after a tutorial."""
    return int.from_bytes(os.urandom(4), "big") % 1_000_000


def _session(request: dict[str, Any]) -> Session:
    session = _sessions.get(_sandbox_id(request))
    if session is None:
        raise EngineError("このサンドボックスではまだゲームが始まっていません。")
    return session


def _sandbox_id(request: dict[str, Any]) -> str:
    sandbox = request.get("sandbox")
    if not isinstance(sandbox, str) or not sandbox:
        raise EngineError("サンドボックスの指定が正しくありません。")
    return sandbox


def _command(run: Callable[[Session, dict[str, Any]], None]) -> Callable[[dict[str, Any]], Reply]:
    def handler(request: dict[str, Any]) -> Reply:
        session = _session(request)
        run(session, request)
        return session.frame()

    return handler


def _table(request: dict[str, Any]) -> TableSession:
    session = _session(request)
    if not isinstance(session, TableSession):
        raise EngineError("このサンドボックスは、みんなのスマホで遊ぶゲームではありません。")
    return session


def _guest_act(request: dict[str, Any]) -> Reply:
    """A guest's click, for the seat the host's shell bound to the guest's connection."""
    session = _table(request)
    session.act(request.get("action"), request.get("seat"))
    return session.frame()


def _table_again(request: dict[str, Any]) -> Reply:
    """もう1局 on the same phones: the sandbox holds the next game; `table.moved` says where each
    seat's player sits now."""
    session, moved = _table(request).next_game(_fresh_seed())
    _sessions[_sandbox_id(request)] = session
    frame = session.frame()
    frame["table"]["moved"] = moved
    return frame


def _export(request: dict[str, Any]) -> Reply:
    return {"ok": True, **_session(request).export()}


def _close(request: dict[str, Any]) -> Reply:
    _sessions.pop(_sandbox_id(request), None)
    return {"ok": True}


def _review(request: dict[str, Any]) -> Reply:
    """振り返り: "open" (optionally a "seat"), "show" a position ("at"), "weigh" the next decision,
    "replay" from a position ("at", "as_seen"): the sandbox then holds that new game."""
    session, command = _session(request), request.get("do")
    if command == "open":
        return {"ok": True, "review": session.open_review(request.get("seat"))}
    if command == "show":
        return {"ok": True, "review": session.reviewing().show(request.get("at"))}
    if command == "weigh":
        return {"ok": True, "review": session.reviewing().weigh_next()}
    if command == "replay":
        replayed = session.replayed(
            request.get("at"), as_seen=request.get("as_seen") is True, seed=_fresh_seed()
        )
        _sessions[_sandbox_id(request)] = replayed
        return replayed.frame()
    raise BadOption("振り返りの操作が正しくありません。")


def _bench(request: dict[str, Any]) -> Reply:
    game = find_game(request.get("game"))
    count, players = request.get("games", 50), request.get("players")
    if type(count) is not int or not 1 <= count <= MAX_BENCH_GAMES:
        raise BadOption(f"対局数は1〜{MAX_BENCH_GAMES}の整数で指定してください。")
    if players is not None and (type(players) is not int or players not in game.info.players):
        raise BadOption(f"人数は{'・'.join(map(str, game.info.players))}のどれかで指定してください。")
    if "lead" not in request:
        return {"ok": True, **play_games(game.id, count, players=players)}
    lead, field = request.get("lead"), request.get("field")
    if lead not in LEVELS or field not in LEVELS:
        raise BadOption(f"ボットは{'・'.join(LEVELS)}のどれかで指定してください。")
    table = players or game.info.players[0]
    return {"ok": True, **play_match(game.id, table, lead, field, range(count))}


_OPS: dict[str, Callable[[dict[str, Any]], Reply]] = {
    "catalog": _catalog,
    "open": _open,
    "act": _command(lambda session, request: session.act(request.get("action"))),
    "step": _command(lambda session, _: session.step()),
    "undo": _command(lambda session, _: session.undo()),
    "reveal": _command(lambda session, _: session.reveal()),
    "seats": _command(lambda session, request: session.reseat(request.get("seats"))),
    "tutorial": _tutorial,
    "hint": lambda request: {"ok": True, "hint": _session(request).hint()},
    "review": _review,
    "coach": _command(lambda session, request: session.coach_command(request.get("do"), seed=_fresh_seed())),
    "guest_act": _guest_act,
    "guest_hint": lambda request: {"ok": True, "hint": _table(request).hint(request.get("seat"))},
    "table_again": _table_again,
    "export": _export,
    "close": _close,
    "bench": _bench,
}
