"""Saved games and share links: a replay log is {version, game, players, seed, options, actions,
scenario, redeal}.

Loading replays every action on a fresh state and reports the first bad one; the caller gets
a complete state or an error, never a half-loaded game. `redeal` (optional) is a game played on
from a reviewed position as one seat saw it: after the first `at` actions, everything hidden from
`seat` is drawn afresh from `seed` (`redealt`), and the rest of the actions follow.
"""

from __future__ import annotations

from typing import Any

from engine.core import State
from engine.errors import BadLog, EngineError
from engine.registry import find_game
from engine.rng import Rng

Redeal = dict[str, int]
"""{"at": actions before it, "seat": whose knowledge is kept, "seed": of the fresh draw}."""

LOG_VERSION = 1
"""The replay-log format; a log without a version predates versioning and is format 1."""
LOG_KEYS = {"version", "game", "players", "seed", "options", "actions", "scenario", "redeal"}


def new_game(
    game_id: str,
    players: int,
    seed: int,
    options: dict[str, Any] | None = None,
    *,
    scenario: str | None = None,
) -> State:
    """Start a game, or open a named worked example or tutorial of it at its start.

    >>> new_game("necropolis", players=2, seed=7).current_player
    0
    """
    game = find_game(game_id)
    if scenario is None:
        return game.state_class(players, seed, options)
    start = game.start(scenario)
    if start is None:
        raise BadLog(f"「{scenario}」という例はありません。")
    return start


def to_log(
    state: State, *, scenario: str | None = None, upto: int | None = None, redeal: Redeal | None = None
) -> dict[str, Any]:
    """The replay log of a state (optionally of its first `upto` actions after the setup; a
    redeal is kept only if those reach it)."""
    actions = list(state.history[:upto])
    log = {
        "version": LOG_VERSION,
        "game": state.info.id,
        "players": state.players,
        "seed": state.seed,
        "options": dict(state.options),
        "scenario": scenario,
        "actions": actions,
    }
    if redeal is not None and redeal["at"] <= len(actions):
        log["redeal"] = dict(redeal)
    return log


def redealt(state: State, redeal: Redeal) -> State:
    """The position as `redeal["seat"]` knew it, everything hidden from that seat drawn afresh from
    `redeal["seed"]`; it keeps the actions and the seed it arose from, so its log (with the redeal)
    rebuilds it, and it plays on like any state."""
    twin = state.resample_hidden(redeal["seat"], Rng(redeal["seed"]))
    twin.history, twin.seed = list(state.history), state.seed
    return twin


def load_log(log: object) -> State:
    """Rebuild the state a log describes, validating everything first."""
    data = _check_shape(log)
    try:
        state = new_game(
            data["game"], data["players"], data["seed"], data["options"], scenario=data.get("scenario")
        )
    except EngineError as error:
        raise BadLog(f"保存されたゲームを開けません: {error.message}") from error
    redeal = data.get("redeal")
    for index, action in enumerate(data["actions"]):
        if redeal and index == redeal["at"]:
            state = redealt(state, redeal)
        try:
            state.apply(action)
        except EngineError as error:
            raise BadLog(f"{index + 1}手目「{action}」が不正です: {error.message}", index=index) from error
    if redeal and redeal["at"] == len(data["actions"]):
        state = redealt(state, redeal)
    return state


def _check_shape(log: object) -> dict[str, Any]:
    if not isinstance(log, dict):
        raise BadLog("保存されたゲームの形式が正しくありません。")
    version = log.get("version", LOG_VERSION)
    if type(version) is not int or version != LOG_VERSION:
        raise BadLog("この保存データは別の版のサイトで作られたため開けません。新しいゲームを始めてください。")
    unknown = set(log) - LOG_KEYS
    if unknown:
        raise BadLog(f"保存されたゲームに知らない項目「{sorted(map(str, unknown))[0]}」があります。")
    checks = {
        "game": lambda v: isinstance(v, str),
        "players": lambda v: isinstance(v, int) and not isinstance(v, bool),
        "seed": lambda v: isinstance(v, int) and not isinstance(v, bool) and 0 <= v < 2**63,
        "options": lambda v: isinstance(v, dict),
        "actions": lambda v: isinstance(v, list) and all(isinstance(a, str) for a in v),
    }
    for key, ok in checks.items():
        if key not in log or not ok(log[key]):
            raise BadLog(f"保存されたゲームの「{key}」が正しくありません。")
    scenario = log.get("scenario")
    if scenario is not None and not isinstance(scenario, str):
        raise BadLog("保存されたゲームの「scenario」が正しくありません。")
    if "redeal" in log and not _is_redeal(log["redeal"], log):
        raise BadLog("保存されたゲームの「redeal」が正しくありません。")
    return log


def _is_redeal(redeal: object, log: dict[str, Any]) -> bool:
    if not isinstance(redeal, dict) or set(redeal) != {"at", "seat", "seed"}:
        return False
    if not all(type(value) is int for value in redeal.values()):
        return False
    return (
        0 <= redeal["at"] <= len(log["actions"])
        and 0 <= redeal["seat"] < log["players"]
        and 0 <= redeal["seed"] < 2**63
    )
