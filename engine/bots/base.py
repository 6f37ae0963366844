"""What every bot is: a chooser over one seat's view."""

from __future__ import annotations

from typing import Any, Protocol

from engine.rng import Rng


class Bot(Protocol):
    def choose(self, view: dict[str, Any], rng: Rng) -> str:
        """Pick one of `view["legal_actions"]`, knowing only what the view shows."""
        ...
