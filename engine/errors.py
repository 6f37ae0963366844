"""Errors the engine raises: every one is a ValueError carrying a Japanese message for the reader."""

from __future__ import annotations


class EngineError(ValueError):
    """Base of every refusal: `message` is the Japanese text shown to the reader."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class IllegalAction(EngineError):
    """An action that the rules forbid now; `rule` is the anchor of the rule it breaks on the page."""

    def __init__(self, message: str, *, action: object, seat: int | None, rule: str = "") -> None:
        super().__init__(message)
        self.action = action
        self.seat = seat
        self.rule = rule


class BadOption(EngineError):
    """An unknown game, a wrong player count or an unknown option."""


class BadLog(EngineError):
    """A saved game or share link that cannot be loaded; `index` is the first bad action (0-based)."""

    def __init__(self, message: str, *, index: int | None = None) -> None:
        super().__init__(message)
        self.index = index
