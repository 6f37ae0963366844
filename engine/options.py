"""Options that more than one game offers, written once.

>>> START_PLAYER.check(None), START_PLAYER.check(2)
(None, 2)
>>> start_player({"start_player": 1}, 3, Rng(0))
1
"""

from __future__ import annotations

from typing import Any

from engine.core import Option
from engine.errors import BadOption
from engine.rng import Rng

START_PLAYER = Option(
    key="start_player",
    label="スタートプレイヤー",
    choices=((None, "ランダム"), *((seat, f"プレイヤー{seat + 1}") for seat in range(4))),
    default=None,
)
"""Who starts, for games whose original leaves it to the table: at random, or a chosen seat (so
that a reader may start against the bots)."""


def start_player(options: dict[str, Any], players: int, rng: Rng) -> int:
    """The seat chosen by `START_PLAYER`, or one drawn with `rng` (only when none is chosen, so a
    chosen start draws nothing and leaves the rest of the deal as it was)."""
    chosen = options["start_player"]
    if chosen is None:
        return rng.below(players)
    if not 0 <= chosen < players:
        raise BadOption(f"スタートプレイヤーには1〜{players}人目の席を選んでください。")
    return chosen
