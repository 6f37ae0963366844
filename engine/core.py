"""The contract every game keeps: a state with legal actions and apply.

A game subclasses `State` and writes the hooks (`_legal_actions`, `_apply`, `_refusal`, ...);
the public calls live here, so "an illegal action changes nothing" holds for every game by
construction: `apply` checks the action against `legal_actions()` before the game's `_apply`.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import Any, ClassVar

from engine.errors import BadOption, IllegalAction

JSON = dict[str, Any]


@dataclass(frozen=True)
class GameInfo:
    """What a game is, before any state exists: id, Japanese name, seat counts, options."""

    id: str
    name: str
    players: tuple[int, ...]
    options: dict[str, Any] = field(default_factory=dict)
    seat_names: tuple[str, ...] = ()

    def seat_name(self, seat: int) -> str:
        """What the rules call a seat (先手, 後手), or プレイヤーN where they name none."""
        return self.seat_names[seat] if seat < len(self.seat_names) else f"プレイヤー{seat + 1}"


@dataclass(frozen=True)
class LogEntry:
    """One move-log line as each seat sees it: the actor may read more than the others."""

    seat: int
    public: str
    private: str | None = None

    def text_for(self, viewer: int | None) -> str:
        return self.private if viewer == self.seat and self.private else self.public


class State(ABC):
    """A game in progress. Subclasses set `info` and write the `_`-prefixed hooks."""

    info: ClassVar[GameInfo]

    def __init__(self, players: int, seed: int, options: JSON | None = None) -> None:
        if players not in self.info.players:
            counts = "・".join(str(n) for n in self.info.players)
            raise BadOption(f"{self.info.name}は{counts}人で遊ぶゲームです（{players}人は選べません）。")
        self.players = players
        self.seed = seed
        self.options = self._check_options(options or {})
        self.history: list[str] = []
        self.journal: list[LogEntry] = []

    # --- the public contract -------------------------------------------------------------

    @property
    @abstractmethod
    def current_player(self) -> int | None:
        """Seat that must act now; None once the game is over."""

    def legal_actions(self) -> list[str]:
        """Every action the current player may take, sorted; empty once the game is over."""
        return [] if self.is_over() else sorted(self._legal_actions())

    def apply(self, action: str) -> None:
        """Play one action, or raise IllegalAction and change nothing."""
        seat = self.current_player
        if not isinstance(action, str):
            raise IllegalAction("手の形式が正しくありません。", action=action, seat=seat)
        if self.is_over():
            raise IllegalAction("ゲームはもう終わっています。", action=action, seat=seat)
        if action not in self.legal_actions():
            message, rule = self._refusal(action)
            raise IllegalAction(message, action=action, seat=seat, rule=rule)
        entry = self._apply(action)
        self.history.append(action)
        self.journal.append(entry)

    @abstractmethod
    def is_over(self) -> bool: ...

    @abstractmethod
    def scores(self) -> list[int]: ...

    @abstractmethod
    def winners(self) -> list[int]: ...

    @abstractmethod
    def view(self, seat: int | None) -> JSON:
        """Exactly what `seat` may know (None: a spectator), built fresh from an allow-list."""

    @abstractmethod
    def describe(self, action: str) -> str:
        """Japanese text of what `action` would do, for the current player's buttons."""

    def log_lines(self, viewer: int | None) -> list[str]:
        """The move log as `viewer` may read it."""
        return [entry.text_for(viewer) for entry in self.journal]

    def seat_name(self, seat: int) -> str:
        return self.info.seat_name(seat)

    # --- hooks for games -----------------------------------------------------------------

    @abstractmethod
    def _legal_actions(self) -> list[str]: ...

    @abstractmethod
    def _apply(self, action: str) -> LogEntry:
        """Change the state for a legal action and return its log line."""

    @abstractmethod
    def _refusal(self, action: str) -> tuple[str, str]:
        """Why `action` is illegal now: (Japanese message naming the rule, rule anchor)."""

    def _check_options(self, options: JSON) -> JSON:
        unknown = sorted(set(options) - set(self.info.options))
        if unknown:
            raise BadOption(f"{self.info.name}に「{unknown[0]}」という設定はありません。")
        return {**self.info.options, **options}
