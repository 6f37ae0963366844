"""The weakest opponent: any legal action, uniformly."""

from __future__ import annotations

from typing import Any

from engine.rng import Rng


class RandomBot:
    def choose(self, view: dict[str, Any], rng: Rng) -> str:
        return rng.choice(view["legal_actions"])
